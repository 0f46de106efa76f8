#include "ops/conversion/pad2d_family/pad2d_forward_op.h"

#include <memory>
#include <utility>

#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "ops/conversion/pad2d_family/pad2d_copy.h"

namespace aclcpu {
namespace {

// Input slot: self; output slot: out.
class Pad2dCopyOp : public OpPlan {
 public:
  explicit Pad2dCopyOp(Pad2dCopyPlan plan) : plan_(std::move(plan)) {}
  int Run(void *const *addrs, void *workspace) const override {
    RunPad2dCopy(plan_, addrs[0], addrs[1], workspace);
    return 0;
  }

 private:
  const Pad2dCopyPlan plan_;
};

}  // namespace

aclnnStatus CreatePad2dCopyExecutor(const char *op, PadMode mode, const aclTensor *self, const aclIntArray *padding,
                                    const aclTensor *out, bool compute, uint64_t *workspaceSize,
                                    aclOpExecutor **executor) {
  Pad2dCopyPlan plan;
  if (compute) {
    const OpCheck check(op);
    ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{self, "self"}, {out, "out"}}));
    PlanPad2dCopy(mode, ToView(*self), ToView(*out), padding->values, &plan);
  }
  ExecutorSpec spec;
  spec.opName = op;
  spec.inputs = {self};
  spec.outputs = {out};
  spec.names = {"self", "out"};
  spec.touched = {compute, compute};
  spec.workspaceSize = compute ? plan.workspaceBytes : 0;
  if (TraceWanted()) spec.scalars = {{1, "padding", TraceInts(padding)}};
  return CreateExecutor(std::move(spec), std::make_unique<Pad2dCopyOp>(std::move(plan)), workspaceSize, executor);
}

}  // namespace aclcpu
