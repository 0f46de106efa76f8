// aclnnGeluBackward: gradInput = gradOutput * d/dx of the tanh-approximated GELU at self (the forward
// input), as the vendor's GeluGrad kernel and golden (docs/ops/activations.md §4, open question 1).
#include "aclnnop/aclnn_gelu_backward.h"
#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGeluBackward";

// workspaceSize, executor -> null gradOutput, self, gradInput -> promoted dtype in the list -> ranks
// <= 8 -> broadcast, gradInput == broadcast shape -> empty. gradInput's dtype is not checked: the
// result is cast to it (CPU: any dtype the conversions know).
aclnnStatus GeluBackward(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gradInput,
                         uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradInput, "gradInput"));
  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(check.Promotes(gradOutput->dataType, "gradOutput", self->dataType, "self", &promoted));
  if (promoted != ACL_FLOAT && promoted != ACL_FLOAT16 && promoted != ACL_BF16)
    return check.Invalid("gradOutput and self promoting to FLOAT, FLOAT16 or BF16", DTypeName(promoted));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(gradOutput, "gradOutput", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(gradOutput, "gradOutput", self, "self", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(gradInput, "gradInput", shape, "the broadcast shape of gradOutput and self"));
  if (ToDType(gradInput->dataType) == DType::kOther)
    return check.Invalid("a gradInput dtype the result can be cast to", DTypeName(gradInput->dataType));
  return LaunchActivation({kOp,
                           ActivationOp::kGeluTanhGrad,
                           {{gradOutput, "gradOutput"}, {self, "self"}},
                           {gradInput, "gradInput"},
                           promoted},
                          workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGeluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                              const aclTensor *gradInput, uint64_t *workspaceSize,
                                              aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::GeluBackward(gradOutput, self, gradInput, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnGeluBackward, aclcpu::kOp)

}  // extern "C"
