// Phase-1 validation of aclnnGroupNormSwishGrad, in the order of norm-ops.md §1.5.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "ops/norm/group_norm_swish_family/group_norm_geometry.h"

namespace aclcpu {

struct GroupNormSwishGradArgs {
  const aclTensor *dy, *mean, *rstd, *x, *gamma, *beta;
  int64_t numGroups;
  const aclTensor *dx, *dgamma, *dbeta;
};

// Steps 1-4 of §1.5 and then the CPU's 161002 rules. `*compute` is false when all three outputs are
// empty (success with nothing written).
aclnnStatus CheckGroupNormSwishGrad(const GroupNormSwishGradArgs &args, GroupNormShape *shape, bool *compute);
// Every view fits its storage (applied only when there is something to compute; docs/compat.md).
aclnnStatus CheckGroupNormSwishGradStrict(const GroupNormSwishGradArgs &args);

}  // namespace aclcpu
