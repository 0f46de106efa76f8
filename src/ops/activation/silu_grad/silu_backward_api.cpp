// aclnnSiluBackward: gradInput = gradOutput * s * (1 + self * (1 - s)), s = sigmoid(self), self the
// forward input (docs/ops/activations.md §2). On the A2 the three tensors share one dtype and one shape.
#include "aclnnop/aclnn_silu_backward.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnSiluBackward";

aclnnStatus SiluBackward(const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput,
                         uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradInput, "gradInput"));
  for (const NamedTensor &t :
       {NamedTensor{gradOutput, "gradOutput"}, NamedTensor{self, "self"}, NamedTensor{gradInput, "gradInput"}})
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(t.tensor, t.name, {ACL_BF16, ACL_FLOAT16, ACL_FLOAT}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(gradOutput, "gradOutput", gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(self, "self", gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(gradOutput, "gradOutput", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(gradOutput, "gradOutput", gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(self, "self", gradInput, "gradInput"));
  return LaunchActivation({kOp,
                           ActivationOp::kSiluGrad,
                           {{gradOutput, "gradOutput"}, {self, "self"}},
                           {gradInput, "gradInput"},
                           gradInput->dataType},
                          workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput,
                                              uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::SiluBackward(gradOutput, self, gradInput, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnSiluBackward, aclcpu::kOp)

}  // extern "C"
