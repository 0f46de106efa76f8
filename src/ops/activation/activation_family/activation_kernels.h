// The kernels of the activation family (Sigmoid, Silu, Gelu in both forms, Relu and their backward
// functions) for the pointwise engine. Kernel-facing.
#pragma once

#include "base/pointwise/pointwise.h"

namespace aclcpu {

enum class ActivationOp : int8_t {
  // One input x.
  kSigmoid,   // 1 / (1 + e^-x)
  kSilu,      // x / (1 + e^-x)
  kGeluTanh,  // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
  kGeluErf,   // x Phi(x) = 0.5 x erfc(-x / sqrt 2)
  kRelu,      // x < 0 ? 0 : x (NaN and -0 pass through)
  // Two inputs: gradOutput, then the forward input x (the forward output y for kSigmoidGrad).
  kSigmoidGrad,    // g y (1 - y)
  kSiluGrad,       // g s (1 + x (1 - s)), s = sigmoid(x)
  kGeluTanhGrad,   // g d/dx of kGeluTanh
  kGeluErfGrad,    // g (Phi(x) + x phi(x))
  kThresholdGrad,  // self > t ? g : 0 (inputs gradOutput, self; t in params.f[0])
};

// The kernel of `op` in compute type `t`, null where the family never computes it there. FLOAT kernels
// evaluate in fp32 on the project's 0.55-ulp exponential (base/vector_exp-inl.h), the Gelu forms with
// the exponent's argument carried as hi + lo (a few ulps where GELU's tail is ill-conditioned); the tanh
// form's derivative (whose terms cancel by up to 10 ulps in fp32) and SigmoidGrad evaluate in double and
// round once.
PointwiseKernel ActivationKernel(ActivationOp op, ComputeType t);
// The fused FLOAT16/BF16 kernels (PointwisePlan::fused): the FLOAT kernel's arithmetic in registers,
// bit for bit the staged result.
Fused16Kernels ActivationFused16(ActivationOp op);

// Large FLOAT16/BF16 tensors have only 65536 possible inputs x: for the one-input maths with a costly fp32
// evaluation (Sigmoid, Silu, both Gelu forms) a fused kernel that looks each result up in a table of the fused
// kernel's own results; for SiluGrad and GeluErfGrad (g * slope(x)) one that looks slope(x) up as fp32 and
// multiplies (activation_lookup.cpp). Each table is built on the first call for (op, storage) and kept for the
// process (128 or 256 KiB; thread-safe). The same bits as ActivationFused16's kernels. Null for the other maths
// and dtypes. Phase 1 only (it may build the table).
PointwiseKernel ActivationLookup16(ActivationOp op, DType storage);
// The tensors large enough to be worth a table's first build (65536 evaluations, about 50 us).
constexpr int64_t kActivationLookupMinElements = int64_t{1} << 18;

}  // namespace aclcpu
