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

// Sums over a row are taken in vectors over chunks of this many columns and folded into double,
// so long rows keep vector speed without fp32 drift.
constexpr int64_t kSumChunk = 2048;

// Loads fp32 memory as a vector of the compute type T (float, or double for fp32 tensors).
template <class D>
HWY_INLINE hn::Vec<D> LoadAs(D d, const float *p) {
  if constexpr (sizeof(hn::TFromD<D>) == sizeof(float)) {
    return hn::LoadU(d, p);
  } else {
    return hn::PromoteTo(d, hn::LoadU(hn::Rebind<float, D>(), p));
  }
}

template <class D>
HWY_INLINE void StoreAsF32(D d, hn::Vec<D> v, float *p) {
  if constexpr (sizeof(hn::TFromD<D>) == sizeof(float)) {
    hn::StoreU(v, d, p);
  } else {
    hn::StoreU(hn::DemoteTo(hn::Rebind<float, D>(), v), hn::Rebind<float, D>(), p);
  }
}

// One row in compute type T; rows arrive as fp32 (converted from f16/bf16 where needed).
// fp32 tensors compute in double so that the only rounding is the final one to fp32 (never less
// accurate than PyTorch); f16/bf16 tensors compute in fp32, far below their output rounding.
// Scalar math (norm-ops.md §2.3):
//   xhat = (x - mean) * rstd;  g = dy * w
//   a = sum(g) / N;  b = sum(g * xhat) / N
//   dx = ((g - xhat * b) - a) * rstd
//   pg += dy * xhat;  pb += dy          (this block's dgamma/dbeta partials, in T)
// `dx` may alias `dy` (the staged copy), so neither is restrict.
template <class T, bool kWeight, bool kParams, bool kDx>
void RowKernel(const float *dy, const float *HWY_RESTRICT x, const float *HWY_RESTRICT w, float meanF, float rstdF,
               int64_t n, T *HWY_RESTRICT pg, T *HWY_RESTRICT pb, float *dx) {
  const hn::ScalableTag<T> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const T mean = meanF, rstd = rstdF;
  const auto vMean = hn::Set(d, mean);
  const auto vRstd = hn::Set(d, rstd);
  double sumG = 0.0, sumGX = 0.0;
  for (int64_t c0 = 0; c0 < n; c0 += kSumChunk) {
    const int64_t c1 = std::min(n, c0 + kSumChunk);
    auto accG0 = hn::Zero(d), accG1 = hn::Zero(d), accGX0 = hn::Zero(d), accGX1 = hn::Zero(d);
    int64_t k = c0;
    auto step = [&](int64_t at, decltype(accG0) &accG, decltype(accG0) &accGX) HWY_ATTR {
      const auto vdy = LoadAs(d, dy + at);
      const auto xh = hn::Mul(hn::Sub(LoadAs(d, x + at), vMean), vRstd);
      if (kDx) {
        const auto g = kWeight ? hn::Mul(vdy, LoadAs(d, w + at)) : vdy;
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
    T tailG = 0, tailGX = 0;
    for (; k < c1; ++k) {
      const T xh = (T(x[k]) - mean) * rstd;
      const T g = kWeight ? T(dy[k]) * T(w[k]) : T(dy[k]);
      tailG += g;
      tailGX += g * xh;
      if (kParams) {
        pg[k] += T(dy[k]) * xh;
        pb[k] += T(dy[k]);
      }
    }
    if (kDx) {
      sumG += static_cast<double>(hn::GetLane(hn::SumOfLanes(d, hn::Add(accG0, accG1)))) + tailG;
      sumGX += static_cast<double>(hn::GetLane(hn::SumOfLanes(d, hn::Add(accGX0, accGX1)))) + tailGX;
    }
  }
  if (!kDx) return;
  const auto a = static_cast<T>(sumG / static_cast<double>(n));
  const auto b = static_cast<T>(sumGX / static_cast<double>(n));
  const auto vA = hn::Set(d, a), vB = hn::Set(d, b);
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    const auto vdy = LoadAs(d, dy + k);
    const auto xh = hn::Mul(hn::Sub(LoadAs(d, x + k), vMean), vRstd);
    const auto g = kWeight ? hn::Mul(vdy, LoadAs(d, w + k)) : vdy;
    StoreAsF32(d, hn::Mul(hn::Sub(hn::NegMulAdd(xh, vB, g), vA), vRstd), dx + k);
  }
  for (; k < n; ++k) {
    const T xh = (T(x[k]) - mean) * rstd;
    const T g = kWeight ? T(dy[k]) * T(w[k]) : T(dy[k]);
    dx[k] = static_cast<float>(((g - xh * b) - a) * rstd);
  }
}

template <class T>
using RowFn = void (*)(const float *, const float *, const float *, float, float, int64_t, T *, T *, float *);

template <class T>
RowFn<T> SelectRowFor(bool weight, bool params, bool wantDx) {
  // Indexed by (weight, params, dx); the all-false variant is never selected (nothing to do).
  static const RowFn<T> kTable[8] = {RowKernel<T, false, false, false>, RowKernel<T, false, false, true>,
                                     RowKernel<T, false, true, false>,  RowKernel<T, false, true, true>,
                                     RowKernel<T, true, false, false>,  RowKernel<T, true, false, true>,
                                     RowKernel<T, true, true, false>,   RowKernel<T, true, true, true>};
  return kTable[(weight ? 4 : 0) + (params ? 2 : 0) + (wantDx ? 1 : 0)];
}

RowFn<float> SelectRowF32(bool weight, bool params, bool wantDx) { return SelectRowFor<float>(weight, params, wantDx); }
RowFn<double> SelectRowF64(bool weight, bool params, bool wantDx) {
  return SelectRowFor<double>(weight, params, wantDx);
}

// dst[k] += src[k] over n columns (pairwise combination of block partials).
template <class T>
void AddRowT(T *HWY_RESTRICT dst, const T *HWY_RESTRICT src, int64_t n) {
  const hn::ScalableTag<T> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) hn::StoreU(hn::Add(hn::LoadU(d, dst + k), hn::LoadU(d, src + k)), d, dst + k);
  for (; k < n; ++k) dst[k] += src[k];
}
void AddRowF32(float *HWY_RESTRICT dst, const float *HWY_RESTRICT src, int64_t n) { AddRowT(dst, src, n); }
void AddRowF64(double *HWY_RESTRICT dst, const double *HWY_RESTRICT src, int64_t n) { AddRowT(dst, src, n); }

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>
#include <cstring>

