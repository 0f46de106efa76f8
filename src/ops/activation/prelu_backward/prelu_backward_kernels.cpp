// PReLU backward in one pass: each span of x and dy is read once (staged through L1-sized fp32
// buffers when not dense fp32), gradInput is written once, and gradWeight's sums go to per-piece
// double partials that are combined in a fixed order, so any thread count gives the same bits.
#include <algorithm>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/activation/prelu_backward/prelu_backward_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "ops/activation/prelu_backward/prelu_backward_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// One span (n elements, all pointers dense fp32):
//   dx = x > 0 ? dy : w * dy               (NaN x takes the weight branch, as `x > 0` is false)
//   update = x > 0 ? 0 : x * dy
// kRowWeight: w is per element (wRow), else the scalar w. Updates are exact products in double (an
// fp32 x fp32 product fits a double) summed in double, into *sum or, with kRowWeight, into
// partialRow[k]: gradWeight is rounded only once, at the end.
template <bool kRowWeight>
void Span(const float *HWY_RESTRICT x, const float *HWY_RESTRICT dy, const float *HWY_RESTRICT wRow, float w, int64_t n,
          float *HWY_RESTRICT dx, double *HWY_RESTRICT partialRow, double *sum) {
  int64_t k = 0;
  double total = 0;
#if HWY_TARGET != HWY_SCALAR
  const hn::ScalableTag<float> df;
  const hn::Half<decltype(df)> dh;
  const hn::Repartition<double, decltype(df)> dd;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto half = static_cast<int64_t>(hn::Lanes(dd));
  const auto zeroF = hn::Zero(df);
  const auto zeroD = hn::Zero(dd);
  auto acc0 = hn::Zero(dd), acc1 = hn::Zero(dd);
  for (; k + lanes <= n; k += lanes) {
    const auto vx = hn::LoadU(df, x + k);
    const auto vg = hn::LoadU(df, dy + k);
    const auto vw = kRowWeight ? hn::LoadU(df, wRow + k) : hn::Set(df, w);
    hn::StoreU(hn::IfThenElse(hn::Gt(vx, zeroF), vg, hn::Mul(vw, vg)), df, dx + k);
    const auto xLo = hn::PromoteTo(dd, hn::LowerHalf(dh, vx)), gLo = hn::PromoteTo(dd, hn::LowerHalf(dh, vg));
    const auto xHi = hn::PromoteTo(dd, hn::UpperHalf(dh, vx)), gHi = hn::PromoteTo(dd, hn::UpperHalf(dh, vg));
    const auto uLo = hn::IfThenZeroElse(hn::Gt(xLo, zeroD), hn::Mul(xLo, gLo));
    const auto uHi = hn::IfThenZeroElse(hn::Gt(xHi, zeroD), hn::Mul(xHi, gHi));
    if (kRowWeight) {
      hn::StoreU(hn::Add(hn::LoadU(dd, partialRow + k), uLo), dd, partialRow + k);
      hn::StoreU(hn::Add(hn::LoadU(dd, partialRow + k + half), uHi), dd, partialRow + k + half);
    } else {
      acc0 = hn::Add(acc0, uLo);
      acc1 = hn::Add(acc1, uHi);
    }
  }
  if (!kRowWeight) total = hn::GetLane(hn::SumOfLanes(dd, hn::Add(acc0, acc1)));
#endif
  for (; k < n; ++k) {
    const float wk = kRowWeight ? wRow[k] : w;
    const bool positive = x[k] > 0.0f;
    dx[k] = positive ? dy[k] : wk * dy[k];
    const double u = positive ? 0.0 : static_cast<double>(x[k]) * static_cast<double>(dy[k]);
    if (kRowWeight) {
      partialRow[k] += u;
    } else {
      total += u;
    }
  }
  if (!kRowWeight) *sum += total;
}

using SpanFn = void (*)(const float *, const float *, const float *, float, int64_t, float *, double *, double *);
SpanFn SelectSpan(bool rowWeight) { return rowWeight ? Span<true> : Span<false>; }

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "base/convert.h"
#include "base/half.h"
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectSpan);

namespace {

constexpr int64_t kSpan = kPreluSpan;

struct Staging {
  float *x, *dy, *dx;
};

class SpanRunner {
 public:
  SpanRunner(const PreluBackwardPlan &p, const PreluBackwardBuffers &b, bool rowWeight)
      : p_(p),
        b_(b),
        span_(HWY_DYNAMIC_DISPATCH(SelectSpan)(rowWeight)),
        xDirect_(p.x.IsDenseF32()),
        dyDirect_(p.dy.IsDenseF32()),
        dxDirect_(p.dx.IsDenseF32()) {}

  // Elements [first, first + n) of the flattened tensors; wRow/partialRow for per-element weights.
  void Run(int64_t first, int64_t n, const float *wRow, float w, double *partialRow, double *sum,
           const Staging &s) const {
    for (int64_t k = 0; k < n; k += kSpan) {
      const int64_t len = std::min(kSpan, n - k), at = first + k;
      const float *x = xDirect_ ? static_cast<const float *>(ContiguousElement(p_.x, b_.x, at)) : s.x;
      if (!xDirect_) ReadFlatAsF32(p_.x, b_.x, at, len, s.x);
      const float *dy = dyDirect_ ? static_cast<const float *>(ContiguousElement(p_.dy, b_.dy, at)) : s.dy;
      if (!dyDirect_) ReadFlatAsF32(p_.dy, b_.dy, at, len, s.dy);
      float *dx = dxDirect_ ? static_cast<float *>(ContiguousElement(p_.dx, b_.dx, at)) : s.dx;
      double *row = partialRow != nullptr ? partialRow + k : nullptr;
      span_(x, dy, wRow != nullptr ? wRow + k : nullptr, w, len, dx, row, sum);
      if (!dxDirect_) WriteFlatFromF32(p_.dx, b_.dx, at, len, dx);
    }
  }

