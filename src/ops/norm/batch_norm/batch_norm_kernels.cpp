// aclnnBatchNorm phase 2: (training) per-unit moments in double, combined per channel in unit order; the running
// statistics updated; then one fp32 pass y = (x - mean) * invstd * w + b per unit, rounded once to output's dtype.
#include <algorithm>
#include <cmath>
#include <limits>

#include "base/convert.h"
#include "base/executor.h"
#include "base/parallel.h"
#include "ops/norm/batch_norm/batch_norm_plan.h"
#include "ops/norm/batch_norm_family/bn_runs.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {

void PlanBatchNormWorkspace(BatchNormPlan *p) {
  const BnUnits &g = p->units;
  const auto c = static_cast<size_t>(g.c);
  p->channelFused = p->training && ChannelAtATime(g);
  size_t bytes = 0;
  auto region = [&bytes](size_t size) {
    const size_t at = bytes;
    bytes += AlignUp(size);
    return at;
  };
  if (p->training) {
    p->unitSumsOffset = region(static_cast<size_t>(g.numUnits) * sizeof(double));
    p->unitM2Offset = region(static_cast<size_t>(g.numUnits) * sizeof(double));
  }
  p->meanOffset = region(c * sizeof(double));
  p->varOffset = region(c * sizeof(double));
  p->runningOffset = region(2 * c * sizeof(double));
  p->paramsOffset = region(4 * c * sizeof(float));
  p->affineOffset = region(c * sizeof(BnAffine));
  const bool direct = PlaneAccess(p->x, nullptr).direct() && PlaneAccess(p->out, nullptr).direct();
  p->scratchStride = direct ? 0 : AlignUp(static_cast<size_t>(g.maxUnitElems) * sizeof(float));
  p->scratchOffset = region(p->scratchStride * static_cast<size_t>(p->threads));
  p->workspaceBytes = bytes;
}

namespace {

// A channel vector as fp32, or `absent` in every element when the tensor is not given.
void ReadChannels(bool has, const TensorView &view, const void *base, int64_t c, float absent, float *dst) {
  if (has) {
    ReadFlatAsF32(view, base, 0, c, dst);
  } else {
    std::fill(dst, dst + c, absent);
  }
}

// Per-unit sum and sum of squared deviations from the unit's own mean (two passes while the unit is in cache).
void UnitMoments(const BnRunKernels &k, const PlaneAccess &xs, const BnUnit &u, float *stage, double *sum, double *m2) {
  BnRuns runs;
  if (xs.direct()) {
    runs = xs.RunsOf(u);
  } else {
    xs.Gather(u, stage);
    runs = StagedRuns(u, stage);
  }
  const int64_t count = u.n1 - u.n0;
  *sum = k.sum(count, u.len, runs);
  *m2 = k.squaredDeviations(count, u.len, runs, *sum / static_cast<double>(u.Count()));
}

// saveMean, saveInvstd (the biased variance on A2) and the running statistics from the batch statistics.
void WriteTrainingStats(const BatchNormPlan &p, const BatchNormBuffers &b, const double *mean, const double *var,
                        const float *runMean, const float *runVar, double *updated) {
  const int64_t c = p.units.c;
  const auto r = static_cast<double>(p.units.n * p.units.s);
  if (p.hasSaveMean) WriteFlatFromF64(p.saveMean, b.saveMean, 0, c, mean);
  if (p.hasSaveInvstd) WriteFlatFromF64(p.saveInvstd, b.saveInvstd, 0, c, var);
  const double m = p.momentum, keep = 1.0 - m;
  // The running variance is unbiased: var·R/(R−1); with R == 1 the device's TBE path uses the factor 0.
  const double unbias = r > 1 ? r / (r - 1) : 0.0;
  if (p.hasRunningMean) {
    for (int64_t i = 0; i < c; ++i) updated[i] = keep * runMean[i] + m * mean[i];
    WriteFlatFromF64(p.runningMean, b.runningMean, 0, c, updated);
  }
  if (p.hasRunningVar) {
    for (int64_t i = 0; i < c; ++i) updated[c + i] = keep * runVar[i] + m * (var[i] * unbias);
    WriteFlatFromF64(p.runningVar, b.runningVar, 0, c, updated + c);
  }
}

BnAffine AffineOf(double mean, double var, float eps, float w, float bias) {
  BnAffine a;
  const F32Pair m(mean);
  a.meanHi = m.hi;
  a.meanLo = m.lo;
  a.invstd = static_cast<float>(1.0 / std::sqrt(var + static_cast<double>(eps)));
  a.w = w;
  a.b = bias;
  return a;
}

}  // namespace

