// GroupNormSwishGrad kernels: one task per (n, g) group. Sweep A recomputes z and the swish
// derivative, keeps dL/dz and sums it per channel; sweep B writes dx while the group is in cache.
#include <algorithm>
#include <cmath>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/group_norm_swish_grad/group_norm_swish_grad_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// After highway.h: the math library is re-included per target like this file.
#include "hwy/contrib/math/math-inl.h"  // NOLINT

#include "ops/group_norm_swish_grad/group_norm_swish_grad_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// u = s z is clamped from below here so that e = exp(-u) <= 5.5e34 stays finite in fp32. Below it
// the true dsw is under 1e-33 in magnitude, and so is the clamped one.
constexpr float kMinSwishArgument = -80.0f;

// u = s z = s gamma rstd (x - mean) + s beta = slope (x - mean) + offset, with the per-channel
// slope and offset formed in double; the vector code carries each as an unevaluated fp32 pair.
struct SwishCoefficients {
  double slope, offset;
  float slopeHi, slopeLo, offsetHi, offsetLo;
};

inline SwishCoefficients ChannelCoefficients(float s, float gamma, float beta, float rstd) {
  SwishCoefficients c;
  c.slope = static_cast<double>(s) * gamma * rstd;
  c.offset = static_cast<double>(s) * beta;
  c.slopeHi = static_cast<float>(c.slope);
  c.slopeLo = static_cast<float>(c.slope - c.slopeHi);
  c.offsetHi = static_cast<float>(c.offset);
  c.offsetLo = static_cast<float>(c.offset - c.offsetHi);
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

#if HWY_TARGET != HWY_SCALAR
// The vector form, in fp32 lanes: the exp is the expensive part, and double lanes would halve its
// width. Plain fp32 steps measured worse than PyTorch: rounding u (about 4 roundings of terms that
// may be far larger than u) and then r, its products and the sum costs up to 2 ulp of dL/dz. So
// every rounding that counts is compensated, with exact two-sums and fma residuals:
//   u = uHi + uLo (see SwishArgument);  e = exp(-uHi) (1 - uLo) to first order;
//   r = r0 + rlo:  r0 = fl(1/den); rlo from the two-sum error of den = fl(1 + e), the e correction
//                  and the exact residual 1 - den r0 (first order; the second is below 2^-40);
//   p + pErr = u e r0 from exact-residual products;
//   w = u e r^2 - r0 + r = p r0 + pErr r0 + 2 p rlo + rlo (to first order in rlo);
//   dL/dz = fma(dy, r0, dy w): the big term dy r0 enters unrounded.
// *residual gets what rounding dL/dz to fp32 dropped, so sums can take the unrounded value.
// Measured: within 0.2 ulp of a double evaluation, max and mean, over u in [-10, 10].
template <class D, class V>
HWY_INLINE V SwishGradientVector(D d, V uHi, V uLo, V dy, V *residual) {
  const V one = hn::Set(d, 1.0f);
  const V e = hn::Exp(d, hn::Neg(uHi));
  const V eLo = hn::Neg(hn::Mul(e, uLo));
  const V den = hn::Add(one, e);
  const V denErr = hn::Add(hn::Sub(hn::Min(one, e), hn::Sub(den, hn::Max(one, e))), eLo);  // (1 + e) - den
  const V r0 = hn::Div(one, den);
  const V rlo = hn::Mul(r0, hn::NegMulAdd(denErr, r0, hn::NegMulAdd(den, r0, one)));
  const V er = hn::Mul(e, r0);
  const V erErr = hn::MulAdd(eLo, r0, hn::MulSub(e, r0, er));
  const V p = hn::Mul(uHi, er);
  const V pErr = hn::MulAdd(uLo, er, hn::MulAdd(uHi, erErr, hn::MulSub(uHi, er, p)));
  const V w = hn::MulAdd(p, r0, hn::MulAdd(pErr, r0, hn::MulAdd(hn::Add(p, p), rlo, rlo)));
  const V dyW = hn::Mul(dy, w);
  const V g = hn::MulAdd(dy, r0, dyW);
  *residual = hn::Add(hn::MulSub(dy, r0, g), dyW);
  return g;
}

// a + b = sum + *err exactly (Knuth's two-sum: no precondition on the magnitudes).
template <class V>
HWY_INLINE V TwoSum(V a, V b, V *err) {
  const V sum = hn::Add(a, b);
  const V bVirtual = hn::Sub(sum, a);
  *err = hn::Add(hn::Sub(a, hn::Sub(sum, bVirtual)), hn::Sub(b, bVirtual));
  return sum;
}

// u = slope (x - mean) + offset as uHi + uLo, to about 2^-46 relative to its terms: x - mean by
// two-sum, slopeHi (x - mean) by an fma residual, the offset added by two-sum, and the low parts of
// every factor collected in uLo. Returns uHi; *diff is fl(x - mean) for the caller's reuse.
template <class D, class V>
HWY_INLINE V SwishArgument(D d, V x, V negMean, const SwishCoefficients &c, V *uLo) {
  V diffLo, sumErr;
  const V diff = TwoSum(x, negMean, &diffLo);
  const V slopeHi = hn::Set(d, c.slopeHi);
  const V product = hn::Mul(slopeHi, diff);
  const V productErr = hn::MulSub(slopeHi, diff, product);
  const V uHi = TwoSum(product, hn::Set(d, c.offsetHi), &sumErr);
  const V lows = hn::MulAdd(hn::Set(d, c.slopeLo), diff, hn::MulAdd(slopeHi, diffLo, hn::Set(d, c.offsetLo)));
  *uLo = hn::Add(hn::Add(productErr, sumErr), lows);
  return uHi;
}
#endif

// Sweep A over one piece of a group: `len` elements starting at position `pos` of channel 0 of
// `gamma`/`beta`/`sums` (the piece's first channel). Writes dL/dz to `dz` and, with kSums, adds
// each channel's kSumsPerChannel sums into sums[4c..4c+3]:
//   sum dz, rstd sum dz (x - mean)   of the stored fp32 dz: c1 and c2 must match what sweep B
//                                    reads, or gamma dz - c1 leaves residue where dx is zero;
//   the same of the residuals        so that dgamma/dbeta sum the unrounded dz (one rounding).
// Sums of the stored dz and of x - mean run in double; the residuals, far smaller, in fp32.
template <bool kSums>
void SwishGradPiece(const float *HWY_RESTRICT dy, const float *HWY_RESTRICT x, int64_t len, int64_t hw, int64_t pos,
                    const float *HWY_RESTRICT gamma, const float *HWY_RESTRICT beta, float mean, float rstd, float s,
                    float *HWY_RESTRICT dz, double *HWY_RESTRICT sums) {
#if HWY_TARGET != HWY_SCALAR
  const hn::ScalableTag<float> d;
  const hn::Repartition<double, decltype(d)> dd;
  const hn::Half<decltype(d)> dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vNegMean = hn::Set(d, -mean), vMinU = hn::Set(d, kMinSwishArgument);
  const auto vMeanD = hn::Set(dd, mean);
#endif
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const SwishCoefficients co = ChannelCoefficients(s, gamma[ch], beta[ch], rstd);
    double vectorDz = 0.0, vectorDzD = 0.0, vectorRes = 0.0, vectorResD = 0.0;
#if HWY_TARGET != HWY_SCALAR
    auto sumDzLo = hn::Zero(dd), sumDzHi = hn::Zero(dd), sumDzDLo = hn::Zero(dd), sumDzDHi = hn::Zero(dd);
    auto sumRes = hn::Zero(d), sumResD = hn::Zero(d);
    for (; k + lanes <= end; k += lanes) {
      const auto vx = hn::LoadU(d, x + k);
      auto uLo = hn::Zero(d), residual = hn::Zero(d);
      const auto uHi = hn::Max(SwishArgument(d, vx, vNegMean, co, &uLo), vMinU);
      const auto g = SwishGradientVector(d, uHi, uLo, hn::LoadU(d, dy + k), &residual);
      hn::StoreU(g, d, dz + k);
      if (kSums) {
        const auto gLo = hn::PromoteTo(dd, hn::LowerHalf(dh, g)), gHi = hn::PromoteTo(dd, hn::UpperHalf(dh, g));
        const auto diffLo = hn::Sub(hn::PromoteTo(dd, hn::LowerHalf(dh, vx)), vMeanD);  // exact
        const auto diffHi = hn::Sub(hn::PromoteTo(dd, hn::UpperHalf(dh, vx)), vMeanD);
        sumDzLo = hn::Add(sumDzLo, gLo);
        sumDzHi = hn::Add(sumDzHi, gHi);
        sumDzDLo = hn::MulAdd(gLo, diffLo, sumDzDLo);
        sumDzDHi = hn::MulAdd(gHi, diffHi, sumDzDHi);
        sumRes = hn::Add(sumRes, residual);
        sumResD = hn::MulAdd(residual, hn::Add(vx, vNegMean), sumResD);
      }
    }
    vectorDz = hn::GetLane(hn::SumOfLanes(dd, hn::Add(sumDzLo, sumDzHi)));
    vectorDzD = hn::GetLane(hn::SumOfLanes(dd, hn::Add(sumDzDLo, sumDzDHi)));
    vectorRes = hn::GetLane(hn::SumOfLanes(d, sumRes));
    vectorResD = hn::GetLane(hn::SumOfLanes(d, sumResD));
#endif
    double tailDz = 0.0, tailDzD = 0.0, tailRes = 0.0, tailResD = 0.0;
    for (; k < end; ++k) {
      const double diff = static_cast<double>(x[k]) - mean;
      const double exact = SwishGradient(co.slope * diff + co.offset, dy[k]);
      const auto g = static_cast<float>(exact);
      dz[k] = g;
      tailDz += g;
      tailDzD += g * diff;
      tailRes += exact - g;
      tailResD += (exact - g) * diff;
    }
    if (kSums) {
      double *out = sums + kSumsPerChannel * ch;
      out[0] += vectorDz + tailDz;
      out[1] += (vectorDzD + tailDzD) * rstd;
      out[2] += vectorRes + tailRes;
      out[3] += (vectorResD + tailResD) * rstd;
    }
  }
}

