#include <cmath>
#include <utility>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/norm/batch_norm_family/bn_runs.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "ops/norm/batch_norm_family/bn_runs.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Σ term(x[k]) (and of a second input y[k]) in double: every fp32 element widened exactly, four vector
// accumulators (element k lands in accumulator (k / lanes) % 4), combined in a fixed tree, then the scalar tail in
// index order. The order depends on n alone.
template <class Term>
double SumTerms(const float *HWY_RESTRICT x, const float *HWY_RESTRICT y, int64_t n, const Term &term) {
  const hn::ScalableTag<double> d;
  const hn::Rebind<float, decltype(d)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  auto at = [&](int64_t k) HWY_ATTR {
    return std::make_pair(hn::PromoteTo(d, hn::LoadU(df, x + k)),
                          y != nullptr ? hn::PromoteTo(d, hn::LoadU(df, y + k)) : hn::Zero(d));
  };
  auto a0 = hn::Zero(d), a1 = hn::Zero(d), a2 = hn::Zero(d), a3 = hn::Zero(d);
  int64_t k = 0;
  for (; k + 4 * lanes <= n; k += 4 * lanes) {
    const auto v0 = at(k), v1 = at(k + lanes), v2 = at(k + 2 * lanes), v3 = at(k + 3 * lanes);
    a0 = term(a0, v0.first, v0.second);
    a1 = term(a1, v1.first, v1.second);
    a2 = term(a2, v2.first, v2.second);
    a3 = term(a3, v3.first, v3.second);
  }
  for (; k + lanes <= n; k += lanes) {
    const auto v = at(k);
    a0 = term(a0, v.first, v.second);
  }
  double sum = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(a0, a1), hn::Add(a2, a3))));
  for (; k < n; ++k) {
    const auto yk = y != nullptr ? static_cast<double>(y[k]) : 0.0;
    sum = hn::GetLane(term(hn::Set(d, sum), hn::Set(d, static_cast<double>(x[k])), hn::Set(d, yk)));
  }
  return sum;
}

double Sum(const float *x, int64_t n) {
  return SumTerms(x, nullptr, n, [](auto acc, auto v, auto) HWY_ATTR { return hn::Add(acc, v); });
}

double SquaredDeviations(const float *x, int64_t n, double mean) {
  const hn::ScalableTag<double> d;
  const auto m = hn::Set(d, mean);
  return SumTerms(x, nullptr, n, [m](auto acc, auto v, auto) HWY_ATTR {
    const auto c = hn::Sub(v, m);
    return hn::MulAdd(c, c, acc);
  });
}

// Σdy and Σdy·(x − mean): two sums over the same loads would be one loop; two loops keep each sum's order the one
// SumTerms defines and the run is in L1/L2 for the second.
void DySums(const float *dy, const float *x, int64_t n, double mean, double *sumDy, double *sumDyXmu) {
  const hn::ScalableTag<double> d;
  const auto m = hn::Set(d, mean);
  *sumDy = Sum(dy, n);
  *sumDyXmu = SumTerms(dy, x, n, [m](auto acc, auto g, auto v) HWY_ATTR { return hn::MulAdd(g, hn::Sub(v, m), acc); });
}

// y may be x (staged units are normalized in place).
void Normalize(const float *x, int64_t n, const BnAffine &a, float *y) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto hi = hn::Set(d, a.meanHi), lo = hn::Set(d, a.meanLo), inv = hn::Set(d, a.invstd), w = hn::Set(d, a.w),
             b = hn::Set(d, a.b);
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    const auto t = hn::Mul(hn::Sub(hn::Sub(hn::LoadU(d, x + k), hi), lo), inv);
    hn::StoreU(hn::MulAdd(t, w, b), d, y + k);
  }
  for (; k < n; ++k) y[k] = std::fma(((x[k] - a.meanHi) - a.meanLo) * a.invstd, a.w, a.b);
}

// gi may be dy (staged units are written in place).
void GradTraining(const float *dy, const float *x, int64_t n, const BnGrad &g, float *gi) {
  const hn::ScalableTag<double> d;
  const hn::Rebind<float, decltype(d)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto mean = hn::Set(d, g.mean), scale = hn::Set(d, g.scale), meanDy = hn::Set(d, g.meanDy),
             proj = hn::Set(d, g.proj);
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    const auto xc = hn::Sub(hn::PromoteTo(d, hn::LoadU(df, x + k)), mean);
    const auto centered = hn::Sub(hn::PromoteTo(d, hn::LoadU(df, dy + k)), meanDy);
    hn::StoreU(hn::DemoteTo(df, hn::Mul(hn::NegMulAdd(xc, proj, centered), scale)), df, gi + k);
  }
  for (; k < n; ++k) {
    const double xc = static_cast<double>(x[k]) - g.mean;
    gi[k] = static_cast<float>(std::fma(-xc, g.proj, static_cast<double>(dy[k]) - g.meanDy) * g.scale);
  }
}

void GradInference(const float *dy, int64_t n, double scale, float *gi) {
  const hn::ScalableTag<double> d;
  const hn::Rebind<float, decltype(d)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto s = hn::Set(d, scale);
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    hn::StoreU(hn::DemoteTo(df, hn::Mul(hn::PromoteTo(d, hn::LoadU(df, dy + k)), s)), df, gi + k);
  }
  for (; k < n; ++k) gi[k] = static_cast<float>(static_cast<double>(dy[k]) * scale);
}

const BnRunKernels *KernelTable() {
  static const BnRunKernels kTable = {Sum, SquaredDeviations, DySums, Normalize, GradTraining, GradInference};
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
