// aclnnEmbeddingDenseBackward (docs/ops/embedding.md §2): the vendor's checks in order, then a counting-sort plan.
#include <cstdint>
#include <memory>
#include <string>

#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "ops/index/embedding_dense_grad_v2/embedding_dense_backward_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnEmbeddingDenseBackward";

class EmbeddingDenseBackwardOp : public OpPlan {
 public:
  explicit EmbeddingDenseBackwardOp(const EmbeddingDenseBackwardPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    return RunEmbeddingDenseBackward(plan_, addrs[0], addrs[1], addrs[2], workspace);
  }

 private:
  const EmbeddingDenseBackwardPlan plan_;
};

struct Args {
  const aclTensor *grad, *indices;
  uint64_t numWeights, paddingIdx;
  bool scaleGradByFreq;
  const aclTensor *out;
};

aclnnStatus CheckArgs(const OpCheck &check, const Args &a) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.grad, "grad"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.indices, "indices"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.grad, "grad", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(
      a.indices, "indices",
      {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BOOL}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.grad, "grad", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.indices, "indices", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.out, "out", kMaxRank));
  // CPU only: a 0-d grad has no last dim (the vendor reads dim -1).
  if (a.grad->viewDims.empty()) return check.Invalid("grad of rank 1 to 8", "rank 0");
  const std::vector<int64_t> &g = a.grad->viewDims;
  const int64_t cols = g.back();
  if (cols != 0 && DimsProduct(g, 0, g.size() - 1) != Numel(*a.indices)) {
    return check.Invalid("indices with as many elements as grad has rows (grad " + ShapeOf(a.grad) + ")",
                         ShapeOf(a.indices));
  }
  const std::vector<int64_t> &o = a.out->viewDims;
  if (o.size() != 2 || static_cast<uint64_t>(o[0]) != a.numWeights || o[1] != cols) {
    return check.Invalid(
        "out of shape [numWeights, D] = [" + std::to_string(a.numWeights) + ", " + std::to_string(cols) + "]",
        ShapeOf(a.out));
  }
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(a.grad, "grad"));
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(a.indices, "indices"));
  return check.PublicFormat(a.out, "out");
}

aclnnStatus Plan(const OpCheck &check, const Args &a, EmbeddingDenseBackwardPlan *p) {
  const bool empty = IsEmpty(*a.grad) || IsEmpty(*a.indices);
  // CPU only: nothing outside a buffer; out written once per element. Empty inputs are not read.
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage(
      {{empty ? nullptr : a.grad, "grad"}, {empty ? nullptr : a.indices, "indices"}, {a.out, "out"}}));
  ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(a.out, "out"));
  // CPU only: the workspace (8 bytes per grad row twice and per out row) must have a size.
  if (Numel(*a.indices) > (INT64_MAX >> 5) || static_cast<int64_t>(a.out->viewDims[0]) > (INT64_MAX >> 5)) {
    return check.Invalid("fewer than 2^58 indices and out rows", ShapeOf(a.indices) + " and " + ShapeOf(a.out));
  }
  const TensorView grad = ToView(*a.grad);
  p->out = ToView(*a.out);
  p->numWeights = p->out.dims[0];
  p->cols = p->out.dims[1];
  p->paddingIdx = static_cast<int64_t>(a.paddingIdx);
  p->scaleGradByFreq = a.scaleGradByFreq;
  p->zeroFill = empty;
  p->threads = PlanThreads();
  if (!empty) {
    p->gradRows = grad;
    p->gradRows.rank = grad.rank - 1;
    p->gradType = grad.dtype;
    p->gradColStride = grad.strides[grad.rank - 1];
    p->indices = ToView(*a.indices);
    p->rows = p->indices.Numel();
  }
  PlanEmbeddingDenseBackwardWorkspace(p);
  if (empty) p->workspaceBytes = 0;
  return ACLNN_SUCCESS;
}

aclnnStatus EmbeddingDenseBackward(const Args &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckArgs(check, a));
  EmbeddingDenseBackwardPlan p;
  ACLCPU_RETURN_IF_ERROR(Plan(check, a, &p));
  const bool outWritten = !IsEmpty(*a.out);
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.grad, a.indices};
  spec.outputs = {a.out};
  spec.names = {"grad", "indices", "out"};
  spec.touched = {!p.zeroFill, !p.zeroFill, outWritten};
  spec.workspaceSize = p.workspaceBytes;
  if (TraceWanted()) {
    spec.scalars = {{2, "numWeights", TraceInt(static_cast<int64_t>(a.numWeights))},
                    {2, "paddingIdx", TraceInt(static_cast<int64_t>(a.paddingIdx))},
                    {2, "scaleGradByFreq", TraceBool(a.scaleGradByFreq)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<EmbeddingDenseBackwardOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnEmbeddingDenseBackwardGetWorkspaceSize(const aclTensor *grad, const aclTensor *indices,
                                                        uint64_t numWeights, uint64_t paddingIdx, bool scaleGradByFreq,
                                                        const aclTensor *out, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor) {
  const aclcpu::Args args{grad, indices, numWeights, paddingIdx, scaleGradByFreq, out};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::EmbeddingDenseBackward(args, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnEmbeddingDenseBackward, aclcpu::kOp)

}  // extern "C"
