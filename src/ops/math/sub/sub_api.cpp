// aclnnSub, aclnnInplaceSub, aclnnSubs, aclnnInplaceSubs: out = self - alpha * other (docs/ops/arithmetic.md).
#include "aclnnop/aclnn_sub.h"
#include "base/phase2_entry.h"
#include "ops/math/arith_family/arith_checks.h"

namespace aclcpu {
namespace {

aclnnStatus Sub(const char *op, const aclTensor *self, const aclTensor *other, const aclScalar *alpha,
                const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ArithCall call{op, ArithOp::kSub, self, other, nullptr, alpha, out, ACL_DT_UNDEFINED};
  ACLCPU_RETURN_IF_ERROR(CheckAddSub(check, &call));
  return LaunchArith(call, workspaceSize, executor);
}

aclnnStatus Subs(const char *op, const aclTensor *self, const aclScalar *other, const aclScalar *alpha,
                 const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ArithCall call{op, ArithOp::kSub, self, nullptr, other, alpha, out, ACL_DT_UNDEFINED};
  ACLCPU_RETURN_IF_ERROR(CheckAddsSubs(check, &call));
  return LaunchArith(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSubGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha,
                                     aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnSub",
                         [&] { return aclcpu::Sub("aclnnSub", self, other, alpha, out, workspaceSize, executor); });
}

// The vendor's InplaceSub pre-check reports success when it fails, so its errors come from Sub's own
// checks with out = selfRef, which give the same statuses (common-rules.md §7).
aclnnStatus aclnnInplaceSubGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha,
                                            uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceSub", [&] {
    return aclcpu::Sub("aclnnInplaceSub", selfRef, other, alpha, selfRef, workspaceSize, executor);
  });
}

aclnnStatus aclnnSubsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, const aclScalar *alpha,
                                      aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnSubs",
                         [&] { return aclcpu::Subs("aclnnSubs", self, other, alpha, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceSubsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, const aclScalar *alpha,
                                             uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceSubs", [&] {
    return aclcpu::Subs("aclnnInplaceSubs", selfRef, other, alpha, selfRef, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnSub, "aclnnSub")
ACLCPU_PHASE2_ENTRY(aclnnInplaceSub, "aclnnInplaceSub")
ACLCPU_PHASE2_ENTRY(aclnnSubs, "aclnnSubs")
ACLCPU_PHASE2_ENTRY(aclnnInplaceSubs, "aclnnInplaceSubs")

}  // extern "C"
