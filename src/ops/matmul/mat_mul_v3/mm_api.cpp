// aclnnMm: out (m, n) = self (m, k) @ mat2 (k, n) (docs/ops/matmul.md §4).
#include "aclnnop/aclnn_mm.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/matmul/matmul_family/matmul_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnMm";

// workspaceSize, executor -> null out, self, mat2 -> rule check -> mat2, self 2-D and k -> out (m, n).
aclnnStatus Mm(const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType,
               uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(mat2, "mat2"));
  ACLCPU_RETURN_IF_ERROR(CheckMatmulRule(check, {{self, "self"}, {mat2, "mat2"}, {out, "out"}}, cubeMathType));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(mat2, "mat2", 2));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(self, "self", 2));
  if (self->viewDims[1] != mat2->viewDims[0])
    return check.Invalid("self's dim 1 equal to mat2's dim 0", ShapeOf(self) + " and " + ShapeOf(mat2));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(out, "out", 2));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", {self->viewDims[0], mat2->viewDims[1]}, "self @ mat2"));
  MatmulCall call = PairCall(kOp, self, mat2, out, cubeMathType);
  call.compute = !IsEmpty(*out);
  call.shape.m = self->viewDims[0];
  call.shape.k = self->viewDims[1];
  call.shape.n = mat2->viewDims[1];
  call.aView = MatrixView(*self, {}, 0, self->strides[0], self->strides[1]);
  call.bView = MatrixView(*mat2, {}, 0, mat2->strides[0], mat2->strides[1]);
  call.outView = MatrixView(*out, {}, 0, out->strides[0], out->strides[1]);
  return LaunchMatmul(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnMmGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType,
                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::Mm(self, mat2, out, cubeMathType, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnMm, aclcpu::kOp)

}  // extern "C"
