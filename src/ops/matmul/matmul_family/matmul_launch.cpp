#include "ops/matmul/matmul_family/matmul_launch.h"

#include <memory>
#include <string>

#include "base/convert.h"
#include "base/executor.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

// Slots: inputs a, b, self (null unless Addmm); output out.
class MatmulOp : public OpPlan {
 public:
  MatmulOp(const BatchedGemmPlan &plan, bool viaTemp, size_t tempOffset, const TensorView &out)
      : plan_(plan), viaTemp_(viaTemp), tempOffset_(tempOffset), out_(out) {}
  int Run(void *const *addrs, void *workspace) const override {
    void *result = viaTemp_ ? static_cast<char *>(workspace) + tempOffset_ : addrs[3];
    if (!RunBatchedGemm(plan_, addrs[0], addrs[1], result, addrs[2], workspace)) return ACLNN_ERR_INNER;
    if (viaTemp_) ScatterElements(out_, addrs[3], 0, out_.Numel(), result);
    return ACLNN_SUCCESS;
  }

 private:
  const BatchedGemmPlan plan_;
  const bool viaTemp_;
  const size_t tempOffset_;
  const TensorView out_;
};

}  // namespace

aclnnStatus CheckMatmulRule(const OpCheck &check, std::initializer_list<NamedTensor> tensors, int8_t cubeMathType) {
  for (const NamedTensor &t : tensors) {
    if (t.tensor == nullptr) continue;
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(t.tensor, t.name, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  }
  if (cubeMathType < kCubeFp16Fp32KeepDtype || cubeMathType > kCubeUseFp32Add)
    return check.Invalid("cubeMathType in -1..4", std::to_string(cubeMathType));
  return ACLNN_SUCCESS;
}

aclnnStatus CheckNotNz(const OpCheck &check, const aclTensor *t, const char *name) {
  if (t->format != ACL_FORMAT_FRACTAL_NZ) return ACLNN_SUCCESS;
  return check.Invalid(std::string(name) + " in a format other than FRACTAL_NZ", "FRACTAL_NZ");
}

Dims DimsOf(const aclTensor &t, size_t first, size_t count) {
  Dims d;
  for (size_t i = first; i < first + count; ++i) {
    d.sizes.push_back(t.viewDims[i]);
    d.strides.push_back(t.viewDims[i] == 1 ? 0 : t.strides[i]);
  }
  return d;
}

GemmMatrixView MatrixView(const aclTensor &t, const Dims &batch, int batchRank, int64_t rowStride, int64_t colStride) {
  GemmMatrixView v;
  v.dtype = ToDType(t.dataType);
  v.offset = t.offset;
  const int lead = batchRank - static_cast<int>(batch.sizes.size());  // >= 0: callers pass at most batchRank dims
  for (size_t d = 0; d < batch.sizes.size(); ++d) v.batchStrides[lead + static_cast<int>(d)] = batch.strides[d];
  v.rowStride = rowStride;
  v.colStride = colStride;
  return v;
}

MatmulCall PairCall(const char *op, const aclTensor *self, const aclTensor *mat2, const aclTensor *out,
                    int8_t cubeMathType) {
  MatmulCall call;
  call.op = op;
  call.a = {self, "self"};
  call.b = {mat2, "mat2"};
  call.out = {out, "out"};
  call.cubeMathType = cubeMathType;
  call.numerics =
      MatmulNumerics(ToDType(self->dataType), ToDType(mat2->dataType), ToDType(out->dataType), cubeMathType);
  return call;
}

aclnnStatus LaunchMatmul(const MatmulCall &call, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(call.op);
  std::vector<NamedTensor> all = {call.a, call.b, call.out};
  if (call.self.tensor != nullptr) all.push_back(call.self);
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage(all));
  // Threads write disjoint tiles of out: out's elements must not share memory (no broadcast out).
  if (call.compute) ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(call.out.tensor, call.out.name));
  BatchedGemmPlan plan;
  size_t tempOffset = 0;
  TensorView outView;
  if (call.compute) {
    if (call.viaTemp) {
      if (call.out.tensor->viewDims.size() > static_cast<size_t>(kMaxRank))
        return check.Invalid("out of the result's shape or of rank <= 8", ShapeOf(call.out.tensor));
      outView = ToView(*call.out.tensor);
    }
    plan = PlanBatchedGemm(call.shape, call.aView, call.bView, call.outView, call.numerics,
                           call.useSelf ? &call.selfView : nullptr, call.alpha, call.beta, call.useProduct);
    if (plan.tooLarge)
      return check.Invalid("operands whose conversion fits in memory",
                           "broadcast dims of " + ShapeOf(call.a.tensor) + " and " + ShapeOf(call.b.tensor));
    if (call.viaTemp) {
      tempOffset = plan.workspaceBytes;
      plan.workspaceBytes += AlignUp(static_cast<size_t>(outView.Numel()) * DTypeSize(outView.dtype));
    }
  }
  const bool reads = call.compute && plan.c.useProduct;
  ExecutorSpec spec;
  spec.opName = call.op;
  spec.inputs = {call.a.tensor, call.b.tensor, call.self.tensor};
  spec.outputs = {call.out.tensor};
  spec.names = {call.a.name, call.b.name, call.self.name, call.out.name};
  spec.touched = {reads, reads, call.compute && call.useSelf, call.compute};
  spec.workspaceSize = call.compute ? plan.workspaceBytes : 0;
  if (TraceWanted()) spec.scalars = {{3, "cubeMathType", TraceInt(call.cubeMathType)}};
  if (!call.compute) plan = BatchedGemmPlan{};
  auto op = std::make_unique<MatmulOp>(plan, call.compute && call.viaTemp, tempOffset, outView);
  return CreateExecutor(std::move(spec), std::move(op), workspaceSize, executor);
}

}  // namespace aclcpu
