// The plan phase 1 of aclnnGroupNormSwishGrad builds and phase 2 executes; aclnnGroupNormBackward runs the same
// kernel without the swish (dL/dz = dy). Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"
#include "ops/norm/group_norm_swish_family/group_norm_geometry.h"

namespace aclcpu {

// Per (n, c): sum dz and sum dz * xhat of the stashed dz (for c1 and c2, dbeta and dgamma).
constexpr int64_t kSumsPerChannel = 2;

struct GroupNormSwishGradPlan {
  bool compute = false;  // false when all three outputs are empty: phase 2 writes nothing
  TensorView dy, x, mean, rstd, gamma, beta, dx, dgamma, dbeta;  // outputs are addressed in flat row-major order
  GroupNormShape shape;     // groups of S = D * HxW elements, in pieces of kGroupNormPiece
  float swishScale = 1.0f;  // s of sigmoid(s * z), narrowed to float as on the device
  // false: plain GroupNorm's gradient (GroupNormBackward), dy is dL/dz itself; beta and swishScale are unused.
  bool activateSwish = true;
  bool writeDx = true;              // false: only dgamma/dbeta are wanted, sweep B is skipped (outputMask[0])
  bool writeDgamma = false;         // dgammaIsRequire
  bool writeDbeta = false;          // dbetaIsRequire
  bool zeroFillUnrequired = false;  // FLOAT outputs that are not required are zero-filled (§1.6)
  // dL/dz of a whole group is kept in the thread's scratch between the two sweeps when it fits;
  // otherwise sweep B recomputes it piece by piece.
  bool stashDz = false;
  // FLOAT tensors: dL/dz is computed, kept and summed in double (fp32 steps lose to PyTorch there);
  // FLOAT16/BF16 outputs round far above that gain, so theirs is fp32.
  bool wideDz = false;
  size_t stashElementBytes() const { return wideDz ? sizeof(double) : sizeof(float); }
  bool dyDirect = false, xDirect = false, dxDirect = false;  // dense fp32: read or written in place
  int threads = 1;

  // Workspace layout, in bytes from its start.
  size_t statsOffset = 0;                       // fp32 mean[N*G] then rstd[N*G]
  size_t affineOffset = 0;                      // fp32 gamma[C] then beta[C]
  size_t sumsOffset = 0;                        // double: kSumsPerChannel sums per (n, c)
  size_t scratchOffset = 0, scratchStride = 0;  // per thread: dL/dz (stashBytes), then fp32 staging for
                                                // dy, x and dx pieces
  size_t stashBytes = 0;                        // S (stashed) or one piece of dL/dz, whole lines
  size_t workspaceBytes = 0;
};

struct GroupNormSwishGradBuffers {
  const void *dy, *mean, *rstd, *x, *gamma, *beta;  // gamma null: ones; beta null: zeros
  void *dx, *dgamma, *dbeta;
};

// Fills threads, the read/write paths and the workspace layout of a plan whose tensors and shape are set
// (the layout the kernel expects; dz is kept wide when dy is FLOAT).
void PlanGroupNormGradWorkspace(GroupNormSwishGradPlan *plan);

// Phase 2 body: dx once per element; dgamma/dbeta summed over n in a fixed order (any thread count
// gives the same bits).
void RunGroupNormSwishGrad(const GroupNormSwishGradPlan &plan, const GroupNormSwishGradBuffers &buffers,
                           void *workspace);

}  // namespace aclcpu
