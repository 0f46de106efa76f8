// Per-target kernels of cube_math.h (Highway dynamic dispatch).
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "base/cube_math_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/cube_math.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

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

void RoundToHf32(float *v, int64_t n) { HWY_DYNAMIC_DISPATCH(RoundToHf32Loop)(v, n); }

}  // namespace aclcpu
#endif
