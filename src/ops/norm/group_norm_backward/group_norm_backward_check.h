// Phase-1 validation of aclnnGroupNormBackward, in the order of docs/ops/group_norm.md §2.4.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "ops/norm/group_norm_swish_family/group_norm_geometry.h"

namespace aclcpu {

struct GroupNormBackwardArgs {
  const aclTensor *gradOut, *input, *mean, *rstd, *gamma;  // gamma may be null (ones)
  int64_t n, c, hw, group;
  const aclBoolArray *outputMask;
  const aclTensor *gradInput, *gradGamma, *gradBeta;  // unselected ones may be null and are ignored
};

struct GroupNormBackwardChecked {
  bool mask[3] = {false, false, false};  // gradInput, gradGamma, gradBeta
  bool compute = false;                  // false: empty data or nothing selected; success with nothing written
  GroupNormShape shape;
};

// Steps 2-7 of §2.4 (workspaceSize/executor are the caller's step 1), then the CPU's own rules for what the
// device would not survive (docs/compat.md). Fills *out on success.
aclnnStatus CheckGroupNormBackward(const GroupNormBackwardArgs &args, GroupNormBackwardChecked *out);

}  // namespace aclcpu
