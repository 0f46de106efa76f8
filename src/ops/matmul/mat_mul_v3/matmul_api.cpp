// aclnnMatmul: out = self @ mat2 with torch.matmul's rank rules (docs/ops/matmul.md §3).
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_matmul.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/matmul/matmul_family/matmul_launch.h"
#include "runtime/runtime_internal.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnMatmul";
constexpr size_t kMaxMatmulRank = 6;

// An operand as a matrix: its batch dims, rows and columns (a 1-D operand is one row of self or one
// column of mat2, its other stride 0).
struct Side {
  Dims batch;
  int64_t rows = 1, cols = 1, rowStride = 0, colStride = 0;
};
Side SideOf(const aclTensor &t, bool isSelf) {
  Side s;
  const size_t r = t.viewDims.size();
  if (r == 1) {
    (isSelf ? s.cols : s.rows) = t.viewDims[0];
    (isSelf ? s.colStride : s.rowStride) = t.strides[0];
    return s;
  }
  s.batch = DimsOf(t, 0, r - 2);
  s.rows = t.viewDims[r - 2];
  s.cols = t.viewDims[r - 1];
  s.rowStride = t.strides[r - 2];
  s.colStride = t.strides[r - 1];
  return s;
}

bool IsContiguous(const aclTensor &t) {
  int64_t stride = 1;
  for (size_t d = t.viewDims.size(); d-- > 0;) {
    if (t.viewDims[d] != 1 && t.strides[d] != stride) return false;
    if (__builtin_mul_overflow(stride, t.viewDims[d], &stride)) return false;  // dims no storage could hold
  }
  return true;
}

// Whether dims [0, count) of a view step through memory as one dim of their product (each dim's stride the next
// one's times its size; size-1 dims step anywhere), so that they can be read as the rows of one matrix.
// *rowStride: the step between consecutive rows of that matrix (the innermost dim of size > 1's stride).
bool FoldsIntoRows(const std::vector<int64_t> &dims, const std::vector<int64_t> &strides, size_t count,
                   int64_t *rowStride) {
  int64_t expected = -1;  // the stride the next outer dim must have (-1: none yet)
  *rowStride = 0;
  for (size_t d = count; d-- > 0;) {
    if (dims[d] == 1) continue;
    if (expected >= 0 && strides[d] != expected) return false;
    if (expected < 0) *rowStride = strides[d];
    if (__builtin_mul_overflow(strides[d], dims[d], &expected) || expected < 0) return false;
  }
  return true;
}

