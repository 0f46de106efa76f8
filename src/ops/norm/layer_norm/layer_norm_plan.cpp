// The row blocks and workspace of a LayerNorm-family forward plan (LayerNorm, RmsNorm, AddRmsNorm).
#include "ops/norm/layer_norm/layer_norm_plan.h"

#include <algorithm>

#include "base/executor.h"
#include "base/parallel.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {
namespace {

constexpr int64_t kTargetBlocks = 64;        // enough blocks to balance any thread count
constexpr int64_t kMinBlockElems = 1 << 14;  // a block holds at least this many elements (or one row)
// A dense out at least this large is written with non-temporal stores: it would not stay in
// cache for its consumer anyway, and skipping the read-for-ownership saves a third of the traffic.
constexpr int64_t kStreamOutMinBytes = 8 << 20;

}  // namespace

void PlanLayerNormWorkspace(LayerNormPlan *p) {
  p->threads = PlanThreads();
  const RowBlocks blocks = SplitRows(p->rows, std::max<int64_t>(1, kMinBlockElems / p->cols), kTargetBlocks);
  p->rowsPerBlock = blocks.rowsPerBlock;
  p->numBlocks = blocks.numBlocks;
  const auto rowBytes = AlignUp(static_cast<size_t>(p->cols) * sizeof(float));
  size_t bytes = 0;
  p->weightOffset = bytes;
  if (p->hasWeight) bytes += rowBytes;
  p->biasOffset = bytes;
  if (p->hasBias) bytes += rowBytes;
  // Rows of x or out that are not dense go through per-thread fp32 rows; a residual sum is always
  // formed in them (x row, residual row, y row).
  const bool xDense = RowsDense(p->x, p->beginAxis), outDense = RowsDense(p->out, p->beginAxis);
  p->scratchStride = p->addResidual ? 3 * rowBytes : xDense && outDense ? 0 : 2 * rowBytes;
  // (0 without stages: the kernel then never offsets a workspace that may be null.)
  p->scratchRowFloats = p->scratchStride == 0 ? 0 : rowBytes / sizeof(float);
  p->streamOut = outDense && p->rows * p->cols * static_cast<int64_t>(DTypeSize(p->out.dtype)) >= kStreamOutMinBytes;
  p->scratchOffset = bytes;
  bytes += p->scratchStride * static_cast<size_t>(p->threads);
  p->workspaceBytes = bytes;
}

}  // namespace aclcpu
