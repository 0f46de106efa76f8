// Phase-1 validation of aclnnPreluBackward, in the device's order (pad-prelu-convtbc.md §2.3).
#pragma once

#include "aclnn/acl_meta.h"

namespace aclcpu {

struct PreluBackwardArgs {
  const aclTensor *gradOutput, *self, *weight, *gradInput, *gradWeight;
};

// Rules 1-4 of §2.3. `*compute` is false for the empty cases that succeed without writing anything.
aclnnStatus CheckPreluBackward(const PreluBackwardArgs &args, bool *compute);
// Every view fits its storage (applied only when there is something to compute; docs/compat.md).
aclnnStatus CheckPreluBackwardStrict(const PreluBackwardArgs &args);

}  // namespace aclcpu
