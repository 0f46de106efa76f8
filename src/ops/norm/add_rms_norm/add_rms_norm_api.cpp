// aclnnAddRmsNormGetWorkspaceSize / aclnnAddRmsNorm (docs/ops/rms_norm.md §3): x = x1 + x2 rounded
// to the dtype, then RmsNorm of that x; the LayerNorm forward plan with a residual and uncentered rows.
#include <string>

#include "aclnnop/aclnn_add_rms_norm.h"
#include "base/phase2_entry.h"
#include "ops/norm/layer_norm/layer_norm_plan.h"
#include "ops/norm/rms_norm_family/rms_norm_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnAddRmsNorm";

// §3.2: which outputs are null picks the mode. kPre and kPost are the 16-bit fused forms whose gamma
// is [1, last dim].
enum class Mode { kFull, kPre, kPost };

struct AddRmsNormArgs {
  const aclTensor *x1, *x2, *gamma, *y, *rstd, *xOut;
};

// §3.4 step 4.
aclnnStatus CheckDTypes(const OpCheck &check, const AddRmsNormArgs &a, Mode mode) {
  const std::initializer_list<aclDataType> full = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}, half = {ACL_FLOAT16, ACL_BF16};
  const auto &list = mode == Mode::kFull ? full : half;
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.x1, "x1", list));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.x2, "x2", list));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gamma, "gamma", list));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.x2, "x2", a.x1, "x1"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.gamma, "gamma", a.x1, "x1"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.y, "yOut", list));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.y, "yOut", a.x1, "x1"));
  if (mode != Mode::kPost) {
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.xOut, "xOut", list));
    ACLCPU_RETURN_IF_ERROR(check.SameDType(a.xOut, "xOut", a.y, "yOut"));
  }
  if (mode == Mode::kFull) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.rstd, "rstdOut", {ACL_FLOAT}));
  return ACLNN_SUCCESS;
}

aclnnStatus RankIn(const OpCheck &check, const aclTensor *t, const char *name, size_t lowest, size_t highest) {
  const size_t rank = t->viewDims.size();
  if (rank >= lowest && rank <= highest) return ACLNN_SUCCESS;
  return check.Invalid(std::string(name) + " of rank " + std::to_string(lowest) + ".." + std::to_string(highest),
                       "rank " + std::to_string(rank) + " " + ShapeOf(t));
}

// §3.4 step 5: the op_api's shape rules.
aclnnStatus CheckShapes(const OpCheck &check, const AddRmsNormArgs &a, Mode mode) {
  ACLCPU_RETURN_IF_ERROR(RankIn(check, a.x1, "x1", 1, kRmsNormMaxRank));
  ACLCPU_RETURN_IF_ERROR(RankIn(check, a.x2, "x2", 1, kRmsNormMaxRank));
  ACLCPU_RETURN_IF_ERROR(RankIn(check, a.gamma, "gamma", 1, kRmsNormMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.x2, "x2", a.x1, "x1"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.y, "yOut", kRmsNormMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.y, "yOut", a.x1, "x1"));
  if (mode == Mode::kFull) ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.rstd, "rstdOut", kRmsNormMaxRank));
  if (mode != Mode::kFull) ACLCPU_RETURN_IF_ERROR(RankIn(check, a.gamma, "gamma", 1, 2));
  if (mode != Mode::kPost) {
    ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.xOut, "xOut", kRmsNormMaxRank));
    ACLCPU_RETURN_IF_ERROR(check.SameShape(a.xOut, "xOut", a.x1, "x1"));
  }
  return ACLNN_SUCCESS;
}

