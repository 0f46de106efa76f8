// Validation rules shared by aclnnGroupNormSwish and aclnnGroupNormSwishGrad.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "base/check.h"

namespace aclcpu {

// Every tensor's format maps to ND: {ND, NCHW, NHWC, NCDHW, NCL} (norm-ops.md §1.5 step 3), else 161002.
aclnnStatus CheckGroupNormFormats(const OpCheck &check, const std::vector<NamedTensor> &tensors);

// The group rules both tilings apply, in their common order: gamma of shape [C], beta of shape [C],
// numGroups > 0, C % numGroups == 0. A failure reports the message and returns `status` (161002 for
// GroupNormSwishGrad, the device's 561002 tiling failure for GroupNormSwish).
aclnnStatus CheckGroupRules(const OpCheck &check, int64_t c, int64_t numGroups, const aclTensor *gamma,
                            const aclTensor *beta, aclnnStatus status);

// Outputs are matched by element count only (any view of that size, rank <= 8): 161002 otherwise.
aclnnStatus CheckElementCount(const OpCheck &check, const aclTensor *t, const char *name, int64_t expected);

}  // namespace aclcpu
