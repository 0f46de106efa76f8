// aclnnInplaceFillScalar: selfRef = value converted to selfRef's dtype (docs/ops/cast_copy_fill.md).
#include "aclnnop/aclnn_fill_scalar.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"
#include "base/scalar_value.h"

extern "C" {

// workspaceSize, executor; selfRef, value not null -> selfRef dtype in the A2 list -> selfRef and value
// promote (so UINT16/32/64 tensors take a scalar of their own dtype or a complex one) -> rank <= 8.
aclnnStatus aclnnInplaceFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *value, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor) {
  constexpr const char *kOp = "aclnnInplaceFillScalar";
  return aclcpu::Guarded(kOp, [&] {
    const aclcpu::OpCheck check(kOp);
    ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(value, "value"));
    ACLCPU_RETURN_IF_ERROR(
        check.DTypeIn(selfRef, "selfRef",
                      {ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT16, ACL_INT8, ACL_UINT8, ACL_DOUBLE,
                       ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16, ACL_UINT16, ACL_UINT32, ACL_UINT64}));
    aclDataType promoted = ACL_DT_UNDEFINED;
    ACLCPU_RETURN_IF_ERROR(check.Promotes(selfRef->dataType, "selfRef", value->dataType, "value", &promoted));
    ACLCPU_RETURN_IF_ERROR(check.RankAtMost(selfRef, "selfRef", aclcpu::kMaxRank));
    const aclcpu::DType type = aclcpu::ToDType(selfRef->dataType);
    return aclcpu::CreateFillExecutor(kOp, {selfRef, "selfRef"},
                                      aclcpu::ScalarConstant(*value, type, aclcpu::ComputeTypeOf(type)), workspaceSize,
                                      executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnInplaceFillScalar, "aclnnInplaceFillScalar")

}  // extern "C"
