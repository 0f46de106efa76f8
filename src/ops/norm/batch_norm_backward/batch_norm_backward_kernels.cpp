// aclnnBatchNormBackward phase 2: per-unit Σdy and Σdy·(x − mean) in double, summed per channel in unit order;
// gradWeight and gradBias from them; then one fp32 pass for gradInput, rounded once to its dtype.
#include <algorithm>
#include <cmath>

#include "base/convert.h"
#include "base/executor.h"
#include "base/parallel.h"
#include "ops/norm/batch_norm_backward/batch_norm_backward_plan.h"
#include "ops/norm/batch_norm_family/bn_runs.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {

void PlanBatchNormBackwardWorkspace(BatchNormBackwardPlan *p) {
  const BnUnits &g = p->units;
  const auto c = static_cast<size_t>(g.c);
  size_t bytes = 0;
  auto region = [&bytes](size_t size) {
    const size_t at = bytes;
    bytes += AlignUp(size);
    return at;
  };
  p->channelFused = p->needSums && p->wantGradInput && ChannelAtATime(g);
  p->unitSumsOffset = region(2 * static_cast<size_t>(g.numUnits) * sizeof(double));
  p->channelOffset = region(4 * c * sizeof(double));
  p->paramsOffset = region(3 * c * sizeof(float));
  p->gradOffset = region(c * sizeof(BnGrad));
  auto direct = [](const TensorView &v) { return PlaneAccess(v, nullptr).direct(); };
  const bool allDirect = direct(p->dy) && direct(p->x) && (!p->wantGradInput || direct(p->gradInput));
  p->scratchStride = allDirect ? 0 : 2 * AlignUp(static_cast<size_t>(g.maxUnitElems) * sizeof(float));
  p->scratchOffset = region(p->scratchStride * static_cast<size_t>(p->threads));
  p->workspaceBytes = bytes;
}

namespace {

struct Runs {
  const PlaneAccess &dy, &x;
  bool direct;
};

// Σdy and Σdy·(x − mean) of one unit, runs in order.
void UnitSums(const BnRunKernels &k, const Runs &r, const BnUnit &u, double mean, float *stage, double *sumDy,
              double *sumDyXmu) {
  const int64_t count = u.n1 - u.n0;
  if (r.direct) {
    k.dySums(count, u.len, r.dy.RunsOf(u), r.x.RunsOf(u), mean, sumDy, sumDyXmu);
    return;
  }
  float *xStage = stage + u.Count();
  r.dy.Gather(u, stage);
  r.x.Gather(u, xStage);
  k.dySums(count, u.len, StagedRuns(u, stage), StagedRuns(u, xStage), mean, sumDy, sumDyXmu);
}

BnGrad GradOf(bool training, bool fp32, double mean, double invstd, double w, double sumDy, double sumDyXmu, double r) {
  BnGrad g;
  g.training = training;
  g.fp32 = fp32;
  g.mean = mean;
  g.scale = w * invstd;
  g.meanDy = training ? sumDy / r : 0.0;
  g.proj = training ? invstd * invstd * sumDyXmu / r : 0.0;
  return g;
}

}  // namespace

