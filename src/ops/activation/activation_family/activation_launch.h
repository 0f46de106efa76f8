// What every activation operator does after its own checks (docs/ops/activations.md): the CPU's view
// check, the empty-tensor exit, the plan on the pointwise engine and the executor. Each api file gives
// only its vendor check order and an ActivationCall.
#pragma once

#include <utility>
#include <vector>

#include "base/check.h"
#include "ops/activation/activation_family/activation_kernels.h"

namespace aclcpu {

struct ActivationCall {
  ActivationCall(const char *opName, ActivationOp operation, std::vector<NamedTensor> in, NamedTensor result,
                 aclDataType computeDtype, const PointwiseParams &kernelParams = {})
      : op(opName), kind(operation), inputs(std::move(in)), out(result), compute(computeDtype), params(kernelParams) {}

  const char *op;
  ActivationOp kind;
  std::vector<NamedTensor> inputs;  // in the kernel's order; they broadcast to out's shape
  NamedTensor out;
  // The dtype the vendor casts the inputs to and computes in; the result passes through it on its
  // way to out's dtype.
  aclDataType compute;
  PointwiseParams params;
  bool identity = false;  // out already holds the result (InplaceRelu of UINT8): phase 2 does nothing
};

// Rank above 8 is accepted (Silu, GeluV2, GeluBackwardV2 have no limit on the A2) when the operands'
// dims fold into at most 8 that each operand walks as one; otherwise 161002 (docs/compat.md).
aclnnStatus LaunchActivation(const ActivationCall &call, uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
