#include "base/reduce/reduce_executor.h"

#include <memory>
#include <string>

#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/pointwise/pointwise_executor.h"

namespace aclcpu {
namespace {

class ReduceOp : public OpPlan {
 public:
  explicit ReduceOp(const ReducePlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    RunReduce(plan_, addrs[0], addrs[1], workspace);
    return 0;
  }

 private:
  const ReducePlan plan_;
};

}  // namespace

aclnnStatus CheckReduceDims(const OpCheck &check, const aclTensor *self, const aclIntArray *dims, const char *name,
                            DimsCheckOrder order) {
  const auto rank = std::max<int64_t>(static_cast<int64_t>(self->viewDims.size()), 1);
  const auto outOfRange = [&](int64_t d) {
    return check.Invalid(
        std::string("each of ") + name + " in [" + std::to_string(-rank) + ", " + std::to_string(rank - 1) + "]",
        std::to_string(d));
  };
  if (order == DimsCheckOrder::kRangeThenRepeats) {
    for (int64_t d : dims->values)
      if (d < -rank || d >= rank) return outOfRange(d);
  }
  uint64_t seen = 0;
  for (int64_t d : dims->values) {
    if (d < -rank || d >= rank) return outOfRange(d);
    const int64_t pos = d < 0 ? d + rank : d;
    if ((seen >> pos) & 1u)
      return check.Invalid(std::string(name) + " without repeated dims", "dim " + std::to_string(pos) + " twice");
    seen |= uint64_t{1} << pos;
  }
  return ACLNN_SUCCESS;
}

uint32_t ReducedDimsMask(const aclTensor &self, const aclIntArray &dims) {
  const auto rank = static_cast<int64_t>(self.viewDims.size());
  if (dims.values.empty()) return rank == 0 ? 0u : static_cast<uint32_t>((uint64_t{1} << rank) - 1);
  uint32_t mask = 0;
  for (int64_t d : dims.values) {
    const int64_t pos = d < 0 ? d + std::max<int64_t>(rank, 1) : d;
    if (pos < rank) mask |= 1u << pos;  // a 0-d self has no dim to mark: its one element is the result
  }
  return mask;
}

std::vector<int64_t> ReducedShape(const aclTensor &self, uint32_t mask, bool keepDims) {
  std::vector<int64_t> shape;
  for (size_t d = 0; d < self.viewDims.size(); ++d) {
    if (((mask >> d) & 1u) == 0)
      shape.push_back(self.viewDims[d]);
    else if (keepDims)
      shape.push_back(1);
  }
  return shape;
}

aclnnStatus CheckReduceOutShape(const OpCheck &check, const aclTensor *out, const std::vector<int64_t> &shape) {
  if (out->viewDims == shape) return ACLNN_SUCCESS;
  const int64_t expected = DimsProduct(shape, 0, shape.size());
  if (expected == 1 && Numel(*out) == 1) return ACLNN_SUCCESS;
  return check.Invalid("out of shape " + ShapeString(shape) + " (the reduced shape) or both of one element",
                       ShapeOf(out));
}

aclnnStatus CreateReduceExecutor(const char *opName, const aclTensor *self, const aclTensor *out,
                                 const ReducePlan &plan, uint64_t *workspaceSize, aclOpExecutor **executor) {
  ACLCPU_RETURN_IF_ERROR(OpCheck(opName).NoSelfOverlap(out, "out"));
  ExecutorSpec spec;
  spec.opName = opName;
  spec.inputs = {self};
  spec.outputs = {out};
  spec.names = {"self", "out"};
  spec.touched = {true, true};
  spec.workspaceSize = plan.workspaceBytes;
  return CreateExecutor(std::move(spec), std::make_unique<ReduceOp>(plan), workspaceSize, executor);
}

}  // namespace aclcpu
