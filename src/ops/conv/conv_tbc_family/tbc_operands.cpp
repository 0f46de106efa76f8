// Phase-1 planning shared by aclnnConvTbc and aclnnConvTbcBackward: numerics of each
// cubeMathType, in-place or staged operands, per-thread scratch.
#include "ops/conv/conv_tbc_family/tbc_operands.h"

#include "base/executor.h"
#include "base/gemm.h"

namespace aclcpu {
namespace {

constexpr int64_t kAliasBytes = 4096, kCacheLine = 64;

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

}  // namespace

TbcNumerics TbcNumericsFor(DType computeType, int8_t cubeMathType) {
  TbcNumerics n;
  if (computeType == DType::kF16 || cubeMathType == 2) {
    // fp16 operands are exact in fp32, and fp16 x fp16 products are exact in fp32.
    n.gemmType = DType::kF32;
    n.rounding = computeType == DType::kF16 ? OperandRounding::kNone : OperandRounding::kF16;
    n.kernelType = DType::kF16;
  } else if (computeType == DType::kBF16) {
    n.gemmType = HasBF16Gemm() ? DType::kBF16 : DType::kF32;
    n.kernelType = DType::kBF16;
  } else {
    n.gemmType = DType::kF32;
    n.rounding = cubeMathType == 1 || cubeMathType == 3 ? OperandRounding::kHf32 : OperandRounding::kNone;
  }
  return n;
}

TbcOperand PlanTbcOperand(const TensorView &v, const TbcNumerics &numerics, bool isWeight, size_t *bytes,
                          bool unaliasRows) {
  const auto esize = static_cast<int64_t>(DTypeSize(numerics.gemmType));
  const auto aliased = [&](int64_t ld) { return unaliasRows && v.dims[2] > 1 && (ld * esize) % kAliasBytes == 0; };
  TbcOperand op;
  bool direct = v.dtype == numerics.gemmType && numerics.rounding == OperandRounding::kNone;
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
  if (direct && !aliased(op.ld)) {
    op.offset = v.offset;
    return op;
  }
  op.staged = true;
  op.stageOffset = *bytes;
  op.ld = v.dims[2] + (aliased(v.dims[2]) ? kCacheLine / esize : 0);
  op.tapStride = v.dims[1] * op.ld;
  *bytes += AlignUp(static_cast<size_t>(v.dims[0] * v.dims[1] * op.ld * esize));
  return op;
}

TbcScratchLayout PlanTbcScratch(int64_t tileRows, int64_t tileCols, int threads, size_t *bytes) {
  TbcScratchLayout l;
  const size_t tile = static_cast<size_t>(tileRows * tileCols);
  const size_t rowLength = static_cast<size_t>(std::max(tileCols, kTbcSpan));
  l.offset = *bytes;
  l.sumOffset = AlignUp(std::max(tile, static_cast<size_t>(kTbcSpan)) * sizeof(float));
  l.rowOffset = l.sumOffset + AlignUp(tile * sizeof(double));
  l.row16Offset = l.rowOffset + AlignUp(rowLength * sizeof(float));
  l.stride = l.row16Offset + AlignUp(rowLength * sizeof(uint16_t));
  *bytes += l.stride * static_cast<size_t>(threads);
  return l;
}

}  // namespace aclcpu
