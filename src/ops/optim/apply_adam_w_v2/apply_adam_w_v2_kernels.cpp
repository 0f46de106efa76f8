// aclnnApplyAdamWV2 phase 2: fixed blocks of elements; every tensor is loaded through its own strides as double,
// updated, and each result stored to its tensor's dtype with one rounding. Elementwise: the bits do not depend on
// the thread count.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "base/parallel.h"
#include "base/pointwise/element_convert.h"
#include "base/pointwise/runs.h"
#include "ops/optim/apply_adam_w_v2/adam_w_update.h"
#include "ops/optim/apply_adam_w_v2/apply_adam_w_v2_plan.h"

namespace aclcpu {
namespace {

constexpr int64_t kBlock = 1024;  // a multiple of kAdamWPadding

void Load(const TensorView &t, const void *base, int64_t first, int64_t n, double *dst) {
  const int64_t size = static_cast<int64_t>(DTypeSize(t.dtype));
  ForEachRun(t.rank, t.dims, t.strides, t.offset, first, n, [&](int64_t off, int64_t stride, int64_t pos, int64_t len) {
    LoadRun(t.dtype, static_cast<const char *>(base) + off * size, stride, ComputeType::kF64, dst + pos, len);
  });
}

void Store(const TensorView &t, void *base, int64_t first, int64_t n, const double *src) {
  const int64_t size = static_cast<int64_t>(DTypeSize(t.dtype));
  ForEachRun(t.rank, t.dims, t.strides, t.offset, first, n, [&](int64_t off, int64_t stride, int64_t pos, int64_t len) {
    StoreRun(ComputeType::kF64, src + pos, t.dtype, static_cast<char *>(base) + off * size, stride, len);
  });
}

// t = step + 1, read when the launch runs (the kernel adds the one; the step tensor is not written).
double StepPlusOne(const TensorView &step, const void *base) {
  if (step.dtype == DType::kI64) {
    return static_cast<double>(static_cast<const int64_t *>(base)[step.offset]) + 1.0;
  }
  return static_cast<double>(static_cast<const float *>(base)[step.offset]) + 1.0;
}

}  // namespace

void RunApplyAdamW(const AdamWPlan &p, const AdamWBuffers &b) {
  const double t = StepPlusOne(p.step, b.step);
  AdamWCoefficients c;
  c.decay = 1.0 - p.lr * p.weightDecay;
  c.stepSize = p.lr / (1.0 - std::pow(p.beta1, t));
  c.bc2Sqrt = std::sqrt(1.0 - std::pow(p.beta2, t));
  c.oneMinusBeta1 = 1.0 - p.beta1;
  c.beta2 = p.beta2;
  c.oneMinusBeta2 = 1.0 - p.beta2;
  c.eps = p.eps;
  c.sign = p.maximize ? -1.0 : 1.0;
  ParallelFor(CeilDiv(p.numel, kBlock), p.threads, [&](int64_t block, int) {
    const int64_t first = block * kBlock, n = std::min(kBlock, p.numel - first);
    double var[kBlock], m[kBlock], v[kBlock], g[kBlock], mx[kBlock];
    Load(p.var, b.var, first, n, var);
    Load(p.m, b.m, first, n, m);
    Load(p.v, b.v, first, n, v);
    Load(p.grad, b.grad, first, n, g);
    if (p.amsgrad) Load(p.maxGradNorm, b.maxGradNorm, first, n, mx);
    // The last block's vector steps run over zeros past its elements (never stored).
    const int64_t padded = CeilDiv(n, kAdamWPadding) * kAdamWPadding;
    for (double *a : {var, m, v, g, mx}) std::fill(a + n, a + padded, 0.0);
    AdamWUpdate(c, var, m, v, g, p.amsgrad ? mx : nullptr, padded);
    Store(p.var, b.var, first, n, var);
    Store(p.m, b.m, first, n, m);
    Store(p.v, b.v, first, n, v);
    if (p.amsgrad) Store(p.maxGradNorm, b.maxGradNorm, first, n, mx);
  });
}

}  // namespace aclcpu
