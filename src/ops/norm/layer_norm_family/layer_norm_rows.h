// What the LayerNorm forward and backward share on the kernel side: how a row of an [M, N] problem
// is reached in a strided tensor (and read or written as fp32), how rows are split into fixed
// blocks, and how one per-row statistic is written with a single rounding. Kernel-facing.
#pragma once

#include <cstdint>

#include "base/convert.h"
#include "base/tensor_view.h"

namespace aclcpu {

// Rows split into fixed blocks chosen from the shape alone (never from the thread count), so each
// row's result, and every per-block partial, is the same whatever the number of threads.
struct RowBlocks {
  int64_t rowsPerBlock = 1;
  int64_t numBlocks = 0;
};
inline RowBlocks SplitRows(int64_t rows, int64_t minRowsPerBlock, int64_t targetBlocks) {
  RowBlocks b;
  const int64_t wanted = (rows + targetBlocks - 1) / targetBlocks;
  b.rowsPerBlock = wanted > minRowsPerBlock ? wanted : minRowsPerBlock;
  b.numBlocks = (rows + b.rowsPerBlock - 1) / b.rowsPerBlock;
  return b;
}

// Whether the rows of `view` (its dims from `axes` on) are dense, so that a kernel reads or writes them in place.
// The one rule: the plans size their stages by it and RowAccess decides by it.
inline bool RowsDense(const TensorView &view, int axes) { return view.Trailing(axes).IsContiguous(); }

// How to reach row m (the normalized dims from `axes` on) of a tensor, decided once per launch
// rather than per row.
class RowAccess {
 public:
  RowAccess(const TensorView &view, int axes, const void *base);
  bool dense() const { return dense_; }
  // Dense rows a fixed stride apart: row m starts at row 0 + m * RowStride().
  bool UniformDense() const { return dense_ && uniform_; }
  int64_t RowStride() const { return rowStride_; }
  // Element offset (from the storage base) of the first element of row `row`.
  int64_t Offset(int64_t row) const {
    if (uniform_) return view_.offset + row * rowStride_;
    int64_t off = view_.offset;
    for (int dim = axes_ - 1; dim >= 0; --dim) {
      off += (row % view_.dims[dim]) * view_.strides[dim];
      row /= view_.dims[dim];
    }
    return off;
  }
  const char *RowStart(int64_t row) const {
    return static_cast<const char *>(base_) + Offset(row) * static_cast<int64_t>(DTypeSize(view_.dtype));
  }
  // Row `row` as fp32: a pointer into the tensor when it is dense fp32, else a copy in `stage`.
  // (Inline: the kernels call it per row.)
  const float *Load(int64_t row, int64_t n, float *stage) const {
    if (dense_ && view_.dtype == DType::kF32) return reinterpret_cast<const float *>(RowStart(row));
    ReadFlatAsF32(RowView(row), base_, 0, n, stage);
    return stage;
  }
  // Row `row` in place when the rows are dense (elements of the tensor's dtype), else as fp32 in `stage`; the
  // elements are of InPlaceDType(). 16-bit kernels convert in registers instead of through a stage.
  const void *Read(int64_t row, int64_t n, float *stage) const {
    if (dense_) return RowStart(row);
    ReadFlatAsF32(RowView(row), base_, 0, n, stage);
    return stage;
  }
  // Where row `row` is written: in place when dense, else `stage` (fp32; then Store it).
  void *WriteTarget(int64_t row, float *stage) const {
    if (dense_) return const_cast<char *>(RowStart(row));
    return stage;
  }
  DType InPlaceDType() const { return dense_ ? view_.dtype : DType::kF32; }
  // Writes n fp32 values to row `row`, rounding once to the tensor's dtype.
  void Store(int64_t row, int64_t n, const float *src) const {
    WriteFlatFromF32(RowView(row), const_cast<void *>(base_), 0, n, src);
  }

 private:
  // Row `row` as a view of its own: the normalized dims, starting at the row's offset.
  TensorView RowView(int64_t row) const {
    TensorView shifted = inner_;
    shifted.offset = Offset(row);
    return shifted;
  }

  const TensorView &view_;
  int axes_;
  const void *base_;
  TensorView inner_;
  bool dense_ = false, uniform_ = false;
  int64_t rowStride_ = 0;
};

// Writes the doubles src[0..n) to the elements with row-major indices [first, first + n) of a
// kF32/kF16/kBF16 view, each rounded once (to nearest even) from the double.
void WriteFlatFromF64(const TensorView &view, void *base, int64_t first, int64_t n, const double *src);
// Writes `value` (rounded once) to the first n elements of the view.
void FillFlat(const TensorView &view, void *base, int64_t n, double value);

// The row statistics of LayerNorm (norm-forward.md §0): mean = Σx / N and
// rstd = 1 / sqrt(Σ(x - mean)² / N + float(eps)), both sums in double in a fixed order that
// depends only on N (the same for every row, thread count and call). Dispatched per SIMD target.
struct RowStats {
  double mean, rstd;
};
// Computed for `count` rows at once, all of `dtype` (FLOAT, FLOAT16 or BF16; 16-bit rows are widened in
// registers, exactly, so a row gives the same bits as its fp32 copy); short rows go several side by side, which
// hides their latency. Each row's bits are the same however many rows are passed with it.
void ComputeRowStats(const void *const *rows, DType dtype, int64_t count, int64_t n, float eps, RowStats *out);
// The RMS form (RmsNorm, docs/ops/rms_norm.md): mean 0 and rstd = 1 / sqrt(Σx² / N + float(eps)), the sum in
// double in the same fixed order.
void ComputeRmsRowStats(const void *const *rows, DType dtype, int64_t count, int64_t n, float eps, RowStats *out);
// One row's normalization y = ((x - meanHi) - meanLo) * rstd (* w) (+ b), x and y of FLOAT, FLOAT16 or BF16
// (w, b: fp32, null when absent); streamY: y is written with non-temporal stores.
struct RowAffine {
  float meanHi, meanLo, rstd;
};
struct NormalizeRowArgs {
  const void *x;
  DType xType;
  const float *w, *b;
  RowAffine affine;
  int64_t n;
  void *y;
  DType yType;
  bool streamY;
};

// Rows this short or shorter are worth interleaving; kRowsInterleaved per step.
constexpr int64_t kInterleaveMaxCols = 256;
constexpr int kRowsInterleaved = 4;

}  // namespace aclcpu
