// The API side of the reduction engine: the dims rules ReduceSum and Mean share (common-rules.md §9),
// the planned result shape, and the executor that binds self and out to a ReducePlan.
#pragma once

#include <cstdint>
#include <vector>

#include "base/check.h"
#include "base/reduce/reduction.h"

namespace aclcpu {

// How an operator reports bad dims: ReduceSum checks each dim's range and repetition in one pass,
// Mean the range of every dim before any repetition. 161002 either way.
enum class DimsCheckOrder : int8_t { kEachDim, kRangeThenRepeats };

// 161002 unless every dim of `dims` lies in [-r, r-1] with r = max(rank(self), 1) and no dim repeats after
// negative dims are counted from the end. `name` is the argument's name ("dims" or "dim").
aclnnStatus CheckReduceDims(const OpCheck &check, const aclTensor *self, const aclIntArray *dims, const char *name,
                            DimsCheckOrder order);

// The reduced dims of self as a bit mask (empty dims: every dim). Call after CheckReduceDims.
uint32_t ReducedDimsMask(const aclTensor &self, const aclIntArray &dims);

// self's view shape with the reduced dims removed, or set to 1 with keepDims.
std::vector<int64_t> ReducedShape(const aclTensor &self, uint32_t mask, bool keepDims);

// 161002 unless out's view shape equals `shape` or both hold one element (CheckShapeAndScalarSame).
aclnnStatus CheckReduceOutShape(const OpCheck &check, const aclTensor *out, const std::vector<int64_t> &shape);

// The executor of a reduction: out (checked not to overlap itself) = the plan applied to self.
aclnnStatus CreateReduceExecutor(const char *opName, const aclTensor *self, const aclTensor *out,
                                 const ReducePlan &plan, uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
