// exp for fp32 vectors in fp32 arithmetic, within 0.55 ulp: the kernels' shared exponential (Exp today;
// the softmax and activation families next). Per target, by Highway's -inl.h convention (include it after
// hwy/highway.h inside a foreach_target translation unit). Kernel-facing.
//
// Why not Highway's own Exp: its fp32 version is within 1 ulp, PyTorch's (Sleef u10) about as good, and
// the standard here is never less accurate than PyTorch; evaluating in double (as Exp did first) is
// accurate but runs at half the bandwidth bound (Exp of 4096x4096 fp32 on 2 threads: 5.9 ms, PyTorch 3.0).
//
// The method (Tang's table-driven exponential): x = (k / N) ln2 + r with k = round(x N / ln2) and
// |r| <= ln2 / 2N, so that exp(x) = 2^(k div N) * 2^((k mod N) / N) * e^r. The N = 16 entries of
// 2^(j/N) are held as fp32 pairs hi + lo in 16 / Lanes vectors each (lane permutations look them up), e^r - 1
// is a degree-5 polynomial (truncation below 2^-30 relative for N >= 4), and the result is
// hi + (lo + hi (e^r - 1)) with one final rounding. Error bound: 0.5 ulp for that rounding, about 1/64
// ulp each for r, e^r - 1 and the inner fused multiply-add. x = k ln2/N exactly in two steps: k * C1
// is exact (C1 has 12 significant bits, |k| < 2^12) and x - k C1 is exact by Sterbenz's lemma.
//
// Lanes outside [-87, 88] (results that are subnormal, overflow or near either), NaN, infinities: the
// vector is evaluated in double instead (Highway's double Exp, rounded once), so every special value
// comes out as the math says. Targets with fewer than 4 fp32 lanes or scalable vectors use that path
// for every vector.
#if defined(ACLCPU_BASE_VECTOR_EXP_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLCPU_BASE_VECTOR_EXP_INL_H_
#undef ACLCPU_BASE_VECTOR_EXP_INL_H_
#else
#define ACLCPU_BASE_VECTOR_EXP_INL_H_
#endif

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "hwy/contrib/math/math-inl.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace vexp {
namespace hn = hwy::HWY_NAMESPACE;

// 2^(j/16), j = 0..15: the fp32 nearest (hi) and the fp32 nearest to the remainder (lo).
constexpr float kExp2Hi16[16] = {0x1.000000p+0f, 0x1.0b5586p+0f, 0x1.172b84p+0f, 0x1.2387a6p+0f,
                                 0x1.306fe0p+0f, 0x1.3dea64p+0f, 0x1.4bfdaep+0f, 0x1.5ab07ep+0f,
                                 0x1.6a09e6p+0f, 0x1.7a1148p+0f, 0x1.8ace54p+0f, 0x1.9c4918p+0f,
                                 0x1.ae89fap+0f, 0x1.c199bep+0f, 0x1.d5818ep+0f, 0x1.ea4afap+0f};
constexpr float kExp2Lo16[16] = {0.0f,
                                 0x1.9f3122p-25f,
                                 -0x1.c15742p-27f,
                                 0x1.ceac48p-25f,
                                 0x1.4636e2p-25f,
                                 0x1.824684p-25f,
                                 -0x1.593abcp-25f,
                                 -0x1.5bd5ecp-27f,
                                 0x1.9fcef4p-26f,
                                 -0x1.829fd0p-25f,
                                 0x1.15506ep-27f,
                                 0x1.51f848p-27f,
                                 -0x1.a94b14p-26f,
                                 -0x1.3d56b2p-27f,
                                 -0x1.822dbcp-27f,
                                 0x1.52486cp-27f};

// The vector's lane count (the 16-entry table is looked up that many entries at a time), or 0 where the table
// method does not apply.
template <class D>
constexpr size_t TableSize() {
#if HWY_HAVE_SCALABLE
  return 0;
#else
  constexpr size_t lanes = hn::MaxLanes(D());
  return lanes >= 4 && lanes <= 16 ? lanes : 0;
#endif
}

