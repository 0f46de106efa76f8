// The softmax family's arithmetic (docs/ops/softmax.md "Implementation"): fp32 rows with exp in fp32
// arithmetic (base/vector_exp-inl.h, within 0.55 ulp), every sum and every final step in double, rounded
// once; double rows in double with std::exp.
#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/activation/softmax_family/softmax_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// The shared exponential and the 16-bit conversions after highway.h, once per target.
#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"
#include "base/vector_exp-inl.h"

#include "base/f32_pair.h"
#include "base/half.h"
#include "ops/activation/softmax_family/softmax_kernels.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using DD = hn::ScalableTag<double>;
using DH = hn::Rebind<float, DD>;  // the fp32 lanes that one double vector widens
using VF = hn::Vec<DF>;
using VD = hn::Vec<DD>;
constexpr size_t kMaxF = hn::MaxLanes(DF());
constexpr float kNegInf = -std::numeric_limits<float>::infinity();
constexpr const float *kNoRow = nullptr;
constexpr float *kNoOut = nullptr;

// A vector of elements k.. of a row in any storage type, as fp32 lanes (16-bit ones converted in registers),
// and back, rounded once to nearest even.
template <class S>
HWY_INLINE VF LoadF32(const S *p) {
  return LoadAsF32(DF(), p);
}
template <class S>
HWY_INLINE void StoreF32(VF v, S *p) {
  StoreFromF32(DF(), v, p);
}

// Calls f(part, doubles) on each double-width part of an fp32 vector (part 0 or 1). The single-lane target
// has no half vectors: its one lane goes through the aligned buf.
template <class F>
HWY_INLINE void ForEachPart(VF v, float *HWY_RESTRICT buf, const F &f) {
  const DD dd;
  const DH dh;
#if HWY_TARGET == HWY_SCALAR
  hn::Store(v, DF(), buf);
  f(0, hn::PromoteTo(dd, hn::Load(dh, buf)));
#else
  (void)buf;
  f(0, hn::PromoteTo(dd, hn::LowerHalf(dh, v)));
  f(1, hn::PromoteTo(dd, hn::UpperHalf(dh, v)));
#endif
}

// The fp32 rounding of f(part, a, b) evaluated in double on each part of two fp32 vectors.
template <class F>
HWY_INLINE VF ViaDouble(VF a, VF b, float *HWY_RESTRICT bufA, float *HWY_RESTRICT bufB, const F &f) {
  const DF df;
  const DD dd;
  const DH dh;
#if HWY_TARGET == HWY_SCALAR
  hn::Store(a, df, bufA);
  hn::Store(b, df, bufB);
  hn::Store(hn::DemoteTo(dh, f(0, hn::PromoteTo(dd, hn::Load(dh, bufA)), hn::PromoteTo(dd, hn::Load(dh, bufB)))), dh,
            bufA);
  return hn::Load(df, bufA);
#else
  (void)bufA;
  (void)bufB;
  const VD lo = f(0, hn::PromoteTo(dd, hn::LowerHalf(dh, a)), hn::PromoteTo(dd, hn::LowerHalf(dh, b)));
  const VD hi = f(1, hn::PromoteTo(dd, hn::UpperHalf(dh, a)), hn::PromoteTo(dd, hn::UpperHalf(dh, b)));
  return hn::Combine(df, hn::DemoteTo(dh, hi), hn::DemoteTo(dh, lo));
#endif
}

// Issues the prefetches of `ahead` for the vector of elements k.. (a hint per stream and vector). The reads go
// to L2 (locality 2): fetched into L1 a row ahead, long rows evicted the lines in use (measured: locality 3 was
// up to 30 % slower on rows of 128 and 32768).
HWY_INLINE void Prefetch(const RowPrefetch *ahead, int64_t k) {
  if (ahead == nullptr) return;
  for (int i = 0; i < 2; ++i)
    if (ahead->read[i] != 0)
      __builtin_prefetch(
          reinterpret_cast<const void *>(ahead->read[i] + static_cast<uintptr_t>(k) * ahead->readBytes[i]), 0, 2);
  if (ahead->write != 0)
    __builtin_prefetch(reinterpret_cast<const void *>(ahead->write + static_cast<uintptr_t>(k) * ahead->writeBytes), 1,
                       3);
}

