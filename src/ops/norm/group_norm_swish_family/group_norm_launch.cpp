#include "ops/norm/group_norm_swish_family/group_norm_launch.h"

#include <limits>
#include <memory>

#include "base/check.h"
#include "base/convert.h"
#include "base/meta_objects.h"
#include "base/parallel.h"

namespace aclcpu {
namespace {

// Input slots: x, gamma, beta; output slots: y, mean, rstd.
class GroupNormOp : public OpPlan {
 public:
  GroupNormOp(const GroupNormSwishPlan &plan, bool fillEmpty) : plan_(plan), fillEmpty_(fillEmpty) {}
  int Run(void *const *addrs, void *workspace) const override {
    if (fillEmpty_) {  // the vendor's empty-input statistics
      const float zero = 0.0f, nan = std::numeric_limits<float>::quiet_NaN();
      for (int64_t i = 0; i < plan_.mean.Numel(); ++i) WriteFlatFromF32(plan_.mean, addrs[4], i, 1, &zero);
      for (int64_t i = 0; i < plan_.rstd.Numel(); ++i) WriteFlatFromF32(plan_.rstd, addrs[5], i, 1, &nan);
      return 0;
    }
    const GroupNormSwishBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[3], addrs[4], addrs[5]};
    RunGroupNormSwish(plan_, buffers, workspace);
    return 0;
  }

 private:
  const GroupNormSwishPlan plan_;
  const bool fillEmpty_;
};

void PlanWorkspace(GroupNormSwishPlan *p) {
  p->threads = PlanThreads();
  p->wide = p->x.dtype == DType::kF32;
  p->xInPlace = p->x.IsContiguous();
  const DType source = p->xInPlace ? p->x.dtype : DType::kF32;  // what the kernels read x as
  p->yInPlace = p->y.IsContiguous() && p->y.dtype == source;
  size_t bytes = 0;
  p->affineOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(2 * p->shape.c) * sizeof(float));
  p->scratchOffset = bytes;
  p->scratchStride = AlignUp(static_cast<size_t>(2 * kGroupNormPiece) * sizeof(float));
  bytes += p->scratchStride * static_cast<size_t>(p->threads);
  p->workspaceBytes = bytes;
}

}  // namespace

GroupNormCall SelfOutCall(const char *op, const aclTensor *self, const aclTensor *gamma, const aclTensor *beta,
                          const aclTensor *out, const aclTensor *mean, const aclTensor *rstd,
                          const GroupNormShape &shape, double eps) {
  GroupNormCall call;
  call.op = op;
  call.x = self;
  call.gamma = gamma;
  call.beta = beta;
  call.y = out;
  call.mean = mean;
  call.rstd = rstd;
  call.names[0] = "self";
  call.names[3] = "out";
  call.shape = shape;
  call.compute = !IsEmpty(*self);
  call.fillEmpty = true;
  call.eps = eps;
  return call;
}

aclnnStatus LaunchGroupNorm(const GroupNormCall &call, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(call.op);
  const aclTensor *all[6] = {call.x, call.gamma, call.beta, call.y, call.mean, call.rstd};
  std::vector<NamedTensor> views;
  for (int i = 0; i < 6; ++i)
    if (all[i] != nullptr) views.push_back({all[i], call.names[i]});
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage(views));
  GroupNormSwishPlan p;
  const bool fill = call.fillEmpty && !call.compute;
  p.compute = call.compute;
  if (call.compute || fill) {
    p.mean = ToView(*call.mean);
    p.rstd = ToView(*call.rstd);
  }
  if (call.compute) {
    p.x = ToView(*call.x);
    if (call.gamma != nullptr) p.gamma = ToView(*call.gamma);
    if (call.beta != nullptr) p.beta = ToView(*call.beta);
    p.y = ToView(*call.y);
    p.shape = call.shape;
    p.eps = static_cast<float>(call.eps);
    p.swishScale = static_cast<float>(call.swishScale);
    p.activateSwish = call.activateSwish;
    PlanWorkspace(&p);
  }
  ExecutorSpec spec;
  spec.opName = call.op;
  spec.inputs = {call.x, call.gamma, call.beta};
  spec.outputs = {call.y, call.mean, call.rstd};
  spec.names = {call.names[0], call.names[1], call.names[2], call.names[3], call.names[4], call.names[5]};
  const bool c = call.compute;
  spec.touched = {c, c && call.gamma != nullptr, c && call.beta != nullptr, c, c || fill, c || fill};
  spec.workspaceSize = c ? p.workspaceBytes : 0;
  if (TraceWanted()) spec.scalars = call.scalars;
  return CreateExecutor(std::move(spec), std::make_unique<GroupNormOp>(p, fill), workspaceSize, executor);
}

}  // namespace aclcpu
