// GroupNormSwishGrad kernels: one task per (n, g) group. Sweep A recomputes z and the swish
// derivative, keeps dL/dz and sums it per channel; sweep B writes dx while the group is in cache.
#include <algorithm>
#include <cmath>
#include <type_traits>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/group_norm_swish_grad/group_norm_swish_grad_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// After highway.h: the math library is re-included per target like this file.
#include "hwy/contrib/math/math-inl.h"  // NOLINT

#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"
#include "ops/group_norm_swish_grad/group_norm_swish_grad_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// u = s z is clamped from below here so that e = exp(-u) <= 5.5e34 stays finite in fp32. Below it
// the true dsw is under 1e-33 in magnitude, and so is the clamped one. The clamp is written
// Max(limit, u): x86's max returns its second operand when one is NaN, so a NaN u stays NaN.
constexpr float kMinSwishArgument = -80.0f;
// The vector code also clamps u from above, so that exp(-u) >= 2^-124 stays a normal number (see
// ExpInSwishRange). Above it dsw = 1 + u e r^2 is 1 to within 1e-34, clamped or not.
constexpr float kMaxSwishArgument = 86.0f;
// PlainRun's fp32 partial sums are folded into double after this many vectors.
constexpr int64_t kFoldVectors = 8;
constexpr int64_t kMaxLanes = HWY_MAX_BYTES / sizeof(float);  // bounds the stack blocks below
// CompensatedRun works in blocks of this many elements, two loops per block (see there).
constexpr int64_t kSplitBlock = 256;

// Sweep A's loads of dy and x stalled on memory for ~14 % of its time although the hardware
// prefetchers see plain sequential streams; requesting the lines this far ahead in pass 1 made the
// DRAM-sized rows 8-15 % faster (measured 1-4 KiB ahead: 1 KiB best). Harmless past a buffer's end.
constexpr int64_t kPrefetchAheadBytes = 1024;

template <class T>
HWY_INLINE void PrefetchAhead(const T *p) {
  __builtin_prefetch(reinterpret_cast<const char *>(p) + kPrefetchAheadBytes);
}

// Sweep A reads dy and x as fp32 (dense fp32 tensors, or pieces staged in fp32) or, for contiguous
// FLOAT16/BF16 tensors, as their 16-bit elements, converted in registers.
template <DType kSource>
using SourceElement = std::conditional_t<kSource == DType::kF32, float, uint16_t>;

template <DType kSource>
inline float SourceToF32(const SourceElement<kSource> *p) {
  if constexpr (kSource == DType::kF16) return F16ToF32(*p);
  if constexpr (kSource == DType::kBF16) return BF16ToF32(*p);
  if constexpr (kSource == DType::kF32) return *p;
}

template <DType kSource>
inline SourceElement<kSource> F32ToSource(float v) {
  if constexpr (kSource == DType::kF16) return F32ToF16(v);
  if constexpr (kSource == DType::kBF16) return F32ToBF16(v);
  if constexpr (kSource == DType::kF32) return v;
}

// One vector of kSource elements as fp32 lanes, and back (rounded to nearest even).
template <DType kSource, class D>
HWY_INLINE hn::Vec<D> LoadSourceAsF32(D d, const SourceElement<kSource> *HWY_RESTRICT p) {
  if constexpr (kSource == DType::kF16) return LoadF16AsF32(d, p);
  if constexpr (kSource == DType::kBF16) return LoadBF16AsF32(d, p);
  if constexpr (kSource == DType::kF32) return hn::LoadU(d, p);
}

