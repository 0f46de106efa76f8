// Phase-1 validation of aclnnReplicationPad2dBackward, in the device's order (pad-prelu-forward.md
// §2.8): the pad family's backward check in edge mode.
#pragma once

#include "aclnn/acl_meta.h"
#include "ops/conversion/pad2d_family/pad2d_check.h"

namespace aclcpu {

using ReplicationPad2dBackwardArgs = Pad2dBackwardArgs;

// Rules 2-6 of §2.8 (rule 1, the workspaceSize/executor pointers, is the caller's). `*compute` is
// false for the empty cases that succeed without writing anything.
aclnnStatus CheckReplicationPad2dBackward(const ReplicationPad2dBackwardArgs &args, bool *compute);
// Checks the device leaves undefined, applied only when there is something to compute
// (docs/compat.md): gradOutput's leading dims equal self's, and every view fits its storage.
aclnnStatus CheckReplicationPad2dBackwardStrict(const ReplicationPad2dBackwardArgs &args);

}  // namespace aclcpu
