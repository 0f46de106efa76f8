// The six functions of aclnn_layer_norm.h: aclnnLayerNorm, aclnnLayerNormWithImplMode and
// aclnnFastLayerNorm (validate, plan, launch). The three share one plan and one kernel; any of the
// phase-2 functions runs an executor from any of the phase-1 functions, as on the device.
#include <algorithm>
#include <memory>
#include <string>

#include "aclnnop/aclnn_layer_norm.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/norm/layer_norm/layer_norm_check.h"
#include "ops/norm/layer_norm/layer_norm_plan.h"
#include "ops/norm/layer_norm_family/layer_norm_rows.h"

namespace aclcpu {
namespace {

constexpr const char *kPlainOp = "aclnnLayerNorm";
constexpr const char *kImplModeOp = "aclnnLayerNormWithImplMode";
constexpr const char *kFastOp = "aclnnFastLayerNorm";
// Input slots: input, weight, bias; output slots: out, meanOut, rstdOut.
class LayerNormOp : public OpPlan {
 public:
  explicit LayerNormOp(const LayerNormPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const LayerNormBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[3], addrs[4], addrs[5]};
    RunLayerNorm(plan_, buffers, workspace);
    return 0;
  }

 private:
  const LayerNormPlan plan_;
};

// The view a constant fill of `t` (N == 0: mean 0, rstd NaN, in the tensor's own shape) walks: dims
// with stride 0 revisit the same elements, so they are walked once. A view that still has more
// elements than its span holds overlaps itself: refused (161002, docs/compat.md), so that a fill never
// walks more elements than its memory has.
aclnnStatus PlanFill(const OpCheck &check, const aclTensor *t, const char *name, TensorView *view, int64_t *numel) {
  if (t == nullptr) return ACLNN_SUCCESS;
  *view = ToView(*t);
  // In 128 bits: dims and strides come from the caller and their products can exceed int64 (the
  // fuzz smoke found 1 + INT64_MAX here); a span beyond int64 is as good as unbounded.
  __int128 span = 1;
  for (int d = 0; d < view->rank; ++d) {
    if (view->strides[d] == 0) view->dims[d] = std::min<int64_t>(view->dims[d], 1);
    if (view->dims[d] > 0) {
      const __int128 stride = view->strides[d];
      span += (static_cast<__int128>(view->dims[d]) - 1) * (stride < 0 ? -stride : stride);
      if (span > static_cast<__int128>(INT64_MAX)) span = static_cast<__int128>(INT64_MAX);
    }
  }
  *numel = view->Numel();
  if (*numel > span) {
    return check.Invalid(std::string(name) + " view whose elements do not overlap", ShapeOf(t));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus Plan(const char *op, LayerNormVariant variant, const LayerNormArgs &a, double eps, uint64_t *workspaceSize,
                 aclOpExecutor **executor) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  LayerNormDims dims;
  ACLCPU_RETURN_IF_ERROR(CheckLayerNorm(op, variant, a, &dims));

  LayerNormPlan p;
  p.rows = dims.rows;
  p.cols = dims.cols;
  p.beginAxis = dims.beginAxis;
  p.eps = static_cast<float>(eps);
  p.wantMean = a.mean != nullptr;
  p.wantRstd = a.rstd != nullptr;
  // Empty problems (§1.5 steps 7-8; Fast tests N == 0 first): M == 0 writes nothing, N == 0 fills
  // the statistics, each in its own shape.
  const bool emptyRows = p.rows == 0, emptyCols = p.cols == 0;
  const bool fill = variant == LayerNormVariant::kFast ? emptyCols : emptyCols && !emptyRows;
  if (fill) {
    ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{a.mean, "meanOutOptional"}, {a.rstd, "rstdOutOptional"}}));
    ACLCPU_RETURN_IF_ERROR(PlanFill(check, a.mean, "meanOutOptional", &p.mean, &p.meanNumel));
    ACLCPU_RETURN_IF_ERROR(PlanFill(check, a.rstd, "rstdOutOptional", &p.rstd, &p.rstdNumel));
    p.fillEmptyStats = p.wantMean || p.wantRstd;
  } else if (!emptyRows) {
    ACLCPU_RETURN_IF_ERROR(CheckLayerNormOutputs(op, variant, a, dims));
    ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{a.input, "input"},
                                                  {a.weight, "weightOptional"},
                                                  {a.bias, "biasOptional"},
                                                  {a.out, "out"},
                                                  {a.mean, "meanOutOptional"},
                                                  {a.rstd, "rstdOutOptional"}}));
    p.compute = true;
    p.x = ToView(*a.input);
    p.out = ToView(*a.out);
    p.hasWeight = a.weight != nullptr;
    p.hasBias = a.bias != nullptr;
    if (p.hasWeight) p.weight = ToView(*a.weight);
    if (p.hasBias) p.bias = ToView(*a.bias);
    if (p.wantMean) p.mean = ToView(*a.mean);
    if (p.wantRstd) p.rstd = ToView(*a.rstd);
    PlanLayerNormWorkspace(&p);
  }

  ExecutorSpec spec;
  spec.opName = op;
  spec.inputs = {a.input, a.weight, a.bias};
  spec.outputs = {a.out, a.mean, a.rstd};
  spec.names = {"input", "weightOptional", "biasOptional", "out", "meanOutOptional", "rstdOutOptional"};
  const bool statsTouched = p.compute || p.fillEmptyStats;
  spec.touched = {p.compute, p.compute && p.hasWeight,   p.compute && p.hasBias,
                  p.compute, statsTouched && p.wantMean, statsTouched && p.wantRstd};
  spec.workspaceSize = p.compute ? p.workspaceBytes : 0;
  if (TraceWanted()) {
    spec.scalars = {{1, "normalizedShape", TraceInts(a.normalizedShape)}, {3, "eps", TraceFloat(eps)}};
    if (variant == LayerNormVariant::kWithImplMode) spec.scalars.push_back({6, "implMode", TraceInt(a.implMode)});
  }
  return CreateExecutor(std::move(spec), std::make_unique<LayerNormOp>(p), workspaceSize, executor);
}

