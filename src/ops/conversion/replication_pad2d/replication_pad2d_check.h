// Phase-1 validation of aclnnReplicationPad2d, in the device's order (pad-prelu-forward.md §2.3):
// format before dtype, no bound on the pads, out's whole shape compared.
#pragma once

#include "aclnn/acl_meta.h"

namespace aclcpu {

struct ReplicationPad2dArgs {
  const aclTensor *self;
  const aclIntArray *padding;
  const aclTensor *out;
};

// Steps 2-6 of §2.3 (step 1, the workspaceSize/executor pointers, is the caller's), with a negative
// padded dim reported as 161002 (§5 Q1). `*compute` is false for the empty cases that succeed
// without writing anything.
aclnnStatus CheckReplicationPad2d(const ReplicationPad2dArgs &args, bool *compute);

}  // namespace aclcpu
