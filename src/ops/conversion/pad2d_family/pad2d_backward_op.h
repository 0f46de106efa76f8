// The phase-1 steps the two backward pads share around their own planning: the common geometry, and
// the executor over (gradOutput, self) -> gradInput.
#pragma once

#include <cstdint>
#include <memory>

#include "aclnn/acl_meta.h"
#include "base/executor.h"
#include "ops/conversion/pad2d_family/pad2d_backward_geometry.h"
#include "ops/conversion/pad2d_family/pad2d_check.h"

namespace aclcpu {

// Fills the geometry from the checked arguments.
void PlanPad2dBackwardGeometry(PadMode mode, const Pad2dBackwardArgs &args, Pad2dBackwardGeometry *geometry);

// Registers the executor: inputs gradOutput, self (self's data is never read), output gradInput.
aclnnStatus CreatePad2dBackwardExecutor(const char *op, const Pad2dBackwardArgs &args, bool compute,
                                        uint64_t workspaceBytes, std::unique_ptr<OpPlan> plan, uint64_t *workspaceSize,
                                        aclOpExecutor **executor);

}  // namespace aclcpu
