// The plan phase 1 of aclnnReplicationPad2dBackward builds and phase 2 executes. Kernel-facing.
//
// gradInput cell (i, j) sums the gradOutput cells whose replicate map lands on it: a rectangle of
// rows [rowBegin(i), rowEnd(i)) by columns [colBegin(j), colEnd(j)) (PadAxis::ReplicateCopies).
// Interior cells have one term, so most of gradInput is a shifted copy of gradOutput; only the
// first and last rows and columns add up the pads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/tensor_view.h"
#include "ops/conversion/pad2d_family/pad2d_backward_geometry.h"

namespace aclcpu {

// The family's geometry (rows and cols in replicate mode), and:
struct ReplicationPad2dBackwardPlan : Pad2dBackwardGeometry {
  bool compute = false;  // false for the empty cases: phase 2 then writes nothing
  // Input columns [centerBegin, centerEnd) have exactly one source column (column + left); the
  // others (the two edges, and cropped columns) sum a range, from these tables.
  int64_t centerBegin = 0, centerEnd = 0;
  std::vector<int64_t> borderColumns, borderBegin, borderEnd;

  // Work: planes x H input rows, in fixed blocks of rowsPerBlock (no reductions across blocks).
  int64_t rowsPerBlock = 1, numBlocks = 0;
  int threads = 1;
  // Per-thread workspace: one staged gradOutput row, one gradInput row, and the wide row sums.
  size_t stageRowBytes = 0, sumOffset = 0, stageStride = 0, workspaceBytes = 0;
};

// Phase 2 body: writes every element of gradInput exactly once.
void RunReplicationPad2dBackward(const ReplicationPad2dBackwardPlan &plan, const void *gradOutput, void *gradInput,
                                 void *workspace);

}  // namespace aclcpu
