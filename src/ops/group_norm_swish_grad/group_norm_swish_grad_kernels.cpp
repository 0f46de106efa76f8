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

// exp's argument is capped here: e = exp(-s z) stays finite, so sigmoid and 1 - sigmoid never
// meet inf * 0. Beyond it the true dsw is below fp32's smallest normal anyway.
constexpr float kMaxExpArgument = 88.0f;

// dL/dz for one value (norm-ops.md §1.3), the scalar twin of the vector code below:
//   xhat = (x - mean) * rstd;  z = gamma * xhat + beta;  e = exp(-s z)          (exp in fp32)
//   sig = 1 / (1 + e);  dsw = sig * (1 + s z (1 - sig));  dz = dy * dsw        (double)
// with 1 - sig = e * sig (no cancellation as sig -> 1). Only exp runs in fp32 (about PyTorch's own
// error); every other step is double and dz is rounded once. dsw has a root near s z = -1.28
// where fp32 steps would lose most of dz's digits, and they measured worse than PyTorch.
inline double DzScalar(float dy, double xhat, double sGamma, double sBeta) {
  const double sz = sGamma * xhat + sBeta;
  const double e = std::exp(std::min(static_cast<float>(-sz), kMaxExpArgument));
  const double sig = 1.0 / (1.0 + e);
  return dy * (sig * (1.0 + sz * (e * sig)));
}

// Sweep A over one piece of a group: `len` elements starting at position `pos` of channel 0 of
// `gamma`/`beta`/`sums` (the piece's first channel). Writes dL/dz to `dz` and, with kSums, adds
// each channel's kSumsPerChannel sums into sums[4c..4c+3]:
//   sum dz, sum dz xhat   over the stored (fp32) dz: c1 and c2 must match what sweep B reads, or
//                         gamma dz - c1 leaves rounding residue where dx is exactly zero;
//   the same over the unrounded dz: dgamma and dbeta, one rounding from the exact value.
// Works in vectors of as many fp32 lanes as a double vector has, so that xhat, z and everything
// but exp are formed in double.
template <bool kSums>
void SwishGradPiece(const float *HWY_RESTRICT dy, const float *HWY_RESTRICT x, int64_t len, int64_t hw, int64_t pos,
                    const float *HWY_RESTRICT gamma, const float *HWY_RESTRICT beta, float mean, float rstd, float s,
                    float *HWY_RESTRICT dz, double *HWY_RESTRICT sums) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vMean = hn::Set(dd, mean), vRstd = hn::Set(dd, rstd);
  const auto vOne = hn::Set(d, 1.0f), vCap = hn::Set(d, kMaxExpArgument);
  const auto vOneD = hn::Set(dd, 1.0), vTwoD = hn::Set(dd, 2.0);
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const double g = gamma[ch], b = beta[ch];
    const auto vSG = hn::Set(dd, s * g), vSB = hn::Set(dd, s * b);  // exact: fp32 x fp32 products
    auto accDz = hn::Zero(dd), accDzX = hn::Zero(dd), accExact = hn::Zero(dd), accExactX = hn::Zero(dd);
    for (; k + lanes <= end; k += lanes) {
      const auto xhD = hn::Mul(hn::Sub(hn::PromoteTo(dd, hn::LoadU(d, x + k)), vMean), vRstd);
      const auto szD = hn::MulAdd(vSG, xhD, vSB);
      const auto e = hn::Exp(d, hn::Min(hn::DemoteTo(d, hn::Neg(szD)), vCap));
      // sig = 1 / (1 + e): the fp32 quotient refined by one Newton step in double.
      const auto den = hn::Add(hn::PromoteTo(dd, e), vOneD);
      const auto q = hn::PromoteTo(dd, hn::Div(vOne, hn::DemoteTo(d, den)));
      const auto sig = hn::Mul(q, hn::NegMulAdd(den, q, vTwoD));
      const auto eSig = hn::Mul(hn::Sub(den, vOneD), sig);
      const auto dsw = hn::Mul(sig, hn::MulAdd(szD, eSig, vOneD));
      const auto exact = hn::Mul(hn::PromoteTo(dd, hn::LoadU(d, dy + k)), dsw);
      const auto v = hn::DemoteTo(d, exact);
      hn::StoreU(v, d, dz + k);
      if (kSums) {
        const auto stored = hn::PromoteTo(dd, v);
        accDz = hn::Add(accDz, stored);
        accDzX = hn::MulAdd(stored, xhD, accDzX);
        accExact = hn::Add(accExact, exact);
        accExactX = hn::MulAdd(exact, xhD, accExactX);
      }
    }
    double tail[kSumsPerChannel] = {};
    for (; k < end; ++k) {
      const double xh = (static_cast<double>(x[k]) - mean) * rstd;
      const double exact = DzScalar(dy[k], xh, s * g, s * b);
      dz[k] = static_cast<float>(exact);
      tail[0] += dz[k];
      tail[1] += dz[k] * xh;
      tail[2] += exact;
      tail[3] += exact * xh;
    }
    if (kSums) {
      double *out = sums + kSumsPerChannel * ch;
      out[0] += hn::GetLane(hn::SumOfLanes(dd, accDz)) + tail[0];
      out[1] += hn::GetLane(hn::SumOfLanes(dd, accDzX)) + tail[1];
      out[2] += hn::GetLane(hn::SumOfLanes(dd, accExact)) + tail[2];
      out[3] += hn::GetLane(hn::SumOfLanes(dd, accExactX)) + tail[3];
    }
  }
}

// Sweep B over one piece: dx = rstd * (gamma dz - c1 - xhat c2), with the group's c1 = mean of
// gamma dz and c2 = mean of gamma dz xhat, evaluated in double and rounded once. gamma dz - c1 is
// then exactly zero where the two sides are equal (one-element groups).
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
        sumDz += sums[kSumsPerChannel * (n * p.c + c0 + i) + 2];
        sumDzX += sums[kSumsPerChannel * (n * p.c + c0 + i) + 3];
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
