// LayerNorm backward kernels: one DRAM pass over dy and x per row (two sweeps while the row is in
// cache), fp32 math for every dtype, fp32 dgamma/dbeta partials per fixed row block.
#include <algorithm>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/layer_norm_backward/layer_norm_backward_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "ops/layer_norm_backward/layer_norm_backward_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Sums over a row are taken in fp32 vectors over chunks of this many columns and folded into
// double, so long rows keep fp32-vector speed without fp32 drift.
constexpr int64_t kSumChunk = 2048;

// One row. Scalar math (norm-ops.md §2.3):
//   xhat = (x - mean) * rstd;  g = dy * w
//   a = sum(g) / N;  b = sum(g * xhat) / N
//   dx = ((g - xhat * b) - a) * rstd
//   pg += dy * xhat;  pb += dy          (this block's dgamma/dbeta partials)
// `dx` may alias `dy` (the staged copy), so neither is restrict.
template <bool kWeight, bool kParams, bool kDx>
void RowKernel(const float *dy, const float *HWY_RESTRICT x, const float *HWY_RESTRICT w, float mean, float rstd,
               int64_t n, float *HWY_RESTRICT pg, float *HWY_RESTRICT pb, float *dx) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vMean = hn::Set(d, mean);
  const auto vRstd = hn::Set(d, rstd);
  double sumG = 0.0, sumGX = 0.0;
  for (int64_t c0 = 0; c0 < n; c0 += kSumChunk) {
    const int64_t c1 = std::min(n, c0 + kSumChunk);
    auto accG0 = hn::Zero(d), accG1 = hn::Zero(d), accGX0 = hn::Zero(d), accGX1 = hn::Zero(d);
    int64_t k = c0;
    auto step = [&](int64_t at, decltype(accG0) &accG, decltype(accG0) &accGX) HWY_ATTR {
      const auto vdy = hn::LoadU(d, dy + at);
      const auto xh = hn::Mul(hn::Sub(hn::LoadU(d, x + at), vMean), vRstd);
      if (kDx) {
        const auto g = kWeight ? hn::Mul(vdy, hn::LoadU(d, w + at)) : vdy;
        accG = hn::Add(accG, g);
        accGX = hn::MulAdd(g, xh, accGX);
      }
      if (kParams) {
        hn::StoreU(hn::MulAdd(vdy, xh, hn::LoadU(d, pg + at)), d, pg + at);
        hn::StoreU(hn::Add(vdy, hn::LoadU(d, pb + at)), d, pb + at);
      }
    };
    for (; k + 2 * lanes <= c1; k += 2 * lanes) {
      step(k, accG0, accGX0);
      step(k + lanes, accG1, accGX1);
    }
    for (; k + lanes <= c1; k += lanes) step(k, accG0, accGX0);
    float tailG = 0.0f, tailGX = 0.0f;
    for (; k < c1; ++k) {
      const float xh = (x[k] - mean) * rstd;
      const float g = kWeight ? dy[k] * w[k] : dy[k];
      tailG += g;
      tailGX += g * xh;
      if (kParams) {
        pg[k] += dy[k] * xh;
        pb[k] += dy[k];
      }
    }
    if (kDx) {
      sumG += static_cast<double>(hn::GetLane(hn::SumOfLanes(d, hn::Add(accG0, accG1)))) + tailG;
      sumGX += static_cast<double>(hn::GetLane(hn::SumOfLanes(d, hn::Add(accGX0, accGX1)))) + tailGX;
    }
  }
  if (!kDx) return;
  const auto a = static_cast<float>(sumG / static_cast<double>(n));
  const auto b = static_cast<float>(sumGX / static_cast<double>(n));
  const auto vA = hn::Set(d, a), vB = hn::Set(d, b);
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    const auto vdy = hn::LoadU(d, dy + k);
    const auto xh = hn::Mul(hn::Sub(hn::LoadU(d, x + k), vMean), vRstd);
    const auto g = kWeight ? hn::Mul(vdy, hn::LoadU(d, w + k)) : vdy;
    hn::StoreU(hn::Mul(hn::Sub(hn::NegMulAdd(xh, vB, g), vA), vRstd), d, dx + k);
  }
  for (; k < n; ++k) {
    const float xh = (x[k] - mean) * rstd;
    const float g = kWeight ? dy[k] * w[k] : dy[k];
    dx[k] = ((g - xh * b) - a) * rstd;
  }
}

