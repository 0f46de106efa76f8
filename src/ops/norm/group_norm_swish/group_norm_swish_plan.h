// The plan phase 1 of aclnnGroupNormSwish builds and phase 2 executes. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"
#include "ops/norm/group_norm_swish_family/group_norm_geometry.h"

namespace aclcpu {

struct GroupNormSwishPlan {
  bool compute = false;                      // false when all three outputs are empty: phase 2 writes nothing
  TensorView x, gamma, beta, y, mean, rstd;  // y, mean and rstd are addressed in flat row-major order
  GroupNormShape shape;
  float eps = 0.0f;         // narrowed to float as on the device
  float swishScale = 1.0f;  // s of sigmoid(s * z), narrowed likewise
  bool activateSwish = true;
  // FLOAT x and y: z and y are formed in double lanes around an fp32 exp (swish_math-inl.h), rounded
  // once. FLOAT16/BF16 y rounds to 8 or 11 bits, far above fp32 steps' error: those run in fp32.
  bool wide = false;
  bool xInPlace = false;  // contiguous x: read in its own dtype (16-bit converted in registers)
  bool yInPlace = false;  // contiguous y of the dtype x is read as: written in place
  int threads = 1;

  // Workspace layout, in bytes from its start.
  size_t affineOffset = 0;                      // fp32 gamma[C] then beta[C]
  size_t scratchOffset = 0, scratchStride = 0;  // per thread: fp32 staging for an x piece and a y piece
  size_t workspaceBytes = 0;
};

// Mean and sum of squared deviations of one piece of a group (the kernels' partial moments).
struct PieceMoments {
  double mean, m2;
};

struct GroupNormSwishBuffers {
  const void *x, *gamma, *beta;
  void *y, *mean, *rstd;
};

// Phase 2 body: per group, the moments in double (pieces merged in a fixed order), then y once per
// element; any thread count gives the same bits.
void RunGroupNormSwish(const GroupNormSwishPlan &plan, const GroupNormSwishBuffers &buffers, void *workspace);

}  // namespace aclcpu