// Sweep B over one piece: dx = rstd * (gamma dz - c1 - xhat c2), with the group's c1 = mean of
// gamma dz and c2 = mean of gamma dz xhat, evaluated in double and rounded once. gamma dz - c1 is
// then exactly zero where the two sides are equal (one-element groups). dx is a difference of
// terms that can cancel to far below their size; fp32 steps here measured worse than PyTorch.
void DxPiece(const float *HWY_RESTRICT dz, const float *HWY_RESTRICT x, int64_t len, int64_t hw, int64_t pos,
             const float *HWY_RESTRICT gamma, float mean, float rstd, double c1, double c2, float *HWY_RESTRICT dx) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vMean = hn::Set(dd, mean), vRstd = hn::Set(dd, rstd), vC1 = hn::Set(dd, c1), vC2 = hn::Set(dd, c2);
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const double g = gamma[ch];
    const auto vG = hn::Set(dd, g);
    for (; k + lanes <= end; k += lanes) {
      const auto t = hn::Sub(hn::Mul(vG, hn::PromoteTo(dd, hn::LoadU(d, dz + k))), vC1);
      const auto xh = hn::Mul(hn::Sub(hn::PromoteTo(dd, hn::LoadU(d, x + k)), vMean), vRstd);
      hn::StoreU(hn::DemoteTo(d, hn::Mul(hn::NegMulAdd(xh, vC2, t), vRstd)), d, dx + k);
    }
    for (; k < end; ++k) {
      const double xh = (static_cast<double>(x[k]) - mean) * rstd;
      dx[k] = static_cast<float>(((g * dz[k] - c1) - xh * c2) * rstd);
    }
  }
}

