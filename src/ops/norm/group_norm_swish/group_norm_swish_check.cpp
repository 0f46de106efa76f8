#include "ops/norm/group_norm_swish/group_norm_swish_check.h"

#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "base/check.h"
#include "base/meta_objects.h"
#include "ops/norm/group_norm_swish_family/group_norm_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNormSwish";

// The six tensors in declaration order: the order of the null and format checks.
std::vector<NamedTensor> AllTensors(const GroupNormSwishArgs &a) {
  return {{a.x, "x"}, {a.gamma, "gamma"}, {a.beta, "beta"}, {a.y, "yOut"}, {a.mean, "meanOut"}, {a.rstd, "rstdOut"}};
}

// The OpDef support list of the A2 (§2.3): y = x's dtype, mean = rstd = beta = gamma's dtype, and
// gamma is x's dtype or FLOAT for 16-bit x.
aclnnStatus CheckDTypesAndFormats(const OpCheck &check, const GroupNormSwishArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.x, "x", {ACL_FLOAT16, ACL_FLOAT, ACL_BF16}));
  switch (a.x->dataType) {
    case ACL_FLOAT16: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT16, ACL_FLOAT})); break;
    case ACL_BF16: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_BF16, ACL_FLOAT})); break;
    default: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT})); break;
  }
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.beta, "beta", a.gamma, "gamma"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.y, "yOut", a.x, "x"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.mean, "meanOut", a.gamma, "gamma"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.rstd, "rstdOut", a.gamma, "gamma"));
  return CheckGroupNormFormats(check, AllTensors(a));
}

// §2.4 step 5: the tiling's rules, whose failure the device reports as 561002.
aclnnStatus CheckTiling(const OpCheck &check, const GroupNormSwishArgs &a) {
  const std::vector<int64_t> &dims = a.x->viewDims;
  if (dims.size() < 2) {
    (void)check.Invalid("x of rank >= 2", "rank " + std::to_string(dims.size()) + " " + ShapeOf(a.x));
    return ACLNN_ERR_INNER_TILING_ERROR;
  }
  return CheckGroupRules(check, dims[1], a.numGroups, a.gamma, a.beta, ACLNN_ERR_INNER_TILING_ERROR);
}

// The CPU's hardening rules where the device is undefined (§2.4 "CPU recommendation"): 161002.
aclnnStatus CheckShapes(const OpCheck &check, const GroupNormSwishArgs &a, GroupNormShape *shape) {
  const std::vector<int64_t> &dims = a.x->viewDims;
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.x, "x", kMaxRank));
  const int64_t n = dims[0], c = dims[1], g = a.numGroups, hw = DimsProduct(dims, 2, dims.size());
  // A negative dim (aclCreateTensor does not refuse one) fails here too, before N * numGroups is formed.
  if (n <= 0 || c <= 0 || hw <= 0) {
    return check.Invalid("N > 0, C > 0 and HxW > 0 when an output is not empty", "x " + ShapeOf(a.x));
  }
  int64_t statCount = 0;  // numGroups <= C here, but N * numGroups may still overflow for huge dims
  if (__builtin_mul_overflow(n, g, &statCount)) {
    return check.Invalid("N * numGroups within int64", "x " + ShapeOf(a.x) + ", numGroups = " + std::to_string(g));
  }
  ACLCPU_RETURN_IF_ERROR(CheckElementCount(check, a.y, "yOut", Numel(*a.x)));
  ACLCPU_RETURN_IF_ERROR(CheckElementCount(check, a.mean, "meanOut", statCount));
  ACLCPU_RETURN_IF_ERROR(CheckElementCount(check, a.rstd, "rstdOut", statCount));
  *shape = {n, c, hw, g};
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckGroupNormSwish(const GroupNormSwishArgs &a, GroupNormShape *shape, bool *compute) {
  const OpCheck check(kOp);
  for (const NamedTensor &t : AllTensors(a)) ACLCPU_RETURN_IF_ERROR(check.NotNull(t.tensor, t.name));
  ACLCPU_RETURN_IF_ERROR(CheckDTypesAndFormats(check, a));
  // All outputs empty: success with nothing written (the device skips tiling and the kernel).
  *compute = !(IsEmpty(*a.y) && IsEmpty(*a.mean) && IsEmpty(*a.rstd));
  if (!*compute) return ACLNN_SUCCESS;
  ACLCPU_RETURN_IF_ERROR(CheckTiling(check, a));
  return CheckShapes(check, a, shape);
}

aclnnStatus CheckGroupNormSwishStrict(const GroupNormSwishArgs &a) {
  const OpCheck check(kOp);
  return check.ViewsFitStorage(AllTensors(a));
}

}  // namespace aclcpu
