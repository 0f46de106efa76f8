// Phase-1 validation of aclnnBatchNorm in the vendor's order (docs/ops/batch_norm.md §1.4).
#pragma once

#include <vector>

#include "aclnn/acl_meta.h"
#include "base/check.h"

namespace aclcpu {

struct BatchNormArgs {
  const aclTensor *input, *weight, *bias;
  aclTensor *runningMean, *runningVar;
  bool training;
  aclTensor *output, *saveMean, *saveInvstd;
};

// Step 2: the required tensors are non-null.
aclnnStatus CheckBatchNormNulls(const OpCheck &check, const BatchNormArgs &a);
// Steps 4-8 for a non-empty input: dtypes, formats, ranks and shapes, parameter lengths, save shapes.
aclnnStatus CheckBatchNorm(const OpCheck &check, const BatchNormArgs &a);

// Shared by aclnnBatchNorm and aclnnBatchNormBackward.
const std::vector<aclDataType> &BnFloatTypes();
// `t` (if given) of rank 1 and length C.
aclnnStatus CheckChannelVector(const OpCheck &check, const aclTensor *t, const char *name, int64_t c);
// `t` (if given) of rank 2..8.
aclnnStatus CheckBnRank(const OpCheck &check, const aclTensor *t, const char *name);

}  // namespace aclcpu
