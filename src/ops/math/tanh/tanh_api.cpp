// aclnnTanh, aclnnInplaceTanh (docs/ops/unary_math.md): the dtype lists of the A2; the checks are the family's.
#include "aclnnop/aclnn_tanh.h"
#include "base/phase2_entry.h"
#include "ops/math/unary_family/unary_family.h"

namespace aclcpu {
namespace {

// self, out (empty: CanCast only), in-place dtypes.
const UnarySpec kSpec{
    UnaryOp::kTanh,
    {ACL_FLOAT, ACL_FLOAT16, ACL_BOOL, ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BF16},
    {ACL_FLOAT, ACL_FLOAT16, ACL_BOOL, ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BF16},
    {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
    true};

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnTanhGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **executor) {
  return aclcpu::Guarded(
      "aclnnTanh", [&] { return aclcpu::UnaryPhase1(aclcpu::kSpec, "aclnnTanh", self, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceTanhGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceTanh", [&] {
    return aclcpu::InplaceUnaryPhase1(aclcpu::kSpec, "aclnnInplaceTanh", selfRef, "selfRef", workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnTanh, "aclnnTanh")
ACLCPU_PHASE2_ENTRY(aclnnInplaceTanh, "aclnnInplaceTanh")

}  // extern "C"