// Walks a row of n values a vector at a time: body(a + k, b + k, out + k) on full vectors in place, then once on
// pointers to aligned copies of the tail padded with `pad` (their results are not stored). The reductions therefore
// see the same lanes in the same order for every row of length n. a, b and out may each be float or 16-bit (the
// body loads and stores through LoadF32/StoreF32); `ahead`, if given, is prefetched along the way.
template <class TA, class TB, class TO, class Body>
HWY_INLINE void ForEachVector(int64_t n, const TA *a, const TB *b, TO *out, float pad, const Body &body,
                              const RowPrefetch *ahead = nullptr) {
  const DF df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    Prefetch(ahead, k);
    body(a + k, b == nullptr ? nullptr : b + k, out == nullptr ? nullptr : out + k);
  }
  if (k == n) return;
  Prefetch(ahead, k);
  HWY_ALIGN TA ta[kMaxF];
  HWY_ALIGN TB tb[kMaxF];
  HWY_ALIGN TO to[kMaxF];
  const TA padA = Encode(pad, a);
  const TB zeroB = Encode(0.0f, b);
  for (int64_t i = 0; i < lanes; ++i) {
    ta[i] = k + i < n ? a[k + i] : padA;
    tb[i] = b != nullptr && k + i < n ? b[k + i] : zeroB;
  }
  body(static_cast<const TA *>(ta), b == nullptr ? nullptr : static_cast<const TB *>(tb),
       out == nullptr ? nullptr : to);
  if (out != nullptr)
    for (int64_t i = k; i < n; ++i) out[i] = to[i - k];
}

template <class S>
static float RowMax(int64_t n, const S *x) {
  const DF df;
  VF m = hn::Set(df, kNegInf);
  ForEachVector(n, x, kNoRow, kNoOut, kNegInf,
                [&](const S *xk, const float *, float *) HWY_ATTR { m = hn::Max(m, LoadF32(xk)); });
  return hn::GetLane(hn::MaxOfLanes(df, m));
}

// Σ exp(x - m) in double; the exponentials also go to e when it is not null. Padding lanes are -inf, whose
// exponential is 0 for every m that keeps the sum meaningful (any other m makes some real lane NaN).
template <class S>
static double ExpSum(int64_t n, const S *x, float m, float *e, const RowPrefetch &ahead) {
  const DF df;
  const DD dd;
  const VF vm = hn::Set(df, m);
  HWY_ALIGN float buf[kMaxF];
  // Four accumulators (two vectors' parts), so that the additions of consecutive vectors overlap: the pairs
  // trade places after each vector (named variables, not an array indexed by parity, which would keep them in
  // memory with a store-to-load round trip per addition).
  VD acc0 = hn::Zero(dd), acc1 = hn::Zero(dd), next0 = hn::Zero(dd), next1 = hn::Zero(dd);
  ForEachVector(
      n, x, kNoRow, e, kNegInf,
      [&](const S *xk, const float *, float *ek) HWY_ATTR {
        const VF v = vexp::Exp(df, hn::Sub(LoadF32(xk), vm));
        if (ek != nullptr) hn::StoreU(v, df, ek);
        ForEachPart(v, buf, [&](size_t p, VD w) HWY_ATTR {
          if (p == 0) {
            acc0 = hn::Add(acc0, w);
          } else {
            acc1 = hn::Add(acc1, w);
          }
        });
        std::swap(acc0, next0);
        std::swap(acc1, next1);
      },
      &ahead);
  return hn::GetLane(hn::SumOfLanes(dd, hn::Add(hn::Add(acc0, acc1), hn::Add(next0, next1))));
}

