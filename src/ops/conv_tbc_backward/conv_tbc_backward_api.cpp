// aclnnConvTbcBackwardGetWorkspaceSize / aclnnConvTbcBackward: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_convolution_backward.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/gemm.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/conv_tbc_backward/conv_tbc_backward_check.h"
#include "ops/conv_tbc_backward/conv_tbc_backward_plan.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnConvTbcBackward";
constexpr int64_t kTile = 512;                  // output tile edge: a double tile and an fp32 product fit in L2
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

void PlanNumerics(int8_t cubeMathType, ConvTbcBackwardPlan *p) {
  const DType promoted = Promote(Promote(p->self.dtype, p->input.dtype), p->weight.dtype);
  const bool useFp16 = cubeMathType == 2;
  if (promoted == DType::kF16 || useFp16) {
    // fp16 operands are exact in fp32, and fp16 x fp16 products are exact in fp32.
    p->gemmType = DType::kF32;
    p->rounding = promoted == DType::kF16 ? OperandRounding::kNone : OperandRounding::kF16;
    p->gradInputRounding = DType::kF16;
  } else if (promoted == DType::kBF16) {
    p->gemmType = HasBF16Gemm() ? DType::kBF16 : DType::kF32;
    p->gradInputRounding = DType::kBF16;
  } else {
    p->gemmType = DType::kF32;
    p->rounding = cubeMathType == 0 ? OperandRounding::kNone : OperandRounding::kHf32;
  }
}

// A (d0, d1, d2) view read as the matrix (d0 * d1) x d2 in place: needs unit column stride and a
// uniform row stride of at least d2.
bool RowsAsMatrix(const TensorView &v, int64_t *ld) {
  const int64_t cols = std::max<int64_t>(v.dims[2], 1);
  if (v.dims[2] > 1 && v.strides[2] != 1) return false;
  int64_t rowStride = cols;
  if (v.dims[0] * v.dims[1] > 1) {
    if (v.dims[1] == 1) {
      rowStride = v.strides[0];
    } else if (v.dims[0] == 1 || v.strides[0] == v.dims[1] * v.strides[1]) {
      rowStride = v.strides[1];
    } else {
      return false;
    }
  }
  if (rowStride < cols) return false;
  *ld = rowStride;
  return true;
}

// Reads the tensor in place when it already is what the GEMM wants, else plans a dense stage.
TbcOperand PlanOperand(const TensorView &v, const ConvTbcBackwardPlan &p, bool isWeight, size_t *bytes) {
  TbcOperand op;
  bool direct = v.dtype == p.gemmType && p.rounding == OperandRounding::kNone;
  if (direct) {
    if (isWeight) {
      TensorView tap = v;  // one W[k] as a 1 x Cin x Cout view
      tap.dims[0] = 1;
      direct = RowsAsMatrix(tap, &op.ld) && (v.dims[0] <= 1 || v.strides[0] >= 0);
      op.tapStride = v.strides[0];
    } else {
      direct = RowsAsMatrix(v, &op.ld);
    }
  }
  if (direct) {
    op.offset = v.offset;
    return op;
  }
  op.staged = true;
  op.stageOffset = *bytes;
  op.ld = v.dims[2];
  op.tapStride = v.dims[1] * v.dims[2];
  *bytes += AlignUp(static_cast<size_t>(v.Numel()) * DTypeSize(p.gemmType));
  return op;
}

void PlanWork(ConvTbcBackwardPlan *p) {
  p->tileCols = std::min(kTile, std::max(p->cin, p->cout));
  p->tileRows = kTile;
  p->dwFp32 = p->gradWeight.dtype == DType::kF32;
  p->diFp32 = p->gradInput.dtype == DType::kF32 && p->gradInputRounding == DType::kF32;
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
    p->x = PlanOperand(p->input, *p, false, &bytes);
    p->w = PlanOperand(p->weight, *p, true, &bytes);
    p->g = PlanOperand(p->self, *p, false, &bytes);
  }
  p->biasPartialsOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(p->biasBlocks * p->cout) * sizeof(double));
  // Per thread: the fp32 product tile (also a gradBias read span), the double sum tile, one output
  // row or staging span as fp32 and as 16-bit values.
  const size_t tile = static_cast<size_t>(p->tileRows * p->tileCols);
  const size_t rowLength = static_cast<size_t>(std::max(p->tileCols, kTbcSpan));
  p->scratchOffset = bytes;
  p->sumOffset = AlignUp(std::max(tile, static_cast<size_t>(kTbcSpan)) * sizeof(float));
  p->rowOffset = p->sumOffset + AlignUp(tile * sizeof(double));
  p->row16Offset = p->rowOffset + AlignUp(rowLength * sizeof(float));
  p->scratchStride = p->row16Offset + AlignUp(rowLength * sizeof(uint16_t));
  bytes += p->scratchStride * static_cast<size_t>(p->threads);
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
  PlanNumerics(a.cubeMathType, &p);
  if (!p.convEmpty) PrepareGemm(p.gemmType == DType::kBF16);
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
