// The phase-1 tail and phase-2 op that GroupNormSwish, GroupNorm and GroupNormSilu share: one GroupNorm
// kernel (group_norm_swish_kernels.cpp) with or without the swish, after each function's own checks.
#pragma once

#include <cstdint>
#include <vector>

#include "base/executor.h"
#include "ops/norm/group_norm_swish/group_norm_swish_plan.h"

namespace aclcpu {

struct GroupNormCall {
  const char *op = "";
  const aclTensor *x = nullptr, *gamma = nullptr, *beta = nullptr;  // gamma, beta may be null: ones, zeros
  const aclTensor *y = nullptr, *mean = nullptr, *rstd = nullptr;
  const char *names[6] = {"x", "gamma", "beta", "yOut", "meanOut", "rstdOut"};
  GroupNormShape shape;
  bool compute = true;     // false: nothing to write (or only fillEmpty's statistics)
  bool fillEmpty = false;  // an empty x: mean <- 0 and rstd <- NaN (GroupNorm, GroupNormSilu)
  double eps = 0.0, swishScale = 1.0;
  bool activateSwish = false;
  std::vector<TracedScalar> scalars;
};

// The call of GroupNorm and GroupNormSilu (the vendor names self, out; null gamma/beta; an empty self fills the
// statistics), after their checks.
GroupNormCall SelfOutCall(const char *op, const aclTensor *self, const aclTensor *gamma, const aclTensor *beta,
                          const aclTensor *out, const aclTensor *mean, const aclTensor *rstd,
                          const GroupNormShape &shape, double eps);

// Checks that every given view fits its storage, plans the kernel (or the empty fill) and creates the
// executor (slots: x, gamma, beta; y, mean, rstd).
aclnnStatus LaunchGroupNorm(const GroupNormCall &call, uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
