// GroupNormSwishGrad kernels: one task per (n, g) group. Sweep A recomputes z and the swish
// derivative, keeps dL/dz and sums it per channel; sweep B writes dx while the group is in cache.
// Without the swish (kSwish false, GroupNormBackward) dL/dz is dy: sweep A only copies and sums it.
#include <algorithm>
#include <cmath>
#include <type_traits>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/norm/group_norm_swish_grad/group_norm_swish_grad_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/f32_pair.h"
// After highway.h: the family's swish math is re-included per target like this file.
#include "ops/norm/group_norm_swish_family/swish_math-inl.h"
#include "ops/norm/group_norm_swish_grad/group_norm_swish_grad_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// PlainRun's fp32 partial sums are folded into double after this many vectors.
constexpr int64_t kFoldVectors = 8;
constexpr int64_t kMaxLanes = HWY_MAX_BYTES / sizeof(float);  // bounds the stack blocks below
// WideRun works in blocks of this many elements, two loops per block (see there).
constexpr int64_t kSplitBlock = 256;

// u = s z = s gamma rstd (x - mean) + s beta = slope (x - mean) + offset, with the per-channel
// slope and offset formed in double, and rounded to fp32 for the fp32 lanes.
struct SwishCoefficients {
  double slope, offset;
  float slope32, offset32;
};

inline SwishCoefficients ChannelCoefficients(float s, float gamma, float beta, float rstd) {
  SwishCoefficients c;
  c.slope = static_cast<double>(s) * gamma * rstd;
  c.offset = static_cast<double>(s) * beta;
  c.slope32 = static_cast<float>(c.slope);
  c.offset32 = static_cast<float>(c.offset);
  return c;
}

// dL/dz = dy * dsw(u), u = s z, e = exp(-u), r = 1/(1+e) = sigmoid(u) (norm-ops.md §1.3):
//   dsw = r (1 + u (1 - r)) = r + u e r^2,  as 1 - r = e r (no cancellation as r -> 1).
// The scalar form, for tails, all in double.
inline double SwishGradient(double u, float dy) {
  u = std::max(u, static_cast<double>(kMinSwishArgument));
  const double e = std::exp(-u);
  const double r = 1.0 / (1.0 + e);
  return dy * (r * std::fma(u, e * r, 1.0));
}

// Per-channel sums of one run of sweep A (see SwishGradPiece).
struct ChannelSums {
  double dz = 0.0, dzDiff = 0.0;
};

