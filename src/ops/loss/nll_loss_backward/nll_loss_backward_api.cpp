// aclnnNLLLossBackwardGetWorkspaceSize / aclnnNLLLossBackward (docs/ops/loss.md §4): the vendor's checks, then
// out zero-filled row by row and the N target entries written (no sums: any thread count, the same bits).
#include <algorithm>
#include <string>

#include "acl/error_codes/rt_error_codes.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "base/pointwise/element_convert.h"
#include "ops/loss/loss_family/loss_family.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnNLLLossBackward";
constexpr int64_t kZeroRun = 4096;  // doubles of zeros in the workspace: one store call per run

struct NllGradPlan {
  bool mean = false, perRowGrad = false;  // perRowGrad: none with a batch, gradOutput (N)
  int64_t ignoreIndex = -100;
  int64_t rows = 0, classes = 0;
  TensorView grad, target, weight, totalWeight, out;
  DType through = DType::kOther;
  int64_t rowsPerBlock = 1, numBlocks = 0;
  int threads = 1;
};

int RunNllGrad(const NllGradPlan &p, void *const *addrs, void *workspace) {
  const void *grad = addrs[0], *target = addrs[2], *weight = addrs[3], *totalWeight = addrs[4];
  void *out = addrs[5];
  if (!TargetsInRange(kOp, p.target, target, p.rows, p.classes, p.ignoreIndex)) return ACL_ERROR_RT_AICORE_EXCEPTION;
  double *zeros = static_cast<double *>(workspace);
  const int64_t zeroRun = p.classes < kZeroRun ? p.classes : kZeroRun;
  for (int64_t i = 0; i < zeroRun; ++i) zeros[i] = 0.0;
  // The N gradient values are formed before out is touched, so an out sharing memory with gradOutput, weight or
  // totalWeight gets what the vendor's computation into a temporary gives.
  double *values = zeros + zeroRun;
  auto *classOf = reinterpret_cast<int64_t *>(values + p.rows);  // -1: an ignored row
  const double total = p.mean ? LoadValue(p.totalWeight, totalWeight, 0) : 1.0;
  for (int64_t n = 0; n < p.rows; ++n) {
    const int64_t t = LoadIndex(p.target, target, n);
    classOf[n] = t == p.ignoreIndex ? -1 : t;
    if (t == p.ignoreIndex) continue;
    const double g = LoadValue(p.grad, grad, p.perRowGrad ? n : 0);
    // PyTorch's order: the scaled gradient first, then the class weight.
    const double scaled = -(p.mean ? g / total : g);
    values[n] = LoadValue(p.weight, weight, t) * scaled;
  }
  const size_t size = DTypeSize(p.out.dtype);
  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int) {
    const int64_t end = std::min(p.rows, (block + 1) * p.rowsPerBlock);
    for (int64_t n = block * p.rowsPerBlock; n < end; ++n) {
      for (int64_t c = 0; c < p.classes; c += zeroRun) {
        char *at = static_cast<char *>(out) +
                   (p.out.offset + n * p.out.strides[0] + c * p.out.strides[1]) * static_cast<int64_t>(size);
        StoreRun(ComputeType::kF64, zeros, p.out.dtype, at, p.out.strides[1], std::min(zeroRun, p.classes - c));
      }
    }
  });
  for (int64_t n = 0; n < p.rows; ++n) {
    if (classOf[n] >= 0) StoreValue(values[n], p.through, p.out, out, n * p.classes + classOf[n]);
  }
  return 0;
}

