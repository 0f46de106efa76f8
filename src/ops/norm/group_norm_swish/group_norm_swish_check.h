// Phase-1 validation of aclnnGroupNormSwish, in the order of norm-forward.md §2.4.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "ops/norm/group_norm_swish_family/group_norm_geometry.h"

namespace aclcpu {

struct GroupNormSwishArgs {
  const aclTensor *x, *gamma, *beta;
  int64_t numGroups;
  const aclTensor *y, *mean, *rstd;
};

// Steps 1-5 of §2.4 (nulls, dtype/format 161002, all outputs empty, the device's tiling rules
// 561002), then the CPU's 161002 rules. `*compute` is false when all three outputs are empty
// (success with nothing written).
aclnnStatus CheckGroupNormSwish(const GroupNormSwishArgs &args, GroupNormShape *shape, bool *compute);
// Every view fits its storage (applied only when there is something to compute; docs/compat.md).
aclnnStatus CheckGroupNormSwishStrict(const GroupNormSwishArgs &args);

}  // namespace aclcpu
