// A double carried into fp32 arithmetic as the pair hi + lo, for the norm kernels' means: x - hi is exact for x
// near the mean (Sterbenz), so (x - hi) - lo keeps the double mean's precision even when |mean| is far above the
// spread of the x.
#pragma once

#include <cmath>

namespace aclcpu {

// lo = 0 where hi is not finite (v infinite or NaN, or beyond fp32's range), where v - hi would be NaN or infinite:
// hi then carries everything. (A norm's rstd is NaN whenever its mean is not finite, so its outputs are NaN either
// way; lo = 0 keeps the pair itself meaningful.)
struct F32Pair {
  float hi, lo;
  explicit F32Pair(double v)
      : hi(static_cast<float>(v)), lo(std::isfinite(hi) ? static_cast<float>(v - static_cast<double>(hi)) : 0.0f) {}
};

}  // namespace aclcpu
