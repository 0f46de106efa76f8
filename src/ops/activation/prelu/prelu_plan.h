// The plan phase 1 of aclnnPrelu builds and phase 2 executes. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"
#include "ops/activation/prelu_family/prelu_weight_map.h"

namespace aclcpu {

struct PreluPlan {
  bool compute = false;  // false for the empty cases: phase 2 then writes nothing
  TensorView self, weight, out;
  PreluWeightMap map;  // which weight each element uses (shared with aclnnPreluBackward)
  // The product rounds to the promoted dtype of self and weight before the cast to out's dtype: set
  // when that dtype is FLOAT16 or BF16 and out's is another (the device computes in the promoted dtype).
  bool roundThroughPromoted = false;
  DType promoted = DType::kF32;
  // Dense self and out of one 16-bit dtype: the kernel converts in registers. The product then always
  // rounds once, into that dtype (the promotion is that dtype or FLOAT, so roundThroughPromoted is false).
  bool dense16 = false;
  bool streamOut = false;  // a large dense out (fp32, or dense16) is written with non-temporal stores

  // Work: the flattened elements in fixed blocks of blockElements (no reductions: any split gives the
  // same bits).
  int64_t blockElements = 0, numBlocks = 0;
  int threads = 1;
  // Workspace: the fp32 weights (map.BufferLength()), then per-thread fp32 staging for x and out.
  size_t weightOffset = 0, stageOffset = 0, stageStride = 0, workspaceBytes = 0;
};

struct PreluBuffers {
  const void *self, *weight;
  void *out;
};

// Phase 2 body: writes every element of out exactly once.
void RunPrelu(const PreluPlan &plan, const PreluBuffers &buffers, void *workspace);

}  // namespace aclcpu
