// aclnnSigmoidBackward: gradInput = gradOutput * output * (1 - output), output the forward result
// (docs/ops/activations.md §8). Complex values take the plain product, as the vendor's kernel.
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnSigmoidBackward";

// workspaceSize, executor -> null gradOutput, output, gradInput -> dtypes in the list -> ranks <= 8 ->
// promoted dtype in the list, castable to gradInput -> broadcast, gradInput == broadcast shape -> empty.
aclnnStatus SigmoidBackward(const aclTensor *gradOutput, const aclTensor *output, aclTensor *gradInput,
                            uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(output, "output"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradInput, "gradInput"));
  const std::initializer_list<aclDataType> dtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE,
                                                     ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};
  for (const NamedTensor &t :
       {NamedTensor{gradOutput, "gradOutput"}, NamedTensor{output, "output"}, NamedTensor{gradInput, "gradInput"}})
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(t.tensor, t.name, dtypes));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(gradOutput, "gradOutput", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(output, "output", kMaxRank));
  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(check.Promotes(gradOutput->dataType, "gradOutput", output->dataType, "output", &promoted));
  ACLCPU_RETURN_IF_ERROR(check.Castable(promoted, gradInput->dataType, "the promoted dtype to gradInput"));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(gradOutput, "gradOutput", output, "output", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(gradInput, "gradInput", shape, "the broadcast shape of gradOutput and output"));
  return LaunchActivation({kOp,
                           ActivationOp::kSigmoidGrad,
                           {{gradOutput, "gradOutput"}, {output, "output"}},
                           {gradInput, "gradInput"},
                           promoted},
                          workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                 aclTensor *gradInput, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor) {
  return aclcpu::Guarded(
      aclcpu::kOp, [&] { return aclcpu::SigmoidBackward(gradOutput, output, gradInput, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnSigmoidBackward, aclcpu::kOp)

}  // extern "C"