// workspaceSize, executor -> null self, mat2, out -> rule check -> FRACTAL_NZ mat2 with a 16-bit pair ->
// ranks 1..6 -> k -> batch broadcast -> self, out not FRACTAL_NZ -> empty -> out's element count.
aclnnStatus Matmul(const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType,
                   uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(mat2, "mat2"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(CheckMatmulRule(check, {{self, "self"}, {mat2, "mat2"}, {out, "out"}}, cubeMathType));
  const bool mixed16 = (self->dataType == ACL_FLOAT16 && mat2->dataType == ACL_BF16) ||
                       (self->dataType == ACL_BF16 && mat2->dataType == ACL_FLOAT16);
  if (mat2->format == ACL_FORMAT_FRACTAL_NZ && mixed16)
    return check.Invalid("a FRACTAL_NZ mat2 without a FLOAT16/BF16 pair", ShapeOf(self) + " and " + ShapeOf(mat2));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxMatmulRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(mat2, "mat2", kMaxMatmulRank));
  if (self->viewDims.empty()) return check.Invalid("self of rank 1 to 6", "a 0-d tensor");
  if (mat2->viewDims.empty()) return check.Invalid("mat2 of rank 1 to 6", "a 0-d tensor");
  const Side a = SideOf(*self, true), b = SideOf(*mat2, false);
  if (a.cols != b.rows)
    return check.Invalid(
        "self's last dim equal to mat2's " + std::string(mat2->viewDims.size() == 1 ? "only" : "second-last") + " dim",
        ShapeOf(self) + " and " + ShapeOf(mat2));
  std::vector<int64_t> batch;
  if (!BroadcastShapes(a.batch.sizes, b.batch.sizes, &batch))
    return check.Invalid("batch dims that broadcast", ShapeOf(self) + " and " + ShapeOf(mat2));
  ACLCPU_RETURN_IF_ERROR(CheckNotNz(check, self, "self"));
  ACLCPU_RETURN_IF_ERROR(CheckNotNz(check, out, "out"));

  // The result's shape: the broadcast batch, then m unless self is 1-D, then n unless mat2 is 1-D.
  std::vector<int64_t> result = batch;
  if (self->viewDims.size() > 1) result.push_back(a.rows);
  if (mat2->viewDims.size() > 1) result.push_back(b.cols);
  MatmulCall call = PairCall(kOp, self, mat2, out, cubeMathType);
  if (IsEmpty(*out) && (IsEmpty(*self) || IsEmpty(*mat2))) {
    call.compute = false;
    return LaunchMatmul(call, workspaceSize, executor);
  }
  // The vendor reshapes the result into out's view: any shape of as many elements is taken, in row-major order.
  if (DimsProduct(out->viewDims, 0, out->viewDims.size()) != DimsProduct(result, 0, result.size())) {
    ReportError("EZ9999", std::string(kOp) + ": expected out to hold the " +
                              std::to_string(DimsProduct(result, 0, result.size())) + " elements of self @ mat2 " +
                              ShapeString(result) + ", but got " + ShapeOf(out));
    return ACLNN_ERR_INNER_NULLPTR;
  }
  aclTensor shaped = *out;  // out as the result's shape
  if (out->viewDims != result) {
    // Contiguous: the same memory in the result's shape. Strided: a dense result in the workspace first.
    call.viaTemp = !IsContiguous(*out);
    if (call.viaTemp) shaped.offset = 0;
    shaped.viewDims = result;
    shaped.strides.assign(result.size(), 0);
    int64_t stride = 1;
    for (size_t d = result.size(); d-- > 0;) {
      shaped.strides[d] = stride;
      if (__builtin_mul_overflow(stride, result[d], &stride))
        return check.Invalid("self @ mat2 of fewer than 2^63 elements", ShapeString(result));
    }
  }
  int batchRank = static_cast<int>(batch.size());
  const size_t r = result.size();
  const bool hasM = self->viewDims.size() > 1, hasN = mat2->viewDims.size() > 1;
  int64_t outRowStride = hasM ? shaped.strides[r - (hasN ? 2 : 1)] : 0;
  Side folded = a;
  const int64_t outColStride = hasN ? shaped.strides[r - 1] : 0;
  call.shape.m = a.rows;
  call.shape.k = a.cols;
  call.shape.n = b.cols;
  // A batched self against one matrix (a linear layer on (batch, ..., m, k)) is one product of all the rows
  // when self's and out's batch and row dims step as one: fewer, larger library calls (mat2 packed once per tile).
  int64_t selfRows = 0, outRows = 0;
  if (batchRank > 0 && mat2->viewDims.size() <= 2 &&
      FoldsIntoRows(self->viewDims, self->strides, self->viewDims.size() - 1, &selfRows) &&
      FoldsIntoRows(shaped.viewDims, shaped.strides, r - (hasN ? 1 : 0), &outRows)) {
    for (int64_t d : batch) call.shape.m *= d;
    folded.rowStride = selfRows;
    outRowStride = outRows;
    batchRank = 0;
  }
  call.shape.batchRank = batchRank;
  for (int d = 0; d < batchRank; ++d) call.shape.batchDims[d] = batch[static_cast<size_t>(d)];
  const Dims none;
  call.aView = MatrixView(*self, batchRank > 0 ? a.batch : none, batchRank, folded.rowStride, a.colStride);
  call.bView = MatrixView(*mat2, batchRank > 0 ? b.batch : none, batchRank, b.rowStride, b.colStride);
  call.outView =
      MatrixView(shaped, batchRank > 0 ? DimsOf(shaped, 0, batch.size()) : none, batchRank, outRowStride, outColStride);
  const DType selfType = ToDType(self->dataType), mat2Type = ToDType(mat2->dataType);
  const bool dot = self->viewDims.size() == 1 && mat2->viewDims.size() == 1;
  call.numerics =
      dot ? DotNumerics(selfType, mat2Type) : MatmulNumerics(selfType, mat2Type, ToDType(out->dataType), cubeMathType);
  return LaunchMatmul(call, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnMatmulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                        int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::Matmul(self, mat2, out, cubeMathType, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnMatmul, aclcpu::kOp)

}  // extern "C"
