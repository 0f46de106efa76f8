// Per-target kernels of the GEMM engine's chained FLOAT sums (gemm.h: ChainKernel), Highway dynamic dispatch.
//
// A chained sum adds each run of `chain` K terms in fp32, one fused multiply-add after the other, and adds
// those partial sums to a double sum in K order (batched_gemm.cpp says why). Through the library that meant a
// product per chain written to memory and read back into the double sum: 20 bytes of L2 traffic per output and
// chain, which held the 2048^3 product at 46 % of the library's rate on an AVX2 machine. Here a register tile
// of kMicroRows x kPanelCols outputs runs one chain, and only then is added to the double tile, which stays in
// L1. B is packed into panels of kPanelCols columns (k-major, zero-padded; once per product, or per tile where
// only that tile reads them: batched_gemm.cpp), read as whole vectors; A is packed once per tile into strips of
// kMicroRows rows (k-major), so that a term's kMicroRows broadcasts read one cache line instead of kMicroRows rows a
// leading dimension apart (reading A in place cost 12-15 % of the rate at 2 threads, 2048^3 on the AVX2 machine).
#include <algorithm>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "base/gemm_chain_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/gemm.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Where there is no kernel, the engine keeps the library's chained products: sizeless vectors (SVE, RVV) cannot
// form the register tile's arrays, and one lane has no halves. AVX-512 keeps them too: the library's chains ran at
// 70-79 % of its rate on the AVX-512 machine of docs/performance.md, and this kernel has been measured on AVX2 only.
#if HWY_HAVE_SCALABLE || HWY_TARGET == HWY_SCALAR || (HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3)

const ChainKernel &Kernel() {
  static const ChainKernel none;
  return none;
}

#else

using DF = hn::ScalableTag<float>;
constexpr int64_t kLanes = static_cast<int64_t>(hn::MaxLanes(DF()));
// Two vectors of columns, and rows such that the 2 x kMicroRows accumulators, the two B vectors and the broadcast
// fit 16 registers (AVX2, SSE4; NEON has 32).
constexpr int64_t kPanelCols = 2 * kLanes;
constexpr int kMicroRows = 6;
// K terms per pass over the tile (a whole number of chains). Long passes keep a micro tile's double sums in L1
// across its chains and its strip's reads sequential; the pass's panel slice (64 KiB) stays in L2 while every strip
// of the tile reads it. Passes of 128 terms (a slice in L1) ran 10-25 % slower at 2048^3 on the AVX2 machine.
constexpr int64_t kBlockTerms = 1024;

// Columns [0, width) of a k x width view of B (trans: column j's terms are contiguous, at b + j * ldb) into one
// k-major panel of kPanelCols columns, the missing columns zero.
void PackPanel(bool trans, int64_t k, int64_t width, const float *HWY_RESTRICT b, int64_t ldb,
               float *HWY_RESTRICT panel) {
  const DF d;
  if (trans) {
    for (int64_t j = 0; j < kPanelCols; ++j) {
      float *to = panel + j;
      if (j >= width) {
        for (int64_t t = 0; t < k; ++t) to[t * kPanelCols] = 0.0f;
        continue;
      }
      const float *from = b + j * ldb;
      for (int64_t t = 0; t < k; ++t) to[t * kPanelCols] = from[t];
    }
    return;
  }
  for (int64_t t = 0; t < k; ++t) {
    const float *from = b + t * ldb;
    float *to = panel + t * kPanelCols;
    if (width == kPanelCols) {
      hn::Store(hn::LoadU(d, from), d, to);
      hn::Store(hn::LoadU(d, from + kLanes), d, to + kLanes);
      continue;
    }
    for (int64_t j = 0; j < kPanelCols; ++j) to[j] = j < width ? from[j] : 0.0f;
  }
}

// Rows [0, rows) of a rows x k view of A (trans: row i's terms at a + i, ld apart; else at a + i * lda, unit
// stride) into strips of kMicroRows rows, strip s at strips + s * kMicroRows * k, term t's rows adjacent. The rows
// past the last are zero (computed, never stored).
void PackStrips(bool trans, int64_t rows, int64_t k, const float *HWY_RESTRICT a, int64_t lda,
                float *HWY_RESTRICT strips) {
  for (int64_t i0 = 0; i0 < rows; i0 += kMicroRows) {
    float *strip = strips + i0 * k;
    const int valid = static_cast<int>(std::min<int64_t>(kMicroRows, rows - i0));
    if (trans) {  // a term's rows are adjacent in A too
      for (int64_t t = 0; t < k; ++t) {
        const float *from = a + t * lda + i0;
        for (int r = 0; r < kMicroRows; ++r) strip[t * kMicroRows + r] = r < valid ? from[r] : 0.0f;
      }
      continue;
    }
    for (int r = 0; r < kMicroRows; ++r) {
      if (r >= valid) {
        for (int64_t t = 0; t < k; ++t) strip[t * kMicroRows + r] = 0.0f;
        continue;
      }
      const float *from = a + (i0 + r) * lda;
      for (int64_t t = 0; t < k; ++t) strip[t * kMicroRows + r] = from[t];
    }
  }
}

