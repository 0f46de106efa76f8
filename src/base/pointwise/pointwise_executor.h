// The executor of a pointwise operator: binds its tensors, sizes the workspace from the plan and runs
// RunPointwise in phase 2. API-facing (aclTensor, aclOpExecutor).
#pragma once

#include <optional>

#include <vector>

#include "base/check.h"
#include "base/pointwise/pointwise.h"

namespace aclcpu {

// `inputs` are the plan's tensor inputs in its input order (constants have no entry), `out` its output;
// with `compute` false (empty tensors) phase 2 does nothing and the workspace is 0.
aclnnStatus CreatePointwiseExecutor(const char *opName, const std::vector<NamedTensor> &inputs, NamedTensor out,
                                    const PointwisePlan &plan, bool compute, uint64_t *workspaceSize,
                                    aclOpExecutor **executor);

// An executor that writes `value` (a constant given in `valueType`; kOther: the compute type of the target's
// dtype) to every element of `target`, converted by the rules of element_convert.h: the CPU's own rank and
// view checks, then nothing to do for an empty target. The fills (InplaceZero, InplaceOne,
// InplaceFillScalar) and the reductions of an empty self (out = 0 or NaN) use it.
aclnnStatus CreateFillExecutor(const char *opName, NamedTensor target, const PointwiseInput &value,
                               uint64_t *workspaceSize, aclOpExecutor **executor,
                               std::optional<ComputeType> valueType = std::nullopt);

}  // namespace aclcpu
