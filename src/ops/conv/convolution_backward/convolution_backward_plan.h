// aclnnConvolutionBackward on the conv family's machinery (docs/ops/convolution.md "Implementation"). With
// `direct` the ordinary convolution relating the tensors (x -> y: input -> gradOutput, or for a transposed
// forward gradOutput -> input) and W its weight as given:
//   * the gradient of x (non-transposed: gradInput) is the transposed convolution of gradOutput with W, and the
//     gradient of y (transposed: gradInput) the ordinary convolution of gradOutput with W: a ConvGemmPlan each;
//   * gradWeight[g] = sum over images n of y[n, g] (Cout/G x P) . col(x[n])[g]^T (P x Cin/G.K), one batched
//     product per image on the GEMM engine (fp32 chains added in double, kept in double) added to a double sum
//     in image order, rounded once at the end;
//   * gradBias[c] = the sum of gradOutput over images and pixels, in double, one channel per task.
// Kernel-facing: no API headers here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/batched_gemm.h"
#include "ops/conv/conv_family/conv_gemm.h"
#include "ops/conv/conv_family/conv_geometry.h"

namespace aclcpu {

struct ConvBackwardPlan {
  ConvGeometry direct;
  bool transposed = false, empty = false;
  bool wantInput = false, wantWeight = false, wantBias = false;
  ConvNumerics numerics;  // the operands' rounding, gradInput's kernel dtype
  TensorView gradOutput, input, weight, gradInput, gradWeight, gradBias;
  ConvGemmPlan inputPlan;  // gradInput (wantInput and not empty) on the GEMM path
  // Non-transposed problems oneDNN has kernels for: gradInput (backward data) and gradWeight (backward weights,
  // per image, added in double in image order) on its convolution primitives instead (conv_dnnl.h).
  DnnlConvPlan inputDnnl, weightDnnl;
  // gradWeight: per image, x's im2col (G*k rows of P), y's image staged (Cout rows of P), the double sum.
  int64_t k = 0;  // Cin/G * kernel volume
  BatchedGemmPlan weightGemm;
  size_t colOffset = 0, rowsOffset = 0, imageOffset = 0, sumOffset = 0;  // imageOffset: one image's product
  size_t biasScratchOffset = 0;                                          // per thread: one gradOutput line of doubles
  size_t workspaceBytes = 0;
  int threads = 1;
  bool tooLarge = false;
};

struct ConvBackwardTensors {
  const TensorView *gradOutput, *input, *weight, *gradInput, *gradWeight, *gradBias;
};

// Phase 1: all views of the checked call (outputs whose mask bit is false may be empty views).
ConvBackwardPlan PlanConvBackward(const ConvGeometry &direct, bool transposed, bool empty, const bool mask[3],
                                  const ConvBackwardTensors &t, int8_t cubeMathType);

// Phase 2: storage addresses in the order gradOutput, input, weight, gradInput, gradWeight, gradBias.
bool RunConvBackward(const ConvBackwardPlan &plan, void *const addrs[6], void *workspace);

}  // namespace aclcpu
