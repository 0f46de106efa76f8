// The GEMM engine's batched product (families.md §2): C[b] = op(A[b]) · op(B[b]) over broadcast batch
// dims, with the cubeMathType numerics of cube_math.h, any strides and dtypes, and an optional
// epilogue out = beta · self + alpha · C (Addmm). Kernel-facing.
//
// Phase 1 (PlanBatchedGemm) decides where each operand is read: in place when it already is a matrix
// of the library's dtype with one unit stride (a transposed view is read as the transposed matrix,
// not copied), else from a dense stage in the workspace, converted and rounded once per matrix of
// its own (unbroadcast) batch. It cuts the outputs into tiles of rows x columns chosen from the shape
// only. Phase 2 (RunBatchedGemm) stages, then has each thread compute whole tiles: each tile's K-sum is
// a fixed sequence of single-threaded library calls (one, or for FLOAT results chains of at most kMaxChain
// terms added in double; those chains run on the engine's own kernel where the SIMD target has one, gemm.h:
// ChainKernel; FLOAT sums too short to chain are the engine's own, in double: ShortSumF32), so the bits of every output
// depend on the shape and the machine, never on the thread count. Nothing is allocated in phase 2.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/cube_math.h"
#include "base/gemm.h"
#include "base/tensor_view.h"

namespace aclcpu {

constexpr int kMaxBatchRank = kMaxRank;

// One operand as a batch of rows x cols matrices, broadcast over the product's batch dims.
struct GemmOperand {
  DType dtype = DType::kF32;
  int64_t offset = 0;                        // element offset of matrix 0's (0, 0)
  int64_t batchStrides[kMaxBatchRank] = {};  // per product batch dim (0 where broadcast)
  int64_t rowStride = 0, colStride = 0;      // elements between rows and between columns
  int64_t rows = 0, cols = 0;
  // Where the library reads it: in place (trans: stored as cols x rows with unit row stride) or staged.
  bool staged = false, trans = false;
  int64_t ld = 0;                                 // leading dimension as the library sees it
  size_t stageOffset = 0;                         // staged: bytes from the workspace start
  int64_t stageBatchStrides[kMaxBatchRank] = {};  // staged: elements between matrices (0 where broadcast)
  int64_t stagedMatrices = 0;
};

// The output side: where C goes, and the epilogue.
struct GemmResult {
  DType dtype = DType::kF32;
  int64_t offset = 0;
  int64_t batchStrides[kMaxBatchRank] = {};
  int64_t rowStride = 0, colStride = 0;
  bool direct = false;  // the library writes fp32 rows straight into out
  // Epilogue: out = beta * self + alpha * C (self broadcast by its strides; useSelf false: out = alpha * C).
  bool epilogue = false, useSelf = false, useProduct = true;
  double alpha = 1.0, beta = 0.0;
  DType selfType = DType::kF32;
  int64_t selfOffset = 0, selfRowStride = 0, selfColStride = 0;
  int64_t selfBatchStrides[kMaxBatchRank] = {};  // per product batch dim (0 where broadcast)
  // A chained FLOAT result of self + product (alpha = beta = 1): self starts the double sum, and the result is
  // that sum rounded once, with no epilogue (Addmm with beta = alpha = 1; the conv family's bias on its 1x1 path).
  bool selfStartsSum = false;
};

struct BatchedGemmPlan {
  int batchRank = 0;
  int64_t batchDims[kMaxBatchRank] = {};
  int64_t batch = 1, m = 0, n = 0, k = 0;
  GemmOperand a, b;  // a: m x k, b: k x n
  GemmResult c;
  CubeNumerics numerics;
  int64_t tileRows = 0, tileCols = 0, tilesM = 0, tilesN = 0, tasks = 0;
  // FLOAT (and float64) results: K terms per library product, the products added in double (0: one product per
  // tile); a float64 out receives the double sum itself.
  int64_t chain = 0;
  bool shortSum = false;  // a FLOAT result's K <= kShortSumTerms terms summed in double (gemm.h: ShortSumF32)
  // Chained sums on the engine's own kernel (gemm.h: ChainKernel; panelCols 0: a library product per chain):
  // each matrix of b's own batch packed once per run into k-major panels of panelCols columns in the workspace,
  // each tile's rows of a into strips by the thread that computes it.
  const ChainKernel *chainKernel = nullptr;
  int64_t panelCols = 0;
  int64_t panelStride = 0;                        // floats per panel: k x panelCols
  int64_t panelBatchStrides[kMaxBatchRank] = {};  // floats between packed matrices (0 where b is broadcast)
  int64_t packedMatrices = 0;
  size_t panelsOffset = 0;
  int64_t sumLd = 0;           // doubles per row of a chained tile's sum (tileCols, rounded up to panels)
  int64_t stripFloats = 0;     // per thread: a tile's rows of A packed into the kernel's strips (0: no kernel)
  bool panelsPerTile = false;  // one row block: each tile packs its own panels into its thread's scratch
  bool rowsOuter = false;      // tasks ordered (row block, batch, column block), else (batch, row block, column block)
  int threads = 1;
  size_t scratchOffset = 0, scratchStride = 0;  // per thread: a tile of fp32 results and a row of outputs
  size_t workspaceBytes = 0;
  bool tooLarge = false;  // an operand's stage would exceed any memory (broadcast dims): refuse the call
};

// What a caller describes: the product's batch dims, each operand's view strides along them (0 where
// broadcast), and the matrix dims. `a` holds m x k, `b` k x n, `out` m x n per batch element.
struct GemmShape {
  int batchRank = 0;
  int64_t batchDims[kMaxBatchRank] = {};
  int64_t m = 0, n = 0, k = 0;
};
struct GemmMatrixView {
  DType dtype = DType::kF32;
  int64_t offset = 0;
  int64_t batchStrides[kMaxBatchRank] = {};
  int64_t rowStride = 0, colStride = 0;
};

// The K terms per library product of a FLOAT result's chained sum over k terms; 0 when one product holds them all.
int64_t FloatChainLength(int64_t k);

// Phase 1. `self` (Addmm's) may be null: no epilogue unless alpha != 1.
BatchedGemmPlan PlanBatchedGemm(const GemmShape &shape, const GemmMatrixView &a, const GemmMatrixView &b,
                                const GemmMatrixView &out, const CubeNumerics &numerics,
                                const GemmMatrixView *self = nullptr, double alpha = 1.0, double beta = 0.0,
                                bool useProduct = true);

// Phase 2: the storage addresses of a, b, out and self (null when there is none). False if the GEMM
// library refused a product.
bool RunBatchedGemm(const BatchedGemmPlan &plan, const void *a, const void *b, void *out, const void *self,
                    void *workspace);

}  // namespace aclcpu
