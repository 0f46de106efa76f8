#include <cmath>
#include <utility>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/norm/batch_norm_family/bn_runs.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// The 16-bit conversions after highway.h, once per target.
#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"

#include "base/half.h"
#include "base/with_storage.h"
#include "ops/norm/batch_norm_family/bn_runs.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using DD = hn::ScalableTag<double>;
using DH = hn::Rebind<float, DD>;  // the fp32 lanes that one double vector widens

// Run i of r as elements of storage type S.
template <class S>
HWY_INLINE S *RunAt(const BnRuns &r, int64_t i) {
  return reinterpret_cast<S *>(r.base) + i * r.stride;
}

using VD = hn::Vec<DD>;

// Sums over the runs in double: every element widened exactly; while a run has four double vectors left they go to
// accumulators 0..3, its remaining whole vectors to accumulator 0, its last len % Lanes(DD) elements to a scalar sum
// in index order; the accumulators combine in a fixed tree, then the scalar sum is added. The order depends on count
// and len alone, so staged and in-place runs give the same bits.
struct Accumulators {
  VD a0, a1, a2, a3;
  double tail;
  explicit Accumulators(DD d) : a0(hn::Zero(d)), a1(hn::Zero(d)), a2(hn::Zero(d)), a3(hn::Zero(d)), tail(0.0) {}
  double Total() const { return hn::GetLane(hn::SumOfLanes(DD(), hn::Add(hn::Add(a0, a1), hn::Add(a2, a3)))) + tail; }
};

// Σ term(acc, x[k]) in the order above.
template <class S, class Term>
double SumTerms(int64_t count, int64_t len, const BnRuns &xr, const Term &term) {
  const DD d;
  const DH dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  Accumulators s(d);
  for (int64_t i = 0; i < count; ++i) {
    const S *HWY_RESTRICT x = RunAt<const S>(xr, i);
    int64_t k = 0;
    for (; k + 4 * lanes <= len; k += 4 * lanes) {
      VD v0, v1, v2, v3;
      LoadAsF64Pair(d, x + k, &v0, &v1);
      LoadAsF64Pair(d, x + k + 2 * lanes, &v2, &v3);
      s.a0 = term(s.a0, v0);
      s.a1 = term(s.a1, v1);
      s.a2 = term(s.a2, v2);
      s.a3 = term(s.a3, v3);
    }
    for (; k + lanes <= len; k += lanes) s.a0 = term(s.a0, hn::PromoteTo(d, LoadAsF32(dh, x + k)));
    for (; k < len; ++k) s.tail = hn::GetLane(term(hn::Set(d, s.tail), hn::Set(d, static_cast<double>(Decode(x[k])))));
  }
  return s.Total();
}

double Sum(int64_t count, int64_t len, const BnRuns &x) {
  double sum = 0.0;
  WithStorage(x.dtype, [&](auto tag) HWY_ATTR {
    sum = SumTerms<StorageOf<decltype(tag)>>(count, len, x, [](VD acc, VD v) HWY_ATTR { return hn::Add(acc, v); });
  });
  return sum;
}

double SquaredDeviations(int64_t count, int64_t len, const BnRuns &x, double mean) {
  const auto m = hn::Set(DD(), mean);
  double sum = 0.0;
  WithStorage(x.dtype, [&](auto tag) HWY_ATTR {
    sum = SumTerms<StorageOf<decltype(tag)>>(count, len, x, [m](VD acc, VD v) HWY_ATTR {
      const auto c = hn::Sub(v, m);
      return hn::MulAdd(c, c, acc);
    });
  });
  return sum;
}

