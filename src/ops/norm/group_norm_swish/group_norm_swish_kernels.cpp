// GroupNormSwish kernels: one task per (n, g) group. A first sweep forms each piece's mean and
// squared deviations in double and merges the pieces in order (Chan et al.); a second writes
// y = swish((x - mean) rstd gamma + beta) while the group is in cache.
#include <algorithm>
#include <cmath>
#include <limits>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/norm/group_norm_swish/group_norm_swish_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/f32_pair.h"
#include "ops/norm/group_norm_swish/group_norm_swish_plan.h"
// After highway.h: the family's swish math is re-included per target like this file.
#include "ops/norm/group_norm_swish_family/swish_math-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The wide output loop works in blocks of this many elements, two loops per block (as the
// backward's sweep A: one fused loop chains more dependent instructions than the core overlaps).
constexpr int64_t kForwardBlock = 256;

// Two passes over a piece that is in L1: sum x, then sum (x - mean)^2, both in double lanes (fp32
// values are exact in double), four accumulators each (two vectors per step; the adds' latency
// bounded two). The order depends only on the length.
template <DType kSource>
PieceMoments MomentsOfPiece(const void *source, int64_t len) {
  const auto *HWY_RESTRICT x = static_cast<const SourceElement<kSource> *>(source);
  double sum = 0.0;
  int64_t k = 0;
#if HWY_TARGET != HWY_SCALAR
  const hn::ScalableTag<float> d;
  const hn::Repartition<double, decltype(d)> dd;
  const hn::Half<decltype(d)> dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  auto s0 = hn::Zero(dd), s1 = hn::Zero(dd), s2 = hn::Zero(dd), s3 = hn::Zero(dd);
  for (; k + 2 * lanes <= len; k += 2 * lanes) {
    const auto v = LoadSourceAsF32<kSource>(d, x + k), w = LoadSourceAsF32<kSource>(d, x + k + lanes);
    PrefetchAhead(x + k);
    s0 = hn::Add(s0, hn::PromoteTo(dd, hn::LowerHalf(dh, v)));
    s1 = hn::Add(s1, hn::PromoteTo(dd, hn::UpperHalf(dh, v)));
    s2 = hn::Add(s2, hn::PromoteTo(dd, hn::LowerHalf(dh, w)));
    s3 = hn::Add(s3, hn::PromoteTo(dd, hn::UpperHalf(dh, w)));
  }
  for (; k + lanes <= len; k += lanes) {
    const auto v = LoadSourceAsF32<kSource>(d, x + k);
    PrefetchAhead(x + k);
    s0 = hn::Add(s0, hn::PromoteTo(dd, hn::LowerHalf(dh, v)));
    s1 = hn::Add(s1, hn::PromoteTo(dd, hn::UpperHalf(dh, v)));
  }
  sum = hn::GetLane(hn::SumOfLanes(dd, hn::Add(hn::Add(s0, s2), hn::Add(s1, s3))));
#endif
  for (; k < len; ++k) sum += SourceToF32<kSource>(x + k);
  const double mean = sum / static_cast<double>(len);
  double m2 = 0.0;
  k = 0;
#if HWY_TARGET != HWY_SCALAR
  const auto vMean = hn::Set(dd, mean);
  auto q0 = hn::Zero(dd), q1 = hn::Zero(dd), q2 = hn::Zero(dd), q3 = hn::Zero(dd);
  for (; k + 2 * lanes <= len; k += 2 * lanes) {
    const auto v = LoadSourceAsF32<kSource>(d, x + k), w = LoadSourceAsF32<kSource>(d, x + k + lanes);
    const auto diff0 = hn::Sub(hn::PromoteTo(dd, hn::LowerHalf(dh, v)), vMean);
    const auto diff1 = hn::Sub(hn::PromoteTo(dd, hn::UpperHalf(dh, v)), vMean);
    const auto diff2 = hn::Sub(hn::PromoteTo(dd, hn::LowerHalf(dh, w)), vMean);
    const auto diff3 = hn::Sub(hn::PromoteTo(dd, hn::UpperHalf(dh, w)), vMean);
    q0 = hn::MulAdd(diff0, diff0, q0);
    q1 = hn::MulAdd(diff1, diff1, q1);
    q2 = hn::MulAdd(diff2, diff2, q2);
    q3 = hn::MulAdd(diff3, diff3, q3);
  }
  for (; k + lanes <= len; k += lanes) {
    const auto v = LoadSourceAsF32<kSource>(d, x + k);
    const auto diff0 = hn::Sub(hn::PromoteTo(dd, hn::LowerHalf(dh, v)), vMean);
    const auto diff1 = hn::Sub(hn::PromoteTo(dd, hn::UpperHalf(dh, v)), vMean);
    q0 = hn::MulAdd(diff0, diff0, q0);
    q1 = hn::MulAdd(diff1, diff1, q1);
  }
  m2 = hn::GetLane(hn::SumOfLanes(dd, hn::Add(hn::Add(q0, q2), hn::Add(q1, q3))));
#endif
  for (; k < len; ++k) {
    const double diff = static_cast<double>(SourceToF32<kSource>(x + k)) - mean;
    m2 += diff * diff;
  }
  return {mean, m2};
}