// A row statistic as the fp32 pair hi + lo (base/f32_pair.h). For 1 / s: e * hi + e * lo with one fused rounding is
// e / s within half an ulp plus 2^-48 relative, at the cost of a multiply and a fused multiply-add.
static F32Pair InverseOf(double s) { return F32Pair(1.0 / s); }

// Σ f(a, b) in double over the row (pad 0: f(acc, 0, 0) must be acc).
template <class S, class F>
static double PairSum(int64_t n, const S *a, const S *b, const F &f, const RowPrefetch &ahead) {
  const DD dd;
  HWY_ALIGN float bufA[kMaxF], bufB[kMaxF];
  VD acc[2] = {hn::Zero(dd), hn::Zero(dd)};
  ForEachVector(
      n, a, b, kNoOut, 0.0f,
      [&](const S *ak, const S *bk, float *) HWY_ATTR {
        ViaDouble(LoadF32(ak), LoadF32(bk), bufA, bufB, [&](size_t p, VD x, VD y) HWY_ATTR {
          acc[p] = f(acc[p], x, y);
          return x;
        });
      },
      &ahead);
  return hn::GetLane(hn::SumOfLanes(dd, hn::Add(acc[0], acc[1])));
}

// One row in storage type S (inputs and output alike), computed in fp32 lanes and double sums.
template <class S>
void SoftmaxRowOf(SoftmaxKind kind, int64_t n, const S *a, const S *b, S *out, float *scratch,
                  const RowPrefetch &ahead) {
  const DF df;
  // The backward functions read two rows in their first pass: they fetch the output row then, and the next
  // inputs in the last pass.
  RowPrefetch nextInputs = ahead, outputRow = ahead;
  nextInputs.write = 0;
  outputRow.read[0] = outputRow.read[1] = 0;
  switch (kind) {
    case SoftmaxKind::kSoftmax: {  // exp(x - m) / Σ exp(x - m): the division as a split product
      const F32Pair inv = InverseOf(ExpSum(n, a, RowMax(n, a), scratch, ahead));
      const VF hi = hn::Set(df, inv.hi), lo = hn::Set(df, inv.lo);
      ForEachVector(n, static_cast<const float *>(scratch), kNoRow, out, 0.0f,
                    [&](const float *ek, const float *, S *ok) HWY_ATTR {
                      const VF e = hn::LoadU(df, ek);
                      StoreF32(hn::MulAdd(e, hi, hn::Mul(e, lo)), ok);
                    });
      return;
    }
    case SoftmaxKind::kLogSoftmax: {  // (x - m) - log Σ exp(x - m)
      // log Σ in double, split into fp32 hi + lo. x - m is exact near the maximum (Sterbenz) and never cancels
      // against log Σ (x - m <= 0 <= log Σ), so ((x - m) - hi) - lo is within about 1.5 ulp, in fp32 lanes.
      const float m = RowMax(n, a);
      const F32Pair lse(std::log(ExpSum(n, a, m, nullptr, ahead)));
      const VF vm = hn::Set(df, m), hi = hn::Set(df, lse.hi), lo = hn::Set(df, lse.lo);
      ForEachVector(n, a, static_cast<const S *>(nullptr), out, 0.0f, [&](const S *xk, const S *, S *ok) HWY_ATTR {
        StoreF32(hn::Sub(hn::Sub(hn::Sub(LoadF32(xk), vm), hi), lo), ok);
      });
      return;
    }
    case SoftmaxKind::kSoftmaxGrad: {  // y (g - Σ g y)
      // Σ g y in double, split into fp32 hi + lo. g - hi is exact where it cancels (Sterbenz), and the fused
      // y (g - hi) - y lo rounds once: within about one ulp of the double evaluation, in fp32 lanes.
      const double s = PairSum(
          n, a, b, [](VD acc, VD g, VD y) HWY_ATTR { return hn::MulAdd(g, y, acc); }, outputRow);
      const F32Pair split(s);
      const VF hi = hn::Set(df, split.hi), lo = hn::Set(df, split.lo);
      ForEachVector(
          n, a, b, out, 0.0f,
          [&](const S *gk, const S *yk, S *ok) HWY_ATTR {
            const VF y = LoadF32(yk);
            StoreF32(hn::MulSub(y, hn::Sub(LoadF32(gk), hi), hn::Mul(y, lo)), ok);
          },
          &nextInputs);
      return;
    }
    case SoftmaxKind::kLogSoftmaxGrad: {  // g - exp(y) Σ g
      // Σ g in double, split into fp32 hi + lo: (g - e hi) rounded once, then - e lo.
      const double s = PairSum(
          n, a, a, [](VD acc, VD g, VD) HWY_ATTR { return hn::Add(acc, g); }, outputRow);
      const F32Pair split(s);
      const VF hi = hn::Set(df, split.hi), lo = hn::Set(df, split.lo);
      ForEachVector(
          n, a, b, out, 0.0f,
          [&](const S *gk, const S *yk, S *ok) HWY_ATTR {
            const VF e = vexp::Exp(df, LoadF32(yk));
            StoreF32(hn::NegMulAdd(e, lo, hn::NegMulAdd(e, hi, LoadF32(gk))), ok);
          },
          &nextInputs);
      return;
    }
  }
}

