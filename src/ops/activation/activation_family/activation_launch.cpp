#include "ops/activation/activation_family/activation_launch.h"

#include <string>

#include "base/meta_objects.h"
#include "base/pointwise/pointwise_executor.h"

namespace aclcpu {
namespace {

// The operands' views over out's shape with size-1 dims dropped and neighbouring dims merged wherever
// every operand steps through them as one (inputs broadcast by stride 0, right-aligned); false when
// more than kMaxRank dims remain. Lets a tensor of rank above 8 through the engine.
bool FoldedViews(const ActivationCall &call, TensorView *inputs, TensorView *out) {
  const std::vector<int64_t> &shape = call.out.tensor->viewDims;
  const size_t rank = shape.size();
  const size_t operands = call.inputs.size() + 1;
  // strides[o][d]: operand o's stride along out dim d (0 where it is broadcast).
  std::vector<std::vector<int64_t>> strides(operands, std::vector<int64_t>(rank, 0));
  for (size_t o = 0; o < operands; ++o) {
    const aclTensor &t = o + 1 < operands ? *call.inputs[o].tensor : *call.out.tensor;
    const size_t lead = rank - t.viewDims.size();
    for (size_t d = 0; d < t.viewDims.size(); ++d)
      if (t.viewDims[d] != 1) strides[o][lead + d] = t.strides[d];
  }
  std::vector<int64_t> dims;
  std::vector<std::vector<int64_t>> folded(operands);
  for (size_t d = 0; d < rank; ++d) {
    if (shape[d] == 1) continue;
    bool merge = !dims.empty();
    for (size_t o = 0; merge && o < operands; ++o) merge = folded[o].back() == strides[o][d] * shape[d];
    if (merge) {
      dims.back() *= shape[d];
      for (size_t o = 0; o < operands; ++o) folded[o].back() = strides[o][d];
    } else {
      dims.push_back(shape[d]);
      for (size_t o = 0; o < operands; ++o) folded[o].push_back(strides[o][d]);
    }
  }
  if (dims.size() > static_cast<size_t>(kMaxRank)) return false;
  for (size_t o = 0; o < operands; ++o) {
    const aclTensor &t = o + 1 < operands ? *call.inputs[o].tensor : *call.out.tensor;
    TensorView &v = o + 1 < operands ? inputs[o] : *out;
    v = TensorView{};
    v.dtype = ToDType(t.dataType);
    v.offset = t.offset;
    v.rank = static_cast<int>(dims.size());
    for (size_t d = 0; d < dims.size(); ++d) {
      v.dims[d] = dims[d];
      v.strides[d] = folded[o][d];
    }
  }
  return true;
}

}  // namespace

aclnnStatus LaunchActivation(const ActivationCall &call, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(call.op);
  std::vector<NamedTensor> all = call.inputs;
  all.push_back(call.out);
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage(all));
  bool compute = !call.identity && !IsEmpty(*call.out.tensor);
  for (const NamedTensor &t : call.inputs) compute = compute && !IsEmpty(*t.tensor);
  PointwisePlan plan;
  if (compute) {
    const int numInputs = static_cast<int>(call.inputs.size());
    TensorView views[kMaxPointwiseInputs], outView;
    bool wide = call.out.tensor->viewDims.size() > static_cast<size_t>(kMaxRank);
    for (const NamedTensor &t : call.inputs) wide = wide || t.tensor->viewDims.size() > static_cast<size_t>(kMaxRank);
    if (wide) {
      if (!FoldedViews(call, views, &outView))
        return check.Invalid("dims that fold into at most 8 (the CPU engine's limit)", ShapeOf(call.out.tensor));
    } else {
      for (int i = 0; i < numInputs; ++i) views[i] = ToView(*call.inputs[i].tensor);
      outView = ToView(*call.out.tensor);
    }
    const DType through = ToDType(call.compute);
    const ComputeType type = ComputeTypeOf(through);
    const PointwiseKernel kernel = ActivationKernel(call.kind, type);
    if (kernel == nullptr) return InternalError(call.op, "no kernel for the compute dtype");
    PointwiseInput in[kMaxPointwiseInputs];
    for (int i = 0; i < numInputs; ++i) {
      in[i] = PointwiseInput::Tensor(views[i]);
      if (views[i].dtype != through) in[i].loadThrough = through;  // the vendor's Cast to the compute dtype
    }
    const DType roundThrough = outView.dtype != through ? through : DType::kOther;
    Fused16Kernels fused;
    if (type == ComputeType::kF32) {
      fused = ActivationFused16(call.kind);
      if (outView.Numel() >= kActivationLookupMinElements) {
        if (const PointwiseKernel lookup = ActivationLookup16(call.kind, outView.dtype))
          (outView.dtype == DType::kBF16 ? fused.bf16 : fused.f16) = lookup;
      }
    }
    plan = PlanPointwise(kernel, call.params, type, type, in, numInputs, outView, roundThrough, fused);
  }
  return CreatePointwiseExecutor(call.op, call.inputs, call.out, plan, compute, workspaceSize, executor);
}

}  // namespace aclcpu