#if HWY_TARGET != HWY_SCALAR
// Sweep A's vector body for fp32 tensors: dL/dz in double lanes, stashed and summed in double.
// Advances *next by whole vectors up to `end`. Only the exp runs in fp32 lanes (double lanes would
// halve its width and need a longer polynomial: 14-17 % slower in all). Pass 1, in fp32:
//   a = slope32 (x - mean) + offset32, a few ulp from u;  exp(-a) = scale (1 + p).
// Pass 2, in double:
//   u = slope (x - mean) + offset (x - mean exact);
//   e = exp(-u) = scale (1 + p) (1 - (u - a)): 1 + p is not rounded to fp32 (that half ulp failed
//     the parity test on 3 of 30 seeds), and u - a enters to first order; its square is below
//     2^-40 unless |s gamma xhat| and |s beta| are far above 1 and cancel;
//   r = 1 / (1 + e): the fp32 quotient and one Newton step;
//   dsw = r + u e r^2,  dL/dz = dy dsw.
// Two loops per block of kSplitBlock elements: one fused loop chains more dependent instructions
// than the out-of-order window overlaps (8-20 % slower, measured on this and earlier versions).
// !kSwish: no pass 1, dL/dz = dy (exact in double).
template <bool kSwish>
inline ChannelSums WideRun(const float *HWY_RESTRICT dy, const float *HWY_RESTRICT x, int64_t *next, int64_t end,
                           const SwishCoefficients &co, float mean, bool sums, double *HWY_RESTRICT dz) {
  int64_t k = *next;  // a local: the vector stores may alias *next, which kept it in memory
  const hn::ScalableTag<float> d;
  const hn::Repartition<double, decltype(d)> dd;
  const hn::Half<decltype(d)> dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d)), half = lanes / 2;
  const auto vMean = hn::Set(dd, mean), vSlope = hn::Set(dd, co.slope), vOffset = hn::Set(dd, co.offset);
  auto sumDz0 = hn::Zero(dd), sumDz1 = hn::Zero(dd), sumDzD0 = hn::Zero(dd), sumDzD1 = hn::Zero(dd);
  const auto vMean32 = hn::Set(d, mean), vSlope32 = hn::Set(d, co.slope32), vOffset32 = hn::Set(d, co.offset32);
  HWY_ALIGN float argBlock[kSplitBlock], scaleBlock[kSplitBlock], polyBlock[kSplitBlock];
  while (k + lanes <= end) {
    const int64_t blockEnd = k + std::min(kSplitBlock, (end - k) / lanes * lanes);
    // Pass 1: a and exp(-a) = scale (1 + p), in fp32.
    for (int64_t j = k, b = 0; kSwish && j < blockEnd; j += lanes, b += lanes) {
      const auto a = ClampSwishArgument(d, hn::MulAdd(vSlope32, hn::Sub(hn::LoadU(d, x + j), vMean32), vOffset32));
      auto scale = hn::Zero(d);
      hn::Store(ExpInSwishRangeParts(d, hn::Neg(a), &scale), d, polyBlock + b);
      hn::Store(scale, d, scaleBlock + b);
      hn::Store(a, d, argBlock + b);
      PrefetchAhead(x + j);
      PrefetchAhead(dy + j);
    }
    // Pass 2: u, e, r, dL/dz and the sums, in double (the two halves of each fp32 vector).
    for (int64_t b = 0; k < blockEnd; k += lanes, b += lanes) {
      const auto vx = hn::LoadU(d, x + k), vdy = hn::LoadU(d, dy + k);
      const auto diff0 = hn::Sub(hn::PromoteTo(dd, hn::LowerHalf(dh, vx)), vMean);  // exact
      const auto diff1 = hn::Sub(hn::PromoteTo(dd, hn::UpperHalf(dh, vx)), vMean);
      const auto dy0 = hn::PromoteTo(dd, hn::LowerHalf(dh, vdy)), dy1 = hn::PromoteTo(dd, hn::UpperHalf(dh, vdy));
      auto g0 = dy0, g1 = dy1;
      if constexpr (kSwish) {
        const auto va = hn::Load(d, argBlock + b), vp = hn::Load(d, polyBlock + b), vs = hn::Load(d, scaleBlock + b);
        const auto u0 = ClampSwishArgument(dd, hn::MulAdd(vSlope, diff0, vOffset));
        const auto u1 = ClampSwishArgument(dd, hn::MulAdd(vSlope, diff1, vOffset));
        hn::Vec<decltype(dd)> e0, e1, r0, r1;
        WideExpAndSigmoid(d, va, vs, vp, u0, u1, &e0, &e1, &r0, &r1);
        g0 = hn::Mul(dy0, hn::MulAdd(hn::Mul(u0, hn::Mul(e0, r0)), r0, r0));
        g1 = hn::Mul(dy1, hn::MulAdd(hn::Mul(u1, hn::Mul(e1, r1)), r1, r1));
      }
      if constexpr (kSwish) {  // without the swish dL/dz is dy: sweep B reads dy itself
        hn::StoreU(g0, dd, dz + k);
        hn::StoreU(g1, dd, dz + k + half);
      }
      if (sums) {
        sumDz0 = hn::Add(sumDz0, g0);
        sumDz1 = hn::Add(sumDz1, g1);
        sumDzD0 = hn::MulAdd(g0, diff0, sumDzD0);
        sumDzD1 = hn::MulAdd(g1, diff1, sumDzD1);
      }
    }
  }
  *next = k;
  ChannelSums out;
  out.dz = hn::GetLane(hn::SumOfLanes(dd, hn::Add(sumDz0, sumDz1)));
  out.dzDiff = hn::GetLane(hn::SumOfLanes(dd, hn::Add(sumDzD0, sumDzD1)));
  return out;
}

