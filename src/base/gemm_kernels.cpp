// Per-target kernels of the GEMM engine (Highway dynamic dispatch): cube_math.h's HF32 rounding and gemm.h's
// double sums of fp32 products.
#include <algorithm>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "base/gemm_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/cube_math.h"
#include "base/gemm.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void AddProduct(double *HWY_RESTRICT sum, const float *HWY_RESTRICT part, int64_t n, bool first) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  int64_t i = 0;
  if (first) {
    for (; i + lanes <= n; i += lanes) hn::StoreU(hn::PromoteTo(dd, hn::LoadU(d, part + i)), dd, sum + i);
    for (; i < n; ++i) sum[i] = part[i];
  } else {
    for (; i + lanes <= n; i += lanes) {
      hn::StoreU(hn::Add(hn::LoadU(dd, sum + i), hn::PromoteTo(dd, hn::LoadU(d, part + i))), dd, sum + i);
    }
    for (; i < n; ++i) sum[i] += part[i];
  }
}

void NarrowSum(const double *HWY_RESTRICT sum, float *HWY_RESTRICT out, int64_t n) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) hn::StoreU(hn::DemoteTo(d, hn::LoadU(dd, sum + i)), d, out + i);
  for (; i < n; ++i) out[i] = static_cast<float>(sum[i]);
}

// Rows [i, i + 4) of ShortSumLoop's block: outputs cRow[r] + [j, j + 2 vectors) from aTerms[r][t] and B's rows
// (term t at rowsB + t * ldRowsB). Eight independent FMA chains hide the FMA's latency, and each promoted B vector
// serves four rows. (Named accumulators, not an array: sizeless vectors, SVE and RVV, cannot form arrays.)
HWY_INLINE void ShortSumStrip4(int64_t k, const double (*aTerms)[kShortSumTerms], const float *HWY_RESTRICT rowsB,
                               int64_t ldRowsB, int64_t j, float *const *cRow) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  auto a00 = hn::Zero(dd), a01 = hn::Zero(dd), a10 = hn::Zero(dd), a11 = hn::Zero(dd);
  auto a20 = hn::Zero(dd), a21 = hn::Zero(dd), a30 = hn::Zero(dd), a31 = hn::Zero(dd);
  for (int64_t t = 0; t < k; ++t) {
    const float *bt = rowsB + t * ldRowsB + j;
    const auto b0 = hn::PromoteTo(dd, hn::LoadU(d, bt)), b1 = hn::PromoteTo(dd, hn::LoadU(d, bt + lanes));
    const auto x0 = hn::Set(dd, aTerms[0][t]), x1 = hn::Set(dd, aTerms[1][t]);
    const auto x2 = hn::Set(dd, aTerms[2][t]), x3 = hn::Set(dd, aTerms[3][t]);
    a00 = hn::MulAdd(x0, b0, a00);
    a01 = hn::MulAdd(x0, b1, a01);
    a10 = hn::MulAdd(x1, b0, a10);
    a11 = hn::MulAdd(x1, b1, a11);
    a20 = hn::MulAdd(x2, b0, a20);
    a21 = hn::MulAdd(x2, b1, a21);
    a30 = hn::MulAdd(x3, b0, a30);
    a31 = hn::MulAdd(x3, b1, a31);
  }
  hn::StoreU(hn::DemoteTo(d, a00), d, cRow[0] + j);
  hn::StoreU(hn::DemoteTo(d, a01), d, cRow[0] + j + lanes);
  hn::StoreU(hn::DemoteTo(d, a10), d, cRow[1] + j);
  hn::StoreU(hn::DemoteTo(d, a11), d, cRow[1] + j + lanes);
  hn::StoreU(hn::DemoteTo(d, a20), d, cRow[2] + j);
  hn::StoreU(hn::DemoteTo(d, a21), d, cRow[2] + j + lanes);
  hn::StoreU(hn::DemoteTo(d, a30), d, cRow[3] + j);
  hn::StoreU(hn::DemoteTo(d, a31), d, cRow[3] + j + lanes);
}

// One row of the same (the last rows of a block, fewer than four).
HWY_INLINE void ShortSumStrip1(int64_t k, const double *aTerms, const float *HWY_RESTRICT rowsB, int64_t ldRowsB,
                               int64_t j, float *cRow) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  auto a0 = hn::Zero(dd), a1 = hn::Zero(dd);
  for (int64_t t = 0; t < k; ++t) {
    const float *bt = rowsB + t * ldRowsB + j;
    const auto x = hn::Set(dd, aTerms[t]);
    a0 = hn::MulAdd(x, hn::PromoteTo(dd, hn::LoadU(d, bt)), a0);
    a1 = hn::MulAdd(x, hn::PromoteTo(dd, hn::LoadU(d, bt + lanes)), a1);
  }
  hn::StoreU(hn::DemoteTo(d, a0), d, cRow + j);
  hn::StoreU(hn::DemoteTo(d, a1), d, cRow + j + lanes);
}

