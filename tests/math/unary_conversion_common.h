// Test plumbing shared by the unary math and conversion tests: the 17 functions (Neg, Exp, Sqrt, Rsqrt, Tanh
// and their in-place forms, TanhBackward, Cast, InplaceCopy, InplaceZero, InplaceOne, InplaceFillScalar,
// InplaceMaskedFillScalar) behind one enum and one phase-1 call.
#pragma once

#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_fill_scalar.h"
#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_ones.h"
#include "aclnnop/aclnn_rsqrt.h"
#include "aclnnop/aclnn_sqrt.h"
#include "aclnnop/aclnn_tanh.h"
#include "aclnnop/aclnn_tanh_backward.h"
#include "aclnnop/aclnn_zero.h"
#include "math/arith_tester.h"

namespace aclcpu_test {

enum class UFn {
  kNeg,
  kInplaceNeg,
  kExp,
  kInplaceExp,
  kSqrt,
  kInplaceSqrt,
  kRsqrt,
  kInplaceRsqrt,
  kTanh,
  kInplaceTanh,
  kTanhBackward,
  kCast,
  kCopy,
  kZero,
  kOne,
  kFill,
  kMaskedFill,
};
constexpr UFn kAllUFns[] = {
    UFn::kNeg,   UFn::kInplaceNeg,   UFn::kExp,  UFn::kInplaceExp,  UFn::kSqrt,         UFn::kInplaceSqrt,
    UFn::kRsqrt, UFn::kInplaceRsqrt, UFn::kTanh, UFn::kInplaceTanh, UFn::kTanhBackward, UFn::kCast,
    UFn::kCopy,  UFn::kZero,         UFn::kOne,  UFn::kFill,        UFn::kMaskedFill};

inline const char *UFnName(UFn f) {
  static const char *const names[] = {"Neg",
                                      "InplaceNeg",
                                      "Exp",
                                      "InplaceExp",
                                      "Sqrt",
                                      "InplaceSqrt",
                                      "Rsqrt",
                                      "InplaceRsqrt",
                                      "Tanh",
                                      "InplaceTanh",
                                      "TanhBackward",
                                      "Cast",
                                      "InplaceCopy",
                                      "InplaceZero",
                                      "InplaceOne",
                                      "InplaceFillScalar",
                                      "InplaceMaskedFillScalar"};
  return names[static_cast<int>(f)];
}

inline Phase2Fn UPhase2Of(UFn f) {
  static const Phase2Fn fns[] = {aclnnNeg,
                                 aclnnInplaceNeg,
                                 aclnnExp,
                                 aclnnInplaceExp,
                                 aclnnSqrt,
                                 aclnnInplaceSqrt,
                                 aclnnRsqrt,
                                 aclnnInplaceRsqrt,
                                 aclnnTanh,
                                 aclnnInplaceTanh,
                                 aclnnTanhBackward,
                                 aclnnCast,
                                 aclnnInplaceCopy,
                                 aclnnInplaceZero,
                                 aclnnInplaceOne,
                                 aclnnInplaceFillScalar,
                                 aclnnInplaceMaskedFillScalar};
  return fns[static_cast<int>(f)];
}

// DTypeLabel (test_tensor.h) with the unsigned dtypes named too.
inline const char *Label(aclDataType t) {
  switch (t) {
    case ACL_UINT16: return "u16";
    case ACL_UINT32: return "u32";
    case ACL_UINT64: return "u64";
    default: return DTypeLabel(t);
  }
}

// How many tensors a function takes (t0, t1, t2 in the order of its signature) and whether it takes a scalar.
inline int TensorCount(UFn f) {
  switch (f) {
    case UFn::kInplaceNeg:
    case UFn::kInplaceExp:
    case UFn::kInplaceSqrt:
    case UFn::kInplaceRsqrt:
    case UFn::kInplaceTanh:
    case UFn::kZero:
    case UFn::kOne:
    case UFn::kFill: return 1;
    case UFn::kTanhBackward: return 3;
    default: return 2;
  }
}
inline bool TakesScalar(UFn f) { return f == UFn::kFill || f == UFn::kMaskedFill; }

// Phase 1: t0..t2 are the tensors in signature order (self/out, selfRef/src, gradOutput/output/gradInput,
// selfRef/mask); `dtype` is Cast's target.
inline aclnnStatus UPhase1(UFn f, aclTensor *t0, aclTensor *t1, aclTensor *t2, const aclScalar *scalar,
                           aclDataType dtype, uint64_t *ws, aclOpExecutor **exec) {
  switch (f) {
    case UFn::kNeg: return aclnnNegGetWorkspaceSize(t0, t1, ws, exec);
    case UFn::kInplaceNeg: return aclnnInplaceNegGetWorkspaceSize(t0, ws, exec);
    case UFn::kExp: return aclnnExpGetWorkspaceSize(t0, t1, ws, exec);
    case UFn::kInplaceExp: return aclnnInplaceExpGetWorkspaceSize(t0, ws, exec);
    case UFn::kSqrt: return aclnnSqrtGetWorkspaceSize(t0, t1, ws, exec);
    case UFn::kInplaceSqrt: return aclnnInplaceSqrtGetWorkspaceSize(t0, ws, exec);
    case UFn::kRsqrt: return aclnnRsqrtGetWorkspaceSize(t0, t1, ws, exec);
    case UFn::kInplaceRsqrt: return aclnnInplaceRsqrtGetWorkspaceSize(t0, ws, exec);
    case UFn::kTanh: return aclnnTanhGetWorkspaceSize(t0, t1, ws, exec);
    case UFn::kInplaceTanh: return aclnnInplaceTanhGetWorkspaceSize(t0, ws, exec);
    case UFn::kTanhBackward: return aclnnTanhBackwardGetWorkspaceSize(t0, t1, t2, ws, exec);
    case UFn::kCast: return aclnnCastGetWorkspaceSize(t0, dtype, t1, ws, exec);
    case UFn::kCopy: return aclnnInplaceCopyGetWorkspaceSize(t0, t1, ws, exec);
    case UFn::kZero: return aclnnInplaceZeroGetWorkspaceSize(t0, ws, exec);
    case UFn::kOne: return aclnnInplaceOneGetWorkspaceSize(t0, ws, exec);
    case UFn::kFill: return aclnnInplaceFillScalarGetWorkspaceSize(t0, scalar, ws, exec);
    case UFn::kMaskedFill: return aclnnInplaceMaskedFillScalarGetWorkspaceSize(t0, t1, scalar, ws, exec);
  }
  return -1;
}

}  // namespace aclcpu_test
