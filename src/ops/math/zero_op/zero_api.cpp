// aclnnInplaceZero: selfRef = 0 (docs/ops/cast_copy_fill.md).
#include "aclnnop/aclnn_zero.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"

extern "C" {

// workspaceSize, executor, selfRef not null -> selfRef dtype in the A2 list (no rank limit).
aclnnStatus aclnnInplaceZeroGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  constexpr const char *kOp = "aclnnInplaceZero";
  return aclcpu::Guarded(kOp, [&] {
    const aclcpu::OpCheck check(kOp);
    ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(selfRef, "selfRef",
                                         {ACL_INT8, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_FLOAT16, ACL_FLOAT, ACL_BOOL,
                                          ACL_DOUBLE, ACL_INT16, ACL_UINT16, ACL_COMPLEX128, ACL_COMPLEX64, ACL_BF16}));
    // Zero bits are zero in every compute type.
    return aclcpu::CreateFillExecutor(kOp, {selfRef, "selfRef"}, aclcpu::PointwiseInput::Constant(aclcpu::c128(0, 0)),
                                      workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnInplaceZero, "aclnnInplaceZero")

}  // extern "C"
