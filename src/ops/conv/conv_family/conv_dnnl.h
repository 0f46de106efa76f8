// A non-transposed convolution pass on oneDNN's convolution primitives (families.md §2: "chosen by measurement
// under the determinism rule"; docs/ops/convolution.md "Implementation"). Each image is one task: its operands
// are reordered into the primitive's blocked layouts in the task's scratch, the primitive runs on that one
// thread, and the result is reordered back into the caller's (possibly strided) view. The primitives are created
// in phase 1 with the library pinned to one thread, so their blocking, and with it every bit of the result,
// depends on the shape alone, never on how many threads run the images.
//   * forward: output[n] = conv(input[n], weight) + bias; backward data: gradInput[n] = conv^T(gradOutput[n], W).
//     Channels in blocks of 16 (of 8 without AVX-512), the direct JIT kernels PyTorch's oneDNN convolutions run (their
//     sums as accurate as PyTorch's). FLOAT results with K below 512 stay on the GEMM path: PyTorch runs small problems
//     through its BLAS, whose sums are more accurate than one kernel sum.
//   * backward weights: the batch cut into at least min(N, 4) equal calls; each call's fp32 gradient (one library
//     sum over its images' pixels, in the kernel's blocked layout) is added in double to a sum in that layout,
//     calls in order, in rounds of a fixed number of calls run side by side; the sum is unblocked into
//     (Cout, Cin/G, *K) order once at the end.
// Operands are rounded as the cube rounds them (HF32) in the blocked copies. Used where oneDNN has a JIT kernel
// and the shape is large enough (planned by PlanDnnlConv; otherwise usable = false and the family's GEMM path,
// conv_gemm.h, runs). Phase 2 only reorders and runs into the planned workspace.
// Kernel-facing: no API headers here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <dnnl.hpp>

#include "base/tensor_view.h"
#include "ops/conv/conv_family/conv_geometry.h"

namespace aclcpu {

enum class ConvPass { kForward, kBackwardData, kBackwardWeights };

struct DnnlConvPlan {
  bool usable = false;
  ConvPass pass = ConvPass::kForward;
  int64_t images = 0, imagesPerCall = 1;  // backward weights: images per primitive call (a divisor of images)
  OperandRounding rounding = OperandRounding::kNone;
  // Per pass, the two operands and the result:
  //   forward:          a = input image,      b = weight,             out = output image
  //   backward data:    a = gradOutput image, b = weight,             out = gradInput image
  //   backward weights: a = input images,     b = gradOutput images,  out = gradWeight (its dims and dtype)
  TensorView a, b, out;
  bool hasBias = false;
  TensorView bias;
  dnnl::primitive primitive;
  dnnl::reorder aIn, bIn, outBack;  // plain -> blocked for a and b, blocked -> plain for out (not backward weights)
  dnnl::memory::desc aPlain, bPlain, outPlain, aBlocked, bBlocked, outBlocked, biasDesc, scratchDesc;
  // Workspace: shared blocked weight and fp32 bias, then per thread the blocked a, b, out and the scratchpads;
  // backward weights: the round's per-call blocked gradients, their blocked double sum and the plain one.
  size_t bSharedOffset = 0, biasOffset = 0, threadOffset = 0, threadStride = 0;
  size_t aBlockedOffset = 0, bBlockedOffset = 0, outBlockedOffset = 0, scratchOffset = 0;  // within a thread's part
  int64_t imagesPerRound = 0;  // backward weights: calls per round
  // BF16 operands on a CPU without bf16 kernels (and without a fast bf16 reorder): a, b and out pass through dense
  // fp32 copies that the engine's own conversion fills (exact) and narrows (rounded once to BF16); the plain descs
  // then describe those copies. The weight's copy is shared (wideWeightOffset); per thread wideA/B/OutOffset.
  bool widened = false;
  size_t wideWeightOffset = 0, wideAOffset = 0, wideBOffset = 0, wideOutOffset = 0;
  // Backward weights: the blocked gradient's element count, and where plain element (c, j) of gradWeight
  // (c < Cout, j < Cin/G * kernel) sits in it: outerOffsets[c] + innerOffsets[j] (blocked layouts are separable).
  int64_t blockedElements = 0;
  std::vector<int64_t> outerOffsets, innerOffsets;
  size_t roundOffset = 0, blockedSumOffset = 0, sumOffset = 0;
  size_t workspaceBytes = 0;
  int threads = 1;
};

// Phase 1: the plan of `pass` for the direct convolution `geo`, or one with usable = false when oneDNN has no
// JIT kernel for it or the views do not suit it (the caller then plans its GEMM path). `kernelType` is the
// result's rounding before it is stored (kOther: fp32; bf16).
DnnlConvPlan PlanDnnlConv(ConvPass pass, const ConvGeometry &geo, OperandRounding rounding, DType kernelType,
                          const TensorView &a, const TensorView &b, const TensorView *bias, const TensorView &out);

// Phase 2 of a forward or backward-data plan: storage addresses of a, b, bias (or null) and out.
bool RunDnnlConv(const DnnlConvPlan &plan, const void *a, const void *b, const void *bias, void *out, void *workspace);

// Phase 2 of a backward-weights plan: the dense double sum over the images of gradWeight (Cout, Cin/G, *K),
// at workspace + plan.sumOffset when this returns true.
bool RunDnnlConvWeights(const DnnlConvPlan &plan, const void *input, const void *gradOutput, void *workspace);

}  // namespace aclcpu
