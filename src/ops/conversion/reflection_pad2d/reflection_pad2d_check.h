// Phase-1 validation of aclnnReflectionPad2d, in the device's order (pad-prelu-forward.md §1.4).
#pragma once

#include "aclnn/acl_meta.h"

namespace aclcpu {

struct ReflectionPad2dArgs {
  const aclTensor *self;
  const aclIntArray *padding;
  const aclTensor *out;
};

// Steps 1-5 of §1.4, with out's leading dims compared before the empty branch (§5 Q2) and a
// negative padded dim reported as 161002 (§5 Q1). `*compute` is false for the empty cases that
// succeed without writing anything.
aclnnStatus CheckReflectionPad2d(const ReflectionPad2dArgs &args, bool *compute);

}  // namespace aclcpu
