// Phase-1 validation of aclnnLayerNormBackward, in the device's order (norm-ops.md §2.5).
#pragma once

#include "aclnn/acl_meta.h"

namespace aclcpu {

struct LayerNormBackwardArgs {
  const aclTensor *gradOut, *input;
  const aclIntArray *normalizedShape;
  const aclTensor *mean, *rstd, *weight, *bias;
  const aclBoolArray *outputMask;
  aclTensor *gradInput, *gradWeight, *gradBias;
};

struct LayerNormBackwardShape {
  int beginAxis = 0;
  int64_t rows = 0, cols = 0;  // M and N
  bool mask[3] = {false, false, false};
};

// Checks 1-7 of §2.5 (the device's, including its partial normalizedShape check); fills `shape`.
aclnnStatus CheckLayerNormBackward(const LayerNormBackwardArgs &args, LayerNormBackwardShape *shape);
// The strict check the device lacks, applied only when there is something to compute (docs/compat.md).
aclnnStatus CheckLayerNormBackwardStrict(const LayerNormBackwardArgs &args, const LayerNormBackwardShape &shape);

}  // namespace aclcpu
