// aclnnExp, aclnnInplaceExp (docs/ops/unary_math.md): the dtype lists of the A2; the checks are the family's.
#include "aclnnop/aclnn_exp.h"
#include "base/phase2_entry.h"
#include "ops/math/unary_family/unary_family.h"

namespace aclcpu {
namespace {

// self, out (empty: CanCast only), in-place dtypes.
const UnarySpec kSpec{
    UnaryOp::kExp,
    {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BOOL, ACL_INT64},
    {},
    {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128}};

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnExpGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                     aclOpExecutor **executor) {
  return aclcpu::Guarded(
      "aclnnExp", [&] { return aclcpu::UnaryPhase1(aclcpu::kSpec, "aclnnExp", self, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceExpGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceExp", [&] {
    return aclcpu::InplaceUnaryPhase1(aclcpu::kSpec, "aclnnInplaceExp", selfRef, "selfRef", workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnExp, "aclnnExp")
ACLCPU_PHASE2_ENTRY(aclnnInplaceExp, "aclnnInplaceExp")

}  // extern "C"
