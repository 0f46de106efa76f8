// aclnnRelu, aclnnInplaceRelu: out = max(self, 0) in self's dtype, NaN and -0 passed through as
// PyTorch does (docs/ops/activations.md §9).
#include "aclnnop/aclnn_relu.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnRelu";
constexpr const char *kInplaceOp = "aclnnInplaceRelu";

// workspaceSize, executor -> null self, out -> self dtype in the list, out's equal -> ranks <= 8 ->
// shapes equal -> empty, or a UINT8 selfRef (nothing to do: the workspace is 0).
aclnnStatus Relu(const char *op, const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize,
                 aclOpExecutor **executor) {
  const OpCheck check(op);
  const bool inplace = self == out && self != nullptr;
  const char *selfName = inplace ? "selfRef" : "self";
  const char *outName = inplace ? "selfRef" : "out";
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, selfName));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, outName));
  ACLCPU_RETURN_IF_ERROR(
      check.DTypeIn(self, selfName, {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(out, outName, self, selfName));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, selfName, kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(out, outName, kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, outName, self, selfName));
  ActivationCall call(op, ActivationOp::kRelu, {{self, selfName}}, {out, outName}, self->dataType);
  call.identity = inplace && self->dataType == ACL_UINT8;  // every value is already >= 0
  return LaunchActivation(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnReluGetWorkspaceSize(const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Relu(aclcpu::kOp, self, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceReluGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kInplaceOp,
                         [&] { return aclcpu::Relu(aclcpu::kInplaceOp, selfRef, selfRef, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnRelu, aclcpu::kOp)
ACLCPU_PHASE2_ENTRY(aclnnInplaceRelu, aclcpu::kInplaceOp)

}  // extern "C"