// Σdy and Σdy·(x − mean) in one pass over dy and x, each sum in the order SumTerms defines.
template <class S>
void DySumsOf(int64_t count, int64_t len, const BnRuns &dyr, const BnRuns &xr, double mean, double *sumDy,
              double *sumDyXmu) {
  const DD d;
  const DH dh;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto m = hn::Set(d, mean);
  Accumulators s(d), p(d);
  auto add = [&](VD *sAcc, VD *pAcc, VD g, VD v) HWY_ATTR {
    *sAcc = hn::Add(*sAcc, g);
    *pAcc = hn::MulAdd(g, hn::Sub(v, m), *pAcc);
  };
  for (int64_t i = 0; i < count; ++i) {
    const S *HWY_RESTRICT dy = RunAt<const S>(dyr, i);
    const S *HWY_RESTRICT x = RunAt<const S>(xr, i);
    int64_t k = 0;
    for (; k + 4 * lanes <= len; k += 4 * lanes) {
      VD g0, g1, g2, g3, v0, v1, v2, v3;
      LoadAsF64Pair(d, dy + k, &g0, &g1);
      LoadAsF64Pair(d, dy + k + 2 * lanes, &g2, &g3);
      LoadAsF64Pair(d, x + k, &v0, &v1);
      LoadAsF64Pair(d, x + k + 2 * lanes, &v2, &v3);
      add(&s.a0, &p.a0, g0, v0);
      add(&s.a1, &p.a1, g1, v1);
      add(&s.a2, &p.a2, g2, v2);
      add(&s.a3, &p.a3, g3, v3);
    }
    for (; k + lanes <= len; k += lanes) {
      add(&s.a0, &p.a0, hn::PromoteTo(d, LoadAsF32(dh, dy + k)), hn::PromoteTo(d, LoadAsF32(dh, x + k)));
    }
    for (; k < len; ++k) {
      VD st = hn::Set(d, s.tail), pt = hn::Set(d, p.tail);
      add(&st, &pt, hn::Set(d, static_cast<double>(Decode(dy[k]))), hn::Set(d, static_cast<double>(Decode(x[k]))));
      s.tail = hn::GetLane(st);
      p.tail = hn::GetLane(pt);
    }
  }
  *sumDy = s.Total();
  *sumDyXmu = p.Total();
}

void DySums(int64_t count, int64_t len, const BnRuns &dy, const BnRuns &x, double mean, double *sumDy,
            double *sumDyXmu) {
  WithStorage(dy.dtype,
              [&](auto tag) HWY_ATTR { DySumsOf<StorageOf<decltype(tag)>>(count, len, dy, x, mean, sumDy, sumDyXmu); });
}

// y may be x (staged units are normalized in place).
template <class SX, class SY>
void NormalizeRuns(int64_t count, int64_t len, const BnRuns &xr, const BnAffine &a, const BnRuns &yr) {
  const DF d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto hi = hn::Set(d, a.meanHi), lo = hn::Set(d, a.meanLo), inv = hn::Set(d, a.invstd), w = hn::Set(d, a.w),
             b = hn::Set(d, a.b);
  for (int64_t i = 0; i < count; ++i) {
    const SX *x = RunAt<const SX>(xr, i);
    SY *y = RunAt<SY>(yr, i);
    int64_t k = 0;
    for (; k + lanes <= len; k += lanes) {
      const auto t = hn::Mul(hn::Sub(hn::Sub(LoadAsF32(d, x + k), hi), lo), inv);
      StoreFromF32(d, hn::MulAdd(t, w, b), y + k);
    }
    for (; k < len; ++k) y[k] = Encode(std::fma(((Decode(x[k]) - a.meanHi) - a.meanLo) * a.invstd, a.w, a.b), y);
  }
}

void Normalize(int64_t count, int64_t len, const BnRuns &x, const BnAffine &a, const BnRuns &y) {
  WithStorage(x.dtype, [&](auto xTag) HWY_ATTR {
    WithStorage(y.dtype, [&](auto yTag) HWY_ATTR {
      NormalizeRuns<StorageOf<decltype(xTag)>, StorageOf<decltype(yTag)>>(count, len, x, a, y);
    });
  });
}

// For each run i of dy (and x in training) and gi: vector(dy, x, gi, k) for its whole vectors of `lanes` elements
// from k, then element(dy, x, gi, k) for the rest; x is null in inference.
template <class S, class SG, bool kTraining, class Vector, class Element>
HWY_INLINE void ForEachGradRun(int64_t count, int64_t len, int64_t lanes, const BnRuns &dyr, const BnRuns &xr,
                               const BnRuns &gir, const Vector &vector, const Element &element) {
  for (int64_t i = 0; i < count; ++i) {
    const S *dy = RunAt<const S>(dyr, i);
    const S *x = kTraining ? RunAt<const S>(xr, i) : nullptr;
    SG *gi = RunAt<SG>(gir, i);
    int64_t k = 0;
    for (; k + lanes <= len; k += lanes) vector(dy, x, gi, k);
    for (; k < len; ++k) element(dy, x, gi, k);
  }
}