 private:
  const PreluBackwardPlan &p_;
  const PreluBackwardBuffers &b_;
  decltype(HWY_DYNAMIC_DISPATCH(SelectSpan)(false)) span_;
  bool xDirect_, dyDirect_, dxDirect_;
};

Staging StagingFor(const PreluBackwardPlan &p, char *ws, int thread) {
  auto *base = reinterpret_cast<float *>(ws + p.stageOffset + p.stageStride * static_cast<size_t>(thread));
  return {base, base + kSpan, base + 2 * kSpan};
}

// gradWeight values (double sums) rounded once into the output's dtype.
void StoreWeightGrad(const PreluBackwardPlan &p, const PreluBackwardBuffers &b, const double *sums) {
  const bool narrow = p.dweight.dtype != DType::kF32;
  for (int64_t c0 = 0; c0 < p.map.weights; c0 += kSpan) {
    const int64_t len = std::min(kSpan, p.map.weights - c0);
    float values[kSpan];
    for (int64_t i = 0; i < len; ++i) {
      const double v = sums[c0 + i];
      values[i] = narrow ? F64ToF32RoundToOdd(v) : static_cast<float>(v);
    }
    WriteFlatFromF32(p.dweight, b.dweight, c0, len, values);
  }
}

void RunPlanes(const PreluBackwardPlan &p, const PreluBackwardBuffers &b, char *ws) {
  auto *weights = reinterpret_cast<float *>(ws + p.weightOffset);
  LoadPreluWeights(p.map, p.weight, b.weight, weights);
  auto *partials = reinterpret_cast<double *>(ws + p.partialsOffset);
  const int64_t pieces = p.map.planes * p.piecesPerPlane;
  const SpanRunner runner(p, b, false);
  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    const Staging s = StagingFor(p, ws, thread);
    const int64_t last = std::min(pieces, (block + 1) * p.piecesPerBlock);
    for (int64_t piece = block * p.piecesPerBlock; piece < last; ++piece) {
      const int64_t plane = piece / p.piecesPerPlane, start = (piece % p.piecesPerPlane) * p.pieceSize;
      const int64_t len = std::min(p.pieceSize, p.map.planeSize - start);
      double sum = 0;
      runner.Run(plane * p.map.planeSize + start, len, nullptr, weights[plane % p.map.weights], nullptr, &sum, s);
      partials[piece] = sum;
    }
  });
  // Channel c owns planes c, c + C, c + 2C, ...: their pieces are added in that order.
  auto *sums = reinterpret_cast<double *>(ws + p.sumsOffset);
  for (int64_t c = 0; c < p.map.weights; ++c) sums[c] = 0;
  for (int64_t piece = 0; piece < pieces; ++piece) sums[(piece / p.piecesPerPlane) % p.map.weights] += partials[piece];
  StoreWeightGrad(p, b, sums);
}

void RunRows(const PreluBackwardPlan &p, const PreluBackwardBuffers &b, char *ws) {
  auto *wRow = reinterpret_cast<float *>(ws + p.weightOffset);
  LoadPreluWeights(p.map, p.weight, b.weight, wRow);
  auto *partials = reinterpret_cast<double *>(ws + p.partialsOffset);
  const SpanRunner runner(p, b, true);
  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    const Staging s = StagingFor(p, ws, thread);
    double *row = partials + block * p.map.rowLength;
    std::fill_n(row, p.map.rowLength, 0.0);
    const int64_t last = std::min(p.map.rows, (block + 1) * p.rowsPerBlock);
    for (int64_t r = block * p.rowsPerBlock; r < last; ++r)
      runner.Run(r * p.map.rowLength, p.map.rowLength, wRow, 0.0f, row, nullptr, s);
  });
  // Fold the block rows in block order into block 0's row, then each channel's planeSize entries.
  for (int64_t blk = 1; blk < p.numBlocks; ++blk) {
    const double *src = partials + blk * p.map.rowLength;
    for (int64_t j = 0; j < p.map.rowLength; ++j) partials[j] += src[j];
  }
  auto *sums = reinterpret_cast<double *>(ws + p.sumsOffset);
  for (int64_t c = 0; c < p.map.weights; ++c) {
    double acc = 0;
    for (int64_t i = 0; i < p.map.planeSize; ++i) acc += partials[c * p.map.planeSize + i];
    sums[c] = acc;
  }
  StoreWeightGrad(p, b, sums);
}

}  // namespace

void RunPreluBackward(const PreluBackwardPlan &plan, const PreluBackwardBuffers &buffers, void *workspace) {
  if (!plan.compute) return;
  if (plan.map.layout == PreluLayout::kRows) {
    RunRows(plan, buffers, static_cast<char *>(workspace));
  } else {
    RunPlanes(plan, buffers, static_cast<char *>(workspace));
  }
}

}  // namespace aclcpu
#endif  // HWY_ONCE