void RunBatchNormBackward(const BatchNormBackwardPlan &p, const BatchNormBackwardBuffers &b, void *workspace) {
  if (!p.compute) return;
  auto *ws = static_cast<char *>(workspace);
  const BnUnits &g = p.units;
  const int64_t c = g.c;
  auto *channel = reinterpret_cast<double *>(ws + p.channelOffset);
  double *mean = channel, *invstd = channel + c, *sumDy = channel + 2 * c, *sumDyXmu = channel + 3 * c;
  auto *params = reinterpret_cast<float *>(ws + p.paramsOffset);
  float *weight = params, *meanIn = params + c, *varIn = params + 2 * c;
  auto read = [c](bool has, const TensorView &view, const void *base, float absent, float *dst) {
    if (has) {
      ReadFlatAsF32(view, base, 0, c, dst);
    } else {
      std::fill(dst, dst + c, absent);
    }
  };
  read(p.hasWeight, p.weight, b.weight, 1.0f, weight);
  read(p.hasMean, p.mean, b.mean, 0.0f, meanIn);
  read(p.hasVar, p.var, b.var, 1.0f, varIn);  // saveInvstd holds a variance on A2: 1/sqrt(v + eps) again
  for (int64_t i = 0; i < c; ++i) {
    mean[i] = meanIn[i];
    invstd[i] = 1.0 / std::sqrt(static_cast<double>(varIn[i]) + static_cast<double>(p.eps));
  }
  const BnRunKernels &k = BnKernels();
  const PlaneAccess dys(p.dy, b.dy), xs(p.x, b.x);
  auto stageOf = [&](int thread) {
    return reinterpret_cast<float *>(ws + p.scratchOffset + p.scratchStride * static_cast<size_t>(thread));
  };
  const Runs runs{dys, xs, p.scratchStride == 0};

  auto *unitSums = reinterpret_cast<double *>(ws + p.unitSumsOffset);
  auto *grads = reinterpret_cast<BnGrad *>(ws + p.gradOffset);
  const bool fp32Grad = p.wantGradInput && p.gradInput.dtype != DType::kF32;
  const auto r = static_cast<double>(g.n * g.s);
  const PlaneAccess gis(p.wantGradInput ? p.gradInput : p.dy, p.wantGradInput ? b.gradInput : nullptr);
  auto unitSumsOf = [&](int64_t index, int thread) {
    const BnUnit u = UnitAt(g, index);
    UnitSums(k, runs, u, mean[u.c], stageOf(thread), &unitSums[2 * index], &unitSums[2 * index + 1]);
  };
  // Each channel's units in order: the same bits for any thread count and either schedule below.
  // (Summed in locals and stored once: neighbouring channels belong to other threads, and repeated stores to
  // their shared cache lines made two threads slower than one.)
  auto combine = [&](int64_t i) {
    double s1 = 0.0, s2 = 0.0;
    for (int64_t u = i * g.unitsPerChannel; p.needSums && u < (i + 1) * g.unitsPerChannel; ++u) {
      s1 += unitSums[2 * u];
      s2 += unitSums[2 * u + 1];
    }
    sumDy[i] = s1;
    sumDyXmu[i] = s2;
    grads[i] = GradOf(p.training, fp32Grad, mean[i], invstd[i], weight[i], s1, s2, r);
  };
  auto gradInputOf = [&](int64_t index, int thread) {
    const BnUnit u = UnitAt(g, index);
    const BnGrad &gr = grads[u.c];
    const int64_t count = u.n1 - u.n0;
    if (runs.direct) {
      k.grad(count, u.len, dys.RunsOf(u), xs.RunsOf(u), gr, gis.RunsOf(u));
      return;
    }
    float *dyStage = stageOf(thread), *xStage = dyStage + u.Count();
    const BnRuns dyRuns = StagedRuns(u, dyStage);
    dys.Gather(u, dyStage);
    if (p.training) xs.Gather(u, xStage);
    k.grad(count, u.len, dyRuns, StagedRuns(u, xStage), gr, dyRuns);
    gis.Scatter(u, dyStage);
  };

  if (p.channelFused) {
    // Its sums, then its gradInput while its dy and x are still in L2/L3.
    ForEachChannel(g, p.threads, unitSumsOf, combine, gradInputOf);
  } else {
    if (p.needSums) ParallelFor(g.numUnits, p.threads, unitSumsOf);
    for (int64_t i = 0; i < c; ++i) combine(i);
    if (p.wantGradInput) ParallelFor(g.numUnits, p.threads, gradInputOf);
  }
  if (p.wantGradBias) WriteFlatFromF64(p.gradBias, b.gradBias, 0, c, sumDy);
  if (p.wantGradWeight) {
    auto *gradWeight = unitSums;  // the unit sums are consumed
    for (int64_t i = 0; i < c; ++i) gradWeight[i] = sumDyXmu[i] * invstd[i];
    WriteFlatFromF64(p.gradWeight, b.gradWeight, 0, c, gradWeight);
  }
}

}  // namespace aclcpu