// Sweep A's vector body for FLOAT16/BF16 tensors, whose outputs round to 8 or 11 bits: plain fp32
// steps (their error, a few fp32 ulp, vanishes in that rounding), sums in fp32 folded into double
// every kFoldVectors vectors. Split in two loops like WideRun: 7-12 % faster here. !kSwish: no first
// loop, dL/dz = dy.
template <bool kSwish, DType kSource>
inline ChannelSums PlainRun(const SourceElement<kSource> *HWY_RESTRICT dy, const SourceElement<kSource> *HWY_RESTRICT x,
                            int64_t *next, int64_t end, const SwishCoefficients &co, float mean, bool sums,
                            float *HWY_RESTRICT dz) {
  int64_t k = *next;  // a local: the vector stores may alias *next, which kept it in memory
  const hn::ScalableTag<float> d;
  const hn::Repartition<double, decltype(d)> dd;
  const hn::Half<decltype(d)> dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vMean = hn::Set(d, mean), vOne = hn::Set(d, 1.0f);
  const auto vSlope = hn::Set(d, co.slope32), vOffset = hn::Set(d, co.offset32);
  auto sumDz = hn::Zero(dd), sumDzD = hn::Zero(dd);
  while (k + lanes <= end) {
    auto accDz = hn::Zero(d), accDzD = hn::Zero(d);
    // Two loops per fold block, as in WideRun: u and exp(-u) first, then the rest. Both run over the
    // same count, written once so that the compiler sees the second reads only what the first wrote.
    const int64_t vectors = std::min(kFoldVectors, (end - k) / lanes);
    HWY_ALIGN float uBlock[kFoldVectors * kMaxLanes], expBlock[kFoldVectors * kMaxLanes];
    for (int64_t v = 0, j = k; kSwish && v < vectors; ++v, j += lanes) {
      const auto u =
          ClampSwishArgument(d, hn::MulAdd(vSlope, hn::Sub(LoadSourceAsF32<kSource>(d, x + j), vMean), vOffset));
      hn::Store(u, d, uBlock + v * lanes);
      PrefetchAhead(x + j);
      PrefetchAhead(dy + j);
      hn::Store(ExpInSwishRange(d, hn::Neg(u)), d, expBlock + v * lanes);
    }
    for (int64_t v = 0; v < vectors; ++v, k += lanes) {
      const auto diff = hn::Sub(LoadSourceAsF32<kSource>(d, x + k), vMean);
      auto g = LoadSourceAsF32<kSource>(d, dy + k);
      if constexpr (kSwish) {
        const auto u = hn::Load(d, uBlock + v * lanes);
        const auto e = hn::Load(d, expBlock + v * lanes);
        const auto r = hn::Div(vOne, hn::Add(vOne, e));
        g = hn::Mul(g, hn::Mul(r, hn::MulAdd(u, hn::Mul(e, r), vOne)));
      }
      hn::StoreU(g, d, dz + k);
      if (sums) {
        accDz = hn::Add(accDz, g);
        accDzD = hn::MulAdd(g, diff, accDzD);
      }
    }
    if (sums) {
      sumDz = hn::Add(
          sumDz, hn::Add(hn::PromoteTo(dd, hn::LowerHalf(dh, accDz)), hn::PromoteTo(dd, hn::UpperHalf(dh, accDz))));
      sumDzD = hn::Add(
          sumDzD, hn::Add(hn::PromoteTo(dd, hn::LowerHalf(dh, accDzD)), hn::PromoteTo(dd, hn::UpperHalf(dh, accDzD))));
    }
  }
  *next = k;
  ChannelSums out;
  out.dz = hn::GetLane(hn::SumOfLanes(dd, sumDz));
  out.dzDiff = hn::GetLane(hn::SumOfLanes(dd, sumDzD));
  return out;
}
#endif