void SoftmaxRow(SoftmaxKind kind, int64_t n, const float *a, const float *b, float *out, float *scratch,
                const RowPrefetch &ahead) {
  SoftmaxRowOf(kind, n, a, b, out, scratch, ahead);
}
void SoftmaxRowBF16(SoftmaxKind kind, int64_t n, const uint16_t *a, const uint16_t *b, uint16_t *out, float *scratch,
                    const RowPrefetch &ahead) {
  SoftmaxRowOf(kind, n, reinterpret_cast<const BF16Elem *>(a), reinterpret_cast<const BF16Elem *>(b),
               reinterpret_cast<BF16Elem *>(out), scratch, ahead);
}
void SoftmaxRowF16(SoftmaxKind kind, int64_t n, const uint16_t *a, const uint16_t *b, uint16_t *out, float *scratch,
                   const RowPrefetch &ahead) {
  SoftmaxRowOf(kind, n, reinterpret_cast<const F16Elem *>(a), reinterpret_cast<const F16Elem *>(b),
               reinterpret_cast<F16Elem *>(out), scratch, ahead);
}

// Each lane's statistic (the double parts in acc) through f, split into fp32 hi + lo vectors.
template <class F>
static void SplitLanes(const VD *acc, const F &f, VF *hi, VF *lo) {
  const DF df;
  const DD dd;
  HWY_ALIGN double values[2 * hn::MaxLanes(dd)];
  HWY_ALIGN float hiLanes[kMaxF], loLanes[kMaxF];
  const size_t partLanes = hn::Lanes(dd);
  for (size_t p = 0; p * partLanes < hn::Lanes(df); ++p) hn::Store(acc[p], dd, values + p * partLanes);
  for (size_t i = 0; i < hn::Lanes(df); ++i) {
    const F32Pair split(f(values[i]));
    hiLanes[i] = split.hi;
    loLanes[i] = split.lo;
  }
  *hi = hn::Load(df, hiLanes);
  *lo = hn::Load(df, loLanes);
}

