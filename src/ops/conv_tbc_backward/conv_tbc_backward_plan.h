// The plan phase 1 of aclnnConvTbcBackward builds and phase 2 executes. Kernel-facing.
//
// Both gradients are sums of K shifted matrix products (pad-prelu-convtbc.md §3.3). With the data
// seen as matrices X = input (T*B x Cin), G = self (Tout*B x Cout) and W[k] (Cin x Cout), a time
// shift is a row offset of B rows, and tap k pairs rows [iShift, iShift + len) of X with rows
// [oShift, oShift + len) of G (in units of B rows):
//   gradWeight[k] = X_k^T G_k          gradInput rows of tap k += G_k W[k]^T
// The work is cut into output tiles; each tile is a "batch-reduce GEMM": a fixed sequence of
// library products of at most `chunk` inner terms, summed in double and rounded once. The chunks
// keep every fp32 accumulation chain short (as accurate as PyTorch's blocked BLAS or better), and
// the fixed tiles make the result independent of the thread count.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

// Rounding applied to x, W and self before the products (cubeMathType, §3.5).
enum class OperandRounding : int8_t {
  kNone,
  kHf32,  // ALLOW_FP32_DOWN_PRECISION / USE_HF32 on fp32: 11 explicit mantissa bits, ties away from zero
  kF16,   // USE_FP16 on fp32 or bf16: round to fp16 (nearest even), overflow to inf
};

// Where the GEMMs read one operand: the tensor itself when its data already is a row-major matrix
// of the GEMM dtype, otherwise a dense copy ("stage") in the workspace.
struct TbcOperand {
  bool staged = false;
  size_t stageOffset = 0;  // staged: bytes from the workspace start
  int64_t offset = 0;      // element offset of element (0, 0) from the buffer start
  int64_t ld = 1;          // elements between rows
  int64_t tapStride = 0;   // weight only: elements between W[k] and W[k + 1]
};

// Tap k of the convolution, in units of time steps (multiply by B for matrix rows).
struct TbcTap {
  int64_t iShift, oShift, len;
};

// Elements staged, or read for the gradBias sum, per step: the thread's row buffers hold this many.
constexpr int64_t kTbcSpan = 8192;

// Inner terms per library product. A sum that ends in an fp32 result is cut into at least four
// fp32 chains of at most 128 terms (at least 8) whose results are added in double: each chain is
// shorter than the single chain a BLAS call over the whole sum would run, so the result is at least
// as accurate as PyTorch's (longer chunks measured worse). 16-bit results cannot see fp32 chain
// error; there long products run faster.
inline int64_t TbcChunk(int64_t terms, bool fp32Result) {
  if (!fp32Result) return std::max<int64_t>(terms, 1);
  return std::min<int64_t>(128, std::max<int64_t>(8, (terms + 3) / 4));
}

struct ConvTbcBackwardPlan {
  TensorView self, input, weight, gradInput, gradWeight, gradBias;
  int64_t t = 0, b = 0, cin = 0, cout = 0, k = 0, pad = 0, tOut = 0;
  bool convEmpty = false;        // input or weight has no elements: gradInput, gradWeight zero; gradBias summed
  DType gemmType = DType::kF32;  // kF32 or kBF16 operands; products always accumulate in fp32
  OperandRounding rounding = OperandRounding::kNone;
  DType gradInputRounding = DType::kF32;  // the device's kernel emits gradInput in this dtype first
  TbcOperand x, w, g;

  // Tiles: gradWeight (k, cin tile, cout tile) items first, then gradInput (row tile, cin tile).
  int64_t tileRows = 1, tileCols = 1;  // gradInput tile rows; cin/cout tile width
  bool dwFp32 = true, diFp32 = true;   // gradWeight / gradInput results are fp32 (TbcChunk)
  int64_t cinTiles = 0, coutTiles = 0, rowTiles = 0;
  int64_t dwItems = 0, diItems = 0;

  // gradBias: blocks of rows of self (Tout*B x Cout), one double partial row each.
  int64_t biasRowsPerBlock = 1, biasBlocks = 0;

  int threads = 1;
  // Workspace layout, in bytes from its start.
  // Per thread, at scratchOffset + thread * scratchStride: the fp32 product tile (at 0), the double
  // sum tile, one fp32 row and its 16-bit rounding (rows hold max(tileCols, kTbcSpan) elements).
  size_t scratchOffset = 0, scratchStride = 0;
  size_t sumOffset = 0, rowOffset = 0, row16Offset = 0;  // within a thread's scratch
  size_t biasPartialsOffset = 0;
  size_t workspaceBytes = 0;

  TbcTap Tap(int64_t tap) const {
    const int64_t oShift = std::max<int64_t>(0, pad - tap);
    const int64_t len = std::min(t + pad - tap, tOut) - oShift;
    return {std::max<int64_t>(0, tap - pad), oShift, std::max<int64_t>(0, len)};
  }
};

struct ConvTbcBackwardBuffers {
  const void *self, *input, *weight;
  void *gradInput, *gradWeight, *gradBias;
};

// Phase 2 body: sums gradBias, stages operands, then runs the tiles; every output element is
// written once. False if the GEMM library refused a product (nothing else can fail).
bool RunConvTbcBackward(const ConvTbcBackwardPlan &plan, const ConvTbcBackwardBuffers &buffers, void *workspace);

}  // namespace aclcpu
