#include "base/pointwise/pointwise_executor.h"

#include <memory>

#include "base/executor.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

class PointwiseOp : public OpPlan {
 public:
  PointwiseOp(const PointwisePlan &plan, bool compute) : plan_(plan), compute_(compute) {}
  int Run(void *const *addrs, void *workspace) const override {
    if (!compute_) return 0;
    const void *in[kMaxPointwiseInputs] = {};
    int slot = 0;
    for (int i = 0; i < plan_.numInputs; ++i)
      if (!plan_.in[i].constant) in[i] = addrs[slot++];
    RunPointwise(plan_, in, addrs[slot], workspace);
    return 0;
  }

 private:
  const PointwisePlan plan_;
  const bool compute_;
};

}  // namespace

aclnnStatus CreatePointwiseExecutor(const char *opName, const std::vector<NamedTensor> &inputs, NamedTensor out,
                                    const PointwisePlan &plan, bool compute, uint64_t *workspaceSize,
                                    aclOpExecutor **executor) {
  if (compute) ACLCPU_RETURN_IF_ERROR(OpCheck(opName).NoSelfOverlap(out.tensor, out.name));
  ExecutorSpec spec;
  spec.opName = opName;
  for (const NamedTensor &t : inputs) {
    spec.inputs.push_back(t.tensor);
    spec.names.push_back(t.name);
    spec.touched.push_back(compute);
  }
  spec.outputs = {out.tensor};
  spec.names.push_back(out.name);
  spec.touched.push_back(compute);
  spec.workspaceSize = compute ? plan.workspaceBytes : 0;
  return CreateExecutor(std::move(spec), std::make_unique<PointwiseOp>(plan, compute), workspaceSize, executor);
}

aclnnStatus CreateFillExecutor(const char *opName, NamedTensor target, const PointwiseInput &value,
                               uint64_t *workspaceSize, aclOpExecutor **executor,
                               std::optional<ComputeType> valueType) {
  // CPU only: InplaceZero has no rank limit on the A2; the engine takes at most 8 dims.
  ACLCPU_RETURN_IF_ERROR(OpCheck(opName).RankAtMost(target.tensor, target.name, kMaxRank));
  ACLCPU_RETURN_IF_ERROR(OpCheck(opName).ViewFitsStorage(target.tensor, target.name));
  const bool compute = !IsEmpty(*target.tensor);
  const TensorView out = ToView(*target.tensor);
  const ComputeType type = valueType.value_or(ComputeTypeOf(out.dtype));
  const PointwisePlan plan = compute ? PlanPointwise(nullptr, {}, type, type, &value, 1, out) : PointwisePlan{};
  return CreatePointwiseExecutor(opName, {}, target, plan, compute, workspaceSize, executor);
}

}  // namespace aclcpu