#include "base/convert.h"
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectRowF32);
HWY_EXPORT(SelectRowF64);
HWY_EXPORT(AddRowF32);
HWY_EXPORT(AddRowF64);

namespace {

constexpr int64_t kReduceColumns = 1024;  // column chunk of the final partial reduction

const char *ElementAt(const void *base, const TensorView &v, int64_t elementOffset) {
  return static_cast<const char *>(base) + elementOffset * static_cast<int64_t>(DTypeSize(v.dtype));
}

// How to reach row m of dy, x or dx, decided once per launch rather than per row.
class RowAccess {
 public:
  RowAccess(const TensorView &view, int axes, const void *base) : view_(view), axes_(axes), base_(base) {
    inner_ = view.Trailing(axes);
    dense_ = inner_.IsContiguous();
    // Leading dims that collapse to one stride make the row offset a multiply.
    uniform_ = true;
    rowStride_ = 0;
    int64_t expected = -1;
    for (int d = axes - 1; d >= 0; --d) {
      if (view.dims[d] == 1) continue;
      if (expected < 0) {
        rowStride_ = view.strides[d];
      } else if (view.strides[d] != expected) {
        uniform_ = false;
      }
      expected = view.strides[d] * view.dims[d];
    }
  }
  bool dense() const { return dense_; }
  int64_t Offset(int64_t row) const {
    if (uniform_) return view_.offset + row * rowStride_;
    int64_t off = view_.offset;
    for (int dim = axes_ - 1; dim >= 0; --dim) {
      off += (row % view_.dims[dim]) * view_.strides[dim];
      row /= view_.dims[dim];
    }
    return off;
  }
  const char *RowStart(int64_t row) const { return ElementAt(base_, view_, Offset(row)); }

