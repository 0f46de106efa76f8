// The plan phase 1 of aclnnLayerNormBackward builds and phase 2 executes; aclnnRmsNormGrad runs it
// with uncentered rows. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

struct LayerNormBackwardPlan {
  int64_t rows = 0;                                         // M: product of the leading (not normalized) dims of input
  int64_t cols = 0;                                         // N: product of the normalized dims
  int beginAxis = 0;                                        // first normalized dim of input
  TensorView dy, x, mean, rstd, weight, dx, dgamma, dbeta;  // views of the bound tensors
  bool hasWeight = false;                                   // weightOptional given (otherwise gamma = 1)
  bool wantDx = false;                                      // outputMask[0]
  bool wantDgamma = false;                                  // outputMask[1]
  bool wantDbeta = false;                                   // outputMask[2]
  bool compute = false;                                     // M > 0, N > 0 and some mask bit set
  bool zeroFillParams = false;                              // M == 0: the masked dgamma/dbeta are zero-filled
  // RmsNormGrad (docs/ops/rms_norm.md §2): y = x * rstd * gamma, mean 0 and no sum(g) / N term in dx;
  // dgamma always in double partials (it is a FLOAT output whatever x's dtype).
  bool centered = true;

  // Rows are processed in fixed blocks chosen from the shape alone; each block owns one
  // dgamma/dbeta partial row, so results are identical for any thread count.
  int64_t rowsPerBlock = 1;
  int64_t numBlocks = 0;
  int threads = 1;
  bool doublePartials = false;  // fp32 tensors: double partial rows, fed by short fp32 runs
  // Dense dy, x (and dx) of one dtype are read and written in place; else rows are fp32, staged unless dense fp32.
  bool rowsInPlace = false;
  bool dxDirect = false;  // dx written in place (rowsInPlace, or a dense fp32 dx)
  bool streamDx = false;  // a large dx written in place with non-temporal stores

  // Workspace layout, in bytes from the workspace start.
  size_t weightOffset = 0;    // cols fp32: gamma converted once (or ones)
  size_t partialsOffset = 0;  // numBlocks x (dgamma row, dbeta row), double or fp32
  size_t scratchOffset = 0;   // threads x scratchStride: fp32 copies of rows that are not dense fp32
  size_t scratchStride = 0;
  size_t runSumsOffset = 0;  // threads x runSumsStride: fp32 dgamma sums of the last few rows (double partials)
  size_t runSumsStride = 0;
  size_t workspaceBytes = 0;
};

// The storage addresses of the bound tensors (storage element 0; the views carry the offsets).
struct LayerNormBackwardBuffers {
  const void *dy, *x, *mean, *rstd, *weight;
  void *dx, *dgamma, *dbeta;
};

// The row blocks, threads and workspace layout of a plan whose views and flags are set.
void PlanLayerNormBackwardWorkspace(LayerNormBackwardPlan *plan);

// Phase 2 body: runs the whole plan with the calling thread plus OpenMP workers.
void RunLayerNormBackward(const LayerNormBackwardPlan &plan, const LayerNormBackwardBuffers &buffers, void *workspace);

}  // namespace aclcpu
