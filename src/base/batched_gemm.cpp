#include "base/batched_gemm.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>

#include "base/convert.h"
#include "base/executor.h"
#include "base/gemm.h"
#include "base/parallel.h"
#include "base/pointwise/element_convert.h"

namespace aclcpu {
namespace {

// Tiles hold about this many outputs, between these many rows, and there are at least kMinTasks of them
// where the shape allows (for any thread count: the cut depends on the shape only).
constexpr int64_t kTileOutputs = 128 * 1024;
constexpr int64_t kMaxTileCols = 512;
constexpr int64_t kMinTileRows = 32, kMaxTileRows = 256;
constexpr int64_t kMinTasks = 8;
// FLOAT results: the K-sum as products of chains of at most this many terms (at least 4 chains where K
// allows, at least 8 terms), added in double. oneDNN's AVX-512 fp32 kernels add a chain's terms one after the
// other, where PyTorch's BLAS splits a long sum 16 ways: with one product per tile our error against float64
// was 1.5-3x PyTorch's at K = 800 (tests/matmul/matmul_torch_test.cpp); ConvTbc made the same choice
// (tbc_geometry.h). 16-bit results cannot see the chain error and keep one product.
constexpr int64_t kMaxChain = 64;
constexpr int64_t kMinChain = kShortSumTerms;  // shorter sums are summed in double (gemm.h: ShortSumF32)
// The tile of a chained sum: its fp32 product (128 KiB) and double sum (256 KiB) stay in L2 between chains.
constexpr int64_t kChainTileCols = 128;
// The A strips a thread packs for a chained tile (rows x K) stay below this: longer sums get fewer rows per tile.
constexpr int64_t kMaxStripBytes = int64_t{8} << 20;
// A staged row whose byte length is a multiple of this gets one cache line of padding: the library reads
// rows 4 KiB apart from few cache sets at a fraction of its speed.
constexpr int64_t kAliasBytes = 4096;
constexpr int64_t kPadElements = 16;
// A stage larger than this (2^50 bytes) is no problem any machine could hold.
constexpr int64_t kMaxStageBytes = int64_t{1} << 50;

int64_t Abs(int64_t v) { return v < 0 ? -v : v; }

// An operand's own batch dims: those it is not broadcast along (its stage and panels hold one matrix per index).
bool OwnsBatchDim(const GemmOperand &op, const BatchedGemmPlan &p, int d) {
  return op.batchStrides[d] != 0 && p.batchDims[d] > 1;
}

// Reads the operand in place when the library can: its dtype, no rounding, and one unit stride with the
// other at least the matrix's extent (a size-1 dim takes any stride).
bool PlanInPlace(GemmOperand *op, const CubeNumerics &numerics) {
  if (op->dtype != numerics.gemmType || numerics.rounding != OperandRounding::kNone) return false;
  if (op->rowStride < 0 || op->colStride < 0) return false;
  for (int64_t s : op->batchStrides)
    if (s < 0) return false;
  const int64_t rows = std::max<int64_t>(op->rows, 1), cols = std::max<int64_t>(op->cols, 1);
  if ((cols == 1 || op->colStride == 1) && (rows == 1 || op->rowStride >= cols)) {  // row-major
    op->trans = false;
    op->ld = rows == 1 ? cols : op->rowStride;
    return true;
  }
  if ((rows == 1 || op->rowStride == 1) && (cols == 1 || op->colStride >= rows)) {  // column-major
    op->trans = true;
    op->ld = cols == 1 ? rows : op->colStride;
    return true;
  }
  return false;
}

// A dense stage per matrix of the operand's own batch: row-major, or column-major (trans) when the view
// steps more slowly along its rows than along its columns (or is one column), so that staging reads runs.
void PlanStage(GemmOperand *op, const BatchedGemmPlan &p, size_t *bytes) {
  op->staged = true;
  op->trans = op->rows > 1 && (op->cols == 1 || Abs(op->rowStride) < Abs(op->colStride));
  const int64_t inner = op->trans ? op->rows : op->cols, outer = op->trans ? op->cols : op->rows;
  const auto esize = static_cast<int64_t>(DTypeSize(p.numerics.gemmType));
  op->ld = inner > 1 && (inner * esize) % kAliasBytes == 0 ? inner + kPadElements : std::max<int64_t>(inner, 1);
  // Overflow here means views of broadcast (stride-0) dims no workspace could stage: refused in phase 1.
  int64_t pitch = 0, stageBytes = 0;
  bool overflow = __builtin_mul_overflow(op->ld, outer, &pitch);
  for (int d = p.batchRank - 1; d >= 0; --d) {
    if (OwnsBatchDim(*op, p, d)) {
      op->stageBatchStrides[d] = pitch;
      overflow = overflow || __builtin_mul_overflow(pitch, p.batchDims[d], &pitch);
    }
  }
  overflow = overflow || __builtin_mul_overflow(pitch, esize, &stageBytes) || stageBytes > kMaxStageBytes;
  if (overflow) {
    *bytes = SIZE_MAX;
    return;
  }
  op->stagedMatrices = pitch / std::max<int64_t>(op->ld * outer, 1);
  op->stageOffset = *bytes;
  *bytes += AlignUp(static_cast<size_t>(stageBytes));
}

// The workspace for b's panels (gemm.h: ChainKernel): one set per matrix of b's own batch.
void PlanPanels(BatchedGemmPlan *p, const ChainKernel &kernel, size_t *bytes) {
  p->chainKernel = &kernel;
  p->panelCols = kernel.panelCols;
  int64_t pitch = 0, panelBytes = 0;
  bool overflow = __builtin_mul_overflow(std::max<int64_t>(p->k, 1), p->panelCols, &p->panelStride) ||
                  __builtin_mul_overflow(p->panelStride, CeilDiv(p->n, p->panelCols), &pitch);
  p->packedMatrices = 1;
  for (int d = p->batchRank - 1; d >= 0; --d) {
    if (!OwnsBatchDim(p->b, *p, d)) continue;
    p->panelBatchStrides[d] = pitch;
    p->packedMatrices *= p->batchDims[d];
    overflow = overflow || __builtin_mul_overflow(pitch, p->batchDims[d], &pitch);
  }
  overflow =
      overflow || __builtin_mul_overflow(pitch, int64_t{sizeof(float)}, &panelBytes) || panelBytes > kMaxStageBytes;
  if (overflow) {
    *bytes = SIZE_MAX;
    return;
  }
  p->panelsOffset = *bytes;
  *bytes += AlignUp(static_cast<size_t>(panelBytes));
}

GemmOperand OperandOf(const GemmMatrixView &v, int64_t rows, int64_t cols, int batchRank) {
  GemmOperand op;
  op.dtype = v.dtype;
  op.offset = v.offset;
  for (int d = 0; d < batchRank; ++d) op.batchStrides[d] = v.batchStrides[d];
  op.rowStride = v.rowStride;
  op.colStride = v.colStride;
  op.rows = rows;
  op.cols = cols;
  return op;
}

}  // namespace

int64_t FloatChainLength(int64_t k) {
  const int64_t chain = std::min(kMaxChain, std::max(kMinChain, CeilDiv(k, 4)));
  return chain >= k ? 0 : chain;  // one chain: one product
}

BatchedGemmPlan PlanBatchedGemm(const GemmShape &shape, const GemmMatrixView &a, const GemmMatrixView &b,
                                const GemmMatrixView &out, const CubeNumerics &numerics, const GemmMatrixView *self,
                                double alpha, double beta, bool useProduct) {
  BatchedGemmPlan p;
  p.batchRank = shape.batchRank;
  for (int d = 0; d < shape.batchRank; ++d) {
    p.batchDims[d] = shape.batchDims[d];
    p.batch *= shape.batchDims[d];
  }
  p.m = shape.m;
  p.n = shape.n;
  p.k = shape.k;
  p.numerics = numerics;
  const bool product = useProduct && p.k > 0;
  p.a = OperandOf(a, p.m, p.k, p.batchRank);
  p.b = OperandOf(b, p.k, p.n, p.batchRank);
  size_t bytes = 0;
  if (product) {
    if (!PlanInPlace(&p.a, numerics)) PlanStage(&p.a, p, &bytes);
    if (bytes != SIZE_MAX && !PlanInPlace(&p.b, numerics)) PlanStage(&p.b, p, &bytes);
    if (bytes == SIZE_MAX) {
      p.tooLarge = true;
      return p;
    }
  }

  GemmResult &c = p.c;
  c.dtype = out.dtype;
  c.offset = out.offset;
  for (int d = 0; d < p.batchRank; ++d) c.batchStrides[d] = out.batchStrides[d];
  c.rowStride = out.rowStride;
  c.colStride = out.colStride;
  c.useProduct = product;
  c.alpha = alpha;
  c.beta = beta;
  c.useSelf = self != nullptr;
  // FLOAT results, and float64 ones (the conv family's gradWeight: each image's product in double).
  const bool floatSum =
      product && numerics.kernelType == DType::kOther && (out.dtype == DType::kF32 || out.dtype == DType::kF64);
  if (floatSum) p.chain = FloatChainLength(p.k);
  // One chain (K <= kMinChain = kShortSumTerms) of fp32 operands: summed in double, rounded once.
  p.shortSum = floatSum && p.chain == 0 && numerics.gemmType == DType::kF32;
  const ChainKernel &kernel = ChainKernelForCpu();
  if (p.chain > 0 && numerics.gemmType == DType::kF32 && kernel.panelCols > 0) {
    p.chainKernel = &kernel;
    p.panelCols = kernel.panelCols;
  }
  c.selfStartsSum = p.chain > 0 && c.useSelf && alpha == 1.0 && beta == 1.0 && out.dtype == DType::kF32;
  c.epilogue = !c.selfStartsSum && (c.useSelf || alpha != 1.0 || !product);
  if (self != nullptr) {
    c.selfType = self->dtype;
    c.selfOffset = self->offset;
    c.selfRowStride = self->rowStride;
    c.selfColStride = self->colStride;
    for (int d = 0; d < p.batchRank; ++d) c.selfBatchStrides[d] = self->batchStrides[d];
  }
  // A chained sum is rounded from double, never written by the library.
  c.direct = product && p.chain == 0 && !c.epilogue && numerics.kernelType == DType::kOther &&
             out.dtype == DType::kF32 && (p.n == 1 || out.colStride == 1) &&
             out.rowStride >= std::max<int64_t>(p.n, 1) && out.rowStride >= 0;
  for (int d = 0; d < p.batchRank && c.direct; ++d) c.direct = out.batchStrides[d] >= 0;
  p.tileCols = std::min(std::max<int64_t>(p.n, 1), p.chain > 0 ? kChainTileCols : kMaxTileCols);
  p.tileRows = std::clamp(kTileOutputs / p.tileCols, kMinTileRows, kMaxTileRows);
  p.tilesN = CeilDiv(p.n, p.tileCols);
  while (p.tileRows > kMinTileRows && p.batch * CeilDiv(p.m, p.tileRows) * p.tilesN < kMinTasks) p.tileRows /= 2;
  p.tileRows = std::min(p.tileRows, std::max<int64_t>(p.m, 1));
  if (p.panelCols > 0) {  // the engine's kernel packs each tile's rows of A into strips (gemm.h: ChainKernel)
    const int64_t sr = kernel.stripRows;
    while (p.tileRows > sr && CeilDiv(p.tileRows, sr) * sr * p.k * int64_t{sizeof(float)} > kMaxStripBytes)
      p.tileRows = std::max(sr, p.tileRows / 2);
    p.stripFloats = CeilDiv(p.tileRows, sr) * sr * p.k;
    // An A shared by the whole batch (a convolution's weight): tasks run row blocks outermost, so that a thread's
    // consecutive tiles reuse its strips across the batch instead of packing them once per batch element.
    bool aShared = true;
    for (int d = 0; d < p.batchRank; ++d) aShared = aShared && !OwnsBatchDim(p.a, p, d);
    p.rowsOuter = aShared && p.batch > 1;
  }
  p.tilesM = CeilDiv(p.m, p.tileRows);
  p.sumLd = p.panelCols > 0 ? CeilDiv(p.tileCols, p.panelCols) * p.panelCols : p.tileCols;
  if (p.panelCols > 0) {
    // One row block: each tile's panels are read by that tile alone, so its thread packs them into its scratch,
    // where they stay in L2, instead of a pass over all of B out to memory and back before the tiles (27 % of
    // ResNet-50's 256->64 1x1 forward, m = 64, on the AVX2 machine).
    p.panelsPerTile = p.tilesM == 1 && p.k <= kMaxStripBytes / (p.sumLd * int64_t{sizeof(float)});
    if (p.panelsPerTile) {
      p.panelStride = p.k * p.panelCols;
    } else {
      PlanPanels(&p, kernel, &bytes);
      if (bytes == SIZE_MAX) {
        p.tooLarge = true;
        return p;
      }
    }
  }
  p.tasks = p.batch * p.tilesM * p.tilesN;
  p.threads = PlanThreads();
  // Per thread: the fp32 tile, then a row of doubles for the epilogue's self, one for its results, a 16-bit row
  // for roundings through FLOAT16/BF16 (also the staging rows), and for the engine's kernel the tile's A strips
  // with the address they were packed from, and the tile's B panels where the tile packs them.
  const int64_t rowElems = std::max({p.tileCols, p.m, p.n, p.k, int64_t{1}});
  p.scratchOffset = bytes;
  p.scratchStride =
      AlignUp(static_cast<size_t>(p.tileRows * p.tileCols) * sizeof(float)) +
      (p.chain > 0 ? AlignUp(static_cast<size_t>(p.tileRows * p.sumLd) * sizeof(double)) : 0) +
      2 * AlignUp(static_cast<size_t>(rowElems) * sizeof(double)) +
      AlignUp(static_cast<size_t>(rowElems) * sizeof(uint16_t)) +
      (p.stripFloats > 0 ? AlignUp(sizeof(const void *)) + AlignUp(static_cast<size_t>(p.stripFloats) * sizeof(float))
                         : 0) +
      (p.panelsPerTile ? AlignUp(static_cast<size_t>(p.k * p.sumLd) * sizeof(float)) : 0);
  p.workspaceBytes = bytes + p.scratchStride * static_cast<size_t>(p.threads);
  return p;
}

namespace {

struct Scratch {
  float *tile;
  double *sum;  // chained sums only
  double *selfRow, *outRow;
  uint16_t *row16;
  // The engine's kernel only: the A strips of the thread's last tile, and where in A they were packed from (a
  // thread's consecutive tiles share their rows: static blocks, columns fastest).
  const void **stripsFrom;
  float *strips;
  float *panels;  // the tile's B panels (BatchedGemmPlan::panelsPerTile)
};

class GemmRunner {
 public:
  GemmRunner(const BatchedGemmPlan &p, const void *a, const void *b, void *out, const void *self, void *ws)
      : p_(p),
        a_(static_cast<const char *>(a)),
        b_(static_cast<const char *>(b)),
        out_(static_cast<char *>(out)),
        self_(static_cast<const char *>(self)),
        ws_(static_cast<char *>(ws)) {}

