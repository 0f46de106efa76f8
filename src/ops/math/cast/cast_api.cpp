// aclnnCast: out = self converted to `dtype` (then to out's dtype, which the vendor never compares
// with `dtype`) (docs/ops/cast_copy_fill.md).
#include "aclnnop/aclnn_cast.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnCast";

#define ACLCPU_CAST_DTYPES                                                                                            \
  {                                                                                                                   \
    ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT16, ACL_UINT32, \
        ACL_UINT64, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16                                                 \
  }

// null (self, out) -> self dtype, then `dtype` in the list -> self rank <= 8, out shape == self's.
aclnnStatus Cast(const aclTensor *self, aclDataType dtype, aclTensor *out, uint64_t *workspaceSize,
                 aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_CAST_DTYPES));
  bool dtypeListed = false;
  for (aclDataType t : ACLCPU_CAST_DTYPES) dtypeListed = dtypeListed || t == dtype;
  if (!dtypeListed) return check.Invalid("dtype in the list of self's dtypes", DTypeName(dtype));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  // The device view-copies the converted tensor into out of any dtype; the CPU writes only dtypes it
  // knows (docs/compat.md).
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", ACLCPU_CAST_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{self, "self"}, {out, "out"}}));
  const bool compute = !IsEmpty(*self);
  const DType target = ToDType(dtype);
  const PointwiseInput in = PointwiseInput::Tensor(ToView(*self));
  const PointwisePlan plan = compute ? PlanPointwise(nullptr, {}, ConversionComputeType(in.view.dtype, target),
                                                     ComputeTypeOf(target), &in, 1, ToView(*out), target)
                                     : PointwisePlan{};
  return CreatePointwiseExecutor(kOp, {{self, "self"}}, {out, "out"}, plan, compute, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor *self, const aclDataType dtype, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Cast(self, dtype, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnCast, "aclnnCast")

}  // extern "C"
