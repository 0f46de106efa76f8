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
    plan = PlanPointwise(kernel, {}, type, type, &in, 1, ToView(*out), through);
  }
  return CreatePointwiseExecutor(op, {{self, inplace ? "selfRef" : "self"}}, {out, outName}, plan, compute,
                                 workspaceSize, executor);
}

}  // namespace aclcpu
