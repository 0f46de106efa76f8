// Phase 1 of the softmax family's kernel side: rows, coalesced dims, precision, work blocks, workspace.
#include <algorithm>

#include "base/executor.h"
#include "base/parallel.h"
#include "ops/activation/softmax_family/softmax_plan.h"

namespace aclcpu {
namespace {

constexpr int64_t kTargetBlocks = 64;        // enough blocks to balance any thread count
constexpr int64_t kMinBlockElems = 1 << 14;  // a block holds at least this many elements (or one unit)
constexpr int64_t kTileBytes = 1 << 20;      // a tile of strided rows (per input) stays in L2
constexpr int64_t kStreamOutMinBytes = 8 << 20;
constexpr int64_t kChunkElems = 2048;  // values per conversion call for short rows (8 KiB of fp32)

bool Is16Bit(DType t) { return t == DType::kF16 || t == DType::kBF16; }

TensorView DenseLike(const TensorView &v) {
  TensorView dense = v;
  dense.offset = 0;
  int64_t stride = 1;
  for (int d = v.rank - 1; d >= 0; --d) {
    dense.strides[d] = stride;
    stride *= v.dims[d];
  }
  return dense;
}

}  // namespace

void PlanSoftmax(SoftmaxKind kind, const TensorView *inputs, int numInputs, const TensorView &out, int dim,
                 DType kernelDtype, bool roundInputs, bool viaTemp, SoftmaxPlan *p) {
  p->kind = kind;
  p->numInputs = numInputs;
  p->compute = true;
  p->viaTemp = viaTemp;
  p->realOut = out;
  const TensorView outView = viaTemp ? DenseLike(out) : out;
  const TensorView *views[3] = {&inputs[0], numInputs > 1 ? &inputs[1] : &inputs[0], &outView};
  SoftmaxGeometry *geoms[3] = {&p->in[0], &p->in[1], &p->out};
  const int rank = out.rank;
  p->n = rank == 0 ? 1 : out.dims[dim];
  for (int t = 0; t < 3; ++t) {
    geoms[t]->dtype = views[t]->dtype;
    geoms[t]->offset = views[t]->offset;
    geoms[t]->dimStride = rank == 0 || p->n == 1 ? 1 : views[t]->strides[dim];
  }
  // The other dims in order, size-1 dims dropped, neighbours merged where every tensor allows it.
  int r = 0;
  for (int d = 0; d < rank; ++d) {
    if (d == dim || out.dims[d] == 1) continue;
    bool merge = r > 0;
    for (int t = 0; t < 3 && merge; ++t) merge = geoms[t]->strides[r - 1] == views[t]->strides[d] * out.dims[d];
    if (merge) {
      p->rowDims[r - 1] *= out.dims[d];
    } else {
      p->rowDims[r++] = out.dims[d];
    }
    for (int t = 0; t < 3; ++t) geoms[t]->strides[r - 1] = views[t]->strides[d];
  }
  p->rowRank = r;
  p->rows = 1;
  for (int d = 0; d < r; ++d) p->rows *= p->rowDims[d];

  p->f64 = kernelDtype == DType::kF64;
  p->resultRound = Is16Bit(kernelDtype) && out.dtype != kernelDtype ? kernelDtype : DType::kOther;
  p->inputRound = DType::kOther;
  for (int i = 0; i < numInputs; ++i)
    if (roundInputs && Is16Bit(kernelDtype) && inputs[i].dtype != kernelDtype) p->inputRound = kernelDtype;

  const int64_t valueBytes = p->f64 ? 8 : 4;
  p->lineLen = r > 0 ? p->rowDims[r - 1] : 1;
  bool unitStride = true;
  for (int i = 0; i < numInputs; ++i) unitStride = unitStride && p->in[i].dimStride == 1;
  // Very long strided rows go one at a time (gathered) rather than in tiles of 16+ rows that would not fit in cache.
  p->rowPath = unitStride || p->lineLen == 1 || p->n * 16 * valueBytes > 4 * kTileBytes;
  int64_t unitElems = p->n;
  bool sameHalf = Is16Bit(out.dtype) && p->inputRound == DType::kOther && p->resultRound == DType::kOther;
  for (int t = 0; t < 3 && sameHalf; ++t) sameHalf = geoms[t]->dtype == out.dtype && geoms[t]->dimStride == 1;
  p->rows16 = p->rowPath && sameHalf;
  if (p->rows16) {
    p->units = p->rows;
    p->scratchStride = AlignUp(static_cast<size_t>(p->n) * sizeof(float));  // Softmax's exponentials
  } else if (p->rowPath) {
    p->units = p->rows;
    // Short rows lying one after another in every tensor go kChunkElems values per conversion call.
    bool consecutive = r <= 1;
    for (int t = 0; t < 3 && consecutive; ++t)
      consecutive = geoms[t]->dimStride == 1 && (r == 0 || geoms[t]->strides[0] == p->n);
    p->chunkRows = consecutive ? std::max<int64_t>(1, kChunkElems / p->n) : 1;
    p->scratchStride = 4 * AlignUp(static_cast<size_t>(p->n * p->chunkRows * valueBytes));
  } else {
    int64_t width = std::clamp<int64_t>(kTileBytes / (p->n * valueBytes), 16, kMaxTileWidth);
    width = std::min(width / 16 * 16, p->lineLen);
    p->tileWidth = width;
    p->tilesPerLine = CeilDiv(p->lineLen, width);
    p->units = p->rows / p->lineLen * p->tilesPerLine;
    p->scratchStride = 2 * AlignUp(static_cast<size_t>(p->n * width * valueBytes));
    unitElems = p->n * width;
    bool inPlace = !p->f64 && p->inputRound == DType::kOther && p->resultRound == DType::kOther;
    const bool storable = out.dtype == DType::kF32 || Is16Bit(out.dtype);  // the kernels' storage types
    for (int t = 0; t < 3 && inPlace; ++t)
      inPlace = storable && geoms[t]->dtype == out.dtype && geoms[t]->strides[r - 1] == 1;
    p->tilesInPlace = inPlace;
    if (inPlace) p->scratchStride = 0;
  }
  const int64_t minUnits = std::max<int64_t>(1, kMinBlockElems / unitElems);
  p->unitsPerBlock = std::max(minUnits, CeilDiv(p->units, kTargetBlocks));
  p->numBlocks = CeilDiv(p->units, p->unitsPerBlock);
  p->threads = PlanThreads();
  const auto outBytes = static_cast<int64_t>(DTypeSize(out.dtype));
  // Streaming goes through an L1 copy of the row: measured (2 threads, 8 M elements) it pays where the memory
  // traffic dominates, the double backward functions' two inputs and rows of 1024+ 16-bit values. fp32 rows are
  // written in place instead, their output row prefetched for writing (softmax_kernels.h): the backward rows
  // 1.2-1.35x faster than streamed, the compute-bound forward rows 5-10 %.
  const bool worthIt = out.dtype == (p->f64 ? DType::kF64 : DType::kF32) ? p->f64 && numInputs == 2 : p->n >= 1024;
  p->streamOut = worthIt && p->rowPath && !p->rows16 && !viaTemp && p->out.dimStride == 1 && outBytes <= valueBytes &&
                 p->rows * p->n * outBytes >= kStreamOutMinBytes;
  p->scratchOffset = 0;
  size_t bytes = p->scratchStride * static_cast<size_t>(p->threads);
  p->tempOffset = bytes;
  if (viaTemp) bytes += AlignUp(static_cast<size_t>(out.Numel()) * DTypeSize(out.dtype));
  p->workspaceBytes = bytes;
}

}  // namespace aclcpu
