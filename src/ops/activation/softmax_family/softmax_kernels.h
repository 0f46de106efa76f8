// The arithmetic of the softmax family on rows already in compute precision (fp32 or double), dispatched
// per SIMD target. Kernel-facing: the row and tile walking lives in softmax_run.cpp.
#pragma once

#include <cstdint>

namespace aclcpu {

enum class SoftmaxKind : int8_t { kSoftmax, kLogSoftmax, kSoftmaxGrad, kLogSoftmaxGrad };

// Memory to fetch while a row is computed, so that DRAM traffic overlaps the arithmetic (a row's first pass
// brings it into cache; the later passes, where the exponentials are, would otherwise leave memory idle):
// the next row's inputs and this row's output, element k of each at base + k * elementBytes. Hints only:
// nothing is dereferenced, so an address past a buffer does no harm; 0 = none.
struct RowPrefetch {
  uintptr_t read[2] = {0, 0};
  uintptr_t write = 0;
  uint32_t readBytes[2] = {0, 0};
  uint32_t writeBytes = 0;
};

// One row of n contiguous values. a = x (forward) or gradOutput (backward); b = the forward result
// (backward only). out may be a or b itself (every pass reads index k before writing index k). `scratch`
// holds n values for Softmax's exponentials. Reductions run in double in an order fixed by n alone.
void SoftmaxRowF32(SoftmaxKind kind, int64_t n, const float *a, const float *b, float *out, float *scratch,
                   const RowPrefetch &ahead);
// The same on a row whose a, b and out are all BF16 (bf16) or all FLOAT16 elements (bits), converted to fp32 in
// registers as they are read and rounded once as they are written: the same results as converting the row to
// fp32, SoftmaxRowF32 and rounding, without the fp32 copies.
void SoftmaxRow16(SoftmaxKind kind, bool bf16, int64_t n, const uint16_t *a, const uint16_t *b, uint16_t *out,
                  float *scratch, const RowPrefetch &ahead);
void SoftmaxRowF64(SoftmaxKind kind, int64_t n, const double *a, const double *b, double *out, double *scratch);

// w rows side by side: value k of row j at [k * ld + j] (ld = w for a dense tile), k < n, j < w <=
// kMaxTileWidth. Each row is reduced on its own, in index order, so its bits do not depend on its neighbours.
// out may be a.
void SoftmaxColsF32(SoftmaxKind kind, int64_t n, int64_t w, const float *a, int64_t lda, const float *b, int64_t ldb,
                    float *out, int64_t ldo);
// The same on all-BF16 (bf16) or all-FLOAT16 columns, converted in registers (as SoftmaxRow16).
void SoftmaxCols16(SoftmaxKind kind, bool bf16, int64_t n, int64_t w, const uint16_t *a, int64_t lda, const uint16_t *b,
                   int64_t ldb, uint16_t *out, int64_t ldo);
void SoftmaxColsF64(SoftmaxKind kind, int64_t n, int64_t w, const double *a, const double *b, double *out);
constexpr int64_t kMaxTileWidth = 64;

}  // namespace aclcpu
