// The LayerNorm family's shared kernel code: row access, fixed-order row statistics, statistics
// written with one rounding.
#include <cmath>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/norm/layer_norm_family/layer_norm_rows.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

// The 16-bit conversions after highway.h, once per target.
#include "base/load_as_f32-inl.h"

#include "base/with_storage.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Both sums of a row in double: each element (FLOAT, FLOAT16 or BF16: S) widened exactly, four vector accumulators
// (element k always lands in accumulator (k / lanes) % 4), combined in a fixed tree, then the
// scalar tail in index order. The order depends on n alone. kRows rows go through the same steps
// side by side: a short row's sums, 1/sqrt and division form a dependency chain of ~100 cycles,
// which independent rows fill; each row's operations and their order are those of kRows == 1.
// kCentered = false is the RMS form (RmsNorm): mean 0, no first pass, the squares of x itself.
template <class S, int kRows, bool kCentered>
void RowStatsInterleaved(const S *const *HWY_RESTRICT xs, int64_t n, float eps, RowStats *HWY_RESTRICT out) {
  const hn::ScalableTag<double> d;
  const hn::Rebind<float, decltype(d)> df;
  using V = hn::Vec<decltype(d)>;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  auto sum4 = [&](auto term, double *sums) HWY_ATTR {
    V a0[kRows], a1[kRows], a2[kRows], a3[kRows];
#pragma GCC unroll 4
    for (int r = 0; r < kRows; ++r) a0[r] = a1[r] = a2[r] = a3[r] = hn::Zero(d);
    int64_t k = 0;
    for (; k + 4 * lanes <= n; k += 4 * lanes) {
#pragma GCC unroll 4
      for (int r = 0; r < kRows; ++r) {
        V v0, v1, v2, v3;
        LoadAsF64Pair(d, xs[r] + k, &v0, &v1);
        LoadAsF64Pair(d, xs[r] + k + 2 * lanes, &v2, &v3);
        a0[r] = term(r, a0[r], v0);
        a1[r] = term(r, a1[r], v1);
        a2[r] = term(r, a2[r], v2);
        a3[r] = term(r, a3[r], v3);
      }
    }
    const int64_t vectorEnd = k + (n - k) / lanes * lanes;
#pragma GCC unroll 4
    for (int r = 0; r < kRows; ++r) {
      for (int64_t j = k; j < vectorEnd; j += lanes) a0[r] = term(r, a0[r], hn::PromoteTo(d, LoadAsF32(df, xs[r] + j)));
      double sum = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(a0[r], a1[r]), hn::Add(a2[r], a3[r]))));
      for (int64_t j = vectorEnd; j < n; ++j) {
        sum = hn::GetLane(term(r, hn::Set(d, sum), hn::Set(d, static_cast<double>(Decode(xs[r][j])))));
      }
      sums[r] = sum;
    }
  };
  const auto count = static_cast<double>(n);
  double sums[kRows], squares[kRows];
  if (kCentered) sum4([](int, V acc, V v) HWY_ATTR { return hn::Add(acc, v); }, sums);
  V means[kRows];
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r) {
    out[r].mean = kCentered ? sums[r] / count : 0.0;
    means[r] = hn::Set(d, out[r].mean);
  }
  sum4(
      [&means](int r, V acc, V v) HWY_ATTR {
        const auto c = hn::Sub(v, means[r]);
        return hn::MulAdd(c, c, acc);
      },
      squares);
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r) out[r].rstd = 1.0 / std::sqrt(squares[r] / count + static_cast<double>(eps));
}