  bool Run() const {
    if (p_.c.useProduct) {
      Stage(p_.a, a_);
      Stage(p_.b, b_);
      PackPanels();
      if (p_.stripFloats > 0)
        for (int t = 0; t < p_.threads; ++t) *ScratchOf(t).stripsFrom = nullptr;
    }
    // A library refusal (never expected for the shapes planned here) fails the launch; set by any thread.
    std::atomic<bool> refused{false};
    ParallelFor(p_.tasks, p_.threads, [&](int64_t task, int thread) {
      if (!Tile(task, thread)) refused.store(true, std::memory_order_relaxed);
    });
    return !refused.load();
  }

 private:
  Scratch ScratchOf(int thread) const {
    char *base = ws_ + p_.scratchOffset + p_.scratchStride * static_cast<size_t>(thread);
    const int64_t rowElems = std::max({p_.tileCols, p_.m, p_.n, p_.k, int64_t{1}});
    const auto tile = static_cast<size_t>(p_.tileRows * p_.tileCols);
    const size_t sumBytes = p_.chain > 0 ? AlignUp(static_cast<size_t>(p_.tileRows * p_.sumLd) * sizeof(double)) : 0;
    const size_t tileBytes = AlignUp(tile * sizeof(float)) + sumBytes;
    const size_t rowBytes = AlignUp(static_cast<size_t>(rowElems) * sizeof(double));
    char *stripsAt = base + tileBytes + 2 * rowBytes + AlignUp(static_cast<size_t>(rowElems) * sizeof(uint16_t));
    return {reinterpret_cast<float *>(base),
            reinterpret_cast<double *>(base + AlignUp(tile * sizeof(float))),
            reinterpret_cast<double *>(base + tileBytes),
            reinterpret_cast<double *>(base + tileBytes + rowBytes),
            reinterpret_cast<uint16_t *>(base + tileBytes + 2 * rowBytes),
            reinterpret_cast<const void **>(stripsAt),
            reinterpret_cast<float *>(stripsAt + AlignUp(sizeof(const void *))),
            reinterpret_cast<float *>(stripsAt + AlignUp(sizeof(const void *)) +
                                      AlignUp(static_cast<size_t>(p_.stripFloats) * sizeof(float)))};
  }

