// The plan phase 1 of aclnnReflectionPad2dBackward builds and phase 2 executes. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/tensor_view.h"
#include "ops/pad2d_family/pad_axis.h"

namespace aclcpu {

// The output cells (rows or columns) that copy one input cell.
struct SourceList {
  int count = 0;
  int64_t at[3] = {};
};

struct ReflectionPad2dBackwardPlan {
  bool compute = false;              // false for the empty cases: phase 2 then writes nothing
  TensorView gradOutput, gradInput;  // rank 3 or 4; the leading dims are equal
  DType scalar = DType::kF32;        // storage type of one component (kF32, kF64, kF16, kBF16)
  int components = 1;                // 2 for complex dtypes: real and imaginary parts add independently
  int64_t planes = 0;                // product of the leading dims
  PadAxis rows, cols;                // H and W, reflect mode
  // Input columns [centerBegin, centerEnd) are fed only by output column (column + left): a shifted
  // copy (or a sum of up to three rows). All other columns take the general path.
  int64_t centerBegin = 0, centerEnd = 0;
  bool outputRowsDense = false, inputRowsDense = false;  // unit stride along W
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
