// aclnnDiv, aclnnInplaceDiv, aclnnDivs, aclnnInplaceDivs: out = self / other, true division
// (docs/ops/arithmetic.md).
#include <vector>

#include "aclnnop/aclnn_div.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/math/arith_family/arith_checks.h"

namespace aclcpu {
namespace {

// Div: null (out, other, self) -> ranks, broadcast, out == broadcast shape -> other, then self dtype ->
// promotion, CanCast to out -> no device-private storage format.
aclnnStatus Div(const char *op, const aclTensor *self, const aclTensor *other, const aclTensor *out,
                uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(other, "other"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(other, "other", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(self, "self", other, "other", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", shape, "the broadcast shape of self and other"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(other, "other", ACLCPU_ARITH_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_ARITH_DTYPES));
  ArithCall call{op, ArithOp::kDiv, self, other, nullptr, nullptr, out, ACL_DT_UNDEFINED};
  ACLCPU_RETURN_IF_ERROR(check.Promotes(self->dataType, "self", other->dataType, "other", &call.promoted));
  ACLCPU_RETURN_IF_ERROR(check.Castable(call.promoted, out->dataType, "the result to out"));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(other, "other"));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(out, "out"));
  return LaunchArith(call, workspaceSize, executor);
}

// Divs: null (self, other, out) -> no private format (out, self) -> scalar, then self dtype -> rank,
// out == self's shape -> CanCast(self, out).
aclnnStatus Divs(const char *op, const aclTensor *self, const aclScalar *other, const aclTensor *out,
                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(CheckPhase1Pointers(check, workspaceSize, executor));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(other, "other"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.ScalarDTypeIn(other, "other", ACLCPU_ARITH_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_ARITH_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", self->viewDims, "self's shape"));
  ACLCPU_RETURN_IF_ERROR(check.Castable(self->dataType, out->dataType, "self to out"));
  const ArithCall call{op,    ArithOp::kDiv, self, nullptr,
                       other, nullptr,       out,  PromoteDivsScalar(self->dataType, other->dataType)};
  return LaunchArith(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnDivGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out,
                                     uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnDiv",
                         [&] { return aclcpu::Div("aclnnDiv", self, other, out, workspaceSize, executor); });
}

// The vendor's InplaceDiv checks selfRef and other (and that selfRef is not broadcast) before Div's checks.
aclnnStatus aclnnInplaceDivGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize,
                                            aclOpExecutor **executor) {
  constexpr const char *kOp = "aclnnInplaceDiv";
  return aclcpu::Guarded(kOp, [&] {
    ACLCPU_RETURN_IF_ERROR(aclcpu::CheckInplaceBroadcast(aclcpu::OpCheck(kOp), selfRef, other));
    return aclcpu::Div(kOp, selfRef, other, selfRef, workspaceSize, executor);
  });
}

aclnnStatus aclnnDivsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out,
                                      uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnDivs",
                         [&] { return aclcpu::Divs("aclnnDivs", self, other, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceDivsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize,
                                             aclOpExecutor **executor) {
  return aclcpu::Guarded("aclnnInplaceDivs", [&] {
    return aclcpu::Divs("aclnnInplaceDivs", selfRef, other, selfRef, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnDiv, "aclnnDiv")
ACLCPU_PHASE2_ENTRY(aclnnInplaceDiv, "aclnnInplaceDiv")
ACLCPU_PHASE2_ENTRY(aclnnDivs, "aclnnDivs")
ACLCPU_PHASE2_ENTRY(aclnnInplaceDivs, "aclnnInplaceDivs")

}  // extern "C"
