// aclnnGroupNormSwishGradGetWorkspaceSize / aclnnGroupNormSwishGrad: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/norm/group_norm_swish_grad/group_norm_swish_grad_check.h"
#include "ops/norm/group_norm_swish_grad/group_norm_swish_grad_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNormSwishGrad";
// Input slots: dy, mean, rstd, x, gamma, beta; output slots: dx, dgamma, dbeta.
class GroupNormSwishGradOp : public OpPlan {
 public:
  explicit GroupNormSwishGradOp(const GroupNormSwishGradPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const GroupNormSwishGradBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[3], addrs[4],
                                            addrs[5], addrs[6], addrs[7], addrs[8]};
    RunGroupNormSwishGrad(plan_, buffers, workspace);
    return 0;
  }

 private:
  const GroupNormSwishGradPlan plan_;
};

aclnnStatus Plan(const GroupNormSwishGradArgs &a, const char *dataFormat, double swishScale, bool dgammaIsRequire,
                 bool dbetaIsRequire, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  GroupNormShape shape;
  bool compute = false;
  ACLCPU_RETURN_IF_ERROR(CheckGroupNormSwishGrad(a, &shape, &compute));
  GroupNormSwishGradPlan p;
  p.compute = compute;
  if (compute) {
    ACLCPU_RETURN_IF_ERROR(CheckGroupNormSwishGradStrict(a));
    p.dy = ToView(*a.dy);
    p.mean = ToView(*a.mean);
    p.rstd = ToView(*a.rstd);
    p.x = ToView(*a.x);
    p.gamma = ToView(*a.gamma);
    p.beta = ToView(*a.beta);
    p.dx = ToView(*a.dx);
    p.dgamma = ToView(*a.dgamma);
    p.dbeta = ToView(*a.dbeta);
    p.shape = shape;
    p.swishScale = static_cast<float>(swishScale);
    p.writeDgamma = dgammaIsRequire;
    p.writeDbeta = dbetaIsRequire;
    p.zeroFillUnrequired = p.dy.dtype == DType::kF32;
    PlanGroupNormGradWorkspace(&p);
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.dy, a.mean, a.rstd, a.x, a.gamma, a.beta};
  spec.outputs = {a.dx, a.dgamma, a.dbeta};
  spec.names = {"dy", "mean", "rstd", "x", "gamma", "beta", "dxOut", "dgammaOut", "dbetaOut"};
  const bool dgammaTouched = compute && (dgammaIsRequire || p.zeroFillUnrequired);
  const bool dbetaTouched = compute && (dbetaIsRequire || p.zeroFillUnrequired);
  spec.touched = {compute, compute, compute, compute, compute, compute, compute, dgammaTouched, dbetaTouched};
  spec.workspaceSize = compute ? p.workspaceBytes : 0;
  if (TraceWanted()) {
    spec.scalars = {{6, "numGroups", TraceInt(a.numGroups)},
                    {6, "dataFormatOptional", TraceString(dataFormat)},
                    {6, "swishScale", TraceFloat(swishScale)},
                    {6, "dgammaIsRequire", TraceBool(dgammaIsRequire)},
                    {6, "dbetaIsRequire", TraceBool(dbetaIsRequire)}};
  }
  return CreateExecutor(std::move(spec), std::make_unique<GroupNormSwishGradOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnGroupNormSwishGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *mean, const aclTensor *rstd,
                                                    const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                                                    int64_t numGroups, char *dataFormatOptional, double swishScale,
                                                    bool dgammaIsRequire, bool dbetaIsRequire, const aclTensor *dxOut,
                                                    const aclTensor *dgammaOut, const aclTensor *dbetaOut,
                                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::GroupNormSwishGradArgs args{dy, mean, rstd, x, gamma, beta, numGroups, dxOut, dgammaOut, dbetaOut};
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    // dataFormatOptional (null = "NCHW") changes nothing on the A2's path; only the trace aid prints it.
    return aclcpu::Plan(args, dataFormatOptional, swishScale, dgammaIsRequire, dbetaIsRequire, workspaceSize, executor);
  });
}

aclnnStatus aclnnGroupNormSwishGrad(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                    aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