  // Batch element `index` (row-major over the batch dims) as offsets through `strides`.
  int64_t BatchOffset(int64_t index, const int64_t *strides) const {
    int64_t off = 0;
    for (int d = p_.batchRank - 1; d >= 0; --d) {
      off += index % p_.batchDims[d] * strides[d];
      index /= p_.batchDims[d];
    }
    return off;
  }

  // Converts every matrix of a staged operand (its own batch, once each) into its stage, with the operand
  // rounding; each stage row (a row, or a column when trans) is one strided run of the view.
  void Stage(const GemmOperand &op, const char *src) const {
    if (!op.staged) return;
    const int64_t inner = op.trans ? op.rows : op.cols, outer = op.trans ? op.cols : op.rows;
    const int64_t innerStride = op.trans ? op.rowStride : op.colStride;
    const int64_t outerStride = op.trans ? op.colStride : op.rowStride;
    const auto esize = static_cast<int64_t>(DTypeSize(op.dtype));
    char *stage = ws_ + op.stageOffset;
    const DType gemmType = p_.numerics.gemmType;
    // The matrices of the operand's own batch: batch elements whose indices are 0 along broadcast dims.
    ParallelFor(op.stagedMatrices * outer, p_.threads, [&](int64_t item, int thread) {
      const int64_t matrix = item / outer, line = item % outer;
      int64_t rest = matrix, srcOff = op.offset, dstOff = 0;
      for (int d = p_.batchRank - 1; d >= 0; --d) {
        if (op.stageBatchStrides[d] == 0) continue;
        const int64_t idx = rest % p_.batchDims[d];
        rest /= p_.batchDims[d];
        srcOff += idx * op.batchStrides[d];
        dstOff += idx * op.stageBatchStrides[d];
      }
      srcOff += line * outerStride;
      dstOff += line * op.ld;
      const char *from = src + srcOff * esize;
      if (gemmType == DType::kBF16) {  // bf16 operands of a bf16 product: only the layout changes
        auto *to = reinterpret_cast<uint16_t *>(stage) + dstOff;
        const auto *f = reinterpret_cast<const uint16_t *>(from);
        for (int64_t j = 0; j < inner; ++j) to[j] = f[j * innerStride];
        return;
      }
      float *to = reinterpret_cast<float *>(stage) + dstOff;
      LoadRun(op.dtype, from, innerStride, ComputeType::kF32, to, inner);
      if (p_.numerics.rounding == OperandRounding::kHf32) RoundToHf32(to, inner);
      if (p_.numerics.rounding == OperandRounding::kF16) {
        uint16_t *tmp = ScratchOf(thread).row16;
        StoreFromF32(DType::kF16, to, tmp, inner);
        LoadAsF32(DType::kF16, tmp, to, inner);
      }
    });
  }

