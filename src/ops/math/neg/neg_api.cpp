// aclnnNeg, aclnnInplaceNeg (docs/ops/unary_math.md).
#include "aclnnop/aclnn_neg.h"
#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/math/unary_family/unary_family.h"

namespace aclcpu {
namespace {

#define ACLCPU_SELF_DTYPES \
  { ACL_INT8, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16 }
#define ACLCPU_INPLACE_DTYPES \
  { ACL_INT8, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16 }

aclnnStatus Neg(const char *op, const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize,
                aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_SELF_DTYPES));
  const aclDataType compute = UnaryComputeDtype(UnaryOp::kNeg, self->dataType);
  ACLCPU_RETURN_IF_ERROR(check.Castable(compute, out->dataType, "the result to out"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  return LaunchUnary(op, UnaryOp::kNeg, self, out, compute, workspaceSize, executor, self == out ? "selfRef" : "out");
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnNegGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                     aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnNeg", [&] { return aclcpu::Neg("aclnnNeg", self, out, workspaceSize, executor); });
}

// The vendor's InplaceNeg is Neg with out = selfRef.
aclnnStatus aclnnInplaceNegGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceNeg",
                         [&] { return aclcpu::Neg("aclnnInplaceNeg", selfRef, selfRef, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnNeg, "aclnnNeg")
ACLCPU_PHASE2_ENTRY(aclnnInplaceNeg, "aclnnInplaceNeg")

}  // extern "C"