aclnnStatus PlanGuarded(const char *op, LayerNormVariant variant, const LayerNormArgs &args, double eps,
                        uint64_t *workspaceSize, aclOpExecutor **executor) {
  return Guarded(op, [&] { return Plan(op, variant, args, eps, workspaceSize, executor); });
}

aclnnStatus RunGuarded(const char *op, void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                       aclrtStream stream) {
  return Guarded(op, [&] { return RunExecutor(op, workspace, workspaceSize, executor, stream); });
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnLayerNormGetWorkspaceSize(const aclTensor *input, const aclIntArray *normalizedShape,
                                           const aclTensor *weightOptional, const aclTensor *biasOptional, double eps,
                                           aclTensor *out, aclTensor *meanOutOptional, aclTensor *rstdOutOptional,
                                           uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::LayerNormArgs args{input, normalizedShape, weightOptional,  biasOptional,
                                   out,   meanOutOptional, rstdOutOptional, 0};
  return aclcpu::PlanGuarded(aclcpu::kPlainOp, aclcpu::LayerNormVariant::kPlain, args, eps, workspaceSize, executor);
}

aclnnStatus aclnnLayerNormWithImplModeGetWorkspaceSize(const aclTensor *input, const aclIntArray *normalizedShape,
                                                       const aclTensor *weightOptional, const aclTensor *biasOptional,
                                                       double eps, aclTensor *out, aclTensor *meanOutOptional,
                                                       aclTensor *rstdOutOptional, int32_t implMode,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::LayerNormArgs args{input, normalizedShape, weightOptional,  biasOptional,
                                   out,   meanOutOptional, rstdOutOptional, implMode};
  return aclcpu::PlanGuarded(aclcpu::kImplModeOp, aclcpu::LayerNormVariant::kWithImplMode, args, eps, workspaceSize,
                             executor);
}

aclnnStatus aclnnFastLayerNormGetWorkspaceSize(const aclTensor *input, const aclIntArray *normalizedShape,
                                               const aclTensor *weightOptional, const aclTensor *biasOptional,
                                               double eps, aclTensor *out, aclTensor *meanOutOptional,
                                               aclTensor *rstdOutOptional, uint64_t *workspaceSize,
                                               aclOpExecutor **executor) {
  const aclcpu::LayerNormArgs args{input, normalizedShape, weightOptional,  biasOptional,
                                   out,   meanOutOptional, rstdOutOptional, 0};
  return aclcpu::PlanGuarded(aclcpu::kFastOp, aclcpu::LayerNormVariant::kFast, args, eps, workspaceSize, executor);
}

aclnnStatus aclnnLayerNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  return aclcpu::RunGuarded(aclcpu::kPlainOp, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnLayerNormWithImplMode(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream) {
  return aclcpu::RunGuarded(aclcpu::kImplModeOp, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnFastLayerNorm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  return aclcpu::RunGuarded(aclcpu::kFastOp, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
