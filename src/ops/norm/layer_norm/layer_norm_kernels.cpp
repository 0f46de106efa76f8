// LayerNorm forward kernels: per row, the family's double statistics (two passes while the row is
// in cache), then one fp32 pass y = (x - mean) * rstd * w + b, rounded once to out's dtype.
#include <algorithm>
#include <cmath>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/norm/layer_norm/layer_norm_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

// The 16-bit conversions after highway.h, once per target.
#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"

#include "base/with_storage.h"
#include "ops/norm/layer_norm/layer_norm_plan.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

#ifndef ACLCPU_LAYER_NORM_KERNELS_ONCE
#define ACLCPU_LAYER_NORM_KERNELS_ONCE
namespace aclcpu {
// out = x + r (AddRmsNorm's first step), each of its own dtype.
using AddRowFn = void (*)(const void *x, DType xType, const void *r, DType rType, int64_t n, void *out, DType outType);
}  // namespace aclcpu
#endif

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// y[k] = ((x[k] - mean) * rstd) * w[k] + b[k] (w, b optional) in fp32, with the double mean as
// the pair meanHi + meanLo: x - meanHi is exact when x is near the mean (Sterbenz), so the
// difference keeps its precision even when |mean| is far above the spread. Four roundings at
// most (two differences, the product, one fused multiply-add), then the output's. x and y are
// FLOAT, FLOAT16 or BF16 elements (SX, SY), converted in registers.
template <class SX, class SY, bool kWeight, bool kBias>
void NormalizeRowOf(const SX *HWY_RESTRICT x, const float *HWY_RESTRICT w, const float *HWY_RESTRICT b,
                    const RowAffine &a, int64_t n, SY *HWY_RESTRICT y, bool streamY) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vMeanHi = hn::Set(d, a.meanHi), vMeanLo = hn::Set(d, a.meanLo), vRstd = hn::Set(d, a.rstd);
  auto at = [&](int64_t k) HWY_ATTR {
    const auto t = hn::Mul(hn::Sub(hn::Sub(LoadAsF32(d, x + k), vMeanHi), vMeanLo), vRstd);
    if (kWeight && kBias) return hn::MulAdd(t, hn::LoadU(d, w + k), hn::LoadU(d, b + k));
    if (kWeight) return hn::Mul(t, hn::LoadU(d, w + k));
    if (kBias) return hn::Add(t, hn::LoadU(d, b + k));
    return t;
  };
  auto scalarAt = [&](int64_t k) {
    const float t = ((Decode(x[k]) - a.meanHi) - a.meanLo) * a.rstd;
    if (kWeight && kBias) return Encode(std::fma(t, w[k], b[k]), y);
    if (kWeight) return Encode(t * w[k], y);
    if (kBias) return Encode(t + b[k], y);
    return Encode(t, y);
  };
  int64_t k = 0;
  if (streamY) {  // aligned whole vectors bypass the cache: no read-for-ownership of y
    const auto vectorBytes = static_cast<uintptr_t>(lanes) * sizeof(SY);
    for (; k < n && reinterpret_cast<uintptr_t>(y + k) % vectorBytes != 0; ++k) y[k] = scalarAt(k);
    for (; k + lanes <= n; k += lanes) StreamFromF32(d, at(k), y + k);
  }
  for (; k + 2 * lanes <= n; k += 2 * lanes) {
    const auto y0 = at(k), y1 = at(k + lanes);
    StoreFromF32(d, y0, y + k);
    StoreFromF32(d, y1, y + k + lanes);
  }
  for (; k + lanes <= n; k += lanes) StoreFromF32(d, at(k), y + k);
  for (; k < n; ++k) y[k] = scalarAt(k);
}

