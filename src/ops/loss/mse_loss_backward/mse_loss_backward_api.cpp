// aclnnMseLossBackwardGetWorkspaceSize / aclnnMseLossBackward (docs/ops/loss.md §2): the vendor's checks, then
// the pointwise engine over the broadcast shape of gradOutput, self and target.
#include <string>
#include <vector>

#include "aclnnop/aclnn_mse_loss_backward.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/pointwise/pointwise_executor.h"
#include "ops/loss/loss_family/loss_family.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnMseLossBackward";

// Scalar math: out = norm * (self - target) * gradOutput with norm = 2 (or 2 / N for mean), in double,
// rounded once on store. Inputs: gradOutput, self, target.
void MseGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &params) {
  const double *g = static_cast<const double *>(in[0]);
  const double *x = static_cast<const double *>(in[1]);
  const double *t = static_cast<const double *>(in[2]);
  double *o = static_cast<double *>(out);
  const double norm = params.f[0];
  for (int64_t k = 0; k < n; ++k) o[k] = norm * (x[k] - t[k]) * g[k];
}

aclnnStatus MseLossBackward(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *target,
                            int64_t reduction, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(target, "target"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(gradOutput, "gradOutput", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(target, "target", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(CheckReduction(check, reduction));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(gradOutput, "gradOutput", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(target, "target", kMaxRank));
  std::vector<int64_t> first, shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(gradOutput, "gradOutput", self, "self", &first));
  if (!BroadcastShapes(target->viewDims, first, &shape)) {
    return check.Invalid("target broadcasting with " + ShapeString(first) + " (gradOutput with self)", ShapeOf(target));
  }
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", shape, "the broadcast shape of gradOutput, self and target"));
  const std::vector<NamedTensor> inputs = {{gradOutput, "gradOutput"}, {self, "self"}, {target, "target"}};
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({inputs[0], inputs[1], inputs[2], {out, "out"}}));

  // The vendor returns before any work when an input is empty (then out is empty too).
  const bool compute = !IsEmpty(*gradOutput) && !IsEmpty(*self) && !IsEmpty(*target);
  PointwisePlan plan;
  if (compute) {
    const TensorView outView = ToView(*out);
    PointwiseParams params;
    params.f[0] =
        reduction == static_cast<int64_t>(LossReduction::kMean) ? 2.0 / static_cast<double>(outView.Numel()) : 2.0;
    PointwiseInput in[3] = {PointwiseInput::Tensor(ToView(*gradOutput)), PointwiseInput::Tensor(ToView(*self)),
                            PointwiseInput::Tensor(ToView(*target))};
    plan = PlanPointwise(MseGrad, params, ComputeType::kF64, ComputeType::kF64, in, 3, outView,
                         ThroughDType(ToDType(self->dataType), outView.dtype));
  }
  return CreatePointwiseExecutor(kOp, inputs, {out, "out"}, plan, compute, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnMseLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                 const aclTensor *target, int64_t reduction, aclTensor *out,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::MseLossBackward(gradOutput, self, target, reduction, out, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnMseLossBackward, aclcpu::kOp)

}  // extern "C"
