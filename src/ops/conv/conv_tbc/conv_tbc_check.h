// Phase-1 validation of aclnnConvTbc, in the spec's CPU order (conv-tbc-forward.md §4).
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace aclcpu {

struct ConvTbcArgs {
  const aclTensor *self, *weight, *bias;
  int64_t pad;
  const aclTensor *output;
  int8_t cubeMathType;
};

// Rules 1-8 of §4 for the A2 product: null tensors, dtypes, ranks, formats, values (negative dims,
// bias of Cout elements, K > 0, pad >= 0 with T + 2 pad + 1 representable, T + pad >= K when self
// has data, Cin), the output shape and cubeMathType in [0, 4].
aclnnStatus CheckConvTbc(const ConvTbcArgs &args);
// Every view that phase 2 reads or writes fits its storage (docs/compat.md).
aclnnStatus CheckConvTbcStrict(const ConvTbcArgs &args);

}  // namespace aclcpu
