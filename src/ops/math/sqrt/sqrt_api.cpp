// aclnnSqrt, aclnnInplaceSqrt (docs/ops/unary_math.md): the dtype lists of the A2; the checks are the family's.
#include "aclnnop/aclnn_sqrt.h"
#include "base/phase2_entry.h"
#include "ops/math/unary_family/unary_family.h"

namespace aclcpu {
namespace {

// self, out (empty: CanCast only), in-place dtypes.
const UnarySpec kSpec{UnaryOp::kSqrt,
                      {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_INT32, ACL_INT64,
                       ACL_INT16, ACL_INT8, ACL_BOOL, ACL_BF16, ACL_UINT8},
                      {},
                      {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16}};

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSqrtGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **opExecutor) {
  return aclcpu::Guarded("aclnnSqrt", [&] {
    return aclcpu::UnaryPhase1(aclcpu::kSpec, "aclnnSqrt", self, out, workspaceSize, opExecutor);
  });
}

// CANN names InplaceSqrt's tensor `self` and Sqrt's last parameter `opExecutor`.
aclnnStatus aclnnInplaceSqrtGetWorkspaceSize(aclTensor *self, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceSqrt", [&] {
    return aclcpu::InplaceUnaryPhase1(aclcpu::kSpec, "aclnnInplaceSqrt", self, "self", workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnSqrt, "aclnnSqrt")
ACLCPU_PHASE2_ENTRY(aclnnInplaceSqrt, "aclnnInplaceSqrt")

}  // extern "C"
