// Phase 2 of the softmax family: rows (or tiles of strided rows) converted to the compute precision,
// through the kernels, rounded and converted to out. Rows are independent and each is done by one thread
// in an order fixed by its length, so the results do not depend on the thread count.
#include <algorithm>

#include "base/convert.h"
#include "base/half.h"
#include "base/parallel.h"
#include "base/pointwise/element_convert.h"
#include "base/stream_copy.h"
#include "ops/activation/softmax_family/softmax_plan.h"

namespace aclcpu {
namespace {

int64_t RowOffset(const SoftmaxPlan &p, const SoftmaxGeometry &g, int64_t row) {
  if (p.rowRank == 1) return g.offset + row * g.strides[0];  // the common case, without divisions
  int64_t off = g.offset;
  for (int d = p.rowRank - 1; d >= 0; --d) {
    off += (row % p.rowDims[d]) * g.strides[d];
    row /= p.rowDims[d];
  }
  return off;
}

template <class Base>
Base *ElementAt(Base *base, const SoftmaxGeometry &g, int64_t offset) {
  using Byte = std::conditional_t<std::is_const_v<Base>, const char, char>;
  return static_cast<Byte *>(base) + offset * static_cast<int64_t>(DTypeSize(g.dtype));
}

// The vendor's intermediate roundings (a 16-bit kernel dtype) on fp32 values.
void RoundThrough(DType t, float *v, int64_t n) {
  if (t == DType::kF16) {
    for (int64_t i = 0; i < n; ++i) v[i] = F16ToF32(F32ToF16(v[i]));
  } else if (t == DType::kBF16) {
    for (int64_t i = 0; i < n; ++i) v[i] = BF16ToF32(F32ToBF16(v[i]));
  }
}
void RoundThrough(DType, double *, int64_t) {}

void RowKernel(SoftmaxKind k, int64_t n, const float *a, const float *b, float *o, float *s, const RowPrefetch &ahead) {
  SoftmaxRowF32(k, n, a, b, o, s, ahead);
}
void RowKernel(SoftmaxKind k, int64_t n, const double *a, const double *b, double *o, double *s, const RowPrefetch &) {
  SoftmaxRowF64(k, n, a, b, o, s);
}
void ColsKernel(SoftmaxKind k, int64_t n, int64_t w, const float *a, const float *b, float *o) {
  SoftmaxColsF32(k, n, w, a, w, b, w, o, w);
}
void ColsKernel(SoftmaxKind k, int64_t n, int64_t w, const double *a, const double *b, double *o) {
  SoftmaxColsF64(k, n, w, a, b, o);
}

// What to prefetch while row r of a chunk is computed (softmax_kernels.h): the row that will be read from memory
// `count` rows later (the next row where the inputs are read in place, the same row of the next chunk where they
// are converted a chunk at a time) and, where the kernel writes the output in place, this row's. nextChunk holds
// the first row of the next chunk, 0 where there is none or its values are not contiguous. (The double kernel
// ignores it.)
template <class T>
RowPrefetch Ahead(const SoftmaxPlan &p, const uintptr_t *nextChunk, const T *const *src, const bool *directIn,
                  const T *outRow, int64_t r, int64_t count) {
  RowPrefetch ahead;
  for (int i = 0; i < p.numInputs; ++i) {
    const auto bytes = static_cast<uint32_t>(DTypeSize(p.in[i].dtype));
    const auto rowBytes = static_cast<uintptr_t>(p.n) * bytes;
    if (directIn[i] && r + 1 < count) {
      ahead.read[i] = reinterpret_cast<uintptr_t>(src[i]) + static_cast<uintptr_t>(r + 1) * rowBytes;
    } else if (nextChunk[i] != 0) {
      ahead.read[i] = nextChunk[i] + (directIn[i] ? 0 : static_cast<uintptr_t>(r) * rowBytes);
    }
    ahead.readBytes[i] = bytes;
  }
  if (outRow != nullptr) {
    ahead.write = reinterpret_cast<uintptr_t>(outRow);
    ahead.writeBytes = sizeof(T);
  }
  return ahead;
}

template <class T>
void RunRows(const SoftmaxPlan &p, const void *const *inputs, void *out, char *scratch, int64_t first, int64_t last) {
  constexpr DType kDtype = sizeof(T) == 8 ? DType::kF64 : DType::kF32;
  constexpr ComputeType kCompute = sizeof(T) == 8 ? ComputeType::kF64 : ComputeType::kF32;
  const int64_t n = p.n;
  const size_t slot = p.scratchStride / 4;
  T *stage[2] = {reinterpret_cast<T *>(scratch), reinterpret_cast<T *>(scratch + slot)};
  T *exps = reinterpret_cast<T *>(scratch + 2 * slot);
  T *result = reinterpret_cast<T *>(scratch + 3 * slot);
  const SoftmaxGeometry &go = p.out;
  const bool directOut = go.dtype == kDtype && go.dimStride == 1 && p.resultRound == DType::kOther && !p.streamOut;
  const size_t outBytes = DTypeSize(go.dtype);
  bool directIn[2] = {false, false};
  for (int i = 0; i < p.numInputs; ++i)
    directIn[i] = p.in[i].dtype == kDtype && p.in[i].dimStride == 1 && p.inputRound == DType::kOther;
  // Up to chunkRows consecutive rows at a time: dense rows are converted with one call per chunk.
  for (int64_t row = first; row < last; row += p.chunkRows) {
    const int64_t count = std::min(p.chunkRows, last - row);
    const T *src[2] = {nullptr, nullptr};
    for (int i = 0; i < p.numInputs; ++i) {
      const SoftmaxGeometry &g = p.in[i];
      const void *at = ElementAt(inputs[i], g, RowOffset(p, g, row));
      if (directIn[i]) {
        src[i] = static_cast<const T *>(at);
      } else {
        LoadRun(g.dtype, at, g.dimStride, kCompute, stage[i], n * count);
        RoundThrough(p.inputRound, stage[i], n * count);
        src[i] = stage[i];
      }
    }
    uintptr_t nextChunk[2] = {0, 0};
    for (int i = 0; i < p.numInputs; ++i)
      if (row + count < last && p.in[i].dimStride == 1)
        nextChunk[i] = reinterpret_cast<uintptr_t>(ElementAt(inputs[i], p.in[i], RowOffset(p, p.in[i], row + count)));
    void *dst = ElementAt(out, go, RowOffset(p, go, row));
    T *values = directOut ? static_cast<T *>(dst) : result;
    for (int64_t r = 0; r < count; ++r) {
      const T *b = src[1] == nullptr ? nullptr : src[1] + r * n;
      RowKernel(p.kind, n, src[0] + r * n, b, values + r * n, exps,
                Ahead(p, nextChunk, src, directIn, directOut ? values + r * n : nullptr, r, count));
    }
    if (directOut) continue;
    RoundThrough(p.resultRound, values, n * count);
    if (!p.streamOut) {
      StoreRun(kCompute, values, go.dtype, dst, go.dimStride, n * count);
    } else if (go.dtype == kDtype) {
      CopyBytesStreaming(dst, values, static_cast<size_t>(n * count) * outBytes);
    } else {  // converted in L1 first (stage[0]: the inputs are no longer needed)
      StoreRun(kCompute, values, go.dtype, stage[0], 1, n * count);
      CopyBytesStreaming(dst, stage[0], static_cast<size_t>(n * count) * outBytes);
    }
  }
}

// Rows of one 16-bit dtype read and written in place (SoftmaxPlan::rows16), the next row's inputs and this row's
// output prefetched while a row is computed.
void RunRows16(const SoftmaxPlan &p, const void *const *inputs, void *out, char *scratch, int64_t first, int64_t last) {
  const bool bf16 = p.out.dtype == DType::kBF16;
  auto *exps = reinterpret_cast<float *>(scratch);
  const auto rowAt = [&](const SoftmaxGeometry &g, const void *base, int64_t row) {
    return static_cast<const uint16_t *>(ElementAt(base, g, RowOffset(p, g, row)));
  };
  for (int64_t row = first; row < last; ++row) {
    const uint16_t *src[2] = {rowAt(p.in[0], inputs[0], row), nullptr};
    if (p.numInputs > 1) src[1] = rowAt(p.in[1], inputs[1], row);
    auto *dst = static_cast<uint16_t *>(ElementAt(out, p.out, RowOffset(p, p.out, row)));
    RowPrefetch ahead;
    for (int i = 0; i < p.numInputs; ++i) {
      if (row + 1 < last) ahead.read[i] = reinterpret_cast<uintptr_t>(rowAt(p.in[i], inputs[i], row + 1));
      ahead.readBytes[i] = sizeof(uint16_t);
    }
    ahead.write = reinterpret_cast<uintptr_t>(dst);
    ahead.writeBytes = sizeof(uint16_t);
    SoftmaxRow16(p.kind, bf16, p.n, src[0], src[1], dst, exps, ahead);
  }
}

// A tile of h rows of w values: through the vectorized run conversions when each row of the tile is contiguous
// (the common case: strided rows side by side), else element by element.
void LoadTileOf(DType type, const void *src, int64_t rowStride, int64_t colStride, ComputeType to, void *dst, int64_t h,
                int64_t w) {
  if (colStride != 1) {
    LoadTile(type, src, rowStride, colStride, to, dst, h, w);
    return;
  }
  const auto inBytes = static_cast<int64_t>(DTypeSize(type)), outBytes = static_cast<int64_t>(ComputeSize(to));
  for (int64_t i = 0; i < h; ++i)
    LoadRun(type, static_cast<const char *>(src) + i * rowStride * inBytes, 1, to,
            static_cast<char *>(dst) + i * w * outBytes, w);
}
void StoreTileOf(ComputeType from, const void *src, DType type, void *dst, int64_t rowStride, int64_t colStride,
                 int64_t h, int64_t w) {
  if (colStride != 1) {
    StoreTile(from, src, type, dst, rowStride, colStride, h, w);
    return;
  }
  const auto inBytes = static_cast<int64_t>(ComputeSize(from)), outBytes = static_cast<int64_t>(DTypeSize(type));
  for (int64_t i = 0; i < h; ++i)
    StoreRun(from, static_cast<const char *>(src) + i * w * inBytes, type,
             static_cast<char *>(dst) + i * rowStride * outBytes, 1, w);
}

template <class T>
void RunTiles(const SoftmaxPlan &p, const void *const *inputs, void *out, char *scratch, int64_t first, int64_t last) {
  constexpr ComputeType kCompute = sizeof(T) == 8 ? ComputeType::kF64 : ComputeType::kF32;
  const int64_t n = p.n, lastDim = p.rowRank - 1;
  T *tile[2] = {reinterpret_cast<T *>(scratch), reinterpret_cast<T *>(scratch + p.scratchStride / 2)};
  const SoftmaxGeometry &go = p.out;
  for (int64_t unit = first; unit < last; ++unit) {
    const int64_t col = unit % p.tilesPerLine * p.tileWidth;
    const int64_t w = std::min(p.tileWidth, p.lineLen - col);
    const int64_t row = unit / p.tilesPerLine * p.lineLen + col;
    for (int i = 0; i < p.numInputs; ++i) {
      const SoftmaxGeometry &g = p.in[i];
      LoadTileOf(g.dtype, ElementAt(inputs[i], g, RowOffset(p, g, row)), g.dimStride, g.strides[lastDim], kCompute,
                 tile[i], n, w);
      RoundThrough(p.inputRound, tile[i], n * w);
    }
    ColsKernel(p.kind, n, w, tile[0], tile[1], tile[0]);
    RoundThrough(p.resultRound, tile[0], n * w);
    StoreTileOf(kCompute, tile[0], go.dtype, ElementAt(out, go, RowOffset(p, go, row)), go.dimStride,
                go.strides[lastDim], n, w);
  }
}

// Dense columns (the strided rows of FLOAT, FLOAT16 or BF16 tensors whose rows lie side by side): the kernel reads
// and writes the tensors in place, converting 16-bit values in registers, no tile copies.
void RunTilesInPlace(const SoftmaxPlan &p, const void *const *inputs, void *out, int64_t first, int64_t last) {
  const SoftmaxGeometry &ga = p.in[0], &gb = p.in[p.numInputs > 1 ? 1 : 0], &go = p.out;
  for (int64_t unit = first; unit < last; ++unit) {
    const int64_t col = unit % p.tilesPerLine * p.tileWidth;
    const int64_t w = std::min(p.tileWidth, p.lineLen - col);
    const int64_t row = unit / p.tilesPerLine * p.lineLen + col;
    const void *a = ElementAt(inputs[0], ga, RowOffset(p, ga, row));
    const void *b = ElementAt(inputs[p.numInputs > 1 ? 1 : 0], gb, RowOffset(p, gb, row));
    void *o = ElementAt(out, go, RowOffset(p, go, row));
    if (go.dtype == DType::kF32) {
      SoftmaxColsF32(p.kind, p.n, w, static_cast<const float *>(a), ga.dimStride, static_cast<const float *>(b),
                     gb.dimStride, static_cast<float *>(o), go.dimStride);
    } else {
      SoftmaxCols16(p.kind, go.dtype == DType::kBF16, p.n, w, static_cast<const uint16_t *>(a), ga.dimStride,
                    static_cast<const uint16_t *>(b), gb.dimStride, static_cast<uint16_t *>(o), go.dimStride);
    }
  }
}

}  // namespace

void RunSoftmax(const SoftmaxPlan &p, const void *const *inputs, void *out, void *workspace) {
  if (!p.compute) return;
  char *ws = static_cast<char *>(workspace);
  void *target = p.viaTemp ? ws + p.tempOffset : out;
  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    char *scratch = ws + p.scratchOffset + static_cast<size_t>(thread) * p.scratchStride;
    const int64_t first = block * p.unitsPerBlock, last = std::min(p.units, first + p.unitsPerBlock);
    if (p.rows16) {
      RunRows16(p, inputs, target, scratch, first, last);
    } else if (p.rowPath) {
      if (p.f64) {
        RunRows<double>(p, inputs, target, scratch, first, last);
      } else {
        RunRows<float>(p, inputs, target, scratch, first, last);
      }
    } else if (p.tilesInPlace) {
      RunTilesInPlace(p, inputs, target, first, last);
    } else if (p.f64) {
      RunTiles<double>(p, inputs, target, scratch, first, last);
    } else {
      RunTiles<float>(p, inputs, target, scratch, first, last);
    }
    if (p.streamOut) FenceStreamingStores();
  });
  if (p.viaTemp) ScatterElements(p.realOut, out, 0, p.realOut.Numel(), target);
}

}  // namespace aclcpu
