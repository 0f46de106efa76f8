// ReflectionPad2d backward as a gather: each gradInput row is the sum of the (up to 3) gradOutput
// rows that copy it, and each of its cells the sum of the (up to 3) columns that copy it, so every
// output element is written once, without a zero-fill pass or a scatter, in a fixed order.
// Interior cells of a row are a shifted copy (memcpy) when one gradOutput row feeds it.
#include <algorithm>
#include <cstring>

#include "base/convert.h"
#include "base/half.h"
#include "base/parallel.h"
#include "ops/reflection_pad2d_backward/reflection_pad2d_backward_plan.h"

namespace aclcpu {
namespace {

// Storage types and the type their sums (at most 9 terms) are taken in, so that each result is
// rounded once: fp32 in double, fp16/bf16 in fp32, fp64 in long double (x87 extended on x86-64;
// only border cells and the few rows fed by two or three rows take this path).
struct F32Storage {
  using Storage = float;
  using Acc = double;
  static double Load(float v) { return v; }
  static float Store(double v) { return static_cast<float>(v); }
};
struct F64Storage {
  using Storage = double;
  using Acc = long double;
  static long double Load(double v) { return v; }
  static double Store(long double v) { return static_cast<double>(v); }
};
struct F16Storage {
  using Storage = uint16_t;
  using Acc = float;
  static float Load(uint16_t v) { return F16ToF32(v); }
  static uint16_t Store(float v) { return F32ToF16(v); }
};
struct BF16Storage {
  using Storage = uint16_t;
  using Acc = float;
  static float Load(uint16_t v) { return BF16ToF32(v); }
  static uint16_t Store(float v) { return F32ToBF16(v); }
};

// Element offset of plane p (row-major over the leading dims) in a rank-3/4 view.
int64_t PlaneOffset(const TensorView &v, int64_t plane) {
  int64_t off = v.offset;
  for (int d = v.rank - 3; d >= 0; --d) {
    off += (plane % v.dims[d]) * v.strides[d];
    plane /= v.dims[d];
  }
  return off;
}

// One gradInput row from its source gradOutput rows (`count` of them, dense, `k` scalars per element).
template <class S>
void ComposeRow(const ReflectionPad2dBackwardPlan &p, const typename S::Storage *const *src, int count,
                typename S::Storage *dst) {
  using T = typename S::Storage;
  using Acc = typename S::Acc;
  const int64_t k = p.components;
  const int64_t width = p.cols.in;
  if (count == 0) {  // cropped away by negative pads: nothing copies this row
    std::memset(dst, 0, static_cast<size_t>(width * k) * sizeof(T));
    return;
  }
  // Interior: dst[c] = sum over rows of src[c + left].
  const int64_t c0 = p.centerBegin * k, c1 = p.centerEnd * k, shift = p.cols.before * k;
  if (c1 > c0) {
    if (count == 1) {
      std::memcpy(dst + c0, src[0] + c0 + shift, static_cast<size_t>(c1 - c0) * sizeof(T));
    } else {
      for (int64_t c = c0; c < c1; ++c) {
        Acc acc = S::Load(src[0][c + shift]);
        for (int r = 1; r < count; ++r) acc += S::Load(src[r][c + shift]);
        dst[c] = S::Store(acc);
      }
    }
  }
  // Border columns: every source column of every source row.
  auto border = [&](int64_t iw) {
    int64_t cols[3];
    const int n = p.cols.Sources(iw, cols);
    for (int64_t part = 0; part < k; ++part) {
      Acc acc = 0;
      for (int r = 0; r < count; ++r) {
        for (int j = 0; j < n; ++j) acc += S::Load(src[r][cols[j] * k + part]);
      }
      dst[iw * k + part] = S::Store(acc);
    }
  };
  for (int64_t iw = 0; iw < std::min(p.centerBegin, width); ++iw) border(iw);
  for (int64_t iw = std::max(p.centerEnd, p.centerBegin); iw < width; ++iw) border(iw);
}

template <class S>
void RunTyped(const ReflectionPad2dBackwardPlan &p, const void *gradOutput, void *gradInput, char *workspace) {
  using T = typename S::Storage;
  const TensorView &go = p.gradOutput, &gi = p.gradInput;
  const int64_t k = p.components;
  const int64_t goRowStride = go.strides[go.rank - 2] * k;
  const int64_t totalRows = p.planes * p.rows.in;
  const auto *goBase = static_cast<const T *>(gradOutput);
  auto *giBase = static_cast<T *>(gradInput);
  // Row views (one H row of a plane, as a 1-D view over W) for the strided gather/scatter.
  TensorView goRow = go.Trailing(go.rank - 1), giRow = gi.Trailing(gi.rank - 1);

  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    char *stage = workspace + p.stageStride * static_cast<size_t>(thread);
    const int64_t first = block * p.rowsPerBlock, last = std::min(totalRows, first + p.rowsPerBlock);
    for (int64_t row = first; row < last; ++row) {
      const int64_t plane = row / p.rows.in, ih = row % p.rows.in;
      int64_t srcRows[3];
      const int count = p.rows.Sources(ih, srcRows);
      const T *src[3] = {};
      const int64_t goPlane = PlaneOffset(go, plane) * k;
      for (int r = 0; r < count; ++r) {
        if (p.outputRowsDense) {
          src[r] = goBase + goPlane + srcRows[r] * goRowStride;
        } else {
          TensorView v = goRow;
          v.offset = PlaneOffset(go, plane) + srcRows[r] * go.strides[go.rank - 2];
          auto *buffer = reinterpret_cast<T *>(stage + p.stageRowBytes * static_cast<size_t>(r));
          GatherElements(v, gradOutput, 0, p.cols.out, buffer);
          src[r] = buffer;
        }
      }
      const int64_t giOffset = PlaneOffset(gi, plane) + ih * gi.strides[gi.rank - 2];
      if (p.inputRowsDense) {
        ComposeRow<S>(p, src, count, giBase + giOffset * k);
      } else {
        auto *buffer = reinterpret_cast<T *>(stage + p.stageRowBytes * 3);
        ComposeRow<S>(p, src, count, buffer);
        TensorView v = giRow;
        v.offset = giOffset;
        ScatterElements(v, gradInput, 0, p.cols.in, buffer);
      }
    }
  });
}

}  // namespace

void RunReflectionPad2dBackward(const ReflectionPad2dBackwardPlan &plan, const void *gradOutput, void *gradInput,
                                void *workspace) {
  if (!plan.compute) return;
  auto *ws = static_cast<char *>(workspace);
  switch (plan.scalar) {
    case DType::kF64: RunTyped<F64Storage>(plan, gradOutput, gradInput, ws); break;
    case DType::kF16: RunTyped<F16Storage>(plan, gradOutput, gradInput, ws); break;
    case DType::kBF16: RunTyped<BF16Storage>(plan, gradOutput, gradInput, ws); break;
    default: RunTyped<F32Storage>(plan, gradOutput, gradInput, ws); break;
  }
}

}  // namespace aclcpu