// Sweep A over one piece of a group: `len` elements starting at position `pos` of channel 0 of
// `gamma`/`beta`/`sums` (the piece's first channel). Writes dL/dz to `stash` and with kSums adds
// each channel's two sums into sums[2c], sums[2c + 1]:  sum dz,  rstd sum dz (x - mean).
// kWide: fp32 tensors, dL/dz in double (see WideRun) stashed as double. Else FLOAT16/BF16
// (PlainRun), stashed as fp32 and summed as stored, so that sweep B's gamma dz - c1 is exactly zero
// in one-element groups. kSource: the element type dy and x are read as (see SourceElement).
// Tails run in double either way. !kSwish: dL/dz = dy (beta and s unused).
template <bool kSums, bool kWide, bool kSwish, DType kSource>
void SwishGradPiece(const void *dySource, const void *xSource, int64_t len, int64_t hw, int64_t pos,
                    const float *HWY_RESTRICT gamma, const float *HWY_RESTRICT beta, float mean, float rstd, float s,
                    void *stash, double *HWY_RESTRICT sums) {
  static_assert(!kWide || kSource == DType::kF32, "only fp32 tensors take the double run");
  using Stashed = std::conditional_t<kWide, double, float>;
  const auto *HWY_RESTRICT dy = static_cast<const SourceElement<kSource> *>(dySource);
  const auto *HWY_RESTRICT x = static_cast<const SourceElement<kSource> *>(xSource);
  auto *HWY_RESTRICT dz = static_cast<Stashed *>(stash);
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const SwishCoefficients co = ChannelCoefficients(s, gamma[ch], beta[ch], rstd);
    ChannelSums run;
#if HWY_TARGET != HWY_SCALAR
    if constexpr (kWide) {
      run = WideRun<kSwish>(dy, x, &k, end, co, mean, kSums, dz);
    } else {
      run = PlainRun<kSwish, kSource>(dy, x, &k, end, co, mean, kSums, dz);
    }
#endif
    for (; k < end; ++k) {
      const double diff = static_cast<double>(SourceToF32<kSource>(x + k)) - mean;
      const float dyk = SourceToF32<kSource>(dy + k);
      const auto g = static_cast<Stashed>(kSwish ? SwishGradient(co.slope * diff + co.offset, dyk) : dyk);
      if (kSwish || !kWide) dz[k] = g;
      run.dz += g;
      run.dzDiff += g * diff;
    }
    if (kSums) {
      double *out = sums + kSumsPerChannel * ch;
      out[0] += run.dz;
      out[1] += run.dzDiff * rstd;
    }
  }
}

// Sweep B over one piece: dx = rstd * (gamma dz - c1 - xhat c2), with the group's c1 = mean of
// gamma dz and c2 = mean of gamma dz xhat. dx is a difference of terms that can cancel to far below
// their size, so for fp32 tensors it is evaluated in double from the double dz, rounded once (fp32
// steps, or dz rounded to fp32, measured worse than PyTorch). gamma dz is rounded as c1's terms
// were, so that gamma dz - c1 is exactly zero in one-element groups.
// DzT double: the stashed dz; float: dy itself (GroupNormBackward, dz = dy, promoted exactly).
template <class DzT>
void ExactDxPiece(const void *stash, const void *xData, int64_t len, int64_t hw, int64_t pos,
                  const float *HWY_RESTRICT gamma, float mean, float rstd, double c1, double c2, void *dxData) {
  const auto *HWY_RESTRICT dz = static_cast<const DzT *>(stash);
  const auto *HWY_RESTRICT x = static_cast<const float *>(xData);
  auto *HWY_RESTRICT dx = static_cast<float *>(dxData);
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  // xhat c2 is formed as (x - mean) (rstd c2): one multiplication fewer, and the same up to double
  // rounding.
  const double slope = static_cast<double>(rstd) * c2;
  const auto vMean = hn::Set(dd, mean), vRstd = hn::Set(dd, rstd), vSlope = hn::Set(dd, slope);
  const auto vC1 = hn::Set(dd, c1);
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const double g = gamma[ch];
    const auto vG = hn::Set(dd, g);
    for (; k + lanes <= end; k += lanes) {
      hn::Vec<decltype(dd)> vdz;
      if constexpr (std::is_same_v<DzT, double>) {
        vdz = hn::LoadU(dd, dz + k);
      } else {
        vdz = hn::PromoteTo(dd, hn::LoadU(d, dz + k));
      }
      const auto t = hn::Sub(hn::Mul(vG, vdz), vC1);
      const auto diff = hn::Sub(hn::PromoteTo(dd, hn::LoadU(d, x + k)), vMean);
      hn::StoreU(hn::DemoteTo(d, hn::Mul(hn::NegMulAdd(diff, vSlope, t), vRstd)), d, dx + k);
    }
    for (; k < end; ++k) {
      const double t = g * static_cast<double>(dz[k]) - c1;
      dx[k] = static_cast<float>(std::fma(-(static_cast<double>(x[k]) - mean), slope, t) * rstd);
    }
  }
}

