// The reduction engine's floating chunk sums (reduction.h), compiled once per SIMD target by Highway's
// foreach_target and dispatched at run time, so that every CPU gets vector loads, fp32 -> double widening
// and adds of its widest useful width. The order of additions is fixed by reduction.h (kSumStripes
// accumulators, element i into accumulator i % kSumStripes, then a fixed tree), never by the vector width,
// so every target gives the same bits; -ffp-contract=off (CMakeLists.txt) keeps every add one rounding.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "base/reduce/reduce_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/load_as_f32-inl.h"
#include "base/reduce/reduction.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// At most 8 doubles per vector: the 32 accumulators are then 4 vectors on AVX-512 (full 512-bit adds and
// widening conversions: on this Zen 5 a dense fp32 row went from ~4 to ~8 elements per cycle), 8 on AVX2, 16 on
// 128-bit targets. Capping keeps the fast paths below fixed shapes (named vectors, no arrays of sizeless vectors,
// which SVE and RVV do not allow).
using DAcc = hn::CappedTag<double, 8>;

// x[i] as a double, for the tails: fp32 widens exactly.
inline double Widen(const float *v) { return static_cast<double>(*v); }
inline double Widen(const double *v) { return *v; }

// One vector of lanes doubles from x (fp32 values widened, exactly).
template <class D>
HWY_INLINE hn::Vec<D> LoadWide(D d, const float *HWY_RESTRICT x) {
  return hn::PromoteTo(d, hn::LoadU(hn::Rebind<float, D>(), x));
}
// 16-bit elements, widened through fp32 (exactly).
template <bool kBF16>
struct Half16 {
  const uint16_t *p;
  Half16 operator+(int64_t k) const { return {p + k}; }
};
template <class D, bool kBF16>
HWY_INLINE hn::Vec<D> LoadWide(D d, Half16<kBF16> x) {
  const hn::Rebind<float, D> df;
  if constexpr (kBF16) {
    return hn::PromoteTo(d, LoadBF16AsF32(df, x.p));
  } else {
    return hn::PromoteTo(d, LoadF16AsF32(df, x.p));
  }
}
template <bool kBF16>
inline double Widen(Half16<kBF16> x) {
  return static_cast<double>(kBF16 ? BF16ToF32(*x.p) : F16ToF32(*x.p));
}
template <class D>
HWY_INLINE hn::Vec<D> LoadWide(D d, const double *HWY_RESTRICT x) {
  return hn::LoadU(d, x);
}

// StripedAccumulate for BF16 on AVX-512 targets: 32 elements are one 512-bit load of 16 pairs,
// the even elements widened by a shift and the odd ones by a mask (no zero-extending loads), so that each
// accumulator vector holds every other stripe (a0: stripes 0, 2, .., 14; a1: 16, .., 30; a2: 1, .., 15;
// a3: 17, .., 31); they are put back in stripe order before the tail. Each stripe sees the same adds in
// the same order as the generic loop, so the bits are the same. Dense bf16 rows were bound by the
// widening (4096 x 4096: 0.70 ms against PyTorch's 0.35): this needs 13 instructions per 32 elements
// instead of 20. Returns false (nothing done) where it does not apply.
template <class S>
bool StripedAccumulatePairs(S, int64_t, double *) {
  return false;
}
inline bool StripedAccumulatePairs(Half16<true> x, int64_t n, double *HWY_RESTRICT acc) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3  // 8 doubles per vector; x86 is little-endian: pairs are (even, odd)
  const DAcc d;
  const hn::Repartition<uint32_t, hn::Twice<hn::Rebind<float, DAcc>>> du;  // 16 lanes: 32 bf16
  const hn::Repartition<float, decltype(du)> df;
  const hn::Half<decltype(df)> dh;
  const auto oddMask = hn::Set(du, 0xFFFF0000u);
  auto a0 = hn::Set(d, -0.0), a1 = a0, a2 = a0, a3 = a0;
  int64_t i = 0;
  for (; i + kSumStripes <= n; i += kSumStripes) {
    const auto pairs = hn::LoadU(du, reinterpret_cast<const uint32_t *>(x.p + i));
    const auto even = hn::BitCast(df, hn::ShiftLeft<16>(pairs));
    const auto odd = hn::BitCast(df, hn::And(pairs, oddMask));
    a0 = hn::Add(a0, hn::PromoteTo(d, hn::LowerHalf(dh, even)));
    a1 = hn::Add(a1, hn::PromoteTo(d, hn::UpperHalf(dh, even)));
    a2 = hn::Add(a2, hn::PromoteTo(d, hn::LowerHalf(dh, odd)));
    a3 = hn::Add(a3, hn::PromoteTo(d, hn::UpperHalf(dh, odd)));
  }
  HWY_ALIGN double lanes[kSumStripes];
  hn::Store(a0, d, lanes);
  hn::Store(a1, d, lanes + 8);
  hn::Store(a2, d, lanes + 16);
  hn::Store(a3, d, lanes + 24);
  for (int k = 0; k < 8; ++k) {
    acc[2 * k] = lanes[k];
    acc[16 + 2 * k] = lanes[8 + k];
    acc[2 * k + 1] = lanes[16 + k];
    acc[17 + 2 * k] = lanes[24 + k];
  }
  for (int r = 0; i < n; ++i, ++r) acc[r] += Widen(x + i);
  return true;
