// Per-target AdamW update (adam_w_update.h).
#include <limits>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/optim/apply_adam_w_v2/adam_w_update.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "ops/optim/apply_adam_w_v2/adam_w_update.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void Update(const AdamWCoefficients &c, double *HWY_RESTRICT var, double *HWY_RESTRICT m, double *HWY_RESTRICT v,
            const double *HWY_RESTRICT g, double *HWY_RESTRICT mx, int64_t n) {
  const hn::ScalableTag<double> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto decay = hn::Set(d, c.decay), stepSize = hn::Set(d, c.stepSize), bc2Sqrt = hn::Set(d, c.bc2Sqrt);
  const auto oneMinusBeta1 = hn::Set(d, c.oneMinusBeta1), beta2 = hn::Set(d, c.beta2);
  const auto oneMinusBeta2 = hn::Set(d, c.oneMinusBeta2), eps = hn::Set(d, c.eps), sign = hn::Set(d, c.sign);
  const auto nan = hn::Set(d, std::numeric_limits<double>::quiet_NaN());
  for (int64_t i = 0; i < n; i += lanes) {
    const auto grad = hn::Mul(sign, hn::LoadU(d, g + i));
    auto mi = hn::LoadU(d, m + i);
    mi = hn::Add(mi, hn::Mul(oneMinusBeta1, hn::Sub(grad, mi)));
    const auto vi = hn::Add(hn::Mul(beta2, hn::LoadU(d, v + i)), hn::Mul(oneMinusBeta2, hn::Mul(grad, grad)));
    auto second = vi;
    if (mx != nullptr) {  // torch.maximum: NaN if either is; otherwise std::max(mx, v) (mx unless mx < v)
      const auto old = hn::LoadU(d, mx + i);
      const auto anyNan = hn::Or(hn::IsNaN(old), hn::IsNaN(vi));
      second = hn::IfThenElse(anyNan, nan, hn::IfThenElse(hn::Lt(old, vi), vi, old));
      hn::StoreU(second, d, mx + i);
    }
    const auto denom = hn::Add(hn::Div(hn::Sqrt(second), bc2Sqrt), eps);
    const auto vari = hn::Sub(hn::Mul(hn::LoadU(d, var + i), decay), hn::Mul(stepSize, hn::Div(mi, denom)));
    hn::StoreU(mi, d, m + i);
    hn::StoreU(vi, d, v + i);
    hn::StoreU(vari, d, var + i);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(Update);

void AdamWUpdate(const AdamWCoefficients &c, double *var, double *m, double *v, const double *g, double *mx,
                 int64_t n) {
  HWY_DYNAMIC_DISPATCH(Update)(c, var, m, v, g, mx, n);
}

}  // namespace aclcpu
#endif
