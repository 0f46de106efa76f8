// The shape of one N-d grouped convolution as the conv family computes it (docs/ops/convolution.md §2):
// 1-D and 2-D problems are 3-D ones with leading spatial dims of size 1, so one loop nest serves all.
// Kernel-facing: no API headers here.
#pragma once

#include <cstdint>

#include "base/cube_math.h"
#include "base/tensor_view.h"

namespace aclcpu {

constexpr int kConvDims = 3;  // spatial dims after the 1-D/2-D problems are widened to 3-D

struct ConvGeometry {
  int64_t n = 0, cin = 0, cout = 0, groups = 1;
  // Per widened spatial dim (depth, height, width): input, kernel, output sizes and the attributes.
  int64_t in[kConvDims] = {1, 1, 1}, kernel[kConvDims] = {1, 1, 1}, out[kConvDims] = {1, 1, 1};
  int64_t stride[kConvDims] = {1, 1, 1}, padBefore[kConvDims] = {}, dilation[kConvDims] = {1, 1, 1};
  // The transposed convolution runs as a direct one (stride 1, padding d (K - 1) - p, which may be negative) over
  // the input spread out by `upsample` (its stride: upsample - 1 zeros between neighbours), with the weight
  // (Cin, Cout/G, *K) read flipped and with its channel dims swapped.
  int64_t upsample[kConvDims] = {1, 1, 1};
  bool transposed = false;

  int64_t CinPerGroup() const { return cin / groups; }
  int64_t CoutPerGroup() const { return cout / groups; }
  int64_t KernelVolume() const { return kernel[0] * kernel[1] * kernel[2]; }
  int64_t OutVolume() const { return out[0] * out[1] * out[2]; }
  // Rows of one group's im2col matrix (without the bias row): Cin/G * kernel volume.
  int64_t PatchRows() const { return CinPerGroup() * KernelVolume(); }
  // A 1x1 kernel at stride 1 without padding reads each input pixel once, in order: no im2col needed.
  // So does a transposed one without upsampling (the gradient of such a convolution's input is one).
  bool IsPointwise() const {
    for (int d = 0; d < kConvDims; ++d)
      if (kernel[d] != 1 || stride[d] != 1 || upsample[d] != 1 || padBefore[d] != 0 || out[d] != in[d]) return false;
    return true;
  }
};

// How the products run (docs/ops/convolution.md §2.1): operands are staged by the family as fp32
// values already rounded as the cube rounds them, so the engine reads them in place.
struct ConvNumerics {
  OperandRounding rounding = OperandRounding::kNone;  // input and weight rounding (HF32, fp16)
  DType kernelType = DType::kOther;                   // the kernel's result dtype (kOther: fp32)
  bool biasToF16 = false;                             // a fp16 kernel takes the bias as fp16
};

// P = upper(input, weight) (mixed dtypes: FLOAT), USE_FP16 makes it FLOAT16; HF32 for FLOAT under
// cubeMathType 1 and 3.
ConvNumerics ConvNumericsFor(DType input, DType weight, int8_t cubeMathType);
// Transposed: the kernel writes FLOAT when out is FLOAT (USE_FP16: always FLOAT16), and the bias is cast to
// upper(kernel dtype, bias dtype), which never rounds it.
ConvNumerics TransposedConvNumericsFor(DType input, DType weight, DType out, int8_t cubeMathType);

}  // namespace aclcpu
