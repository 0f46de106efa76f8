// aclnnPreluBackwardGetWorkspaceSize / aclnnPreluBackward: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_prelu_backward.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/activation/prelu_backward/prelu_backward_check.h"
#include "ops/activation/prelu_backward/prelu_backward_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnPreluBackward";
constexpr int64_t kPieceElements = 32768;       // elements per work piece: balances 2+ threads
constexpr int64_t kMaxPartialBytes = 64 << 20;  // caps the kRows partial rows in the workspace

// Input slots: gradOutput, self, weight; output slots: gradInput, gradWeight.
class PreluBackwardOp : public OpPlan {
 public:
  explicit PreluBackwardOp(const PreluBackwardPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const PreluBackwardBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[3], addrs[4]};
    RunPreluBackward(plan_, buffers, workspace);
    return 0;
  }

 private:
  const PreluBackwardPlan plan_;
};

// gradOutput seen with self's shape: right-aligned, stride 0 along the dims it is broadcast over.
TensorView BroadcastView(const aclTensor &gradOutput, const TensorView &self) {
  const TensorView g = ToView(gradOutput);
  TensorView v = self;
  v.dtype = g.dtype;
  v.offset = g.offset;
  const int shift = self.rank - g.rank;
  for (int d = 0; d < self.rank; ++d) {
    const int gd = d - shift;
    v.strides[d] = gd < 0 || (g.dims[gd] == 1 && self.dims[d] != 1) ? 0 : g.strides[gd];
  }
  return v;
}

void PlanBlocks(PreluBackwardPlan *p) {
  const PreluWeightMap &m = p->map;
  if (m.layout == PreluLayout::kPlanes) {
    p->pieceSize = kPieceElements;
    p->piecesPerPlane = CeilDiv(m.planeSize, kPieceElements);
    p->piecesPerBlock = p->piecesPerPlane > 1 ? 1 : std::max<int64_t>(1, kPieceElements / m.planeSize);
    p->numBlocks = CeilDiv(m.planes * p->piecesPerPlane, p->piecesPerBlock);
  } else {
    p->rowsPerBlock = std::max<int64_t>(1, kPieceElements / m.rowLength);
    const int64_t rowBytes = m.rowLength * static_cast<int64_t>(sizeof(double));
    p->rowsPerBlock = std::max(p->rowsPerBlock, CeilDiv(m.rows * rowBytes, kMaxPartialBytes));
    p->numBlocks = CeilDiv(m.rows, p->rowsPerBlock);
  }
}

void PlanWorkspace(PreluBackwardPlan *p) {
  const PreluWeightMap &m = p->map;
  p->threads = PlanThreads();
  const bool rows = m.layout == PreluLayout::kRows;
  size_t bytes = 0;
  p->weightOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(m.BufferLength()) * sizeof(float));
  p->partialsOffset = bytes;
  const int64_t partials = rows ? p->numBlocks * m.rowLength : m.planes * p->piecesPerPlane;
  bytes += AlignUp(static_cast<size_t>(partials) * sizeof(double));
  p->sumsOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(m.weights) * sizeof(double));
  p->stageOffset = bytes;
  p->stageStride = AlignUp(3 * kPreluSpan * sizeof(float));
  bytes += p->stageStride * static_cast<size_t>(p->threads);
  p->workspaceBytes = bytes;
}

aclnnStatus Plan(const PreluBackwardArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  // The device never checks these two (it would crash); the CPU reports them (docs/compat.md).
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  bool compute = false;
  ACLCPU_RETURN_IF_ERROR(CheckPreluBackward(a, &compute));
  PreluBackwardPlan p;
  p.compute = compute;
  if (compute) {
    ACLCPU_RETURN_IF_ERROR(CheckPreluBackwardStrict(a));
    p.x = ToView(*a.self);
    p.dy = BroadcastView(*a.gradOutput, p.x);
    p.dx = ToView(*a.gradInput);
    p.weight = ToView(*a.weight);
    p.dweight = ToView(*a.gradWeight);
    p.map = MapPreluWeights(p.x, p.weight.Numel());
    PlanBlocks(&p);
    PlanWorkspace(&p);
  }
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.gradOutput, a.self, a.weight};
  spec.outputs = {a.gradInput, a.gradWeight};
  spec.names = {"gradOutput", "self", "weight", "gradInput", "gradWeight"};
  spec.touched = {compute, compute, compute, compute, compute};
  spec.workspaceSize = compute ? p.workspaceBytes : 0;
  return CreateExecutor(std::move(spec), std::make_unique<PreluBackwardOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnPreluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                               const aclTensor *weight, aclTensor *gradInput, aclTensor *gradWeight,
                                               uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::PreluBackwardArgs args{gradOutput, self, weight, gradInput, gradWeight};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

aclnnStatus aclnnPreluBackward(void *workspace, uint64_t workspace_size, aclOpExecutor *executor, aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspace_size, executor, stream); });
}

}  // extern "C"
