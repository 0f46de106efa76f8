// Phase-1 validation of aclnnConvolutionBackward in the vendor's order (docs/ops/convolution.md §5.3, §4 empty
// path), each step with its status and a message naming the argument, then the CPU's own rules.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "ops/conv/conv_family/conv_geometry.h"

namespace aclcpu {

struct ConvolutionBackwardArgs {
  const aclTensor *gradOutput, *input, *weight;
  const aclIntArray *biasSizes, *stride, *padding, *dilation;
  bool transposed;
  const aclIntArray *outputPadding;
  int groups;
  const aclBoolArray *outputMask;
  int8_t cubeMathType;
  const aclTensor *gradInput, *gradWeight, *gradBias;
};

// What the checks found. `direct` is the ordinary convolution that relates the tensors: input -> gradOutput's
// shape for a non-transposed forward, gradOutput -> input's shape for a transposed one (its weight is `weight`
// as it is in both cases, (direct.cout, direct.cin / G, *K)).
struct ConvBackwardProblem {
  bool mask[3] = {};
  bool empty = false;  // input or weight has no element: the empty path of §4
  ConvGeometry direct;
};

aclnnStatus CheckConvolutionBackward(const ConvolutionBackwardArgs &args, ConvBackwardProblem *problem);

}  // namespace aclcpu
