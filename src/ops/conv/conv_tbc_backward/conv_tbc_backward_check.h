// Phase-1 validation of aclnnConvTbcBackward, in the device's order (pad-prelu-convtbc.md §3.4).
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace aclcpu {

struct ConvTbcBackwardArgs {
  const aclTensor *self, *input, *weight, *bias;
  int64_t pad;
  int8_t cubeMathType;
  const aclTensor *gradInput, *gradWeight, *gradBias;
};

// Rules 1-6 of §3.4 for the A2 product: nulls, per-tensor dtypes, formats, non-empty self, shapes
// (with pad large enough to overflow the output length rejected), cubeMathType in [0, 3].
aclnnStatus CheckConvTbcBackward(const ConvTbcBackwardArgs &args);
// Every view that phase 2 reads or writes fits its storage (docs/compat.md).
aclnnStatus CheckConvTbcBackwardStrict(const ConvTbcBackwardArgs &args);

}  // namespace aclcpu
