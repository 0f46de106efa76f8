// Phase-1 validation of aclnnConvolution and aclnnConvDepthwise2d in the vendor's order
// (docs/ops/convolution.md §5.1, §5.2), each step with its status and a message naming the argument.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "ops/conv/conv_family/conv_geometry.h"

namespace aclcpu {

struct ConvolutionArgs {
  const aclTensor *input, *weight, *bias;
  const aclIntArray *stride, *padding, *dilation;
  bool transposed;
  const aclIntArray *outputPadding;
  int64_t groups;
  const aclTensor *output;
  int8_t cubeMathType;
};

struct ConvDepthwise2dArgs {
  const aclTensor *self, *weight;
  const aclIntArray *kernelSize;
  const aclTensor *bias;
  const aclIntArray *stride, *padding, *dilation;
  const aclTensor *out;
  int8_t cubeMathType;
};

// §5.1 steps 1-7 (null, dtypes, ranks and lengths, formats, values, output shape, cubeMathType), then the CPU's
// own rules (views inside their storage, an output without self-overlap). Fills *geo for a non-transposed
// problem (1-D/2-D widened to 3-D).
aclnnStatus CheckConvolution(const ConvolutionArgs &args, ConvGeometry *geo);

// §5.2 steps 1-8, then the CPU's own rules. Fills *geo with groups = Cin.
aclnnStatus CheckConvDepthwise2d(const ConvDepthwise2dArgs &args, ConvGeometry *geo);

}  // namespace aclcpu
