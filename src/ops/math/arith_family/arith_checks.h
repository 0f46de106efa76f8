// The check sequences the family's api files share, each in the vendor's order (common-rules.md §7-8).
#pragma once

#include "ops/math/arith_family/arith_family.h"

namespace aclcpu {

// Add / Sub: null (self, other, alpha, out) -> self, other dtypes -> promotion, alpha, CanCast to out ->
// ranks <= 8, broadcast, out == broadcast shape. Fills call->promoted.
aclnnStatus CheckAddSub(const OpCheck &check, ArithCall *call);
// Adds / Subs: null (self, other, alpha, out) -> self dtype -> scalar promotion, alpha, CanCast to out ->
// rank <= 8, out == self shape.
aclnnStatus CheckAddsSubs(const OpCheck &check, ArithCall *call);
// The pre-check of InplaceAdd / InplaceSub / InplaceDiv: selfRef and other not null, and their broadcast
// shape is selfRef's (selfRef is never broadcast).
aclnnStatus CheckInplaceBroadcast(const OpCheck &check, const aclTensor *selfRef, const aclTensor *other);
// workspaceSize and executor not null (the first step of every phase 1).
aclnnStatus CheckPhase1Pointers(const OpCheck &check, const uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
