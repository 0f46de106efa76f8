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

// Rows [i, i + kRows) of ShortSumLoop's block: outputs cRow[r] + [j, j + 2 vectors) from aTerms[r][t] and B's
// rows (term t at rowsB + t * ldRowsB). kRows x 2 independent FMA chains hide the FMA's latency, and each promoted
// B vector serves kRows rows.
template <int kRows>
HWY_INLINE void ShortSumStrip(int64_t k, const double (*aTerms)[kShortSumTerms], const float *HWY_RESTRICT rowsB,
                              int64_t ldRowsB, int64_t j, float *const *cRow) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  using V = hn::Vec<decltype(dd)>;
  V acc[kRows][2];
  for (int r = 0; r < kRows; ++r) acc[r][0] = acc[r][1] = hn::Zero(dd);
  for (int64_t t = 0; t < k; ++t) {
    const float *bt = rowsB + t * ldRowsB + j;
    const V b0 = hn::PromoteTo(dd, hn::LoadU(d, bt)), b1 = hn::PromoteTo(dd, hn::LoadU(d, bt + lanes));
    for (int r = 0; r < kRows; ++r) {
      const V at = hn::Set(dd, aTerms[r][t]);
      acc[r][0] = hn::MulAdd(at, b0, acc[r][0]);
      acc[r][1] = hn::MulAdd(at, b1, acc[r][1]);
    }
  }
  for (int r = 0; r < kRows; ++r) {
    hn::StoreU(hn::DemoteTo(d, acc[r][0]), d, cRow[r] + j);
    hn::StoreU(hn::DemoteTo(d, acc[r][1]), d, cRow[r] + j + lanes);
  }
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
          ShortSumStrip<kRows>(k, aTerms, rowsB, ldRowsB, j, cRow);
        } else {
          for (int r = 0; r < rows; ++r) ShortSumStrip<1>(k, aTerms + r, rowsB, ldRowsB, j, cRow + r);
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