  // Every matrix of b's own batch into its panels (gemm.h: ChainKernel), one panel per item.
  void PackPanels() const {
    if (p_.panelCols == 0 || p_.panelsPerTile) return;
    const int64_t perMatrix = CeilDiv(p_.n, p_.panelCols);
    auto *panels = reinterpret_cast<float *>(ws_ + p_.panelsOffset);
    ParallelFor(p_.packedMatrices * perMatrix, p_.threads, [&](int64_t item, int) {
      const int64_t matrix = item / perMatrix, panel = item % perMatrix;
      // The product batch index that reads this matrix: its indices along b's own dims, 0 along the others.
      int64_t rest = matrix, batch = 0, scale = 1;
      for (int d = p_.batchRank - 1; d >= 0; --d) {
        if (p_.panelBatchStrides[d] != 0) {
          batch += rest % p_.batchDims[d] * scale;
          rest /= p_.batchDims[d];
        }
        scale *= p_.batchDims[d];
      }
      const int64_t first = panel * p_.panelCols;
      const auto *b = reinterpret_cast<const float *>(OperandAt(p_.b, b_, batch, first, false));
      p_.chainKernel->pack(p_.b.trans, p_.k, std::min(p_.panelCols, p_.n - first), b, p_.b.ld,
                           panels + BatchOffset(batch, p_.panelBatchStrides) + panel * p_.panelStride);
    });
  }