template <DType kSource, class D>
HWY_INLINE void StoreF32AsSource(D d, hn::Vec<D> v, SourceElement<kSource> *HWY_RESTRICT p) {
  if constexpr (kSource == DType::kF16) StoreF32AsF16(d, v, p);
  if constexpr (kSource == DType::kBF16) StoreF32AsBF16(d, v, p);
  if constexpr (kSource == DType::kF32) hn::StoreU(v, d, p);
}

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
// exp(t) for t in [-kMaxSwishArgument, -kMinSwishArgument], the only arguments the swish code
// passes. hn::Exp handles every float, which costs a third of its instructions (a saturating
// float-to-int conversion, a two-step 2^q and an underflow select). Here 2^q is always a normal
// float, so it is added to the exponent field directly; the reduction is hn::Exp's and the
// polynomial is Highway's own (ExpImpl::ExpPoly). Max error 0.98 ulp, against 0.99 for hn::Exp
// over this range (measured on 23 M arguments):
//   q = round(t / ln 2), by adding 1.5 * 2^23, which leaves q in the low mantissa bits;
//   x = t - q ln 2 (ln 2 in two parts);  exp(t) = 2^q (1 + ExpPoly(x)).
// A NaN t gives garbage here; callers carry u into dsw, so NaN still reaches the result.
template <class D, class V>
HWY_INLINE V ExpInSwishRange(D d, V t) {
  const hn::RebindToSigned<D> di;
  const V shifter = hn::Set(d, 12582912.0f);
  const V shifted = hn::MulAdd(t, hn::Set(d, 1.44269504088896341f), shifter);
  const V q = hn::Sub(shifted, shifter);
  V x = hn::MulAdd(q, hn::Set(d, -0.693145751953125f), t);
  x = hn::MulAdd(q, hn::Set(d, -1.428606765330187045e-6f), x);
  const V mantissa = hn::Add(hn::impl::ExpImpl<float>().ExpPoly(d, x), hn::Set(d, 1.0f));
  return hn::BitCast(d, hn::Add(hn::BitCast(di, mantissa), hn::ShiftLeft<23>(hn::BitCast(di, shifted))));
}

