// Phase-1 validation of aclnnReflectionPad2dBackward, in the device's order (pad-prelu-convtbc.md §1.3):
// the pad family's backward check in reflect mode.
#pragma once

#include "aclnn/acl_meta.h"
#include "ops/conversion/pad2d_family/pad2d_check.h"

namespace aclcpu {

using ReflectionPad2dBackwardArgs = Pad2dBackwardArgs;

// Rules 2-6 of §1.3 (rule 1, the workspaceSize/executor pointers, is the caller's). `*compute` is
// false for the empty cases that succeed without writing anything.
aclnnStatus CheckReflectionPad2dBackward(const ReflectionPad2dBackwardArgs &args, bool *compute);
// Checks the device leaves undefined, applied only when there is something to compute
// (docs/compat.md): gradOutput's leading dims equal self's, and every view fits its storage.
aclnnStatus CheckReflectionPad2dBackwardStrict(const ReflectionPad2dBackwardArgs &args);

}  // namespace aclcpu