#else
  (void)x, (void)n, (void)acc;
  return false;
#endif
}

// acc[r] (r < kSumStripes, starting from -0.0) = the sum, in order, of the x[i] with i % kSumStripes == r.
// Returns how many of acc are still to be folded: the first levels of CombineStripes' fold (a[r] += a[r + 16],
// then a[r] += a[r + 8]) may already be done in registers, leaving 8.
template <class S>
int StripedAccumulate(S x, int64_t n, double *HWY_RESTRICT acc) {
  static_assert(kSumStripes == 32, "the vector loop below holds 32 accumulators");
  if (StripedAccumulatePairs(x, n, acc)) return kSumStripes;
  const DAcc d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  if (lanes == 8) {
    // Four independent chains of 8-lane adds.
    auto a0 = hn::Set(d, -0.0), a1 = a0, a2 = a0, a3 = a0;
    for (; i + kSumStripes <= n; i += kSumStripes) {
      a0 = hn::Add(a0, LoadWide(d, x + i));
      a1 = hn::Add(a1, LoadWide(d, x + (i + 8)));
      a2 = hn::Add(a2, LoadWide(d, x + (i + 16)));
      a3 = hn::Add(a3, LoadWide(d, x + (i + 24)));
    }
    if (i < n) {  // the tail into stripes 0.. in turn; the padding's -0.0 leaves the other stripes' bits as they are
      HWY_ALIGN double tail[kSumStripes];
      for (int r = 0; r < kSumStripes; ++r) tail[r] = i + r < n ? Widen(x + (i + r)) : -0.0;
      a0 = hn::Add(a0, hn::Load(d, tail));
      a1 = hn::Add(a1, hn::Load(d, tail + 8));
      a2 = hn::Add(a2, hn::Load(d, tail + 16));
      a3 = hn::Add(a3, hn::Load(d, tail + 24));
    }
    // CombineStripes' first levels in registers (step 16, then 8); its last three on the 8 that remain.
    hn::StoreU(hn::Add(hn::Add(a0, a2), hn::Add(a1, a3)), d, acc);
    return 8;
  } else if (lanes == 4) {
    // Eight independent chains of 4-lane adds (AVX2).
    auto a0 = hn::Set(d, -0.0), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
    for (; i + kSumStripes <= n; i += kSumStripes) {
      a0 = hn::Add(a0, LoadWide(d, x + i));
      a1 = hn::Add(a1, LoadWide(d, x + (i + 4)));
      a2 = hn::Add(a2, LoadWide(d, x + (i + 8)));
      a3 = hn::Add(a3, LoadWide(d, x + (i + 12)));
      a4 = hn::Add(a4, LoadWide(d, x + (i + 16)));
      a5 = hn::Add(a5, LoadWide(d, x + (i + 20)));
      a6 = hn::Add(a6, LoadWide(d, x + (i + 24)));
      a7 = hn::Add(a7, LoadWide(d, x + (i + 28)));
    }
    hn::StoreU(a0, d, acc);
    hn::StoreU(a1, d, acc + 4);
    hn::StoreU(a2, d, acc + 8);
    hn::StoreU(a3, d, acc + 12);
    hn::StoreU(a4, d, acc + 16);
    hn::StoreU(a5, d, acc + 20);
    hn::StoreU(a6, d, acc + 24);
    hn::StoreU(a7, d, acc + 28);
  } else {
    // Narrower targets (never the x86 ones this library is tuned for): the accumulators live in acc.
    for (int r = 0; r < kSumStripes; ++r) acc[r] = -0.0;
    for (; i + kSumStripes <= n; i += kSumStripes)
      for (int64_t r = 0; r < kSumStripes; r += lanes)
        hn::StoreU(hn::Add(hn::LoadU(d, acc + r), LoadWide(d, x + (i + r))), d, acc + r);
  }
  // The last n % kSumStripes elements go to accumulators 0.. in turn, as in the vector loop.
  for (int r = 0; i < n; ++i, ++r) acc[r] += Widen(x + i);
  return kSumStripes;
}

