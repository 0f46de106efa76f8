// aclnnGeluV2: approximate 1 is the tanh form, any other value the erf form x Phi(x); the vendor
// never validates the value (docs/ops/activations.md §5).
#include "aclnnop/aclnn_gelu_v2.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGeluV2";

// workspaceSize, executor -> null x, y -> y dtype == x's (before the list) -> x dtype in the list ->
// shapes equal -> empty. No rank or format check.
aclnnStatus GeluV2(const aclTensor *x, int64_t approximate, aclTensor *y, uint64_t *workspaceSize,
                   aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(x, "x"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(y, "y"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(y, "y", x, "x"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(x, "x", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(y, "y", x, "x"));
  return LaunchActivation(
      {kOp, approximate == 1 ? ActivationOp::kGeluTanh : ActivationOp::kGeluErf, {{x, "x"}}, {y, "y"}, x->dataType},
      workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate, aclTensor *y, uint64_t *workspaceSize,
                                        aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::GeluV2(x, approximate, y, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnGeluV2, aclcpu::kOp)

}  // extern "C"
