// The plan phase 1 of aclnnPreluBackward builds and phase 2 executes. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"
#include "ops/activation/prelu_family/prelu_weight_map.h"

namespace aclcpu {

struct PreluBackwardPlan {
  bool compute = false;                   // false for the empty cases: phase 2 then writes nothing
  TensorView x, dy, dx, weight, dweight;  // dy is gradOutput broadcast to self's shape (stride 0 where expanded)
  // Which weight each element uses (the family's map). gradWeight sums come from per-piece partials
  // (kPlanes) or per-block partial rows (kRows).
  PreluWeightMap map;

  // kPlanes: each plane is cut into piecesPerPlane pieces of at most pieceSize elements; a block is
  // piecesPerBlock consecutive pieces. One double partial per piece.
  int64_t pieceSize = 1, piecesPerPlane = 1, piecesPerBlock = 1;
  // kRows: a block is rowsPerBlock rows with one double partial row of rowLength.
  int64_t rowsPerBlock = 1;
  int64_t numBlocks = 0;
  int threads = 1;

  // Workspace layout, in bytes from its start.
  size_t weightOffset = 0;                  // the fp32 weights of LoadPreluWeights (map.BufferLength())
  size_t partialsOffset = 0;                // doubles: one per piece (kPlanes) or one row per block (kRows)
  size_t sumsOffset = 0;                    // weights doubles: the combined gradWeight before rounding
  size_t stageOffset = 0, stageStride = 0;  // per-thread fp32 staging: x, dy, dx spans
  size_t workspaceBytes = 0;
};

struct PreluBackwardBuffers {
  const void *dy, *x, *weight;
  void *dx, *dweight;
};

// Phase 2 body: writes gradInput once and gradWeight once (a fixed-order sum: any thread count
// gives the same bits).
void RunPreluBackward(const PreluBackwardPlan &plan, const PreluBackwardBuffers &buffers, void *workspace);

}  // namespace aclcpu
