// aclnnReduceSum: out = the sum of self (cast to dtype) over dims, all dims when dims is empty; BOOL
// dtype is a logical OR (docs/ops/reductions.md).
#include "aclnnop/aclnn_reduce_sum.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"
#include "base/reduce/reduce_executor.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReduceSum";

#define ACLCPU_REDUCE_SUM_DTYPES                                                                                       \
  {                                                                                                                    \
    ACL_FLOAT16, ACL_FLOAT, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_BOOL, ACL_DOUBLE, ACL_COMPLEX64, \
        ACL_COMPLEX128, ACL_BF16                                                                                       \
  }

bool Listed(aclDataType t, std::initializer_list<aclDataType> list) {
  for (aclDataType a : list)
    if (a == t) return true;
  return false;
}

// null (self, dims, out) -> dtypes (self, out, dtype in the list; out's == dtype) -> rank(self) <= 8 -> dims
// -> empty self: out filled with 0 -> out shape against the reduced shape.
aclnnStatus ReduceSum(const aclTensor *self, const aclIntArray *dims, bool keepDims, aclDataType dtype, aclTensor *out,
                      uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(dims, "dims"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", ACLCPU_REDUCE_SUM_DTYPES));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", ACLCPU_REDUCE_SUM_DTYPES));
  if (!Listed(dtype, ACLCPU_REDUCE_SUM_DTYPES))
    return check.Invalid("dtype in the list of self's dtypes", DTypeName(dtype));
  if (out->dataType != dtype)
    return check.Invalid("out dtype equal to dtype " + DTypeName(dtype), DTypeName(out->dataType));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(CheckReduceDims(check, self, dims, "dims", DimsCheckOrder::kEachDim));
  // CPU only: the vendor sets no rank limit on out; the engine takes at most 8 dims.
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(out, "out", kMaxRank));
  if (IsEmpty(*self)) {  // out's shape is not compared in this branch
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out (self is empty)",
                                         {ACL_FLOAT16, ACL_FLOAT, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8,
                                          ACL_BOOL, ACL_DOUBLE, ACL_BF16}));
    ACLCPU_RETURN_IF_ERROR(check.ViewFitsStorage(out, "out"));
    return CreateFillExecutor(kOp, {out, "out"}, PointwiseInput::Constant(0.0), workspaceSize, executor,
                              ComputeType::kF64);
  }
  const uint32_t mask = ReducedDimsMask(*self, *dims);
  // A 0-d self is cast to out; the CPU still asks for an out of one element.
  ACLCPU_RETURN_IF_ERROR(CheckReduceOutShape(check, out, ReducedShape(*self, mask, keepDims)));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{self, "self"}, {out, "out"}}));
  // CPU only: a self whose elements overlap (a stride-0 dim) would make the work unbounded by its memory
  // (docs/compat.md; the fuzz harness found a 2^63-element self).
  ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(self, "self"));
  const ReducePlan plan = PlanReduce(ReduceKind::kSum, ToView(*self), mask, ToDType(dtype), ToView(*out));
  return CreateReduceExecutor(kOp, self, out, plan, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnReduceSumGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, bool keepDims,
                                           aclDataType dtype, aclTensor *out, uint64_t *workspaceSize,
                                           aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::ReduceSum(self, dims, keepDims, dtype, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnReduceSum, "aclnnReduceSum")

}  // extern "C"
