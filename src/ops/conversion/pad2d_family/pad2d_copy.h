// The forward pads (aclnnReflectionPad2d, aclnnReplicationPad2d) as one gather, planned in phase 1
// and run in phase 2. Every output element is a byte copy of one input element (the vendor checks
// the results by md5), so the kernel never looks at values: NaN payloads, -0.0 and bool bytes
// pass unchanged. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/tensor_view.h"
#include "ops/conversion/pad2d_family/pad_axis.h"

namespace aclcpu {

struct Pad2dCopyPlan {
  bool compute = false;  // false for the empty cases: phase 2 then writes nothing
  TensorView self, out;  // rank 3 or 4, equal leading dims
  size_t elementBytes = 0;
  int64_t planes = 0;      // product of the leading dims
  PadAxis rows, cols;      // H and W
  bool rowsDense = false;  // self and out both have unit stride along W: the copied block is one memcpy
  // A large dense out is written with streaming stores: it would not stay in cache for its consumer,
  // and skipping the read-for-ownership of its lines saves a third of the traffic.
  // Each thread composes its block's rows in a stage of stageBytes in the workspace first.
  bool streamOut = false;
  size_t stageBytes = 0, workspaceBytes = 0;
  // The output columns outside the copied block and the input column each copies, decided once.
  std::vector<int64_t> borderColumns, borderSources;
  // Work: planes x Hout output rows, in fixed blocks of rowsPerBlock.
  int64_t rowsPerBlock = 1, numBlocks = 0;
  int threads = 1;
};

// Phase 1: everything phase 2 needs; `pad` is [left, right, top, bottom] and has passed the checks.
void PlanPad2dCopy(PadMode mode, const TensorView &self, const TensorView &out, const std::vector<int64_t> &pad,
                   Pad2dCopyPlan *plan);
// Phase 2 body: writes every element of out exactly once and nothing else.
void RunPad2dCopy(const Pad2dCopyPlan &plan, const void *self, void *out, void *workspace);

}  // namespace aclcpu
