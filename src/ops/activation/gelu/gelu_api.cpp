// aclnnGelu: the tanh approximation 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), as the vendor's
// kernel and golden (docs/ops/activations.md §3).
#include "aclnnop/aclnn_gelu.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGelu";

// workspaceSize, executor -> null self, out -> self dtype, out == self -> public storage formats ->
// rank <= 8, shapes equal -> empty.
aclnnStatus Gelu(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(out, "out", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  return LaunchActivation({kOp, ActivationOp::kGeluTanh, {{self, "self"}}, {out, "out"}, self->dataType}, workspaceSize,
                          executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Gelu(self, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnGelu, aclcpu::kOp)

}  // extern "C"
