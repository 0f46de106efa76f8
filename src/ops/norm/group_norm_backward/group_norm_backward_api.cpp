// aclnnGroupNormBackward: GroupNorm's gradients from the saved mean/rstd (docs/ops/group_norm.md §2), on the
// GroupNormSwishGrad kernel without the swish (dL/dz = gradOut), as aclnnGroupNorm runs the GroupNormSwish kernel.
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_group_norm_backward.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/norm/group_norm_backward/group_norm_backward_check.h"
#include "ops/norm/group_norm_swish_grad/group_norm_swish_grad_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNormBackward";

// Input slots: gradOut, input, mean, rstd, gamma; output slots: gradInput, gradGammaOut, gradBetaOut.
class GroupNormBackwardOp : public OpPlan {
 public:
  explicit GroupNormBackwardOp(const GroupNormSwishGradPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    // A null gamma reaches the kernel as a null buffer (ones); there is no beta without the swish.
    const GroupNormSwishGradBuffers buffers{addrs[0], addrs[2], addrs[3], addrs[1], addrs[4],
                                            nullptr,  addrs[5], addrs[6], addrs[7]};
    RunGroupNormSwishGrad(plan_, buffers, workspace);
    return 0;
  }

 private:
  const GroupNormSwishGradPlan plan_;
};

// The kernel addresses every tensor in flat row-major order only, so size-1 dims are dropped and dims that are
// contiguous with each other merged. Only gradOut's rank is bounded by the vendor (input, mean, rstd and gamma may
// have any rank); a view that still needs more than kMaxRank dims after this is refused (docs/compat.md).
aclnnStatus FlatView(const OpCheck &check, const aclTensor *t, const char *name, TensorView *view) {
  std::vector<int64_t> dims, strides;
  for (size_t d = 0; d < t->viewDims.size(); ++d) {
    if (t->viewDims[d] == 1) continue;
    if (!dims.empty() && strides.back() == t->strides[d] * t->viewDims[d]) {
      dims.back() *= t->viewDims[d];
      strides.back() = t->strides[d];
      continue;
    }
    dims.push_back(t->viewDims[d]);
    strides.push_back(t->strides[d]);
  }
  if (dims.size() > static_cast<size_t>(kMaxRank)) {
    return check.Invalid(std::string(name) + " whose view merges into at most " + std::to_string(kMaxRank) + " dims",
                         std::to_string(dims.size()) + " dims " + ShapeOf(t));
  }
  aclTensor flat = *t;
  flat.viewDims = dims;
  flat.strides = strides;
  *view = ToView(flat);
  return ACLNN_SUCCESS;
}

aclnnStatus Plan(const GroupNormBackwardArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  GroupNormBackwardChecked checked;
  ACLCPU_RETURN_IF_ERROR(CheckGroupNormBackward(a, &checked));
  const bool *mask = checked.mask;
  const bool compute = checked.compute;
  GroupNormSwishGradPlan p;
  p.compute = compute;
  if (compute) {
    // Unselected outputs are never touched, so their views are not checked either.
    const NamedTensor tensors[] = {{a.gradOut, "gradOut"},
                                   {a.input, "input"},
                                   {a.mean, "mean"},
                                   {a.rstd, "rstd"},
                                   {a.gamma, "gamma"},
                                   {mask[0] ? a.gradInput : nullptr, "gradInput"},
                                   {mask[1] ? a.gradGamma : nullptr, "gradGammaOut"},
                                   {mask[2] ? a.gradBeta : nullptr, "gradBetaOut"}};
    ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({std::begin(tensors), std::end(tensors)}));
    TensorView *views[] = {&p.dy, &p.x, &p.mean, &p.rstd, &p.gamma, &p.dx, &p.dgamma, &p.dbeta};
    for (size_t i = 0; i < std::size(tensors); ++i) {
      if (tensors[i].tensor != nullptr)
        ACLCPU_RETURN_IF_ERROR(FlatView(check, tensors[i].tensor, tensors[i].name, views[i]));
    }
    p.shape = checked.shape;
    p.activateSwish = false;
    p.writeDx = mask[0];
    p.writeDgamma = mask[1];
    p.writeDbeta = mask[2];
    PlanGroupNormGradWorkspace(&p);
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.gradOut, a.input, a.mean, a.rstd, a.gamma};
  spec.outputs = {a.gradInput, a.gradGamma, a.gradBeta};
  spec.names = {"gradOut", "input", "mean", "rstd", "gamma", "gradInput", "gradGammaOut", "gradBetaOut"};
  const bool c = compute;
  spec.touched = {c, c, c, c, c && a.gamma != nullptr, c && mask[0], c && mask[1], c && mask[2]};
  spec.workspaceSize = compute ? p.workspaceBytes : 0;
  if (TraceWanted()) {
    spec.scalars = {{5, "N", TraceInt(a.n)},
                    {5, "C", TraceInt(a.c)},
                    {5, "HxW", TraceInt(a.hw)},
                    {5, "group", TraceInt(a.group)},
                    {5, "outputMask", TraceBools(a.outputMask)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<GroupNormBackwardOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGroupNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input,
                                                   const aclTensor *mean, const aclTensor *rstd, const aclTensor *gamma,
                                                   int64_t N, int64_t C, int64_t HxW, int64_t group,
                                                   const aclBoolArray *outputMask, aclTensor *gradInput,
                                                   aclTensor *gradGammaOut, aclTensor *gradBetaOut,
                                                   uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::GroupNormBackwardArgs args{gradOut, input, mean,       rstd,      gamma,        N,          C,
                                           HxW,     group, outputMask, gradInput, gradGammaOut, gradBetaOut};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnGroupNormBackward, aclcpu::kOp)

}  // extern "C"