// u clamped to [kMinSwishArgument, kMaxSwishArgument]; a NaN u stays NaN (x86's min and max return
// their second operand when one is NaN).
template <class D, class V>
HWY_INLINE V ClampSwishArgument(D d, V u) {
  return hn::Max(hn::Set(d, kMinSwishArgument), hn::Min(hn::Set(d, kMaxSwishArgument), u));
}

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
HWY_INLINE V SwishGradientVector(D d, V uHi, V uLo, V e, V dy, V *residual) {
  const V one = hn::Set(d, 1.0f);
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
// every factor collected in uLo. Returns uHi.
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

// Per-channel sums of one run of sweep A (see SwishGradPiece).
struct ChannelSums {
  double dz = 0.0, dzDiff = 0.0, residual = 0.0, residualDiff = 0.0;
};

#if HWY_TARGET != HWY_SCALAR
// Sweep A's vector body for fp32 tensors: compensated dL/dz, sums of the stored dz and of x - mean
// in double, of the residuals in fp32. Advances *next by whole vectors up to `end`.
// Each block is two loops: one whole-vector step chains ~100 dependent instructions (~120 cycles),
// more than the out-of-order window overlaps, so one fused loop ran 15-20 % slower (measured on
// 2x640x32x32 and 2x1280x16x16; kSplitBlock 128-256 equal, 512-1024 slower on DRAM-sized rows).
inline ChannelSums CompensatedRun(const float *HWY_RESTRICT dy, const float *HWY_RESTRICT x, int64_t *next, int64_t end,
                                  const SwishCoefficients &co, float mean, bool sums, float *HWY_RESTRICT dz,
                                  float *HWY_RESTRICT residuals) {
  int64_t k = *next;               // a local: the vector stores may alias *next, which kept it in memory
  const SwishCoefficients c = co;  // likewise: its four broadcasts were reloaded every vector
  const hn::ScalableTag<float> d;
  const hn::Repartition<double, decltype(d)> dd;
  const hn::Half<decltype(d)> dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vNegMean = hn::Set(d, -mean);
  const auto vMeanD = hn::Set(dd, mean);
  auto sumDzLo = hn::Zero(dd), sumDzHi = hn::Zero(dd), sumDzDLo = hn::Zero(dd), sumDzDHi = hn::Zero(dd);
  auto sumRes = hn::Zero(d), sumResD = hn::Zero(d);
  HWY_ALIGN float expBlock[kSplitBlock];
  while (k + lanes <= end) {
    const int64_t blockEnd = k + std::min(kSplitBlock, (end - k) / lanes * lanes);
    // Pass 1: u = uHi + uLo (parked in dz and residuals) and exp(-uHi).
    for (int64_t j = k; j < blockEnd; j += lanes) {
      auto uLo = hn::Zero(d);
      const auto uHi = ClampSwishArgument(d, SwishArgument(d, hn::LoadU(d, x + j), vNegMean, c, &uLo));
      hn::StoreU(uHi, d, dz + j);
      hn::StoreU(uLo, d, residuals + j);
      hn::Store(ExpInSwishRange(d, hn::Neg(uHi)), d, expBlock + (j - k));
      PrefetchAhead(x + j);
      PrefetchAhead(dy + j);
    }
    // Pass 2: dL/dz and its residual over them, and the sums.
    for (const float *e = expBlock; k < blockEnd; k += lanes, e += lanes) {
      const auto vx = hn::LoadU(d, x + k);
      auto residual = hn::Zero(d);
      const auto g = SwishGradientVector(d, hn::LoadU(d, dz + k), hn::LoadU(d, residuals + k), hn::Load(d, e),
                                         hn::LoadU(d, dy + k), &residual);
      hn::StoreU(g, d, dz + k);
      hn::StoreU(residual, d, residuals + k);
      if (sums) {
        const auto gLo = hn::PromoteTo(dd, hn::LowerHalf(dh, g)), gHi = hn::PromoteTo(dd, hn::UpperHalf(dh, g));
        const auto diffLo = hn::Sub(hn::PromoteTo(dd, hn::LowerHalf(dh, vx)), vMeanD);  // exact
        const auto diffHi = hn::Sub(hn::PromoteTo(dd, hn::UpperHalf(dh, vx)), vMeanD);
        sumDzLo = hn::Add(sumDzLo, gLo);
        sumDzHi = hn::Add(sumDzHi, gHi);
        sumDzDLo = hn::MulAdd(gLo, diffLo, sumDzDLo);
        sumDzDHi = hn::MulAdd(gHi, diffHi, sumDzDHi);
        sumRes = hn::Add(sumRes, residual);
        sumResD = hn::MulAdd(residual, hn::Add(vx, vNegMean), sumResD);  // fl(x - mean), as SwishArgument's
      }
    }
  }
  *next = k;
  ChannelSums out;
  out.dz = hn::GetLane(hn::SumOfLanes(dd, hn::Add(sumDzLo, sumDzHi)));
  out.dzDiff = hn::GetLane(hn::SumOfLanes(dd, hn::Add(sumDzDLo, sumDzDHi)));
  out.residual = hn::GetLane(hn::SumOfLanes(d, sumRes));
  out.residualDiff = hn::GetLane(hn::SumOfLanes(d, sumResD));
  return out;
}

// Sweep A's vector body for FLOAT16/BF16 tensors, whose outputs round to 8 or 11 bits: plain fp32
// steps (their error, a few fp32 ulp, vanishes in that rounding), sums in fp32 folded into double
// every kFoldVectors vectors. Split in two loops like CompensatedRun: 7-12 % faster here.
template <DType kSource>
inline ChannelSums PlainRun(const SourceElement<kSource> *HWY_RESTRICT dy, const SourceElement<kSource> *HWY_RESTRICT x,
                            int64_t *next, int64_t end, const SwishCoefficients &co, float mean, bool sums,
                            float *HWY_RESTRICT dz) {
  int64_t k = *next;  // a local: the vector stores may alias *next, which kept it in memory
  const hn::ScalableTag<float> d;
  const hn::Repartition<double, decltype(d)> dd;
  const hn::Half<decltype(d)> dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vMean = hn::Set(d, mean), vOne = hn::Set(d, 1.0f);
  const auto vSlope = hn::Set(d, co.slopeHi), vOffset = hn::Set(d, co.offsetHi);
  auto sumDz = hn::Zero(dd), sumDzD = hn::Zero(dd);
  while (k + lanes <= end) {
    auto accDz = hn::Zero(d), accDzD = hn::Zero(d);
    // Two loops per fold block, as in CompensatedRun: u and exp(-u) first, then the rest.
    HWY_ALIGN float uBlock[kFoldVectors * kMaxLanes], expBlock[kFoldVectors * kMaxLanes];
    for (int64_t v = 0, j = k; v < kFoldVectors && j + lanes <= end; ++v, j += lanes) {
      const auto u =
          ClampSwishArgument(d, hn::MulAdd(vSlope, hn::Sub(LoadSourceAsF32<kSource>(d, x + j), vMean), vOffset));
      hn::Store(u, d, uBlock + v * lanes);
      PrefetchAhead(x + j);
      PrefetchAhead(dy + j);
      hn::Store(ExpInSwishRange(d, hn::Neg(u)), d, expBlock + v * lanes);
    }
    for (int64_t v = 0; v < kFoldVectors && k + lanes <= end; ++v, k += lanes) {
      const auto diff = hn::Sub(LoadSourceAsF32<kSource>(d, x + k), vMean);
      const auto u = hn::Load(d, uBlock + v * lanes);
      const auto e = hn::Load(d, expBlock + v * lanes);
      const auto r = hn::Div(vOne, hn::Add(vOne, e));
      const auto g = hn::Mul(LoadSourceAsF32<kSource>(d, dy + k), hn::Mul(r, hn::MulAdd(u, hn::Mul(e, r), vOne)));
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
// `gamma`/`beta`/`sums` (the piece's first channel). Writes dL/dz rounded to fp32 to `dz` and what
// that rounding dropped to `residuals` (compensated runs and tails; dz + residual is the unrounded
// value), and with kSums adds each channel's kSumsPerChannel sums into sums[4c..4c+3]:
//   sum dz, rstd sum dz (x - mean)   of the stored fp32 dz;
//   the same of the residuals.
// Sweep B and dgamma/dbeta use both parts, so that they see the unrounded dz (see ExactDxPiece).
// kCompensated: fp32 tensors (see CompensatedRun); else FLOAT16/BF16 (PlainRun, no residuals).
// kSource: the element type dy and x are read as (see SourceElement). Tails run in double either way.
template <bool kSums, bool kCompensated, DType kSource>
void SwishGradPiece(const void *dySource, const void *xSource, int64_t len, int64_t hw, int64_t pos,
                    const float *HWY_RESTRICT gamma, const float *HWY_RESTRICT beta, float mean, float rstd, float s,
                    float *HWY_RESTRICT dz, float *HWY_RESTRICT residuals, double *HWY_RESTRICT sums) {
  static_assert(!kCompensated || kSource == DType::kF32, "only fp32 tensors take the compensated run");
  const auto *HWY_RESTRICT dy = static_cast<const SourceElement<kSource> *>(dySource);
  const auto *HWY_RESTRICT x = static_cast<const SourceElement<kSource> *>(xSource);
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const SwishCoefficients co = ChannelCoefficients(s, gamma[ch], beta[ch], rstd);
    ChannelSums run;
#if HWY_TARGET != HWY_SCALAR
    if constexpr (kCompensated) {
      run = CompensatedRun(dy, x, &k, end, co, mean, kSums, dz, residuals);
    } else {
      run = PlainRun<kSource>(dy, x, &k, end, co, mean, kSums, dz);
    }
#endif
    for (; k < end; ++k) {
      const double diff = static_cast<double>(SourceToF32<kSource>(x + k)) - mean;
      const double exact = SwishGradient(co.slope * diff + co.offset, SourceToF32<kSource>(dy + k));
      const auto g = static_cast<float>(exact);
      const auto residual = static_cast<float>(exact - g);  // summed as stored: sweep B reads it
      dz[k] = g;
      residuals[k] = residual;
      run.dz += g;
      run.dzDiff += g * diff;
      run.residual += residual;
      run.residualDiff += residual * diff;
    }
    if (kSums) {
      double *out = sums + kSumsPerChannel * ch;
      out[0] += run.dz;
      out[1] += run.dzDiff * rstd;
      out[2] += run.residual;
      out[3] += run.residualDiff * rstd;
    }
  }
}

// Sweep B over one piece: dx = rstd * (gamma dz - c1 - xhat c2), with the group's c1 = mean of
// gamma dz and c2 = mean of gamma dz xhat. dx is a difference of terms that can cancel to far below
// their size, so for fp32 tensors it takes the unrounded dz = stored + residual and is evaluated in
// double, rounded once (fp32 steps, or the rounded dz, measured worse than PyTorch):
//   dx = rstd * ((gamma dz - c1Stored) + (gamma residual - c1Residual) - xhat c2),
// with c1 split the same way, so each bracket is exactly zero where its two sides are equal
// (one-element groups).
void ExactDxPiece(const float *HWY_RESTRICT dz, const float *HWY_RESTRICT residuals, const void *xData, int64_t len,
                  int64_t hw, int64_t pos, const float *HWY_RESTRICT gamma, float mean, float rstd, double c1Stored,
                  double c1Residual, double c2, void *dxData) {
  const auto *HWY_RESTRICT x = static_cast<const float *>(xData);
  auto *HWY_RESTRICT dx = static_cast<float *>(dxData);
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  // xhat c2 is formed as (x - mean) (rstd c2): one multiplication fewer, and the same up to double
  // rounding.
  const double slope = static_cast<double>(rstd) * c2;
  const auto vMean = hn::Set(dd, mean), vRstd = hn::Set(dd, rstd), vSlope = hn::Set(dd, slope);
  const auto vC1S = hn::Set(dd, c1Stored), vC1R = hn::Set(dd, c1Residual);
  int64_t k = 0;
  for (int64_t ch = 0; k < len; ++ch, pos = 0) {
    const int64_t end = std::min(len, k + (hw - pos));
    const double g = gamma[ch];
    const auto vG = hn::Set(dd, g);
    for (; k + lanes <= end; k += lanes) {
      // gamma dz is exact in double (two fp32 factors), so MulSub rounds as Mul then Sub would.
      const auto stored = hn::MulSub(vG, hn::PromoteTo(dd, hn::LoadU(d, dz + k)), vC1S);
      const auto dropped = hn::MulSub(vG, hn::PromoteTo(dd, hn::LoadU(d, residuals + k)), vC1R);
      const auto diff = hn::Sub(hn::PromoteTo(dd, hn::LoadU(d, x + k)), vMean);
      hn::StoreU(hn::DemoteTo(d, hn::Mul(hn::NegMulAdd(diff, vSlope, hn::Add(stored, dropped)), vRstd)), d, dx + k);
    }
    for (; k < end; ++k) {
      const double t = (g * dz[k] - c1Stored) + (g * residuals[k] - c1Residual);
      dx[k] = static_cast<float>(std::fma(-(static_cast<double>(x[k]) - mean), slope, t) * rstd);
    }
  }
}

// Sweep B for FLOAT16/BF16 tensors: fp32 steps on the stored dz (the residuals and c1Residual are
// not used), with c1Stored as an fp32 pair so that gamma dz - c1 is exactly zero in one-element
// groups. x is read and dx written as kSource elements (16-bit ones converted in registers, like
// sweep A's), or as staged fp32. Same signature as ExactDxPiece, so one pointer serves both.
template <DType kSource>
void PlainDxPiece(const float *HWY_RESTRICT dz, const float *HWY_RESTRICT /*residuals*/, const void *xData, int64_t len,
                  int64_t hw, int64_t pos, const float *HWY_RESTRICT gamma, float mean, float rstd, double c1Stored,
                  double /*c1Residual*/, double c2, void *dxData) {
  const auto *HWY_RESTRICT x = static_cast<const SourceElement<kSource> *>(xData);
  auto *HWY_RESTRICT dx = static_cast<SourceElement<kSource> *>(dxData);
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto c1Hi = static_cast<float>(c1Stored), c1Lo = static_cast<float>(c1Stored - c1Hi);
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
                                  float, float, float, float *, float *, double *);
using DxPieceFn = void (*)(const float *, const float *, const void *, int64_t, int64_t, int64_t, const float *, float,
                           float, double, double, double, void *);

// source: the dtype sweep A reads dy and x as (kF32 when they are dense fp32 or staged).
SwishGradPieceFn SelectSwishGradPiece(bool sums, bool compensated, DType source) {
  if (compensated) return sums ? SwishGradPiece<true, true, DType::kF32> : SwishGradPiece<false, true, DType::kF32>;
  switch (source) {
    case DType::kF16:
      return sums ? SwishGradPiece<true, false, DType::kF16> : SwishGradPiece<false, false, DType::kF16>;
    case DType::kBF16:
      return sums ? SwishGradPiece<true, false, DType::kBF16> : SwishGradPiece<false, false, DType::kBF16>;
    default: return sums ? SwishGradPiece<true, false, DType::kF32> : SwishGradPiece<false, false, DType::kF32>;
  }
}
// source: the dtype sweep B reads x and writes dx as (kF32 when they are dense fp32 or staged).
DxPieceFn SelectDxPiece(bool exact, DType source) {
  if (exact) return ExactDxPiece;
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
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectSwishGradPiece);
HWY_EXPORT(SelectDxPiece);

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
  float *dz, *residuals, *dy, *x, *dx;
};

Scratch ThreadScratch(const GroupNormSwishGradPlan &p, char *ws, int thread) {
  auto *base = reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
  float *staging = base + 2 * p.dzFloats;
  return {base, base + p.dzFloats, staging, staging + kGroupNormPiece, staging + 2 * kGroupNormPiece};
}

void RunGroups(const GroupNormSwishGradPlan &p, const GroupNormSwishGradBuffers &b, char *ws) {
  const float *means = reinterpret_cast<const float *>(ws + p.statsOffset);
  const float *rstds = means + p.n * p.groups;
  const float *gammas = reinterpret_cast<const float *>(ws + p.affineOffset);
  const float *betas = gammas + p.c;
  auto *sums = reinterpret_cast<double *>(ws + p.sumsOffset);
  // fp32 tensors get the compensated evaluation; FLOAT16/BF16 outputs round far above its gain.
  const bool compensated = p.dx.dtype == DType::kF32;
  // Contiguous FLOAT16/BF16 dy and x are converted in sweep A's registers rather than staged: the
  // staging loop cost ~10 % of those rows.
  const bool convertInSweepA = !compensated && p.dy.IsContiguous() && p.x.IsContiguous();
  const DType source = convertInSweepA ? p.x.dtype : DType::kF32;
  const auto sweepA = HWY_DYNAMIC_DISPATCH(SelectSwishGradPiece)(true, compensated, source);
  const auto recompute = HWY_DYNAMIC_DISPATCH(SelectSwishGradPiece)(false, compensated, source);
  // Elements [first, first + len) of an input as a sweep reads them: in their own dtype when that
  // sweep converts in registers, else as fp32 (in place or staged, see ReadPiece).
  auto readInput = [](bool inRegisters, const TensorView &v, const void *base, bool direct, int64_t first, int64_t len,
                      float *stage) -> const void * {
    if (inRegisters) return ContiguousElement(v, base, first);
    return ReadPiece(v, base, direct, first, len, stage);
  };
  // Likewise sweep B reads contiguous FLOAT16/BF16 x and writes contiguous dx in registers.
  const bool convertInSweepB = !compensated && p.x.IsContiguous() && p.dx.IsContiguous();
  const auto sweepB = HWY_DYNAMIC_DISPATCH(SelectDxPiece)(compensated, convertInSweepB ? p.x.dtype : DType::kF32);
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
      const void *dy = readInput(convertInSweepA, p.dy, b.dy, p.dyDirect, start + off, len, s.dy);
      const void *x = readInput(convertInSweepA, p.x, b.x, p.xDirect, start + off, len, s.x);
      const int64_t at = p.stashDz ? off : 0;
      sweepA(dy, x, len, hw, off % hw, gammas + c0 + ch, betas + c0 + ch, mean, rstd, p.swishScale, s.dz + at,
             s.residuals + at, groupSums + kSumsPerChannel * ch);
    }
    double c1Stored = 0.0, c1Residual = 0.0, c2 = 0.0;
    for (int64_t ch = 0; ch < dPerGroup; ++ch) {
      const double *channel = groupSums + kSumsPerChannel * ch;
      const double gamma = gammas[c0 + ch];
      c1Stored += gamma * channel[0];
      c1Residual += gamma * channel[2];
      c2 += gamma * (channel[1] + channel[3]);
    }
    c1Stored /= static_cast<double>(size);
    c1Residual /= static_cast<double>(size);
    c2 /= static_cast<double>(size);

    for (int64_t off = 0; off < size; off += kGroupNormPiece) {
      const int64_t len = std::min(kGroupNormPiece, size - off), ch = off / hw;
      const int64_t at = p.stashDz ? off : 0;
      const void *x = readInput(convertInSweepB, p.x, b.x, p.xDirect, start + off, len, s.x);
      if (!p.stashDz) {
        const void *dy = readInput(convertInSweepA, p.dy, b.dy, p.dyDirect, start + off, len, s.dy);
        // Both sweeps read x the same way unless only one of them converts in registers.
        const void *xA = convertInSweepA == convertInSweepB
                             ? x
                             : readInput(convertInSweepA, p.x, b.x, p.xDirect, start + off, len, s.x);
        recompute(dy, xA, len, hw, off % hw, gammas + c0 + ch, betas + c0 + ch, mean, rstd, p.swishScale, s.dz,
                  s.residuals, nullptr);
      }
      const bool dxInPlace = convertInSweepB || p.dxDirect;
      void *dx = dxInPlace ? ContiguousElement(p.dx, b.dx, start + off) : s.dx;
      sweepB(s.dz + at, s.residuals + at, x, len, hw, off % hw, gammas + c0 + ch, mean, rstd, c1Stored, c1Residual, c2,
             dx);
      if (!dxInPlace) WriteFlatFromF32(p.dx, b.dx, start + off, len, s.dx);
    }
  });
}

// dbeta[c] = sum over n of sum dz, dgamma[c] = sum over n of sum dz * xhat: n in ascending order.
void ReduceParams(const GroupNormSwishGradPlan &p, const GroupNormSwishGradBuffers &b, char *ws) {
  const auto *sums = reinterpret_cast<const double *>(ws + p.sumsOffset);
  // A parallel region costs more than a small reduction: one thread unless there is real work.
  const int threads = p.n * p.c >= kParallelReduceSums ? p.threads : 1;
  ParallelFor(CeilDiv(p.c, kReduceChannels), threads, [&](int64_t task, int) {
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
