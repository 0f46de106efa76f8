// aclnnBatchNorm (docs/ops/batch_norm.md §1): validate in the vendor's order, plan the [N, C, S] units, launch.
#include <memory>
#include <string>

#include "aclnnop/aclnn_batch_norm.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "ops/norm/batch_norm/batch_norm_check.h"
#include "ops/norm/batch_norm/batch_norm_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnBatchNorm";

// Input slots: input, weight, bias, runningMean, runningVar; output slots: output, saveMean, saveInvstd.
class BatchNormOp : public OpPlan {
 public:
  explicit BatchNormOp(const BatchNormPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const BatchNormBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[3], addrs[4], addrs[5], addrs[6], addrs[7]};
    RunBatchNorm(plan_, buffers, workspace);
    return 0;
  }

 private:
  const BatchNormPlan plan_;
};

// An empty input still fills saveMean with 0 and saveInvstd with NaN (§1.2): each a float view that fits its
// storage and does not overlap itself, so the fill writes each element once and stays inside its buffer.
aclnnStatus PlanEmptyFill(const OpCheck &check, const aclTensor *t, const char *name, TensorView *view,
                          int64_t *numel) {
  if (t == nullptr) return ACLNN_SUCCESS;
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(t, name, BnFloatTypes()));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(t, name, kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.ViewFitsStorage(t, name));
  ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(t, name));
  *view = ToView(*t);
  *numel = view->Numel();
  return ACLNN_SUCCESS;
}

aclnnStatus PlanCompute(const OpCheck &check, const BatchNormArgs &a, BatchNormPlan *p) {
  ACLCPU_RETURN_IF_ERROR(CheckBatchNorm(check, a));
  // Inference neither reads nor writes the save tensors: they are not bounds-checked either.
  const aclTensor *saveMean = a.training ? a.saveMean : nullptr, *saveInvstd = a.training ? a.saveInvstd : nullptr;
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{a.input, "input"},
                                                {a.weight, "weight"},
                                                {a.bias, "bias"},
                                                {a.runningMean, "runningMean"},
                                                {a.runningVar, "runningVar"},
                                                {a.output, "output"},
                                                {saveMean, "saveMean"},
                                                {saveInvstd, "saveInvstd"}}));
  p->compute = true;
  p->x = WithSpatialDim(ToView(*a.input));
  p->out = WithSpatialDim(ToView(*a.output));
  const std::vector<int64_t> &dims = a.input->viewDims;
  p->units = SplitBnUnits(dims[0], dims[1], DimsProduct(dims, 2, dims.size()));
  auto take = [](const aclTensor *t, TensorView *view, bool *has) {
    *has = t != nullptr;
    if (*has) *view = ToView(*t);
  };
  take(a.weight, &p->weight, &p->hasWeight);
  take(a.bias, &p->bias, &p->hasBias);
  take(a.runningMean, &p->runningMean, &p->hasRunningMean);
  take(a.runningVar, &p->runningVar, &p->hasRunningVar);
  if (a.training) {  // inference neither reads nor writes the save tensors
    take(a.saveMean, &p->saveMean, &p->hasSaveMean);
    take(a.saveInvstd, &p->saveInvstd, &p->hasSaveInvstd);
  }
  PlanBatchNormWorkspace(p);
  return ACLNN_SUCCESS;
}

aclnnStatus BatchNorm(const BatchNormArgs &a, double momentum, double eps, uint64_t *workspaceSize,
                      aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckBatchNormNulls(check, a));
  BatchNormPlan p;
  p.training = a.training;
  p.eps = static_cast<float>(eps);
  p.momentum = static_cast<float>(momentum);
  p.threads = PlanThreads();
  if (IsEmpty(*a.input)) {  // step 3, before the dtype and shape checks
    ACLCPU_RETURN_IF_ERROR(PlanEmptyFill(check, a.saveMean, "saveMean", &p.saveMean, &p.saveMeanNumel));
    ACLCPU_RETURN_IF_ERROR(PlanEmptyFill(check, a.saveInvstd, "saveInvstd", &p.saveInvstd, &p.saveInvstdNumel));
    p.hasSaveMean = a.saveMean != nullptr;
    p.hasSaveInvstd = a.saveInvstd != nullptr;
    p.fillEmpty = p.hasSaveMean || p.hasSaveInvstd;
  } else {
    ACLCPU_RETURN_IF_ERROR(PlanCompute(check, a, &p));
  }

  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.input, a.weight, a.bias, a.runningMean, a.runningVar};
  spec.outputs = {a.output, a.saveMean, a.saveInvstd};
  spec.names = {"input", "weight", "bias", "runningMean", "runningVar", "output", "saveMean", "saveInvstd"};
  spec.touched = {p.compute,
                  p.compute && p.hasWeight,
                  p.compute && p.hasBias,
                  p.compute && p.hasRunningMean,
                  p.compute && p.hasRunningVar,
                  p.compute,
                  p.hasSaveMean,
                  p.hasSaveInvstd};
  spec.workspaceSize = p.compute ? p.workspaceBytes : 0;
  if (TraceWanted()) {
    spec.scalars = {
        {5, "training", TraceBool(a.training)}, {5, "momentum", TraceFloat(momentum)}, {5, "eps", TraceFloat(eps)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<BatchNormOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnBatchNormGetWorkspaceSize(const aclTensor *input, const aclTensor *weight, const aclTensor *bias,
                                           aclTensor *runningMean, aclTensor *runningVar, bool training,
                                           double momentum, double eps, aclTensor *output, aclTensor *saveMean,
                                           aclTensor *saveInvstd, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::BatchNormArgs args{input,    weight, bias,     runningMean, runningVar,
                                   training, output, saveMean, saveInvstd};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::BatchNorm(args, momentum, eps, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnBatchNorm, aclcpu::kOp)

}  // extern "C"
