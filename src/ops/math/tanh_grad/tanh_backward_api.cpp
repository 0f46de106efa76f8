// aclnnTanhBackward: gradInput = gradOutput * (1 - output^2), gradOutput and output broadcast
// (docs/ops/unary_math.md).
#include <vector>

#include "aclnnop/aclnn_tanh_backward.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"
#include "ops/math/unary_family/unary_kernels.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnTanhBackward";

// null (gradOutput, output, gradInput) -> dtypes in the list, output and gradInput equal to gradOutput's
// -> ranks <= 8, broadcast, gradInput == broadcast shape -> empty gradOutput or output: nothing to do.
aclnnStatus TanhBackward(const aclTensor *gradOutput, const aclTensor *output, aclTensor *gradInput,
                         uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(output, "output"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradInput, "gradInput"));
  for (const NamedTensor &t :
       {NamedTensor{gradOutput, "gradOutput"}, NamedTensor{output, "output"}, NamedTensor{gradInput, "gradInput"}})
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(t.tensor, t.name, {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(output, "output", gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(gradInput, "gradInput", gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(gradOutput, "gradOutput", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(output, "output", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(gradOutput, "gradOutput", output, "output", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(gradInput, "gradInput", shape, "the broadcast shape of gradOutput and output"));
  ACLCPU_RETURN_IF_ERROR(
      check.ViewsFitStorage({{gradOutput, "gradOutput"}, {output, "output"}, {gradInput, "gradInput"}}));
  const bool compute = !IsEmpty(*gradOutput) && !IsEmpty(*output);
  PointwisePlan plan;
  if (compute) {
    const TensorView out = ToView(*gradInput);
    const ComputeType type = ComputeTypeOf(out.dtype);
    const PointwiseInput in[2] = {PointwiseInput::Tensor(ToView(*gradOutput)), PointwiseInput::Tensor(ToView(*output))};
    plan = PlanPointwise(UnaryKernel(UnaryOp::kTanhGrad, type), {}, type, type, in, 2, out);
  }
  return CreatePointwiseExecutor(kOp, {{gradOutput, "gradOutput"}, {output, "output"}}, {gradInput, "gradInput"}, plan,
                                 compute, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnTanhBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                              aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::TanhBackward(gradOutput, output, gradInput, workspaceSize, executor); });
}

aclnnStatus aclnnTanhBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                              const aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
