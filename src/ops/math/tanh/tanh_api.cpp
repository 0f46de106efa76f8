// aclnnTanh, aclnnInplaceTanh (docs/ops/unary_math.md).
#include "aclnnop/aclnn_tanh.h"
#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/math/unary_family/unary_family.h"

namespace aclcpu {
namespace {

#define ACLCPU_SELF_DTYPES \
  { ACL_FLOAT, ACL_FLOAT16, ACL_BOOL, ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BF16 }
#define ACLCPU_OUT_DTYPES \
  { ACL_FLOAT, ACL_FLOAT16, ACL_BOOL, ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BF16 }
#define ACLCPU_INPLACE_DTYPES \
  { ACL_FLOAT, ACL_FLOAT16, ACL_BF16 }

aclnnStatus Tanh(const char *op, const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize,
                 aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_SELF_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", ACLCPU_OUT_DTYPES));
  const aclDataType compute = UnaryComputeDtype(UnaryOp::kTanh, self->dataType);
  ACLCPU_RETURN_IF_ERROR(check.Castable(compute, out->dataType, "the result to out"));
  if (self->format != out->format)
    return check.Invalid("out format equal to self format " + FormatName(self->format), FormatName(out->format));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  return LaunchUnary(op, UnaryOp::kTanh, self, out, compute, workspaceSize, executor, self == out ? "selfRef" : "out");
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnTanhGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                      aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnTanh", [&] { return aclcpu::Tanh("aclnnTanh", self, out, workspaceSize, executor); });
}

// The in-place form first requires a dtype the result can be written back in, then runs the checks of
// the out-of-place form with out = selfRef.
aclnnStatus aclnnInplaceTanhGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  constexpr const char *kOp = "aclnnInplaceTanh";
  return aclcpu::Guarded(kOp, [&] {
    const aclcpu::OpCheck check(kOp);
    ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(selfRef, "selfRef", ACLCPU_INPLACE_DTYPES));
    return aclcpu::Tanh(kOp, selfRef, selfRef, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnTanh, "aclnnTanh")
ACLCPU_PHASE2_ENTRY(aclnnInplaceTanh, "aclnnInplaceTanh")

}  // extern "C"