// The columns of a tile, a vector of columns at a time; the last group of columns through masks. The same
// steps as SoftmaxRow, each lane a row, each row's sums in index order.
// The first `count` lanes of a vector, the others 0 / left untouched: through an aligned copy, or with the
// hardware's masked loads and stores for float on AVX2 and AVX-512. (Below AVX2, Highway 1.0.3's MaskedLoad is an
// aligned full-vector load: it faulted on columns of an unaligned tile and reads past the buffer.)
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
HWY_INLINE VF LoadFirst(const float *p, size_t count) { return hn::MaskedLoad(hn::FirstN(DF(), count), DF(), p); }
HWY_INLINE void StoreFirst(VF v, float *p, size_t count) { hn::BlendedStore(v, hn::FirstN(DF(), count), DF(), p); }
#endif
template <class S>
HWY_INLINE VF LoadFirst(const S *p, size_t count) {
  HWY_ALIGN S lanes[kMaxF] = {};
  for (size_t i = 0; i < count; ++i) lanes[i] = p[i];
  return LoadF32(static_cast<const S *>(lanes));
}
template <class S>
HWY_INLINE void StoreFirst(VF v, S *p, size_t count) {
  HWY_ALIGN S lanes[kMaxF];
  StoreF32(v, lanes);
  for (size_t i = 0; i < count; ++i) p[i] = lanes[i];
}

template <class S>
void SoftmaxColsOf(SoftmaxKind kind, int64_t n, int64_t w, const S *a, int64_t lda, const S *b, int64_t ldb, S *out,
                   int64_t ldo) {
  const DF df;
  const DD dd;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  HWY_ALIGN float bufA[kMaxF], bufB[kMaxF];
  for (int64_t j = 0; j < w; j += lanes) {
    const bool full = j + lanes <= w;
    const auto count = static_cast<size_t>(w - j);
    const auto load = [&](const S *p, int64_t ld, int64_t k)
                          HWY_ATTR { return full ? LoadF32(p + k * ld + j) : LoadFirst(p + k * ld + j, count); };
    const auto store = [&](VF v, int64_t k) HWY_ATTR {
      if (full) {
        StoreF32(v, out + k * ldo + j);
      } else {
        StoreFirst(v, out + k * ldo + j, count);
      }
    };
    VD acc[2] = {hn::Zero(dd), hn::Zero(dd)};
    const auto addParts = [&](VF v) HWY_ATTR {
      ForEachPart(v, bufA, [&](size_t p, VD x) HWY_ATTR { acc[p] = hn::Add(acc[p], x); });
    };
    VF hi, lo;
    switch (kind) {
      case SoftmaxKind::kSoftmax:
      case SoftmaxKind::kLogSoftmax: {
        VF m = hn::Set(df, kNegInf);
        for (int64_t k = 0; k < n; ++k) m = hn::Max(m, load(a, lda, k));
        const bool log = kind == SoftmaxKind::kLogSoftmax;
        // fp32 columns keep the exponentials in out for the last pass; 16-bit ones would round them there, so
        // they compute them again (the same fp32 values).
        constexpr bool kKeepExps = std::is_same_v<S, float>;
        for (int64_t k = 0; k < n; ++k) {
          const VF e = vexp::Exp(df, hn::Sub(load(a, lda, k), m));
          if (kKeepExps && !log) store(e, k);
          addParts(e);
        }
        if (log) {
          SplitLanes(
              acc, [](double s) { return std::log(s); }, &hi, &lo);
          for (int64_t k = 0; k < n; ++k) store(hn::Sub(hn::Sub(hn::Sub(load(a, lda, k), m), hi), lo), k);
        } else {
          SplitLanes(
              acc, [](double s) { return 1.0 / s; }, &hi, &lo);
          for (int64_t k = 0; k < n; ++k) {
            const VF e = kKeepExps ? load(out, ldo, k) : vexp::Exp(df, hn::Sub(load(a, lda, k), m));
            store(hn::MulAdd(e, hi, hn::Mul(e, lo)), k);
          }
        }
        break;
      }
      case SoftmaxKind::kSoftmaxGrad:
        for (int64_t k = 0; k < n; ++k) {
          ViaDouble(load(a, lda, k), load(b, ldb, k), bufA, bufB, [&](size_t p, VD gd, VD yd) HWY_ATTR {
            acc[p] = hn::MulAdd(gd, yd, acc[p]);
            return gd;
          });
        }
        SplitLanes(
            acc, [](double s) { return s; }, &hi, &lo);
        for (int64_t k = 0; k < n; ++k) {
          const VF y = load(b, ldb, k);
          store(hn::MulSub(y, hn::Sub(load(a, lda, k), hi), hn::Mul(y, lo)), k);
        }
        break;
      case SoftmaxKind::kLogSoftmaxGrad:
        for (int64_t k = 0; k < n; ++k) addParts(load(a, lda, k));
        SplitLanes(
            acc, [](double s) { return s; }, &hi, &lo);
        for (int64_t k = 0; k < n; ++k) {
          const VF e = vexp::Exp(df, load(b, ldb, k));
          store(hn::NegMulAdd(e, lo, hn::NegMulAdd(e, hi, load(a, lda, k))), k);
        }
        break;
    }
  }
}

