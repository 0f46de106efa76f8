// aclnnSilu: out = self / (1 + e^-self) (docs/ops/activations.md §1).
#include "aclnnop/aclnn_silu.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnSilu";

// workspaceSize, executor -> null self, out -> dtypes (self, out, equal) -> shapes equal -> empty. No
// rank limit (the vendor flattens rank > 8).
aclnnStatus Silu(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(out, "out", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  return LaunchActivation({kOp, ActivationOp::kSilu, {{self, "self"}}, {out, "out"}, self->dataType}, workspaceSize,
                          executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSiluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Silu(self, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnSilu, aclcpu::kOp)

}  // extern "C"
