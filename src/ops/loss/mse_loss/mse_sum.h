// aclnnMseLoss's mean and sum (docs/ops/loss.md §6): Σ (a − b)² over the broadcast shape in fixed blocks of
// kReduceChunk elements, each block summed in double by the reduction engine's striped order, the block sums
// added in block order; so the bits do not depend on the thread count. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

struct MseSumPlan {
  bool mean = false;
  int rank = 0;  // the broadcast shape without its size-1 dims
  int64_t dims[kMaxRank] = {};
  TensorView a, b;  // strides over dims (0 where broadcast), dtype and offset of each input
  TensorView out;
  DType through = DType::kOther;
  int64_t numel = 0, numBlocks = 0;
  int threads = 1;
  size_t scratchStride = 0, sumsOffset = 0, workspaceBytes = 0;
};

// `self`, `target` as given; `shape` their broadcast shape.
MseSumPlan PlanMseSum(const TensorView &self, const TensorView &target, const int64_t *shape, int shapeRank,
                      const TensorView &out, DType through, bool mean);
void RunMseSum(const MseSumPlan &plan, const void *a, const void *b, void *out, void *workspace);

}  // namespace aclcpu
