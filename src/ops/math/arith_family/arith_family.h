// What Add, Sub, Mul and Div (tensor and scalar, in-place and not) share: the A2 dtype list, the alpha
// and tensor-scalar promotion rules (common-rules.md §3.3-3.4), and the plan: each operator's api file
// runs the vendor's checks in the vendor's order, then hands the checked call to LaunchArith.
#pragma once

#include "base/check.h"
#include "ops/math/arith_family/arith_kernels.h"

namespace aclcpu {

// ASCEND910B_DTYPE_SUPPORT_LIST of the family's op_api files.
#define ACLCPU_ARITH_DTYPES                                                                                       \
  {                                                                                                               \
    ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BOOL, \
        ACL_COMPLEX64, ACL_COMPLEX128                                                                             \
  }

// A checked call. Exactly one of other / otherScalar is set; alpha only for Add and Sub.
struct ArithCall {
  const char *op;
  ArithOp kind;
  const aclTensor *self;
  const aclTensor *other;
  const aclScalar *otherScalar;
  const aclScalar *alpha;
  const aclTensor *out;
  aclDataType promoted;  // the dtype the vendor computes in before casting to out
  // The dtype a scalar `other` is converted to first (ACL_DT_UNDEFINED: the promoted dtype).
  aclDataType scalarAs = ACL_DT_UNDEFINED;
};

// Add/Sub alpha rule: a BOOL promotion needs an integral or BOOL alpha, any other an alpha castable to it.
aclnnStatus CheckAlpha(const OpCheck &check, const aclScalar *alpha, aclDataType promoted);
// Adds/Subs: the dtype a tensor and a scalar promote to on the A2 (ACL_DT_UNDEFINED if none).
aclDataType PromoteAddsScalar(aclDataType tensor, aclDataType scalar, aclDataType out);
// Muls: the same for the multiplication (BF16 tensors compute in FLOAT).
aclDataType PromoteMulsScalar(aclDataType tensor, aclDataType scalar, aclDataType out);
// Divs: the dtype the quotient is computed in before the cast to out.
aclDataType PromoteDivsScalar(aclDataType tensor, aclDataType scalar);

// The CPU's own last check (views inside their storage), the empty-tensor return, the plan and the executor.
aclnnStatus LaunchArith(const ArithCall &call, uint64_t *workspaceSize, aclOpExecutor **executor);

}  // namespace aclcpu