using RowFn = void (*)(const float *, const float *, const float *, float, float, int64_t, float *, float *, float *);

RowFn SelectRow(bool weight, bool params, bool wantDx) {
  // Indexed by (weight, params, dx); the all-false variant is never selected (nothing to do).
  static const RowFn kTable[8] = {
      RowKernel<false, false, false>, RowKernel<false, false, true>, RowKernel<false, true, false>,
      RowKernel<false, true, true>,   RowKernel<true, false, false>,  RowKernel<true, false, true>,
      RowKernel<true, true, false>,   RowKernel<true, true, true>};
  return kTable[(weight ? 4 : 0) + (params ? 2 : 0) + (wantDx ? 1 : 0)];
}

// dst[k] += src[k] over n columns (pairwise combination of block partials).
void AddRow(float *HWY_RESTRICT dst, const float *HWY_RESTRICT src, int64_t n) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) hn::StoreU(hn::Add(hn::LoadU(d, dst + k), hn::LoadU(d, src + k)), d, dst + k);
  for (; k < n; ++k) dst[k] += src[k];
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>
#include <cstring>

#include "base/convert.h"
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectRow);
HWY_EXPORT(AddRow);

namespace {

constexpr int64_t kReduceColumns = 1024;  // column chunk of the final partial reduction

// Element offset of row `row` in a tensor whose first `axes` dims are the row index.
int64_t RowOffset(const TensorView &v, int axes, int64_t row) {
  int64_t off = v.offset;
  for (int dim = axes - 1; dim >= 0; --dim) {
    off += (row % v.dims[dim]) * v.strides[dim];
    row /= v.dims[dim];
  }
  return off;
}

float ReadScalar(const TensorView &v, const void *base, int64_t flat) {
  float value;
  GatherAsF32(v, base, flat, 1, &value);
  return value;
}

const char *ElementAt(const void *base, const TensorView &v, int64_t elementOffset) {
  return static_cast<const char *>(base) + elementOffset * static_cast<int64_t>(DTypeSize(v.dtype));
}

// Reads row `row` as fp32: a pointer into the tensor when it is dense fp32, else a staged copy.
const float *RowAsF32(const TensorView &v, const TensorView &inner, const void *base, int axes, int64_t row,
                      int64_t n, float *stage) {
  const int64_t off = RowOffset(v, axes, row);
  if (inner.IsContiguous()) {
    if (v.dtype == DType::kF32) return reinterpret_cast<const float *>(ElementAt(base, v, off));
    LoadAsF32(v.dtype, ElementAt(base, v, off), stage, n);
    return stage;
  }
  TensorView shifted = inner;
  shifted.offset = off;
  GatherAsF32(shifted, base, 0, n, stage);
  return stage;
}

void StoreRow(const TensorView &v, const TensorView &inner, void *base, int axes, int64_t row, int64_t n,
              const float *src) {
  const int64_t off = RowOffset(v, axes, row);
  if (inner.IsContiguous()) {
    StoreFromF32(v.dtype, src, const_cast<char *>(ElementAt(base, v, off)), n);
    return;
  }
  TensorView shifted = inner;
  shifted.offset = off;
  ScatterFromF32(shifted, base, 0, n, src);
}

// Writes n fp32 values as elements [first, first + n) of a flat-indexed output (dgamma, dbeta).
void StoreFlat(const TensorView &v, void *base, int64_t first, int64_t n, const float *src) {
  if (v.IsContiguous()) {
    StoreFromF32(v.dtype, src, const_cast<char *>(ElementAt(base, v, v.offset + first)), n);
  } else {
    ScatterFromF32(v, base, first, n, src);
  }
}

void ZeroFillParams(const LayerNormBackwardPlan &p, const LayerNormBackwardBuffers &b) {
  float zeros[256] = {};
  for (int64_t k = 0; k < p.cols; k += 256) {
    const int64_t len = std::min<int64_t>(256, p.cols - k);
    if (p.wantDgamma) StoreFlat(p.dgamma, b.dgamma, k, len, zeros);
    if (p.wantDbeta) StoreFlat(p.dbeta, b.dbeta, k, len, zeros);
  }
}

}  // namespace

