// The SIMD bodies of the BatchNorm family, over the runs of one work unit (dispatched per SIMD target once per
// launch). FLOAT16 and BF16 runs are converted in registers; sums are in double in an order that depends only on
// the number and length of the runs. Kernel-facing.
#pragma once

#include <cmath>
#include <cstdint>

#include "base/f32_pair.h"
#include "base/tensor_view.h"

namespace aclcpu {

// Runs of one tensor: run i starts `stride` elements after run i − 1, at `base` for i = 0. Elements are FLOAT,
// FLOAT16 or BF16 (dtype; an fp32 staging buffer is FLOAT).
struct BnRuns {
  char *base;
  DType dtype;
  int64_t stride;
};

// y = ((x - meanHi) - meanLo) * invstd * w + b, with the double mean as the pair meanHi + meanLo (x - meanHi is
// exact near the mean, so the difference keeps its precision when |mean| is far above the spread).
struct BnAffine {
  float meanHi, meanLo, invstd, w, b;
};

// Training: gi = ((dy - meanDy) - (x - mean) * proj) * scale with scale = w·invstd, meanDy = Σdy / R and
// proj = invstd²·Σdy(x − mean) / R. Inference: gi = dy * scale. A FLOAT gi is formed in double and rounded once:
// the terms cancel (gi is often far smaller than dy), so fp32 steps would leave errors of the terms' size, one fp32
// ulp of dy. A FLOAT16/BF16 gi (fp32) is formed in fp32 and rounded once: such errors are far below its ulp.
struct BnGrad {
  double mean, scale, meanDy, proj;
  bool training, fp32;
};

// Each kernel takes `count` runs of `len` elements. dy and x have one dtype; an output may have another.
struct BnRunKernels {
  double (*sum)(int64_t count, int64_t len, const BnRuns &x);
  double (*squaredDeviations)(int64_t count, int64_t len, const BnRuns &x, double mean);  // Σ (x - mean)²
  void (*dySums)(int64_t count, int64_t len, const BnRuns &dy, const BnRuns &x, double mean, double *sumDy,
                 double *sumDyXmu);
  void (*normalize)(int64_t count, int64_t len, const BnRuns &x, const BnAffine &a, const BnRuns &y);
  // gi from dy (and x in training; gi may be dy's staged runs, written in place).
  void (*grad)(int64_t count, int64_t len, const BnRuns &dy, const BnRuns &x, const BnGrad &g, const BnRuns &gi);
};

// The kernels of the best SIMD target of this CPU.
const BnRunKernels &BnKernels();

}  // namespace aclcpu