// Sweep B for FLOAT16/BF16 tensors: fp32 steps on the stored fp32 dz, with c1 as an fp32 pair so that gamma dz - c1 is
// exactly zero in one-element groups. x is read and dx written as kSource elements (16-bit ones converted in registers,
// like sweep A's), or as staged fp32. Same signature as ExactDxPiece, so one pointer serves both.
template <DType kSource>
void PlainDxPiece(const void *stash, const void *xData, int64_t len, int64_t hw, int64_t pos,
                  const float *HWY_RESTRICT gamma, float mean, float rstd, double c1, double c2, void *dxData) {
  const auto *HWY_RESTRICT dz = static_cast<const float *>(stash);
  const auto *HWY_RESTRICT x = static_cast<const SourceElement<kSource> *>(xData);
  auto *HWY_RESTRICT dx = static_cast<SourceElement<kSource> *>(dxData);
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  // c1 as an fp32 pair; an infinite c1 is its own high part (c1 - c1Hi would be inf - inf = NaN).
  const F32Pair c1Pair(c1);
  const float c1Hi = c1Pair.hi, c1Lo = c1Pair.lo;
  const auto slope = static_cast<float>(-static_cast<double>(rstd) * c2);
  const auto vMean = hn::Set(d, mean), vRstd = hn::Set(d, rstd), vSlope = hn::Set(d, slope);
  const auto vNegC1Hi = hn::Set(d, -c1Hi), vC1Lo = hn::Set(d, c1Lo);
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const float g = gamma[ch];
    const auto vG = hn::Set(d, g);
    for (; k + lanes <= end; k += lanes) {
      const auto t = hn::Sub(hn::MulAdd(vG, hn::LoadU(d, dz + k), vNegC1Hi), vC1Lo);
      const auto diff = hn::Sub(LoadSourceAsF32<kSource>(d, x + k), vMean);
      StoreF32AsSource<kSource>(d, hn::Mul(hn::MulAdd(vSlope, diff, t), vRstd), dx + k);
    }
    for (; k < end; ++k) {
      const float t = std::fma(g, dz[k], -c1Hi) - c1Lo;
      dx[k] = F32ToSource<kSource>(std::fma(slope, SourceToF32<kSource>(x + k) - mean, t) * rstd);
    }
  }
}

using SwishGradPieceFn = void (*)(const void *, const void *, int64_t, int64_t, int64_t, const float *, const float *,
                                  float, float, float, void *, double *);
using DxPieceFn = void (*)(const void *, const void *, int64_t, int64_t, int64_t, const float *, float, float, double,
                           double, void *);

