// What Neg, Exp, Sqrt, Rsqrt, Tanh (and their in-place forms) share: the compute dtype rule and the
// launch. Each api file runs the vendor's checks in the vendor's order, then calls LaunchUnary.
#pragma once

#include "base/check.h"
#include "ops/math/unary_family/unary_kernels.h"

namespace aclcpu {

// The CPU's own view check, the empty-tensor return, the plan (self loaded as `computeDtype`, the result
// rounded through it, then cast to out) and the executor. `outName` is "out" or "selfRef".
aclnnStatus LaunchUnary(const char *op, UnaryOp kind, const aclTensor *self, const aclTensor *out,
                        aclDataType computeDtype, uint64_t *workspaceSize, aclOpExecutor **executor,
                        const char *outName = "out");

// Integral and BOOL inputs compute in FLOAT (Sqrt: INT64 in DOUBLE), others in their own dtype.
aclDataType UnaryComputeDtype(UnaryOp kind, aclDataType self);

}  // namespace aclcpu
