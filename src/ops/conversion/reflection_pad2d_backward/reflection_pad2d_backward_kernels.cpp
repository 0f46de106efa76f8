// ReflectionPad2d backward as a gather: each gradInput row is the sum of the (up to 3) gradOutput
// rows that copy it, and each of its cells the sum of the (up to 3) columns that copy it, so every
// output element is written once, without a zero-fill pass or a scatter, in a fixed order.
// The centre of a row fed by one gradOutput row is a shifted copy (memcpy); rows fed by two add
// them once; the few border cells sum their sources from the tables phase 1 built.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "base/convert.h"
#include "base/half.h"
#include "base/parallel.h"
#include "ops/conversion/reflection_pad2d_backward/reflection_pad2d_backward_plan.h"

namespace aclcpu {
namespace {

// Storage types; every result is rounded once. Sums of two fp32/fp64 values are one correctly
// rounded add in their own type; longer sums (border cells, rows fed by three rows) run in Wide:
// double for fp32, long double (x87 extended on x86-64) for fp64.
struct F32Storage {
  using Storage = float;
  using Wide = double;
  static constexpr bool kNarrow = false;
  static double Load(float v) { return v; }
  static float Store(double v) { return static_cast<float>(v); }
  static void AddPair(const float *a, const float *b, float *dst, int64_t n) {
    for (int64_t i = 0; i < n; ++i) dst[i] = a[i] + b[i];
  }
};
struct F64Storage {
  using Storage = double;
  using Wide = long double;
  static constexpr bool kNarrow = false;
  static long double Load(double v) { return v; }
  static double Store(long double v) { return static_cast<double>(v); }
  static void AddPair(const double *a, const double *b, double *dst, int64_t n) {
    for (int64_t i = 0; i < n; ++i) dst[i] = a[i] + b[i];
  }
};
// fp16/bf16 rows are converted to fp32 rows (SIMD), composed there, and converted back. Sums are
// taken in double (exact for a few fp16 values) and narrowed to fp32 by rounding to odd, so the
// final round-to-nearest-even into fp16/bf16 is the only rounding that counts.
struct NarrowViaF32 {
  using Storage = float;
  using Wide = double;
  static constexpr bool kNarrow = true;
  static double Load(float v) { return v; }
  static float Store(double v) { return F64ToF32RoundToOdd(v); }
  static void AddPair(const float *a, const float *b, float *dst, int64_t n) {
    for (int64_t i = 0; i < n; ++i) dst[i] = F64ToF32RoundToOdd(static_cast<double>(a[i]) + b[i]);
  }
};

// fp16/bf16 rows fed by a single gradOutput row, dense along W: the centre is copied as is (exact)
// and border cells convert their few sources one by one, skipping the fp32 staging.
template <DType kType>
struct NarrowDirect {
  using Storage = uint16_t;
  using Wide = double;
  static constexpr bool kNarrow = false;
  static double Load(uint16_t v) { return kType == DType::kF16 ? F16ToF32(v) : BF16ToF32(v); }
  static uint16_t Store(double v) {
    const float f = F64ToF32RoundToOdd(v);
    return kType == DType::kF16 ? F32ToF16(f) : F32ToBF16(f);
  }
  static void AddPair(const uint16_t *a, const uint16_t *b, uint16_t *dst, int64_t n) {
    for (int64_t i = 0; i < n; ++i) dst[i] = Store(Load(a[i]) + Load(b[i]));
  }
};

// One gradInput row from its `count` source gradOutput rows (dense, `k` scalars per element).
template <class S, int64_t k>
void ComposeRow(const ReflectionPad2dBackwardPlan &p, const typename S::Storage *const *src, int count,
                typename S::Storage *dst) {
  using T = typename S::Storage;
  using Wide = typename S::Wide;
  if (count == 0) {  // cropped away by negative pads: nothing copies this row
    std::memset(dst, 0, static_cast<size_t>(p.cols.in * k) * sizeof(T));
    return;
  }
  // Centre: dst[c] = sum over rows of src[c + left].
  const int64_t c0 = p.centerBegin * k, n = (p.centerEnd - p.centerBegin) * k, shift = p.cols.before * k;
  if (n > 0) {
    if (count == 1) {
      std::memcpy(dst + c0, src[0] + c0 + shift, static_cast<size_t>(n) * sizeof(T));
    } else if (count == 2) {
      S::AddPair(src[0] + c0 + shift, src[1] + c0 + shift, dst + c0, n);
    } else {
      for (int64_t c = c0; c < c0 + n; ++c) {
        dst[c] = S::Store(S::Load(src[0][c + shift]) + S::Load(src[1][c + shift]) + S::Load(src[2][c + shift]));
      }
    }
  }
  // Border cells: every source column of every source row. Most rows have one source row; passing
  // that count as a compile-time constant lets the common case drop the row loop (~15 % on pad 7).
  const size_t borders = p.borderColumns.size();
  const int64_t *columns = p.borderColumns.data();
  const SourceList *sources = p.borderSources.data();
  auto sumBorders = [&](auto rowCount) {
    for (size_t b = 0; b < borders; ++b) {
      const SourceList &cols = sources[b];
      for (int64_t part = 0; part < k; ++part) {
        Wide acc = -0.0;  // the identity of IEEE addition: a sum of -0 terms stays -0
        for (int r = 0; r < static_cast<int>(rowCount); ++r) {
          for (int j = 0; j < cols.count; ++j) acc += S::Load(src[r][cols.at[j] * k + part]);
        }
        dst[columns[b] * k + part] = S::Store(acc);
      }
    }
  };
  if (count == 1) {
    sumBorders(std::integral_constant<int, 1>());
  } else {
    sumBorders(count);
  }
}

template <class S, int64_t k, class Direct = S>
void RunTyped(const ReflectionPad2dBackwardPlan &p, const void *gradOutput, void *gradInput, char *workspace) {
  using T = typename S::Storage;
  const TensorView &go = p.gradOutput, &gi = p.gradInput;
  const int64_t height = p.rows.in;
  const int64_t goRowStride = go.strides[go.rank - 2], giRowStride = gi.strides[gi.rank - 2];
  const int64_t totalRows = p.planes * height;
  const auto *goBase = static_cast<const T *>(gradOutput);
  auto *giBase = static_cast<T *>(gradInput);
  // One W row as a 1-D view, for the strided gather/scatter of views that are not dense along W.
  const TensorView goRow = go.Trailing(go.rank - 1), giRow = gi.Trailing(gi.rank - 1);

  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    char *stage = workspace + p.stageStride * static_cast<size_t>(thread);
    const int64_t first = block * p.rowsPerBlock, last = std::min(totalRows, first + p.rowsPerBlock);
    for (int64_t row = first; row < last;) {
      // The block's rows of one plane: plane offsets are computed once per plane.
      const int64_t plane = row / height, ihBegin = row % height;
      const int64_t ihEnd = std::min(height, ihBegin + (last - row));
      const int64_t goPlane = PadPlaneOffset(go, plane), giPlane = PadPlaneOffset(gi, plane);
      for (int64_t ih = ihBegin; ih < ihEnd; ++ih) {
        const SourceList &rows = p.rowSources[static_cast<size_t>(ih)];
        const int64_t giOffset = giPlane + ih * giRowStride;
        if (S::kNarrow && rows.count == 1 && p.outputRowsDense && p.inputRowsDense) {
          using D = typename Direct::Storage;
          const D *direct[3] = {static_cast<const D *>(gradOutput) + goPlane + rows.at[0] * goRowStride};
          ComposeRow<Direct, 1>(p, direct, 1, static_cast<D *>(gradInput) + giOffset);
          continue;
        }
        const T *src[3] = {};
        for (int r = 0; r < rows.count; ++r) {
          const int64_t offset = goPlane + rows.at[r] * goRowStride;
          if (S::kNarrow) {
            auto *buffer = reinterpret_cast<T *>(stage + p.stageRowBytes * static_cast<size_t>(r));
            TensorView v = goRow;
            v.offset = offset;
            ReadFlatAsF32(v, gradOutput, 0, p.cols.out, reinterpret_cast<float *>(buffer));
            src[r] = buffer;
          } else if (p.outputRowsDense) {
            src[r] = goBase + offset * k;
          } else {
            TensorView v = goRow;
            v.offset = offset;
            auto *buffer = reinterpret_cast<T *>(stage + p.stageRowBytes * static_cast<size_t>(r));
            GatherElements(v, gradOutput, 0, p.cols.out, buffer);
            src[r] = buffer;
          }
        }
        if (p.inputRowsDense && !S::kNarrow) {
          ComposeRow<S, k>(p, src, rows.count, giBase + giOffset * k);
        } else {
          auto *buffer = reinterpret_cast<T *>(stage + p.stageRowBytes * 3);
          ComposeRow<S, k>(p, src, rows.count, buffer);
          TensorView v = giRow;
          v.offset = giOffset;
          if (S::kNarrow) {
            WriteFlatFromF32(v, gradInput, 0, p.cols.in, reinterpret_cast<const float *>(buffer));
          } else {
            ScatterElements(v, gradInput, 0, p.cols.in, buffer);
          }
        }
      }
      row += ihEnd - ihBegin;
    }
  });
}

}  // namespace

void RunReflectionPad2dBackward(const ReflectionPad2dBackwardPlan &plan, const void *gradOutput, void *gradInput,
                                void *workspace) {
  if (!plan.compute) return;
  auto *ws = static_cast<char *>(workspace);
  const bool complex = plan.components == 2;
  switch (plan.scalar) {
    case DType::kF64:
      complex ? RunTyped<F64Storage, 2>(plan, gradOutput, gradInput, ws)
              : RunTyped<F64Storage, 1>(plan, gradOutput, gradInput, ws);
      break;
    case DType::kF16: RunTyped<NarrowViaF32, 1, NarrowDirect<DType::kF16>>(plan, gradOutput, gradInput, ws); break;
    case DType::kBF16: RunTyped<NarrowViaF32, 1, NarrowDirect<DType::kBF16>>(plan, gradOutput, gradInput, ws); break;
    default:
      complex ? RunTyped<F32Storage, 2>(plan, gradOutput, gradInput, ws)
              : RunTyped<F32Storage, 1>(plan, gradOutput, gradInput, ws);
      break;
  }
}

}  // namespace aclcpu