template <bool kSums, bool kSwish>
SwishGradPieceFn SelectPiece(bool wide, DType source) {
  if (wide) return SwishGradPiece<kSums, true, kSwish, DType::kF32>;
  switch (source) {
    case DType::kF16: return SwishGradPiece<kSums, false, kSwish, DType::kF16>;
    case DType::kBF16: return SwishGradPiece<kSums, false, kSwish, DType::kBF16>;
    default: return SwishGradPiece<kSums, false, kSwish, DType::kF32>;
  }
}
// source: the dtype sweep A reads dy and x as (kF32 when they are dense fp32 or staged). swish false:
// GroupNormBackward's dL/dz = dy.
SwishGradPieceFn SelectSwishGradPiece(bool sums, bool wide, DType source, bool swish) {
  if (swish) return sums ? SelectPiece<true, true>(wide, source) : SelectPiece<false, true>(wide, source);
  return sums ? SelectPiece<true, false>(wide, source) : SelectPiece<false, false>(wide, source);
}
// source: the dtype sweep B reads x and writes dx as (kF32 when they are dense fp32 or staged).
// Sweep B of fp32 tensors without the swish: dz is dy, read as fp32 (in place or staged).
DxPieceFn SelectDxPieceFromDy() { return ExactDxPiece<float>; }
DxPieceFn SelectDxPiece(bool wide, DType source) {
  if (wide) return ExactDxPiece<double>;
  switch (source) {
    case DType::kF16: return PlainDxPiece<DType::kF16>;
    case DType::kBF16: return PlainDxPiece<DType::kBF16>;
    default: return PlainDxPiece<DType::kF32>;
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <cstring>

#include "base/convert.h"
#include "base/executor.h"
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectSwishGradPiece);
HWY_EXPORT(SelectDxPiece);
HWY_EXPORT(SelectDxPieceFromDy);

namespace {

constexpr int64_t kReduceChannels = 256;          // channels per task of the dgamma/dbeta reduction
constexpr int64_t kParallelReduceSums = 1 << 16;  // (n, c) sums from which that reduction is threaded

// Elements [first, first + len) of a tensor in flat row-major order, as fp32: in place when the
// tensor is dense fp32, else converted into `stage`.
const float *ReadPiece(const TensorView &v, const void *base, bool direct, int64_t first, int64_t len, float *stage) {
  if (direct) return static_cast<const float *>(ContiguousElement(v, base, first));
  ReadFlatAsF32(v, base, first, len, stage);
  return stage;
}

struct Scratch {
  void *dz;  // dL/dz: double for fp32 tensors, else fp32
  float *dy, *x, *dx;
};

Scratch ThreadScratch(const GroupNormSwishGradPlan &p, char *ws, int thread) {
  char *base = ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread);
  auto *staging = reinterpret_cast<float *>(base + p.stashBytes);
  return {base, staging, staging + kGroupNormPiece, staging + 2 * kGroupNormPiece};
}

void RunGroups(const GroupNormSwishGradPlan &p, const GroupNormSwishGradBuffers &b, char *ws) {
  const float *means = reinterpret_cast<const float *>(ws + p.statsOffset);
  const GroupNormShape &shape = p.shape;
  const float *rstds = means + shape.numGroups();
  const float *gammas = reinterpret_cast<const float *>(ws + p.affineOffset);
  const float *betas = gammas + shape.c;
  auto *sums = reinterpret_cast<double *>(ws + p.sumsOffset);
  const bool wide = p.wideDz;
  // Contiguous FLOAT16/BF16 dy and x are converted in sweep A's registers rather than staged: the
  // staging loop cost ~10 % of those rows.
  const bool convertInSweepA = !wide && p.dy.IsContiguous() && p.x.IsContiguous();
  const DType source = convertInSweepA ? p.x.dtype : DType::kF32;
  const auto sweepA = HWY_DYNAMIC_DISPATCH(SelectSwishGradPiece)(true, wide, source, p.activateSwish);
  const auto recompute = HWY_DYNAMIC_DISPATCH(SelectSwishGradPiece)(false, wide, source, p.activateSwish);
  // Elements [first, first + len) of an input as a sweep reads them: in their own dtype when that
  // sweep converts in registers, else as fp32 (in place or staged, see ReadPiece).
  auto readInput = [](bool inRegisters, const TensorView &v, const void *base, bool direct, int64_t first, int64_t len,
                      float *stage) -> const void * {
    if (inRegisters) return ContiguousElement(v, base, first);
    return ReadPiece(v, base, direct, first, len, stage);
  };
  // Likewise sweep B reads contiguous FLOAT16/BF16 x and writes contiguous dx in registers.
  const bool convertInSweepB = !wide && p.x.IsContiguous() && p.dx.IsContiguous();
  // fp32 without the swish: dL/dz is dy exactly, so nothing is stashed and sweep B reads dy again (half the
  // traffic of a double stash; measured 0.66-1.2x PyTorch with the stash).
  const bool dyIsDz = wide && !p.activateSwish;
  const auto sweepB = dyIsDz ? HWY_DYNAMIC_DISPATCH(SelectDxPieceFromDy)()
                             : HWY_DYNAMIC_DISPATCH(SelectDxPiece)(wide, convertInSweepB ? p.x.dtype : DType::kF32);
  const int64_t dPerGroup = shape.channelsPerGroup(), hw = shape.hw, size = shape.groupSize();

  ForEachGroup(shape, p.threads, [&](const GroupSpan &span, int thread) {
    const Scratch s = ThreadScratch(p, ws, thread);
    auto stashAt = [&](int64_t element) { return static_cast<char *>(s.dz) + element * p.stashElementBytes(); };
    const int64_t c0 = span.c0, start = span.start;  // first channel, first flat element
    const float mean = means[span.index], rstd = rstds[span.index];
    double *groupSums = sums + kSumsPerChannel * (span.n * shape.c + c0);
    std::fill(groupSums, groupSums + kSumsPerChannel * dPerGroup, 0.0);

    ForEachPiece(shape, [&](int64_t off, int64_t len, int64_t ch) {  // sweep A
      const void *dy = readInput(convertInSweepA, p.dy, b.dy, p.dyDirect, start + off, len, s.dy);
      const void *x = readInput(convertInSweepA, p.x, b.x, p.xDirect, start + off, len, s.x);
      const int64_t at = p.stashDz ? off : 0;
      sweepA(dy, x, len, hw, off % hw, gammas + c0 + ch, betas + c0 + ch, mean, rstd, p.swishScale, stashAt(at),
             groupSums + kSumsPerChannel * ch);
    });
    double c1 = 0.0, c2 = 0.0;
    for (int64_t ch = 0; ch < dPerGroup; ++ch) {
      const double *channel = groupSums + kSumsPerChannel * ch;
      const double gamma = gammas[c0 + ch];
      c1 += gamma * channel[0];
      c2 += gamma * channel[1];
    }
    c1 /= static_cast<double>(size);
    c2 /= static_cast<double>(size);
    if (!p.writeDx) return;

    ForEachPiece(shape, [&](int64_t off, int64_t len, int64_t ch) {  // sweep B
      const int64_t at = p.stashDz ? off : 0;
      const void *x = readInput(convertInSweepB, p.x, b.x, p.xDirect, start + off, len, s.x);
      const void *dz = stashAt(at);
      if (dyIsDz) {
        dz = readInput(false, p.dy, b.dy, p.dyDirect, start + off, len, s.dy);
      } else if (!p.stashDz) {
        const void *dy = readInput(convertInSweepA, p.dy, b.dy, p.dyDirect, start + off, len, s.dy);
        // Both sweeps read x the same way unless only one of them converts in registers.
        const void *xA = convertInSweepA == convertInSweepB
                             ? x
                             : readInput(convertInSweepA, p.x, b.x, p.xDirect, start + off, len, s.x);
        recompute(dy, xA, len, hw, off % hw, gammas + c0 + ch, betas + c0 + ch, mean, rstd, p.swishScale, s.dz,
                  nullptr);
      }
      const bool dxInPlace = convertInSweepB || p.dxDirect;
      void *dx = dxInPlace ? ContiguousElement(p.dx, b.dx, start + off) : s.dx;
      sweepB(dz, x, len, hw, off % hw, gammas + c0 + ch, mean, rstd, c1, c2, dx);
      if (!dxInPlace) WriteFlatFromF32(p.dx, b.dx, start + off, len, s.dx);
    });
  });
}

// dbeta[c] = sum over n of sum dz, dgamma[c] = sum over n of sum dz * xhat: n in ascending order.
void ReduceParams(const GroupNormSwishGradPlan &p, const GroupNormSwishGradBuffers &b, char *ws) {
  const auto *sums = reinterpret_cast<const double *>(ws + p.sumsOffset);
  // A parallel region costs more than a small reduction: one thread unless there is real work.
  const int threads = p.shape.n * p.shape.c >= kParallelReduceSums ? p.threads : 1;
  ParallelFor(CeilDiv(p.shape.c, kReduceChannels), threads, [&](int64_t task, int) {
    const int64_t c0 = task * kReduceChannels, len = std::min(kReduceChannels, p.shape.c - c0);
    float dgamma[kReduceChannels], dbeta[kReduceChannels];
    for (int64_t i = 0; i < len; ++i) {
      double sumDz = 0.0, sumDzX = 0.0;
      for (int64_t n = 0; n < p.shape.n; ++n) {
        const double *channel = sums + kSumsPerChannel * (n * p.shape.c + c0 + i);
        sumDz += channel[0];
        sumDzX += channel[1];
      }
      dbeta[i] = static_cast<float>(sumDz);
      dgamma[i] = static_cast<float>(sumDzX);
    }
    if (p.writeDgamma) WriteFlatFromF32(p.dgamma, b.dgamma, c0, len, dgamma);
    if (p.writeDbeta) WriteFlatFromF32(p.dbeta, b.dbeta, c0, len, dbeta);
  });
}

// Groups up to this many elements keep dL/dz in scratch between the sweeps (1 MiB of fp32: the group then stays
// in a 2 MiB L2); larger ones recompute it in sweep B. The same bound as aclnnGroupNormSwishGrad's plan.
constexpr int64_t kMaxStashedGroup = 256 << 10;

}  // namespace