  // Where the library reads operand `op` for batch element `batch`, from row/column `first` of its
  // rows (a) or columns (b) on.
  const char *OperandAt(const GemmOperand &op, const char *src, int64_t batch, int64_t first, bool isA) const {
    const auto esize = static_cast<int64_t>(DTypeSize(p_.numerics.gemmType));
    int64_t off =
        op.staged ? BatchOffset(batch, op.stageBatchStrides) : op.offset + BatchOffset(batch, op.batchStrides);
    // a: rows of op(A) are rows of a row-major stage or columns of a transposed one; b: the reverse.
    const bool stepByLd = isA ? !op.trans : op.trans;
    off += first * (stepByLd ? op.ld : 1);
    return (op.staged ? ws_ + op.stageOffset : src) + off * esize;
  }

  // Doubles per row of a chained tile's sum with `cols` columns: the library's products are dense, the engine's
  // kernel writes whole panels.
  int64_t SumLd(int64_t cols) const { return p_.panelCols > 0 ? p_.sumLd : cols; }

  // Element (r, j) of self for product `batch`.
  const char *SelfAt(int64_t batch, int64_t r, int64_t j) const {
    const GemmResult &c = p_.c;
    const int64_t element =
        c.selfOffset + BatchOffset(batch, c.selfBatchStrides) + r * c.selfRowStride + j * c.selfColStride;
    return self_ + element * static_cast<int64_t>(DTypeSize(c.selfType));
  }

