// aclnnRsqrt, aclnnInplaceRsqrt (docs/ops/unary_math.md): the dtype lists of the A2; the checks are the family's.
#include "aclnnop/aclnn_rsqrt.h"
#include "base/phase2_entry.h"
#include "ops/math/unary_family/unary_family.h"

namespace aclcpu {
namespace {

// self, out (empty: CanCast only), in-place dtypes.
const UnarySpec kSpec{UnaryOp::kRsqrt,
                      {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BOOL,
                       ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16, ACL_UINT8},
                      {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16},
                      {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16}};

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnRsqrtGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                       aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnRsqrt", [&] {
    return aclcpu::UnaryPhase1(aclcpu::kSpec, "aclnnRsqrt", self, out, workspaceSize, executor);
  });
}

aclnnStatus aclnnInplaceRsqrtGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceRsqrt", [&] {
    return aclcpu::InplaceUnaryPhase1(aclcpu::kSpec, "aclnnInplaceRsqrt", selfRef, "selfRef", workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnRsqrt, "aclnnRsqrt")
ACLCPU_PHASE2_ENTRY(aclnnInplaceRsqrt, "aclnnInplaceRsqrt")

}  // extern "C"
