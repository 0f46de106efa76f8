// aclnnInplaceMaskedFillScalar: selfRef = value where mask (broadcast to selfRef) is true
// (docs/ops/cast_copy_fill.md).
#include <vector>

#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"
#include "base/scalar_value.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnInplaceMaskedFillScalar";

// in: selfRef, mask (0 or 1 in the same compute type), value.
template <class T>
void MaskedFill(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const T *self = static_cast<const T *>(in[0]), *mask = static_cast<const T *>(in[1]);
  const T value = *static_cast<const T *>(in[2]);
  T *o = static_cast<T *>(out);
  for (int64_t k = 0; k < n; ++k) o[k] = mask[k] != T(0) ? value : self[k];
}

// null (selfRef, mask, value) -> selfRef dtype in the A2 list, mask BOOL -> ranks <= 8, broadcast(selfRef,
// mask) == selfRef's shape. The value's dtype is not checked (it is converted to selfRef's).
aclnnStatus InplaceMaskedFillScalar(aclTensor *selfRef, const aclTensor *mask, const aclScalar *value,
                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(mask, "mask"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(value, "value"));
  ACLCPU_RETURN_IF_ERROR(
      check.DTypeIn(selfRef, "selfRef", {ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT8, ACL_BOOL, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(mask, "mask", {ACL_BOOL}));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(selfRef, "selfRef", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(mask, "mask", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(selfRef, "selfRef", mask, "mask", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(selfRef, "selfRef", shape, "the broadcast shape: mask broadcasts to selfRef"));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{selfRef, "selfRef"}, {mask, "mask"}}));
  const bool compute = !IsEmpty(*selfRef) && !IsEmpty(*mask);
  PointwisePlan plan;
  if (compute) {
    const TensorView out = ToView(*selfRef);
    const ComputeType type = ComputeTypeOf(out.dtype);  // kF32 or kI64 for this list
    const PointwiseInput in[3] = {PointwiseInput::Tensor(out), PointwiseInput::Tensor(ToView(*mask)),
                                  ScalarConstant(*value, out.dtype, type)};
    const PointwiseKernel kernel = type == ComputeType::kF32 ? &MaskedFill<float> : &MaskedFill<int64_t>;
    plan = PlanPointwise(kernel, {}, type, type, in, 3, out);
  }
  return CreatePointwiseExecutor(kOp, {{selfRef, "selfRef"}, {mask, "mask"}}, {selfRef, "selfRef"}, plan, compute,
                                 workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnInplaceMaskedFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask,
                                                         const aclScalar *value, uint64_t *workspaceSize,
                                                         aclOpExecutor **executor) {
  return aclcpu::Guarded(
      aclcpu::kOp, [&] { return aclcpu::InplaceMaskedFillScalar(selfRef, mask, value, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnInplaceMaskedFillScalar, "aclnnInplaceMaskedFillScalar")

}  // extern "C"
