#include "ops/math/unary_family/unary_family.h"

#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/pointwise/pointwise_executor.h"

namespace aclcpu {

aclDataType UnaryComputeDtype(UnaryOp kind, aclDataType self) {
  if (kind == UnaryOp::kNeg) return self;
  if (kind == UnaryOp::kSqrt && self == ACL_INT64) return ACL_DOUBLE;
  return IsIntegralType(self, true) ? ACL_FLOAT : self;
}

aclnnStatus LaunchUnary(const char *op, UnaryOp kind, const aclTensor *self, const aclTensor *out,
                        aclDataType computeDtype, uint64_t *workspaceSize, aclOpExecutor **executor,
                        const char *outName) {
  const bool inplace = self == out;
  ACLCPU_RETURN_IF_ERROR(OpCheck(op).ViewsFitStorage({{self, inplace ? "selfRef" : "self"}, {out, outName}}));
  const bool compute = !IsEmpty(*self);
  PointwisePlan plan;
  if (compute) {
    const DType through = ToDType(computeDtype);
    const ComputeType type = ComputeTypeOf(through);
    const PointwiseKernel kernel = UnaryKernel(kind, type);
    if (kernel == nullptr) return InternalError(op, "no kernel for the compute dtype");
    const PointwiseInput in = PointwiseInput::Tensor(ToView(*self));
    plan = PlanPointwise(kernel, {}, type, type, &in, 1, ToView(*out), through, UnaryFused16(kind));
  }
  return CreatePointwiseExecutor(op, {{self, inplace ? "selfRef" : "self"}}, {out, outName}, plan, compute,
                                 workspaceSize, executor);
}

aclnnStatus UnaryPhase1(const UnarySpec &spec, const char *op, const aclTensor *self, const aclTensor *out,
                        uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", spec.selfDtypes));
  if (!spec.outDtypes.empty()) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", spec.outDtypes));
  const aclDataType compute = UnaryComputeDtype(spec.kind, self->dataType);
  ACLCPU_RETURN_IF_ERROR(check.Castable(compute, out->dataType, "the result to out"));
  if (spec.sameFormats) {
    if (self->format != out->format)
      return check.Invalid("out format equal to self format " + FormatName(self->format), FormatName(out->format));
    ACLCPU_RETURN_IF_ERROR(check.PublicFormat(self, "self"));
  }
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  return LaunchUnary(op, spec.kind, self, out, compute, workspaceSize, executor, self == out ? "selfRef" : "out");
}

aclnnStatus InplaceUnaryPhase1(const UnarySpec &spec, const char *op, aclTensor *selfRef, const char *name,
                               uint64_t *workspaceSize, aclOpExecutor **executor) {
  if (!spec.inplaceDtypes.empty()) {
    const OpCheck check(op);
    ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, name));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(selfRef, name, spec.inplaceDtypes));
  }
  return UnaryPhase1(spec, op, selfRef, selfRef, workspaceSize, executor);
}

}  // namespace aclcpu
