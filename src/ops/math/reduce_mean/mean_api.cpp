// aclnnMean: out = the mean of self (cast to dtype) over dim, all dims when dim is empty, cast to out's
// dtype; an integer dtype gives the exact sum divided by the count, truncated (docs/ops/reductions.md).
#include <cmath>

#include "aclnnop/aclnn_mean.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"
#include "base/reduce/reduce_executor.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnMean";

#define ACLCPU_MEAN_DTYPES                                                                                             \
  {                                                                                                                    \
    ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT16, ACL_INT8, ACL_UINT8, ACL_DOUBLE, ACL_BF16, ACL_COMPLEX64, \
        ACL_COMPLEX128                                                                                                 \
  }

bool Listed(aclDataType t, std::initializer_list<aclDataType> list) {
  for (aclDataType a : list)
    if (a == t) return true;
  return false;
}

// null (self, dim, out) -> dtypes (self, dtype, out in the list) -> CanCast(self, dtype), CanCast(dtype, out)
// -> dim (range of each, then repeats) -> rank(self), rank(out) <= 8 -> empty self: out filled with NaN
// -> out shape against the reduced shape.
aclnnStatus Mean(const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype, aclTensor *out,
                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(dim, "dim"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_MEAN_DTYPES));
  if (!Listed(dtype, ACLCPU_MEAN_DTYPES)) return check.Invalid("dtype in the list of self's dtypes", DTypeName(dtype));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", ACLCPU_MEAN_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.Castable(self->dataType, dtype, "self to dtype"));
  ACLCPU_RETURN_IF_ERROR(check.Castable(dtype, out->dataType, "dtype to out"));
  ACLCPU_RETURN_IF_ERROR(CheckReduceDims(check, self, dim, "dim", DimsCheckOrder::kRangeThenRepeats));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(out, "out", kMaxRank));
  if (IsEmpty(*self)) {  // out's shape is not compared in this branch
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out (self is empty)",
                                         {ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT16, ACL_INT8, ACL_UINT8,
                                          ACL_DOUBLE, ACL_BF16, ACL_BOOL}));
    ACLCPU_RETURN_IF_ERROR(check.ViewFitsStorage(out, "out"));
    return CreateFillExecutor(kOp, {out, "out"}, PointwiseInput::Constant(std::nan("")), workspaceSize, executor,
                              ComputeType::kF64);
  }
  const uint32_t mask = ReducedDimsMask(*self, *dim);
  ACLCPU_RETURN_IF_ERROR(CheckReduceOutShape(check, out, ReducedShape(*self, mask, keepDim)));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{self, "self"}, {out, "out"}}));
  // CPU only: a self whose elements overlap (a stride-0 dim) would make the work unbounded by its memory
  // (docs/compat.md; the fuzz harness found a 2^63-element self).
  ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(self, "self"));
  const ReducePlan plan = PlanReduce(ReduceKind::kMean, ToView(*self), mask, ToDType(dtype), ToView(*out));
  return CreateReduceExecutor(kOp, self, out, plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnMeanGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype,
                                      aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::Mean(self, dim, keepDim, dtype, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnMean, "aclnnMean")

}  // extern "C"
