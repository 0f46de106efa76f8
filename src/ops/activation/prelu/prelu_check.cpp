#include "ops/activation/prelu/prelu_check.h"

#include <string>

#include "base/check.h"
#include "base/meta_objects.h"
#include "ops/activation/prelu_family/prelu_weight_map.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnPrelu";
constexpr size_t kMaxDims = 8;

// The A2/A3 list (the emulated SoC, Ascend910B). self, weight and out may differ: the product is
// computed in their promotion, which always exists and always casts to out within this list.
aclnnStatus CheckDTypes(const OpCheck &check, const PreluArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.weight, "weight", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  return check.DTypeIn(a.out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
}

aclnnStatus CheckShapes(const OpCheck &check, const PreluArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.self, "self", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.weight, "weight", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.out, "out", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.out, "out", a.self, "self"));
  const int64_t weights = Numel(*a.weight), channels = PreluChannels(a.self->viewDims);
  if (weights != 1 && weights != channels) {
    return check.Invalid(
        "weight with 1 or C = " + std::to_string(channels) + " elements (C = self dim 1, or 1 below rank 2)",
        std::to_string(weights) + " elements " + ShapeOf(a.weight));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckPrelu(const PreluArgs &a, bool *compute) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.out, "out"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a));
  *compute = !IsEmpty(*a.self) && !IsEmpty(*a.weight);
  return ACLNN_SUCCESS;
}

aclnnStatus CheckPreluStrict(const PreluArgs &a) {
  const OpCheck check(kOp);
  return check.ViewsFitStorage({{a.self, "self"}, {a.weight, "weight"}, {a.out, "out"}});
}

}  // namespace aclcpu
