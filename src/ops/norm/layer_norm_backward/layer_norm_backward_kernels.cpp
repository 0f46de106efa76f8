// LayerNorm backward kernels: one DRAM pass over dy and x per row (two sweeps while the row is in
// cache), fp32 math for every dtype, dgamma/dbeta partials per fixed row block. Rows are read and
// written in place when dense (FLOAT16/BF16 converted in registers: S is the element type), else
// staged as fp32.
#include <algorithm>
#include <cmath>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/norm/layer_norm_backward/layer_norm_backward_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

// The 16-bit conversions after highway.h, once per target.
#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"

#include "base/with_storage.h"
#include "ops/norm/layer_norm_backward/layer_norm_backward_plan.h"

#ifndef ACLCPU_LAYER_NORM_BACKWARD_KERNELS_ONCE
#define ACLCPU_LAYER_NORM_BACKWARD_KERNELS_ONCE
namespace aclcpu {

// Rows with |mean * rstd| above this take PreciseDxRow for dx (see FastRow).
constexpr float kFastRowLimit = 2.0f;
// fp32 tensors: rows summed into the fp32 dgamma run before it is added into the double partial row.
// Uncentered rows (RmsNormGrad) fold every row: their dgamma is FLOAT for 16-bit tensors too, where
// PyTorch's fp32 sums leave no room for a run's roundings (measured: 1.19e-6 against its 1.07e-6 + 1 ulp).
constexpr int kFoldRows = 4;
inline int FoldRowsOf(bool centered) { return centered ? kFoldRows : 1; }
// Dense fp32 rows this short go through DenseRows, two at a time: their cost is mostly per-row
// overhead and latency. Longer rows keep one FastRow call each, which measured faster for them.
constexpr int64_t kShortRowMaxCols = 256;

// A run of rows whose dy, x and dx are dense fp32 rows a fixed stride apart (in elements), with
// their statistics already in fp32; dgamma goes through the fp32 run `pg` into the double `partialRow`,
// dbeta straight into `pb`.
struct DenseRowsArgs {
  const float *dy, *x;
  float *dx;
  int64_t dyStride, xStride, dxStride;
  const float *weight, *means, *rstds;
  int64_t rows, cols;
  double invN;
  float *pg;
  double *pb, *partialRow;
  bool streamDx;
  bool centered;
  int foldRows;  // rows per fp32 dgamma run (FoldRowsOf)
};

}  // namespace aclcpu
#endif

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Sums over a row are taken in fp32 vectors over chunks of this many columns and folded into
// double, so long rows keep vector speed without fp32 drift.
constexpr int64_t kSumChunk = 2048;

// dgamma terms (dy * xhat, each already rounded in fp32) are summed in fp32 over runs of kFoldRows
// rows and then added into the block's double partial row: the long sums stay exact at a fraction
// of the cost of per-row double updates. dbeta terms (dy) are exact, so they go straight into
// double: any fp32 run would add error that PyTorch's dbeta does not have. (Whole-block fp32
// partials summed pairwise measured 2 ulp against PyTorch's 1 on the parity cases.)
// pb += dy0 (+ dy1 when kRows is 2), in that order, with one load and store of pb.
template <int kRows, class DF, class S>
HWY_INLINE void AddDy(DF df, const S *dy0, const S *dy1, float *HWY_RESTRICT pb) {
  auto sum = hn::Add(LoadAsF32(df, dy0), hn::LoadU(df, pb));
  if (kRows == 2) sum = hn::Add(LoadAsF32(df, dy1), sum);
  hn::StoreU(sum, df, pb);
}
template <int kRows, class DF, class S>
HWY_INLINE void AddDy(DF df, const S *dy0, const S *dy1, double *HWY_RESTRICT pb) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> dh;
  constexpr size_t kParts = HWY_MAX(size_t{1}, hn::MaxLanes(df) / hn::MaxLanes(dd));
  for (size_t part = 0; part < kParts; ++part) {
    const size_t k = part * hn::Lanes(dd);
    auto sum = hn::Add(hn::PromoteTo(dd, LoadAsF32(dh, dy0 + k)), hn::LoadU(dd, pb + k));
    if (kRows == 2) sum = hn::Add(hn::PromoteTo(dd, LoadAsF32(dh, dy1 + k)), sum);
    hn::StoreU(sum, dd, pb + k);
  }
}

