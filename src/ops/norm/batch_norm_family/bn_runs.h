// The SIMD bodies of the BatchNorm family, one contiguous fp32 run at a time (dispatched per SIMD target once per
// launch). Sums are in double in an order that depends only on the run length. Kernel-facing.
#pragma once

#include <cstdint>

namespace aclcpu {

// y = ((x - meanHi) - meanLo) * invstd * w + b, with the double mean as the pair meanHi + meanLo (x - meanHi is
// exact near the mean, so the difference keeps its precision when |mean| is far above the spread).
struct BnAffine {
  float meanHi, meanLo, invstd, w, b;
};

// Training: gi = ((dy - meanDy) - (x - mean) * proj) * scale with scale = w·invstd, meanDy = Σdy / R and
// proj = invstd²·Σdy(x − mean) / R. Inference: gi = dy * scale. Formed in double and rounded once: the terms
// cancel (gi is often far smaller than dy), so fp32 steps would leave errors of the terms' size.
struct BnGrad {
  double mean, scale, meanDy, proj;
};

struct BnRunKernels {
  double (*sum)(const float *x, int64_t n);
  double (*squaredDeviations)(const float *x, int64_t n, double mean);  // Σ (x - mean)²
  void (*dySums)(const float *dy, const float *x, int64_t n, double mean, double *sumDy, double *sumDyXmu);
  void (*normalize)(const float *x, int64_t n, const BnAffine &a, float *y);
  void (*gradTraining)(const float *dy, const float *x, int64_t n, const BnGrad &g, float *gi);
  void (*gradInference)(const float *dy, int64_t n, double scale, float *gi);
};

// The kernels of the best SIMD target of this CPU.
const BnRunKernels &BnKernels();

}  // namespace aclcpu
