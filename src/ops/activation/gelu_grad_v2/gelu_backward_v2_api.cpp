// aclnnGeluBackwardV2: gradInput = gradOutput * d/dx GELU(self), approximate "none" (erf form) or
// "tanh" (docs/ops/activations.md §6).
#include <cstring>

#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGeluBackwardV2";

// workspaceSize, executor -> null gradOutput, self, gradInput, approximate -> promoted dtype in the
// list and equal to gradInput's -> broadcast, gradInput == broadcast shape -> approximate "none" or
// "tanh" -> empty. No rank check.
aclnnStatus GeluBackwardV2(const aclTensor *gradOutput, const aclTensor *self, const char *approximate,
                           aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(approximate, "approximate"));
  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(check.Promotes(gradOutput->dataType, "gradOutput", self->dataType, "self", &promoted));
  if (promoted != ACL_FLOAT && promoted != ACL_FLOAT16 && promoted != ACL_BF16)
    return check.Invalid("gradOutput and self promoting to FLOAT, FLOAT16 or BF16", DTypeName(promoted));
  if (gradInput->dataType != promoted)
    return check.Invalid("gradInput of the promoted dtype " + DTypeName(promoted), DTypeName(gradInput->dataType));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(gradOutput, "gradOutput", self, "self", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(gradInput, "gradInput", shape, "the broadcast shape of gradOutput and self"));
  const bool tanh = std::strcmp(approximate, "tanh") == 0;
  if (!tanh && std::strcmp(approximate, "none") != 0)
    return check.Invalid("approximate \"none\" or \"tanh\"", TraceString(approximate));
  return LaunchActivation({kOp,
                           tanh ? ActivationOp::kGeluTanhGrad : ActivationOp::kGeluErfGrad,
                           {{gradOutput, "gradOutput"}, {self, "self"}},
                           {gradInput, "gradInput"},
                           promoted},
                          workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, char *approximate,
                                                aclTensor *gradInput, uint64_t *workspaceSize,
                                                aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::GeluBackwardV2(gradOutput, self, approximate, gradInput, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnGeluBackwardV2, aclcpu::kOp)

}  // extern "C"