// dx of a fast row from its sums: the coefficients in double, then one pass over the row. An
// uncentered row (RmsNormGrad: mean 0, y = x * rstd * w) has no a term: its y does not subtract sum(x) / N.
template <class S, bool kWeight>
HWY_INLINE void DxSweep(const S *dy, const S *HWY_RESTRICT x, const float *HWY_RESTRICT w, float mean, float rstd,
                        double sumG, double sumGX, int64_t n, double invN, S *dx, bool streamDx, bool centered) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const double r = rstd, a = centered ? sumG * invN : 0.0, b = sumGX * invN;
  const double coefB = -r * r * b;
  const auto fA = static_cast<float>(a), fB = static_cast<float>(coefB), fC = static_cast<float>(-coefB * mean);
  if (!std::isfinite(fB) || !std::isfinite(fC)) {
    // An infinite b (an infinite dy or weight) makes B*x and C opposite infinities where x has the
    // mean's sign: NaN where rstd * (g - a - b * xhat) is an infinity. Such rows take that form.
    for (int64_t k = 0; k < n; ++k) {
      const float g = kWeight ? Decode(dy[k]) * w[k] : Decode(dy[k]);
      const double xhat = (static_cast<double>(Decode(x[k])) - mean) * r;
      dx[k] = Encode(static_cast<float>(r * ((static_cast<double>(g) - a) - b * xhat)), dx);
    }
    return;
  }
  const auto vA = hn::Set(d, fA), vB = hn::Set(d, fB), vC = hn::Set(d, fC), vRstd = hn::Set(d, rstd);
  auto scalarDx = [&](int64_t k) {
    const float g = kWeight ? Decode(dy[k]) * w[k] : Decode(dy[k]);
    dx[k] = Encode(std::fma(rstd, g - fA, std::fma(fB, Decode(x[k]), fC)), dx);
  };
  // always_inline: in DenseRows GCC otherwise leaves this out of line, a call per vector.
  auto vectorDx = [&](int64_t k) HWY_ATTR __attribute__((always_inline)) {
    const auto vdy = LoadAsF32(d, dy + k);
    const auto g = kWeight ? hn::Mul(vdy, hn::LoadU(d, w + k)) : vdy;
    return hn::MulAdd(vRstd, hn::Sub(g, vA), hn::MulAdd(vB, LoadAsF32(d, x + k), vC));
  };
  int64_t k = 0;
  if (streamDx) {  // aligned whole vectors bypass the cache: no read-for-ownership of dx
    const auto vectorBytes = static_cast<uintptr_t>(lanes) * sizeof(S);
    for (; k < n && reinterpret_cast<uintptr_t>(dx + k) % vectorBytes != 0; ++k) scalarDx(k);
    for (; k + lanes <= n; k += lanes) StreamFromF32(d, vectorDx(k), dx + k);
  }
  for (; k + lanes <= n; k += lanes) StoreFromF32(d, vectorDx(k), dx + k);
  for (; k < n; ++k) scalarDx(k);
}