void SoftmaxCols(SoftmaxKind kind, int64_t n, int64_t w, const float *a, int64_t lda, const float *b, int64_t ldb,
                 float *out, int64_t ldo) {
  SoftmaxColsOf(kind, n, w, a, lda, b, ldb, out, ldo);
}
void SoftmaxColsBF16(SoftmaxKind kind, int64_t n, int64_t w, const uint16_t *a, int64_t lda, const uint16_t *b,
                     int64_t ldb, uint16_t *out, int64_t ldo) {
  SoftmaxColsOf(kind, n, w, reinterpret_cast<const BF16Elem *>(a), lda, reinterpret_cast<const BF16Elem *>(b), ldb,
                reinterpret_cast<BF16Elem *>(out), ldo);
}
void SoftmaxColsF16(SoftmaxKind kind, int64_t n, int64_t w, const uint16_t *a, int64_t lda, const uint16_t *b,
                    int64_t ldb, uint16_t *out, int64_t ldo) {
  SoftmaxColsOf(kind, n, w, reinterpret_cast<const F16Elem *>(a), lda, reinterpret_cast<const F16Elem *>(b), ldb,
                reinterpret_cast<F16Elem *>(out), ldo);
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(SoftmaxRow);
HWY_EXPORT(SoftmaxRowBF16);
HWY_EXPORT(SoftmaxRowF16);
HWY_EXPORT(SoftmaxCols);
HWY_EXPORT(SoftmaxColsBF16);
HWY_EXPORT(SoftmaxColsF16);

void SoftmaxRowF32(SoftmaxKind kind, int64_t n, const float *a, const float *b, float *out, float *scratch,
                   const RowPrefetch &ahead) {
  HWY_DYNAMIC_DISPATCH(SoftmaxRow)(kind, n, a, b, out, scratch, ahead);
}

void SoftmaxRow16(SoftmaxKind kind, bool bf16, int64_t n, const uint16_t *a, const uint16_t *b, uint16_t *out,
                  float *scratch, const RowPrefetch &ahead) {
  if (bf16) {
    HWY_DYNAMIC_DISPATCH(SoftmaxRowBF16)(kind, n, a, b, out, scratch, ahead);
  } else {
    HWY_DYNAMIC_DISPATCH(SoftmaxRowF16)(kind, n, a, b, out, scratch, ahead);
  }
}

void SoftmaxColsF32(SoftmaxKind kind, int64_t n, int64_t w, const float *a, int64_t lda, const float *b, int64_t ldb,
                    float *out, int64_t ldo) {
  HWY_DYNAMIC_DISPATCH(SoftmaxCols)(kind, n, w, a, lda, b, ldb, out, ldo);
}

void SoftmaxCols16(SoftmaxKind kind, bool bf16, int64_t n, int64_t w, const uint16_t *a, int64_t lda, const uint16_t *b,
                   int64_t ldb, uint16_t *out, int64_t ldo) {
  if (bf16) {
    HWY_DYNAMIC_DISPATCH(SoftmaxColsBF16)(kind, n, w, a, lda, b, ldb, out, ldo);
  } else {
    HWY_DYNAMIC_DISPATCH(SoftmaxColsF16)(kind, n, w, a, lda, b, ldb, out, ldo);
  }
}

// Double: the same formulas in double, each sum compensated (Neumaier) in index order, so that a long row is
// as accurate as a short one.
namespace {

struct CompensatedSum {
  double sum = 0.0, carry = 0.0;
  void Add(double v) {
    const double t = sum + v;
    carry += std::fabs(sum) >= std::fabs(v) ? (sum - t) + v : (v - t) + sum;
    sum = t;
  }
  // An infinite or NaN sum stays as it is (the carry would turn it into NaN).
  double Value() const { return std::isfinite(sum) ? sum + carry : sum; }
};

// The statistic of a row: Σ exp(x - m) for the forward functions, Σ g y or Σ g for the backward ones.
double RowStatistic(SoftmaxKind kind, int64_t n, int64_t stride, const double *a, const double *b, double *m) {
  CompensatedSum s;
  *m = -std::numeric_limits<double>::infinity();
  switch (kind) {
    case SoftmaxKind::kSoftmax:
    case SoftmaxKind::kLogSoftmax:
      for (int64_t k = 0; k < n; ++k) *m = a[k * stride] > *m ? a[k * stride] : *m;
      for (int64_t k = 0; k < n; ++k) s.Add(std::exp(a[k * stride] - *m));
      break;
    case SoftmaxKind::kSoftmaxGrad:
      for (int64_t k = 0; k < n; ++k) s.Add(a[k * stride] * b[k * stride]);
      break;
    case SoftmaxKind::kLogSoftmaxGrad:
      for (int64_t k = 0; k < n; ++k) s.Add(a[k * stride]);
      break;
  }
  return s.Value();
}

// Writes a row's results (stride apart) from its statistic.
void RowResults(SoftmaxKind kind, int64_t n, int64_t stride, const double *a, const double *b, double m, double s,
                double *out) {
  switch (kind) {
    case SoftmaxKind::kSoftmax:
      for (int64_t k = 0; k < n; ++k) out[k * stride] = std::exp(a[k * stride] - m) / s;
      return;
    case SoftmaxKind::kLogSoftmax: {
      const double lse = std::log(s);
      for (int64_t k = 0; k < n; ++k) out[k * stride] = (a[k * stride] - m) - lse;
      return;
    }
    case SoftmaxKind::kSoftmaxGrad:
      for (int64_t k = 0; k < n; ++k) out[k * stride] = b[k * stride] * (a[k * stride] - s);
      return;
    case SoftmaxKind::kLogSoftmaxGrad:
      for (int64_t k = 0; k < n; ++k) out[k * stride] = std::fma(-std::exp(b[k * stride]), s, a[k * stride]);
      return;
  }
}

}  // namespace

void SoftmaxRowF64(SoftmaxKind kind, int64_t n, const double *a, const double *b, double *out, double *) {
  double m = 0.0;
  const double s = RowStatistic(kind, n, 1, a, b, &m);
  RowResults(kind, n, 1, a, b, m, s, out);
}

void SoftmaxColsF64(SoftmaxKind kind, int64_t n, int64_t w, const double *a, const double *b, double *out) {
  for (int64_t j = 0; j < w; ++j) {
    double m = 0.0;
    const double s = RowStatistic(kind, n, w, a + j, b == nullptr ? nullptr : b + j, &m);
    RowResults(kind, n, w, a + j, b == nullptr ? nullptr : b + j, m, s, out + j);
  }
}

}  // namespace aclcpu
#endif  // HWY_ONCE
