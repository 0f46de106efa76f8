// What the matmul family's functions share (docs/ops/matmul.md): the vendor's rule check on dtypes and
// cubeMathType, the operands as batched matrices for the GEMM engine, and the executor.
#pragma once

#include <cstdint>
#include <vector>

#include "base/batched_gemm.h"
#include "base/check.h"

namespace aclcpu {

// Dav2201MatMulRule::CheckInput (§2): each tensor's dtype in {FLOAT, FLOAT16, BF16} (in the order given,
// null entries skipped), then cubeMathType in -1..4. Status 161002.
aclnnStatus CheckMatmulRule(const OpCheck &check, std::initializer_list<NamedTensor> tensors, int8_t cubeMathType);

// Refuses a FRACTAL_NZ storage format (161002).
aclnnStatus CheckNotNz(const OpCheck &check, const aclTensor *t, const char *name);

// A tensor's dims [first, first + count) and their strides, size-1 dims as broadcast (stride 0).
struct Dims {
  std::vector<int64_t> sizes, strides;
};
Dims DimsOf(const aclTensor &t, size_t first, size_t count);

// The matrix view of a tensor: batch dims right-aligned against the product's `batchRank` dims (missing
// and size-1 dims broadcast), rows and columns with the given strides.
GemmMatrixView MatrixView(const aclTensor &t, const Dims &batch, int batchRank, int64_t rowStride, int64_t colStride);

// One call of the family after its checks: the product and where its operands are.
struct MatmulCall {
  const char *op = "";
  NamedTensor a{nullptr, "self"}, b{nullptr, "mat2"}, self{nullptr, "self"}, out{nullptr, "out"};
  int8_t cubeMathType = 0;
  bool compute = true;  // false: nothing to write (an empty result)
  GemmShape shape;
  GemmMatrixView aView, bView, outView, selfView;
  CubeNumerics numerics;
  double alpha = 1.0, beta = 0.0;
  bool useProduct = true, useSelf = false;
  // outView describes a dense result of the product's shape in the workspace, copied into out's view in
  // row-major order afterwards (aclnnMatmul's out of another shape with as many elements).
  bool viaTemp = false;
};

// The call of a product self @ mat2 -> out (Matmul, Mm, BatchMatMul): names, cubeMathType and its numerics.
MatmulCall PairCall(const char *op, const aclTensor *self, const aclTensor *mat2, const aclTensor *out,
                    int8_t cubeMathType);

// Plans the product and creates the executor (slots: a, b, self; out).
aclnnStatus LaunchMatmul(const MatmulCall &call, uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