// The fast row (norm-ops.md §2.3 rearranged):
//   xhat = (x - mean) * rstd;  g = dy * w
//   a = sum(g) / N;  b = sum(g * xhat) / N                 (fp32 vectors folded into double)
//   dx = rstd * (g - a - b * xhat) = rstd * (g - a) + B * x + C,  B = -rstd^2 b,  C = rstd^2 b mean
//   pg += dy * xhat (fp32, a few rows);  pb += dy (double)
// a, B and C are formed in double, so dx costs four fp32 roundings (g, g - a, two FMAs) - fewer
// than PyTorch's form of the same expression. g - a is exact where g is close to a, so rows whose
// dx vanishes (N = 1, constant g) give exact zeros rather than rounding residue. The x-form cancels B*mean against C,
// which is harmless while |mean * rstd| is small; the caller sends other rows to PreciseDxRow. `dx` may alias `dy` (the
// staged copy), so neither is restrict; `streamDx` only when it does not.
//
// kRows = 2 takes two rows (row 1's arguments are ignored when kRows = 1), for short dense rows:
// the second row's sums hide the latency from the first row's last sum to its coefficients, and
// pg/pb are loaded and stored once for both. Each row's sums and each pg/pb element see the same
// operations in the same order as two calls with one row each, so pairing changes no bit.
template <class S, class PB, bool kWeight, bool kParams, bool kDx, int kRows>
HWY_INLINE void FastRows(const S *dy0, const S *dy1, const S *HWY_RESTRICT x0, const S *HWY_RESTRICT x1,
                         const float *HWY_RESTRICT w, float mean0, float rstd0, float mean1, float rstd1, int64_t n,
                         double invN, float *HWY_RESTRICT pg, PB *HWY_RESTRICT pb, S *dx0, S *dx1, bool streamDx,
                         bool centered) {
  static_assert(kRows == 1 || kRows == 2, "one row or a pair");
  const hn::ScalableTag<float> d;
  using V = hn::Vec<decltype(d)>;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const V vMean0 = hn::Set(d, mean0), vRstd0 = hn::Set(d, rstd0);
  const V vMean1 = hn::Set(d, mean1), vRstd1 = hn::Set(d, rstd1);
  double sumG0 = 0.0, sumGX0 = 0.0, sumG1 = 0.0, sumGX1 = 0.0;
  for (int64_t c0 = 0; c0 < n; c0 += kSumChunk) {
    const int64_t c1 = std::min(n, c0 + kSumChunk);
    // Even and odd vectors of each row accumulate separately: two chains instead of one.
    V accG0a = hn::Zero(d), accG0b = hn::Zero(d), accGX0a = hn::Zero(d), accGX0b = hn::Zero(d);
    V accG1a = hn::Zero(d), accG1b = hn::Zero(d), accGX1a = hn::Zero(d), accGX1b = hn::Zero(d);
    // always_inline: left to itself GCC calls this per vector with the accumulators in memory.
    auto step = [&](int64_t at, V & accG0, V & accGX0, V & accG1, V & accGX1) HWY_ATTR __attribute__((always_inline)) {
      const V vw = kWeight && kDx ? hn::LoadU(d, w + at) : hn::Zero(d);
      V vpg = kParams ? hn::LoadU(d, pg + at) : hn::Zero(d);
      auto row = [&](const S *dy, const S *HWY_RESTRICT x, V vMean, V vRstd, V &accG, V &accGX) HWY_ATTR
          __attribute__((always_inline)) {
        const V vdy = LoadAsF32(d, dy + at);
        const V xh = hn::Mul(hn::Sub(LoadAsF32(d, x + at), vMean), vRstd);
        if (kDx) {
          const V g = kWeight ? hn::Mul(vdy, vw) : vdy;
          accG = hn::Add(accG, g);
          accGX = hn::MulAdd(g, xh, accGX);
        }
        if (kParams) vpg = hn::MulAdd(vdy, xh, vpg);
      };
      row(dy0, x0, vMean0, vRstd0, accG0, accGX0);
      if (kRows == 2) row(dy1, x1, vMean1, vRstd1, accG1, accGX1);
      if (kParams) {
        hn::StoreU(vpg, d, pg + at);
        if (pb != nullptr) AddDy<kRows>(d, dy0 + at, dy1 + at, pb + at);
      }
    };
    int64_t k = c0;
    for (; k + 2 * lanes <= c1; k += 2 * lanes) {
      step(k, accG0a, accGX0a, accG1a, accGX1a);
      step(k + lanes, accG0b, accGX0b, accG1b, accGX1b);
    }
    for (; k + lanes <= c1; k += lanes) step(k, accG0a, accGX0a, accG1a, accGX1a);
    double tailG0 = 0, tailGX0 = 0, tailG1 = 0, tailGX1 = 0;
    auto tail = [&](const S *dy, const S *x, float mean, float rstd, double &tailG, double &tailGX) {
      const float xh = (Decode(x[k]) - mean) * rstd, dyk = Decode(dy[k]);
      const float g = kWeight ? dyk * w[k] : dyk;
      tailG += g;
      tailGX += static_cast<double>(g) * xh;
      if (kParams) {
        pg[k] += dyk * xh;
        if (pb != nullptr) pb[k] += dyk;
      }
    };
    for (; k < c1; ++k) {
      tail(dy0, x0, mean0, rstd0, tailG0, tailGX0);
      if (kRows == 2) tail(dy1, x1, mean1, rstd1, tailG1, tailGX1);
    }
    if (kDx) {
      sumG0 += static_cast<double>(hn::GetLane(hn::SumOfLanes(d, hn::Add(accG0a, accG0b)))) + tailG0;
      sumGX0 += static_cast<double>(hn::GetLane(hn::SumOfLanes(d, hn::Add(accGX0a, accGX0b)))) + tailGX0;
      if (kRows == 2) {
        sumG1 += static_cast<double>(hn::GetLane(hn::SumOfLanes(d, hn::Add(accG1a, accG1b)))) + tailG1;
        sumGX1 += static_cast<double>(hn::GetLane(hn::SumOfLanes(d, hn::Add(accGX1a, accGX1b)))) + tailGX1;
      }
    }
  }
  if (!kDx) return;
  DxSweep<S, kWeight>(dy0, x0, w, mean0, rstd0, sumG0, sumGX0, n, invN, dx0, streamDx, centered);
  if (kRows == 2) DxSweep<S, kWeight>(dy1, x1, w, mean1, rstd1, sumG1, sumGX1, n, invN, dx1, streamDx, centered);
}

