// The plan phase 1 of aclnnPreluBackward builds and phase 2 executes. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

// Elements converted or staged at a time: the three fp32 staging buffers of a thread stay in L1.
constexpr int64_t kPreluSpan = 1024;

// How the weight meets the elements of self (flattened row-major, E elements).
enum class PreluLayout : int8_t {
  // One weight for everything, or one per channel with long planes: E = planes x planeSize, plane p
  // uses weight p % weights. gradWeight sums come from per-piece partials.
  kPlanes,
  // One weight per channel with short planes (planeSize < kMinPlane): E = rows x rowLength with
  // rowLength = C x planeSize; element j of a row uses weight j / planeSize. Per-block partial rows.
  kRows,
};

struct PreluBackwardPlan {
  bool compute = false;                   // false for the empty cases: phase 2 then writes nothing
  TensorView x, dy, dx, weight, dweight;  // dy is gradOutput broadcast to self's shape (stride 0 where expanded)
  PreluLayout layout = PreluLayout::kPlanes;
  int64_t weights = 1;              // 1 or C
  int64_t planeSize = 1;            // elements per (n, c) plane; E for a single weight
  int64_t planes = 1;               // kPlanes: E / planeSize
  int64_t rows = 1, rowLength = 1;  // kRows

  // kPlanes: each plane is cut into piecesPerPlane pieces of at most pieceSize elements; a block is
  // piecesPerBlock consecutive pieces. One double partial per piece.
  int64_t pieceSize = 1, piecesPerPlane = 1, piecesPerBlock = 1;
  // kRows: a block is rowsPerBlock rows with one double partial row of rowLength.
  int64_t rowsPerBlock = 1;
  int64_t numBlocks = 0;
  int threads = 1;

  // Workspace layout, in bytes from its start.
  size_t weightOffset = 0;                  // kRows: the expanded fp32 weight row (rowLength); kPlanes: weights fp32
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
