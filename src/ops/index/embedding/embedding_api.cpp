// aclnnEmbedding (docs/ops/embedding.md §1): the vendor's checks in order, then a row-gather plan.
#include <algorithm>
#include <memory>
#include <string>

#include "aclnnop/aclnn_embedding.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "ops/index/embedding/embedding_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnEmbedding";

class EmbeddingOp : public OpPlan {
 public:
  EmbeddingOp(const EmbeddingPlan &plan, bool compute) : plan_(plan), compute_(compute) {}
  int Run(void *const *addrs, void *) const override {
    return compute_ ? RunEmbedding(plan_, addrs[0], addrs[1], addrs[2]) : 0;
  }

 private:
  const EmbeddingPlan plan_;
  const bool compute_;
};

aclnnStatus CheckEmbedding(const OpCheck &check, const aclTensor *weight, const aclTensor *indices,
                           const aclTensor *out) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(indices, "indices"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(weight, "weight",
                                       {ACL_DOUBLE, ACL_FLOAT, ACL_FLOAT16, ACL_INT64, ACL_INT32, ACL_INT16, ACL_INT8,
                                        ACL_UINT8, ACL_BOOL, ACL_COMPLEX128, ACL_COMPLEX64, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(out, "out", weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(indices, "indices", {ACL_INT32, ACL_INT64}));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(weight, "weight", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(indices, "indices", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(out, "out", kMaxRank));
  const auto &outDims = out->viewDims, &indexDims = indices->viewDims;
  if (outDims.size() != indexDims.size() + 1 || !std::equal(indexDims.begin(), indexDims.end(), outDims.begin())) {
    return check.Invalid("out of shape indices.shape + [D] (indices " + ShapeOf(indices) + ")", ShapeOf(out));
  }
  return ACLNN_SUCCESS;
}

// CPU only: the vendor leaves these to its copy kernels; a mismatch would read or write the wrong rows.
aclnnStatus CheckCpuOnly(const OpCheck &check, const aclTensor *weight, const aclTensor *indices,
                         const aclTensor *out) {
  ACLCPU_RETURN_IF_ERROR(check.RankIs(weight, "weight", 2));
  if (out->viewDims.back() != weight->viewDims[1]) {
    return check.Invalid("out's last dim equal to weight's dim 1 (" + std::to_string(weight->viewDims[1]) + ")",
                         ShapeOf(out));
  }
  if (Numel(*out) == INT64_MAX) return check.Invalid("out with fewer than 2^63 elements", ShapeOf(out));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{weight, "weight"}, {indices, "indices"}, {out, "out"}}));
  return check.NoSelfOverlap(out, "out");
}

aclnnStatus Embedding(const aclTensor *weight, const aclTensor *indices, const aclTensor *out, uint64_t *workspaceSize,
                      aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckEmbedding(check, weight, indices, out));
  const bool compute = !IsEmpty(*weight) && !IsEmpty(*indices);  // empty: success, nothing runs
  EmbeddingPlan p;
  if (compute) {
    ACLCPU_RETURN_IF_ERROR(CheckCpuOnly(check, weight, indices, out));
    p.weight = ToView(*weight);
    p.indices = ToView(*indices);
    const TensorView o = ToView(*out);
    p.outRows = o;
    p.outRows.rank = o.rank - 1;
    p.outColStride = o.strides[o.rank - 1];
    p.positions = p.indices.Numel();
    // About 64 KiB of out per block, from the shape alone.
    const int64_t rowBytes = std::max<int64_t>(1, p.weight.dims[1] * static_cast<int64_t>(DTypeSize(p.weight.dtype)));
    p.rowsPerBlock = std::max<int64_t>(1, 65536 / rowBytes);
    p.threads = PlanThreads();
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {weight, indices};
  spec.outputs = {out};
  spec.names = {"weight", "indices", "out"};
  spec.touched = {compute, compute, compute};
  return CreateExecutor(std::move(spec), std::make_unique<EmbeddingOp>(p, compute), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnEmbeddingGetWorkspaceSize(const aclTensor *weight, const aclTensor *indices, const aclTensor *out,
                                           uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Embedding(weight, indices, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnEmbedding, aclcpu::kOp)

}  // extern "C"
