// aclnnGroupNorm: GroupNorm over `group` channel groups, statistics in self's dtype (docs/ops/group_norm.md §1),
// on the GroupNormSwish kernel without the swish (as the device runs its GroupNormSilu kernel without SiLU).
#include <string>

#include "aclnnop/aclnn_group_norm.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/norm/group_norm_swish_family/group_norm_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNorm";

// IsPrivateFormat's list (common-rules.md §13) and the channels-last formats GroupNorm refuses.
bool PrivateOrChannelsLast(aclFormat f) {
  switch (f) {
    case ACL_FORMAT_NC1HWC0:
    case ACL_FORMAT_FRACTAL_Z:
    case ACL_FORMAT_NDC1HWC0:
    case ACL_FRACTAL_Z_3D:
    case ACL_FORMAT_FRACTAL_NZ:
    case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_FRACTAL_NZ_C0_16:
    case ACL_FORMAT_FRACTAL_NZ_C0_32:
    case ACL_FORMAT_FRACTAL_NZ_C0_2:
    case ACL_FORMAT_FRACTAL_NZ_C0_4:
    case ACL_FORMAT_FRACTAL_NZ_C0_8:
    case ACL_FORMAT_NHWC:
    case ACL_FORMAT_HWCN:
    case ACL_FORMAT_NDHWC: return true;
    default: return false;
  }
}

struct Args {
  const aclTensor *self, *gamma, *beta;
  int64_t n, c, hw, group;
  double eps;
  aclTensor *out, *mean, *rstd;
};

// workspaceSize, executor -> null self, out, meanOut, rstdOut -> dtypes (every tensor self's) -> group > 0,
// C % group, eps > 0 -> ranks 2..8, out/mean/rstd shapes, self against N, C, HxW, gamma/beta [C] -> formats ->
// empty self (mean 0, rstd NaN).
aclnnStatus GroupNorm(const Args &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.mean, "meanOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.rstd, "rstdOut"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", {ACL_FLOAT16, ACL_BF16, ACL_FLOAT}));
  if (a.gamma != nullptr) ACLCPU_RETURN_IF_ERROR(check.SameDType(a.gamma, "gamma", a.self, "self"));
  if (a.beta != nullptr) ACLCPU_RETURN_IF_ERROR(check.SameDType(a.beta, "beta", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.out, "out", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.mean, "meanOut", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.rstd, "rstdOut", a.self, "self"));
  if (a.group <= 0) return check.Invalid("group > 0", std::to_string(a.group));
  if (a.c % a.group != 0)
    return check.Invalid("C divisible by group", "C = " + std::to_string(a.c) + ", group = " + std::to_string(a.group));
  if (!(a.eps > 0.0)) return check.Invalid("eps > 0", std::to_string(a.eps));
  const std::vector<int64_t> &dims = a.self->viewDims;
  if (dims.size() < 2) return check.Invalid("self of rank >= 2", ShapeOf(a.self));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.out, "out", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.mean, "meanOut", {a.n, a.group}, "[N, group]"));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.rstd, "rstdOut", {a.n, a.group}, "[N, group]"));
  const int64_t hw = DimsProduct(dims, 2, dims.size());
  if (dims[0] != a.n) return check.Invalid("self's dim 0 equal to N = " + std::to_string(a.n), ShapeOf(a.self));
  if (dims[1] != a.c) return check.Invalid("self's dim 1 equal to C = " + std::to_string(a.c), ShapeOf(a.self));
  if (hw != a.hw) return check.Invalid("self's trailing dims of HxW = " + std::to_string(a.hw), ShapeOf(a.self));
  if (a.gamma != nullptr) ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.gamma, "gamma", {a.c}, "[C]"));
  if (a.beta != nullptr) ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.beta, "beta", {a.c}, "[C]"));
  if (a.self->format != a.out->format)
    return check.Invalid("self and out in the same format",
                         FormatName(a.self->format) + " and " + FormatName(a.out->format));
  if (PrivateOrChannelsLast(a.self->format))
    return check.Invalid("self in an ND-like format (ND, NCL, NCHW, NCDHW, ...)", FormatName(a.self->format));
  GroupNormCall call = SelfOutCall(kOp, a.self, a.gamma, a.beta, a.out, a.mean, a.rstd, {a.n, a.c, hw, a.group}, a.eps);
  if (TraceWanted()) {
    call.scalars = {{3, "N", TraceInt(a.n)},
                    {3, "C", TraceInt(a.c)},
                    {3, "HxW", TraceInt(a.hw)},
                    {3, "group", TraceInt(a.group)},
                    {3, "eps", TraceFloat(a.eps)}};
  }
  return LaunchGroupNorm(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGroupNormGetWorkspaceSize(const aclTensor *self, const aclTensor *gamma, const aclTensor *beta,
                                           int64_t N, int64_t C, int64_t HxW, int64_t group, double eps, aclTensor *out,
                                           aclTensor *meanOut, aclTensor *rstdOut, uint64_t *workspaceSize,
                                           aclOpExecutor **executor) {
  const aclcpu::Args args{self, gamma, beta, N, C, HxW, group, eps, out, meanOut, rstdOut};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::GroupNorm(args, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnGroupNorm, aclcpu::kOp)

}  // extern "C"
