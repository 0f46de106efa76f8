#include "base/cube_math.h"

#include "base/gemm.h"

namespace aclcpu {
namespace {

// U for 16-bit and mixed operands, from the table of common-rules.md §12.3: fp32 with anything is fp32,
// fp16 with bf16 is fp32, equal 16-bit dtypes stay; USE_FP16 makes everything but bf16 + bf16 fp16.
DType UpperType(DType a, DType b, int8_t cubeMathType) {
  if (a == DType::kBF16 && b == DType::kBF16) return DType::kBF16;
  if (cubeMathType == kCubeUseFp16) return DType::kF16;
  if (a == b) return a;
  return DType::kF32;
}

CubeNumerics NumericsOf(DType upper, DType a, DType b, bool hf32) {
  CubeNumerics n;
  if (upper == DType::kF32) {
    n.rounding = hf32 ? OperandRounding::kHf32 : OperandRounding::kNone;
  } else if (upper == DType::kF16) {
    // fp16 operands are exact in fp32 and their products exact in fp32: an fp32 GEMM of the rounded values.
    n.rounding = a == DType::kF16 && b == DType::kF16 ? OperandRounding::kNone : OperandRounding::kF16;
  } else {
    n.gemmType = HasBF16Gemm() ? DType::kBF16 : DType::kF32;  // bf16 widens to fp32 exactly
  }
  n.kernelType = upper == DType::kF32 ? DType::kOther : upper;
  return n;
}

}  // namespace

CubeNumerics MatmulNumerics(DType a, DType b, DType out, int8_t cubeMathType) {
  const DType upper = UpperType(a, b, cubeMathType);
  const bool hf32 = cubeMathType == kCubeAllowFp32DownPrecision || cubeMathType == kCubeUseHf32;
  CubeNumerics n = NumericsOf(upper, a, b, hf32);
  // An fp32 out lets the kernel write its fp32 accumulation directly (16-in-32-out), except under USE_FP16.
  if ((out == DType::kF32 && cubeMathType != kCubeUseFp16) || cubeMathType == kCubeFp16Fp32KeepDtype)
    n.kernelType = DType::kOther;
  return n;
}

CubeNumerics DotNumerics(DType a, DType b) { return NumericsOf(a == b ? a : DType::kF32, a, b, false); }

}  // namespace aclcpu
