// aclnnInplaceOne: selfRef = 1 (docs/ops/cast_copy_fill.md).
#include "aclnnop/aclnn_ones.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"

namespace aclcpu {
namespace {

PointwiseInput OneIn(ComputeType t) {
  switch (t) {
    case ComputeType::kF32: return PointwiseInput::Constant(1.0f);
    case ComputeType::kF64: return PointwiseInput::Constant(1.0);
    case ComputeType::kI64: return PointwiseInput::Constant(int64_t{1});
    case ComputeType::kC64: return PointwiseInput::Constant(c64(1, 0));
    case ComputeType::kC128: return PointwiseInput::Constant(c128(1, 0));
  }
  return {};
}

}  // namespace
}  // namespace aclcpu

extern "C" {

// workspaceSize, executor, selfRef not null -> selfRef dtype in the A2 list (UINT16, in the doc, is not in
// the code's) -> rank <= 8.
aclnnStatus aclnnInplaceOneGetWorkspaceSize(const aclTensor *selfRef, uint64_t *workspaceSize,
                                            aclOpExecutor **executor) {
  constexpr const char *kOp = "aclnnInplaceOne";
  return aclcpu::Guarded(kOp, [&] {
    const aclcpu::OpCheck check(kOp);
    ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(selfRef, "selfRef",
                                         {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8,
                                          ACL_BOOL, ACL_DOUBLE, ACL_BF16}));
    ACLCPU_RETURN_IF_ERROR(check.RankAtMost(selfRef, "selfRef", aclcpu::kMaxRank));
    const aclcpu::DType type = aclcpu::ToDType(selfRef->dataType);
    return aclcpu::CreateFillExecutor(kOp, {selfRef, "selfRef"}, aclcpu::OneIn(aclcpu::ComputeTypeOf(type)),
                                      workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnInplaceOne, "aclnnInplaceOne")

}  // extern "C"