  // Row `row` as fp32: a pointer into the tensor when it is dense fp32, else a staged copy.
  const float *Load(int64_t row, int64_t n, float *stage) const {
    if (dense_ && view_.dtype == DType::kF32) return reinterpret_cast<const float *>(RowStart(row));
    ReadFlatAsF32(RowView(row), base_, 0, n, stage);
    return stage;
  }

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

void ZeroFillParams(const LayerNormBackwardPlan &p, const LayerNormBackwardBuffers &b) {
  float zeros[256] = {};
  for (int64_t k = 0; k < p.cols; k += 256) {
    const int64_t len = std::min<int64_t>(256, p.cols - k);
    if (p.wantDgamma) WriteFlatFromF32(p.dgamma, b.dgamma, k, len, zeros);
    if (p.wantDbeta) WriteFlatFromF32(p.dbeta, b.dbeta, k, len, zeros);
  }
}

template <class T>
struct Dispatch;
template <>
struct Dispatch<float> {
  static auto Row(bool w, bool p, bool dx) { return HWY_DYNAMIC_DISPATCH(SelectRowF32)(w, p, dx); }
  static auto Add() { return HWY_DYNAMIC_DISPATCH(AddRowF32); }
};
template <>
struct Dispatch<double> {
  static auto Row(bool w, bool p, bool dx) { return HWY_DYNAMIC_DISPATCH(SelectRowF64)(w, p, dx); }
  static auto Add() { return HWY_DYNAMIC_DISPATCH(AddRowF64); }
};

// The whole plan with compute type T (float for f16/bf16 tensors, double for fp32 tensors).
template <class T>
void RunWith(const LayerNormBackwardPlan &p, const LayerNormBackwardBuffers &b, char *ws) {
  const int64_t n = p.cols;
  float *weight = nullptr;
  if (p.hasWeight) {
    weight = reinterpret_cast<float *>(ws + p.weightOffset);
    ReadFlatAsF32(p.weight, b.weight, 0, n, weight);
  }
  const bool params = p.wantDgamma || p.wantDbeta;
  auto *partials = reinterpret_cast<T *>(ws + p.partialsOffset);
  const RowAccess dyRows(p.dy, p.beginAxis, b.dy), xRows(p.x, p.beginAxis, b.x);
  const RowAccess dxRows(p.dx, p.wantDx ? p.beginAxis : 0, b.dx);
  const bool dxDirect = p.wantDx && p.dx.dtype == DType::kF32 && dxRows.dense();
  const auto row = Dispatch<T>::Row(p.hasWeight, params, p.wantDx);

  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    float *stageA = reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
    float *stageB = stageA + p.scratchStride / (2 * sizeof(float));
    T *pg = params ? partials + block * 2 * n : nullptr;
    T *pb = params ? pg + n : nullptr;
    if (params) std::memset(pg, 0, static_cast<size_t>(2 * n) * sizeof(T));
    const int64_t first = block * p.rowsPerBlock;
    const int64_t last = std::min(p.rows, first + p.rowsPerBlock);
    constexpr int64_t kStatChunk = 256;  // mean/rstd are read a chunk of rows at a time
    float means[kStatChunk], rstds[kStatChunk];
    for (int64_t chunk = first; chunk < last; chunk += kStatChunk) {
      const int64_t count = std::min(kStatChunk, last - chunk);
      GatherAsF32(p.mean, b.mean, chunk, count, means);
      GatherAsF32(p.rstd, b.rstd, chunk, count, rstds);
      for (int64_t i = 0; i < count; ++i) {
        const int64_t m = chunk + i;
        const float *dy = dyRows.Load(m, n, stageA);
        const float *x = xRows.Load(m, n, stageB);
        float *dx = nullptr;
        if (p.wantDx) dx = dxDirect ? reinterpret_cast<float *>(const_cast<char *>(dxRows.RowStart(m))) : stageA;
        row(dy, x, weight, means[i], rstds[i], n, pg, pb, dx);
        if (p.wantDx && !dxDirect) dxRows.Store(m, n, dx);
      }
    }
  });
  if (!params) return;

  // Combine the block partials pairwise in a fixed order, then round once into the outputs.
  const int64_t chunks = CeilDiv(2 * n, kReduceColumns);
  const auto add = Dispatch<T>::Add();
  ParallelFor(chunks, p.threads, [&](int64_t chunk, int) {
    const int64_t c0 = chunk * kReduceColumns;
    const int64_t len = std::min(kReduceColumns, 2 * n - c0);
    for (int64_t stride = 1; stride < p.numBlocks; stride *= 2) {
      for (int64_t blk = 0; blk + stride < p.numBlocks; blk += 2 * stride) {
        add(partials + blk * 2 * n + c0, partials + (blk + stride) * 2 * n + c0, len);
      }
    }
    float combined[kReduceColumns];
    for (int64_t k = 0; k < len; ++k) combined[k] = static_cast<float>(partials[c0 + k]);
    // Columns [0, n) of the combined row are dgamma, [n, 2n) dbeta.
    const int64_t gEnd = std::min(c0 + len, n);
    if (p.wantDgamma && c0 < gEnd) WriteFlatFromF32(p.dgamma, b.dgamma, c0, gEnd - c0, combined);
    const int64_t bStart = std::max(c0, n);
    if (p.wantDbeta && bStart < c0 + len) {
      WriteFlatFromF32(p.dbeta, b.dbeta, bStart - n, c0 + len - bStart, combined + (bStart - c0));
    }
  });
}

}  // namespace

void RunLayerNormBackward(const LayerNormBackwardPlan &p, const LayerNormBackwardBuffers &b, void *workspace) {
  if (p.zeroFillParams) ZeroFillParams(p, b);
  if (!p.compute) return;
  if (p.computeInDouble) {
    RunWith<double>(p, b, static_cast<char *>(workspace));
  } else {
    RunWith<float>(p, b, static_cast<char *>(workspace));
  }
}

}  // namespace aclcpu
#endif  // HWY_ONCE
