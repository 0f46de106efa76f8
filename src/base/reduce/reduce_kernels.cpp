// The reduction engine's floating chunk sums (reduction.h), compiled once per SIMD target by Highway's
// foreach_target and dispatched at run time, so that every CPU gets vector loads, fp32 -> double widening
// and adds of its widest useful width. The order of additions is fixed by reduction.h (kSumStripes
// accumulators, element i into accumulator i % kSumStripes, then a fixed tree), never by the vector width,
// so every target gives the same bits; -ffp-contract=off (CMakeLists.txt) keeps every add one rounding.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "base/reduce/reduce_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/reduce/reduction.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// At most 4 doubles per vector: the 16 accumulators are then 4 vectors on AVX2 and AVX-512 (256-bit
// halves there: the sum is bound by memory, not by the adds), 8 on 128-bit targets, 16 on scalar ones.
// Capping keeps the fast path below one fixed shape (4 named vectors, no arrays of sizeless vectors, which
// SVE and RVV do not allow).
using DAcc = hn::CappedTag<double, 4>;

// x[i] as a double, for the tails: fp32 widens exactly.
inline double Widen(float v) { return static_cast<double>(v); }
inline double Widen(double v) { return v; }

// One vector of lanes doubles from x (fp32 values widened, exactly).
template <class D>
HWY_INLINE hn::Vec<D> LoadWide(D d, const float *HWY_RESTRICT x) {
  return hn::PromoteTo(d, hn::LoadU(hn::Rebind<float, D>(), x));
}
template <class D>
HWY_INLINE hn::Vec<D> LoadWide(D d, const double *HWY_RESTRICT x) {
  return hn::LoadU(d, x);
}

// acc[r] (r < kSumStripes, starting from -0.0) = the sum, in order, of the x[i] with i % kSumStripes == r.
template <class S>
void StripedAccumulate(const S *HWY_RESTRICT x, int64_t n, double *HWY_RESTRICT acc) {
  static_assert(kSumStripes == 16, "the vector loops below hold 16 accumulators");
  const DAcc d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  if (lanes == 4) {
    // Four independent chains of vector adds: enough in flight to keep up with memory.
    auto a0 = hn::Set(d, -0.0), a1 = a0, a2 = a0, a3 = a0;
    for (; i + kSumStripes <= n; i += kSumStripes) {
      a0 = hn::Add(a0, LoadWide(d, x + i));
      a1 = hn::Add(a1, LoadWide(d, x + i + 4));
      a2 = hn::Add(a2, LoadWide(d, x + i + 8));
      a3 = hn::Add(a3, LoadWide(d, x + i + 12));
    }
    hn::StoreU(a0, d, acc);
    hn::StoreU(a1, d, acc + 4);
    hn::StoreU(a2, d, acc + 8);
    hn::StoreU(a3, d, acc + 12);
  } else {
    // Narrower targets (never the x86 ones this library is tuned for): the accumulators live in acc.
    for (int r = 0; r < kSumStripes; ++r) acc[r] = -0.0;
    for (; i + kSumStripes <= n; i += kSumStripes)
      for (int64_t r = 0; r < kSumStripes; r += lanes)
        hn::StoreU(hn::Add(hn::LoadU(d, acc + r), LoadWide(d, x + i + r)), d, acc + r);
  }
  // The last n % kSumStripes elements go to accumulators 0.. in turn, as in the vector loop.
  for (int r = 0; i < n; ++i, ++r) acc[r] += Widen(x[i]);
}

double StripedSumF32(const float *x, int64_t n) {
  HWY_ALIGN double acc[kSumStripes];
  StripedAccumulate(x, n, acc);
  return CombineStripes(acc);
}

double StripedSumF64(const double *x, int64_t n) {
  HWY_ALIGN double acc[kSumStripes];
  StripedAccumulate(x, n, acc);
  return CombineStripes(acc);
}

// acc[v] += row[v] for v < m: one row of the column path added to the accumulators of its stripe.
template <class S>
void AddRow(const S *HWY_RESTRICT row, int64_t m, double *HWY_RESTRICT acc) {
  const hn::ScalableTag<double> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t v = 0;
  for (; v + lanes <= m; v += lanes) hn::StoreU(hn::Add(hn::LoadU(d, acc + v), LoadWide(d, row + v)), d, acc + v);
  for (; v < m; ++v) acc[v] += Widen(row[v]);
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
HWY_EXPORT(StripeAddF32);
HWY_EXPORT(StripeAddF64);

double StripedSum(const float *x, int64_t n) { return HWY_DYNAMIC_DISPATCH(StripedSumF32)(x, n); }
double StripedSum(const double *x, int64_t n) { return HWY_DYNAMIC_DISPATCH(StripedSumF64)(x, n); }
void StripeAdd(const float *row, int64_t m, double *acc) { HWY_DYNAMIC_DISPATCH(StripeAddF32)(row, m, acc); }
void StripeAdd(const double *row, int64_t m, double *acc) { HWY_DYNAMIC_DISPATCH(StripeAddF64)(row, m, acc); }

}  // namespace aclcpu
#endif  // HWY_ONCE