void RunBatchNorm(const BatchNormPlan &p, const BatchNormBuffers &b, void *workspace) {
  if (p.fillEmpty) {
    if (p.hasSaveMean) FillFlat(p.saveMean, b.saveMean, p.saveMeanNumel, 0.0);
    if (p.hasSaveInvstd)
      FillFlat(p.saveInvstd, b.saveInvstd, p.saveInvstdNumel, std::numeric_limits<double>::quiet_NaN());
  }
  if (!p.compute) return;
  auto *ws = static_cast<char *>(workspace);
  const BnUnits &g = p.units;
  const int64_t c = g.c;
  auto *mean = reinterpret_cast<double *>(ws + p.meanOffset), *var = reinterpret_cast<double *>(ws + p.varOffset);
  auto *params = reinterpret_cast<float *>(ws + p.paramsOffset);
  float *weight = params, *bias = params + c, *runMean = params + 2 * c, *runVar = params + 3 * c;
  ReadChannels(p.hasWeight, p.weight, b.weight, c, 1.0f, weight);
  ReadChannels(p.hasBias, p.bias, b.bias, c, 0.0f, bias);
  ReadChannels(p.hasRunningMean, p.runningMean, b.runningMean, c, 0.0f, runMean);
  ReadChannels(p.hasRunningVar, p.runningVar, b.runningVar, c, 1.0f, runVar);
  const BnRunKernels &k = BnKernels();
  const PlaneAccess xs(p.x, b.x), ys(p.out, b.out);
  auto stageOf = [&](int thread) {
    return reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
  };

  auto *affine = reinterpret_cast<BnAffine *>(ws + p.affineOffset);
  auto *unitSums = reinterpret_cast<double *>(ws + p.unitSumsOffset);
  auto *unitM2 = reinterpret_cast<double *>(ws + p.unitM2Offset);
  auto momentsOf = [&](int64_t u, int thread) {
    UnitMoments(k, xs, UnitAt(g, u), stageOf(thread), &unitSums[u], &unitM2[u]);
  };
  auto channelStats = [&](int64_t i) {
    CombineChannelMoments(g, i, unitSums, unitM2, &mean[i], &var[i]);
    affine[i] = AffineOf(mean[i], var[i], p.eps, weight[i], bias[i]);
  };
  const bool direct = xs.direct() && ys.direct();
  auto normalizeUnit = [&](int64_t index, int thread) {
    const BnUnit u = UnitAt(g, index);
    const BnAffine &a = affine[u.c];
    const int64_t count = u.n1 - u.n0;
    if (direct) {
      k.normalize(count, u.len, xs.RunsOf(u), a, ys.RunsOf(u));
      return;
    }
    float *stage = stageOf(thread);
    xs.Gather(u, stage);
    k.normalize(count, u.len, StagedRuns(u, stage), a, StagedRuns(u, stage));
    ys.Scatter(u, stage);
  };

  if (p.channelFused) {
    ForEachChannel(g, p.threads, momentsOf, channelStats, normalizeUnit);
  } else {
    if (p.training) {
      ParallelFor(g.numUnits, p.threads, momentsOf);
      for (int64_t i = 0; i < c; ++i) channelStats(i);
    } else {
      for (int64_t i = 0; i < c; ++i) affine[i] = AffineOf(runMean[i], runVar[i], p.eps, weight[i], bias[i]);
    }
    ParallelFor(g.numUnits, p.threads, normalizeUnit);
  }
  if (p.training) {
    WriteTrainingStats(p, b, mean, var, runMean, runVar, reinterpret_cast<double *>(ws + p.runningOffset));
  }
}

}  // namespace aclcpu