// The chunk sum: the accumulators, then the rest of CombineStripes' fold on the `live` of them still apart.
template <class S>
double StripedSumOf(S x, int64_t n) {
  HWY_ALIGN double acc[kSumStripes];
  const int live = StripedAccumulate(x, n, acc);
  return CombineStripes(acc, live);
}

double StripedSumF32(const float *x, int64_t n) { return StripedSumOf(x, n); }

double StripedSumF16(const uint16_t *x, int64_t n) { return StripedSumOf(Half16<false>{x}, n); }

double StripedSumBF16(const uint16_t *x, int64_t n) { return StripedSumOf(Half16<true>{x}, n); }

double StripedSumF64(const double *x, int64_t n) { return StripedSumOf(x, n); }

// sums[k] = StripedSumOf(the n values from x + k * rowStride) for k < rows: one dispatch for a block of
// short rows, whose per-row dispatch and run walk cost more than their sums.
template <class S>
void StripedRowSumsOf(S x, int64_t rows, int64_t n, int64_t rowStride, double *HWY_RESTRICT sums) {
  for (int64_t k = 0; k < rows; ++k) sums[k] = StripedSumOf(x + k * rowStride, n);
}

void StripedRowSumsF32(const float *x, int64_t rows, int64_t n, int64_t rowStride, double *sums) {
  StripedRowSumsOf(x, rows, n, rowStride, sums);
}
void StripedRowSumsF16(const uint16_t *x, int64_t rows, int64_t n, int64_t rowStride, double *sums) {
  StripedRowSumsOf(Half16<false>{x}, rows, n, rowStride, sums);
}
void StripedRowSumsBF16(const uint16_t *x, int64_t rows, int64_t n, int64_t rowStride, double *sums) {
  StripedRowSumsOf(Half16<true>{x}, rows, n, rowStride, sums);
}

// acc[v] += row[v] for v < m: one row of the column path added to the accumulators of its stripe.
template <class S>
void AddRow(const S *HWY_RESTRICT row, int64_t m, double *HWY_RESTRICT acc) {
  const hn::ScalableTag<double> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t v = 0;
  for (; v + lanes <= m; v += lanes) hn::StoreU(hn::Add(hn::LoadU(d, acc + v), LoadWide(d, row + v)), d, acc + v);
  for (; v < m; ++v) acc[v] += Widen(row + v);
}

void StripeAddF32(const float *row, int64_t m, double *acc) { AddRow(row, m, acc); }
void StripeAddF64(const double *row, int64_t m, double *acc) { AddRow(row, m, acc); }

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(StripedSumF32);
HWY_EXPORT(StripedSumF64);
HWY_EXPORT(StripedSumF16);
HWY_EXPORT(StripedSumBF16);
HWY_EXPORT(StripedRowSumsF32);
HWY_EXPORT(StripedRowSumsF16);
HWY_EXPORT(StripedRowSumsBF16);
HWY_EXPORT(StripeAddF32);
HWY_EXPORT(StripeAddF64);

double StripedSum(const float *x, int64_t n) { return HWY_DYNAMIC_DISPATCH(StripedSumF32)(x, n); }
double StripedSum(const double *x, int64_t n) { return HWY_DYNAMIC_DISPATCH(StripedSumF64)(x, n); }
double StripedSum16(const uint16_t *x, int64_t n, bool bf16) {
  return bf16 ? HWY_DYNAMIC_DISPATCH(StripedSumBF16)(x, n) : HWY_DYNAMIC_DISPATCH(StripedSumF16)(x, n);
}
void StripedRowSums(const float *x, int64_t rows, int64_t n, int64_t rowStride, double *sums) {
  HWY_DYNAMIC_DISPATCH(StripedRowSumsF32)(x, rows, n, rowStride, sums);
}
void StripedRowSums16(const uint16_t *x, int64_t rows, int64_t n, int64_t rowStride, bool bf16, double *sums) {
  if (bf16)
    HWY_DYNAMIC_DISPATCH(StripedRowSumsBF16)(x, rows, n, rowStride, sums);
  else
    HWY_DYNAMIC_DISPATCH(StripedRowSumsF16)(x, rows, n, rowStride, sums);
}
void StripeAdd(const float *row, int64_t m, double *acc) { HWY_DYNAMIC_DISPATCH(StripeAddF32)(row, m, acc); }
void StripeAdd(const double *row, int64_t m, double *acc) { HWY_DYNAMIC_DISPATCH(StripeAddF64)(row, m, acc); }

}  // namespace aclcpu
#endif  // HWY_ONCE
