// aclnnGroupNormSwishGetWorkspaceSize / aclnnGroupNormSwish: validate, plan, launch.
#include "aclnnop/aclnn_group_norm_swish.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "ops/norm/group_norm_swish/group_norm_swish_check.h"
#include "ops/norm/group_norm_swish_family/group_norm_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNormSwish";

aclnnStatus Plan(const GroupNormSwishArgs &a, const char *dataFormat, double eps, bool activateSwish, double swishScale,
                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  GroupNormShape shape;
  bool compute = false;
  ACLCPU_RETURN_IF_ERROR(CheckGroupNormSwish(a, &shape, &compute));
  if (compute) ACLCPU_RETURN_IF_ERROR(CheckGroupNormSwishStrict(a));
  GroupNormCall call;
  call.op = kOp;
  call.x = a.x;
  call.gamma = a.gamma;
  call.beta = a.beta;
  call.y = a.y;
  call.mean = a.mean;
  call.rstd = a.rstd;
  call.shape = shape;
  call.compute = compute;
  call.eps = eps;
  call.activateSwish = activateSwish;
  call.swishScale = swishScale;
  if (TraceWanted()) {
    call.scalars = {{3, "numGroups", TraceInt(a.numGroups)},
                    {3, "dataFormatOptional", TraceString(dataFormat)},
                    {3, "eps", TraceFloat(eps)},
                    {3, "activateSwish", TraceBool(activateSwish)},
                    {3, "swishScale", TraceFloat(swishScale)}};
  }
  return LaunchGroupNorm(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGroupNormSwishGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                                                int64_t numGroups, char *dataFormatOptional, double eps,
                                                bool activateSwish, double swishScale, const aclTensor *yOut,
                                                const aclTensor *meanOut, const aclTensor *rstdOut,
                                                uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::GroupNormSwishArgs args{x, gamma, beta, numGroups, yOut, meanOut, rstdOut};
  return aclcpu::Guarded(aclcpu::kOp, [&]() -> aclnnStatus {
    // §2.4 step 1: the six tensors, then workspaceSize and executor. dataFormatOptional (null =
    // "NCHW") changes nothing (channel is always dim 1); only the trace aid prints it.
    const aclcpu::OpCheck check(aclcpu::kOp);
    const aclcpu::NamedTensor tensors[] = {{x, "x"},       {gamma, "gamma"},     {beta, "beta"},
                                           {yOut, "yOut"}, {meanOut, "meanOut"}, {rstdOut, "rstdOut"}};
    for (const aclcpu::NamedTensor &t : tensors) ACLCPU_RETURN_IF_ERROR(check.NotNull(t.tensor, t.name));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
    return aclcpu::Plan(args, dataFormatOptional, eps, activateSwish, swishScale, workspaceSize, executor);
  });
}

aclnnStatus aclnnGroupNormSwish(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
