// The phase-1 tail the two forward pads share once their own checks have passed: the storage check,
// the copy plan, and the executor that runs it.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "ops/conversion/pad2d_family/pad_axis.h"

namespace aclcpu {

// `compute` false (an empty case that succeeds) plans nothing and writes nothing.
aclnnStatus CreatePad2dCopyExecutor(const char *op, PadMode mode, const aclTensor *self, const aclIntArray *padding,
                                    const aclTensor *out, bool compute, uint64_t *workspaceSize,
                                    aclOpExecutor **executor);

}  // namespace aclcpu