  bool Tile(int64_t task, int thread) const {
    const int64_t perBatch = p_.tilesM * p_.tilesN, perRowBlock = p_.batch * p_.tilesN;
    const int64_t batch = p_.rowsOuter ? task % perRowBlock / p_.tilesN : task / perBatch;
    const int64_t tm = p_.rowsOuter ? task / perRowBlock : task % perBatch / p_.tilesN, tn = task % p_.tilesN;
    const int64_t i0 = tm * p_.tileRows, j0 = tn * p_.tileCols;
    const int64_t rows = std::min(p_.tileRows, p_.m - i0), cols = std::min(p_.tileCols, p_.n - j0);
    const GemmResult &c = p_.c;
    const int64_t outBase = c.offset + BatchOffset(batch, c.batchStrides);
    const Scratch s = ScratchOf(thread);
    float *dst = s.tile;
    int64_t ldc = cols;
    if (c.direct) {
      dst = reinterpret_cast<float *>(out_) + outBase + i0 * c.rowStride + j0 * c.colStride;
      ldc = rows == 1 ? std::max<int64_t>(cols, 1) : c.rowStride;
    }
    if (c.useProduct) {
      const char *a = OperandAt(p_.a, a_, batch, i0, true), *b = OperandAt(p_.b, b_, batch, j0, false);
      if (p_.shortSum) {
        ShortSumF32(p_.a.trans, p_.b.trans, rows, cols, p_.k, reinterpret_cast<const float *>(a), p_.a.ld,
                    reinterpret_cast<const float *>(b), p_.b.ld, dst, ldc);
      } else if (p_.chain == 0) {
        if (!Product(a, b, 0, p_.k, rows, cols, dst, ldc)) return false;
      } else {  // chains in K order, each product added to the double sum, then rounded once per row below
        if (c.selfStartsSum) {
          for (int64_t i = 0; i < rows; ++i)
            LoadRun(c.selfType, SelfAt(batch, i0 + i, j0), c.selfColStride, ComputeType::kF64, s.sum + i * SumLd(cols),
                    cols);
        }
        if (p_.panelCols > 0) {
          const float *panels = s.panels;
          if (p_.panelsPerTile) {
            for (int64_t j = 0; j < cols; j += p_.panelCols) {
              const auto *from = reinterpret_cast<const float *>(OperandAt(p_.b, b_, batch, j0 + j, false));
              p_.chainKernel->pack(p_.b.trans, p_.k, std::min(p_.panelCols, cols - j), from, p_.b.ld,
                                   s.panels + j / p_.panelCols * p_.panelStride);
            }
          } else {
            panels = reinterpret_cast<const float *>(ws_ + p_.panelsOffset) + BatchOffset(batch, p_.panelBatchStrides) +
                     j0 / p_.panelCols * p_.panelStride;
          }
          if (*s.stripsFrom != a) {
            p_.chainKernel->packStrips(p_.a.trans, rows, p_.k, reinterpret_cast<const float *>(a), p_.a.ld, s.strips);
            *s.stripsFrom = a;
          }
          p_.chainKernel->tile(rows, cols, p_.k, p_.chain, s.strips, panels, p_.panelStride, s.sum, p_.sumLd,
                               !c.selfStartsSum);
        } else {
          for (int64_t k0 = 0; k0 < p_.k; k0 += p_.chain) {
            if (!Product(a, b, k0, std::min(p_.chain, p_.k - k0), rows, cols, s.tile, cols)) return false;
            AddProductToSum(s.sum, s.tile, rows * cols, k0 == 0 && !c.selfStartsSum);
          }
        }
      }
    } else {
      std::fill(dst, dst + rows * cols, 0.0f);
    }
    if (c.direct) return true;
    const auto outSize = static_cast<int64_t>(DTypeSize(c.dtype));
    for (int64_t i = 0; i < rows; ++i) {
      float *row = s.tile + i * cols;
      const double *sumRow = p_.chain > 0 ? s.sum + i * SumLd(cols) : nullptr;
      if (sumRow != nullptr && !c.epilogue) {  // a chained FLOAT result: one rounding from double
        if (c.dtype == DType::kF64) {          // a float64 result keeps the double sum
          StoreRun(ComputeType::kF64, sumRow, c.dtype,
                   out_ + (outBase + (i0 + i) * c.rowStride + j0 * c.colStride) * outSize, c.colStride, cols);
          continue;
        }
        NarrowSum(sumRow, row, cols);
        StoreRun(ComputeType::kF32, row, c.dtype,
                 out_ + (outBase + (i0 + i) * c.rowStride + j0 * c.colStride) * outSize, c.colStride, cols);
        continue;
      }
      // The kernel's own rounding first, unless storing into out rounds to the same dtype anyway.
      const bool sameRounding = p_.numerics.kernelType == c.dtype && !c.epilogue;
      if (p_.numerics.kernelType != DType::kOther && c.useProduct && !sameRounding) {
        StoreFromF32(p_.numerics.kernelType, row, s.row16, cols);
        LoadAsF32(p_.numerics.kernelType, s.row16, row, cols);
      }
      char *to = out_ + (outBase + (i0 + i) * c.rowStride + j0 * c.colStride) * outSize;
      if (!c.epilogue) {
        StoreRun(ComputeType::kF32, row, c.dtype, to, c.colStride, cols);
        continue;
      }
      if (c.dtype == DType::kF16 || c.dtype == DType::kBF16) {  // a 16-bit out: fp32 arithmetic is plenty
        Epilogue16(row, batch, i0 + i, j0, cols, s, to);
        continue;
      }
      // beta * self + alpha * product in double, rounded once to out.
      if (c.useSelf) {
        LoadRun(c.selfType, SelfAt(batch, i0 + i, j0), c.selfColStride, ComputeType::kF64, s.selfRow, cols);
      }
      for (int64_t j = 0; j < cols; ++j) {
        const double product = sumRow != nullptr ? sumRow[j] : static_cast<double>(row[j]);
        double v = c.useProduct ? c.alpha * product : 0.0;
        if (c.useSelf) v = c.useProduct ? v + c.beta * s.selfRow[j] : c.beta * s.selfRow[j];
        s.outRow[j] = v;
      }
      StoreRun(ComputeType::kF64, s.outRow, c.dtype, to, c.colStride, cols);
    }
    return true;
  }

