// Phase-1 validation of aclnnBatchNormBackward in the vendor's order (docs/ops/batch_norm.md §2.4).
#pragma once

#include "aclnn/acl_meta.h"
#include "base/check.h"

namespace aclcpu {

struct BatchNormBackwardArgs {
  const aclTensor *gradOut, *input, *weight, *runningMean, *runningVar, *saveMean, *saveInvstd;
  bool training;
  const aclBoolArray *outputMask;
  aclTensor *gradInput, *gradWeight, *gradBias;
};

// Step 4: outputMask of 3 entries, and every selected output non-null.
aclnnStatus CheckBatchNormBackwardMask(const OpCheck &check, const BatchNormBackwardArgs &a);
// Steps 5-8: dtypes, formats, ranks and shapes, channel vectors.
aclnnStatus CheckBatchNormBackward(const OpCheck &check, const BatchNormBackwardArgs &a);

}  // namespace aclcpu
