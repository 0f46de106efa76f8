// A forward convolution as GEMMs on the engine of base/batched_gemm.h (families.md §2, docs/ops/convolution.md
// "Implementation"). Per image n and group g:
//   out[n, g] (Cout/G x P) = [bias_g | W_g] (Cout/G x (1 + Cin/G·kernel)) · [1; col[n, g]] ((1 + Cin/G·kernel) x P)
// with P the output pixels and col the im2col of image n, built in the workspace one image at a time. The bias
// is the first K term, so it joins the accumulation and the result is rounded once, as on the device. Both
// operands are staged as fp32 values already rounded as the cube rounds them (HF32, fp16; bf16 widens
// exactly), so the engine reads them in place. A 1x1 convolution at stride 1 without padding reads the input
// itself as the right-hand matrix (no im2col) when it has no bias or when its result is FLOAT (the bias then
// starts the engine's double sums). Phase 1 sizes everything; phase 2 never allocates.
// Kernel-facing: no API headers here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/batched_gemm.h"
#include "ops/conv/conv_family/conv_dnnl.h"
#include "ops/conv/conv_family/conv_geometry.h"

namespace aclcpu {

struct ConvGemmPlan {
  DnnlConvPlan dnnl;  // usable: a non-transposed problem runs on oneDNN's convolution (conv_dnnl.h) instead
  ConvGeometry geo;
  ConvNumerics numerics;
  TensorView input, weight, bias, output;
  bool hasBias = false;
  bool pointwise = false;      // the input is read in place (batch dims N, G); otherwise im2col per image
  bool biasStartsSum = false;  // pointwise FLOAT: the bias starts the engine's double sums (not a K term)
  bool viaTemp = false;        // out's pixels are not one strided run: each image goes through a dense temp
  int64_t k = 0;               // the product's K: patch rows, plus one for the bias
  BatchedGemmPlan gemm;
  size_t weightOffset = 0, colOffset = 0, tempOffset = 0;  // bytes from the workspace start
  size_t workspaceBytes = 0;
  int threads = 1;
  bool tooLarge = false;  // no memory could hold the workspace: refused in phase 1

  bool BiasInRows() const { return hasBias && !biasStartsSum; }  // the bias as the weight rows' first K term
};

// Phase 1: `input` (N, Cin, *S), `weight` (Cout, Cin/G, *K), `bias` (Cout) when hasBias, `output` (N, Cout, *O),
// all non-empty, with `geo` describing them.
ConvGemmPlan PlanConvGemm(const ConvGeometry &geo, const ConvNumerics &numerics, const TensorView &input,
                          const TensorView &weight, const TensorView *bias, const TensorView &output);

// Phase 2: the storage addresses of the four tensors (bias null when there is none). False if the GEMM
// library refused a product.
bool RunConvGemm(const ConvGemmPlan &plan, const void *input, const void *weight, const void *bias, void *output,
                 void *workspace);

}  // namespace aclcpu