void NormalizeRow(const NormalizeRowArgs &r) {
  WithStorage(r.xType, [&](auto xTag) HWY_ATTR {
    using SX = StorageOf<decltype(xTag)>;
    WithStorage(r.yType, [&](auto yTag) HWY_ATTR {
      using SY = StorageOf<decltype(yTag)>;
      const auto *x = static_cast<const SX *>(r.x);
      auto *y = static_cast<SY *>(r.y);
      if (r.w != nullptr && r.b != nullptr) {
        NormalizeRowOf<SX, SY, true, true>(x, r.w, r.b, r.affine, r.n, y, r.streamY);
      } else if (r.w != nullptr) {
        NormalizeRowOf<SX, SY, true, false>(x, r.w, r.b, r.affine, r.n, y, r.streamY);
      } else if (r.b != nullptr) {
        NormalizeRowOf<SX, SY, false, true>(x, r.w, r.b, r.affine, r.n, y, r.streamY);
      } else {
        NormalizeRowOf<SX, SY, false, false>(x, r.w, r.b, r.affine, r.n, y, r.streamY);
      }
    });
  });
}

using NormalizeRowFn = void (*)(const NormalizeRowArgs &);
NormalizeRowFn SelectNormalizeRow() { return NormalizeRow; }

// out = x + r in fp32, rounded once to out's element type (AddRmsNorm's first step). Element by element, so out
// may be x or r (an xOut bound to x1's memory): no restrict.
template <class SX, class SR, class SO>
void AddRowOf(const SX *x, const SR *r, int64_t n, SO *out) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) StoreFromF32(d, hn::Add(LoadAsF32(d, x + k), LoadAsF32(d, r + k)), out + k);
  for (; k < n; ++k) out[k] = Encode(Decode(x[k]) + Decode(r[k]), out);
}

void AddRow(const void *x, DType xType, const void *r, DType rType, int64_t n, void *out, DType outType) {
  WithStorage(xType, [&](auto xTag) HWY_ATTR {
    WithStorage(rType, [&](auto rTag) HWY_ATTR {
      WithStorage(outType, [&](auto outTag) HWY_ATTR {
        AddRowOf(static_cast<const StorageOf<decltype(xTag)> *>(x), static_cast<const StorageOf<decltype(rTag)> *>(r),
                 n, static_cast<StorageOf<decltype(outTag)> *>(out));
      });
    });
  });
}
AddRowFn SelectAddRow() { return AddRow; }

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <cmath>
#include <limits>

#include "base/convert.h"
#include "base/f32_pair.h"
#include "base/parallel.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {

HWY_EXPORT(SelectNormalizeRow);
HWY_EXPORT(SelectAddRow);

namespace {

// AddRmsNorm's first step for row m: x + residual in fp32, rounded once to xSum's dtype. The rounded sums, in
// xSum's dtype, are the row normalized: written in place in a dense xSum, else in sumStage (and from there to a
// strided xSum when asked for). x and the residual are read in place or staged in xStage and residualStage.
const void *AddResidualRow(const LayerNormPlan &p, const RowAccess &xRows, const RowAccess &residualRows,
                           const RowAccess &xSumRows, int64_t m, AddRowFn add, float *sumStage, float *xStage,
                           float *residualStage) {
  const int64_t n = p.cols;
  const void *x = xRows.Read(m, n, xStage);
  const void *residual = residualRows.Read(m, n, residualStage);
  const bool inPlace = p.wantXSum && xSumRows.dense();
  void *sum = inPlace ? xSumRows.WriteTarget(m, sumStage) : sumStage;
  add(x, xRows.InPlaceDType(), residual, residualRows.InPlaceDType(), n, sum, p.xSum.dtype);
  if (p.wantXSum && !inPlace) {  // a strided xSum, through fp32 (the residual's stage is free now)
    LoadAsF32(p.xSum.dtype, sumStage, residualStage, n);
    xSumRows.Store(m, n, residualStage);
  }
  return sum;
}

}  // namespace

