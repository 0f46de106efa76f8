// The LayerNorm family's shared kernel code: row access, fixed-order row statistics, statistics
// written with one rounding.
#include <cmath>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/layer_norm_family/layer_norm_rows.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "ops/layer_norm_family/layer_norm_rows.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Both sums of a row in double: each fp32 element widened exactly, four vector accumulators
// (element k always lands in accumulator (k / lanes) % 4), combined in a fixed tree, then the
// scalar tail in index order. The order depends on n alone.
RowStats LayerNormRowStats(const float *HWY_RESTRICT x, int64_t n, float eps) {
  const hn::ScalableTag<double> d;
  const hn::Rebind<float, decltype(d)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  auto sum4 = [&](auto term) HWY_ATTR {
    auto a0 = hn::Zero(d), a1 = hn::Zero(d), a2 = hn::Zero(d), a3 = hn::Zero(d);
    int64_t k = 0;
    for (; k + 4 * lanes <= n; k += 4 * lanes) {
      a0 = term(a0, hn::PromoteTo(d, hn::LoadU(df, x + k)));
      a1 = term(a1, hn::PromoteTo(d, hn::LoadU(df, x + k + lanes)));
      a2 = term(a2, hn::PromoteTo(d, hn::LoadU(df, x + k + 2 * lanes)));
      a3 = term(a3, hn::PromoteTo(d, hn::LoadU(df, x + k + 3 * lanes)));
    }
    for (; k + lanes <= n; k += lanes) a0 = term(a0, hn::PromoteTo(d, hn::LoadU(df, x + k)));
    double sum = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(a0, a1), hn::Add(a2, a3))));
    for (; k < n; ++k) sum = hn::GetLane(term(hn::Set(d, sum), hn::Set(d, static_cast<double>(x[k]))));
    return sum;
  };
  const auto count = static_cast<double>(n);
  const double mean = sum4([](auto acc, auto v) HWY_ATTR { return hn::Add(acc, v); }) / count;
  const auto vMean = hn::Set(d, mean);
  const double sq = sum4([vMean](auto acc, auto v) HWY_ATTR {
    const auto c = hn::Sub(v, vMean);
    return hn::MulAdd(c, c, acc);
  });
  const double var = sq / count;
  return RowStats{mean, 1.0 / std::sqrt(var + static_cast<double>(eps))};
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>

#include "base/convert.h"

namespace aclcpu {

HWY_EXPORT(LayerNormRowStats);

RowStats ComputeRowStats(const float *x, int64_t n, float eps) {
  return HWY_DYNAMIC_DISPATCH(LayerNormRowStats)(x, n, eps);
}

RowAccess::RowAccess(const TensorView &view, int axes, const void *base) : view_(view), axes_(axes), base_(base) {
  inner_ = view.Trailing(axes);
  dense_ = inner_.IsContiguous();
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
