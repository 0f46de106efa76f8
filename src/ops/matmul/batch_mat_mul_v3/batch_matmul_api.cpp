// aclnnBatchMatMul: out (b, m, n) = self (b1, m, k) @ mat2 (b2, k, n), b1 == b2 or one of them 1
// (docs/ops/matmul.md §5).
#include <algorithm>

#include "aclnnop/aclnn_batch_matmul.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/matmul/matmul_family/matmul_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnBatchMatMul";

// workspaceSize, executor -> (cubeMathType 4 read as 0) -> null self, mat2, out -> rule check -> ranks 3 ->
// mat2 FRACTAL_NZ with a unit matrix dim -> k -> batch broadcast -> out shape -> self, out not FRACTAL_NZ.
aclnnStatus BatchMatMul(const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType,
                        uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  if (cubeMathType == kCubeUseFp32Add) cubeMathType = kCubeKeepDtype;  // the vendor's A2 route, before any check
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(mat2, "mat2"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(CheckMatmulRule(check, {{self, "self"}, {mat2, "mat2"}, {out, "out"}}, cubeMathType));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(self, "self", 3));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(mat2, "mat2", 3));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(out, "out", 3));
  const std::vector<int64_t> &s = self->viewDims, &w = mat2->viewDims;
  if (mat2->format == ACL_FORMAT_FRACTAL_NZ && (w[1] == 1 || w[2] == 1))
    return check.Invalid("a FRACTAL_NZ mat2 without a unit matrix dim", ShapeOf(mat2));
  if (s[2] != w[1]) return check.Invalid("self's dim 2 equal to mat2's dim 1", ShapeOf(self) + " and " + ShapeOf(mat2));
  if (s[0] != w[0] && s[0] != 1 && w[0] != 1)
    return check.Invalid("batch dims that are equal or 1", ShapeOf(self) + " and " + ShapeOf(mat2));
  const int64_t batch = std::max(s[0], w[0]);
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", {batch, s[1], w[2]}, "self @ mat2"));
  ACLCPU_RETURN_IF_ERROR(CheckNotNz(check, self, "self"));
  ACLCPU_RETURN_IF_ERROR(CheckNotNz(check, out, "out"));
  MatmulCall call = PairCall(kOp, self, mat2, out, cubeMathType);
  call.compute = s[0] != 0 && s[1] != 0 && w[2] != 0 && !IsEmpty(*out);
  call.shape.batchRank = 1;
  call.shape.batchDims[0] = batch;
  call.shape.m = s[1];
  // A batch of 0 on mat2's side broadcast against self's 1 has no matrices: its products are empty sums.
  call.shape.k = w[0] == 0 ? 0 : s[2];
  call.shape.n = w[2];
  call.aView = MatrixView(*self, DimsOf(*self, 0, 1), 1, self->strides[1], self->strides[2]);
  call.bView = MatrixView(*mat2, DimsOf(*mat2, 0, 1), 1, mat2->strides[1], mat2->strides[2]);
  call.outView = MatrixView(*out, DimsOf(*out, 0, 1), 1, out->strides[1], out->strides[2]);
  return LaunchMatmul(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnBatchMatMulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                             int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::BatchMatMul(self, mat2, out, cubeMathType, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnBatchMatMul, aclcpu::kOp)

}  // extern "C"