void RunLayerNorm(const LayerNormPlan &p, const LayerNormBuffers &b, void *workspace) {
  if (p.fillEmptyStats) {
    if (p.wantMean) FillFlat(p.mean, b.mean, p.meanNumel, 0.0);
    if (p.wantRstd) FillFlat(p.rstd, b.rstd, p.rstdNumel, std::numeric_limits<double>::quiet_NaN());
  }
  if (!p.compute) return;
  auto *ws = static_cast<char *>(workspace);
  const int64_t n = p.cols;
  float *weight = p.hasWeight ? reinterpret_cast<float *>(ws + p.weightOffset) : nullptr;
  float *bias = p.hasBias ? reinterpret_cast<float *>(ws + p.biasOffset) : nullptr;
  if (weight != nullptr) ReadFlatAsF32(p.weight, b.weight, 0, n, weight);
  if (bias != nullptr) ReadFlatAsF32(p.bias, b.bias, 0, n, bias);
  // Dense rows of any dtype are read and written in place (16-bit ones converted in registers); strided rows go
  // through per-thread fp32 stages.
  const RowAccess xRows(p.x, p.beginAxis, b.x), yRows(p.out, p.beginAxis, b.out);
  const auto normalize = HWY_DYNAMIC_DISPATCH(SelectNormalizeRow)();

  // (Views a plan does not use are empty: reached with no leading axes, never read.)
  const RowAccess residualRows(p.residual, p.addResidual ? p.beginAxis : 0, b.residual);
  const RowAccess xSumRows(p.xSum, p.wantXSum ? p.beginAxis : 0, b.xSum);
  const auto rowStats = p.centered ? ComputeRowStats : ComputeRmsRowStats;
  const auto addRow = HWY_DYNAMIC_DISPATCH(SelectAddRow)();
  // The rows normalized: x's, or (AddRmsNorm) the rounded sums.
  const DType rowType = p.addResidual ? p.xSum.dtype : xRows.InPlaceDType();

  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    float *stageX = reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
    float *stageY = stageX + p.scratchRowFloats;
    float *stageResidual = stageY + p.scratchRowFloats;
    const int64_t first = block * p.rowsPerBlock;
    const int64_t last = std::min(p.rows, first + p.rowsPerBlock);
    constexpr int64_t kStatChunk = 256;  // mean/rstd are written a chunk of rows at a time
    double means[kStatChunk], rstds[kStatChunk];
    for (int64_t chunk = first; chunk < last; chunk += kStatChunk) {
      const int64_t count = std::min(kStatChunk, last - chunk);
      // Rows read in place can be several in flight (their statistics interleaved); staged rows share one stage
      // and go one at a time.
      const int64_t group = xRows.dense() && !p.addResidual ? kRowsInterleaved : 1;
      for (int64_t i = 0; i < count; i += group) {
        const int64_t rowsHere = std::min(group, count - i);
        const void *xs[kRowsInterleaved];
        RowStats stats[kRowsInterleaved];
        if (p.addResidual) {
          // (x's stage is stageY: x is consumed before y is formed.)
          xs[0] = AddResidualRow(p, xRows, residualRows, xSumRows, chunk + i, addRow, stageX, stageY, stageResidual);
        } else {
          for (int64_t j = 0; j < rowsHere; ++j) xs[j] = xRows.Read(chunk + i + j, n, stageX);
        }
        rowStats(xs, rowType, rowsHere, n, p.eps, stats);
        for (int64_t j = 0; j < rowsHere; ++j) {
          const int64_t m = chunk + i + j;
          const RowStats &s = stats[j];
          means[i + j] = s.mean;
          rstds[i + j] = s.rstd;
          const F32Pair mean(s.mean);
          void *y = yRows.WriteTarget(m, stageY);
          normalize({xs[j],
                     rowType,
                     weight,
                     bias,
                     {mean.hi, mean.lo, static_cast<float>(s.rstd)},
                     n,
                     y,
                     yRows.InPlaceDType(),
                     p.streamOut});
          if (!yRows.dense()) yRows.Store(m, n, stageY);
        }
      }
      if (p.wantMean) WriteFlatFromF64(p.mean, b.mean, chunk, count, means);
      if (p.wantRstd) WriteFlatFromF64(p.rstd, b.rstd, chunk, count, rstds);
    }
    if (p.streamOut) FenceStreamingStores();
  });
}

}  // namespace aclcpu
#endif  // HWY_ONCE
