// The executor of a pointwise operator: binds its tensors, sizes the workspace from the plan and runs
// RunPointwise in phase 2. API-facing (aclTensor, aclOpExecutor).
#pragma once

#include <vector>

#include "base/check.h"
#include "base/pointwise/pointwise.h"

namespace aclcpu {

// `inputs` are the plan's tensor inputs in its input order (constants have no entry), `out` its output;
// with `compute` false (empty tensors) phase 2 does nothing and the workspace is 0.
aclnnStatus CreatePointwiseExecutor(const char *opName, const std::vector<NamedTensor> &inputs, NamedTensor out,
                                    const PointwisePlan &plan, bool compute, uint64_t *workspaceSize,
                                    aclOpExecutor **executor);

// An executor that writes `value` (a constant in the compute type of selfRef's dtype) to every element
// of selfRef: the CPU's own view check, then nothing to do for an empty selfRef.
aclnnStatus CreateFillExecutor(const char *opName, const aclTensor *selfRef, const PointwiseInput &value,
                               uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
