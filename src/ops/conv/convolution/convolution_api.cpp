// aclnnConvolution and aclnnConvDepthwise2d (docs/ops/convolution.md): validate, plan the GEMMs of the conv
// family, launch. The depthwise function is the grouped convolution with groups = Cin.
#include <memory>
#include <string>

#include "aclnnop/aclnn_convolution.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/conv/conv_family/conv_gemm.h"
#include "ops/conv/convolution/convolution_check.h"

namespace aclcpu {
namespace {

constexpr const char *kConvOp = "aclnnConvolution";
constexpr const char *kDepthwiseOp = "aclnnConvDepthwise2d";

// Slots: inputs input, weight, bias; output output.
class ConvolutionOp : public OpPlan {
 public:
  ConvolutionOp(const ConvGemmPlan &plan, bool compute) : plan_(plan), compute_(compute) {}
  int Run(void *const *addrs, void *workspace) const override {
    if (!compute_) return ACLNN_SUCCESS;
    return RunConvGemm(plan_, addrs[0], addrs[1], addrs[2], addrs[3], workspace) ? ACLNN_SUCCESS : ACLNN_ERR_INNER;
  }

 private:
  const ConvGemmPlan plan_;
  const bool compute_;
};

struct LaunchArgs {
  const char *op;
  const aclTensor *input, *weight, *bias, *output;
  const char *inputName, *outputName;
  int8_t cubeMathType;
};

// Plans the GEMMs (nothing when an operand or the output is empty: the checks made out empty then) and
// creates the executor.
aclnnStatus Launch(const LaunchArgs &a, const ConvGeometry &geo, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(a.op);
  const bool compute = !IsEmpty(*a.input) && !IsEmpty(*a.weight) && !IsEmpty(*a.output);
  ConvGemmPlan plan;
  if (compute) {
    const TensorView bias = a.bias != nullptr ? ToView(*a.bias) : TensorView{};
    const DType in = ToDType(a.input->dataType), w = ToDType(a.weight->dataType);
    const ConvNumerics numerics = geo.transposed
                                      ? TransposedConvNumericsFor(in, w, ToDType(a.output->dataType), a.cubeMathType)
                                      : ConvNumericsFor(in, w, a.cubeMathType);
    plan = PlanConvGemm(geo, numerics, ToView(*a.input), ToView(*a.weight), a.bias != nullptr ? &bias : nullptr,
                        ToView(*a.output));
    if (plan.tooLarge)
      return check.Invalid("a problem whose im2col workspace fits in memory",
                           std::string(a.inputName) + " " + ShapeOf(a.input) + ", weight " + ShapeOf(a.weight));
  }
  ExecutorSpec spec;
  spec.opName = a.op;
  spec.inputs = {a.input, a.weight, a.bias};
  spec.outputs = {a.output};
  spec.names = {a.inputName, "weight", "bias", a.outputName};
  spec.touched = {compute, compute, compute && a.bias != nullptr, compute};
  spec.workspaceSize = compute ? plan.workspaceBytes : 0;
  if (TraceWanted()) spec.scalars = {{4, "cubeMathType", TraceInt(a.cubeMathType)}};
  return CreateExecutor(std::move(spec), std::make_unique<ConvolutionOp>(plan, compute), workspaceSize, executor);
}

aclnnStatus Convolution(const ConvolutionArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kConvOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ConvGeometry geo;
  ACLCPU_RETURN_IF_ERROR(CheckConvolution(a, &geo));
  return Launch({kConvOp, a.input, a.weight, a.bias, a.output, "input", "output", a.cubeMathType}, geo, workspaceSize,
                executor);
}

aclnnStatus ConvDepthwise2d(const ConvDepthwise2dArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kDepthwiseOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ConvGeometry geo;
  ACLCPU_RETURN_IF_ERROR(CheckConvDepthwise2d(a, &geo));
  return Launch({kDepthwiseOp, a.self, a.weight, a.bias, a.out, "self", "out", a.cubeMathType}, geo, workspaceSize,
                executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnConvolutionGetWorkspaceSize(const aclTensor *input, const aclTensor *weight, const aclTensor *bias,
                                             const aclIntArray *stride, const aclIntArray *padding,
                                             const aclIntArray *dilation, bool transposed,
                                             const aclIntArray *outputPadding, const int64_t groups, aclTensor *output,
                                             int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::ConvolutionArgs args{input,      weight,        bias,   stride, padding,     dilation,
                                     transposed, outputPadding, groups, output, cubeMathType};
  return aclcpu::Guarded(aclcpu::kConvOp, [&] { return aclcpu::Convolution(args, workspaceSize, executor); });
}

aclnnStatus aclnnConvDepthwise2dGetWorkspaceSize(const aclTensor *self, const aclTensor *weight,
                                                 const aclIntArray *kernelSize, const aclTensor *bias,
                                                 const aclIntArray *stride, const aclIntArray *padding,
                                                 const aclIntArray *dilation, aclTensor *out, int8_t cubeMathType,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::ConvDepthwise2dArgs args{self, weight, kernelSize, bias, stride, padding, dilation, out, cubeMathType};
  return aclcpu::Guarded(aclcpu::kDepthwiseOp, [&] { return aclcpu::ConvDepthwise2d(args, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnConvolution, aclcpu::kConvOp)
ACLCPU_PHASE2_ENTRY(aclnnConvDepthwise2d, aclcpu::kDepthwiseOp)

}  // extern "C"
