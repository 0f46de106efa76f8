// aclnnApplyAdamWV2 (docs/ops/apply_adam_w_v2.md): the vendor's checks in order, then an in-place elementwise plan.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "base/phase2_entry.h"
#include "ops/optim/apply_adam_w_v2/apply_adam_w_v2_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnApplyAdamWV2";

// Tensor slots (all inputs, as the vendor lists them): varRef, mRef, vRef, maxGradNormOptionalRef, grad, step.
class ApplyAdamWOp : public OpPlan {
 public:
  ApplyAdamWOp(const AdamWPlan &plan, bool compute) : plan_(plan), compute_(compute) {}
  int Run(void *const *addrs, void *) const override {
    if (compute_) RunApplyAdamW(plan_, {addrs[0], addrs[1], addrs[2], addrs[3], addrs[4], addrs[5]});
    return 0;
  }

 private:
  const AdamWPlan plan_;
  const bool compute_;
};

struct Args {
  aclTensor *var, *m, *v, *maxGradNorm;
  const aclTensor *grad, *step;
  bool amsgrad;
};

aclnnStatus CheckArgs(const OpCheck &check, const Args &a) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.var, "varRef"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.m, "mRef"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.v, "vRef"));
  if (a.amsgrad) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.maxGradNorm, "maxGradNormOptionalRef (amsgrad is true)"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.grad, "grad"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.step, "step"));
  const std::initializer_list<aclDataType> floats = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.var, "varRef", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.m, "mRef", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.v, "vRef", floats));
  if (a.maxGradNorm != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.maxGradNorm, "maxGradNormOptionalRef", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.grad, "grad", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.step, "step", {ACL_FLOAT, ACL_INT64}));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.m, "mRef", a.var, "varRef"));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.v, "vRef", a.var, "varRef"));
  if (a.maxGradNorm != nullptr) {
    ACLCPU_RETURN_IF_ERROR(check.SameShape(a.maxGradNorm, "maxGradNormOptionalRef", a.var, "varRef"));
  }
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.grad, "grad", a.var, "varRef"));
  if (Numel(*a.step) != 1) return check.Invalid("step with one element", ShapeOf(a.step));
  return ACLNN_SUCCESS;
}

// CPU only: the doc's rank limit, and nothing outside a buffer or written twice.
aclnnStatus CheckCpuOnly(const OpCheck &check, const Args &a) {
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.var, "varRef", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.step, "step", kMaxRank));
  aclTensor *written = a.amsgrad ? a.maxGradNorm : nullptr;
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{a.var, "varRef"},
                                                {a.m, "mRef"},
                                                {a.v, "vRef"},
                                                {written, "maxGradNormOptionalRef"},
                                                {a.grad, "grad"},
                                                {a.step, "step"}}));
  for (const NamedTensor t : {NamedTensor{a.var, "varRef"}, NamedTensor{a.m, "mRef"}, NamedTensor{a.v, "vRef"},
                              NamedTensor{written, "maxGradNormOptionalRef"}}) {
    if (t.tensor != nullptr) ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(t.tensor, t.name));
  }
  return ACLNN_SUCCESS;
}

// A float argument as the trace prints it: the shortest form that reads back as the same float (0.001, not
// 0.0010000000474974513).
std::string TraceFloat32(float value) {
  char text[32];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(value));
    if (std::strtof(text, nullptr) == value) break;
  }
  return text;
}

// The view without its size-1 dims: the same elements in the same order, and no stride of a dim that is never
// stepped along (a huge one would overflow the run walk's offset arithmetic; found by UBSan under the fuzz harness).
TensorView WithoutUnitDims(const aclTensor &t) {
  const TensorView full = ToView(t);
  TensorView v = full;
  v.rank = 0;
  for (int d = 0; d < full.rank; ++d) {
    if (full.dims[d] == 1) continue;
    v.dims[v.rank] = full.dims[d];
    v.strides[v.rank] = full.strides[d];
    ++v.rank;
  }
  return v;
}

aclnnStatus ApplyAdamW(const Args &a, float lr, float beta1, float beta2, float weightDecay, float eps, bool maximize,
                       uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckArgs(check, a));
  const bool compute = !IsEmpty(*a.var);  // empty: success, nothing runs
  AdamWPlan p;
  if (compute) {
    ACLCPU_RETURN_IF_ERROR(CheckCpuOnly(check, a));
    p.var = WithoutUnitDims(*a.var);
    p.m = WithoutUnitDims(*a.m);
    p.v = WithoutUnitDims(*a.v);
    if (a.amsgrad) p.maxGradNorm = WithoutUnitDims(*a.maxGradNorm);
    p.grad = WithoutUnitDims(*a.grad);
    p.step = ToView(*a.step);
    p.lr = lr;
    p.beta1 = beta1;
    p.beta2 = beta2;
    p.weightDecay = weightDecay;
    p.eps = eps;
    p.amsgrad = a.amsgrad;
    p.maximize = maximize;
    p.numel = p.var.Numel();
    p.threads = PlanThreads();
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.var, a.m, a.v, a.maxGradNorm, a.grad, a.step};
  spec.names = {"varRef", "mRef", "vRef", "maxGradNormOptionalRef", "grad", "step"};
  spec.touched = {compute, compute, compute, compute && a.amsgrad, compute, compute};
  if (TraceWanted()) {
    spec.scalars = {{6, "lr", TraceFloat32(lr)},         {6, "beta1", TraceFloat32(beta1)},
                    {6, "beta2", TraceFloat32(beta2)},   {6, "weightDecay", TraceFloat32(weightDecay)},
                    {6, "eps", TraceFloat32(eps)},       {6, "amsgrad", TraceBool(a.amsgrad)},
                    {6, "maximize", TraceBool(maximize)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<ApplyAdamWOp>(p, compute), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnApplyAdamWV2GetWorkspaceSize(aclTensor *varRef, aclTensor *mRef, aclTensor *vRef,
                                              aclTensor *maxGradNormOptionalRef, const aclTensor *grad,
                                              const aclTensor *step, float lr, float beta1, float beta2,
                                              float weightDecay, float eps, bool amsgrad, bool maximize,
                                              uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::Args args{varRef, mRef, vRef, maxGradNormOptionalRef, grad, step, amsgrad};
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::ApplyAdamW(args, lr, beta1, beta2, weightDecay, eps, maximize, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnApplyAdamWV2, aclcpu::kOp)

}  // extern "C"
