// ReplicationPad2d backward as a gather: each gradInput row is written once, from the gradOutput
// rows that repeat it, without a zero-fill pass or a scatter, in a fixed order.
// An interior row has one source row: its centre is a shifted copy (memcpy) and only its first and
// last cells sum a range of columns. An edge row (the first or last of a plane) first sums its
// source rows column by column in a wide type, then composes the cells from those sums. Every sum
// runs in a wider type than the data (double for fp32/fp16/bf16, long double for fp64) and is
// rounded once.
#include <algorithm>
#include <cstring>

#include "base/convert.h"
#include "base/half.h"
#include "base/parallel.h"
#include "ops/conversion/replication_pad2d_backward/replication_pad2d_backward_plan.h"

namespace aclcpu {
namespace {

struct F32Storage {
  using Storage = float;
  using Wide = double;
  static double Load(float v) { return v; }
  static float Store(double v) { return static_cast<float>(v); }
};
struct F64Storage {
  using Storage = double;
  using Wide = long double;  // x87 extended on x86-64: the sums of many fp64 terms keep 11 more bits
  static long double Load(double v) { return v; }
  static double Store(long double v) { return static_cast<double>(v); }
};
// fp16/bf16 sums are taken in double (exact for any realistic count of fp16 terms) and narrowed to
// fp32 by rounding to odd, so the final round-to-nearest-even into 16 bits is the only one that counts.
template <DType kType>
struct Narrow {
  using Storage = uint16_t;
  using Wide = double;
  static double Load(uint16_t v) { return kType == DType::kF16 ? F16ToF32(v) : BF16ToF32(v); }
  static uint16_t Store(double v) {
    const float f = F64ToF32RoundToOdd(v);
    return kType == DType::kF16 ? F32ToF16(f) : F32ToBF16(f);
  }
};

template <class S, int64_t k>
class RowComposer {
 public:
  using T = typename S::Storage;
  using Wide = typename S::Wide;

  explicit RowComposer(const ReplicationPad2dBackwardPlan &p) : p_(p) {}

  // An input row with one source row: the centre copied, the border cells summed from the row.
  void FromOneRow(const T *src, T *dst) const {
    const int64_t c0 = p_.centerBegin * k, n = (p_.centerEnd - p_.centerBegin) * k, shift = p_.cols.before * k;
    if (n > 0) std::memcpy(dst + c0, src + c0 + shift, static_cast<size_t>(n) * sizeof(T));
    for (size_t b = 0; b < p_.borderColumns.size(); ++b) {
      for (int64_t part = 0; part < k; ++part) {
        Wide acc = -0.0;  // the identity of IEEE addition: a sum of -0 terms stays -0
        for (int64_t w = p_.borderBegin[b]; w < p_.borderEnd[b]; ++w) acc += S::Load(src[w * k + part]);
        dst[p_.borderColumns[b] * k + part] = S::Store(acc);
      }
    }
  }

  // Adds one source row into the column sums (the first row initialises them).
  void AccumulateRow(const T *src, bool first, Wide *sums) const {
    const int64_t n = p_.cols.out * k;
    if (first) {
      for (int64_t i = 0; i < n; ++i) sums[i] = S::Load(src[i]);
    } else {
      for (int64_t i = 0; i < n; ++i) sums[i] += S::Load(src[i]);
    }
  }

  // An input row with several source rows, from their column sums.
  void FromSums(const Wide *sums, T *dst) const {
    const int64_t c0 = p_.centerBegin * k, n = (p_.centerEnd - p_.centerBegin) * k, shift = p_.cols.before * k;
    for (int64_t c = c0; c < c0 + n; ++c) dst[c] = S::Store(sums[c + shift]);
    for (size_t b = 0; b < p_.borderColumns.size(); ++b) {
      for (int64_t part = 0; part < k; ++part) {
        Wide acc = -0.0;  // the identity of IEEE addition: a sum of -0 terms stays -0
        for (int64_t w = p_.borderBegin[b]; w < p_.borderEnd[b]; ++w) acc += sums[w * k + part];
        dst[p_.borderColumns[b] * k + part] = S::Store(acc);
      }
    }
  }

