// The plan phase 1 of aclnnApplyAdamWV2 builds and phase 2 executes (docs/ops/apply_adam_w_v2.md §6).
// Kernel-facing.
#pragma once

#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

struct AdamWPlan {
  TensorView var, m, v, maxGradNorm, grad, step;
  double lr = 0, beta1 = 0, beta2 = 0, weightDecay = 0, eps = 0;  // the float arguments, exactly
  bool amsgrad = false, maximize = false;
  int64_t numel = 0;
  int threads = 1;
};

// The storage addresses of the bound tensors (element 0; the views carry the offsets).
struct AdamWBuffers {
  void *var, *m, *v, *maxGradNorm;
  const void *grad, *step;
};

void RunApplyAdamW(const AdamWPlan &plan, const AdamWBuffers &buffers);

}  // namespace aclcpu
