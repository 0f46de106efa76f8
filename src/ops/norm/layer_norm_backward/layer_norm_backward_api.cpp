// aclnnLayerNormBackwardGetWorkspaceSize / aclnnLayerNormBackward: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_layer_norm_backward.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/norm/layer_norm_backward/layer_norm_backward_check.h"
#include "ops/norm/layer_norm_backward/layer_norm_backward_plan.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnLayerNormBackward";
// Input slots: gradOut, input, mean, rstd, weight, bias; output slots: gradInput, gradWeight, gradBias.
class LayerNormBackwardOp : public OpPlan {
 public:
  explicit LayerNormBackwardOp(const LayerNormBackwardPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const LayerNormBackwardBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[3],
                                           addrs[4], addrs[6], addrs[7], addrs[8]};
    RunLayerNormBackward(plan_, buffers, workspace);
    return 0;
  }

 private:
  const LayerNormBackwardPlan plan_;
};

aclnnStatus Plan(const LayerNormBackwardArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  LayerNormBackwardShape shape;
  ACLCPU_RETURN_IF_ERROR(CheckLayerNormBackward(a, &shape));

  LayerNormBackwardPlan p;
  p.rows = shape.rows;
  p.cols = shape.cols;
  p.beginAxis = shape.beginAxis;
  p.wantDx = shape.mask[0];
  p.wantDgamma = shape.mask[1];
  p.wantDbeta = shape.mask[2];
  const bool anyMask = p.wantDx || p.wantDgamma || p.wantDbeta;
  p.compute = anyMask && p.rows > 0 && p.cols > 0;
  p.zeroFillParams = p.rows == 0 && p.cols > 0 && (p.wantDgamma || p.wantDbeta);
  if (p.compute) {
    ACLCPU_RETURN_IF_ERROR(CheckLayerNormBackwardStrict(a, shape));
    p.dy = ToView(*a.gradOut);
    p.x = ToView(*a.input);
    p.mean = ToView(*a.mean);
    p.rstd = ToView(*a.rstd);
    p.hasWeight = a.weight != nullptr;
    if (p.hasWeight) p.weight = ToView(*a.weight);
    if (p.wantDx) p.dx = ToView(*a.gradInput);
  }
  if (p.compute || p.zeroFillParams) {
    if (p.wantDgamma) p.dgamma = ToView(*a.gradWeight);
    if (p.wantDbeta) p.dbeta = ToView(*a.gradBias);
  }
  if (p.compute) PlanLayerNormBackwardWorkspace(&p);

  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.gradOut, a.input, a.mean, a.rstd, a.weight, a.bias};
  spec.outputs = {a.gradInput, a.gradWeight, a.gradBias};
  spec.names = {"gradOut",      "input",        "mean",          "rstd",       "weightOptional",
                "biasOptional", "gradInputOut", "gradWeightOut", "gradBiasOut"};
  const bool writesParams = p.compute || p.zeroFillParams;
  spec.touched = {p.compute,
                  p.compute,
                  p.compute,
                  p.compute,
                  p.compute && p.hasWeight,
                  false,
                  p.compute && p.wantDx,
                  writesParams && p.wantDgamma,
                  writesParams && p.wantDbeta};
  spec.workspaceSize = p.compute ? p.workspaceBytes : 0;
  if (TraceWanted()) {
    spec.scalars = {{2, "normalizedShape", TraceInts(a.normalizedShape)}, {6, "outputMask", TraceBools(a.outputMask)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<LayerNormBackwardOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnLayerNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input,
                                                   const aclIntArray *normalizedShape, const aclTensor *mean,
                                                   const aclTensor *rstd, const aclTensor *weightOptional,
                                                   const aclTensor *biasOptional, const aclBoolArray *outputMask,
                                                   aclTensor *gradInputOut, aclTensor *gradWeightOut,
                                                   aclTensor *gradBiasOut, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor) {
  const aclcpu::LayerNormBackwardArgs args{gradOut,      input,          normalizedShape, mean,
                                           rstd,         weightOptional, biasOptional,    outputMask,
                                           gradInputOut, gradWeightOut,  gradBiasOut};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

aclnnStatus aclnnLayerNormBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
