// The row blocks and workspace of a LayerNorm-family backward plan (LayerNormBackward, RmsNormGrad).
#include "ops/norm/layer_norm_backward/layer_norm_backward_plan.h"

#include <algorithm>

#include "base/executor.h"
#include "base/parallel.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {
namespace {

constexpr int64_t kTargetBlocks = 128;          // enough blocks to balance any thread count
constexpr int64_t kMinRowsPerBlock = 8;         // amortizes the partial-row traffic
constexpr int64_t kMaxPartialBytes = 64 << 20;  // caps the dgamma/dbeta partials in the workspace
// A dense dx at least this large is written with non-temporal stores: it would not stay in
// cache for its consumer anyway, and skipping the read-for-ownership saves a quarter of the traffic.
constexpr int64_t kStreamDxMinBytes = 8 << 20;

}  // namespace

void PlanLayerNormBackwardWorkspace(LayerNormBackwardPlan *p) {
  const int64_t m = p->rows, n = p->cols;
  p->threads = PlanThreads();
  const RowBlocks blocks = SplitRows(m, kMinRowsPerBlock, kTargetBlocks);
  p->rowsPerBlock = blocks.rowsPerBlock;
  p->numBlocks = blocks.numBlocks;
  const bool wantParams = p->wantDgamma || p->wantDbeta;
  // fp32 tensors keep double partials (see the kernels); f16/bf16 ones are far inside their output
  // rounding with fp32 partials.
  p->doublePartials = p->x.dtype == DType::kF32 || !p->centered;
  const int64_t partialBytes = p->doublePartials ? sizeof(double) : sizeof(float);
  const int64_t partialRowBytes = 2 * n * partialBytes;
  if (wantParams && p->numBlocks * partialRowBytes > kMaxPartialBytes) {
    p->numBlocks = std::max<int64_t>(1, kMaxPartialBytes / partialRowBytes);
    p->rowsPerBlock = CeilDiv(m, p->numBlocks);
    p->numBlocks = CeilDiv(m, p->rowsPerBlock);
  }
  const auto cols = static_cast<size_t>(n);
  size_t bytes = 0;
  p->weightOffset = bytes;
  bytes += AlignUp(cols * sizeof(float));
  p->partialsOffset = bytes;
  if (wantParams) bytes += AlignUp(static_cast<size_t>(p->numBlocks) * 2 * cols * static_cast<size_t>(partialBytes));
  const bool dyDense = RowsDense(p->dy, p->beginAxis), xDense = RowsDense(p->x, p->beginAxis);
  const bool dxDense = p->wantDx && RowsDense(p->dx, p->beginAxis);
  p->rowsInPlace =
      dyDense && xDense && p->x.dtype == p->dy.dtype && (!p->wantDx || (dxDense && p->dx.dtype == p->dy.dtype));
  p->scratchStride = p->rowsInPlace ? 0 : 2 * AlignUp(cols * sizeof(float));
  p->dxDirect = dxDense && (p->rowsInPlace || p->dx.dtype == DType::kF32);
  p->streamDx = p->dxDirect && m * n * static_cast<int64_t>(DTypeSize(p->dx.dtype)) >= kStreamDxMinBytes;
  p->scratchOffset = bytes;
  bytes += p->scratchStride * static_cast<size_t>(p->threads);
  p->runSumsStride = wantParams && p->doublePartials ? AlignUp(cols * sizeof(float)) : 0;
  p->runSumsOffset = bytes;
  bytes += p->runSumsStride * static_cast<size_t>(p->threads);
  p->workspaceBytes = bytes;
}

}  // namespace aclcpu
