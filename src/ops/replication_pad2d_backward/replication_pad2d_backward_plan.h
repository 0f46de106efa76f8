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
#include "ops/pad2d_family/pad_axis.h"

namespace aclcpu {

struct ReplicationPad2dBackwardPlan {
  bool compute = false;              // false for the empty cases: phase 2 then writes nothing
  TensorView gradOutput, gradInput;  // rank 3 or 4; the leading dims are equal
  DType scalar = DType::kF32;        // storage type of one component (kF32, kF64, kF16, kBF16)
  int components = 1;                // 2 for complex dtypes: real and imaginary parts add independently
  int64_t planes = 0;                // product of the leading dims
  PadAxis rows, cols;                // H and W, replicate mode
  // Input columns [centerBegin, centerEnd) have exactly one source column (column + left); the
  // others (the two edges, and cropped columns) sum a range, from these tables.
  int64_t centerBegin = 0, centerEnd = 0;
  std::vector<int64_t> borderColumns, borderBegin, borderEnd;
  bool outputRowsDense = false, inputRowsDense = false;  // unit stride along W

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
