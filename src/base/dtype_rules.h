// The vendor's dtype rules shared by many operators (common-rules.md §3): the tensor-tensor promotion
// table, the output castability rule and the dtype categories. API-facing (aclDataType), no state.
#pragma once

#include "aclnn/acl_meta.h"

namespace aclcpu {

// PromoteType of the opbase table: the same dtype gives itself (any dtype); ACL_DT_UNDEFINED when the
// pair cannot promote (the callers report 161002). Not symmetric for uint16/32/64 with complex.
aclDataType PromoteTypes(aclDataType a, aclDataType b);

// CanCast: false exactly when complex -> non-complex, floating -> integral (bool not counted as
// integral here), or non-bool -> bool. Narrowing is allowed.
bool CanCastTo(aclDataType from, aclDataType to);

bool IsFloatingType(aclDataType t);                 // DOUBLE, FLOAT, BF16, FLOAT16
bool IsIntegralType(aclDataType t, bool withBool);  // INT8..64, UINT8..64 (+ BOOL when asked)
bool IsComplexType(aclDataType t);                  // COMPLEX32/64/128

}  // namespace aclcpu
