#include "ops/conversion/replication_pad2d/replication_pad2d_check.h"

#include <string>

#include "base/check.h"
#include "base/meta_objects.h"
#include "ops/conversion/pad2d_family/pad2d_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReplicationPad2d";

// The A2 list: as ReflectionPad2d's but without BOOL (only the Ascend 950 adds it).
aclnnStatus CheckDTypes(const OpCheck &check, const ReplicationPad2dArgs &a) {
  const auto supported = {ACL_INT8, ACL_UINT8, ACL_INT16,  ACL_INT32,     ACL_INT64,     ACL_FLOAT16,
                          ACL_BF16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", supported));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.out, "out", supported));
  return check.SameDType(a.out, "out", a.self, "self");
}

aclnnStatus CheckShapes(const OpCheck &check, const ReplicationPad2dArgs &a) {
  ACLCPU_RETURN_IF_ERROR(CheckPadRank(check, a.self, "self"));
  const size_t rank = a.self->viewDims.size();
  if (a.out->viewDims.size() != rank) {
    return check.Invalid("out of the rank of self (" + std::to_string(rank) + ")",
                         "rank " + std::to_string(a.out->viewDims.size()) + " " + ShapeOf(a.out));
  }
  ACLCPU_RETURN_IF_ERROR(CheckPaddingLength(check, a.padding));
  std::vector<int64_t> padded;
  ACLCPU_RETURN_IF_ERROR(PaddedShape(check, a.self, a.padding->values, &padded));
  if (a.out->viewDims != padded) {
    return check.Invalid("out of shape " + ShapeString(padded) + " (self's, H and W padded)", ShapeOf(a.out));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckReplicationPad2d(const ReplicationPad2dArgs &a, bool *compute) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.padding, "padding"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.out, "out"));
  if (a.self->format != a.out->format) {
    return check.Invalid("out format equal to self format " + FormatName(a.self->format), FormatName(a.out->format));
  }
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a));
  return CheckPadEmpty(check, a.self, a.out, true, compute);
}

}  // namespace aclcpu