void RunLayerNormBackward(const LayerNormBackwardPlan &p, const LayerNormBackwardBuffers &b, void *workspace) {
  if (p.zeroFillParams) ZeroFillParams(p, b);
  if (!p.compute) return;
  const int64_t n = p.cols;
  char *ws = static_cast<char *>(workspace);
  float *weight = nullptr;
  if (p.hasWeight) {
    weight = reinterpret_cast<float *>(ws + p.weightOffset);
    if (p.weight.IsContiguous()) {
      LoadAsF32(p.weight.dtype, ElementAt(b.weight, p.weight, p.weight.offset), weight, n);
    } else {
      GatherAsF32(p.weight, b.weight, 0, n, weight);
    }
  }
  const bool params = p.wantDgamma || p.wantDbeta;
  auto *partials = reinterpret_cast<float *>(ws + p.partialsOffset);
  const TensorView dyInner = p.dy.Trailing(p.beginAxis);
  const TensorView xInner = p.x.Trailing(p.beginAxis);
  const TensorView dxInner = p.wantDx ? p.dx.Trailing(p.beginAxis) : TensorView{};
  const bool dxDirect = p.wantDx && p.dx.dtype == DType::kF32 && dxInner.IsContiguous();
  const auto row = HWY_DYNAMIC_DISPATCH(SelectRow)(p.hasWeight, params, p.wantDx);

  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    float *stageA = reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
    float *stageB = stageA + p.scratchStride / (2 * sizeof(float));
    float *pg = params ? partials + block * 2 * n : nullptr;
    float *pb = params ? pg + n : nullptr;
    if (params) std::memset(pg, 0, static_cast<size_t>(2 * n) * sizeof(float));
    const int64_t first = block * p.rowsPerBlock;
    const int64_t last = std::min(p.rows, first + p.rowsPerBlock);
    for (int64_t m = first; m < last; ++m) {
      const float mean = ReadScalar(p.mean, b.mean, m);
      const float rstd = ReadScalar(p.rstd, b.rstd, m);
      const float *dy = RowAsF32(p.dy, dyInner, b.dy, p.beginAxis, m, n, stageA);
      const float *x = RowAsF32(p.x, xInner, b.x, p.beginAxis, m, n, stageB);
      float *dx = nullptr;
      if (p.wantDx) {
        dx = dxDirect ? reinterpret_cast<float *>(
                            const_cast<char *>(ElementAt(b.dx, p.dx, RowOffset(p.dx, p.beginAxis, m))))
                      : stageA;
      }
      row(dy, x, weight, mean, rstd, n, pg, pb, dx);
      if (p.wantDx && !dxDirect) StoreRow(p.dx, dxInner, b.dx, p.beginAxis, m, n, dx);
    }
  });
  if (!params) return;

  // Combine the block partials pairwise in a fixed order, then round once into the outputs.
  const int64_t chunks = CeilDiv(2 * n, kReduceColumns);
  const auto add = HWY_DYNAMIC_DISPATCH(AddRow);
  ParallelFor(chunks, p.threads, [&](int64_t chunk, int) {
    const int64_t c0 = chunk * kReduceColumns;
    const int64_t len = std::min(kReduceColumns, 2 * n - c0);
    for (int64_t stride = 1; stride < p.numBlocks; stride *= 2) {
      for (int64_t blk = 0; blk + stride < p.numBlocks; blk += 2 * stride) {
        add(partials + blk * 2 * n + c0, partials + (blk + stride) * 2 * n + c0, len);
      }
    }
    // Columns [0, n) of the combined row are dgamma, [n, 2n) dbeta.
    const int64_t gEnd = std::min(c0 + len, n);
    if (p.wantDgamma && c0 < gEnd) StoreFlat(p.dgamma, b.dgamma, c0, gEnd - c0, partials + c0);
    const int64_t bStart = std::max(c0, n);
    if (p.wantDbeta && bStart < c0 + len) {
      StoreFlat(p.dbeta, b.dbeta, bStart - n, c0 + len - bStart, partials + bStart);
    }
  });
}

}  // namespace aclcpu
#endif  // HWY_ONCE
