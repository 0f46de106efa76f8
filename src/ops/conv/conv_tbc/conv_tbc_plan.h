// The plan phase 1 of aclnnConvTbc builds and phase 2 executes. Kernel-facing.
//
// out[t, b, co] = bias[co] + sum_k sum_ci xp[t + k, b, ci] W[k, ci, co] (conv-tbc-forward.md §2). With
// X = self (T*B x Cin), Y = output (Tout*B x Cout) and W[k] (Cin x Cout), tap k adds X_k W[k] to the
// rows of Y it pairs with (the family's TbcTap). The output is cut into fixed tiles; each tile is a
// "batch-reduce GEMM" that starts at the bias and adds a fixed sequence of library products (taps
// ascending, Cin chunks ascending), in double when the result is fp32, rounded once. Tiles and chunks
// depend only on the shapes, so the result is the same for any thread count.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/tensor_view.h"
#include "ops/conv/conv_tbc_family/tbc_geometry.h"
#include "ops/conv/conv_tbc_family/tbc_operands.h"

namespace aclcpu {

struct ConvTbcPlan {
  TensorView self, weight, bias, output;
  int64_t t = 0, b = 0, cin = 0, cout = 0, k = 0, pad = 0, tOut = 0;
  bool outputEmpty = false;  // nothing to write
  bool convEmpty = false;    // self or weight has no elements: output = bias, cast once
  TbcNumerics numerics;      // numerics.kernelType: the device's kernel emits the output in this dtype first
  bool biasToF16 = false;    // the bias operand is fp16 (fp16 compute)
  TbcOperand x, w;

  // Tiles of the output matrix (Tout*B x Cout), row tile major.
  int64_t tileRows = 1, tileCols = 1;
  bool fp32Result = true;  // products summed in double (TbcChunk)
  int64_t rowTiles = 0, coutTiles = 0, items = 0;

  int threads = 1;
  // Workspace layout, in bytes from its start: the operand stages, the bias operand (Cout fp32
  // values), the threads' scratch.
  size_t biasOffset = 0;
  TbcScratchLayout scratch;
  size_t workspaceBytes = 0;

  TbcTap Tap(int64_t tap) const { return TbcTapOf(t, pad, tOut, tap); }
};

struct ConvTbcBuffers {
  const void *self, *weight, *bias;
  void *output;
};

// Phase 2 body: every output element is written once. False if the GEMM library refused a product
// (nothing else can fail).
bool RunConvTbc(const ConvTbcPlan &plan, const ConvTbcBuffers &buffers, void *workspace);

}  // namespace aclcpu
