// Phase-1 validation of aclnnGroupNormSwishGrad, in the order of norm-ops.md §1.5.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace aclcpu {

struct GroupNormSwishGradArgs {
  const aclTensor *dy, *mean, *rstd, *x, *gamma, *beta;
  int64_t numGroups;
  const aclTensor *dx, *dgamma, *dbeta;
};

// The problem as NCHW groups: N samples, C channels, HxW = product of the trailing dims, G groups.
struct GroupNormSwishGradShape {
  int64_t n = 0, c = 0, hw = 0, groups = 0;
};

// Steps 1-4 of §1.5 and then the CPU's 161002 rules. `*compute` is false when all three outputs are
// empty (success with nothing written).
aclnnStatus CheckGroupNormSwishGrad(const GroupNormSwishGradArgs &args, GroupNormSwishGradShape *shape, bool *compute);
// Every view fits its storage (applied only when there is something to compute; docs/compat.md).
aclnnStatus CheckGroupNormSwishGradStrict(const GroupNormSwishGradArgs &args);

}  // namespace aclcpu
