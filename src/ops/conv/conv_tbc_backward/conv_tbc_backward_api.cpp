// aclnnConvTbcBackwardGetWorkspaceSize / aclnnConvTbcBackward: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_convolution_backward.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/gemm.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/conv/conv_tbc_backward/conv_tbc_backward_check.h"
#include "ops/conv/conv_tbc_backward/conv_tbc_backward_plan.h"
#include "ops/conv/conv_tbc_family/tbc_operands.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnConvTbcBackward";
constexpr int64_t kBiasBlockElements = 65536;   // self elements per gradBias block (one partial row)
constexpr int64_t kMaxPartialBytes = 64 << 20;  // caps the gradBias partial rows in the workspace

// Slots: inputs self, input, weight, bias; outputs gradInput, gradWeight, gradBias.
class ConvTbcBackwardOp : public OpPlan {
 public:
  explicit ConvTbcBackwardOp(const ConvTbcBackwardPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const ConvTbcBackwardBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[4], addrs[5], addrs[6]};
    return RunConvTbcBackward(plan_, buffers, workspace) ? ACLNN_SUCCESS : ACLNN_ERR_INNER;
  }

 private:
  const ConvTbcBackwardPlan plan_;
};

// CANN promotion of two float dtypes: equal stays, any mix goes to fp32.
DType Promote(DType a, DType b) { return a == b ? a : DType::kF32; }

void PlanWork(ConvTbcBackwardPlan *p) {
  p->tileCols = std::min(kTbcTile, std::max(p->cin, p->cout));
  p->tileRows = kTbcTile;
  p->dwFp32 = p->gradWeight.dtype == DType::kF32;
  p->diFp32 = p->gradInput.dtype == DType::kF32 && p->numerics.kernelType == DType::kF32;
  if (!p->convEmpty) {
    p->cinTiles = CeilDiv(p->cin, p->tileCols);
    p->coutTiles = CeilDiv(p->cout, p->tileCols);
    p->rowTiles = CeilDiv(p->t * p->b, p->tileRows);
    p->dwItems = p->k * p->cinTiles * p->coutTiles;
    p->diItems = p->rowTiles * p->cinTiles;
  }
  const int64_t rows = p->tOut * p->b;
  p->biasRowsPerBlock = std::max<int64_t>(1, kBiasBlockElements / p->cout);
  const int64_t rowBytes = p->cout * static_cast<int64_t>(sizeof(double));
  p->biasRowsPerBlock = std::max(p->biasRowsPerBlock, CeilDiv(rows * rowBytes, kMaxPartialBytes));
  p->biasBlocks = CeilDiv(rows, p->biasRowsPerBlock);
}

void PlanWorkspace(ConvTbcBackwardPlan *p) {
  p->threads = PlanThreads();
  size_t bytes = 0;
  if (!p->convEmpty) {
    p->x = PlanTbcOperand(p->input, p->numerics, false, &bytes);
    p->w = PlanTbcOperand(p->weight, p->numerics, true, &bytes);
    p->g = PlanTbcOperand(p->self, p->numerics, false, &bytes);
  }
  p->biasPartialsOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(p->biasBlocks * p->cout) * sizeof(double));
  // Per thread: the fp32 product tile (also a gradBias read span), the double sum tile, one output
  // row or staging span as fp32 and as 16-bit values.
  p->scratch = PlanTbcScratch(p->tileRows, p->tileCols, p->threads, &bytes);
  p->workspaceBytes = bytes;
}

aclnnStatus Plan(const ConvTbcBackwardArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  // The device never checks these two (it would crash); the CPU reports them (docs/compat.md).
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckConvTbcBackward(a));
  ACLCPU_RETURN_IF_ERROR(CheckConvTbcBackwardStrict(a));
  ConvTbcBackwardPlan p;
  p.self = ToView(*a.self);
  p.input = ToView(*a.input);
  p.weight = ToView(*a.weight);
  p.gradInput = ToView(*a.gradInput);
  p.gradWeight = ToView(*a.gradWeight);
  p.gradBias = ToView(*a.gradBias);
  p.t = p.input.dims[0];
  p.b = p.input.dims[1];
  p.cin = p.input.dims[2];
  p.k = p.weight.dims[0];
  p.cout = p.weight.dims[2];
  p.pad = a.pad;
  p.tOut = p.self.dims[0];
  p.convEmpty = IsEmpty(*a.input) || IsEmpty(*a.weight);
  p.numerics = TbcNumericsFor(Promote(Promote(p.self.dtype, p.input.dtype), p.weight.dtype), a.cubeMathType);
  if (!p.convEmpty) PrepareGemm(p.numerics.gemmType == DType::kBF16);
  PlanWork(&p);
  PlanWorkspace(&p);
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.self, a.input, a.weight, a.bias};
  spec.outputs = {a.gradInput, a.gradWeight, a.gradBias};
  spec.names = {"self", "input", "weight", "bias", "gradInput", "gradWeight", "gradBias"};
  spec.touched = {true, !p.convEmpty, !p.convEmpty, false, true, true, true};
  spec.workspaceSize = p.workspaceBytes;
  if (TraceWanted()) spec.scalars = {{4, "pad", TraceInt(a.pad)}, {4, "cubeMathType", TraceInt(a.cubeMathType)}};
  return CreateExecutor(std::move(spec), std::make_unique<ConvTbcBackwardOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnConvTbcBackwardGetWorkspaceSize(const aclTensor *self, const aclTensor *input, const aclTensor *weight,
                                                 const aclTensor *bias, int64_t pad, int8_t cubeMathType,
                                                 aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::ConvTbcBackwardArgs args{self, input, weight, bias, pad, cubeMathType, gradInput, gradWeight, gradBias};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

aclnnStatus aclnnConvTbcBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 const aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