// The scalar form of one output element, in double: z = slope (x - mean) + beta, then the swish
// z / (1 + exp(-s z)) (exp overflow gives the correct limit, -0 or +0).
inline double OutputElement(double x, double mean, double slope, double beta, double s, bool swish) {
  const double z = slope * (x - mean) + beta;
  return swish ? z / (1.0 + std::exp(-s * z)) : z;
}

#if HWY_TARGET != HWY_SCALAR
// The vector body for FLOAT y: z and u = s z in double lanes, exp(-u) in fp32 lanes corrected to
// double accuracy (WideExpAndSigmoid), y = z r in double, rounded once. Advances *next by whole
// vectors up to `end`. Pass 1 forms an fp32 a close to u and stores it with exp(-a) = scale (1 + p)
// for a block; pass 2 forms z and u in double and the rest.
inline void WideRun(const float *HWY_RESTRICT x, int64_t *next, int64_t end, double mean, double slope, double beta,
                    float s, bool swish, float *HWY_RESTRICT y) {
  int64_t k = *next;
  const hn::ScalableTag<float> d;
  const hn::Repartition<double, decltype(d)> dd;
  const hn::Half<decltype(d)> dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d)), half = lanes / 2;
  const auto vMean = hn::Set(dd, mean), vSlope = hn::Set(dd, slope), vBeta = hn::Set(dd, beta);
  const auto vS = hn::Set(dd, s);
  HWY_ALIGN float argBlock[kForwardBlock], scaleBlock[kForwardBlock], polyBlock[kForwardBlock];
  // z and the clamped u of the vector at x + j, in double halves.
  auto zAndU = [&](int64_t j, hn::Vec<decltype(dd)> *z0, hn::Vec<decltype(dd)> *z1, hn::Vec<decltype(dd)> *u0,
                   hn::Vec<decltype(dd)> *u1) {
    const auto vx = hn::LoadU(d, x + j);
    *z0 = hn::MulAdd(vSlope, hn::Sub(hn::PromoteTo(dd, hn::LowerHalf(dh, vx)), vMean), vBeta);
    *z1 = hn::MulAdd(vSlope, hn::Sub(hn::PromoteTo(dd, hn::UpperHalf(dh, vx)), vMean), vBeta);
    *u0 = ClampSwishArgument(dd, hn::Mul(*z0, vS));
    *u1 = ClampSwishArgument(dd, hn::Mul(*z1, vS));
  };
  if (!swish) {
    for (; k + lanes <= end; k += lanes) {
      const auto vx = hn::LoadU(d, x + k);
      const auto z0 = hn::MulAdd(vSlope, hn::Sub(hn::PromoteTo(dd, hn::LowerHalf(dh, vx)), vMean), vBeta);
      const auto z1 = hn::MulAdd(vSlope, hn::Sub(hn::PromoteTo(dd, hn::UpperHalf(dh, vx)), vMean), vBeta);
      hn::StoreU(hn::DemoteTo(dh, z0), dh, y + k);
      hn::StoreU(hn::DemoteTo(dh, z1), dh, y + k + half);
    }
    *next = k;
    return;
  }
  // Pass 1's fp32 argument: a = fp32(s slope) ((x - meanHi) - meanLo) + fp32(s beta), a few fp32 ulp
  // from u, which WideExpAndSigmoid corrects for to first order.
  const F32Pair meanPair(mean);
  const float meanHi = meanPair.hi, meanLo = meanPair.lo;
  const auto vMeanHi = hn::Set(d, meanHi), vMeanLo = hn::Set(d, meanLo);
  const auto vSlope32 = hn::Set(d, static_cast<float>(s * slope)), vOffset32 = hn::Set(d, static_cast<float>(s * beta));
  while (k + lanes <= end) {
    const int64_t blockEnd = k + std::min(kForwardBlock, (end - k) / lanes * lanes);
    for (int64_t j = k, b = 0; j < blockEnd; j += lanes, b += lanes) {
      const auto diff = hn::Sub(hn::Sub(hn::LoadU(d, x + j), vMeanHi), vMeanLo);
      const auto a = ClampSwishArgument(d, hn::MulAdd(vSlope32, diff, vOffset32));
      auto scale = hn::Zero(d);
      hn::Store(ExpInSwishRangeParts(d, hn::Neg(a), &scale), d, polyBlock + b);
      hn::Store(scale, d, scaleBlock + b);
      hn::Store(a, d, argBlock + b);
      PrefetchAhead(x + j);
    }
    for (int64_t b = 0; k < blockEnd; k += lanes, b += lanes) {
      hn::Vec<decltype(dd)> z0, z1, u0, u1, e0, e1, r0, r1;
      zAndU(k, &z0, &z1, &u0, &u1);
      WideExpAndSigmoid(d, hn::Load(d, argBlock + b), hn::Load(d, scaleBlock + b), hn::Load(d, polyBlock + b), u0, u1,
                        &e0, &e1, &r0, &r1);
      hn::StoreU(hn::DemoteTo(dh, hn::Mul(z0, r0)), dh, y + k);
      hn::StoreU(hn::DemoteTo(dh, hn::Mul(z1, r1)), dh, y + k + half);
    }
  }
  *next = k;
}

