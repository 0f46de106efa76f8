// aclnnSoftmaxBackward: out = output * (gradOutput - Σ gradOutput * output) along dim, output being the
// forward result (docs/ops/softmax.md).
#include "aclnnop/aclnn_softmax_backward.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/softmax_family/softmax_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnSoftmaxBackward";

// null (gradOutput, output, out) -> empty gradOutput or output: done -> gradOutput dtype, output dtype, equal
// -> dim -> rank <= 8 -> output shape, out shape == gradOutput's -> (CPU) out dtype convertible. The kernel
// computes in gradOutput's dtype; the result is then cast to out's.
aclnnStatus SoftmaxBackward(const aclTensor *gradOutput, const aclTensor *output, int64_t dim, aclTensor *out,
                            uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(output, "output"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  SoftmaxCall call{kOp, SoftmaxKind::kSoftmaxGrad, {{gradOutput, "gradOutput"}, {output, "output"}}, {out, "out"},
                   dim, gradOutput->dataType};
  call.compute = !IsEmpty(*gradOutput) && !IsEmpty(*output);
  if (call.compute) {
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(gradOutput, "gradOutput", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(output, "output", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
    ACLCPU_RETURN_IF_ERROR(check.SameDType(output, "output", gradOutput, "gradOutput"));
    ACLCPU_RETURN_IF_ERROR(CheckSoftmaxDim(check, gradOutput, "gradOutput", dim));
    ACLCPU_RETURN_IF_ERROR(check.RankAtMost(gradOutput, "gradOutput", kMaxRank));
    ACLCPU_RETURN_IF_ERROR(check.SameShape(output, "output", gradOutput, "gradOutput"));
    ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", gradOutput, "gradOutput"));
    ACLCPU_RETURN_IF_ERROR(CheckConvertibleOut(check, out));
  }
  return LaunchSoftmax(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output, int64_t dim,
                                                 aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(
      aclcpu::kOp, [&] { return aclcpu::SoftmaxBackward(gradOutput, output, dim, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnSoftmaxBackward, aclcpu::kOp)

}  // extern "C"
