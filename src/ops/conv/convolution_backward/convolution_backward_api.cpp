// aclnnConvolutionBackward (docs/ops/convolution.md §4, §5.3): validate, plan the conv family's products, launch.
#include <memory>
#include <string>

#include "aclnnop/aclnn_convolution_backward.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/conv/convolution_backward/convolution_backward_check.h"
#include "ops/conv/convolution_backward/convolution_backward_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnConvolutionBackward";

// Slots: inputs gradOutput, input, weight; outputs gradInput, gradWeight, gradBias.
class ConvolutionBackwardOp : public OpPlan {
 public:
  explicit ConvolutionBackwardOp(const ConvBackwardPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    void *const buffers[6] = {addrs[0], addrs[1], addrs[2], addrs[3], addrs[4], addrs[5]};
    return RunConvBackward(plan_, buffers, workspace) ? ACLNN_SUCCESS : ACLNN_ERR_INNER;
  }

 private:
  const ConvBackwardPlan plan_;
};

TensorView ViewOrEmpty(const aclTensor *t) { return t != nullptr ? ToView(*t) : TensorView{}; }

aclnnStatus Plan(const ConvolutionBackwardArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ConvBackwardProblem problem;
  ACLCPU_RETURN_IF_ERROR(CheckConvolutionBackward(a, &problem));
  const bool *mask = problem.mask;
  const TensorView gradOutput = ToView(*a.gradOutput), input = ToView(*a.input), weight = ToView(*a.weight);
  const TensorView gradInput = mask[0] ? ViewOrEmpty(a.gradInput) : TensorView{};
  const TensorView gradWeight = mask[1] ? ViewOrEmpty(a.gradWeight) : TensorView{};
  const TensorView gradBias = mask[2] ? ViewOrEmpty(a.gradBias) : TensorView{};
  const ConvBackwardPlan plan =
      PlanConvBackward(problem.direct, a.transposed, problem.empty, mask,
                       {&gradOutput, &input, &weight, &gradInput, &gradWeight, &gradBias}, a.cubeMathType);
  if (plan.tooLarge)
    return check.Invalid("a problem whose im2col workspace fits in memory",
                         "input " + ShapeOf(a.input) + ", weight " + ShapeOf(a.weight));
  const bool weightProduct = plan.wantWeight && !plan.empty;
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.gradOutput, a.input, a.weight};
  spec.outputs = {mask[0] ? a.gradInput : nullptr, mask[1] ? a.gradWeight : nullptr, mask[2] ? a.gradBias : nullptr};
  spec.names = {"gradOutput", "input", "weight", "gradInput", "gradWeight", "gradBias"};
  spec.touched = {plan.wantInput || weightProduct || plan.wantBias,
                  weightProduct,
                  plan.wantInput,
                  plan.wantInput,
                  plan.wantWeight,
                  plan.wantBias};
  spec.workspaceSize = plan.workspaceBytes;
  if (TraceWanted())
    spec.scalars = {{3, "transposed", TraceInt(a.transposed)},
                    {3, "groups", TraceInt(a.groups)},
                    {3, "cubeMathType", TraceInt(a.cubeMathType)}};
  return CreateExecutor(std::move(spec), std::make_unique<ConvolutionBackwardOp>(plan), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnConvolutionBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *input,
                                                     const aclTensor *weight, const aclIntArray *biasSizes,
                                                     const aclIntArray *stride, const aclIntArray *padding,
                                                     const aclIntArray *dilation, bool transposed,
                                                     const aclIntArray *outputPadding, int groups,
                                                     const aclBoolArray *outputMask, int8_t cubeMathType,
                                                     aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias,
                                                     uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::ConvolutionBackwardArgs args{gradOutput, input,        weight,     biasSizes,     stride,
                                             padding,    dilation,     transposed, outputPadding, groups,
                                             outputMask, cubeMathType, gradInput,  gradWeight,    gradBias};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnConvolutionBackward, aclcpu::kOp)

}  // extern "C"