// §3.4 step 7: what the device's tiling and rstd copy refuse with an internal code; 161002 here
// (docs/compat.md). Returns the number of normalized trailing dims.
aclnnStatus CheckKernelRules(const OpCheck &check, const AddRmsNormArgs &a, Mode mode, double eps, size_t *normDims) {
  const std::vector<int64_t> &x = a.x1->viewDims, &gamma = a.gamma->viewDims;
  const std::string got = "x1 " + ShapeOf(a.x1) + ", gamma " + ShapeOf(a.gamma);
  if (mode == Mode::kFull) {
    if (gamma.size() > x.size()) return check.Invalid("gamma of rank <= x1's", got);
    const size_t lead = x.size() - gamma.size();
    std::vector<int64_t> rstdShape(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(lead));
    for (size_t i = 0; i < gamma.size(); ++i) {
      if (gamma[i] != x[lead + i]) return check.Invalid("gamma = x1's trailing dims", got);
      rstdShape.push_back(1);
    }
    const bool bothOne = Numel(*a.rstd) == 1 && DimsProduct(rstdShape, 0, rstdShape.size()) == 1;
    if (!bothOne) ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.rstd, "rstdOut", rstdShape, "x1's leading dims and 1s"));
    *normDims = gamma.size();
  } else {
    if (gamma.size() != 2 || gamma[0] != 1 || gamma[1] != x.back()) {
      return check.Invalid("gamma [1, x1's last dim] when rstdOut is null", got);
    }
    *normDims = 1;
  }
  if (eps < 0) return check.Invalid("epsilon >= 0", std::to_string(eps));
  return check.ViewsFitStorage(
      {{a.x1, "x1"}, {a.x2, "x2"}, {a.gamma, "gamma"}, {a.y, "yOut"}, {a.rstd, "rstdOut"}, {a.xOut, "xOut"}});
}

aclnnStatus Plan(const AddRmsNormArgs &a, double eps, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  const Mode mode = a.rstd != nullptr ? Mode::kFull : a.xOut != nullptr ? Mode::kPre : Mode::kPost;
  for (const NamedTensor &t :
       {NamedTensor{a.x1, "x1"}, NamedTensor{a.x2, "x2"}, NamedTensor{a.gamma, "gamma"}, NamedTensor{a.y, "yOut"}}) {
    ACLCPU_RETURN_IF_ERROR(check.NotNull(t.tensor, t.name));
  }
  if (mode != Mode::kPost) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.xOut, "xOut"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a, mode));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a, mode));
  LayerNormPlan p;
  // §3.4 step 6: an empty x1 or gamma is success with nothing written.
  p.compute = !IsEmpty(*a.x1) && !IsEmpty(*a.gamma);
  if (p.compute) {
    size_t normDims = 0;
    ACLCPU_RETURN_IF_ERROR(CheckKernelRules(check, a, mode, eps, &normDims));
    const RmsNormDims dims = RmsNormDimsOf(a.x1->viewDims, normDims);
    p.rows = dims.rows;
    p.cols = dims.cols;
    p.beginAxis = dims.beginAxis;
    p.eps = static_cast<float>(eps);
    p.centered = false;
    p.x = ToView(*a.x1);
    p.addResidual = true;
    p.residual = ToView(*a.x2);
    p.xSum.dtype = p.x.dtype;  // the dtype the sum is rounded to, written or not
    p.wantXSum = mode != Mode::kPost;
    if (p.wantXSum) p.xSum = ToView(*a.xOut);
    p.out = ToView(*a.y);
    p.hasWeight = true;
    p.weight = ToView(*a.gamma);
    p.wantRstd = mode == Mode::kFull;
    if (p.wantRstd) p.rstd = ToView(*a.rstd);
    PlanLayerNormWorkspace(&p);
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.x1, a.x2, a.gamma};
  spec.outputs = {a.y, a.rstd, a.xOut};
  spec.names = {"x1", "x2", "gamma", "yOut", "rstdOut", "xOut"};
  spec.touched = {p.compute, p.compute, p.compute, p.compute, p.compute && p.wantRstd, p.compute && p.wantXSum};
  spec.workspaceSize = p.compute ? p.workspaceBytes : 0;
  if (TraceWanted()) spec.scalars = {{3, "epsilon", TraceFloat(eps)}};
  auto run = [](const LayerNormPlan &plan, void *const *addrs, void *workspace) {
    if (!plan.compute) return;
    RunLayerNorm(plan, {addrs[0], addrs[2], nullptr, addrs[3], nullptr, addrs[4], addrs[1], addrs[5]}, workspace);
  };
  return CreateExecutor(std::move(spec), MakeFamilyOp(p, run), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
                                            double epsilon, aclTensor *yOut, aclTensor *rstdOut, aclTensor *xOut,
                                            uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::Plan({x1, x2, gamma, yOut, rstdOut, xOut}, epsilon, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnAddRmsNorm, aclcpu::kOp)

}  // extern "C"