  // C (ldc) = op(A) op(B) over K terms [k0, k0 + kc) of the tile whose operands start at a and b.
  bool Product(const char *a, const char *b, int64_t k0, int64_t kc, int64_t rows, int64_t cols, float *c,
               int64_t ldc) const {
    const auto esize = static_cast<int64_t>(DTypeSize(p_.numerics.gemmType));
    // K runs along a's columns (a row-major a) or rows (transposed), and along b's rows or columns.
    a += k0 * (p_.a.trans ? p_.a.ld : 1) * esize;
    b += k0 * (p_.b.trans ? 1 : p_.b.ld) * esize;
    if (p_.numerics.gemmType == DType::kBF16) {
      return GemmBF16(p_.a.trans, p_.b.trans, rows, cols, kc, reinterpret_cast<const uint16_t *>(a), p_.a.ld,
                      reinterpret_cast<const uint16_t *>(b), p_.b.ld, c, ldc);
    }
    return GemmF32(p_.a.trans, p_.b.trans, rows, cols, kc, reinterpret_cast<const float *>(a), p_.a.ld,
                   reinterpret_cast<const float *>(b), p_.b.ld, c, ldc);
  }

  // beta * self + alpha * product for one row of a 16-bit out, in fp32 (errors of 2^-24 ahead of the 2^-8 or
  // 2^-11 of the final rounding), with the vector conversions of fp32 runs: the double route cost as much as
  // the product itself for bf16 (2048 x 512 x 512 Addmm: 0.7 of 1.8 ms).
  void Epilogue16(float *row, int64_t batch, int64_t r, int64_t j0, int64_t cols, const Scratch &s, char *to) const {
    const GemmResult &c = p_.c;
    auto *self = reinterpret_cast<float *>(s.selfRow);
    if (c.useSelf) LoadRun(c.selfType, SelfAt(batch, r, j0), c.selfColStride, ComputeType::kF32, self, cols);
    const auto alpha = static_cast<float>(c.alpha), beta = static_cast<float>(c.beta);
    for (int64_t j = 0; j < cols; ++j) {
      const float product = c.useProduct ? alpha * row[j] : 0.0f;
      row[j] = c.useSelf ? (c.useProduct ? product + beta * self[j] : beta * self[j]) : product;
    }
    StoreRun(ComputeType::kF32, row, c.dtype, to, c.colStride, cols);
  }

  const BatchedGemmPlan &p_;
  const char *a_, *b_;
  char *out_;
  const char *self_;
  char *ws_;
};

}  // namespace

bool RunBatchedGemm(const BatchedGemmPlan &plan, const void *a, const void *b, void *out, const void *self,
                    void *workspace) {
  if (plan.m == 0 || plan.n == 0 || plan.batch == 0) return true;
  return GemmRunner(plan, a, b, out, self, workspace).Run();
}

}  // namespace aclcpu