// exp of each lane of an fp32 vector whose lanes all lie in [-87, 88] (results normal, far from overflow).
// The table has 16 entries whatever the vector's N lanes (|r| <= ln2 / 32): vectors of 4 or 8 lanes look it up
// in 16 / N parts. An 8-entry table (|r| <= ln2 / 16) reached 0.583 ulp on AVX2 against 0.542 with 16 entries.
template <class D, size_t N = TableSize<D>()>
HWY_INLINE hn::Vec<D> ExpInRange(D d, hn::Vec<D> x) {
  static_assert(N >= 4 && N <= 16 && (N & (N - 1)) == 0, "vectors of 4, 8 or 16 lanes");
  constexpr size_t kEntries = 16;
  constexpr int kLog2Entries = 4, kLog2N = N == 16 ? 4 : N == 8 ? 3 : 2;
  const hn::RebindToSigned<D> di;
  const auto k = hn::Round(hn::Mul(x, hn::Set(d, 0x1.715476p+0f * kEntries)));  // x 16 / ln2
  const auto r1 = hn::NegMulAdd(k, hn::Set(d, 0x1.62ep-1f / kEntries), x);      // exact (see above)
  const auto r = hn::NegMulAdd(k, hn::Set(d, 0x1.0bfbe8p-15f / kEntries), r1);  // ln2 / 16 = C1 + C2
  auto poly = hn::MulAdd(r, hn::Set(d, 1.0f / 120), hn::Set(d, 1.0f / 24));
  poly = hn::MulAdd(r, poly, hn::Set(d, 1.0f / 6));
  poly = hn::MulAdd(r, poly, hn::Set(d, 0.5f));
  const auto expm1 = hn::MulAdd(hn::Mul(r, r), poly, r);  // e^r - 1
  const auto ki = hn::ConvertTo(di, k);
  const auto entry = hn::And(ki, hn::Set(di, static_cast<int32_t>(kEntries - 1)));
  const auto index = hn::IndicesFromVec(d, hn::And(entry, hn::Set(di, static_cast<int32_t>(N - 1))));
  auto hi = hn::TableLookupLanes(hn::LoadU(d, kExp2Hi16), index);
  auto lo = hn::TableLookupLanes(hn::LoadU(d, kExp2Lo16), index);
  for (size_t part = 1; part < kEntries / N; ++part) {
    const auto inPart =
        hn::RebindMask(d, hn::Eq(hn::ShiftRight<kLog2N>(entry), hn::Set(di, static_cast<int32_t>(part))));
    hi = hn::IfThenElse(inPart, hn::TableLookupLanes(hn::LoadU(d, kExp2Hi16 + part * N), index), hi);
    lo = hn::IfThenElse(inPart, hn::TableLookupLanes(hn::LoadU(d, kExp2Lo16 + part * N), index), lo);
  }
  const auto mantissa = hn::Add(hi, hn::MulAdd(hi, expm1, lo));
  // 2^(k div N): the exponent field of a float; floor division by the arithmetic shift.
  const auto scale = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(hn::ShiftRight<kLog2Entries>(ki), hn::Set(di, 127))));
  return hn::Mul(mantissa, scale);
}

// exp of each lane in double (Highway's double Exp, within 1 double ulp), rounded once to fp32: every
// input. NaN passes through (Highway's Exp would give 0 for it).
template <class D>
HWY_INLINE hn::Vec<D> ExpViaDouble(D d, hn::Vec<D> x) {
  HWY_ALIGN float buffer[hn::MaxLanes(D())];
  hn::Store(x, d, buffer);
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> dh;
  const size_t lanes = hn::Lanes(d), half = hn::Lanes(dd);
  size_t i = 0;
  for (; i + half <= lanes; i += half) {
    const auto v = hn::PromoteTo(dd, hn::Load(dh, buffer + i));
    // Highway's Exp converts x / ln2 to int32 unchecked (undefined in C++ for NaN or beyond int32, as the
    // emulated targets do it): its argument is kept finite and in [-1000, 100], where the fp32 results are
    // already 0 and infinity.
    const auto safe = hn::Min(hn::Max(hn::IfThenZeroElse(hn::IsNaN(v), v), hn::Set(dd, -1000.0)), hn::Set(dd, 100.0));
    hn::Store(hn::DemoteTo(dh, hn::IfThenElse(hn::IsNaN(v), v, hn::Exp(dd, safe))), dh, buffer + i);
  }
  for (; i < lanes; ++i) buffer[i] = static_cast<float>(std::exp(static_cast<double>(buffer[i])));
  return hn::Load(d, buffer);
}

// exp of each lane, within 0.55 ulp (every value, special or not).
template <class D>
HWY_INLINE hn::Vec<D> Exp(D d, hn::Vec<D> x) {
  if constexpr (TableSize<D>() == 0) {
    return ExpViaDouble(d, x);
  } else {
    const auto inRange = hn::And(hn::Ge(x, hn::Set(d, -87.0f)), hn::Le(x, hn::Set(d, 88.0f)));
    if (HWY_LIKELY(hn::AllTrue(d, inRange))) return ExpInRange(d, x);
    return ExpViaDouble(d, x);
  }
}

}  // namespace vexp
}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#endif  // ACLCPU_BASE_VECTOR_EXP_INL_H_ toggle
