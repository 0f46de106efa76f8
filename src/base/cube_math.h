// cubeMathType: how the A2's cube unit computes a product from its operands' dtypes and the caller's
// cubeMathType (common-rules.md §12, conv-tbc-forward.md §5), decided here once for every operator
// that multiplies matrices (ConvTbc, the matmul family). Kernel-facing.
#pragma once

#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

// The cubeMathType values of the vendor's op_api_def_nn.h.
enum CubeMathType : int8_t {
  kCubeFp16Fp32KeepDtype = -1,  // internal: KEEP_DTYPE with an fp32 kernel output
  kCubeKeepDtype = 0,
  kCubeAllowFp32DownPrecision = 1,
  kCubeUseFp16 = 2,
  kCubeUseHf32 = 3,
  kCubeUseFp32Add = 4,
};

// Rounding applied to the operands of the products.
enum class OperandRounding : int8_t {
  kNone,
  kHf32,  // fp32 operands under ALLOW_FP32_DOWN_PRECISION / USE_HF32: 11 explicit mantissa bits, ties away
  kF16,   // operands rounded to fp16 (nearest even, overflow to inf)
};

// How the products of one problem run: the GEMM library's operand dtype (kF32 or kBF16; products
// always accumulate in fp32), the operand rounding, and the dtype the kernel rounds its result to
// before the final cast to out (kOther: none, the kernel writes fp32).
struct CubeNumerics {
  DType gemmType = DType::kF32;
  OperandRounding rounding = OperandRounding::kNone;
  DType kernelType = DType::kOther;
};

// The matmul family on A2 (Dav2201MatMulRule, docs/ops/matmul.md §2): the compute dtype U of the
// (a, b) pair and cubeMathType, both operands rounded to U (HF32 for fp32 under 1 and 3), the
// result rounded to U unless out is FLOAT and cubeMathType is not USE_FP16 (or it is -1).
CubeNumerics MatmulNumerics(DType a, DType b, DType out, int8_t cubeMathType);

// aclnnMatmul's 1-D . 1-D product: both operands cast to their promoted dtype, cubeMathType ignored.
CubeNumerics DotNumerics(DType a, DType b);

// v[i] rounded to HF32 in place (NaN stays NaN; a carry out of the largest finite values gives inf).
void RoundToHf32(float *v, int64_t n);

}  // namespace aclcpu
