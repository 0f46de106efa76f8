#include "base/pointwise/pointwise.h"

#include <algorithm>
#include <cstring>

#include "base/convert.h"
#include "base/executor.h"
#include "base/parallel.h"
#include "base/pointwise/runs.h"
#include "base/stream_copy.h"

namespace aclcpu {
namespace {

// Blocks of 4 KiB per compute buffer (1024 fp32): a staged block's loads, kernel and stores then move every
// stream forward together, as the hardware prefetchers like. fp16 Add 4096x4096 on 2 threads: 44 GB/s with
// 4 KiB against 24 with 16 KiB and 28 with 256 KiB (the triad bound: 46).
constexpr size_t kBlockBytes = 4096;
// Fewer elements than this per thread are not worth waking another thread for.
constexpr int64_t kMinElementsPerThread = 32768;
// Tiles of transposed operands: 64 columns by 16 KiB of compute values (64 x 64 fp32), so that both a
// transposed operand (read down its columns) and a row-major one move runs of 64 elements per row. Add with a
// transposed 4096x4096 fp32 self on 2 threads: 20 ms with 8 x 128 tiles, 13 ms with 64 x 64 (16 x 64: 14.5,
// 128 x 32: 12.6, 128 x 128: 24); InplaceCopy of a transposed source 13.8 -> 12 ms.
constexpr int64_t kTileCols = 64;
constexpr size_t kTileBytes = 16384;
constexpr int64_t kCacheLine = 64;
// Raw copies whose output is at least this large (several times a core's share of the last-level cache) store
// with streaming stores: no read-for-ownership of lines no consumer will find in cache. Kernel outputs do not:
// staging them through the block's buffer for a streaming copy cost more than it saved on this AMD machine
// (4096x4096 fp32 on 2 threads, interleaved runs: Exp 1.65 ms written in place, 2.4 ms staged and streamed;
// Add of a broadcast row 1.87 against 2.22; Cast to FLOAT16 1.36 against 1.5; Add and Mul level).
constexpr int64_t kStreamOutMinBytes = 8 << 20;
// Innermost rows shorter than this are not cut into row blocks: their blocks would be mostly overhead.
constexpr int64_t kMinRowBlockElements = 128;

bool StoredAsCompute(DType d, ComputeType c) {
  switch (c) {
    case ComputeType::kF32: return d == DType::kF32;
    case ComputeType::kF64: return d == DType::kF64;
    case ComputeType::kI64: return d == DType::kI64;
    case ComputeType::kC64: return d == DType::kC64;
    case ComputeType::kC128: return d == DType::kC128;
  }
  return false;
}

bool DenseOver(int rank, const int64_t *dims, const int64_t *strides) {
  int64_t expected = 1;
  for (int d = rank - 1; d >= 0; --d) {
    if (strides[d] != expected) return false;
    expected *= dims[d];
  }
  return true;
}

// The first element of a flat or row block, as an index of the flat iteration.
int64_t BlockFirst(const PointwisePlan &p, int64_t block) {
  if (p.rowBlocks == 0) return block * p.blockElements;
  return block / p.rowBlocks * p.dims[p.rank - 1] + block % p.rowBlocks * p.blockElements;
}

// The elements of `block`: [first, first + n) of the flat iteration (flat and row blocks), or one tile.
int64_t BlockElements(const PointwisePlan &p, int64_t block) {
  if (p.rowBlocks > 0) return std::min(p.blockElements, p.dims[p.rank - 1] - block % p.rowBlocks * p.blockElements);
  if (p.tileRows == 0) return std::min(p.blockElements, p.numel - block * p.blockElements);
  const int64_t tile = block % p.tilesPerPlane, r0 = tile / p.tilesPerRow * p.tileRows;
  const int64_t c0 = tile % p.tilesPerRow * p.tileCols;
  return std::min(p.tileRows, p.dims[p.rank - 2] - r0) * std::min(p.tileCols, p.dims[p.rank - 1] - c0);
}

// The element offset of the flat iteration's element `index` in an operand with these strides.
int64_t OffsetOf(const PointwisePlan &p, const int64_t *strides, int64_t offset, int64_t index) {
  for (int d = p.rank - 1; d >= 0 && index != 0; --d) {
    offset += index % p.dims[d] * strides[d];
    index /= p.dims[d];
  }
  return offset;
}

// A tile: its first element's offset in an operand with these strides, its rows and columns.
struct Tile {
  int64_t origin, rows, cols;
};
Tile TileOf(const PointwisePlan &p, int64_t block, const int64_t *strides, int64_t offset) {
  const int r = p.rank;
  const int64_t plane = block / p.tilesPerPlane, tile = block % p.tilesPerPlane;
  const int64_t r0 = tile / p.tilesPerRow * p.tileRows, c0 = tile % p.tilesPerRow * p.tileCols;
  int64_t rest = plane;
  for (int d = r - 3; d >= 0; --d) {  // the plane's offset from its index over the outer dims
    offset += rest % p.dims[d] * strides[d];
    rest /= p.dims[d];
  }
  return {offset + r0 * strides[r - 2] + c0 * strides[r - 1], std::min(p.tileRows, p.dims[r - 2] - r0),
          std::min(p.tileCols, p.dims[r - 1] - c0)};
}

// Asks for the cache lines of the tile after `block` (the next one this thread takes: ParallelFor hands out
// contiguous ranges) in an operand at `base` with these strides, for writing when kWrite. A tile's
// rows along the operand's contiguous direction are short runs (64 elements) a whole row apart, each in
// another page, where the hardware prefetchers do not follow (a transposed 4096 x 4096 fp32 copy: 11.5 -> 8.0 ms;
// Add with a transposed self 13.9 -> 9.1 ms).
// Always inlined: GCC 12 deletes calls to an out-of-line function whose only effect is prefetches.
template <bool kWrite>
__attribute__((always_inline)) inline void PrefetchNextTile(const PointwisePlan &p, int64_t block, const char *base,
                                                            const int64_t *strides, int64_t offset, int64_t esize) {
  if (block + 1 >= p.numBlocks) return;
  const Tile t = TileOf(p, block + 1, strides, offset);
  int64_t along = strides[p.rank - 1], across = strides[p.rank - 2], n = t.cols, lines = t.rows;
  if ((along < 0 ? -along : along) > (across < 0 ? -across : across)) {
    std::swap(along, across);
    std::swap(n, lines);
  }
  const int64_t step = along * esize, span = step < 0 ? -step : step;
  const int64_t perLine = span >= kCacheLine || span == 0 ? 1 : kCacheLine / span;
  const char *origin = base + t.origin * esize;
  for (int64_t l = 0; l < lines; ++l) {
    const char *run = origin + l * across * esize;
    for (int64_t k = 0; k < n; k += perLine) __builtin_prefetch(run + k * step, kWrite ? 1 : 0);
  }
}

// ForEachRun over the elements of a flat or row block, positions counting from the block's first element.
template <class F>
void BlockRuns(const PointwisePlan &p, int64_t block, const int64_t *strides, int64_t offset, const F &f) {
  ForEachRun(p.rank, p.dims, strides, offset, BlockFirst(p, block), BlockElements(p, block), f);
}

// An operand's elements of `block` (of `dtype`, at `base`) as dense compute values in `dst`.
void LoadBlock(const PointwisePlan &p, int64_t block, DType dtype, const char *base, const int64_t *strides,
               int64_t offset, char *dst) {
  const auto esize = static_cast<int64_t>(DTypeSize(dtype));
  if (p.tileRows > 0) {
    PrefetchNextTile<false>(p, block, base, strides, offset, esize);
    const Tile t = TileOf(p, block, strides, offset);
    LoadTile(dtype, base + t.origin * esize, strides[p.rank - 2], strides[p.rank - 1], p.inCompute, dst, t.rows,
             t.cols);
    return;
  }
  const size_t inSize = ComputeSize(p.inCompute);
  BlockRuns(p, block, strides, offset, [&](int64_t at, int64_t stride, int64_t pos, int64_t len) {
    LoadRun(dtype, base + at * esize, stride, p.inCompute, dst + static_cast<size_t>(pos) * inSize, len);
  });
}

// The block's dense compute results in `src` stored into out.
void StoreBlock(const PointwisePlan &p, int64_t block, const char *src, char *outBase) {
  const auto esize = static_cast<int64_t>(DTypeSize(p.out.dtype));
  if (p.tileRows > 0) {
    PrefetchNextTile<true>(p, block, outBase, p.outStrides, p.out.offset, esize);
    const Tile t = TileOf(p, block, p.outStrides, p.out.offset);
    StoreTile(p.outCompute, src, p.out.dtype, outBase + t.origin * esize, p.outStrides[p.rank - 2],
              p.outStrides[p.rank - 1], t.rows, t.cols);
    return;
  }
  const size_t outSize = ComputeSize(p.outCompute);
  BlockRuns(p, block, p.outStrides, p.out.offset, [&](int64_t at, int64_t stride, int64_t pos, int64_t len) {
    StoreRun(p.outCompute, src + static_cast<size_t>(pos) * outSize, p.out.dtype, outBase + at * esize, stride, len);
  });
}

// Copies n elements of `size` bytes between strided runs (strides in elements).
void CopyElements(char *dst, int64_t dstStride, const char *src, int64_t srcStride, int64_t n, size_t size) {
  if (dstStride == 1 && srcStride == 1) {
    std::memmove(dst, src, static_cast<size_t>(n) * size);
    return;
  }
  // Strides may be negative: byte steps in signed arithmetic.
  const auto bytes = static_cast<int64_t>(size);
  for (int64_t k = 0; k < n; ++k) std::memcpy(dst + k * dstStride * bytes, src + k * srcStride * bytes, size);
}

// A tile of elements of kSize bytes between a strided tile and a dense row-major buffer (gather: into the
// buffer), walked along the strided side's shorter stride.
template <size_t kSize>
void CopyTileOf(char *buffer, char *strided, int64_t rowStride, int64_t colStride, int64_t h, int64_t w, bool gather) {
  struct Element {
    unsigned char bytes[kSize];
  };
  auto *b = reinterpret_cast<Element *>(buffer);
  auto *s = reinterpret_cast<Element *>(strided);
  const bool alongRows = (colStride < 0 ? -colStride : colStride) <= (rowStride < 0 ? -rowStride : rowStride);
  const auto move = [&](int64_t i, int64_t j) {
    if (gather) {
      b[i * w + j] = s[i * rowStride + j * colStride];
    } else {
      s[i * rowStride + j * colStride] = b[i * w + j];
    }
  };
  if (alongRows) {
    for (int64_t i = 0; i < h; ++i)
      for (int64_t j = 0; j < w; ++j) move(i, j);
  } else {
    for (int64_t j = 0; j < w; ++j)
      for (int64_t i = 0; i < h; ++i) move(i, j);
  }
}

void CopyTile(size_t size, char *buffer, char *strided, int64_t rowStride, int64_t colStride, const Tile &t,
              bool gather) {
  switch (size) {
    case 1: CopyTileOf<1>(buffer, strided, rowStride, colStride, t.rows, t.cols, gather); break;
    case 2: CopyTileOf<2>(buffer, strided, rowStride, colStride, t.rows, t.cols, gather); break;
    case 4: CopyTileOf<4>(buffer, strided, rowStride, colStride, t.rows, t.cols, gather); break;
    case 8: CopyTileOf<8>(buffer, strided, rowStride, colStride, t.rows, t.cols, gather); break;
    default: CopyTileOf<16>(buffer, strided, rowStride, colStride, t.rows, t.cols, gather); break;
  }
}

// A rawCopy block: the input's elements gathered (unless dense), then scattered to out (unless dense).
void RawCopyBlock(const PointwisePlan &p, const void *input, void *out, char *buffer, int64_t block) {
  const size_t size = DTypeSize(p.out.dtype);
  const TensorView &v = p.in[0].view;
  char *src = const_cast<char *>(static_cast<const char *>(input));  // only read
  char *base = static_cast<char *>(out);
  const int r = p.rank;
  if (p.tileRows > 0) {
    PrefetchNextTile<false>(p, block, src, p.inStrides[0], v.offset, static_cast<int64_t>(size));
    PrefetchNextTile<true>(p, block, base, p.outStrides, p.out.offset, static_cast<int64_t>(size));
    const Tile in = TileOf(p, block, p.inStrides[0], v.offset), to = TileOf(p, block, p.outStrides, p.out.offset);
    CopyTile(size, buffer, src + static_cast<size_t>(in.origin) * size, p.inStrides[0][r - 2], p.inStrides[0][r - 1],
             in, true);
    CopyTile(size, buffer, base + static_cast<size_t>(to.origin) * size, p.outStrides[r - 2], p.outStrides[r - 1], to,
             false);
    return;
  }
  const int64_t n = BlockElements(p, block), first = BlockFirst(p, block);
  const char *from = src + static_cast<size_t>(OffsetOf(p, p.inStrides[0], v.offset, first)) * size;
  if (!p.inDense) {
    BlockRuns(p, block, p.inStrides[0], v.offset, [&](int64_t offset, int64_t stride, int64_t pos, int64_t len) {
      CopyElements(buffer + static_cast<size_t>(pos) * size, 1, src + static_cast<size_t>(offset) * size, stride, len,
                   size);
    });
    from = buffer;
  }
  if (p.outDense) {
    char *to = base + static_cast<size_t>(OffsetOf(p, p.outStrides, p.out.offset, first)) * size;
    const size_t bytes = static_cast<size_t>(n) * size;
    if (p.streamOut && (to + bytes <= from || from + bytes <= to)) {  // streaming stores need disjoint ranges
      CopyBytesStreaming(to, from, bytes);
      FenceStreamingStores();
    } else {
      std::memmove(to, from, bytes);
    }
    return;
  }
  BlockRuns(p, block, p.outStrides, p.out.offset, [&](int64_t offset, int64_t stride, int64_t pos, int64_t len) {
    CopyElements(base + static_cast<size_t>(offset) * size, stride, from + static_cast<size_t>(pos) * size, 1, len,
                 size);
  });
}

}  // namespace

PointwisePlan PlanPointwise(PointwiseKernel kernel, const PointwiseParams &params, ComputeType inCompute,
                            ComputeType outCompute, const PointwiseInput *inputs, int numInputs, const TensorView &out,
                            DType roundThrough, const Fused16Kernels &fused) {
  PointwisePlan p;
  if (kernel == nullptr) {
    // A conversion stores the input's values straight into the dtype they go to (so that, e.g., a
    // float reaches an int32 by the float -> int32 rule, not through int64).
    if (roundThrough != DType::kOther && roundThrough != out.dtype) p.roundThrough = roundThrough;
    outCompute = p.roundThrough != DType::kOther ? ComputeTypeOf(p.roundThrough) : inCompute;
    p.outCompute = outCompute;
  } else if (roundThrough != out.dtype && ComputeTypeOf(roundThrough) == outCompute &&
             !(roundThrough == DType::kF32 && outCompute == ComputeType::kF32) &&
             !(roundThrough == DType::kF64 && outCompute == ComputeType::kF64) &&
             !(roundThrough == DType::kI64 && outCompute == ComputeType::kI64))
    p.roundThrough = roundThrough;
  p.kernel = kernel;
  p.params = params;
  p.inCompute = inCompute;
  p.outCompute = outCompute;
  p.numInputs = numInputs;
  p.out = out;
  for (int i = 0; i < numInputs; ++i) p.in[i] = inputs[i];
  p.numel = out.Numel();
  // Each input's strides over out's dims (right-aligned; 0 where it is broadcast), dims of size 1 dropped.
  int64_t dims[kMaxRank], in[kMaxPointwiseInputs][kMaxRank] = {}, os[kMaxRank];
  int rank = 0;
  for (int d = 0; d < out.rank; ++d) {
    if (out.dims[d] == 1) continue;
    dims[rank] = out.dims[d];
    os[rank] = out.strides[d];
    for (int i = 0; i < numInputs; ++i) {
      const TensorView &v = inputs[i].view;
      const int vd = d - (out.rank - v.rank);
      in[i][rank] = inputs[i].constant || vd < 0 || v.dims[vd] == 1 ? 0 : v.strides[vd];
    }
    ++rank;
  }
  // Merge dim d into the one before it when every operand steps over both as one dim.
  for (int d = 0; d < rank; ++d) {
    const int prev = p.rank - 1;
    bool merge = prev >= 0 && p.outStrides[prev] == os[d] * dims[d];
    for (int i = 0; i < numInputs && merge; ++i) merge = p.inStrides[i][prev] == in[i][d] * dims[d];
    if (merge) {
      p.dims[prev] *= dims[d];
      p.outStrides[prev] = os[d];
      for (int i = 0; i < numInputs; ++i) p.inStrides[i][prev] = in[i][d];
      continue;
    }
    p.dims[p.rank] = dims[d];
    p.outStrides[p.rank] = os[d];
    for (int i = 0; i < numInputs; ++i) p.inStrides[i][p.rank] = in[i][d];
    ++p.rank;
  }
  for (int i = 0; i < numInputs; ++i) {
    p.inDirect[i] = !inputs[i].constant && inputs[i].loadThrough == DType::kOther &&
                    StoredAsCompute(inputs[i].view.dtype, inCompute) && DenseOver(p.rank, p.dims, p.inStrides[i]);
  }
  p.rawCopy = kernel == nullptr && numInputs == 1 && !inputs[0].constant && inputs[0].view.dtype == out.dtype &&
              p.roundThrough == DType::kOther;
  p.inDense = numInputs > 0 && !inputs[0].constant && DenseOver(p.rank, p.dims, p.inStrides[0]);
  p.outDense = DenseOver(p.rank, p.dims, p.outStrides);
  p.outDirect = p.roundThrough == DType::kOther && StoredAsCompute(out.dtype, outCompute) &&
                DenseOver(p.rank, p.dims, p.outStrides);
  const size_t widest = std::max(ComputeSize(inCompute), ComputeSize(outCompute));
  p.blockElements = static_cast<int64_t>(kBlockBytes / widest);
  p.numBlocks = CeilDiv(p.numel, p.blockElements);
  p.bufferElements = std::min(p.blockElements, p.numel);
  if (p.rank >= 2 && p.dims[p.rank - 1] >= kMinRowBlockElements) {
    // Row blocks when they let more operands be used in place than flat blocks do.
    const int inner = p.rank - 1;
    const auto inPlaceInput = [&](int i, bool rows) {
      if (p.rawCopy) return rows ? p.inStrides[0][inner] == 1 : p.inDense;
      return rows ? p.inDirect[i] || (!inputs[i].constant && inputs[i].loadThrough == DType::kOther &&
                                      StoredAsCompute(inputs[i].view.dtype, inCompute) && p.inStrides[i][inner] == 1)
                  : p.inDirect[i];
    };
    const bool outRows = p.rawCopy ? p.outStrides[inner] == 1
                                   : p.roundThrough == DType::kOther && StoredAsCompute(out.dtype, outCompute) &&
                                         p.outStrides[inner] == 1;
    int flat = p.rawCopy ? p.outDense : p.outDirect, rows = outRows;
    for (int i = 0; i < numInputs; ++i) {
      flat += inPlaceInput(i, false);
      rows += inPlaceInput(i, true);
    }
    if (rows > flat) {
      for (int i = 0; i < numInputs; ++i) p.inDirect[i] = !p.rawCopy && inPlaceInput(i, true);
      if (p.rawCopy) p.inDense = inPlaceInput(0, true);
      if (p.rawCopy) p.outDense = outRows;
      if (!p.rawCopy) p.outDirect = outRows;
      p.rowBlocks = CeilDiv(p.dims[inner], p.blockElements);
      p.numBlocks = p.numel / p.dims[inner] * p.rowBlocks;
    }
  }
  if (p.rank >= 2 && p.dims[p.rank - 1] >= 64 && p.dims[p.rank - 2] >= 64) {
    // Far along the last dim, near along the one before: a transposed operand.
    const auto transposed = [&](const int64_t *s) {
      const int64_t inner = s[p.rank - 1] < 0 ? -s[p.rank - 1] : s[p.rank - 1];
      const int64_t outer = s[p.rank - 2] < 0 ? -s[p.rank - 2] : s[p.rank - 2];
      return inner >= 64 && outer < inner;
    };
    bool tile = transposed(p.outStrides);
    for (int i = 0; i < numInputs; ++i) tile = tile || (!inputs[i].constant && transposed(p.inStrides[i]));
    if (tile) {
      p.tileCols = kTileCols;
      p.tileRows = static_cast<int64_t>(kTileBytes / widest) / kTileCols;
      p.bufferElements = std::min(p.tileRows * p.tileCols, p.numel);
      p.tilesPerRow = CeilDiv(p.dims[p.rank - 1], p.tileCols);
      p.tilesPerPlane = CeilDiv(p.dims[p.rank - 2], p.tileRows) * p.tilesPerRow;
      p.numBlocks = p.numel / (p.dims[p.rank - 1] * p.dims[p.rank - 2]) * p.tilesPerPlane;
      for (bool &direct : p.inDirect) direct = false;
      p.outDirect = p.inDense = p.outDense = false;
      p.rowBlocks = 0;
    }
  }
  const PointwiseKernel fusedKernel = out.dtype == DType::kF16    ? fused.f16
                                      : out.dtype == DType::kBF16 ? fused.bf16
                                                                  : nullptr;
  if (fusedKernel != nullptr && kernel != nullptr && p.tileRows == 0 && inCompute == ComputeType::kF32 &&
      outCompute == ComputeType::kF32 && p.roundThrough == DType::kOther) {
    bool uniform = true;
    for (int i = 0; i < numInputs; ++i) {
      uniform =
          uniform && !inputs[i].constant && inputs[i].view.dtype == out.dtype && inputs[i].loadThrough == DType::kOther;
    }
    // Every operand a dense run in each block: over the whole iteration (flat blocks) or along rows.
    const auto runs = [&](bool rows) {
      const auto run = [&](const int64_t *s) { return rows ? s[p.rank - 1] == 1 : DenseOver(p.rank, p.dims, s); };
      bool all = run(p.outStrides);
      for (int i = 0; i < numInputs; ++i) all = all && run(p.inStrides[i]);
      return all;
    };
    if (uniform && p.rowBlocks == 0 && runs(false)) {
      p.fused = fusedKernel;
    } else if (uniform && p.rank >= 2 && p.dims[p.rank - 1] >= kMinRowBlockElements && runs(true)) {
      p.fused = fusedKernel;
      p.rowBlocks = CeilDiv(p.dims[p.rank - 1], p.blockElements);
      p.numBlocks = p.numel / p.dims[p.rank - 1] * p.rowBlocks;
    }
  }
  p.streamOut = p.rawCopy && p.tileRows == 0 &&
                p.numel >= kStreamOutMinBytes / static_cast<int64_t>(DTypeSize(out.dtype)) &&
                (p.rowBlocks > 0 ? p.outStrides[p.rank - 1] == 1 : DenseOver(p.rank, p.dims, p.outStrides));
  p.threads =
      static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(PlanThreads(), CeilDiv(p.numel, kMinElementsPerThread))));
  const size_t inBuffer = AlignUp(static_cast<size_t>(p.bufferElements) * ComputeSize(inCompute));
  const size_t outBuffer =
      AlignUp(static_cast<size_t>(p.bufferElements) * std::max(ComputeSize(outCompute), DTypeSize(out.dtype)));
  // The out buffer, then (for roundThrough) room for a block in that dtype.
  p.scratchStride = inBuffer * static_cast<size_t>(numInputs) + 2 * outBuffer;
  p.workspaceBytes = p.numel == 0 ? 0 : p.scratchStride * static_cast<size_t>(p.threads);
  return p;
}