// The vector body for FLOAT16/BF16 y, in fp32 lanes: x - mean with mean as an fp32 pair (so a
// large mean costs no accuracy), z = slope (x - mean) + beta, y = z / (1 + exp(-s z)).
template <DType kSource, DType kOut>
inline void PlainRun(const SourceElement<kSource> *HWY_RESTRICT x, int64_t *next, int64_t end, float meanHi,
                     float meanLo, float slope, float beta, float s, bool swish, SourceElement<kOut> *HWY_RESTRICT y) {
  int64_t k = *next;
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vMeanHi = hn::Set(d, meanHi), vMeanLo = hn::Set(d, meanLo), vSlope = hn::Set(d, slope);
  const auto vBeta = hn::Set(d, beta), vS = hn::Set(d, s), one = hn::Set(d, 1.0f);
  for (; k + lanes <= end; k += lanes) {
    const auto diff = hn::Sub(hn::Sub(LoadSourceAsF32<kSource>(d, x + k), vMeanHi), vMeanLo);
    auto z = hn::MulAdd(vSlope, diff, vBeta);
    if (swish) {
      const auto u = ClampSwishArgument(d, hn::Mul(z, vS));
      z = hn::Div(z, hn::Add(one, ExpInSwishRange(d, hn::Neg(u))));
    }
    PrefetchAhead(x + k);
    StoreF32AsSource<kOut>(d, z, y + k);
  }
  *next = k;
}
#endif

// y over one piece: `len` elements from position `pos` of channel 0 of `gamma`/`beta` (the piece's
// first channel). x is read as kSource elements, y written as kOut elements. kWide: FLOAT x and y
// (see WideRun); else FLOAT16/BF16 y (PlainRun), whose tails are rounded to odd in fp32 so that
// the final rounding to 16 bits is exact whether y is written here or staged.
template <bool kWide, DType kSource, DType kOut>
void OutputPiece(const void *xSource, int64_t len, int64_t hw, int64_t pos, const float *HWY_RESTRICT gamma,
                 const float *HWY_RESTRICT beta, double mean, double rstd, float s, bool swish, void *yOut) {
  static_assert(!kWide || (kSource == DType::kF32 && kOut == DType::kF32), "the wide run is fp32 only");
  const auto *HWY_RESTRICT x = static_cast<const SourceElement<kSource> *>(xSource);
  auto *HWY_RESTRICT y = static_cast<SourceElement<kOut> *>(yOut);
  const F32Pair meanPair(mean);
  const float meanHi = meanPair.hi, meanLo = meanPair.lo;
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const double slope = rstd * gamma[ch];
#if HWY_TARGET != HWY_SCALAR
    if constexpr (kWide) {
      WideRun(x, &k, end, mean, slope, beta[ch], s, swish, y);
    } else {
      PlainRun<kSource, kOut>(x, &k, end, meanHi, meanLo, static_cast<float>(slope), beta[ch], s, swish, y);
    }
#else
    (void)meanHi;
    (void)meanLo;
#endif
    for (; k < end; ++k) {
      const double v = OutputElement(SourceToF32<kSource>(x + k), mean, slope, beta[ch], s, swish);
      if constexpr (kWide) {
        y[k] = static_cast<float>(v);
      } else {
        y[k] = F32ToSource<kOut>(F64ToF32RoundToOdd(v));
      }
    }
  }
}

using MomentsFn = PieceMoments (*)(const void *, int64_t);
using OutputFn = void (*)(const void *, int64_t, int64_t, int64_t, const float *, const float *, double, double, float,
                          bool, void *);

// source: the dtype x is read as (kF32 when staged).
MomentsFn SelectGroupNormMoments(DType source) {
  switch (source) {
    case DType::kF16: return MomentsOfPiece<DType::kF16>;
    case DType::kBF16: return MomentsOfPiece<DType::kBF16>;
    default: return MomentsOfPiece<DType::kF32>;
  }
}

