// The plan phase 1 of aclnnLayerNorm (and its WithImplMode and Fast variants) builds and phase 2
// executes; aclnnRmsNorm and aclnnAddRmsNorm run it too (uncentered rows, a residual added first).
// Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

struct LayerNormPlan {
  int64_t rows = 0;   // M: product of the leading (not normalized) dims of input
  int64_t cols = 0;   // N: product of the normalized dims
  int beginAxis = 0;  // first normalized dim of input
  float eps = 0.0f;   // narrowed to float, as on the device (norm-forward.md §0)
  TensorView x, weight, bias, out, mean, rstd;
  bool hasWeight = false, hasBias = false;  // absent: weight 1, bias 0
  // RmsNorm: rows are not centered (mean 0, rstd from the mean square; docs/ops/rms_norm.md).
  bool centered = true;
  // AddRmsNorm: x = x + residual, rounded once to xSum's dtype and written there when wantXSum; the
  // rounded sum is what is normalized.
  bool addResidual = false, wantXSum = false;
  TensorView residual, xSum;
  bool wantMean = false, wantRstd = false;  // meanOutOptional / rstdOutOptional given
  bool compute = false;                     // M > 0 and N > 0
  bool fillEmptyStats = false;              // N == 0 < M: mean := 0, rstd := NaN (each its own numel)
  int64_t meanNumel = 0, rstdNumel = 0;     // for fillEmptyStats

  // Rows in fixed blocks chosen from the shape alone; rows are independent, so any thread count
  // gives the same bits.
  int64_t rowsPerBlock = 1;
  int64_t numBlocks = 0;
  int threads = 1;
  bool streamOut = false;  // a large dense out is written with non-temporal stores

  // Workspace layout, in bytes from the workspace start.
  size_t weightOffset = 0;   // cols fp32: gamma converted once (hasWeight)
  size_t biasOffset = 0;     // cols fp32: beta converted once (hasBias)
  size_t scratchOffset = 0;  // threads x scratchStride: fp32 x row, y row (and residual row) when staged
  size_t scratchStride = 0;
  size_t scratchRowFloats = 0;  // one staged row, padded to the alignment
  size_t workspaceBytes = 0;
};

// The storage addresses of the bound tensors (storage element 0; the views carry the offsets).
struct LayerNormBuffers {
  const void *x, *weight, *bias;
  void *out, *mean, *rstd;
  const void *residual = nullptr;
  void *xSum = nullptr;
};

// The row blocks, threads and workspace layout of a plan whose views and flags are set.
void PlanLayerNormWorkspace(LayerNormPlan *plan);

// Phase 2 body: runs the whole plan with the calling thread plus OpenMP workers.
void RunLayerNorm(const LayerNormPlan &plan, const LayerNormBuffers &buffers, void *workspace);

}  // namespace aclcpu
