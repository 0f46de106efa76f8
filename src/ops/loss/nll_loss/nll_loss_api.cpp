// aclnnNLLLossGetWorkspaceSize / aclnnNLLLoss (docs/ops/loss.md §3): the vendor's checks, then per-row gathers
// with the sums of losses and weights in double, in row order (O(N) work: one thread, the same bits always).
#include <cmath>
#include <limits>
#include <string>

#include "acl/error_codes/rt_error_codes.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/loss/loss_family/loss_family.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnNLLLoss";

struct NllPlan {
  LossReduction reduction = LossReduction::kNone;
  int64_t ignoreIndex = -100;
  bool empty = false;  // self empty: only the fills of mean and sum
  int64_t rows = 0, classes = 0;
  TensorView self, target, weight, out, totalWeight;
  DType through = DType::kOther, totalThrough = DType::kOther;
};

int RunNll(const NllPlan &p, void *const *addrs, void *workspace) {
  const void *self = addrs[0], *target = addrs[1], *weight = addrs[2];
  void *out = addrs[3], *totalWeight = addrs[4];
  if (p.empty) {
    StoreValue(p.reduction == LossReduction::kMean ? std::numeric_limits<double>::quiet_NaN() : 0.0, DType::kOther,
               p.out, out, 0);
    StoreValue(0.0, DType::kOther, p.totalWeight, totalWeight, 0);
    return 0;
  }
  if (!TargetsInRange(kOp, p.target, target, p.rows, p.classes, p.ignoreIndex)) {
    return ACL_ERROR_RT_AICORE_EXCEPTION;
  }
  // Every input is read before out is written (the losses of none wait in the workspace), so an out that shares
  // memory with an input gets what the vendor's computation into a temporary gives.
  double *losses = static_cast<double *>(workspace);
  double lossSum = 0.0, weightSum = 0.0;
  for (int64_t n = 0; n < p.rows; ++n) {
    const int64_t t = LoadIndex(p.target, target, n);
    double loss = 0.0;
    if (t != p.ignoreIndex) {
      const double w = LoadValue(p.weight, weight, t);
      loss = -w * LoadValue(p.self, self, n * p.classes + t);
      weightSum += w;
    }
    if (p.reduction == LossReduction::kNone) {
      losses[n] = loss;
    } else {
      lossSum += loss;
    }
  }
  if (p.reduction == LossReduction::kNone) {
    for (int64_t n = 0; n < p.rows; ++n) StoreValue(losses[n], p.through, p.out, out, n);
    return 0;
  }
  // Mean: a total weight of 0 (every row ignored) gives 0 / 0 = NaN, as PyTorch and the vendor's division.
  StoreValue(p.reduction == LossReduction::kMean ? lossSum / weightSum : lossSum, p.through, p.out, out, 0);
  StoreValue(weightSum, p.totalThrough, p.totalWeight, totalWeight, 0);
  return 0;
}

// §3 step 2.
aclnnStatus CheckDTypes(const OpCheck &check, const aclTensor *self, const aclTensor *target, const aclTensor *weight,
                        const aclTensor *out, const aclTensor *totalWeightOut) {
  ACLCPU_RETURN_IF_ERROR(check.SameDType(weight, "weight", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.Castable(self->dataType, out->dataType, "self's dtype to out"));
  ACLCPU_RETURN_IF_ERROR(check.Castable(self->dataType, totalWeightOut->dataType, "self's dtype to totalWeightOut"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  return check.DTypeIn(target, "target", {ACL_INT64, ACL_UINT8, ACL_INT32});
}

// §3 step 4, in the vendor's order.
aclnnStatus CheckShapes(const OpCheck &check, const aclTensor *self, const aclTensor *target, const aclTensor *weight,
                        const aclTensor *out, const aclTensor *totalWeightOut, int64_t reduction) {
  ACLCPU_RETURN_IF_ERROR(CheckClassRows(check, self, target, weight));
  const size_t selfRank = self->viewDims.size();
  const int64_t classes = self->viewDims.back();
  if (reduction == 0 && selfRank == 2) {
    if (out->viewDims.size() != 1 || out->viewDims[0] != self->viewDims[0]) {
      return check.Invalid("out of shape [" + std::to_string(self->viewDims[0]) + "]", ShapeOf(out));
    }
  } else if (out->viewDims.size() > 1 || Numel(*out) != 1) {
    return check.Invalid("a single-element out of rank <= 1", ShapeOf(out));
  }
  if (Numel(*totalWeightOut) != 1) return check.Invalid("a single-element totalWeightOut", ShapeOf(totalWeightOut));
  if (IsEmpty(*self) && classes == 0 && Numel(*target) > 0) {
    return check.Invalid("targets within the classes (self has none)", "target " + ShapeOf(target));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus NllLoss(const aclTensor *self, const aclTensor *target, const aclTensor *weight, int64_t reduction,
                    int64_t ignoreIndex, aclTensor *out, aclTensor *totalWeightOut, uint64_t *workspaceSize,
                    aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(target, "target"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(totalWeightOut, "totalWeightOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, self, target, weight, out, totalWeightOut));
  ACLCPU_RETURN_IF_ERROR(CheckReduction(check, reduction));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, self, target, weight, out, totalWeightOut, reduction));
  // The CPU's own: out and totalWeightOut in dtypes the conversions write (CanCast allows them all but these).
  if (ToDType(out->dataType) == DType::kOther) return check.Invalid("an out dtype", DTypeName(out->dataType));
  if (ToDType(totalWeightOut->dataType) == DType::kOther) {
    return check.Invalid("a totalWeightOut dtype", DTypeName(totalWeightOut->dataType));
  }
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(totalWeightOut, "totalWeightOut", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage(
      {{self, "self"}, {target, "target"}, {weight, "weight"}, {out, "out"}, {totalWeightOut, "totalWeightOut"}}));
  NllPlan p;
  p.reduction = static_cast<LossReduction>(reduction);
  p.ignoreIndex = ignoreIndex;
  p.empty = IsEmpty(*self);
  p.self = AsRowsOfClasses(ToView(*self));
  p.rows = p.self.dims[0];
  p.classes = p.self.dims[1];
  p.target = ToView(*target);
  p.weight = ToView(*weight);
  p.out = ToView(*out);
  p.totalWeight = ToView(*totalWeightOut);
  const DType kernel = NllKernelDType(p.self.dtype);
  p.through = ThroughDType(kernel, p.out.dtype);
  p.totalThrough = ThroughDType(kernel, p.totalWeight.dtype);
  const bool none = p.reduction == LossReduction::kNone;
  const bool compute = !(p.empty && none);  // an empty none: nothing to write
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {self, target, weight};
  spec.outputs = {out, totalWeightOut};
  spec.names = {"self", "target", "weight", "out", "totalWeightOut"};
  spec.touched = {compute && !p.empty, compute && !p.empty, compute && !p.empty, compute, compute && !none};
  spec.workspaceSize = compute && none && !p.empty ? AlignUp(static_cast<size_t>(p.rows) * sizeof(double)) : 0;
  auto run = [compute](const NllPlan &plan, void *const *addrs, void *workspace) {
    return compute ? RunNll(plan, addrs, workspace) : 0;
  };
  return CreateExecutor(std::move(spec), MakeLossOp(p, run), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnNLLLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, const aclTensor *weight,
                                         int64_t reduction, int64_t ignoreIndex, aclTensor *out,
                                         aclTensor *totalWeightOut, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::NllLoss(self, target, weight, reduction, ignoreIndex, out, totalWeightOut, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnNLLLoss, aclcpu::kOp)

}  // extern "C"
