// Phase-1 validation of aclnnPrelu (pad-prelu-forward.md §3.4).
#pragma once

#include "aclnn/acl_meta.h"
#include "aclnn/opdev/op_errno.h"

namespace aclcpu {

struct PreluArgs {
  const aclTensor *self, *weight, *out;
};

// Steps 2-5 and 7 of §3.4 (the workspaceSize/executor pointers are the caller's). `*compute` is false
// when self or weight is empty: success with nothing written.
aclnnStatus CheckPrelu(const PreluArgs &args, bool *compute);
// Every view fits its storage (applied only when there is something to compute; docs/compat.md).
aclnnStatus CheckPreluStrict(const PreluArgs &args);

}  // namespace aclcpu
