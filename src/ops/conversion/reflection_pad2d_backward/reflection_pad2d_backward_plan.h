// The plan phase 1 of aclnnReflectionPad2dBackward builds and phase 2 executes. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/tensor_view.h"
#include "ops/conversion/pad2d_family/pad2d_backward_geometry.h"

namespace aclcpu {

// The output cells (rows or columns) that copy one input cell.
struct SourceList {
  int count = 0;
  int64_t at[3] = {};
};

// The family's geometry (rows and cols in reflect mode), and:
struct ReflectionPad2dBackwardPlan : Pad2dBackwardGeometry {
  bool compute = false;  // false for the empty cases: phase 2 then writes nothing
  // Input columns [centerBegin, centerEnd) are fed only by output column (column + left): a shifted
  // copy (or a sum of up to three rows). All other columns take the general path.
  int64_t centerBegin = 0, centerEnd = 0;
  // Decided once in phase 1 so that phase 2 only looks them up: the sources of every input row, and
  // the input columns outside the centre with their sources.
  std::vector<SourceList> rowSources;
  std::vector<int64_t> borderColumns;
  std::vector<SourceList> borderSources;

  // Work: planes x H input rows, in fixed blocks of rowsPerBlock (no reductions across blocks).
  int64_t rowsPerBlock = 1, numBlocks = 0;
  int threads = 1;
  // Per-thread staging for rows that are not dense: 3 gradOutput rows and 1 gradInput row.
  size_t stageRowBytes = 0, stageStride = 0, workspaceBytes = 0;
};

// Phase 2 body: writes every element of gradInput exactly once.
void RunReflectionPad2dBackward(const ReflectionPad2dBackwardPlan &plan, const void *gradOutput, void *gradInput,
                                void *workspace);

}  // namespace aclcpu