using SwishGradPieceFn = void (*)(const float *, const float *, int64_t, int64_t, int64_t, const float *, const float *,
                                  float, float, float, float *, double *);
using DxPieceFn = void (*)(const float *, const float *, int64_t, int64_t, int64_t, const float *, float, float, double,
                           double, float *);

SwishGradPieceFn SelectSwishGradPiece(bool sums) { return sums ? SwishGradPiece<true> : SwishGradPiece<false>; }
DxPieceFn GetDxPiece() { return DxPiece; }

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <cstring>

#include "base/convert.h"
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectSwishGradPiece);
HWY_EXPORT(GetDxPiece);

namespace {

constexpr int64_t kReduceChannels = 256;  // channels per task of the dgamma/dbeta reduction

const float *ElementAt(const void *base, const TensorView &v, int64_t flat) {
  return static_cast<const float *>(base) + v.offset + flat;
}

// Elements [first, first + len) of a tensor in flat row-major order, as fp32: in place when the
// tensor is dense fp32, else converted into `stage`.
const float *ReadPiece(const TensorView &v, const void *base, bool direct, int64_t first, int64_t len, float *stage) {
  if (direct) return ElementAt(base, v, first);
  ReadFlatAsF32(v, base, first, len, stage);
  return stage;
}

struct Scratch {
  float *dz, *dy, *x, *dx;
};

Scratch ThreadScratch(const GroupNormSwishGradPlan &p, char *ws, int thread) {
  auto *base = reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
  float *staging = base + p.dzFloats;
  return {base, staging, staging + kGroupNormPiece, staging + 2 * kGroupNormPiece};
}

void RunGroups(const GroupNormSwishGradPlan &p, const GroupNormSwishGradBuffers &b, char *ws) {
  const float *means = reinterpret_cast<const float *>(ws + p.statsOffset);
  const float *rstds = means + p.n * p.groups;
  const float *gammas = reinterpret_cast<const float *>(ws + p.affineOffset);
  const float *betas = gammas + p.c;
  auto *sums = reinterpret_cast<double *>(ws + p.sumsOffset);
  const auto sweepA = HWY_DYNAMIC_DISPATCH(SelectSwishGradPiece)(true);
  const auto recompute = HWY_DYNAMIC_DISPATCH(SelectSwishGradPiece)(false);
  const auto sweepB = HWY_DYNAMIC_DISPATCH(GetDxPiece)();
  const int64_t dPerGroup = p.channelsPerGroup, hw = p.hw, size = p.groupSize;

  ParallelFor(p.n * p.groups, p.threads, [&](int64_t group, int thread) {
    const Scratch s = ThreadScratch(p, ws, thread);
    const int64_t n = group / p.groups, g = group % p.groups;
    const int64_t c0 = g * dPerGroup, start = (n * p.c + c0) * hw;  // first channel, first flat element
    const float mean = means[group], rstd = rstds[group];
    double *groupSums = sums + kSumsPerChannel * (n * p.c + c0);
    std::fill(groupSums, groupSums + kSumsPerChannel * dPerGroup, 0.0);

    for (int64_t off = 0; off < size; off += kGroupNormPiece) {  // sweep A
      const int64_t len = std::min(kGroupNormPiece, size - off), ch = off / hw;
      const float *dy = ReadPiece(p.dy, b.dy, p.dyDirect, start + off, len, s.dy);
      const float *x = ReadPiece(p.x, b.x, p.xDirect, start + off, len, s.x);
      float *dz = p.stashDz ? s.dz + off : s.dz;
      sweepA(dy, x, len, hw, off % hw, gammas + c0 + ch, betas + c0 + ch, mean, rstd, p.swishScale, dz,
             groupSums + kSumsPerChannel * ch);
    }
    double c1 = 0.0, c2 = 0.0;
    for (int64_t ch = 0; ch < dPerGroup; ++ch) {
      c1 += static_cast<double>(gammas[c0 + ch]) * groupSums[kSumsPerChannel * ch];
      c2 += static_cast<double>(gammas[c0 + ch]) * groupSums[kSumsPerChannel * ch + 1];
    }
    c1 /= static_cast<double>(size);
    c2 /= static_cast<double>(size);

    for (int64_t off = 0; off < size; off += kGroupNormPiece) {
      const int64_t len = std::min(kGroupNormPiece, size - off), ch = off / hw;
      const float *x = ReadPiece(p.x, b.x, p.xDirect, start + off, len, s.x);
      const float *dz = s.dz + off;
      if (!p.stashDz) {
        const float *dy = ReadPiece(p.dy, b.dy, p.dyDirect, start + off, len, s.dy);
        recompute(dy, x, len, hw, off % hw, gammas + c0 + ch, betas + c0 + ch, mean, rstd, p.swishScale, s.dz, nullptr);
        dz = s.dz;
      }
      float *dx = p.dxDirect ? static_cast<float *>(b.dx) + p.dx.offset + start + off : s.dx;
      sweepB(dz, x, len, hw, off % hw, gammas + c0 + ch, mean, rstd, c1, c2, dx);
      if (!p.dxDirect) WriteFlatFromF32(p.dx, b.dx, start + off, len, s.dx);
    }
  });
}

// dbeta[c] = sum over n of sum dz, dgamma[c] = sum over n of sum dz * xhat: n in ascending order.
void ReduceParams(const GroupNormSwishGradPlan &p, const GroupNormSwishGradBuffers &b, char *ws) {
  const auto *sums = reinterpret_cast<const double *>(ws + p.sumsOffset);
  ParallelFor(CeilDiv(p.c, kReduceChannels), p.threads, [&](int64_t task, int) {
    const int64_t c0 = task * kReduceChannels, len = std::min(kReduceChannels, p.c - c0);
    float dgamma[kReduceChannels], dbeta[kReduceChannels];
    for (int64_t i = 0; i < len; ++i) {
      double sumDz = 0.0, sumDzX = 0.0;
      for (int64_t n = 0; n < p.n; ++n) {
        const double *channel = sums + kSumsPerChannel * (n * p.c + c0 + i);
        sumDz += channel[0] + channel[2];
        sumDzX += channel[1] + channel[3];
      }
      dbeta[i] = static_cast<float>(sumDz);
      dgamma[i] = static_cast<float>(sumDzX);
    }
    if (p.writeDgamma) WriteFlatFromF32(p.dgamma, b.dgamma, c0, len, dgamma);
    if (p.writeDbeta) WriteFlatFromF32(p.dbeta, b.dbeta, c0, len, dbeta);
  });
}

}  // namespace

void RunGroupNormSwishGrad(const GroupNormSwishGradPlan &p, const GroupNormSwishGradBuffers &b, void *workspace) {
  if (!p.compute) return;
  auto *ws = static_cast<char *>(workspace);
  auto *stats = reinterpret_cast<float *>(ws + p.statsOffset);
  ReadFlatAsF32(p.mean, b.mean, 0, p.n * p.groups, stats);
  ReadFlatAsF32(p.rstd, b.rstd, 0, p.n * p.groups, stats + p.n * p.groups);
  auto *affine = reinterpret_cast<float *>(ws + p.affineOffset);
  ReadFlatAsF32(p.gamma, b.gamma, 0, p.c, affine);
  ReadFlatAsF32(p.beta, b.beta, 0, p.c, affine + p.c);
  RunGroups(p, b, ws);
  ReduceParams(p, b, ws);
  if (p.zeroFillUnrequired && !p.writeDgamma) ZeroFlat(p.dgamma, b.dgamma, p.c);
  if (p.zeroFillUnrequired && !p.writeDbeta) ZeroFlat(p.dbeta, b.dbeta, p.c);
}

}  // namespace aclcpu
#endif  // HWY_ONCE
