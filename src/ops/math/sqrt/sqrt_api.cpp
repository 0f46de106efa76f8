// aclnnSqrt, aclnnInplaceSqrt (docs/ops/unary_math.md).
#include "aclnnop/aclnn_sqrt.h"
#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/math/unary_family/unary_family.h"

namespace aclcpu {
namespace {

#define ACLCPU_SELF_DTYPES                                                                                        \
  {                                                                                                               \
    ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_INT32, ACL_INT64, ACL_INT16, ACL_INT8, \
        ACL_BOOL, ACL_BF16, ACL_UINT8                                                                             \
  }
#define ACLCPU_INPLACE_DTYPES \
  { ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16 }

aclnnStatus Sqrt(const char *op, const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize,
                 aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_SELF_DTYPES));
  const aclDataType compute = UnaryComputeDtype(UnaryOp::kSqrt, self->dataType);
  ACLCPU_RETURN_IF_ERROR(check.Castable(compute, out->dataType, "the result to out"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  return LaunchUnary(op, UnaryOp::kSqrt, self, out, compute, workspaceSize, executor, self == out ? "selfRef" : "out");
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSqrtGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **opExecutor) {
  return aclcpu::Guarded("aclnnSqrt", [&] { return aclcpu::Sqrt("aclnnSqrt", self, out, workspaceSize, opExecutor); });
}

// The in-place form first requires a dtype the result can be written back in, then runs the checks of
// the out-of-place form with out = self.
aclnnStatus aclnnInplaceSqrtGetWorkspaceSize(aclTensor *self, uint64_t *workspaceSize, aclOpExecutor **executor) {
  constexpr const char *kOp = "aclnnInplaceSqrt";
  return aclcpu::Guarded(kOp, [&] {
    const aclcpu::OpCheck check(kOp);
    ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_INPLACE_DTYPES));
    return aclcpu::Sqrt(kOp, self, self, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnSqrt, "aclnnSqrt")
ACLCPU_PHASE2_ENTRY(aclnnInplaceSqrt, "aclnnInplaceSqrt")

}  // extern "C"
