// Per-target kernels of the GEMM engine (Highway dynamic dispatch): cube_math.h's HF32 rounding and gemm.h's
// double sums of fp32 products.
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "base/gemm_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/cube_math.h"
#include "base/gemm.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void AddProduct(double *HWY_RESTRICT sum, const float *HWY_RESTRICT part, int64_t n, bool first) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  int64_t i = 0;
  if (first) {
    for (; i + lanes <= n; i += lanes) hn::StoreU(hn::PromoteTo(dd, hn::LoadU(d, part + i)), dd, sum + i);
    for (; i < n; ++i) sum[i] = part[i];
  } else {
    for (; i + lanes <= n; i += lanes) {
      hn::StoreU(hn::Add(hn::LoadU(dd, sum + i), hn::PromoteTo(dd, hn::LoadU(d, part + i))), dd, sum + i);
    }
    for (; i < n; ++i) sum[i] += part[i];
  }
}

void NarrowSum(const double *HWY_RESTRICT sum, float *HWY_RESTRICT out, int64_t n) {
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) hn::StoreU(hn::DemoteTo(d, hn::LoadU(dd, sum + i)), d, out + i);
  for (; i < n; ++i) out[i] = static_cast<float>(sum[i]);
}

// HF32 as the A2 cube sees fp32 operands: keep 11 explicit mantissa bits, ties away from zero, on
// the sign-magnitude bits ((u + 0x800) & ~0xFFF). NaN stays NaN; a carry out of the largest
// finite values gives inf, as the rounding would.
void RoundToHf32Loop(float *HWY_RESTRICT v, int64_t n) {
  const hn::ScalableTag<uint32_t> du;
  const hn::RebindToFloat<decltype(du)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(du));
  const auto half = hn::Set(du, 0x800u), mask = hn::Set(du, 0xFFFFF000u);
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    const auto x = hn::LoadU(df, v + i);
    const auto rounded = hn::BitCast(df, hn::And(hn::Add(hn::BitCast(du, x), half), mask));
    hn::StoreU(hn::IfThenElse(hn::IsNaN(x), x, rounded), df, v + i);
  }
  for (; i < n; ++i) {
    uint32_t u;
    std::memcpy(&u, v + i, 4);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) continue;
    u = (u + 0x800u) & 0xFFFFF000u;
    std::memcpy(v + i, &u, 4);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(RoundToHf32Loop);
HWY_EXPORT(AddProduct);
HWY_EXPORT(NarrowSum);

void RoundToHf32(float *v, int64_t n) { HWY_DYNAMIC_DISPATCH(RoundToHf32Loop)(v, n); }

void AddProductToSum(double *sum, const float *part, int64_t n, bool first) {
  HWY_DYNAMIC_DISPATCH(AddProduct)(sum, part, n, first);
}

void NarrowSum(const double *sum, float *out, int64_t n) { HWY_DYNAMIC_DISPATCH(NarrowSum)(sum, out, n); }

}  // namespace aclcpu
#endif
