// The kernels of the arithmetic family (Add, Sub, Mul, Div and their scalar and in-place forms) for
// the pointwise engine, one per compute type. Kernel-facing.
#pragma once

#include "base/pointwise/pointwise.h"

namespace aclcpu {

enum class ArithOp : int8_t { kAdd, kSub, kMul, kDiv };

// PointwiseParams of the family: alpha in f[0] (fp32/double), i[0] (integers), c[0] (complex); i[1]
// holds the flags below.
constexpr int64_t kArithAlphaIsOne = 1;  // plain a + b / a - b
// (A BOOL result needs no flag: it is rounded through BOOL, so any non-zero sum is true.)

// The kernel of `op` in compute type `t` (for the CPU's best SIMD target); null when the family never
// computes `op` in `t` (integer division runs in fp32).
PointwiseKernel ArithKernel(ArithOp op, ComputeType t);
// The fused FLOAT16 and BF16 kernels of `op` (PointwisePlan::fused): the fp32 kernel's steps on 16-bit runs.
Fused16Kernels ArithFused16(ArithOp op);
// The complex kernels (arith_complex_kernels.cpp): compiled for the baseline ISA only, because GCC
// vectorizes a complex product into fused multiply-adds (vfmaddsub) on AVX2/AVX-512 whatever
// -ffp-contract says, which would make the result depend on the CPU.
PointwiseKernel ComplexArithKernel(ArithOp op, ComputeType t);

}  // namespace aclcpu
