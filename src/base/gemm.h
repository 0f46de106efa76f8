// The one place that calls the GEMM library (oneDNN's BLAS-like functions; the choice is measured
// in docs/performance.md). Kernel-facing.
//
// Every call runs on the calling thread only: the library never splits a product across threads,
// so the bits of C depend on (m, n, k) and the machine, not on how many threads the caller uses.
// Callers parallelise over independent products themselves.
#pragma once

#include <cstdint>

namespace aclcpu {

// Row-major C[m x n] = op(A) op(B) (or C += op(A) op(B) with `accumulate`), with op(X) = X or X^T;
// A is m x k after op, B is k x n after op. Leading dimensions are in elements. Returns false if the
// library refused the call.
bool GemmF32(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
             int64_t ldb, float *c, int64_t ldc, bool accumulate = false);
// The same with bf16 operands (raw bits) and fp32 products and accumulation.
bool GemmBF16(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const uint16_t *a, int64_t lda,
              const uint16_t *b, int64_t ldb, float *c, int64_t ldc, bool accumulate = false);
// Runs the library's first-use work (CPU probing, JIT compilation of the kernels these products
// use) on the calling thread, so that phase 1 pays for it and not the stream's worker thread.
void PrepareGemm(bool bf16);
// sum[i] = part[i] (first) or sum[i] += part[i]: one product of a tile joins a double sum (vectorized).
void AddProductToSum(double *sum, const float *part, int64_t n, bool first);
// out[i] = float(sum[i]), rounded to nearest even (vectorized).
void NarrowSum(const double *sum, float *out, int64_t n);
// Row-major C[m x n] = op(A) op(B) for k <= kShortSumTerms with each output's terms multiplied and added in double
// (exact products) and rounded once: the FLOAT results of sums too short to chain (an fp32 FMA chain of a few terms
// reached 0.9 ulp where PyTorch's happened to be correctly rounded). Vectorized per SIMD target.
constexpr int64_t kShortSumTerms = 8;
void ShortSumF32(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
                 int64_t ldb, float *c, int64_t ldc);
// The engine's own kernel for chained FLOAT sums (gemm_chain_kernels.cpp) for one SIMD target: B packed into
// panels of panelCols columns, A into strips of stripRows rows. panelCols is 0 where the target has none: chained
// sums then use GemmF32 per chain.
struct ChainKernel {
  int64_t panelCols = 0;
  int64_t stripRows = 0;
  // Columns [0, width) of a k x width view of B (trans: column j's k terms start at b + j * ldb, unit stride;
  // else row t's columns start at b + t * ldb) into one k-major panel of panelCols columns, zero-padded.
  void (*pack)(bool trans, int64_t k, int64_t width, const float *b, int64_t ldb, float *panel) = nullptr;
  // Rows [0, rows) of a rows x k view of A (trans: row i's k terms start at a + i, lda apart; else at a + i * lda,
  // unit stride) into CeilDiv(rows, stripRows) strips of stripRows * k floats (term-major), zero-padded.
  void (*packStrips)(bool trans, int64_t rows, int64_t k, const float *a, int64_t lda, float *strips) = nullptr;
  // sum[i][j] (+= unless first) the K-sum of A[i][:] . B[:][j] for a rows x cols tile: each run of `chain`
  // terms from k = 0 summed in fp32 in K order, the runs added in double in K order. A's rows are in strips
  // (packStrips with the product's full k); column j's terms are in panel j / panelCols, panels panelStride floats
  // apart (packed with the product's full k). sum's rows are ldSum >= cols rounded up to panelCols apart (the
  // padding columns are written).
  void (*tile)(int64_t rows, int64_t cols, int64_t k, int64_t chain, const float *strips, const float *panels,
               int64_t panelStride, double *sum, int64_t ldSum, bool first) = nullptr;
};
// The kernel of the target Highway dispatches to now. A plan keeps it, so that phase 2 packs and reads panels of
// the width phase 1 sized, whatever target is chosen later (the tests switch targets).
const ChainKernel &ChainKernelForCpu();
// Whether GemmBF16 works on this CPU (checked once); where it does not, bf16 operands are widened
// to fp32, which is exact.
bool HasBF16Gemm();

}  // namespace aclcpu
