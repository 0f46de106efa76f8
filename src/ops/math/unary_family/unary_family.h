// What Neg, Exp, Sqrt, Rsqrt, Tanh (and their in-place forms) share: the vendor's check sequence, the
// compute dtype rule and the launch. Each api file gives only its UnarySpec and its entry points.
#pragma once

#include <vector>

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

// What distinguishes one unary operator's phase 1.
struct UnarySpec {
  UnaryOp kind;
  std::vector<aclDataType> selfDtypes;
  std::vector<aclDataType> outDtypes;      // empty: out is checked by CanCast(compute, out) only
  std::vector<aclDataType> inplaceDtypes;  // the in-place form's writable dtypes (empty: no pre-check)
  bool sameFormats = false;                // Tanh: self's and out's view formats equal, not device-private
};

// workspaceSize, executor -> null self, out -> self dtype (-> out dtype) -> CanCast(compute, out) -> (formats)
// -> rank <= 8 -> out shape == self's -> launch.
aclnnStatus UnaryPhase1(const UnarySpec &spec, const char *op, const aclTensor *self, const aclTensor *out,
                        uint64_t *workspaceSize, aclOpExecutor **executor);
// The in-place form: workspaceSize, executor, null `name` -> its dtype in spec.inplaceDtypes -> UnaryPhase1
// with out = selfRef.
aclnnStatus InplaceUnaryPhase1(const UnarySpec &spec, const char *op, aclTensor *selfRef, const char *name,
                               uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
