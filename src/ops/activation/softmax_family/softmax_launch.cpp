#include "ops/activation/softmax_family/softmax_launch.h"

#include <cstdint>
#include <memory>
#include <string>

#include "aclnn/acl_meta.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "ops/activation/softmax_family/softmax_plan.h"

namespace aclcpu {
namespace {

// Input slots: self, or gradOutput and output; output slot: out.
class SoftmaxOp : public OpPlan {
 public:
  explicit SoftmaxOp(const SoftmaxPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const void *inputs[2] = {addrs[0], plan_.numInputs > 1 ? addrs[1] : addrs[0]};
    RunSoftmax(plan_, inputs, addrs[plan_.numInputs], workspace);
    return 0;
  }

 private:
  const SoftmaxPlan plan_;
};

bool SameView(const aclTensor &a, const aclTensor &b) {
  return a.data == b.data && a.offset == b.offset && a.viewDims == b.viewDims && a.strides == b.strides &&
         aclDataTypeSize(a.dataType) == aclDataTypeSize(b.dataType);
}

// out shares bytes with an input without being exactly that input's view: a row's results could
// overwrite another row's input before it is read, so the results go through a temporary.
bool OutNeedsTemporary(const SoftmaxCall &call) {
  int64_t outFirst = 0, outEnd = 0;
  if (call.out.tensor->data == nullptr || !ViewByteSpan(*call.out.tensor, &outFirst, &outEnd)) return false;
  const auto outBase = reinterpret_cast<uintptr_t>(call.out.tensor->data);
  for (const NamedTensor &in : call.inputs) {
    int64_t first = 0, end = 0;
    if (in.tensor->data == nullptr || !ViewByteSpan(*in.tensor, &first, &end)) continue;
    const auto base = reinterpret_cast<uintptr_t>(in.tensor->data);
    const bool overlap = outBase + outFirst < base + end && base + first < outBase + outEnd;
    if (overlap && !SameView(*call.out.tensor, *in.tensor)) return true;
  }
  return false;
}

}  // namespace

aclnnStatus CheckSoftmaxDim(const OpCheck &check, const aclTensor *t, const char *name, int64_t dim) {
  const auto r = static_cast<int64_t>(std::max<size_t>(t->viewDims.size(), 1));
  if (dim >= -r && dim <= r - 1) return ACLNN_SUCCESS;
  return check.Invalid("dim in [" + std::to_string(-r) + ", " + std::to_string(r - 1) + "] for " + name + " of rank " +
                           std::to_string(t->viewDims.size()),
                       std::to_string(dim));
}

aclnnStatus CheckConvertibleOut(const OpCheck &check, const aclTensor *out) {
  return check.DTypeIn(out, "out",
                       {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_UINT16, ACL_INT32,
                        ACL_UINT32, ACL_INT64, ACL_UINT64, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16});
}

aclnnStatus LaunchSoftmax(const SoftmaxCall &call, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(call.op);
  SoftmaxPlan plan;
  if (call.compute) {
    std::vector<NamedTensor> all = call.inputs;
    all.push_back(call.out);
    ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage(all));
    ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(call.out.tensor, call.out.name));
    TensorView inputs[2];
    for (size_t i = 0; i < call.inputs.size(); ++i) inputs[i] = ToView(*call.inputs[i].tensor);
    const TensorView out = ToView(*call.out.tensor);
    const int64_t rank = std::max(out.rank, 1);
    const auto dim = static_cast<int>(call.dim < 0 ? call.dim + rank : call.dim);
    PlanSoftmax(call.kind, inputs, static_cast<int>(call.inputs.size()), out, out.rank == 0 ? 0 : dim,
                ToDType(call.kernelDtype), call.roundInputs, OutNeedsTemporary(call), &plan);
  }
  ExecutorSpec spec;
  spec.opName = call.op;
  for (const NamedTensor &in : call.inputs) {
    spec.inputs.push_back(in.tensor);
    spec.names.push_back(in.name);
    spec.touched.push_back(call.compute);
  }
  spec.outputs = {call.out.tensor};
  spec.names.push_back(call.out.name);
  spec.touched.push_back(call.compute);
  spec.workspaceSize = call.compute ? plan.workspaceBytes : 0;
  if (TraceWanted()) spec.scalars = {{call.inputs.size(), "dim", TraceInt(call.dim)}};
  return CreateExecutor(std::move(spec), std::make_unique<SoftmaxOp>(plan), workspaceSize, executor);
}

}  // namespace aclcpu
