// The plan phase 1 of the softmax family builds and phase 2 runs: every tensor seen as rows of n values
// along `dim`, the other dims coalesced, the rows walked one at a time (rows with unit stride) or as tiles
// of up to kMaxTileWidth rows side by side (rows strided, e.g. softmax over a non-last dim). Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"
#include "ops/activation/softmax_family/softmax_kernels.h"

namespace aclcpu {

// One tensor as rows: element k of row r sits at offset + RowOffset(r) + k * dimStride.
struct SoftmaxGeometry {
  DType dtype = DType::kF32;
  int64_t offset = 0;
  int64_t dimStride = 1;
  int64_t strides[kMaxRank] = {};  // per coalesced row dim
};

struct SoftmaxPlan {
  SoftmaxKind kind = SoftmaxKind::kSoftmax;
  int numInputs = 1;
  bool compute = false;  // false: an empty exit, nothing to do
  int64_t n = 1;         // row length (the size of dim)
  int64_t rows = 0;
  int rowRank = 0;  // coalesced dims other than dim
  int64_t rowDims[kMaxRank] = {};
  SoftmaxGeometry in[2], out;

  // Precision (docs/ops/softmax.md "Implementation"): double when the vendor's kernel dtype is DOUBLE,
  // else fp32; inputs first rounded to inputRound and results to resultRound (kOther: no rounding).
  bool f64 = false;
  DType inputRound = DType::kOther, resultRound = DType::kOther;

  // Work: rows one at a time, or tiles of tileWidth rows along the last row dim (lineLen rows per line).
  bool rowPath = true;
  int64_t lineLen = 1, tileWidth = 1, tilesPerLine = 1;
  // Tile path on tensors all of one dtype (FLOAT, FLOAT16 or BF16) whose tile rows are contiguous: no tile copies.
  bool tilesInPlace = false;
  // Row path on tensors that are all one 16-bit dtype with unit-stride rows and no intermediate rounding: the
  // kernel reads and writes them in place, converting in registers (no fp32 copies, no chunks).
  bool rows16 = false;
  int64_t chunkRows = 1;  // row path: rows converted per call (consecutive dense rows, short ones)
  int64_t units = 0, unitsPerBlock = 1, numBlocks = 0;
  int threads = 1;
  // A large output whose rows have unit stride is written with streaming stores from an L1 copy: it would
  // not stay in cache for its consumer, and skipping the read-for-ownership saves a third of the traffic.
  bool streamOut = false;

  // An out overlapping an input other than exactly (vendor: a temporary, then ViewCopy): the results go
  // to a dense copy in the workspace, scattered into realOut at the end.
  bool viaTemp = false;
  TensorView realOut;
  size_t tempOffset = 0;
  size_t scratchOffset = 0, scratchStride = 0;  // per thread
  size_t workspaceBytes = 0;
};

// Fills the plan for non-empty views. `kernelDtype` is the dtype the vendor's kernel computes in: results are
// rounded to it before out's conversion, and so are the inputs when `roundInputs` (LogSoftmax).
void PlanSoftmax(SoftmaxKind kind, const TensorView *inputs, int numInputs, const TensorView &out, int dim,
                 DType kernelDtype, bool roundInputs, bool viaTemp, SoftmaxPlan *plan);

// Phase 2: inputs[i] and out are storage element 0 of each tensor.
void RunSoftmax(const SoftmaxPlan &plan, const void *const *inputs, void *out, void *workspace);

}  // namespace aclcpu