// C = op(A) op(B) for k <= kShortSumTerms: each output's terms multiplied and added in double (an fp32 product is
// exact there) in K order, and rounded once. Vectors run along C's rows, four rows at a time, over a block of B's
// columns copied k-major (in place, B's rows a power of two apart fought over the same L1 sets: 0.28 against
// 0.17 ms for 64 x 4096 x 8 on a Zen 3).
void ShortSumLoop(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float *HWY_RESTRICT a, int64_t lda,
                  const float *HWY_RESTRICT b, int64_t ldb, float *HWY_RESTRICT c, int64_t ldc) {
  const hn::ScalableTag<double> dd;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  constexpr int64_t kBlockCols = 256;
  constexpr int kRows = 4;
  const int64_t aStep = transA ? lda : 1, aRowStep = transA ? 1 : lda;
  float bBlock[kShortSumTerms * kBlockCols];
  for (int64_t j0 = 0; j0 < n; j0 += kBlockCols) {
    const int64_t width = std::min(kBlockCols, n - j0);
    // Terms [0, k) of columns [j0, j0 + width) as k rows of bBlock.
    if (transB) {
      for (int64_t j = 0; j < width; ++j)
        for (int64_t t = 0; t < k; ++t) bBlock[t * kBlockCols + j] = b[(j0 + j) * ldb + t];
    } else {
      for (int64_t t = 0; t < k; ++t) std::copy_n(b + t * ldb + j0, width, bBlock + t * kBlockCols);
    }
    const float *rowsB = bBlock;
    constexpr int64_t ldRowsB = kBlockCols;
    for (int64_t i = 0; i < m; i += kRows) {
      const int rows = static_cast<int>(std::min<int64_t>(kRows, m - i));
      double aTerms[kRows][kShortSumTerms];
      float *cRow[kRows];
      for (int r = 0; r < rows; ++r) {
        for (int64_t t = 0; t < k; ++t) aTerms[r][t] = a[(i + r) * aRowStep + t * aStep];
        cRow[r] = c + (i + r) * ldc + j0;
      }
      int64_t j = 0;
      for (; j + 2 * lanes <= width; j += 2 * lanes) {
        if (rows == kRows) {
          ShortSumStrip4(k, aTerms, rowsB, ldRowsB, j, cRow);
        } else {
          for (int r = 0; r < rows; ++r) ShortSumStrip1(k, aTerms[r], rowsB, ldRowsB, j, cRow[r]);
        }
      }
      for (; j < width; ++j) {
        for (int r = 0; r < rows; ++r) {
          double acc = 0.0;
          for (int64_t t = 0; t < k; ++t) acc += aTerms[r][t] * static_cast<double>(rowsB[t * ldRowsB + j]);
          cRow[r][j] = static_cast<float>(acc);
        }
      }
    }
  }
}

// HF32 as the A2 cube sees fp32 operands: keep 11 explicit mantissa bits, ties away from zero, on
// the sign-magnitude bits ((u + 0x800) & ~0xFFF). NaN stays NaN; a carry out of the largest
// finite values gives inf, as the rounding would.
void RoundToHf32Loop(float *HWY_RESTRICT v, int64_t n) {
  const hn::ScalableTag<uint32_t> du;
  const hn::RebindToFloat<decltype(du)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(du));
  const auto half = hn::Set(du, 0x800u), mask = hn::Set(du, 0xFFFFF000u);
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto x = hn::LoadU(df, v + i);
    const auto rounded = hn::BitCast(df, hn::And(hn::Add(hn::BitCast(du, x), half), mask));
    hn::StoreU(hn::IfThenElse(hn::IsNaN(x), x, rounded), df, v + i);
  }
  for (; i < n; ++i) {
    uint32_t u;
    std::memcpy(&u, v + i, 4);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) continue;
    u = (u + 0x800u) & 0xFFFFF000u;
    std::memcpy(v + i, &u, 4);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(RoundToHf32Loop);
HWY_EXPORT(AddProduct);
HWY_EXPORT(NarrowSum);
HWY_EXPORT(ShortSumLoop);

void RoundToHf32(float *v, int64_t n) { HWY_DYNAMIC_DISPATCH(RoundToHf32Loop)(v, n); }

void AddProductToSum(double *sum, const float *part, int64_t n, bool first) {
  HWY_DYNAMIC_DISPATCH(AddProduct)(sum, part, n, first);
}

void NarrowSum(const double *sum, float *out, int64_t n) { HWY_DYNAMIC_DISPATCH(NarrowSum)(sum, out, n); }

void ShortSumF32(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
                 int64_t ldb, float *c, int64_t ldc) {
  HWY_DYNAMIC_DISPATCH(ShortSumLoop)(transA, transB, m, n, k, a, lda, b, ldb, c, ldc);
}

}  // namespace aclcpu
#endif
