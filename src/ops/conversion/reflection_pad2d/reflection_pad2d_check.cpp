#include "ops/conversion/reflection_pad2d/reflection_pad2d_check.h"

#include <string>

#include "base/check.h"
#include "base/meta_objects.h"
#include "ops/conversion/pad2d_family/pad2d_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReflectionPad2d";

aclnnStatus CheckDTypes(const OpCheck &check, const ReflectionPad2dArgs &a) {
  const auto supported = {ACL_BOOL,    ACL_INT8, ACL_UINT8, ACL_INT16,  ACL_INT32,     ACL_INT64,
                          ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", supported));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.out, "out", supported));
  return check.SameDType(a.out, "out", a.self, "self");
}

aclnnStatus CheckShapes(const OpCheck &check, const ReflectionPad2dArgs &a, std::vector<int64_t> *padded) {
  ACLCPU_RETURN_IF_ERROR(CheckPadRank(check, a.self, "self"));
  const std::vector<int64_t> &in = a.self->viewDims, &out = a.out->viewDims;
  const size_t rank = in.size();
  if (out.size() != rank) {
    return check.Invalid("out of the rank of self (" + std::to_string(rank) + ")",
                         "rank " + std::to_string(out.size()) + " " + ShapeOf(a.out));
  }
  ACLCPU_RETURN_IF_ERROR(CheckPaddingLength(check, a.padding));
  const std::vector<int64_t> &pad = a.padding->values;
  ACLCPU_RETURN_IF_ERROR(CheckPadsBelowDims(check, a.self, pad));
  ACLCPU_RETURN_IF_ERROR(PaddedShape(check, a.self, pad, padded));
  if (out != *padded) {
    return check.Invalid("out of shape " + ShapeString(*padded) + " (self's, H and W padded)", ShapeOf(a.out));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckReflectionPad2d(const ReflectionPad2dArgs &a, bool *compute) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.padding, "padding"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.out, "out"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  if (a.self->format != a.out->format) {
    return check.Invalid("out format equal to self format " + FormatName(a.self->format), FormatName(a.out->format));
  }
  std::vector<int64_t> padded;
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a, &padded));
  return CheckPadEmpty(check, a.self, a.out, true, compute);
}

}  // namespace aclcpu