// source: as above; yInPlace: y is written in that dtype, else staged as fp32.
OutputFn SelectGroupNormSwishOutput(bool wide, DType source, bool yInPlace) {
  if (wide) return OutputPiece<true, DType::kF32, DType::kF32>;
  switch (source) {
    case DType::kF16:
      return yInPlace ? OutputPiece<false, DType::kF16, DType::kF16> : OutputPiece<false, DType::kF16, DType::kF32>;
    case DType::kBF16:
      return yInPlace ? OutputPiece<false, DType::kBF16, DType::kBF16> : OutputPiece<false, DType::kBF16, DType::kF32>;
    default: return OutputPiece<false, DType::kF32, DType::kF32>;
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "base/convert.h"
#include "base/half.h"
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectGroupNormMoments);
HWY_EXPORT(SelectGroupNormSwishOutput);

namespace {

// One statistic (mean or rstd) of group `index`, rounded once to the output's dtype.
void WriteStatistic(const TensorView &v, void *base, int64_t index, double value) {
  const float f = F64ToFloatForDType(v.dtype, value);
  WriteFlatFromF32(v, base, index, 1, &f);
}

}  // namespace

void RunGroupNormSwish(const GroupNormSwishPlan &p, const GroupNormSwishBuffers &b, void *workspace) {
  if (!p.compute) return;
  auto *ws = static_cast<char *>(workspace);
  const GroupNormShape &shape = p.shape;
  auto *gammas = reinterpret_cast<float *>(ws + p.affineOffset);
  float *betas = gammas + shape.c;
  // A null gamma or beta (GroupNorm, GroupNormSilu) is ones or zeros.
  if (b.gamma != nullptr) {
    ReadFlatAsF32(p.gamma, b.gamma, 0, shape.c, gammas);
  } else {
    std::fill(gammas, gammas + shape.c, 1.0f);
  }
  if (b.beta != nullptr) {
    ReadFlatAsF32(p.beta, b.beta, 0, shape.c, betas);
  } else {
    std::fill(betas, betas + shape.c, 0.0f);
  }
  const DType source = p.xInPlace ? p.x.dtype : DType::kF32;
  const auto moments = HWY_DYNAMIC_DISPATCH(SelectGroupNormMoments)(source);
  const auto output = HWY_DYNAMIC_DISPATCH(SelectGroupNormSwishOutput)(p.wide, source, p.yInPlace);
  const double eps = p.eps, size = static_cast<double>(shape.groupSize());

  ForEachGroup(shape, p.threads, [&](const GroupSpan &span, int thread) {
    auto *xStage = reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
    float *yStage = xStage + kGroupNormPiece;
    auto readX = [&](int64_t off, int64_t len) -> const void * {
      if (p.xInPlace) return ContiguousElement(p.x, b.x, span.start + off);
      ReadFlatAsF32(p.x, b.x, span.start + off, len, xStage);
      return xStage;
    };
    // Sweep 1: pieces' moments merged in order (Chan, Golub, LeVeque).
    double count = 0.0, mean = 0.0, m2 = 0.0;
    ForEachPiece(shape, [&](int64_t off, int64_t len, int64_t) {
      const PieceMoments piece = moments(readX(off, len), len);
      const auto n = static_cast<double>(len), total = count + n;
      const double delta = piece.mean - mean;
      if (std::isfinite(piece.mean) && std::isfinite(mean)) {
        mean += delta * (n / total);
        m2 += piece.m2 + delta * delta * (count * n / total);
      } else {  // an infinity or NaN: the update's inf - inf would be NaN where the mean is an infinity
        mean += piece.mean;
        m2 = std::numeric_limits<double>::quiet_NaN();  // a deviation is inf - inf: the variance is NaN
      }
      count = total;
    });
    const double rstd = 1.0 / std::sqrt(m2 / size + eps);
    WriteStatistic(p.mean, b.mean, span.index, mean);
    WriteStatistic(p.rstd, b.rstd, span.index, rstd);
    // Sweep 2: y.
    ForEachPiece(shape, [&](int64_t off, int64_t len, int64_t ch) {
      void *y = p.yInPlace ? ContiguousElement(p.y, b.y, span.start + off) : yStage;
      output(readX(off, len), len, shape.hw, off % shape.hw, gammas + span.c0 + ch, betas + span.c0 + ch, mean, rstd,
             p.swishScale, p.activateSwish, y);
      if (!p.yInPlace) WriteFlatFromF32(p.y, b.y, span.start + off, len, yStage);
    });
  });
}

}  // namespace aclcpu
#endif  // HWY_ONCE
