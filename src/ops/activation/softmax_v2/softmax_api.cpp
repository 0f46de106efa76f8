// aclnnSoftmax: out = exp(x - max) / Σ exp(x - max) along dim (docs/ops/softmax.md).
#include "aclnnop/aclnn_softmax.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/softmax_family/softmax_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnSoftmax";

// null (self, out) -> empty self: done, before any other check -> self dtype, out dtype -> dim -> rank <= 8
// -> out shape == self's. The kernel computes in self's dtype; the result is then cast to out's.
aclnnStatus Softmax(const aclTensor *self, int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                    aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  SoftmaxCall call{kOp, SoftmaxKind::kSoftmax, {{self, "self"}}, {out, "out"}, dim, self->dataType};
  call.compute = !IsEmpty(*self);
  if (call.compute) {
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16}));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16}));
    ACLCPU_RETURN_IF_ERROR(CheckSoftmaxDim(check, self, "self", dim));
    ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
    ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  }
  return LaunchSoftmax(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Softmax(self, dim, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnSoftmax, aclcpu::kOp)

}  // extern "C"
