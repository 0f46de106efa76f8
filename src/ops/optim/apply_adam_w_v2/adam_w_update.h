// The per-element AdamW update of aclnnApplyAdamWV2 in double, vectorized per target (Highway dynamic dispatch).
// Every lane runs the same IEEE operations, in the same order, as the formula of docs/ops/apply_adam_w_v2.md §6
// (no fused multiply-adds): the bits do not depend on the target. Kernel-facing.
#pragma once

#include <cstdint>

namespace aclcpu {

struct AdamWCoefficients {
  double decay, stepSize, bc2Sqrt, oneMinusBeta1, beta2, oneMinusBeta2, eps, sign;
};

// Elements per vector step of AdamWUpdate: n must be a multiple of it (callers pad their blocks with zeros).
constexpr int64_t kAdamWPadding = 32;  // the widest vector of doubles (2048-bit SVE)

// In place over n elements: m, v (and mx when non-null: amsgrad's running maximum) and var, from grad g.
void AdamWUpdate(const AdamWCoefficients &c, double *var, double *m, double *v, const double *g, double *mx, int64_t n);

}  // namespace aclcpu