// One row (its elements of S): the kernel behind the per-row function table.
template <class S, class PB, bool kWeight, bool kParams, bool kDx>
HWY_INLINE void FastRow(const void *dyRow, const void *xRow, const float *HWY_RESTRICT w, float mean, float rstd,
                        int64_t n, double invN, float *HWY_RESTRICT pg, PB *HWY_RESTRICT pb, void *dxRow, bool streamDx,
                        bool centered) {
  const auto *dy = static_cast<const S *>(dyRow);
  const auto *x = static_cast<const S *>(xRow);
  auto *dx = static_cast<S *>(dxRow);
  FastRows<S, PB, kWeight, kParams, kDx, 1>(dy, dy, x, x, w, mean, rstd, mean, rstd, n, invN, pg, pb, dx, dx, streamDx,
                                            centered);
}

template <class PB>
using FastRowFn = void (*)(const void *, const void *, const float *, float, float, int64_t, double, float *, PB *,
                           void *, bool, bool);

template <class PB>
FastRowFn<PB> SelectFastRowFor(DType dtype, bool weight, bool params, bool wantDx) {
  FastRowFn<PB> fn = nullptr;
  WithStorage(dtype, [&](auto tag) {
    using S = StorageOf<decltype(tag)>;
    // Indexed by (weight, params, dx); the all-false variant is never selected (nothing to do).
    static const FastRowFn<PB> kTable[8] = {FastRow<S, PB, false, false, false>, FastRow<S, PB, false, false, true>,
                                            FastRow<S, PB, false, true, false>,  FastRow<S, PB, false, true, true>,
                                            FastRow<S, PB, true, false, false>,  FastRow<S, PB, true, false, true>,
                                            FastRow<S, PB, true, true, false>,   FastRow<S, PB, true, true, true>};
    fn = kTable[(weight ? 4 : 0) + (params ? 2 : 0) + (wantDx ? 1 : 0)];
  });
  return fn;
}
FastRowFn<float> SelectFastRowF32(DType dtype, bool weight, bool params, bool wantDx) {
  return SelectFastRowFor<float>(dtype, weight, params, wantDx);
}
FastRowFn<double> SelectFastRowF64(DType dtype, bool weight, bool params, bool wantDx) {
  return SelectFastRowFor<double>(dtype, weight, params, wantDx);
}