// Statistics of `count` rows of dtype; rows of up to kInterleaveMaxCols go kRowsInterleaved at a time.
template <bool kCentered>
void RowStatsOf(const void *const *rows, DType dtype, int64_t count, int64_t n, float eps, RowStats *out) {
  WithStorage(dtype, [&](auto tag) HWY_ATTR {
    using S = StorageOf<decltype(tag)>;
    const S *xs[kRowsInterleaved];  // the next rows as typed pointers (copied, not the void* array reinterpreted)
    auto typed = [&](int64_t first, int64_t rowCount) {
      for (int64_t j = 0; j < rowCount; ++j) xs[j] = static_cast<const S *>(rows[first + j]);
    };
    int64_t i = 0;
    if (n <= kInterleaveMaxCols) {
      for (; i + kRowsInterleaved <= count; i += kRowsInterleaved) {
        typed(i, kRowsInterleaved);
        RowStatsInterleaved<S, kRowsInterleaved, kCentered>(xs, n, eps, out + i);
      }
    }
    for (; i < count; ++i) {
      typed(i, 1);
      RowStatsInterleaved<S, 1, kCentered>(xs, n, eps, out + i);
    }
  });
}
void LayerNormRowStats(const void *const *rows, DType dtype, int64_t count, int64_t n, float eps, RowStats *out) {
  RowStatsOf<true>(rows, dtype, count, n, eps, out);
}
void RmsRowStats(const void *const *rows, DType dtype, int64_t count, int64_t n, float eps, RowStats *out) {
  RowStatsOf<false>(rows, dtype, count, n, eps, out);
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>

#include "base/convert.h"

namespace aclcpu {

HWY_EXPORT(LayerNormRowStats);
HWY_EXPORT(RmsRowStats);

void ComputeRowStats(const void *const *rows, DType dtype, int64_t count, int64_t n, float eps, RowStats *out) {
  HWY_DYNAMIC_DISPATCH(LayerNormRowStats)(rows, dtype, count, n, eps, out);
}

void ComputeRmsRowStats(const void *const *rows, DType dtype, int64_t count, int64_t n, float eps, RowStats *out) {
  HWY_DYNAMIC_DISPATCH(RmsRowStats)(rows, dtype, count, n, eps, out);
}

RowAccess::RowAccess(const TensorView &view, int axes, const void *base) : view_(view), axes_(axes), base_(base) {
  inner_ = view.Trailing(axes);
  dense_ = RowsDense(view, axes);
  // Leading dims that collapse to one stride make the row offset a multiply.
  // (Strides may be negative, so "no stride seen yet" is a flag, not a sentinel value.)
  uniform_ = true;
  rowStride_ = 0;
  bool seen = false, unreachable = false;  // unreachable: the next stride would overflow int64
  int64_t expected = 0;
  for (int d = axes - 1; d >= 0; --d) {
    if (view.dims[d] == 1) continue;
    if (!seen) {
      rowStride_ = view.strides[d];
      seen = true;
    } else if (unreachable || view.strides[d] != expected) {
      uniform_ = false;
    }
    unreachable = __builtin_mul_overflow(view.strides[d], view.dims[d], &expected);
  }
}

namespace {

// Writes n values, value(i) for i = 0..n-1, to elements first.. of the view, each rounded once to
// its dtype: narrowed to fp32 by F64ToFloatForDType, then converted by WriteFlatFromF32, a span at a time.
template <class Value>
void WriteFlatFromDoubles(const TensorView &view, void *base, int64_t first, int64_t n, const Value &value) {
  constexpr int64_t kSpan = 256;
  float narrowed[kSpan];
  for (int64_t done = 0; done < n; done += kSpan) {
    const int64_t count = std::min(kSpan, n - done);
    for (int64_t i = 0; i < count; ++i) narrowed[i] = F64ToFloatForDType(view.dtype, value(done + i));
    WriteFlatFromF32(view, base, first + done, count, narrowed);
  }
}

}  // namespace

void WriteFlatFromF64(const TensorView &view, void *base, int64_t first, int64_t n, const double *src) {
  WriteFlatFromDoubles(view, base, first, n, [src](int64_t i) { return src[i]; });
}

void FillFlat(const TensorView &view, void *base, int64_t n, double value) {
  WriteFlatFromDoubles(view, base, 0, n, [value](int64_t) { return value; });
}

}  // namespace aclcpu
#endif  // HWY_ONCE
