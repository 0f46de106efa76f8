// aclnnMul, aclnnInplaceMul, aclnnMuls, aclnnInplaceMuls: out = self * other (docs/ops/arithmetic.md).
#include <vector>

#include "aclnnop/aclnn_mul.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/math/arith_family/arith_checks.h"

namespace aclcpu {
namespace {

// Mul: null (self, other, out) -> self, other and out dtypes -> promotion, CanCast to out -> ranks,
// broadcast, out == broadcast shape.
aclnnStatus Mul(const aclTensor *self, const aclTensor *other, const aclTensor *out, uint64_t *workspaceSize,
                aclOpExecutor **executor) {
  const OpCheck check("aclnnMul");
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(other, "other"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_ARITH_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(other, "other", ACLCPU_ARITH_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", ACLCPU_ARITH_DTYPES));
  ArithCall call{"aclnnMul", ArithOp::kMul, self, other, nullptr, nullptr, out, ACL_DT_UNDEFINED};
  ACLCPU_RETURN_IF_ERROR(check.Promotes(self->dataType, "self", other->dataType, "other", &call.promoted));
  ACLCPU_RETURN_IF_ERROR(check.Castable(call.promoted, out->dataType, "the result to out"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(other, "other", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(self, "self", other, "other", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", shape, "the broadcast shape of self and other"));
  return LaunchArith(call, workspaceSize, executor);
}

// InplaceMul: null (selfRef, other) -> dtypes -> promotion, CanCast to selfRef -> broadcast == selfRef's
// shape (no rank check).
aclnnStatus InplaceMul(const aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize,
                       aclOpExecutor **executor) {
  const OpCheck check("aclnnInplaceMul");
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(other, "other"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(selfRef, "selfRef", ACLCPU_ARITH_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(other, "other", ACLCPU_ARITH_DTYPES));
  ArithCall call{"aclnnInplaceMul", ArithOp::kMul, selfRef, other, nullptr, nullptr, selfRef, ACL_DT_UNDEFINED};
  ACLCPU_RETURN_IF_ERROR(check.Promotes(selfRef->dataType, "selfRef", other->dataType, "other", &call.promoted));
  ACLCPU_RETURN_IF_ERROR(check.Castable(call.promoted, selfRef->dataType, "the result to selfRef"));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(selfRef, "selfRef", other, "other", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(selfRef, "selfRef", shape, "the broadcast shape: selfRef is not broadcast"));
  return LaunchArith(call, workspaceSize, executor);
}

// Muls: null (self, other, out) -> self and out dtypes -> out == self's shape (no promotion check, no
// rank check on the A2). InplaceMuls: null (selfRef, other) -> selfRef dtype, nothing more.
aclnnStatus Muls(const char *op, const aclTensor *self, const aclScalar *other, const aclTensor *out,
                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  const bool inplace = self == out;
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, inplace ? "selfRef" : "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(other, "other"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, inplace ? "selfRef" : "self", ACLCPU_ARITH_DTYPES));
  if (!inplace) {
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", ACLCPU_ARITH_DTYPES));
    ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", self->viewDims, "self's shape"));
  }
  ArithCall call{op,    ArithOp::kMul, self, nullptr,
                 other, nullptr,       out,  PromoteMulsScalar(self->dataType, other->dataType, out->dataType)};
  // The A2 has no promotion check here: the device fails later, in its kernel (docs/compat.md).
  if (call.promoted == ACL_DT_UNDEFINED)
    return check.Invalid("a scalar dtype that promotes with self's " + DTypeName(self->dataType),
                         DTypeName(other->dataType));
  // A BF16 tensor times a DOUBLE scalar has its own kernel on the A2: the scalar as a FLOAT, a BF16 result.
  if (self->dataType == ACL_BF16 && other->dataType == ACL_DOUBLE) {
    call.promoted = ACL_BF16;
    call.scalarAs = ACL_FLOAT;
  }
  return LaunchArith(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                     uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnMul", [&] { return aclcpu::Mul(self, other, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize,
                                            aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceMul",
                         [&] { return aclcpu::InplaceMul(selfRef, other, workspaceSize, executor); });
}

aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnMuls",
                         [&] { return aclcpu::Muls("aclnnMuls", self, other, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceMulsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize,
                                             aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceMuls", [&] {
    return aclcpu::Muls("aclnnInplaceMuls", selfRef, other, selfRef, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnMul, "aclnnMul")
ACLCPU_PHASE2_ENTRY(aclnnInplaceMul, "aclnnInplaceMul")
ACLCPU_PHASE2_ENTRY(aclnnMuls, "aclnnMuls")
ACLCPU_PHASE2_ENTRY(aclnnInplaceMuls, "aclnnInplaceMuls")

}  // extern "C"
