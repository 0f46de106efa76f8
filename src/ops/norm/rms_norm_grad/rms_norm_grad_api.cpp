// aclnnRmsNormGradGetWorkspaceSize / aclnnRmsNormGrad (docs/ops/rms_norm.md §2): the generated op's
// checks, then the LayerNorm backward plan with uncentered rows and dgamma only.
#include <string>

#include "aclnnop/aclnn_rms_norm_grad.h"
#include "base/phase2_entry.h"
#include "ops/norm/layer_norm_backward/layer_norm_backward_plan.h"
#include "ops/norm/rms_norm_family/rms_norm_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnRmsNormGrad";

struct RmsNormGradArgs {
  const aclTensor *dy, *x, *rstd, *gamma, *dx, *dgamma;
  std::vector<NamedTensor> All() const {
    return {{dy, "dy"}, {x, "x"}, {rstd, "rstd"}, {gamma, "gamma"}, {dx, "dxOut"}, {dgamma, "dgammaOut"}};
  }
};

// §2.3: the ascend910b rows. x and dx are dy's dtype, rstd and dgamma FLOAT, gamma dy's dtype or FLOAT.
aclnnStatus CheckDTypes(const OpCheck &check, const RmsNormGradArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.dy, "dy", {ACL_FLOAT16, ACL_BF16, ACL_FLOAT}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.x, "x", a.dy, "dy"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.rstd, "rstd", {ACL_FLOAT}));
  switch (a.dy->dataType) {
    case ACL_FLOAT16: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT, ACL_FLOAT16})); break;
    case ACL_BF16: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT, ACL_BF16})); break;
    default: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT})); break;
  }
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.dx, "dxOut", a.dy, "dy"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.dgamma, "dgammaOut", {ACL_FLOAT}));
  return CheckNdFormats(check, a.All());
}

// rstd's shape rule of the tiling (§2.4): its leading dims are x's; a shorter rstd leaves x's
// remaining leading dims at 1 (the example's rstd [2] for x [2, 1, 16]).
bool RstdShapeMatches(const std::vector<int64_t> &rstd, const std::vector<int64_t> &x, size_t lead) {
  const size_t shared = rstd.size() < lead ? rstd.size() : lead;
  for (size_t i = 0; i < shared; ++i) {
    if (rstd[i] != x[i]) return false;
  }
  for (size_t i = shared; i < lead; ++i) {
    if (rstd.size() < lead && x[i] != 1) return false;
  }
  return true;
}

// §2.4 step 4: the tiling's rules in its order (561002).
aclnnStatus CheckShapes(const OpCheck &check, const RmsNormGradArgs &a, RmsNormDims *dims) {
  const std::vector<int64_t> &x = a.x->viewDims, &gamma = a.gamma->viewDims, &dy = a.dy->viewDims;
  const std::vector<int64_t> &dx = a.dx->viewDims, &dgamma = a.dgamma->viewDims;
  const std::string got = "dy " + ShapeOf(a.dy) + ", x " + ShapeOf(a.x) + ", gamma " + ShapeOf(a.gamma);
  if (x.empty() || x.size() > kRmsNormMaxRank) return TilingInvalid(check, "x of rank 1..8", got);
  if (gamma.empty() || gamma.size() > kRmsNormMaxRank) return TilingInvalid(check, "gamma of rank 1..8", got);
  if (gamma.size() > x.size()) return TilingInvalid(check, "gamma of rank <= x's", got);
  if (dy.size() != x.size()) return TilingInvalid(check, "dy of x's rank", got);
  if (dx.size() != dy.size()) return TilingInvalid(check, "dxOut of dy's rank", "dxOut " + ShapeOf(a.dx));
  if (dgamma.size() != gamma.size()) {
    return TilingInvalid(check, "dgammaOut of gamma's rank", "dgammaOut " + ShapeOf(a.dgamma));
  }
  for (size_t i = 0; i < dy.size(); ++i) {
    if (dy[i] != x[i] || dy[i] != dx[i]) {
      return TilingInvalid(check, "dy, x and dxOut of one shape", "dxOut " + ShapeOf(a.dx) + ", " + got);
    }
  }
  if (dy.back() == 0) return TilingInvalid(check, "dy's last dim > 0", got);
  const size_t lead = x.size() - gamma.size();
  if (!RstdShapeMatches(a.rstd->viewDims, x, lead)) {
    return TilingInvalid(check, "rstd of x's leading dims", "rstd " + ShapeOf(a.rstd) + ", " + got);
  }
  for (size_t i = 0; i < gamma.size(); ++i) {
    if (gamma[i] != dy[lead + i] || dgamma[i] != dy[lead + i]) {
      return TilingInvalid(check, "gamma and dgammaOut = dy's trailing dims",
                           "dgammaOut " + ShapeOf(a.dgamma) + ", " + got);
    }
  }
  *dims = RmsNormDimsOf(x, gamma.size());
  if (Numel(*a.rstd) != dims->rows) {
    return TilingInvalid(check, "rstd with one value per row (" + std::to_string(dims->rows) + ")",
                         "rstd " + ShapeOf(a.rstd));
  }
  if (dims->rows == 0) return TilingInvalid(check, "a non-empty dy (the A2 refuses an empty one)", got);
  // The CPU's own rule (161002): the tiling reads rstd flat and never bounds its rank (the fuzz harness found one
  // of rank 12).
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.rstd, "rstd", kRmsNormMaxRank));
  return check.ViewsFitStorage(a.All());
}

aclnnStatus Plan(const RmsNormGradArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  for (const NamedTensor &t : a.All()) ACLCPU_RETURN_IF_ERROR(check.NotNull(t.tensor, t.name));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  LayerNormBackwardPlan p;
  // §2.4 step 3: both outputs empty is success with nothing written, before the tiling.
  p.compute = !(IsEmpty(*a.dx) && IsEmpty(*a.dgamma));
  if (p.compute) {
    RmsNormDims dims;
    ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a, &dims));
    p.rows = dims.rows;
    p.cols = dims.cols;
    p.beginAxis = dims.beginAxis;
    p.centered = false;
    p.dy = ToView(*a.dy);
    p.x = ToView(*a.x);
    p.rstd = ToView(*a.rstd);
    p.hasWeight = true;
    p.weight = ToView(*a.gamma);
    p.wantDx = true;
    p.dx = ToView(*a.dx);
    p.wantDgamma = true;
    p.dgamma = ToView(*a.dgamma);
    PlanLayerNormBackwardWorkspace(&p);
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.dy, a.x, a.rstd, a.gamma};
  spec.outputs = {a.dx, a.dgamma};
  spec.names = {"dy", "x", "rstd", "gamma", "dxOut", "dgammaOut"};
  spec.touched = std::vector<bool>(6, p.compute);
  spec.workspaceSize = p.compute ? p.workspaceBytes : 0;
  auto run = [](const LayerNormBackwardPlan &plan, void *const *addrs, void *workspace) {
    const LayerNormBackwardBuffers buffers{addrs[0], addrs[1], nullptr,  addrs[2],
                                           addrs[3], addrs[4], addrs[5], nullptr};
    RunLayerNormBackward(plan, buffers, workspace);
  };
  return CreateExecutor(std::move(spec), MakeFamilyOp(p, run), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnRmsNormGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *x, const aclTensor *rstd,
                                             const aclTensor *gamma, const aclTensor *dxOut, const aclTensor *dgammaOut,
                                             uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::Plan({dy, x, rstd, gamma, dxOut, dgammaOut}, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnRmsNormGrad, aclcpu::kOp)

}  // extern "C"
