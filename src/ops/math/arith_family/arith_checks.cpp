#include "ops/math/arith_family/arith_checks.h"

#include <vector>

#include "base/dtype_rules.h"
#include "base/meta_objects.h"

namespace aclcpu {

aclnnStatus CheckPhase1Pointers(const OpCheck &check, const uint64_t *workspaceSize, aclOpExecutor **executor) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  return check.NotNull(executor, "executor");
}

aclnnStatus CheckAddSub(const OpCheck &check, ArithCall *c) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(c->self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(c->other, "other"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(c->alpha, "alpha"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(c->out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(c->self, "self", ACLCPU_ARITH_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(c->other, "other", ACLCPU_ARITH_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.Promotes(c->self->dataType, "self", c->other->dataType, "other", &c->promoted));
  ACLCPU_RETURN_IF_ERROR(CheckAlpha(check, c->alpha, c->promoted));
  ACLCPU_RETURN_IF_ERROR(check.Castable(c->promoted, c->out->dataType, "the result to out"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(c->self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(c->other, "other", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(c->self, "self", c->other, "other", &shape));
  return check.ShapeIs(c->out, "out", shape, "the broadcast shape of self and other");
}

aclnnStatus CheckAddsSubs(const OpCheck &check, ArithCall *c) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(c->self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(c->otherScalar, "other"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(c->alpha, "alpha"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(c->out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(c->self, "self", ACLCPU_ARITH_DTYPES));
  c->promoted = PromoteAddsScalar(c->self->dataType, c->otherScalar->dataType, c->out->dataType);
  if (c->promoted == ACL_DT_UNDEFINED) {
    return check.Invalid("self and other dtypes that promote",
                         DTypeName(c->self->dataType) + " and " + DTypeName(c->otherScalar->dataType));
  }
  ACLCPU_RETURN_IF_ERROR(CheckAlpha(check, c->alpha, c->promoted));
  ACLCPU_RETURN_IF_ERROR(check.Castable(c->promoted, c->out->dataType, "the result to out"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(c->self, "self", kMaxRank));
  return check.ShapeIs(c->out, "out", c->self->viewDims, "self's shape");
}

aclnnStatus CheckInplaceBroadcast(const OpCheck &check, const aclTensor *selfRef, const aclTensor *other) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(other, "other"));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(selfRef, "selfRef", other, "other", &shape));
  return check.ShapeIs(selfRef, "selfRef", shape, "the broadcast shape of selfRef and other: selfRef is not broadcast");
}

}  // namespace aclcpu
