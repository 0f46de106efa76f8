// aclnnMseLossGetWorkspaceSize / aclnnMseLoss (docs/ops/loss.md §1): the vendor's checks, then the pointwise
// engine for reduction none, the fixed-block double sum for mean and sum, a fill for an empty input.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_mse_loss.h"
#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"
#include "ops/loss/loss_family/loss_family.h"
#include "ops/loss/mse_loss/mse_sum.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnMseLoss";

// Scalar math: out = (a - b)^2, in double (the inputs' values exactly), rounded once on store.
void SquaredDifference(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const double *a = static_cast<const double *>(in[0]);
  const double *b = static_cast<const double *>(in[1]);
  double *o = static_cast<double *>(out);
  for (int64_t k = 0; k < n; ++k) {
    const double d = a[k] - b[k];
    o[k] = d * d;
  }
}

// §1 step 3: the promoted dtype, then each of self, target, out, must be FLOAT, FLOAT16 or BF16.
aclnnStatus CheckDTypes(const OpCheck &check, const aclTensor *self, const aclTensor *target, const aclTensor *out,
                        aclDataType *promoted) {
  *promoted = PromoteTypes(self->dataType, target->dataType);
  if (*promoted != ACL_FLOAT && *promoted != ACL_FLOAT16 && *promoted != ACL_BF16) {
    return check.Invalid("self and target promoting to FLOAT, FLOAT16 or BF16",
                         DTypeName(self->dataType) + " and " + DTypeName(target->dataType));
  }
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(target, "target", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  return check.DTypeIn(out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
}

aclnnStatus MseLoss(const aclTensor *self, const aclTensor *target, int64_t reduction, aclTensor *out,
                    uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(target, "target"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  aclDataType promoted = ACL_DT_UNDEFINED;
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, self, target, out, &promoted));
  ACLCPU_RETURN_IF_ERROR(CheckReduction(check, reduction));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(target, "target", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(self, "self", target, "target", &shape));
  const bool none = reduction == static_cast<int64_t>(LossReduction::kNone);
  if (none) {
    ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", shape, "the broadcast shape of self and target"));
  } else if (!out->viewDims.empty()) {
    return check.Invalid("a 0-d out for reduction mean or sum", ShapeOf(out));
  }
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{self, "self"}, {target, "target"}, {out, "out"}}));

  const TensorView outView = ToView(*out);
  const DType through = ThroughDType(ToDType(promoted), outView.dtype);
  const bool empty = IsEmpty(*self) || IsEmpty(*target);
  if (empty && !none) {  // the vendor's fill: mean of nothing is NaN, sum of nothing 0
    const double value =
        reduction == static_cast<int64_t>(LossReduction::kMean) ? std::numeric_limits<double>::quiet_NaN() : 0.0;
    return CreateFillExecutor(kOp, {out, "out"}, PointwiseInput::Constant(value), workspaceSize, executor,
                              ComputeType::kF64);
  }
  if (none) {
    PointwisePlan plan;
    if (!empty) {
      PointwiseInput in[2] = {PointwiseInput::Tensor(ToView(*self)), PointwiseInput::Tensor(ToView(*target))};
      plan = PlanPointwise(SquaredDifference, {}, ComputeType::kF64, ComputeType::kF64, in, 2, outView, through);
    }
    return CreatePointwiseExecutor(kOp, {{self, "self"}, {target, "target"}}, {out, "out"}, plan, !empty, workspaceSize,
                                   executor);
  }
  const MseSumPlan plan = PlanMseSum(ToView(*self), ToView(*target), shape.data(), static_cast<int>(shape.size()),
                                     outView, through, reduction == static_cast<int64_t>(LossReduction::kMean));
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {self, target};
  spec.outputs = {out};
  spec.names = {"self", "target", "out"};
  spec.touched = {true, true, true};
  spec.workspaceSize = plan.workspaceBytes;
  auto run = [](const MseSumPlan &p, void *const *addrs, void *workspace) {
    RunMseSum(p, addrs[0], addrs[1], addrs[2], workspace);
    return 0;
  };
  return CreateExecutor(std::move(spec), MakeLossOp(plan, run), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnMseLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, int64_t reduction,
                                         aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::MseLoss(self, target, reduction, out, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnMseLoss, aclcpu::kOp)

}  // extern "C"
