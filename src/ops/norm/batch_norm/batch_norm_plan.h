// The plan phase 1 of aclnnBatchNorm builds and phase 2 executes. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"
#include "ops/norm/batch_norm_family/bn_units.h"

namespace aclcpu {

struct BatchNormPlan {
  bool training = false;
  bool channelFused = false;          // training: each channel's statistics then its output on one thread, while cached
  float eps = 0.0f, momentum = 0.0f;  // narrowed to float, as on the device
  BnUnits units;
  TensorView x, out;  // as [N, C, spatial...]
  TensorView weight, bias, runningMean, runningVar, saveMean, saveInvstd;
  bool hasWeight = false, hasBias = false, hasRunningMean = false, hasRunningVar = false;
  bool hasSaveMean = false, hasSaveInvstd = false;
  bool compute = false;    // a non-empty input
  bool fillEmpty = false;  // an empty input: saveMean := 0, saveInvstd := NaN (each its own numel)
  int64_t saveMeanNumel = 0, saveInvstdNumel = 0;
  int threads = 1;

  // Workspace layout, in bytes from its start.
  size_t unitSumsOffset = 0, unitM2Offset = 0;  // numUnits doubles each (training)
  size_t meanOffset = 0, varOffset = 0;         // C doubles each: the statistics normalized with
  size_t runningOffset = 0;                     // 2 x C doubles: updated running mean, running variance
  size_t paramsOffset = 0;                      // 4 x C floats: weight, bias, runningMean, runningVar read once
  size_t affineOffset = 0;                      // C BnAffine
  size_t scratchOffset = 0, scratchStride = 0;  // per thread: a staged unit (x, then y in place)
  size_t workspaceBytes = 0;
};

// The storage addresses of the bound tensors (element 0; the views carry the offsets).
struct BatchNormBuffers {
  const void *x, *weight, *bias;
  void *runningMean, *runningVar, *out, *saveMean, *saveInvstd;
};

void PlanBatchNormWorkspace(BatchNormPlan *p);
void RunBatchNorm(const BatchNormPlan &plan, const BatchNormBuffers &buffers, void *workspace);

}  // namespace aclcpu
