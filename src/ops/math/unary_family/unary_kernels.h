// The kernels of the unary math family (Neg, Exp, Sqrt, Rsqrt, Tanh) and of TanhBackward for the
// pointwise engine. Kernel-facing.
#pragma once

#include "base/pointwise/pointwise.h"

namespace aclcpu {

enum class UnaryOp : int8_t { kNeg, kExp, kSqrt, kRsqrt, kTanh, kTanhGrad };

// The kernel of `op` in compute type `t` (null if the family never computes it there). fp32 values of
// exp, tanh, 1/sqrt and the tanh gradient are computed in double and rounded once; double exp is the C
// library's; complex values use std::complex's functions.
PointwiseKernel UnaryKernel(UnaryOp op, ComputeType t);
// The fused FLOAT16/BF16 kernels of `op` (PointwisePlan::fused), for Neg, Exp and Sqrt; none for the others.
Fused16Kernels UnaryFused16(UnaryOp op);

}  // namespace aclcpu
