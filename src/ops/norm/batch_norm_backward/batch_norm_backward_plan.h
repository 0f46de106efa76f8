// The plan phase 1 of aclnnBatchNormBackward builds and phase 2 executes. Kernel-facing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"
#include "ops/norm/batch_norm_family/bn_units.h"

namespace aclcpu {

struct BatchNormBackwardPlan {
  bool training = false;
  float eps = 0.0f;  // narrowed to float, as on the device
  BnUnits units;
  TensorView dy, x, gradInput;  // as [N, C, spatial...]
  TensorView weight, mean, var, gradWeight, gradBias;
  bool hasWeight = false, hasMean = false, hasVar = false;  // mean, var: saveMean/saveInvstd or running ones
  bool wantGradInput = false, wantGradWeight = false, wantGradBias = false;
  bool needSums = false;      // Σdy and Σdy·(x − mean) per channel
  bool compute = false;       // non-empty inputs
  bool channelFused = false;  // each channel's sums then its gradInput on one thread, while its data is cached
  int threads = 1;

  // Workspace layout, in bytes from its start.
  size_t unitSumsOffset = 0;                    // 2 x numUnits doubles: Σdy, Σdy·(x − mean) per unit
  size_t channelOffset = 0;                     // 4 x C doubles: mean, invstd, Σdy, Σdy·(x − mean)
  size_t paramsOffset = 0;                      // 3 x C floats: weight, mean, var read once
  size_t gradOffset = 0;                        // C BnGrad
  size_t scratchOffset = 0, scratchStride = 0;  // per thread: a staged unit of dy and one of x
  size_t workspaceBytes = 0;
};

struct BatchNormBackwardBuffers {
  const void *dy, *x, *weight, *mean, *var;
  void *gradInput, *gradWeight, *gradBias;
};

void PlanBatchNormBackwardWorkspace(BatchNormBackwardPlan *p);
void RunBatchNormBackward(const BatchNormBackwardPlan &plan, const BatchNormBackwardBuffers &buffers, void *workspace);

}  // namespace aclcpu
