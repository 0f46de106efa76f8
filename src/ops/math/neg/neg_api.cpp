// aclnnNeg, aclnnInplaceNeg (docs/ops/unary_math.md): the dtype lists of the A2; the checks are the family's.
#include "aclnnop/aclnn_neg.h"
#include "base/phase2_entry.h"
#include "ops/math/unary_family/unary_family.h"

namespace aclcpu {
namespace {

// self, out (empty: CanCast only), in-place dtypes.
const UnarySpec kSpec{
    UnaryOp::kNeg,
    {ACL_INT8, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16},
    {},
    {}};

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnNegGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                     aclOpExecutor **executor) {
  return aclcpu::Guarded(
      "aclnnNeg", [&] { return aclcpu::UnaryPhase1(aclcpu::kSpec, "aclnnNeg", self, out, workspaceSize, executor); });
}

// The vendor's InplaceNeg is Neg with out = selfRef (no pre-check).
aclnnStatus aclnnInplaceNegGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceNeg", [&] {
    return aclcpu::InplaceUnaryPhase1(aclcpu::kSpec, "aclnnInplaceNeg", selfRef, "selfRef", workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnNeg, "aclnnNeg")
ACLCPU_PHASE2_ENTRY(aclnnInplaceNeg, "aclnnInplaceNeg")

}  // extern "C"
