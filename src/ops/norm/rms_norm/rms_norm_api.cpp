// aclnnRmsNormGetWorkspaceSize / aclnnRmsNorm (docs/ops/rms_norm.md §1): the generated op's checks,
// then the LayerNorm forward plan with uncentered rows (no mean, no bias).
#include <string>

#include "aclnnop/aclnn_rms_norm.h"
#include "base/phase2_entry.h"
#include "ops/norm/layer_norm/layer_norm_plan.h"
#include "ops/norm/rms_norm_family/rms_norm_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnRmsNorm";

struct RmsNormArgs {
  const aclTensor *x, *gamma, *y, *rstd;
};

// §1.3: the ascend910b rows. y is x's dtype, rstd FLOAT, gamma x's dtype or FLOAT for 16-bit x.
aclnnStatus CheckDTypes(const OpCheck &check, const RmsNormArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.x, "x", {ACL_FLOAT16, ACL_BF16, ACL_FLOAT}));
  switch (a.x->dataType) {
    case ACL_FLOAT16: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT, ACL_FLOAT16})); break;
    case ACL_BF16: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT, ACL_BF16})); break;
    default: ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", {ACL_FLOAT})); break;
  }
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.y, "yOut", a.x, "x"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.rstd, "rstdOut", {ACL_FLOAT}));
  return CheckNdFormats(check, {{a.x, "x"}, {a.gamma, "gamma"}, {a.y, "yOut"}, {a.rstd, "rstdOut"}});
}

// §1.4 step 4: the tiling's rules in its order (561002), then the CPU's own (161002): rstd holds
// one value per row.
aclnnStatus CheckShapes(const OpCheck &check, const RmsNormArgs &a, double eps) {
  const std::vector<int64_t> &x = a.x->viewDims, &gamma = a.gamma->viewDims, &y = a.y->viewDims;
  const std::vector<int64_t> &rstd = a.rstd->viewDims;
  const std::string got = "x " + ShapeOf(a.x) + ", gamma " + ShapeOf(a.gamma);
  if (x.empty() || x.size() > kRmsNormMaxRank) return TilingInvalid(check, "x of rank 1..8", got);
  if (gamma.empty() || gamma.size() > kRmsNormMaxRank) return TilingInvalid(check, "gamma of rank 1..8", got);
  if (gamma.size() > x.size()) return TilingInvalid(check, "gamma of rank <= x's", got);
  if (y.size() != x.size()) return TilingInvalid(check, "yOut of x's rank", "yOut " + ShapeOf(a.y) + ", " + got);
  const size_t lead = x.size() - gamma.size();
  for (size_t i = 0; i < gamma.size(); ++i) {
    if (gamma[i] == 0 || gamma[i] != x[lead + i]) return TilingInvalid(check, "gamma = x's trailing dims, not 0", got);
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] == 0 || y[i] == 0 || y[i] != x[i]) {
      return TilingInvalid(check, "x and yOut of one shape without 0 dims", "yOut " + ShapeOf(a.y) + ", " + got);
    }
  }
  for (size_t i = 0; i < rstd.size(); ++i) {
    if (rstd[i] == 0 || i >= x.size() || (rstd[i] != x[i] && rstd[i] != 1)) {
      return TilingInvalid(check, "rstdOut dims equal to x's or 1", "rstdOut " + ShapeOf(a.rstd) + ", " + got);
    }
  }
  if (eps < 0) return TilingInvalid(check, "epsilon >= 0", std::to_string(eps));
  const RmsNormDims dims = RmsNormDimsOf(x, gamma.size());
  if (Numel(*a.rstd) != dims.rows) {
    return check.Invalid("rstdOut with one value per row (" + std::to_string(dims.rows) + ")",
                         "rstdOut " + ShapeOf(a.rstd));
  }
  return check.ViewsFitStorage({{a.x, "x"}, {a.gamma, "gamma"}, {a.y, "yOut"}, {a.rstd, "rstdOut"}});
}

aclnnStatus Plan(const RmsNormArgs &a, double eps, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  for (const NamedTensor &t : {NamedTensor{a.x, "x"}, NamedTensor{a.gamma, "gamma"}, NamedTensor{a.y, "yOut"},
                               NamedTensor{a.rstd, "rstdOut"}}) {
    ACLCPU_RETURN_IF_ERROR(check.NotNull(t.tensor, t.name));
  }
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  LayerNormPlan p;
  // §1.4 step 3: both outputs empty is success with nothing written, before the tiling.
  p.compute = !(IsEmpty(*a.y) && IsEmpty(*a.rstd));
  if (p.compute) {
    ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a, eps));
    const RmsNormDims dims = RmsNormDimsOf(a.x->viewDims, a.gamma->viewDims.size());
    p.rows = dims.rows;
    p.cols = dims.cols;
    p.beginAxis = dims.beginAxis;
    p.eps = static_cast<float>(eps);
    p.centered = false;
    p.x = ToView(*a.x);
    p.out = ToView(*a.y);
    p.hasWeight = true;
    p.weight = ToView(*a.gamma);
    p.wantRstd = true;
    p.rstd = ToView(*a.rstd);
    PlanLayerNormWorkspace(&p);
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.x, a.gamma};
  spec.outputs = {a.y, a.rstd};
  spec.names = {"x", "gamma", "yOut", "rstdOut"};
  spec.touched = {p.compute, p.compute, p.compute, p.compute};
  spec.workspaceSize = p.compute ? p.workspaceBytes : 0;
  if (TraceWanted()) spec.scalars = {{2, "epsilon", TraceFloat(eps)}};
  auto run = [](const LayerNormPlan &plan, void *const *addrs, void *workspace) {
    if (plan.compute) RunLayerNorm(plan, {addrs[0], addrs[1], nullptr, addrs[2], nullptr, addrs[3]}, workspace);
  };
  return CreateExecutor(std::move(spec), MakeFamilyOp(p, run), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnRmsNormGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, double epsilon,
                                         const aclTensor *yOut, const aclTensor *rstdOut, uint64_t *workspaceSize,
                                         aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::Plan({x, gamma, yOut, rstdOut}, epsilon, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnRmsNorm, aclcpu::kOp)

}  // extern "C"
