// LayerNorm forward kernels: per row, the family's double statistics (two passes while the row is
// in cache), then one fp32 pass y = (x - mean) * rstd * w + b, rounded once to out's dtype.
#include <algorithm>
#include <cmath>
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/norm/layer_norm/layer_norm_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "ops/norm/layer_norm/layer_norm_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// y[k] = ((x[k] - mean) * rstd) * w[k] + b[k] (w, b optional) in fp32, with the double mean as
// the pair meanHi + meanLo: x - meanHi is exact when x is near the mean (Sterbenz), so the
// difference keeps its precision even when |mean| is far above the spread. Four roundings at
// most (two differences, the product, one fused multiply-add), then the output's.
template <bool kWeight, bool kBias>
void NormalizeRow(const float *HWY_RESTRICT x, const float *HWY_RESTRICT w, const float *HWY_RESTRICT b, float meanHi,
                  float meanLo, float rstd, int64_t n, float *HWY_RESTRICT y, bool streamY) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto vMeanHi = hn::Set(d, meanHi), vMeanLo = hn::Set(d, meanLo), vRstd = hn::Set(d, rstd);
  auto at = [&](int64_t k) HWY_ATTR {
    const auto t = hn::Mul(hn::Sub(hn::Sub(hn::LoadU(d, x + k), vMeanHi), vMeanLo), vRstd);
    if (kWeight && kBias) return hn::MulAdd(t, hn::LoadU(d, w + k), hn::LoadU(d, b + k));
    if (kWeight) return hn::Mul(t, hn::LoadU(d, w + k));
    if (kBias) return hn::Add(t, hn::LoadU(d, b + k));
    return t;
  };
  auto scalarAt = [&](int64_t k) {
    const float t = ((x[k] - meanHi) - meanLo) * rstd;
    if (kWeight && kBias) return std::fma(t, w[k], b[k]);
    if (kWeight) return t * w[k];
    if (kBias) return t + b[k];
    return t;
  };
  int64_t k = 0;
  if (streamY) {  // aligned whole vectors bypass the cache: no read-for-ownership of y
    const auto vectorBytes = static_cast<uintptr_t>(lanes) * sizeof(float);
    for (; k < n && reinterpret_cast<uintptr_t>(y + k) % vectorBytes != 0; ++k) y[k] = scalarAt(k);
    for (; k + lanes <= n; k += lanes) hn::Stream(at(k), d, y + k);
  }
  for (; k + 2 * lanes <= n; k += 2 * lanes) {
    const auto y0 = at(k), y1 = at(k + lanes);
    hn::StoreU(y0, d, y + k);
    hn::StoreU(y1, d, y + k + lanes);
  }
  for (; k + lanes <= n; k += lanes) hn::StoreU(at(k), d, y + k);
  for (; k < n; ++k) y[k] = scalarAt(k);
}

using NormalizeRowFn = void (*)(const float *, const float *, const float *, float, float, float, int64_t, float *,
                                bool);

NormalizeRowFn SelectLayerNormRow(bool weight, bool bias) {
  static const NormalizeRowFn kTable[4] = {NormalizeRow<false, false>, NormalizeRow<false, true>,
                                           NormalizeRow<true, false>, NormalizeRow<true, true>};
  return kTable[(weight ? 2 : 0) + (bias ? 1 : 0)];
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <cmath>
#include <limits>

#include "base/convert.h"
#include "base/parallel.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {

HWY_EXPORT(SelectLayerNormRow);

namespace {

// AddRmsNorm's first step for row m: x + residual in fp32, rounded once to xSum's dtype (written
// there when asked for); the rounded values, as fp32 in `stage`, are the row normalized.
const float *AddResidualRow(const LayerNormPlan &p, const RowAccess &xRows, const RowAccess &residualRows,
                            const RowAccess &xSumRows, int64_t m, float *stage, float *residualStage) {
  const int64_t n = p.cols;
  const float *x = xRows.Load(m, n, stage);
  const float *residual = residualRows.Load(m, n, residualStage);
  for (int64_t k = 0; k < n; ++k) stage[k] = x[k] + residual[k];
  if (p.xSum.dtype != DType::kF32) {  // round through the 16-bit type; the residual's stage is free now
    StoreFromF32(p.xSum.dtype, stage, residualStage, n);
    LoadAsF32(p.xSum.dtype, residualStage, stage, n);
  }
  if (p.wantXSum) xSumRows.Store(m, n, stage);
  return stage;
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
  const RowAccess xRows(p.x, p.beginAxis, b.x), yRows(p.out, p.beginAxis, b.out);
  const bool xDirect = p.x.dtype == DType::kF32 && xRows.dense();
  const bool yDirect = p.out.dtype == DType::kF32 && yRows.dense();
  const auto normalize = HWY_DYNAMIC_DISPATCH(SelectLayerNormRow)(p.hasWeight, p.hasBias);

  // (Views a plan does not use are empty: reached with no leading axes, never read.)
  const RowAccess residualRows(p.residual, p.addResidual ? p.beginAxis : 0, b.residual);
  const RowAccess xSumRows(p.xSum, p.wantXSum ? p.beginAxis : 0, b.xSum);
  const auto rowStats = p.centered ? ComputeRowStats : ComputeRmsRowStats;

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
      // Dense fp32 rows are read in place, so several can be in flight (their statistics
      // interleaved); staged rows share one stage and go one at a time.
      const int64_t group = xDirect && !p.addResidual ? kRowsInterleaved : 1;
      for (int64_t i = 0; i < count; i += group) {
        const int64_t rowsHere = std::min(group, count - i);
        const float *xs[kRowsInterleaved];
        RowStats stats[kRowsInterleaved];
        if (p.addResidual) {
          xs[0] = AddResidualRow(p, xRows, residualRows, xSumRows, chunk + i, stageX, stageResidual);
        } else {
          for (int64_t j = 0; j < rowsHere; ++j) xs[j] = xRows.Load(chunk + i + j, n, stageX);
        }
        rowStats(xs, rowsHere, n, p.eps, stats);
        for (int64_t j = 0; j < rowsHere; ++j) {
          const int64_t m = chunk + i + j;
          const RowStats &s = stats[j];
          means[i + j] = s.mean;
          rstds[i + j] = s.rstd;
          float *y = yDirect ? reinterpret_cast<float *>(const_cast<char *>(yRows.RowStart(m))) : stageY;
          const auto meanHi = static_cast<float>(s.mean);
          const auto meanLo = static_cast<float>(s.mean - static_cast<double>(meanHi));
          normalize(xs[j], weight, bias, meanHi, meanLo, static_cast<float>(s.rstd), n, y, p.streamOut && yDirect);
          if (!yDirect) yRows.Store(m, n, y);
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
