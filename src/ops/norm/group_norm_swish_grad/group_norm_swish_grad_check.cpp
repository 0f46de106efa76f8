#include "ops/norm/group_norm_swish_grad/group_norm_swish_grad_check.h"

#include <string>
#include <vector>

#include "base/check.h"
#include "base/meta_objects.h"
#include "ops/norm/group_norm_swish_family/group_norm_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNormSwishGrad";
constexpr int64_t kMaxChannelsPerGroup = 4000;  // the tiling's UB limit (norm-ops.md §1.5 rule 8)

// The nine tensors in declaration order: the order of the null, dtype and format checks.
std::vector<NamedTensor> AllTensors(const GroupNormSwishGradArgs &a) {
  return {{a.dy, "dy"},     {a.mean, "mean"}, {a.rstd, "rstd"},        {a.x, "x"},           {a.gamma, "gamma"},
          {a.beta, "beta"}, {a.dx, "dxOut"},  {a.dgamma, "dgammaOut"}, {a.dbeta, "dbetaOut"}};
}

// The OpDef support list: all nine FLOAT, all FLOAT16 or all BF16; formats that map to ND.
aclnnStatus CheckDTypesAndFormats(const OpCheck &check, const GroupNormSwishGradArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.dy, "dy", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  for (const NamedTensor &t : AllTensors(a)) ACLCPU_RETURN_IF_ERROR(check.SameDType(t.tensor, t.name, a.dy, "dy"));
  return CheckGroupNormFormats(check, AllTensors(a));
}

// The rules the device's tiling intends but whose failure it swallows (§1.5 "CPU recommendation").
aclnnStatus CheckShapes(const OpCheck &check, const GroupNormSwishGradArgs &a, GroupNormShape *shape) {
  const std::vector<int64_t> &dims = a.dy->viewDims;
  if (dims.size() < 2 || dims.size() > 8) {
    return check.Invalid("dy of rank 2 to 8", "rank " + std::to_string(dims.size()) + " " + ShapeOf(a.dy));
  }
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.x, "x", a.dy, "dy"));
  const int64_t n = dims[0], c = dims[1], g = a.numGroups;
  if (a.mean->viewDims.size() != 2) return check.Invalid("mean of rank 2 [N, numGroups]", ShapeOf(a.mean));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.rstd, "rstd", a.mean, "mean"));
  if (a.mean->viewDims != std::vector<int64_t>{n, g}) {
    return check.Invalid("mean of shape [N, numGroups] = " + ShapeString({n, g}), ShapeOf(a.mean));
  }
  ACLCPU_RETURN_IF_ERROR(CheckGroupRules(check, c, g, a.gamma, a.beta, ACLNN_ERR_PARAM_INVALID));
  if (c == 0) return check.Invalid("C / numGroups >= 1", "C = 0, numGroups = " + std::to_string(g));
  if (c / g > kMaxChannelsPerGroup) {
    return check.Invalid(
        "C / numGroups <= " + std::to_string(kMaxChannelsPerGroup),
        std::to_string(c / g) + " (C = " + std::to_string(c) + ", numGroups = " + std::to_string(g) + ")");
  }
  const int64_t hw = DimsProduct(dims, 2, dims.size());
  if (n == 0 || hw == 0) {
    return check.Invalid("N > 0 and HxW > 0 when an output is not empty", "dy " + ShapeOf(a.dy));
  }
  ACLCPU_RETURN_IF_ERROR(CheckElementCount(check, a.dx, "dxOut", Numel(*a.dy)));
  ACLCPU_RETURN_IF_ERROR(CheckElementCount(check, a.dgamma, "dgammaOut", c));
  ACLCPU_RETURN_IF_ERROR(CheckElementCount(check, a.dbeta, "dbetaOut", c));
  *shape = {n, c, hw, g};
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckGroupNormSwishGrad(const GroupNormSwishGradArgs &a, GroupNormShape *shape, bool *compute) {
  const OpCheck check(kOp);
  for (const NamedTensor &t : AllTensors(a)) ACLCPU_RETURN_IF_ERROR(check.NotNull(t.tensor, t.name));
  ACLCPU_RETURN_IF_ERROR(CheckDTypesAndFormats(check, a));
  // All outputs empty: success with nothing written (the device skips tiling and the kernel).
  *compute = !(IsEmpty(*a.dx) && IsEmpty(*a.dgamma) && IsEmpty(*a.dbeta));
  if (!*compute) return ACLNN_SUCCESS;
  return CheckShapes(check, a, shape);
}

aclnnStatus CheckGroupNormSwishGradStrict(const GroupNormSwishGradArgs &a) {
  const OpCheck check(kOp);
  return check.ViewsFitStorage(AllTensors(a));
}

}  // namespace aclcpu
