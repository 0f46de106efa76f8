// aclnnAdd, aclnnInplaceAdd, aclnnAdds, aclnnInplaceAdds: out = self + alpha * other (docs/ops/arithmetic.md).
#include "aclnnop/aclnn_add.h"
#include "base/phase2_entry.h"
#include "ops/math/arith_family/arith_checks.h"

namespace aclcpu {
namespace {

aclnnStatus Add(const char *op, const aclTensor *self, const aclTensor *other, const aclScalar *alpha,
                const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ArithCall call{op, ArithOp::kAdd, self, other, nullptr, alpha, out, ACL_DT_UNDEFINED};
  ACLCPU_RETURN_IF_ERROR(CheckAddSub(check, &call));
  return LaunchArith(call, workspaceSize, executor);
}

aclnnStatus Adds(const char *op, const aclTensor *self, const aclScalar *other, const aclScalar *alpha,
                 const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ArithCall call{op, ArithOp::kAdd, self, nullptr, other, alpha, out, ACL_DT_UNDEFINED};
  ACLCPU_RETURN_IF_ERROR(CheckAddsSubs(check, &call));
  return LaunchArith(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnAddGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha,
                                     aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnAdd",
                         [&] { return aclcpu::Add("aclnnAdd", self, other, alpha, out, workspaceSize, executor); });
}

// The vendor's InplaceAdd checks selfRef and other (and that selfRef is not broadcast) before Add's checks.
aclnnStatus aclnnInplaceAddGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha,
                                            uint64_t *workspaceSize, aclOpExecutor **executor) {
  constexpr const char *kOp = "aclnnInplaceAdd";
  return aclcpu::Guarded(kOp, [&] {
    ACLCPU_RETURN_IF_ERROR(aclcpu::CheckInplaceBroadcast(aclcpu::OpCheck(kOp), selfRef, other));
    return aclcpu::Add(kOp, selfRef, other, alpha, selfRef, workspaceSize, executor);
  });
}

aclnnStatus aclnnAddsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, const aclScalar *alpha,
                                      aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnAdds",
                         [&] { return aclcpu::Adds("aclnnAdds", self, other, alpha, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceAddsGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *other, const aclScalar *alpha,
                                             uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceAdds", [&] {
    return aclcpu::Adds("aclnnInplaceAdds", selfRef, other, alpha, selfRef, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnAdd, "aclnnAdd")
ACLCPU_PHASE2_ENTRY(aclnnInplaceAdd, "aclnnInplaceAdd")
ACLCPU_PHASE2_ENTRY(aclnnAdds, "aclnnAdds")
ACLCPU_PHASE2_ENTRY(aclnnInplaceAdds, "aclnnInplaceAdds")

}  // extern "C"
