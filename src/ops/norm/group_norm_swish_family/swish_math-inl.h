// Per-target swish/sigmoid math and dtype loading shared by the GroupNormSwish forward and backward
// kernels: the exp over the swish's argument range, the argument clamp, the double-accurate sigmoid
// built on an fp32 exp, and element loads/stores of the tensors' dtypes as fp32. Highway's -inl
// convention: include after hwy/highway.h in a file compiled once per target; the guard toggles.
#if defined(ACLCPU_GROUP_NORM_SWISH_MATH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLCPU_GROUP_NORM_SWISH_MATH_INL_H_
#undef ACLCPU_GROUP_NORM_SWISH_MATH_INL_H_
#else
#define ACLCPU_GROUP_NORM_SWISH_MATH_INL_H_
#endif

#include <cstdint>
#include <type_traits>

#include "base/half.h"
#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"
#include "base/tensor_view.h"
#include "hwy/highway.h"
// After highway.h: the math library is re-included per target like this file.
#include "hwy/contrib/math/math-inl.h"  // NOLINT

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {

// u = s z is clamped from below here so that e = exp(-u) <= 5.5e34 stays finite in fp32. Below it
// sigmoid(u) and the swish derivative are under 1e-33 in magnitude, clamped or not. A NaN u stays
// NaN (see ClampSwishArgument).
constexpr float kMinSwishArgument = -80.0f;
// The vector code also clamps u from above, so that exp(-u) >= 2^-124 stays a normal number (see
// ExpInSwishRange). Above it sigmoid(u) and the swish derivative are 1 to within 1e-34.
constexpr float kMaxSwishArgument = 86.0f;

// Loads of a group stalled on memory although the hardware prefetchers see plain sequential
// streams; requesting the lines this far ahead made the DRAM-sized rows of the backward 8-15 %
// faster (measured 1-4 KiB ahead: 1 KiB best). Harmless past a buffer's end.
constexpr int64_t kPrefetchAheadBytes = 1024;

template <class T>
HWY_INLINE void PrefetchAhead(const T *p) {
  __builtin_prefetch(reinterpret_cast<const char *>(p) + kPrefetchAheadBytes);
}

// Kernels read (and write) tensors as fp32 (dense fp32 tensors, or pieces staged in fp32) or, for
// contiguous FLOAT16/BF16 tensors, as their 16-bit elements, converted in registers.
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

// A double rounded once to the element type (16-bit ones through fp32 rounded to odd).
template <DType kSource>
inline SourceElement<kSource> F64ToSource(double v) {
  if constexpr (kSource == DType::kF32) return static_cast<float>(v);
  if constexpr (kSource != DType::kF32) return F32ToSource<kSource>(F64ToF32RoundToOdd(v));
}

// One vector of kSource elements as fp32 lanes, and back (rounded to nearest even).
template <DType kSource, class D>
HWY_INLINE hwy::HWY_NAMESPACE::Vec<D> LoadSourceAsF32(D d, const SourceElement<kSource> *HWY_RESTRICT p) {
  if constexpr (kSource == DType::kF16) return LoadF16AsF32(d, p);
  if constexpr (kSource == DType::kBF16) return LoadBF16AsF32(d, p);
  if constexpr (kSource == DType::kF32) return hwy::HWY_NAMESPACE::LoadU(d, p);
}

template <DType kSource, class D>
HWY_INLINE void StoreF32AsSource(D d, hwy::HWY_NAMESPACE::Vec<D> v, SourceElement<kSource> *HWY_RESTRICT p) {
  if constexpr (kSource == DType::kF16) StoreF32AsF16(d, v, p);
  if constexpr (kSource == DType::kBF16) StoreF32AsBF16(d, v, p);
  if constexpr (kSource == DType::kF32) hwy::HWY_NAMESPACE::StoreU(v, d, p);
}

#if HWY_TARGET != HWY_SCALAR
// exp(t) for t in [-kMaxSwishArgument, -kMinSwishArgument], the only arguments the swish code
// passes, as *scale (1 + p) with both parts in fp32 (returns p). hn::Exp handles every float, which
// costs a third of its instructions (a saturating float-to-int conversion, a two-step 2^q and an
// underflow select). Here 2^q is always a normal float, so it is built in the exponent field
// directly; the reduction is hn::Exp's and the polynomial is Highway's own (ExpImpl::ExpPoly):
//   q = round(t / ln 2), by adding 1.5 * 2^23, which leaves q in the low mantissa bits;
//   x = t - q ln 2 (ln 2 in two parts);  *scale = 2^q,  p = ExpPoly(x) = exp(x) - 1.
// A NaN t gives garbage here; callers carry u into their result, so NaN still reaches it.
template <class D, class V>
HWY_INLINE V ExpInSwishRangeParts(D d, V t, V *scale) {
  namespace hn = hwy::HWY_NAMESPACE;
  const hn::RebindToSigned<D> di;
  const V shifter = hn::Set(d, 12582912.0f);
  const V shifted = hn::MulAdd(t, hn::Set(d, 1.44269504088896341f), shifter);
  const V q = hn::Sub(shifted, shifter);
  V x = hn::MulAdd(q, hn::Set(d, -0.693145751953125f), t);
  x = hn::MulAdd(q, hn::Set(d, -1.428606765330187045e-6f), x);
  *scale = hn::BitCast(d, hn::Add(hn::BitCast(di, hn::Set(d, 1.0f)), hn::ShiftLeft<23>(hn::BitCast(di, shifted))));
  return hn::impl::ExpImpl<float>().ExpPoly(d, x);
}

// The same rounded to fp32: 2^q fl(1 + p), as 2^q is a power of two. Max error 0.98 ulp, against
// 0.99 for hn::Exp over this range (measured on 23 M arguments).
template <class D, class V>
HWY_INLINE V ExpInSwishRange(D d, V t) {
  V scale;
  const V p = ExpInSwishRangeParts(d, t, &scale);
  return hwy::HWY_NAMESPACE::MulAdd(scale, p, scale);
}

// u clamped to [kMinSwishArgument, kMaxSwishArgument]; a NaN u stays NaN, so that NaN inputs reach
// the outputs. x86's min and max return their second operand when one is NaN, which keeps it for
// free. Arm's (NEON minnm/maxnm, SVE likewise) return the number instead, so there NaN lanes are put
// back explicitly.
template <class D, class V>
HWY_INLINE V ClampSwishArgument(D d, V u) {
  namespace hn = hwy::HWY_NAMESPACE;
  using T = hn::TFromD<D>;
  const V clamped =
      hn::Max(hn::Set(d, static_cast<T>(kMinSwishArgument)), hn::Min(hn::Set(d, static_cast<T>(kMaxSwishArgument)), u));
#if HWY_ARCH_X86
  return clamped;
#else
  return hn::IfThenElse(hn::IsNaN(u), u, clamped);
#endif
}

// e = exp(-u) and r = sigmoid(u) = 1 / (1 + e) in double lanes, from an fp32 exp: the fp32 vector
// `a` (a few fp32 ulp from u, clamped) gave exp(-a) = scale (1 + p) by ExpInSwishRangeParts, and
// u0, u1 are the lower and upper halves of u in double (clamped). Then
//   e = scale (1 + p) (1 - (u - a)): 1 + p is not rounded to fp32 (that half ulp failed the
//     backward's parity test on 3 of 30 seeds), and u - a enters to first order; its square is below
//     2^-40 unless |u| is far above 1 and a is far from it;
//   r = 1 / (1 + e): the fp32 quotient and one Newton step in double.
template <class D, class V, class VD>
HWY_INLINE void WideExpAndSigmoid(D d, V a, V scale, V p, VD u0, VD u1, VD *e0, VD *e1, VD *r0, VD *r1) {
  namespace hn = hwy::HWY_NAMESPACE;
  const hn::Repartition<double, D> dd;
  const hn::Half<D> dh;
  const auto one = hn::Set(dd, 1.0);
  const auto one32 = hn::Set(d, 1.0f);
  auto lo = hn::Mul(hn::PromoteTo(dd, hn::LowerHalf(dh, scale)), hn::Add(one, hn::PromoteTo(dd, hn::LowerHalf(dh, p))));
  auto hi = hn::Mul(hn::PromoteTo(dd, hn::UpperHalf(dh, scale)), hn::Add(one, hn::PromoteTo(dd, hn::UpperHalf(dh, p))));
  *e0 = hn::NegMulAdd(lo, hn::Sub(u0, hn::PromoteTo(dd, hn::LowerHalf(dh, a))), lo);
  *e1 = hn::NegMulAdd(hi, hn::Sub(u1, hn::PromoteTo(dd, hn::UpperHalf(dh, a))), hi);
  const auto r32 = hn::Div(one32, hn::Add(one32, hn::MulAdd(scale, p, scale)));
  const auto q0 = hn::PromoteTo(dd, hn::LowerHalf(dh, r32)), q1 = hn::PromoteTo(dd, hn::UpperHalf(dh, r32));
  *r0 = hn::MulAdd(q0, hn::NegMulAdd(hn::Add(one, *e0), q0, one), q0);
  *r1 = hn::MulAdd(q1, hn::NegMulAdd(hn::Add(one, *e1), q1, one), q1);
}
#endif

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#endif  // ACLCPU_GROUP_NORM_SWISH_MATH_INL_H_ toggle
