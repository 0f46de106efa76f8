// The plan phase 1 of aclnnEmbedding builds and phase 2 executes (docs/ops/embedding.md §3). Kernel-facing.
#pragma once

#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

struct EmbeddingPlan {
  TensorView weight;   // [V, D]
  TensorView indices;  // any rank, INT32 or INT64
  TensorView outRows;  // out without its last dim: one element per position
  int64_t outColStride = 1;
  int64_t positions = 0;  // indices' element count
  int64_t rowsPerBlock = 1;
  int threads = 1;
};

// Gathers every row; returns 0, or ACL_ERROR_RT_AICORE_EXCEPTION (nothing written) when an index lies outside
// [0, V): every index is checked first, so nothing outside weight is read.
int RunEmbedding(const EmbeddingPlan &plan, const void *weight, const void *indices, void *out);

}  // namespace aclcpu
