// aclnnBatchNormBackward (docs/ops/batch_norm.md §2): validate in the vendor's order, plan the [N, C, S] units,
// launch.
#include <memory>
#include <string>

#include "aclnnop/aclnn_batch_norm_backward.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "ops/norm/batch_norm_backward/batch_norm_backward_check.h"
#include "ops/norm/batch_norm_backward/batch_norm_backward_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnBatchNormBackward";

// Input slots: gradOut, input, weight, runningMean, runningVar, saveMean, saveInvstd; output slots: gradInput,
// gradWeight, gradBias. Training reads the save pair, inference the running pair.
class BatchNormBackwardOp : public OpPlan {
 public:
  explicit BatchNormBackwardOp(const BatchNormBackwardPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const bool t = plan_.training;
    const BatchNormBackwardBuffers buffers{
        addrs[0], addrs[1], addrs[2], t ? addrs[5] : addrs[3], t ? addrs[6] : addrs[4], addrs[7], addrs[8], addrs[9]};
    RunBatchNormBackward(plan_, buffers, workspace);
    return 0;
  }

 private:
  const BatchNormBackwardPlan plan_;
};

aclnnStatus PlanCompute(const OpCheck &check, const BatchNormBackwardArgs &a, BatchNormBackwardPlan *p) {
  ACLCPU_RETURN_IF_ERROR(CheckBatchNormBackward(check, a));
  p->wantGradInput = a.outputMask->values[0] != 0;
  p->wantGradWeight = a.outputMask->values[1] != 0;
  p->wantGradBias = a.outputMask->values[2] != 0;
  const aclTensor *mean = a.training ? a.saveMean : a.runningMean, *var = a.training ? a.saveInvstd : a.runningVar;
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{a.gradOut, "gradOut"},
                                                {a.input, "input"},
                                                {a.weight, "weight"},
                                                {mean, a.training ? "saveMean" : "runningMean"},
                                                {var, a.training ? "saveInvstd" : "runningVar"},
                                                {p->wantGradInput ? a.gradInput : nullptr, "gradInput"},
                                                {p->wantGradWeight ? a.gradWeight : nullptr, "gradWeight"},
                                                {p->wantGradBias ? a.gradBias : nullptr, "gradBias"}}));
  p->compute = p->wantGradInput || p->wantGradWeight || p->wantGradBias;
  p->needSums = p->wantGradWeight || p->wantGradBias || (a.training && p->wantGradInput);
  p->dy = WithSpatialDim(ToView(*a.gradOut));
  p->x = WithSpatialDim(ToView(*a.input));
  if (p->wantGradInput) p->gradInput = WithSpatialDim(ToView(*a.gradInput));
  if (p->wantGradWeight) p->gradWeight = ToView(*a.gradWeight);
  if (p->wantGradBias) p->gradBias = ToView(*a.gradBias);
  const std::vector<int64_t> &dims = a.input->viewDims;
  p->units = SplitBnUnits(dims[0], dims[1], DimsProduct(dims, 2, dims.size()));
  auto take = [](const aclTensor *t, TensorView *view, bool *has) {
    *has = t != nullptr;
    if (*has) *view = ToView(*t);
  };
  take(a.weight, &p->weight, &p->hasWeight);
  take(mean, &p->mean, &p->hasMean);
  take(var, &p->var, &p->hasVar);
  PlanBatchNormBackwardWorkspace(p);
  return ACLNN_SUCCESS;
}

aclnnStatus BatchNormBackward(const BatchNormBackwardArgs &a, double eps, uint64_t *workspaceSize,
                              aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradOut, "gradOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.input, "input"));
  BatchNormBackwardPlan p;
  p.training = a.training;
  p.eps = static_cast<float>(eps);
  p.threads = PlanThreads();
  // Step 3: an empty input or gradOut writes nothing, before any other check (even for gradWeight/gradBias).
  if (!IsEmpty(*a.input) && !IsEmpty(*a.gradOut)) {
    ACLCPU_RETURN_IF_ERROR(CheckBatchNormBackwardMask(check, a));
    ACLCPU_RETURN_IF_ERROR(PlanCompute(check, a, &p));
  }

  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.gradOut, a.input, a.weight, a.runningMean, a.runningVar, a.saveMean, a.saveInvstd};
  spec.outputs = {a.gradInput, a.gradWeight, a.gradBias};
  spec.names = {"gradOut",  "input",      "weight",    "runningMean", "runningVar",
                "saveMean", "saveInvstd", "gradInput", "gradWeight",  "gradBias"};
  const bool c = p.compute, t = p.training;
  spec.touched = {c,
                  c,
                  c && p.hasWeight,
                  c && !t && p.hasMean,
                  c && !t && p.hasVar,
                  c && t && p.hasMean,
                  c && t && p.hasVar,
                  c && p.wantGradInput,
                  c && p.wantGradWeight,
                  c && p.wantGradBias};
  spec.workspaceSize = c ? p.workspaceBytes : 0;
  if (TraceWanted()) {
    spec.scalars = {{7, "training", TraceBool(a.training)},
                    {7, "eps", TraceFloat(eps)},
                    {7, "outputMask", TraceBools(a.outputMask)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<BatchNormBackwardOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnBatchNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input,
                                                   const aclTensor *weight, const aclTensor *runningMean,
                                                   const aclTensor *runningVar, const aclTensor *saveMean,
                                                   const aclTensor *saveInvstd, bool training, double eps,
                                                   const aclBoolArray *outputMask, aclTensor *gradInput,
                                                   aclTensor *gradWeight, aclTensor *gradBias, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor) {
  const aclcpu::BatchNormBackwardArgs args{gradOut,    input,    weight,     runningMean, runningVar, saveMean,
                                           saveInvstd, training, outputMask, gradInput,   gradWeight, gradBias};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::BatchNormBackward(args, eps, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnBatchNormBackward, aclcpu::kOp)

}  // extern "C"