// sum[r][0, kPanelCols) (+)= the kc terms of the strip's row r (term t at strip[t * kMicroRows + r]) times the
// panel, for the first `valid` rows, one chain of `chain` terms at a time. `first`: the double tile starts here.
HWY_INLINE void MicroTile(int64_t kc, int64_t chain, const float *HWY_RESTRICT strip, const float *HWY_RESTRICT panel,
                          double *HWY_RESTRICT sum, int64_t ldSum, bool first, int valid) {
  const DF d;
  const hn::Half<DF> dh;
  const hn::Repartition<double, DF> dd;
  constexpr int64_t kHalf = kLanes / 2;
  using V = hn::Vec<DF>;
  for (int64_t c0 = 0; c0 < kc; c0 += chain) {
    const int64_t end = std::min(kc, c0 + chain);
    V acc[kMicroRows][2];
#pragma GCC unroll 6
    for (int r = 0; r < kMicroRows; ++r) {
      acc[r][0] = hn::Zero(d);
      acc[r][1] = hn::Zero(d);
    }
    for (int64_t t = c0; t < end; ++t) {
      const V b0 = hn::Load(d, panel + t * kPanelCols), b1 = hn::Load(d, panel + t * kPanelCols + kLanes);
      const float *at = strip + t * kMicroRows;
#pragma GCC unroll 6
      for (int r = 0; r < kMicroRows; ++r) {
        const V a = hn::Set(d, at[r]);
        acc[r][0] = hn::MulAdd(a, b0, acc[r][0]);
        acc[r][1] = hn::MulAdd(a, b1, acc[r][1]);
      }
    }
    const bool start = first && c0 == 0;
#pragma GCC unroll 6
    for (int r = 0; r < kMicroRows; ++r) {
      if (r >= valid) break;
      double *row = sum + r * ldSum;
#pragma GCC unroll 2
      for (int h = 0; h < 2; ++h) {
        double *at = row + h * kLanes;
        auto lo = hn::PromoteTo(dd, hn::LowerHalf(dh, acc[r][h]));
        auto hi = hn::PromoteTo(dd, hn::UpperHalf(dh, acc[r][h]));
        if (!start) {
          lo = hn::Add(hn::LoadU(dd, at), lo);
          hi = hn::Add(hn::LoadU(dd, at + kHalf), hi);
        }
        hn::StoreU(lo, dd, at);
        hn::StoreU(hi, dd, at + kHalf);
      }
    }
  }
}

void ChainedTile(int64_t rows, int64_t cols, int64_t k, int64_t chain, const float *strips, const float *panels,
                 int64_t panelStride, double *sum, int64_t ldSum, bool first) {
  const int64_t block = chain * std::max<int64_t>(1, kBlockTerms / chain);
  for (int64_t k0 = 0; k0 < k; k0 += block) {
    const int64_t kc = std::min(block, k - k0);
    for (int64_t j = 0; j < cols; j += kPanelCols) {
      const float *panel = panels + j / kPanelCols * panelStride + k0 * kPanelCols;
      for (int64_t i = 0; i < rows; i += kMicroRows) {
        const int valid = static_cast<int>(std::min<int64_t>(kMicroRows, rows - i));
        MicroTile(kc, chain, strips + i * k + k0 * kMicroRows, panel, sum + i * ldSum + j, ldSum, first && k0 == 0,
                  valid);
      }
    }
  }
}

const ChainKernel &Kernel() {
  static const ChainKernel kernel{kPanelCols, kMicroRows, &PackPanel, &PackStrips, &ChainedTile};
  return kernel;
}

#endif  // no kernel

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(Kernel);

const ChainKernel &ChainKernelForCpu() { return HWY_DYNAMIC_DISPATCH(Kernel)(); }

}  // namespace aclcpu
#endif
