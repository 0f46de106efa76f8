// aclnnLogSoftmax: out = (x - max) - log Σ exp(x - max) along dim (docs/ops/softmax.md).
#include "aclnnop/aclnn_logsoftmax.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/softmax_family/softmax_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnLogSoftmax";

// null (self, out) -> dim (before the dtypes) -> self dtype, out dtype -> (CanCast out -> self and out -> out:
// always true for these four dtypes) -> ranks <= 8 -> out shape == self's -> empty self: done. The vendor
// casts self to out's dtype and computes in out's dtype.
aclnnStatus LogSoftmax(const aclTensor *self, int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                       aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(CheckSoftmaxDim(check, self, "self", dim));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(out, "out", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  SoftmaxCall call{kOp, SoftmaxKind::kLogSoftmax, {{self, "self"}}, {out, "out"}, dim, out->dataType};
  call.roundInputs = true;
  call.compute = !IsEmpty(*self);
  return LaunchSoftmax(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnLogSoftmaxGetWorkspaceSize(const aclTensor *self, int64_t dim, aclTensor *out, uint64_t *workspaceSize,
                                            aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::LogSoftmax(self, dim, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnLogSoftmax, aclcpu::kOp)

}  // extern "C"
