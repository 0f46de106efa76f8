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
#include "ops/conv/conv_tbc_family/tbc_geometry.h"
#include "ops/conv/conv_tbc_family/tbc_operands.h"

namespace aclcpu {

struct ConvTbcBackwardPlan {
  TensorView self, input, weight, gradInput, gradWeight, gradBias;
  int64_t t = 0, b = 0, cin = 0, cout = 0, k = 0, pad = 0, tOut = 0;
  bool convEmpty = false;  // input or weight has no elements: gradInput, gradWeight zero; gradBias summed
  TbcNumerics numerics;    // numerics.kernelType: the device's kernel emits gradInput in this dtype first
  TbcOperand x, w, g;

  // Tiles: gradWeight (k, cin tile, cout tile) items first, then gradInput (row tile, cin tile).
  int64_t tileRows = 1, tileCols = 1;  // gradInput tile rows; cin/cout tile width
  bool dwFp32 = true, diFp32 = true;   // gradWeight / gradInput results are fp32 (TbcChunk)
  int64_t cinTiles = 0, coutTiles = 0, rowTiles = 0;
  int64_t dwItems = 0, diItems = 0;

  // gradBias: blocks of rows of self (Tout*B x Cout), one double partial row each.
  int64_t biasRowsPerBlock = 1, biasBlocks = 0;

  int threads = 1;
  // Workspace layout, in bytes from its start: the stages, the gradBias partial rows, the threads'
  // scratch (their product tiles double as gradBias read spans).
  TbcScratchLayout scratch;
  size_t biasPartialsOffset = 0;
  size_t workspaceBytes = 0;

  TbcTap Tap(int64_t tap) const { return TbcTapOf(t, pad, tOut, tap); }
};

struct ConvTbcBackwardBuffers {
  const void *self, *input, *weight;
  void *gradInput, *gradWeight, *gradBias;
};

// Phase 2 body: sums gradBias, stages operands, then runs the tiles; every output element is
// written once. False if the GEMM library refused a product (nothing else can fail).
bool RunConvTbcBackward(const ConvTbcBackwardPlan &plan, const ConvTbcBackwardBuffers &buffers, void *workspace);

}  // namespace aclcpu
