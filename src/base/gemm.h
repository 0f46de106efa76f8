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
// Whether GemmBF16 works on this CPU (checked once); where it does not, bf16 operands are widened
// to fp32, which is exact.
bool HasBF16Gemm();

}  // namespace aclcpu