// §4 step 2.
aclnnStatus CheckDTypes(const OpCheck &check, const aclTensor *gradOutput, const aclTensor *self,
                        const aclTensor *target, const aclTensor *weight, const aclTensor *totalWeight,
                        const aclTensor *out) {
  ACLCPU_RETURN_IF_ERROR(check.SameDType(weight, "weight", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(gradOutput, "gradOutput", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(totalWeight, "totalWeight", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.Castable(self->dataType, out->dataType, "self's dtype to out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  return check.DTypeIn(target, "target", {ACL_INT64, ACL_UINT8, ACL_INT32});
}

// §4 step 4, in the vendor's order.
aclnnStatus CheckShapes(const OpCheck &check, const aclTensor *gradOutput, const aclTensor *self,
                        const aclTensor *target, const aclTensor *weight, const aclTensor *totalWeight,
                        const aclTensor *out, int64_t reduction) {
  // The vendor compares dim 0 of self and target for any pair but (1-D self, 0-d target): a 0-d target has no
  // dim 0 (CPU: a mismatch), and a 1-D target for a 1-D self would pair C scores with C targets (CPU: refused,
  // docs/compat.md). So the rule is NLLLoss's.
  ACLCPU_RETURN_IF_ERROR(CheckClassRows(check, self, target, weight));
  const size_t selfRank = self->viewDims.size();
  if (Numel(*totalWeight) != 1) return check.Invalid("a single-element totalWeight", ShapeOf(totalWeight));
  if (reduction == 0 && selfRank == 2) {
    if (gradOutput->viewDims.size() != 1 || gradOutput->viewDims[0] != self->viewDims[0]) {
      return check.Invalid("gradOutput of shape [" + std::to_string(self->viewDims[0]) + "]", ShapeOf(gradOutput));
    }
  } else if (gradOutput->viewDims.size() > 1 || Numel(*gradOutput) != 1) {
    return check.Invalid("a single-element gradOutput of rank <= 1", ShapeOf(gradOutput));
  }
  return check.SameShape(self, "self", out, "out");
}

aclnnStatus NllLossBackward(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *target,
                            const aclTensor *weight, int64_t reduction, int64_t ignoreIndex,
                            const aclTensor *totalWeight, aclTensor *out, uint64_t *workspaceSize,
                            aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(target, "target"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(totalWeight, "totalWeight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, gradOutput, self, target, weight, totalWeight, out));
  ACLCPU_RETURN_IF_ERROR(CheckReduction(check, reduction));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, gradOutput, self, target, weight, totalWeight, out, reduction));
  if (ToDType(out->dataType) == DType::kOther) return check.Invalid("an out dtype", DTypeName(out->dataType));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(totalWeight, "totalWeight", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{gradOutput, "gradOutput"},
                                                {self, "self"},
                                                {target, "target"},
                                                {weight, "weight"},
                                                {totalWeight, "totalWeight"},
                                                {out, "out"}}));
  const bool compute = !IsEmpty(*self);  // the vendor returns before any work for an empty self
  if (compute) ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(out, "out"));
  NllGradPlan p;
  p.mean = reduction == static_cast<int64_t>(LossReduction::kMean);
  p.perRowGrad = reduction == 0 && self->viewDims.size() == 2;
  p.ignoreIndex = ignoreIndex;
  const TensorView selfRows = AsRowsOfClasses(ToView(*self));
  p.rows = selfRows.dims[0];
  p.classes = selfRows.dims[1];
  p.grad = ToView(*gradOutput);
  p.target = ToView(*target);
  p.weight = ToView(*weight);
  p.totalWeight = ToView(*totalWeight);
  p.out = AsRowsOfClasses(ToView(*out));
  // The A2 kernel computes FLOAT16 in fp32, BF16 and FLOAT in their own dtype.
  p.through = ThroughDType(NllKernelDType(selfRows.dtype), p.out.dtype);
  p.rowsPerBlock = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, p.classes));
  p.numBlocks = compute ? CeilDiv(p.rows, p.rowsPerBlock) : 0;
  p.threads = static_cast<int>(std::min<int64_t>(PlanThreads(), std::max<int64_t>(1, p.numBlocks)));
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {gradOutput, self, target, weight, totalWeight};
  spec.outputs = {out};
  spec.names = {"gradOutput", "self", "target", "weight", "totalWeight", "out"};
  spec.touched = {compute, false, compute, compute, compute && p.mean, compute};
  spec.workspaceSize =
      compute ? AlignUp(static_cast<size_t>(std::min(p.classes, kZeroRun) + 2 * p.rows) * sizeof(double)) : 0;
  auto run = [compute](const NllGradPlan &plan, void *const *addrs, void *workspace) {
    return compute ? RunNllGrad(plan, addrs, workspace) : 0;
  };
  return CreateExecutor(std::move(spec), MakeLossOp(p, run), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnNLLLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                 const aclTensor *target, const aclTensor *weight, int64_t reduction,
                                                 int64_t ignoreIndex, const aclTensor *totalWeight, aclTensor *out,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::NllLossBackward(gradOutput, self, target, weight, reduction, ignoreIndex, totalWeight, out,
                                   workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnNLLLossBackward, aclcpu::kOp)

}  // extern "C"