// dx of one row in double, for rows whose mean is large against their spread (|mean*rstd| above
// kFastRowLimit), where the fast row's x-form would cancel: sums of g*xhat in double and
// dx = ((g - xhat*b) - a) * rstd rounded once to fp32.
template <class S, bool kWeight>
void PreciseDxRow(const void *dyRow, const void *xRow, const float *HWY_RESTRICT w, float meanF, float rstdF, int64_t n,
                  void *dxRow) {
  const auto *dy = static_cast<const S *>(dyRow);
  const auto *HWY_RESTRICT x = static_cast<const S *>(xRow);
  auto *dx = static_cast<S *>(dxRow);
  const hn::ScalableTag<double> d;
  const hn::Rebind<float, decltype(d)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const double mean = meanF, rstd = rstdF;
  const auto vMean = hn::Set(d, mean), vRstd = hn::Set(d, rstd);
  auto gAt = [&](int64_t k) HWY_ATTR {
    const auto vdy = hn::PromoteTo(d, LoadAsF32(df, dy + k));
    return kWeight ? hn::Mul(vdy, hn::PromoteTo(d, hn::LoadU(df, w + k))) : vdy;
  };
  auto xhAt = [&](int64_t k)
                  HWY_ATTR { return hn::Mul(hn::Sub(hn::PromoteTo(d, LoadAsF32(df, x + k)), vMean), vRstd); };
  auto accG = hn::Zero(d), accGX = hn::Zero(d);
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    const auto g = gAt(k);
    accG = hn::Add(accG, g);
    accGX = hn::MulAdd(g, xhAt(k), accGX);
  }
  double sumG = hn::GetLane(hn::SumOfLanes(d, accG)), sumGX = hn::GetLane(hn::SumOfLanes(d, accGX));
  for (int64_t t = k; t < n; ++t) {
    const double g = kWeight ? double(Decode(dy[t])) * w[t] : Decode(dy[t]);
    sumG += g;
    sumGX += g * ((Decode(x[t]) - mean) * rstd);
  }
  const double a = sumG / static_cast<double>(n), b = sumGX / static_cast<double>(n);
  const auto vA = hn::Set(d, a), vB = hn::Set(d, b);
  for (k = 0; k + lanes <= n; k += lanes) {
    const auto v = hn::Mul(hn::Sub(hn::NegMulAdd(xhAt(k), vB, gAt(k)), vA), vRstd);
    // (Rounded to fp32, then to a 16-bit dx: the bits the fp32 stage gives.)
    StoreFromF32(df, hn::DemoteTo(df, v), dx + k);
  }
  for (; k < n; ++k) {
    const double g = kWeight ? double(Decode(dy[k])) * w[k] : Decode(dy[k]);
    dx[k] = Encode(static_cast<float>(((g - ((Decode(x[k]) - mean) * rstd) * b) - a) * rstd), dx);
  }
}

using PreciseDxRowFn = void (*)(const void *, const void *, const float *, float, float, int64_t, void *);

PreciseDxRowFn SelectPreciseDxRow(DType dtype, bool weight) {
  PreciseDxRowFn fn = nullptr;
  WithStorage(dtype, [&](auto tag) {
    using S = StorageOf<decltype(tag)>;
    fn = weight ? PreciseDxRow<S, true> : PreciseDxRow<S, false>;
  });
  return fn;
}

// dst[k] += src[k] then src[k] = 0 over n columns: folds a run of rows' fp32 sums into the block's
// double partial row and restarts the run.
void FoldRow(double *HWY_RESTRICT dst, float *HWY_RESTRICT src, int64_t n) {
  const hn::ScalableTag<double> d;
  const hn::Rebind<float, decltype(d)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    hn::StoreU(hn::Add(hn::LoadU(d, dst + k), hn::PromoteTo(d, hn::LoadU(df, src + k))), d, dst + k);
    hn::StoreU(hn::Zero(df), df, src + k);
  }
  for (; k < n; ++k) {
    dst[k] += src[k];
    src[k] = 0.0f;
  }
}

