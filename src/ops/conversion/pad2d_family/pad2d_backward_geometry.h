// What the two backward pads plan alike: the views, the storage type of one component, the planes
// and the two padded axes, and whether rows are dense along W. Each op's plan extends it.
// Kernel-facing.
#pragma once

#include <cstdint>

#include "base/tensor_view.h"
#include "ops/conversion/pad2d_family/pad_axis.h"

namespace aclcpu {

struct Pad2dBackwardGeometry {
  TensorView gradOutput, gradInput;  // rank 3 or 4; the leading dims are equal
  DType scalar = DType::kF32;        // storage type of one component (kF32, kF64, kF16, kBF16)
  int components = 1;                // 2 for complex dtypes: real and imaginary parts add independently
  int64_t planes = 0;                // product of the leading dims
  PadAxis rows, cols;                // H and W
  bool outputRowsDense = false, inputRowsDense = false;  // unit stride along W
};

}  // namespace aclcpu