 private:
  const ReplicationPad2dBackwardPlan &p_;
};

template <class S, int64_t k>
void RunTyped(const ReplicationPad2dBackwardPlan &p, const void *gradOutput, void *gradInput, char *workspace) {
  using T = typename S::Storage;
  using Wide = typename S::Wide;
  const RowComposer<S, k> composer(p);
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
    auto *goStage = reinterpret_cast<T *>(stage);
    auto *giStage = reinterpret_cast<T *>(stage + p.stageRowBytes);
    auto *sums = reinterpret_cast<Wide *>(stage + p.sumOffset);
    auto sourceRow = [&](int64_t offset) -> const T * {
      if (p.outputRowsDense) return goBase + offset * k;
      TensorView v = goRow;
      v.offset = offset;
      GatherElements(v, gradOutput, 0, p.cols.out, goStage);
      return goStage;
    };
    const int64_t first = block * p.rowsPerBlock, last = std::min(totalRows, first + p.rowsPerBlock);
    for (int64_t row = first; row < last;) {
      const int64_t plane = row / height, ihBegin = row % height;
      const int64_t ihEnd = std::min(height, ihBegin + (last - row));
      const int64_t goPlane = PadPlaneOffset(go, plane), giPlane = PadPlaneOffset(gi, plane);
      for (int64_t ih = ihBegin; ih < ihEnd; ++ih) {
        int64_t rowBegin = 0, rowEnd = 0;
        p.rows.ReplicateCopies(ih, &rowBegin, &rowEnd);
        const int64_t giOffset = giPlane + ih * giRowStride;
        T *dst = p.inputRowsDense ? giBase + giOffset * k : giStage;
        if (rowEnd == rowBegin) {  // cropped away by negative pads: nothing repeats this row
          std::memset(dst, 0, static_cast<size_t>(p.cols.in * k) * sizeof(T));
        } else if (rowEnd - rowBegin == 1) {
          composer.FromOneRow(sourceRow(goPlane + rowBegin * goRowStride), dst);
        } else {
          for (int64_t oh = rowBegin; oh < rowEnd; ++oh) {
            composer.AccumulateRow(sourceRow(goPlane + oh * goRowStride), oh == rowBegin, sums);
          }
          composer.FromSums(sums, dst);
        }
        if (!p.inputRowsDense) {
          TensorView v = giRow;
          v.offset = giOffset;
          ScatterElements(v, gradInput, 0, p.cols.in, giStage);
        }
      }
      row += ihEnd - ihBegin;
    }
  });
}

}  // namespace

void RunReplicationPad2dBackward(const ReplicationPad2dBackwardPlan &plan, const void *gradOutput, void *gradInput,
                                 void *workspace) {
  if (!plan.compute) return;
  auto *ws = static_cast<char *>(workspace);
  const bool complex = plan.components == 2;
  switch (plan.scalar) {
    case DType::kF64:
      complex ? RunTyped<F64Storage, 2>(plan, gradOutput, gradInput, ws)
              : RunTyped<F64Storage, 1>(plan, gradOutput, gradInput, ws);
      break;
    case DType::kF16: RunTyped<Narrow<DType::kF16>, 1>(plan, gradOutput, gradInput, ws); break;
    case DType::kBF16: RunTyped<Narrow<DType::kBF16>, 1>(plan, gradOutput, gradInput, ws); break;
    default:
      complex ? RunTyped<F32Storage, 2>(plan, gradOutput, gradInput, ws)
              : RunTyped<F32Storage, 1>(plan, gradOutput, gradInput, ws);
      break;
  }
}

}  // namespace aclcpu