// DenseRows: short dense rows (at most kShortRowMaxCols columns) in one target-specific loop,
// pairs through FastRows<.., 2> and the rest one at a time, all inlined. Calling FastRow through a
// pointer per row cost about as much as the row itself on 64-column rows. `rowsInRun` carries
// the fp32 run's length from one call to the next.
template <bool kWeight, bool kParams, bool kDx>
void DenseRows(const DenseRowsArgs &a, int *rowsInRun) {
  const int64_t n = a.cols;
  auto fast = [&](int64_t i) { return !kDx || !a.centered || std::fabs(a.means[i] * a.rstds[i]) <= kFastRowLimit; };
  for (int64_t i = 0; i < a.rows;) {
    const float *dy = a.dy + i * a.dyStride;
    const float *x = a.x + i * a.xStride;
    float *dx = kDx ? a.dx + i * a.dxStride : nullptr;
    const float mean = a.means[i], rstd = a.rstds[i];
    int rows = 1;
    // A pair never straddles a fold: runs start at 0 and hold an even number of rows (or one: no pairs).
    if (i + 1 < a.rows && (!kParams || *rowsInRun + 2 <= a.foldRows) && fast(i) && fast(i + 1)) {
      FastRows<float, double, kWeight, kParams, kDx, 2>(dy, dy + a.dyStride, x, x + a.xStride, a.weight, mean, rstd,
                                                        a.means[i + 1], a.rstds[i + 1], n, a.invN, a.pg, a.pb, dx,
                                                        kDx ? dx + a.dxStride : nullptr, a.streamDx, a.centered);
      rows = 2;
    } else if (fast(i)) {
      FastRow<float, double, kWeight, kParams, kDx>(dy, x, a.weight, mean, rstd, n, a.invN, a.pg, a.pb, dx, a.streamDx,
                                                    a.centered);
    } else {
      if (kParams) {
        FastRow<float, double, kWeight, true, false>(dy, x, a.weight, mean, rstd, n, a.invN, a.pg, a.pb, nullptr, false,
                                                     a.centered);
      }
      PreciseDxRow<float, kWeight>(dy, x, a.weight, mean, rstd, n, dx);
    }
    i += rows;
    if (kParams && (*rowsInRun += rows) == a.foldRows) {
      FoldRow(a.partialRow, a.pg, n);
      *rowsInRun = 0;
    }
  }
}

using DenseRowsFn = void (*)(const DenseRowsArgs &, int *);

DenseRowsFn SelectDenseRows(bool weight, bool params, bool wantDx) {
  // Indexed by (weight, params, dx); the all-false variant is never selected (nothing to do).
  static const DenseRowsFn kTable[8] = {DenseRows<false, false, false>, DenseRows<false, false, true>,
                                        DenseRows<false, true, false>,  DenseRows<false, true, true>,
                                        DenseRows<true, false, false>,  DenseRows<true, false, true>,
                                        DenseRows<true, true, false>,   DenseRows<true, true, true>};
  return kTable[(weight ? 4 : 0) + (params ? 2 : 0) + (wantDx ? 1 : 0)];
}

// dst[k] += src[k] over n columns (pairwise combination of block partials).
template <class T>
void AddRowT(T *HWY_RESTRICT dst, const T *HWY_RESTRICT src, int64_t n) {
  const hn::ScalableTag<T> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) hn::StoreU(hn::Add(hn::LoadU(d, dst + k), hn::LoadU(d, src + k)), d, dst + k);
  for (; k < n; ++k) dst[k] += src[k];
}

void AddRowF32(float *HWY_RESTRICT dst, const float *HWY_RESTRICT src, int64_t n) { AddRowT(dst, src, n); }
void AddRowF64(double *HWY_RESTRICT dst, const double *HWY_RESTRICT src, int64_t n) { AddRowT(dst, src, n); }

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>
#include <cmath>
#include <cstring>

#include "base/convert.h"
#include "base/parallel.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {

HWY_EXPORT(SelectFastRowF32);
HWY_EXPORT(SelectFastRowF64);
HWY_EXPORT(SelectPreciseDxRow);
HWY_EXPORT(AddRowF32);
HWY_EXPORT(AddRowF64);
HWY_EXPORT(FoldRow);
HWY_EXPORT(SelectDenseRows);

