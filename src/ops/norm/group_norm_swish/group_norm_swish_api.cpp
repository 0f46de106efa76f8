// aclnnGroupNormSwishGetWorkspaceSize / aclnnGroupNormSwish: validate, plan, launch.
#include <memory>

#include "aclnnop/aclnn_group_norm_swish.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/norm/group_norm_swish/group_norm_swish_check.h"
#include "ops/norm/group_norm_swish/group_norm_swish_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNormSwish";

// Input slots: x, gamma, beta; output slots: y, mean, rstd.
class GroupNormSwishOp : public OpPlan {
 public:
  explicit GroupNormSwishOp(const GroupNormSwishPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const GroupNormSwishBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[3], addrs[4], addrs[5]};
    RunGroupNormSwish(plan_, buffers, workspace);
    return 0;
  }

 private:
  const GroupNormSwishPlan plan_;
};

void PlanWorkspace(GroupNormSwishPlan *p) {
  p->threads = PlanThreads();
  p->wide = p->x.dtype == DType::kF32;
  p->xInPlace = p->x.IsContiguous();
  const DType source = p->xInPlace ? p->x.dtype : DType::kF32;  // what the kernels read x as
  p->yInPlace = p->y.IsContiguous() && p->y.dtype == source;
  size_t bytes = 0;
  p->affineOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(2 * p->shape.c) * sizeof(float));
  p->scratchOffset = bytes;
  p->scratchStride = AlignUp(static_cast<size_t>(2 * kGroupNormPiece) * sizeof(float));
  bytes += p->scratchStride * static_cast<size_t>(p->threads);
  p->workspaceBytes = bytes;
}

aclnnStatus Plan(const GroupNormSwishArgs &a, const char *dataFormat, double eps, bool activateSwish, double swishScale,
                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  GroupNormShape shape;
  bool compute = false;
  ACLCPU_RETURN_IF_ERROR(CheckGroupNormSwish(a, &shape, &compute));
  GroupNormSwishPlan p;
  p.compute = compute;
  if (compute) {
    ACLCPU_RETURN_IF_ERROR(CheckGroupNormSwishStrict(a));
    p.x = ToView(*a.x);
    p.gamma = ToView(*a.gamma);
    p.beta = ToView(*a.beta);
    p.y = ToView(*a.y);
    p.mean = ToView(*a.mean);
    p.rstd = ToView(*a.rstd);
    p.shape = shape;
    p.eps = static_cast<float>(eps);
    p.swishScale = static_cast<float>(swishScale);
    p.activateSwish = activateSwish;
    PlanWorkspace(&p);
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.x, a.gamma, a.beta};
  spec.outputs = {a.y, a.mean, a.rstd};
  spec.names = {"x", "gamma", "beta", "yOut", "meanOut", "rstdOut"};
  spec.touched = {compute, compute, compute, compute, compute, compute};
  spec.workspaceSize = compute ? p.workspaceBytes : 0;
  if (TraceWanted()) {
    spec.scalars = {{3, "numGroups", TraceInt(a.numGroups)},
                    {3, "dataFormatOptional", TraceString(dataFormat)},
                    {3, "eps", TraceFloat(eps)},
                    {3, "activateSwish", TraceBool(activateSwish)},
                    {3, "swishScale", TraceFloat(swishScale)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<GroupNormSwishOp>(p), workspaceSize, executor);
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
