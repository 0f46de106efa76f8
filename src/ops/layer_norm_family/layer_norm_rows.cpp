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
#include <cstring>

#include "base/convert.h"
#include "base/half.h"

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

// double -> fp32 rounded to odd: the fp32 neighbour of v whose last bit is 1 unless v is exact.
// Rounding that to fp16/bf16 (at least two bits shorter) to nearest even gives the correctly
// rounded result of v: one rounding, not two.
float RoundToOddF32(double v) {
  const auto f = static_cast<float>(v);
  if (static_cast<double>(f) == v || std::isnan(v)) return f;
  uint32_t bits = F32ToBits(f);
  if ((bits & 1u) == 0) bits = std::fabs(static_cast<double>(f)) > std::fabs(v) ? bits - 1 : bits + 1;
  return BitsToF32(bits);
}

void StoreF64(DType type, double v, char *dst) {
  switch (type) {
    case DType::kF16: {
      const uint16_t h = F32ToF16(RoundToOddF32(v));
      std::memcpy(dst, &h, sizeof h);
      break;
    }
    case DType::kBF16: {
      const uint16_t h = F32ToBF16(RoundToOddF32(v));
      std::memcpy(dst, &h, sizeof h);
      break;
    }
    default: {
      const auto f = static_cast<float>(v);
      std::memcpy(dst, &f, sizeof f);
      break;
    }
  }
}

}  // namespace

void WriteFlatFromF64(const TensorView &view, void *base, int64_t first, int64_t n, const double *src) {
  if (n <= 0) return;
  const auto size = static_cast<int64_t>(DTypeSize(view.dtype));
  StridedCursor cursor(view, first);
  for (int64_t i = 0; i < n; ++i, cursor.Next()) {
    StoreF64(view.dtype, src[i], static_cast<char *>(base) + cursor.offset() * size);
  }
}

void FillFlat(const TensorView &view, void *base, int64_t n, double value) {
  if (n <= 0) return;
  const auto size = static_cast<int64_t>(DTypeSize(view.dtype));
  StridedCursor cursor(view, 0);
  for (int64_t i = 0; i < n; ++i, cursor.Next()) {
    StoreF64(view.dtype, value, static_cast<char *>(base) + cursor.offset() * size);
  }
}

}  // namespace aclcpu
#endif  // HWY_ONCE