namespace {

constexpr int64_t kReduceColumns = 1024;  // column chunk of the final partial reduction

void ZeroFillParams(const LayerNormBackwardPlan &p, const LayerNormBackwardBuffers &b) {
  if (p.wantDgamma) ZeroFlat(p.dgamma, b.dgamma, p.cols);
  if (p.wantDbeta) ZeroFlat(p.dbeta, b.dbeta, p.cols);
}

// All rows, then the reduction of the dgamma/dbeta partials.
template <class P>
struct PartialKernels;
template <>
struct PartialKernels<float> {
  static auto Row(DType t, bool w, bool p, bool dx) { return HWY_DYNAMIC_DISPATCH(SelectFastRowF32)(t, w, p, dx); }
  static auto Add() { return HWY_DYNAMIC_DISPATCH(AddRowF32); }
};
template <>
struct PartialKernels<double> {
  static auto Row(DType t, bool w, bool p, bool dx) { return HWY_DYNAMIC_DISPATCH(SelectFastRowF64)(t, w, p, dx); }
  static auto Add() { return HWY_DYNAMIC_DISPATCH(AddRowF64); }
};

// All rows, then the reduction of the dgamma/dbeta partials (of type P).
// P = double (fp32 tensors): dgamma terms run through a per-thread fp32 row folded into the
// block's row every kFoldRows rows, dbeta terms go straight in. P = float (f16/bf16 tensors): both
// accumulate into the block's fp32 row.
template <class P>
void RunRows(const LayerNormBackwardPlan &p, const LayerNormBackwardBuffers &b, char *ws) {
  const int64_t n = p.cols;
  float *weight = nullptr;
  if (p.hasWeight) {
    weight = reinterpret_cast<float *>(ws + p.weightOffset);
    ReadFlatAsF32(p.weight, b.weight, 0, n, weight);
  }
  const bool params = p.wantDgamma || p.wantDbeta;
  const double invN = 1.0 / static_cast<double>(n);
  auto *partials = reinterpret_cast<P *>(ws + p.partialsOffset);
  constexpr bool kFold = sizeof(P) == sizeof(double);
  const RowAccess dyRows(p.dy, p.beginAxis, b.dy), xRows(p.x, p.beginAxis, b.x);
  const RowAccess dxRows(p.dx, p.wantDx ? p.beginAxis : 0, b.dx);
  const bool inPlace = p.rowsInPlace, dxDirect = p.dxDirect;
  const DType rowType = inPlace ? p.dy.dtype : DType::kF32;
  const auto fastRow = PartialKernels<P>::Row(rowType, p.hasWeight, params, p.wantDx);
  const auto paramsOnlyRow = params ? PartialKernels<P>::Row(rowType, p.hasWeight, true, false) : nullptr;
  const auto preciseDxRow = HWY_DYNAMIC_DISPATCH(SelectPreciseDxRow)(rowType, p.hasWeight);
  const auto fold = HWY_DYNAMIC_DISPATCH(FoldRow);
  // Short dense fp32 rows at fixed strides run their whole chunk inside one kernel call.
  const bool uniformDense = dyRows.UniformDense() && xRows.UniformDense() && inPlace && rowType == DType::kF32 &&
                            (!p.wantDx || dxRows.UniformDense());
  const auto denseRows = kFold && uniformDense && n <= kShortRowMaxCols
                             ? HWY_DYNAMIC_DISPATCH(SelectDenseRows)(p.hasWeight, params, p.wantDx)
                             : nullptr;

  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    float *stageA = reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
    float *stageB = stageA + p.scratchStride / (2 * sizeof(float));
    P *partialRow = params ? partials + block * 2 * n : nullptr;
    // dbeta not wanted (RmsNormGrad, outputMask[2] false): its sums are skipped, its partial row stays zero.
    P *pb = p.wantDbeta ? partialRow + n : nullptr;
    float *pg = nullptr;
    if (params) {
      std::memset(partialRow, 0, static_cast<size_t>(2 * n) * sizeof(P));
      if constexpr (kFold) {
        pg = reinterpret_cast<float *>(ws + p.runSumsOffset + p.runSumsStride * static_cast<size_t>(thread));
        std::memset(pg, 0, static_cast<size_t>(n) * sizeof(float));
      } else {
        pg = partialRow;
      }
    }
    int rowsInRun = 0;
    const int64_t first = block * p.rowsPerBlock;
    const int64_t last = std::min(p.rows, first + p.rowsPerBlock);
    constexpr int64_t kStatChunk = 256;  // mean/rstd are read a chunk of rows at a time
    float means[kStatChunk], rstds[kStatChunk];
    for (int64_t chunk = first; chunk < last; chunk += kStatChunk) {
      const int64_t count = std::min(kStatChunk, last - chunk);
      if (p.centered) {
        ReadFlatAsF32(p.mean, b.mean, chunk, count, means);
      } else {
        std::fill(means, means + count, 0.0f);
      }
      ReadFlatAsF32(p.rstd, b.rstd, chunk, count, rstds);
      if constexpr (kFold) {
        if (denseRows != nullptr) {
          DenseRowsArgs args{};
          args.dy = reinterpret_cast<const float *>(dyRows.RowStart(chunk));
          args.x = reinterpret_cast<const float *>(xRows.RowStart(chunk));
          args.dx = p.wantDx ? reinterpret_cast<float *>(const_cast<char *>(dxRows.RowStart(chunk))) : nullptr;
          args.dyStride = dyRows.RowStride();
          args.xStride = xRows.RowStride();
          args.dxStride = dxRows.RowStride();
          args.weight = weight;
          args.means = means;
          args.rstds = rstds;
          args.rows = count;
          args.cols = n;
          args.invN = invN;
          args.pg = pg;
          args.pb = pb;
          args.partialRow = partialRow;
          args.streamDx = p.streamDx;
          args.centered = p.centered;
          args.foldRows = FoldRowsOf(p.centered);
          denseRows(args, &rowsInRun);
          continue;
        }
      }
      for (int64_t i = 0; i < count; ++i) {
        const int64_t m = chunk + i;
        const void *dy = inPlace ? static_cast<const void *>(dyRows.RowStart(m)) : dyRows.Load(m, n, stageA);
        const void *x = inPlace ? static_cast<const void *>(xRows.RowStart(m)) : xRows.Load(m, n, stageB);
        void *dx = nullptr;
        if (p.wantDx) dx = dxDirect ? dxRows.WriteTarget(m, stageA) : stageA;
        // (An uncentered row has no mean to cancel: always the fast form, whatever its rstd.)
        if (!p.wantDx || !p.centered || std::fabs(means[i] * rstds[i]) <= kFastRowLimit) {
          fastRow(dy, x, weight, means[i], rstds[i], n, invN, pg, pb, dx, p.streamDx, p.centered);
        } else {
          if (params) paramsOnlyRow(dy, x, weight, means[i], rstds[i], n, invN, pg, pb, nullptr, false, p.centered);
          preciseDxRow(dy, x, weight, means[i], rstds[i], n, dx);
        }
        if (p.wantDx && !dxDirect) dxRows.Store(m, n, stageA);
        if constexpr (kFold) {
          if (params && ++rowsInRun == FoldRowsOf(p.centered)) {
            fold(partialRow, pg, n);
            rowsInRun = 0;
          }
        }
      }
    }
    if constexpr (kFold) {
      if (params && rowsInRun > 0) fold(partialRow, pg, n);  // the block's last, partial run
    }
    if (p.streamDx) FenceStreamingStores();
  });
  if (!params) return;

  // Combine the block partials pairwise in a fixed order, then round once into the outputs.
  const int64_t chunks = CeilDiv(2 * n, kReduceColumns);
  const auto add = PartialKernels<P>::Add();
  ParallelFor(chunks, p.threads, [&](int64_t chunk, int) {
    const int64_t c0 = chunk * kReduceColumns;
    const int64_t len = std::min(kReduceColumns, 2 * n - c0);
    for (int64_t stride = 1; stride < p.numBlocks; stride *= 2) {
      for (int64_t blk = 0; blk + stride < p.numBlocks; blk += 2 * stride) {
        add(partials + blk * 2 * n + c0, partials + (blk + stride) * 2 * n + c0, len);
      }
    }
    float combined[kReduceColumns];
    for (int64_t k = 0; k < len; ++k) combined[k] = static_cast<float>(partials[c0 + k]);
    // Columns [0, n) of the combined row are dgamma, [n, 2n) dbeta.
    const int64_t gEnd = std::min(c0 + len, n);
    if (p.wantDgamma && c0 < gEnd) WriteFlatFromF32(p.dgamma, b.dgamma, c0, gEnd - c0, combined);
    const int64_t bStart = std::max(c0, n);
    if (p.wantDbeta && bStart < c0 + len) {
      WriteFlatFromF32(p.dbeta, b.dbeta, bStart - n, c0 + len - bStart, combined + (bStart - c0));
    }
  });
}

}  // namespace

void RunLayerNormBackward(const LayerNormBackwardPlan &p, const LayerNormBackwardBuffers &b, void *workspace) {
  if (p.zeroFillParams) ZeroFillParams(p, b);
  if (!p.compute) return;
  if (p.doublePartials) {
    RunRows<double>(p, b, static_cast<char *>(workspace));
  } else {
    RunRows<float>(p, b, static_cast<char *>(workspace));
  }
}

}  // namespace aclcpu
#endif  // HWY_ONCE
