// What the four softmax-family api files share on the API side: the dim rule, the CPU's own checks after
// the vendor's, and the plan and executor. Each api file keeps only its vendor check order.
#pragma once

#include <cstdint>
#include <vector>

#include "base/check.h"
#include "ops/activation/softmax_family/softmax_kernels.h"

namespace aclcpu {

// 161002 unless -r <= dim <= r - 1, r = max(rank of t, 1) (common-rules.md §10: a 0-d tensor takes 0 and -1).
aclnnStatus CheckSoftmaxDim(const OpCheck &check, const aclTensor *t, const char *name, int64_t dim);

// The backward functions' out: any dtype the shared conversion writes (docs/compat.md; the vendor would
// fail in its Cast at plan time for the rest).
aclnnStatus CheckConvertibleOut(const OpCheck &check, const aclTensor *out);

struct SoftmaxCall {
  const char *op;
  SoftmaxKind kind;
  std::vector<NamedTensor> inputs;  // self, or gradOutput then output
  NamedTensor out;
  int64_t dim;
  aclDataType kernelDtype;   // the vendor's kernel dtype: results are rounded to it before out's cast
  bool roundInputs = false;  // LogSoftmax casts self to out's dtype first
  bool compute = true;       // false: an empty exit (workspace 0, nothing read or written, no more checks)
};

// The CPU's checks (views inside their storage, out not overlapping itself), the plan, the executor.
aclnnStatus LaunchSoftmax(const SoftmaxCall &call, uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
