// aclnnGroupNormSilu: silu(GroupNorm(self)), statistics in self's dtype (docs/ops/group_norm.md §3): the
// GroupNormSwish kernel with swishScale 1 after this function's own checks.
#include <string>

#include "aclnnop/aclnn_group_norm_silu.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/norm/group_norm_swish_family/group_norm_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNormSilu";

struct Args {
  const aclTensor *self, *gamma, *beta;
  int64_t group;
  double eps;
  aclTensor *out, *mean, *rstd;
};

// The dtype rules of §3.4 step 3, then (docs/compat.md) the A2 rows of §3.3 for a null gamma or beta, which
// the device would materialise in self's dtype and then fail to tile against the other's.
aclnnStatus CheckDTypes(const OpCheck &check, const Args &a) {
  const std::initializer_list<aclDataType> floats = {ACL_FLOAT16, ACL_BF16, ACL_FLOAT};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", floats));
  if (a.gamma != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", floats));
  if (a.beta != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.beta, "beta", floats));
  if (a.gamma != nullptr && a.beta != nullptr) {
    ACLCPU_RETURN_IF_ERROR(check.SameDType(a.beta, "beta", a.gamma, "gamma"));
    if (a.gamma->dataType != a.self->dataType && a.gamma->dataType != ACL_FLOAT)
      return check.Invalid("gamma of self's dtype or FLOAT", DTypeName(a.gamma->dataType));
  }
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.out, "out", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.mean, "meanOut", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.rstd, "rstdOut", a.self, "self"));
  if (a.self->dataType == ACL_FLOAT) {
    if (a.gamma != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT}));
    if (a.beta != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.beta, "beta", {ACL_FLOAT}));
  }
  if ((a.gamma == nullptr) != (a.beta == nullptr)) {
    const aclTensor *given = a.gamma != nullptr ? a.gamma : a.beta;
    if (given->dataType != a.self->dataType)
      return check.Invalid(std::string(a.gamma != nullptr ? "gamma" : "beta") +
                               " of self's dtype when the other is null (it stands for self's dtype)",
                           DTypeName(given->dataType));
  }
  return ACLNN_SUCCESS;
}

// workspaceSize, executor -> null self, out, meanOut, rstdOut -> dtypes -> ranks 2..8, out/mean/rstd shapes,
// gamma/beta [C] -> group > 0, N > 0, C > 0, eps > 0, C % group -> empty self (mean 0, rstd NaN).
aclnnStatus GroupNormSilu(const Args &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.mean, "meanOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.rstd, "rstdOut"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  const std::vector<int64_t> &dims = a.self->viewDims;
  if (dims.size() < 2) return check.Invalid("self of rank >= 2", ShapeOf(a.self));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.out, "out", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.mean, "meanOut", {dims[0], a.group}, "[N, group]"));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.rstd, "rstdOut", {dims[0], a.group}, "[N, group]"));
  const int64_t n = dims[0], c = dims[1];
  if (a.gamma != nullptr) ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.gamma, "gamma", {c}, "[C]"));
  if (a.beta != nullptr) ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.beta, "beta", {c}, "[C]"));
  if (a.group <= 0) return check.Invalid("group > 0", std::to_string(a.group));
  if (n <= 0) return check.Invalid("N (self's dim 0) > 0", ShapeOf(a.self));
  if (c <= 0) return check.Invalid("C (self's dim 1) > 0", ShapeOf(a.self));
  if (!(a.eps > 0.0)) return check.Invalid("eps > 0", std::to_string(a.eps));
  if (c % a.group != 0)
    return check.Invalid("C divisible by group", "C = " + std::to_string(c) + ", group = " + std::to_string(a.group));
  GroupNormCall call = SelfOutCall(kOp, a.self, a.gamma, a.beta, a.out, a.mean, a.rstd,
                                   {n, c, DimsProduct(dims, 2, dims.size()), a.group}, a.eps);
  call.activateSwish = true;  // silu: swish with scale 1
  if (TraceWanted()) call.scalars = {{3, "group", TraceInt(a.group)}, {3, "eps", TraceFloat(a.eps)}};
  return LaunchGroupNorm(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGroupNormSiluGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma, const aclTensor *beta,
                                               int64_t group, double eps, aclTensor *out, aclTensor *meanOut,
                                               aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::Args args{self, gamma, beta, group, eps, out, meanOut, rstdOut};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::GroupNormSilu(args, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnGroupNormSilu, aclcpu::kOp)

}  // extern "C"
