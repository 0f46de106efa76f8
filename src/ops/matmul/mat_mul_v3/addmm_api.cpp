// aclnnAddmm and aclnnInplaceAddmm: out = beta * self + alpha * (mat1 @ mat2), self broadcast to (m, n)
// (docs/ops/matmul.md §6).
#include <cfloat>
#include <cmath>

#include "aclnnop/aclnn_addmm.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/scalar_value.h"
#include "ops/matmul/matmul_family/matmul_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnAddmm";
constexpr const char *kInplaceOp = "aclnnInplaceAddmm";

// The vendor reads beta and alpha as float and takes values within FLT_EPSILON of 0 or 1 as exactly 0 or 1.
double Snapped(const aclScalar &s) {
  const float v = ScalarToFloat(s);
  if (std::fabs(v) <= FLT_EPSILON) return 0.0;
  if (std::fabs(v - 1.0f) <= FLT_EPSILON) return 1.0;
  return v;
}

// workspaceSize, executor -> null self, mat1, mat2, beta, alpha, out -> rule check (mat1, mat2, self as the
// bias, out) -> mat1, mat2 2-D and k -> self not FRACTAL_NZ, rank <= 2, not 0-d, broadcast to (m, n) ->
// out (m, n) -> empty.
aclnnStatus Addmm(const char *op, const aclTensor *self, const aclTensor *mat1, const aclTensor *mat2,
                  const aclScalar *beta, const aclScalar *alpha, aclTensor *out, int8_t cubeMathType,
                  uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(op);
  const char *outName = op == kInplaceOp ? "selfRef" : "out";
  const char *selfName = op == kInplaceOp ? "selfRef" : "self";
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, selfName));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(mat1, "mat1"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(mat2, "mat2"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(beta, "beta"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(alpha, "alpha"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, outName));
  ACLCPU_RETURN_IF_ERROR(
      CheckMatmulRule(check, {{mat1, "mat1"}, {mat2, "mat2"}, {self, selfName}, {out, outName}}, cubeMathType));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(mat1, "mat1", 2));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(mat2, "mat2", 2));
  const int64_t m = mat1->viewDims[0], k = mat1->viewDims[1], n = mat2->viewDims[1];
  if (k != mat2->viewDims[0])
    return check.Invalid("mat1's dim 1 equal to mat2's dim 0", ShapeOf(mat1) + " and " + ShapeOf(mat2));
  ACLCPU_RETURN_IF_ERROR(CheckNotNz(check, self, selfName));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, selfName, 2));
  if (self->storageDims.empty()) return check.Invalid(std::string(selfName) + " of rank 1 or 2", "a 0-d tensor");
  std::vector<int64_t> joint;
  if (!BroadcastShapes(self->viewDims, {m, n}, &joint))
    return check.Invalid(std::string(selfName) + " that broadcasts with (m, n) = " + ShapeString({m, n}),
                         ShapeOf(self));
  // The vendor checks only out's dims 0 and 1; a rank other than 2 is refused here (docs/compat.md).
  if (m == 0 || n == 0) {
    if (!IsEmpty(*out)) return check.Invalid(std::string(outName) + " empty (m or n is 0)", ShapeOf(out));
  } else {
    ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, outName, {m, n}, "mat1 @ mat2"));
  }
  MatmulCall call;
  call.op = op;
  call.a = {mat1, "mat1"};
  call.b = {mat2, "mat2"};
  call.self = {self, selfName};
  call.out = {out, outName};
  call.cubeMathType = cubeMathType;
  call.compute = !IsEmpty(*self) && m != 0 && n != 0;
  if (!call.compute) return LaunchMatmul(call, workspaceSize, executor);  // nothing to write; out may be of any rank
  // A self that broadcasts with (m, n) only to a larger shape (e.g. (2, n) with m = 1) has no defined result.
  if (joint != std::vector<int64_t>{m, n})
    return check.Invalid(std::string(selfName) + " that broadcasts to (m, n) = " + ShapeString({m, n}), ShapeOf(self));
  call.shape.m = m;
  call.shape.k = k;
  call.shape.n = n;
  call.aView = MatrixView(*mat1, {}, 0, mat1->strides[0], mat1->strides[1]);
  call.bView = MatrixView(*mat2, {}, 0, mat2->strides[0], mat2->strides[1]);
  call.outView = MatrixView(*out, {}, 0, out->strides[0], out->strides[1]);
  // self as (m, n): a dim of size 1 (or a missing one) steps by 0.
  const Dims selfDims = DimsOf(*self, 0, self->viewDims.size());
  const size_t rank = selfDims.sizes.size();
  // (a 0-d view over storage of rank >= 1 passes the vendor's storage-rank check: one value for every element)
  call.selfView =
      MatrixView(*self, {}, 0, rank == 2 ? selfDims.strides[0] : 0, rank >= 1 ? selfDims.strides[rank - 1] : 0);
  call.numerics =
      MatmulNumerics(ToDType(mat1->dataType), ToDType(mat2->dataType), ToDType(out->dataType), cubeMathType);
  call.alpha = Snapped(*alpha);
  call.beta = Snapped(*beta);
  // alpha 0: beta * self alone (NaN in the matrices does not reach out); beta 0: alpha * product alone.
  call.useProduct = call.alpha != 0.0 && k != 0;
  call.useSelf = call.beta != 0.0 || !call.useProduct;
  return LaunchMatmul(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnAddmmGetWorkspaceSize(const aclTensor *self, const aclTensor *mat1, const aclTensor *mat2,
                                       const aclScalar *beta, const aclScalar *alpha, aclTensor *out,
                                       int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::Addmm(aclcpu::kOp, self, mat1, mat2, beta, alpha, out, cubeMathType, workspaceSize, executor);
  });
}

aclnnStatus aclnnInplaceAddmmGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *mat1, const aclTensor *mat2,
                                              const aclScalar *beta, const aclScalar *alpha, int8_t cubeMathType,
                                              uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kInplaceOp, [&] {
    return aclcpu::Addmm(aclcpu::kInplaceOp, selfRef, mat1, mat2, beta, alpha, const_cast<aclTensor *>(selfRef),
                         cubeMathType, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnAddmm, aclcpu::kOp)
ACLCPU_PHASE2_ENTRY(aclnnInplaceAddmm, aclcpu::kInplaceOp)

}  // extern "C"