// gi (may be dy: staged units are written in place) in double, rounded once. Without x (inference) gi = dy * scale.
template <class S, class SG, bool kTraining>
void GradRunsF64(int64_t count, int64_t len, const BnRuns &dyr, const BnRuns &xr, const BnGrad &g, const BnRuns &gir) {
  const DD d;
  const DH dh;
  const auto mean = hn::Set(d, g.mean), scale = hn::Set(d, g.scale), meanDy = hn::Set(d, g.meanDy),
             proj = hn::Set(d, g.proj);
  ForEachGradRun<S, SG, kTraining>(
      count, len, static_cast<int64_t>(hn::Lanes(d)), dyr, xr, gir,
      [&](const S *dy, const S *x, SG *gi, int64_t k) HWY_ATTR {
        auto v = hn::PromoteTo(d, LoadAsF32(dh, dy + k));
        if constexpr (kTraining) {
          const auto xc = hn::Sub(hn::PromoteTo(d, LoadAsF32(dh, x + k)), mean);
          v = hn::NegMulAdd(xc, proj, hn::Sub(v, meanDy));
        }
        StoreFromF32(dh, hn::DemoteTo(dh, hn::Mul(v, scale)), gi + k);
      },
      [&](const S *dy, const S *x, SG *gi, int64_t k) {
        double v = static_cast<double>(Decode(dy[k]));
        if constexpr (kTraining) v = std::fma(-(static_cast<double>(Decode(x[k])) - g.mean), g.proj, v - g.meanDy);
        gi[k] = Encode(static_cast<float>(v * g.scale), gi);
      });
}

// A FLOAT16/BF16 gi (in place, or staged as fp32 and rounded when scattered: the same bits) in fp32, rounded once
// to gi's dtype: an fp32 error is far below its ulp. mean and meanDy enter as
// hi + lo pairs, so that x − mean and dy − meanDy keep their precision near the means.
template <class S, class SG, bool kTraining>
void GradRunsF32(int64_t count, int64_t len, const BnRuns &dyr, const BnRuns &xr, const BnGrad &g, const BnRuns &gir) {
  const DF d;
  const F32Pair mean(g.mean), meanDy(g.meanDy);
  const auto proj = static_cast<float>(g.proj), scale = static_cast<float>(g.scale);
  const auto mHi = hn::Set(d, mean.hi), mLo = hn::Set(d, mean.lo), dHi = hn::Set(d, meanDy.hi),
             dLo = hn::Set(d, meanDy.lo), vProj = hn::Set(d, proj), vScale = hn::Set(d, scale);
  ForEachGradRun<S, SG, kTraining>(
      count, len, static_cast<int64_t>(hn::Lanes(d)), dyr, xr, gir,
      [&](const S *dy, const S *x, SG *gi, int64_t k) HWY_ATTR {
        auto v = LoadAsF32(d, dy + k);
        if constexpr (kTraining) {
          const auto xc = hn::Sub(hn::Sub(LoadAsF32(d, x + k), mHi), mLo);
          v = hn::NegMulAdd(xc, vProj, hn::Sub(hn::Sub(v, dHi), dLo));
        }
        StoreFromF32(d, hn::Mul(v, vScale), gi + k);
      },
      [&](const S *dy, const S *x, SG *gi, int64_t k) {
        float v = Decode(dy[k]);
        if constexpr (kTraining) v = std::fma(-((Decode(x[k]) - mean.hi) - mean.lo), proj, (v - meanDy.hi) - meanDy.lo);
        gi[k] = Encode(v * scale, gi);
      });
}

void Grad(int64_t count, int64_t len, const BnRuns &dy, const BnRuns &x, const BnGrad &g, const BnRuns &gi) {
  WithStorage(dy.dtype, [&](auto tag) HWY_ATTR {
    using S = StorageOf<decltype(tag)>;
    WithStorage(gi.dtype, [&](auto giTag) HWY_ATTR {
      using SG = StorageOf<decltype(giTag)>;
      if (g.fp32) {
        g.training ? GradRunsF32<S, SG, true>(count, len, dy, x, g, gi)
                   : GradRunsF32<S, SG, false>(count, len, dy, x, g, gi);
      } else {
        g.training ? GradRunsF64<S, SG, true>(count, len, dy, x, g, gi)
                   : GradRunsF64<S, SG, false>(count, len, dy, x, g, gi);
      }
    });
  });
}

const BnRunKernels *KernelTable() {
  static const BnRunKernels kTable = {Sum, SquaredDeviations, DySums, Normalize, Grad};
  return &kTable;
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(KernelTable);

const BnRunKernels &BnKernels() { return *HWY_DYNAMIC_DISPATCH(KernelTable)(); }

}  // namespace aclcpu
#endif  // HWY_ONCE
