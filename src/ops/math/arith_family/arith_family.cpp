#include "ops/math/arith_family/arith_family.h"

#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/pointwise/pointwise_executor.h"
#include "base/scalar_value.h"

namespace aclcpu {
namespace {

// The dtype the quotient is computed in: floating and complex promotions keep theirs, integers and
// bool divide in FLOAT (the vendor's int32 and bool kernels return FLOAT).
ComputeType DivCompute(aclDataType promoted) {
  return IsFloatingType(promoted) || IsComplexType(promoted) ? ComputeTypeOf(ToDType(promoted)) : ComputeType::kF32;
}

PointwiseParams ParamsOf(const ArithCall &c) {
  PointwiseParams p;
  if (c.alpha == nullptr) return p;
  // A2 tests "alpha equals 1" on its float value with two comparisons, so a NaN alpha counts as 1.
  const float alphaF = ScalarToFloat(*c.alpha);
  if (!(alphaF > 1 || alphaF < 1)) p.i[1] |= kArithAlphaIsOne;
  // Axpy takes alpha as a float for FLOAT, FLOAT16 and INT32 (and Sub for any floating dtype but
  // DOUBLE); otherwise alpha becomes a value of the promoted dtype.
  const bool asFloat = c.promoted == ACL_FLOAT || c.promoted == ACL_FLOAT16 || c.promoted == ACL_INT32 ||
                       (c.kind == ArithOp::kSub && c.promoted == ACL_BF16);
  p.f[0] = asFloat ? alphaF : ScalarThrough<double>(*c.alpha, ToDType(c.promoted), ComputeType::kF64);
  p.i[0] = ScalarThrough<int64_t>(*c.alpha, ToDType(c.promoted), ComputeType::kI64);
  p.c[0] = ScalarThrough<c128>(*c.alpha, ToDType(c.promoted), ComputeType::kC128);
  return p;
}

}  // namespace

aclnnStatus CheckAlpha(const OpCheck &check, const aclScalar *alpha, aclDataType promoted) {
  if (promoted == ACL_BOOL) {
    if (IsIntegralType(alpha->dataType, true)) return ACLNN_SUCCESS;
    return check.Invalid("an integral or BOOL alpha when the result is BOOL", DTypeName(alpha->dataType));
  }
  return check.Castable(alpha->dataType, promoted, "alpha to the promoted dtype");
}

aclDataType PromoteAddsScalar(aclDataType tensor, aclDataType scalar, aclDataType out) {
  if (IsComplexType(tensor) || IsComplexType(scalar)) return PromoteTypes(tensor, scalar);
  if (IsFloatingType(tensor)) return tensor;
  if (scalar == ACL_DOUBLE && out == ACL_FLOAT) return ACL_FLOAT;
  if (IsFloatingType(scalar) || tensor == ACL_BOOL) return PromoteTypes(tensor, scalar);
  return tensor;
}

aclDataType PromoteMulsScalar(aclDataType tensor, aclDataType scalar, aclDataType out) {
  if (IsComplexType(tensor) || IsComplexType(scalar)) return PromoteTypes(tensor, scalar);
  if (tensor == ACL_DOUBLE || tensor == ACL_FLOAT || tensor == ACL_FLOAT16) return tensor;
  if (tensor == ACL_BF16) return ACL_FLOAT;
  if ((tensor == ACL_BOOL && scalar == ACL_DOUBLE) || (scalar == ACL_DOUBLE && out == ACL_FLOAT)) return ACL_FLOAT;
  if (IsFloatingType(scalar) || tensor == ACL_BOOL) return PromoteTypes(tensor, scalar);
  return tensor;
}

aclDataType PromoteDivsScalar(aclDataType tensor, aclDataType scalar) {
  if (IsComplexType(scalar)) return PromoteTypes(tensor, scalar);  // only a complex scalar promotes
  if (IsComplexType(tensor)) return tensor;
  // These pairs go to the vendor's mixed-dtype RealDiv: the scalar stays a FLOAT, the quotient is FLOAT.
  const bool half = tensor == ACL_FLOAT16 || tensor == ACL_BF16;
  const bool otherHalf = (scalar == ACL_FLOAT16 || scalar == ACL_BF16) && scalar != tensor;
  if ((half && (scalar == ACL_FLOAT || otherHalf)) || (tensor == ACL_BF16 && scalar == ACL_DOUBLE)) return ACL_FLOAT;
  if (IsFloatingType(tensor)) return tensor;
  return ACL_FLOAT;
}

aclnnStatus LaunchArith(const ArithCall &c, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(c.op);
  std::vector<NamedTensor> tensors = {{c.self, "self"}};
  if (c.other != nullptr) tensors.push_back({c.other, "other"});
  std::vector<NamedTensor> all = tensors;
  all.push_back({c.out, "out"});
  // CPU only: InplaceMul(s) and Muls have no rank limit on the A2; the engine takes at most 8 dims.
  for (const NamedTensor &t : all) ACLCPU_RETURN_IF_ERROR(check.RankAtMost(t.tensor, t.name, kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage(all));
  if (c.promoted == ACL_DT_UNDEFINED) return check.Invalid("self and other dtypes that promote", "none");
  const bool compute = !IsEmpty(*c.self) && (c.other == nullptr || !IsEmpty(*c.other));
  PointwisePlan plan;
  if (compute) {
    const DType promoted = ToDType(c.promoted);
    const ComputeType type = c.kind == ArithOp::kDiv ? DivCompute(c.promoted) : ComputeTypeOf(promoted);
    const PointwiseKernel kernel = ArithKernel(c.kind, type);
    if (kernel == nullptr) return InternalError(c.op, "no kernel for the promoted dtype");
    const PointwiseParams params = ParamsOf(c);
    // Sub with alpha != 1 and a FLOAT16/BF16 promotion computes in FLOAT from the inputs as they are
    // and writes that FLOAT to out (the vendor's Axpy path).
    const bool subInFloat = c.kind == ArithOp::kSub && (params.i[1] & kArithAlphaIsOne) == 0 &&
                            (c.promoted == ACL_FLOAT16 || c.promoted == ACL_BF16);
    // Other FLOAT16/BF16 promotions cast each input to that dtype first (an INT32 2049 is FLOAT16 2048).
    const bool castInputs = !subInFloat && (c.promoted == ACL_FLOAT16 || c.promoted == ACL_BF16);
    PointwiseInput in[2] = {PointwiseInput::Tensor(ToView(*c.self)), {}};
    if (c.other != nullptr) {
      in[1] = PointwiseInput::Tensor(ToView(*c.other));
    } else {
      const aclDataType scalarAs = c.scalarAs != ACL_DT_UNDEFINED ? c.scalarAs : c.promoted;
      in[1] = ScalarConstant(*c.otherScalar, ToDType(scalarAs), type);
    }
    for (PointwiseInput &input : in) {
      if (castInputs && !input.constant && input.view.dtype != promoted) input.loadThrough = promoted;
    }
    const bool divInFloat = c.kind == ArithOp::kDiv && type != ComputeTypeOf(promoted);
    plan = PlanPointwise(kernel, params, type, type, in, 2, ToView(*c.out),
                         divInFloat || subInFloat ? DType::kOther : promoted, ArithFused16(c.kind));
  }
  return CreatePointwiseExecutor(c.op, tensors, {c.out, "out"}, plan, compute, workspaceSize, executor);
}

}  // namespace aclcpu
