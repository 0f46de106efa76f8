// aclnnConvTbcGetWorkspaceSize / aclnnConvTbc: validate, plan, launch.
#include <algorithm>
#include <memory>

#include "aclnnop/aclnn_convolution.h"
#include "base/check.h"
#include "base/executor.h"
#include "base/gemm.h"
#include "base/meta_objects.h"
#include "base/parallel.h"
#include "ops/conv/conv_tbc/conv_tbc_check.h"
#include "ops/conv/conv_tbc/conv_tbc_plan.h"
#include "ops/conv/conv_tbc_family/tbc_operands.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnConvTbc";
// Below this many tiles, row tiles shrink (to no fewer than kMinTileRows rows) so that two or more
// threads find work; a choice made from the shapes alone, never from the thread count.
constexpr int64_t kMinItems = 8;
constexpr int64_t kMinTileRows = 64;
// Multiply-adds per thread below which fewer threads run (the result is the same for any count): a
// small problem on two threads costs a hand-off, and a whole scheduler slice when the second core is
// busy (measured: T50B4C64x64K3 0.11 ms on one thread, 4-8 ms on two beside another process).
constexpr double kMinMacsPerThread = 2e6;

// Slots: inputs self, weight, bias; output output.
class ConvTbcOp : public OpPlan {
 public:
  explicit ConvTbcOp(const ConvTbcPlan &plan) : plan_(plan) {}
  int Run(void *const *addrs, void *workspace) const override {
    const ConvTbcBuffers buffers{addrs[0], addrs[1], addrs[2], addrs[3]};
    return RunConvTbc(plan_, buffers, workspace) ? ACLNN_SUCCESS : ACLNN_ERR_INNER;
  }

 private:
  const ConvTbcPlan plan_;
};

void PlanWork(ConvTbcPlan *p) {
  const int64_t rows = p->tOut * p->b;
  p->fp32Result = p->numerics.kernelType == DType::kF32;
  if (p->convEmpty) return;
  const int64_t maxRows = p->fp32Result ? kTbcDoubleSumTileRows : kTbcTile;
  const int64_t maxCols = p->fp32Result ? kTbcDoubleSumTileCols : kTbcTile;
  p->tileCols = std::min(maxCols, p->cout);
  p->coutTiles = CeilDiv(p->cout, p->tileCols);
  p->tileRows = maxRows;
  if (CeilDiv(rows, p->tileRows) * p->coutTiles < kMinItems) {
    const int64_t wanted = CeilDiv(rows, CeilDiv(kMinItems, p->coutTiles));
    p->tileRows = std::min(maxRows, std::max(kMinTileRows, CeilDiv(wanted, 8) * 8));
  }
  p->rowTiles = CeilDiv(rows, p->tileRows);
  p->items = p->rowTiles * p->coutTiles;
}

void PlanWorkspace(ConvTbcPlan *p) {
  double macs = 0;
  for (int64_t tap = 0; tap < p->k; ++tap) macs += static_cast<double>(p->Tap(tap).len * p->b) * p->cin * p->cout;
  p->threads = static_cast<int>(std::max<double>(1, std::min<double>(PlanThreads(), macs / kMinMacsPerThread)));
  size_t bytes = 0;
  if (!p->convEmpty) {
    p->x = PlanTbcOperand(p->self, p->numerics, false, &bytes);
    p->w = PlanTbcOperand(p->weight, p->numerics, true, &bytes, /*unaliasRows=*/true);
  }
  p->biasOffset = bytes;
  bytes += AlignUp(static_cast<size_t>(p->cout) * sizeof(float));
  // Per thread: the fp32 product tile, the double sum tile, one output row or staging span as fp32
  // and as 16-bit values.
  p->scratch = PlanTbcScratch(p->tileRows, p->tileCols, p->convEmpty ? 1 : p->threads, &bytes);
  p->workspaceBytes = bytes;
}

aclnnStatus Plan(const ConvTbcArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.bias, "bias"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.output, "output"));
  // The device never checks these two (it would crash); the CPU reports them (docs/compat.md).
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(CheckConvTbc(a));
  ACLCPU_RETURN_IF_ERROR(CheckConvTbcStrict(a));
  ConvTbcPlan p;
  p.self = ToView(*a.self);
  p.weight = ToView(*a.weight);
  p.bias = ToView(*a.bias);
  p.output = ToView(*a.output);
  p.t = p.self.dims[0];
  p.b = p.self.dims[1];
  p.cin = p.self.dims[2];
  p.k = p.weight.dims[0];
  p.cout = p.weight.dims[2];
  p.pad = a.pad;
  p.tOut = p.output.dims[0];
  p.outputEmpty = IsEmpty(*a.output);
  p.convEmpty = !p.outputEmpty && (IsEmpty(*a.self) || IsEmpty(*a.weight));
  // The compute dtype is self's (USE_FP16: FLOAT16); the bias operand is fp16 when that is FLOAT16
  // and fp32 otherwise (conv-tbc-forward.md §5). An empty sum takes the bias as it is (§6).
  p.numerics = TbcNumericsFor(p.self.dtype, a.cubeMathType);
  p.biasToF16 = !p.convEmpty && p.numerics.kernelType == DType::kF16;
  if (!p.outputEmpty) {
    if (!p.convEmpty) PrepareGemm(p.numerics.gemmType == DType::kBF16);
    PlanWork(&p);
    PlanWorkspace(&p);
  }
  const bool compute = !p.outputEmpty, reads = compute && !p.convEmpty;
  ExecutorSpec spec;
  spec.opName = kOp;
  spec.inputs = {a.self, a.weight, a.bias};
  spec.outputs = {a.output};
  spec.names = {"self", "weight", "bias", "output"};
  spec.touched = {reads, reads, compute, compute};
  spec.workspaceSize = p.workspaceBytes;
  if (TraceWanted()) spec.scalars = {{3, "pad", TraceInt(a.pad)}, {4, "cubeMathType", TraceInt(a.cubeMathType)}};
  return CreateExecutor(std::move(spec), std::make_unique<ConvTbcOp>(p), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnConvTbcGetWorkspaceSize(const aclTensor *self, const aclTensor *weight, const aclTensor *bias,
                                         const int64_t pad, aclTensor *output, int8_t cubeMathType,
                                         uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::ConvTbcArgs args{self, weight, bias, pad, output, cubeMathType};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

aclnnStatus aclnnConvTbc(void *workspace, const uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
