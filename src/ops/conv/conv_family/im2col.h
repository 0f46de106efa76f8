// The staged operands of the conv family's GEMMs (conv_gemm.h): the weight with its bias column, and the
// im2col matrix of one image, both as fp32 values rounded as the cube rounds its operands. Kernel-facing.
#pragma once

#include <cstdint>

#include "base/cube_math.h"
#include "base/tensor_view.h"
#include "ops/conv/conv_family/conv_geometry.h"

namespace aclcpu {

// The strides of a view's spatial dims (from dim 2 on), widened to kConvDims (missing leading dims: 0).
void SpatialStrides(const TensorView &v, int64_t strides[kConvDims]);

// v[i] rounded in place as the cube rounds its operands (HF32 or fp16; kNone leaves them).
void RoundOperand(float *v, int64_t n, OperandRounding rounding);

// dst (G*Cout/G rows of `k` fp32 values) = [bias[co] | weight[co, ...] row-major], the bias column only
// when `bias` is non-null (rounded to fp16 when biasToF16), the weights rounded by `rounding`.
void StageWeightRows(const ConvGeometry &geo, const TensorView &weight, const void *weightBase, const TensorView *bias,
                     const void *biasBase, bool biasToF16, OperandRounding rounding, int64_t k, float *dst);

// Rows [firstRow, firstRow + rows) of image n's im2col for all groups, as one list of G*k rows of P values:
// row g*k + r holds 1 for r = 0 when withOnes (the bias row), else input[n, g*Cin/G + ci, od*s - p + kd*d, ...]
// for the patch index (ci, kd, kh, kw), 0 where the tap falls into the padding.
void BuildColRows(const ConvGeometry &geo, const TensorView &input, const void *inputBase, int64_t n, bool withOnes,
                  OperandRounding rounding, int64_t k, int64_t firstRow, int64_t rows, float *col);

}  // namespace aclcpu