void PlanGroupNormGradWorkspace(GroupNormSwishGradPlan *p) {
  p->threads = PlanThreads();
  p->stashDz = p->shape.groupSize() <= kMaxStashedGroup;
  p->dyDirect = p->dy.IsDenseF32();
  p->xDirect = p->x.IsDenseF32();
  p->dxDirect = p->writeDx && p->dx.IsDenseF32();
  p->wideDz = p->dy.dtype == DType::kF32;  // all tensors share dy's dtype; dx may be absent
  size_t bytes = 0;
  p->statsOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(2 * p->shape.numGroups()) * sizeof(float));
  p->affineOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(2 * p->shape.c) * sizeof(float));
  p->sumsOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(kSumsPerChannel * p->shape.n * p->shape.c) * sizeof(double));
  p->scratchOffset = bytes;
  p->stashBytes =
      AlignUp(static_cast<size_t>(p->stashDz ? p->shape.groupSize() : kGroupNormPiece) * p->stashElementBytes());
  p->scratchStride = p->stashBytes + AlignUp(static_cast<size_t>(3 * kGroupNormPiece) * sizeof(float));
  bytes += p->scratchStride * static_cast<size_t>(p->threads);
  p->workspaceBytes = bytes;
}

void RunGroupNormSwishGrad(const GroupNormSwishGradPlan &p, const GroupNormSwishGradBuffers &b, void *workspace) {
  if (!p.compute) return;
  auto *ws = static_cast<char *>(workspace);
  auto *stats = reinterpret_cast<float *>(ws + p.statsOffset);
  const int64_t groups = p.shape.numGroups(), c = p.shape.c;
  ReadFlatAsF32(p.mean, b.mean, 0, groups, stats);
  ReadFlatAsF32(p.rstd, b.rstd, 0, groups, stats + groups);
  auto *affine = reinterpret_cast<float *>(ws + p.affineOffset);
  // A null gamma (GroupNormBackward) is ones; a null beta zeros (only the swish reads it).
  if (b.gamma != nullptr) {
    ReadFlatAsF32(p.gamma, b.gamma, 0, c, affine);
  } else {
    std::fill(affine, affine + c, 1.0f);
  }
  if (b.beta != nullptr) {
    ReadFlatAsF32(p.beta, b.beta, 0, c, affine + c);
  } else {
    std::fill(affine + c, affine + 2 * c, 0.0f);
  }
  RunGroups(p, b, ws);
  ReduceParams(p, b, ws);
  if (p.zeroFillUnrequired && !p.writeDgamma) ZeroFlat(p.dgamma, b.dgamma, c);
  if (p.zeroFillUnrequired && !p.writeDbeta) ZeroFlat(p.dbeta, b.dbeta, c);
}

}  // namespace aclcpu
#endif  // HWY_ONCE