void RunPointwise(const PointwisePlan &p, const void *const *inputs, void *out, void *workspace) {
  if (p.numBlocks == 0) return;
  const size_t inSize = ComputeSize(p.inCompute), outSize = ComputeSize(p.outCompute);
  const size_t inBuffer = AlignUp(static_cast<size_t>(p.bufferElements) * inSize);
  const auto buffer = [&](int thread, int slot) {
    return static_cast<char *>(workspace) + p.scratchStride * static_cast<size_t>(thread) +
           inBuffer * static_cast<size_t>(slot);
  };
  // Constants fill their buffers once; the kernels never write their inputs' buffers.
  for (int i = 0; i < p.numInputs; ++i) {
    if (!p.in[i].constant) continue;
    for (int t = 0; t < p.threads; ++t) {
      char *b = buffer(t, i);
      for (int64_t k = 0; k < p.bufferElements; ++k)
        std::memcpy(b + static_cast<size_t>(k) * inSize, p.in[i].value, inSize);
    }
  }
  // Rounds n values of `from` through the dtype `through` into `to` (the second half of the out buffer is the
  // narrow scratch: nothing else uses it).
  const auto roundThrough = [&](int thread, ComputeType from, const void *src, DType through, ComputeType to, void *dst,
                                int64_t n) {
    void *narrow = buffer(thread, p.numInputs) + AlignUp(static_cast<size_t>(p.bufferElements) * outSize);
    StoreRun(from, src, through, narrow, 1, n);
    LoadRun(through, narrow, 1, to, dst, n);
  };
  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    if (p.rawCopy) {
      RawCopyBlock(p, inputs[0], out, buffer(thread, 0), block);
      return;
    }
    const int64_t n = BlockElements(p, block), first = p.tileRows > 0 ? 0 : BlockFirst(p, block);
    if (p.fused != nullptr) {  // 16-bit runs read and written in place
      const void *runs[kMaxPointwiseInputs] = {};
      for (int i = 0; i < p.numInputs; ++i)
        runs[i] = static_cast<const uint16_t *>(inputs[i]) + OffsetOf(p, p.inStrides[i], p.in[i].view.offset, first);
      p.fused(n, runs, static_cast<uint16_t *>(out) + OffsetOf(p, p.outStrides, p.out.offset, first), p.params);
      return;
    }
    const void *in[kMaxPointwiseInputs] = {};
    for (int i = 0; i < p.numInputs; ++i) {
      const TensorView &v = p.in[i].view;
      const auto esize = static_cast<int64_t>(DTypeSize(v.dtype));
      if (p.in[i].constant) {
        in[i] = buffer(thread, i);
      } else if (p.inDirect[i]) {
        in[i] = static_cast<const char *>(inputs[i]) + OffsetOf(p, p.inStrides[i], v.offset, first) * esize;
      } else {
        char *dst = buffer(thread, i);
        LoadBlock(p, block, v.dtype, static_cast<const char *>(inputs[i]), p.inStrides[i], v.offset, dst);
        if (p.in[i].loadThrough != DType::kOther)
          roundThrough(thread, p.inCompute, dst, p.in[i].loadThrough, p.inCompute, dst, n);
        in[i] = dst;
      }
    }
    const auto outEsize = static_cast<int64_t>(DTypeSize(p.out.dtype));
    char *outBase = static_cast<char *>(out);
    void *target =
        p.outDirect ? outBase + OffsetOf(p, p.outStrides, p.out.offset, first) * outEsize : buffer(thread, p.numInputs);
    bool narrowed = false;
    if (p.kernel != nullptr) {
      p.kernel(n, in, target, p.params);
    } else if (p.roundThrough != DType::kOther) {  // input -> roundThrough's storage -> its compute type
      roundThrough(thread, p.inCompute, in[0], p.roundThrough, p.outCompute, target, n);
      narrowed = true;
    } else if (p.outDirect) {
      ConvertComputeRun(p.inCompute, in[0], p.outCompute, target, n);  // the same type: a copy
    } else {
      target = const_cast<void *>(in[0]);  // stored from where it was loaded; never written
    }
    if (p.outDirect) return;
    if (p.roundThrough != DType::kOther && !narrowed)
      roundThrough(thread, p.outCompute, target, p.roundThrough, p.outCompute, target, n);
    StoreBlock(p, block, static_cast<const char *>(target), outBase);
  });
}

}  // namespace aclcpu
