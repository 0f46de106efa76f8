// The plan phase 1 of aclnnEmbeddingDenseBackward builds and phase 2 executes (docs/ops/embedding.md §3).
// Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

struct EmbeddingDenseBackwardPlan {
  TensorView gradRows;  // grad without its last dim: one element per grad row
  DType gradType = DType::kF32;
  int64_t gradColStride = 1;
  TensorView indices;  // any rank and dtype of the list; as many elements as grad rows
  TensorView out;      // [numWeights, D]
  int64_t rows = 0;    // R: grad rows = index count
  int64_t cols = 0;    // D
  int64_t numWeights = 0;
  int64_t paddingIdx = -1;  // the unsigned argument read as a signed 64-bit value
  bool scaleGradByFreq = false;
  bool zeroFill = false;  // empty grad or indices: out := 0 only
  int64_t outRowsPerBlock = 1;
  int threads = 1;
  // Workspace, in bytes from its start: key (R int64: the out row of each grad row, or -1), begin (numWeights + 1
  // int64) and order (R int64: grad rows sorted by out row, ascending within a row).
  size_t keyOffset = 0, beginOffset = 0, orderOffset = 0, workspaceBytes = 0;
};

void PlanEmbeddingDenseBackwardWorkspace(EmbeddingDenseBackwardPlan *p);
// Returns 0, or ACL_ERROR_RT_AICORE_EXCEPTION (nothing written) when an index other than paddingIdx lies outside
// [0, numWeights).
int RunEmbeddingDenseBackward(const EmbeddingDenseBackwardPlan &plan, const void *grad, const void *indices, void *out,
                              void *workspace);

}  // namespace aclcpu
