// aclnnInplaceCopy: selfRef = src broadcast to selfRef's shape and converted to its dtype
// (docs/ops/cast_copy_fill.md).
#include <vector>

#include "aclnnop/aclnn_copy.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnInplaceCopy";

#define ACLCPU_COPY_DTYPES                                                                                            \
  {                                                                                                                   \
    ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_FLOAT16, ACL_FLOAT, \
        ACL_BOOL, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16                                                 \
  }

// null (selfRef, src) -> dtypes (selfRef, src) -> ranks <= 8, broadcast(selfRef, src) == selfRef's shape.
aclnnStatus InplaceCopy(aclTensor *selfRef, const aclTensor *src, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(src, "src"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(selfRef, "selfRef", ACLCPU_COPY_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(src, "src", ACLCPU_COPY_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(selfRef, "selfRef", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(src, "src", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(selfRef, "selfRef", src, "src", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(selfRef, "selfRef", shape, "the broadcast shape: src broadcasts to selfRef"));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{src, "src"}, {selfRef, "selfRef"}}));
  const bool compute = !IsEmpty(*selfRef) && !IsEmpty(*src);
  const PointwiseInput in = PointwiseInput::Tensor(ToView(*src));
  const TensorView out = ToView(*selfRef);
  const PointwisePlan plan = compute ? PlanPointwise(nullptr, {}, ConversionComputeType(in.view.dtype, out.dtype),
                                                     ComputeTypeOf(out.dtype), &in, 1, out)
                                     : PointwisePlan{};
  return CreatePointwiseExecutor(kOp, {{src, "src"}}, {selfRef, "selfRef"}, plan, compute, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnInplaceCopyGetWorkspaceSize(aclTensor *selfRef, const aclTensor *src, uint64_t *workspaceSize,
                                             aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::InplaceCopy(selfRef, src, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceCopy(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                             const aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
