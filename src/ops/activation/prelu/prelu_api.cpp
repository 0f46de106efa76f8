// aclnnPreluGetWorkspaceSize / aclnnPrelu: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_prelu.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/activation/prelu/prelu_check.h"
#include "ops/activation/prelu/prelu_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnPrelu";
constexpr int64_t kBlockElements = 65536;  // elements per work block: enough blocks to balance 2+ threads
// A dense out (fp32, or 16-bit converted in registers) at least this large is written with non-temporal stores: it
// would not stay in cache for its consumer anyway, and skipping the read-for-ownership saves a third of the traffic.
constexpr int64_t kStreamOutMinBytes = 8 << 20;

// Input slots: self, weight; output slot: out.
class PreluOp : public OpPlan {
 public:
  explicit PreluOp(const PreluPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    RunPrelu(plan_, PreluBuffers{addrs[0], addrs[1], addrs[2]}, workspace);
    return 0;
  }

 private:
  const PreluPlan plan_;
};

// The promotion of two of FLOAT, FLOAT16, BF16: the same dtype, else FLOAT (fp16 with bf16 too).
DType Promote(DType a, DType b) { return a == b ? a : DType::kF32; }

void PlanWork(PreluPlan *p) {
  p->promoted = Promote(p->self.dtype, p->weight.dtype);
  p->roundThroughPromoted = p->promoted != DType::kF32 && p->out.dtype != p->promoted;
  p->dense16 = (p->self.dtype == DType::kF16 || p->self.dtype == DType::kBF16) && p->out.dtype == p->self.dtype &&
               p->self.IsContiguous() && p->out.IsContiguous();
  const bool outDirect = (p->out.IsDenseF32() && !p->roundThroughPromoted) || p->dense16;
  p->streamOut = outDirect && p->out.Numel() * static_cast<int64_t>(DTypeSize(p->out.dtype)) >= kStreamOutMinBytes;
  p->map = MapPreluWeights(p->self, p->weight.Numel());
  p->blockElements = kBlockElements;
  p->numBlocks = CeilDiv(p->self.Numel(), kBlockElements);
  p->threads = PlanThreads();
  size_t bytes = 0;
  p->weightOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(p->map.BufferLength()) * sizeof(float));
  p->stageOffset = bytes;
  p->stageStride = AlignUp(2 * kPreluSpan * sizeof(float));
  bytes += p->stageStride * static_cast<size_t>(p->threads);
  p->workspaceBytes = bytes;
}

aclnnStatus Plan(const PreluArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  // The device does not check executor (it would crash); the CPU reports it (docs/compat.md).
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  bool compute = false;
  ACLCPU_RETURN_IF_ERROR(CheckPrelu(a, &compute));
  PreluPlan p;
  p.compute = compute;
  if (compute) {
    ACLCPU_RETURN_IF_ERROR(CheckPreluStrict(a));
    p.self = ToView(*a.self);
    p.weight = ToView(*a.weight);
    p.out = ToView(*a.out);
    PlanWork(&p);
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.self, a.weight};
  spec.outputs = {a.out};
  spec.names = {"self", "weight", "out"};
  spec.touched = {compute, compute, compute};
  spec.workspaceSize = compute ? p.workspaceBytes : 0;
  return CreateExecutor(std::move(spec), std::make_unique<PreluOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnPreluGetWorkspaceSize(const aclTensor *self, const aclTensor *weight, aclTensor *out,
                                       uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::PreluArgs args{self, weight, out};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

aclnnStatus aclnnPrelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
