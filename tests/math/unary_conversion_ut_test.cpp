// Phase 1 of the unary math and conversion functions as a table: every active case of the vendor's op_api
// UT files (math/{neg,exp,sqrt,rsqrt,tanh,tanh_grad,cast,zero_op,ones_like}/tests/ut/op_api/,
// conversion/{view_copy,fill,masked_fill}/tests/ut/op_api/) with the status the A2 (ASCEND910B) expects, then
// our rows for each step of each function's check order (docs/ops/unary_math.md, docs/ops/cast_copy_fill.md).
// Cases the vendor runs only on another SoC (310P, 910) are left out, each named in a comment.
#include <string>

#include "common/ut_descriptors.h"
#include "math/unary_conversion_common.h"

namespace aclcpu_test::unary_conversion_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

struct Sc {
  aclDataType dtype = ACL_FLOAT;
  Num value = Num::F(1);
  bool present = true;
};
Sc S(aclDataType t, double v) {
  return {t, IsFloatDT(t) || IsComplexDT(t) ? Num::F(v) : Num::I(static_cast<int64_t>(v)), true};
}
Sc NoSc() { return {ACL_FLOAT, Num::F(0), false}; }
Desc Strided(std::vector<int64_t> shape, aclDataType t, std::vector<int64_t> strides, std::vector<int64_t> storage) {
  return {std::move(shape), t, ACL_FORMAT_ND, true, std::move(strides), std::move(storage)};
}

struct UtRow {
  std::string name;
  UFn fn = UFn::kNeg;
  std::vector<Desc> tensors;  // signature order
  aclnnStatus expected = 0;
  Sc scalar = S(ACL_FLOAT, 8.88888);
  aclDataType dtype = ACL_DT_UNDEFINED;  // Cast's target
  bool zeroWorkspace = false;
  std::string message;

  UtRow &Scalar(Sc s) {
    scalar = s;
    return *this;
  }
  UtRow &ZeroWorkspace() {
    zeroWorkspace = true;
    return *this;
  }
  UtRow &Msg(std::string m) {
    message = std::move(m);
    return *this;
  }
};

UtRow R(std::string name, UFn fn, std::vector<Desc> t, aclnnStatus st) {
  UtRow r;
  r.name = std::move(name);
  r.fn = fn;
  r.tensors = std::move(t);
  r.expected = st;
  return r;
}
UtRow CastRow(std::string name, Desc self, aclDataType dtype, Desc out, aclnnStatus st) {
  UtRow r = R(std::move(name), UFn::kCast, {std::move(self), std::move(out)}, st);
  r.dtype = dtype;
  return r;
}
// Cast of a {2, 3} tensor from `from` to `to` (out of dtype `to`).
UtRow Cast23(std::string name, aclDataType from, aclDataType to) {
  return CastRow(std::move(name), D({2, 3}, from), to, D({2, 3}, to), kOk);
}

using U = UFn;
const Desc kNone = Null();
const std::vector<int64_t> k9{7, 9, 11, 3, 4, 6, 9, 2, 2};

std::vector<UtRow> VendorRows() {
  const Desc s54 = Strided({5, 4}, ACL_FLOAT, {1, 5}, {4, 5});
  const Desc f4d = D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_NCHW);
  std::vector<UtRow> r = {
      // ---- math/neg test_aclnn_neg.cpp. ascend310p_case_not_support_bfloat16 and ascend310P_input_output_bf16
      // run on the 310P (no BF16 there); the A2 accepts BF16 (row neg_bf16_on_a2 below). ----
      R("neg_case_support_double", U::kNeg, {D({2, 3}, ACL_DOUBLE), D({2, 3}, ACL_DOUBLE)}, kOk),
      R("neg_case_support_float", U::kNeg, {D({2, 3}), D({2, 3})}, kOk),
      R("neg_case_support_float16", U::kNeg,
        {D({3, 4, 5, 6}, ACL_FLOAT16, ACL_FORMAT_NHWC), D({3, 4, 5, 6}, ACL_FLOAT16, ACL_FORMAT_NHWC)}, kOk),
      // (the vendor runs it on the 950; INT64 is in the A2 list too)
      R("neg_ascend950PR_89_case_support_int64", U::kNeg,
        {D({3, 4, 5, 6}, ACL_INT64, ACL_FORMAT_NHWC), D({3, 4, 5, 6}, ACL_INT64, ACL_FORMAT_NHWC)}, kOk),
      R("neg_case_support_int32", U::kNeg,
        {D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_NHWC), D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_NHWC)}, kOk),
      R("neg_case_support_int8", U::kNeg,
        {D({3, 4, 5, 6}, ACL_INT8, ACL_FORMAT_NHWC), D({3, 4, 5, 6}, ACL_INT8, ACL_FORMAT_NHWC)}, kOk),
      R("neg_case_support_complex64", U::kNeg, {D({6, 3}, ACL_COMPLEX64), D({6, 3}, ACL_COMPLEX64)}, kOk),
      R("neg_case_support_complex128", U::kNeg, {D({6, 3}, ACL_COMPLEX128), D({6, 3}, ACL_COMPLEX128)}, kOk),
      R("neg_case_not_support_int16", U::kNeg, {D({10, 5}, ACL_INT16), D({10, 5}, ACL_INT16)}, kInvalid),
      R("neg_case_not_support_bool", U::kNeg, {D({10, 5}, ACL_BOOL), D({10, 5}, ACL_BOOL)}, kInvalid),
      R("neg_case_input_nullptr", U::kNeg, {kNone, f4d}, kNull),
      R("neg_case_output_nullptr", U::kNeg, {f4d, kNone}, kNull),
      R("neg_case_empty_tensor", U::kNeg, {D({2, 0}), D({2, 0})}, kOk).ZeroWorkspace(),
      R("neg_case_support_hwcn", U::kNeg,
        {D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_HWCN), D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_HWCN)}, kOk),
      R("neg_case_support_ndhwc", U::kNeg,
        {D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_NDHWC), D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_NDHWC)}, kOk),
      R("neg_case_support_ncdhw", U::kNeg,
        {D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_NCDHW), D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_NCDHW)}, kOk),
      R("neg_case_invalid_dim", U::kNeg, {D(k9), D(k9)}, kInvalid),
      R("neg_case_non_contiguous", U::kNeg, {s54, s54}, kOk),
      R("neg_case_support_difftype", U::kNeg,
        {D({3, 4, 5, 6}, ACL_INT32, ACL_FORMAT_NHWC), D({3, 4, 5, 6}, ACL_INT64, ACL_FORMAT_NHWC)}, kOk),
      R("neg_bf16_on_a2", U::kNeg, {D({3, 4, 5, 6}, ACL_BF16), D({3, 4, 5, 6}, ACL_BF16)}, kOk),

      // ---- math/exp test_aclnn_exp.cpp ----
      R("exp_normal_dtype_FLOAT_ND", U::kExp, {D({2}), D({2})}, kOk),
      R("exp_normal_dtype_FLOAT16_NCHW", U::kExp,
        {D({2, 2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_NCHW), D({2, 2, 2, 2}, ACL_FLOAT16, ACL_FORMAT_NCHW)}, kOk),
      R("exp_normal_dtype_BOOL_NCDHW", U::kExp,
        {D({2, 2, 2, 2, 2}, ACL_BOOL, ACL_FORMAT_NCDHW), D({2, 2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_NCDHW)}, kOk),
      R("exp_normal_dtype_INT64_NCHW_NHWC", U::kExp,
        {D({2, 2, 2, 2}, ACL_INT64, ACL_FORMAT_NCHW), D({2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_NHWC)}, kOk),
      // (the vendor expects success on ASCEND910B, 161002 elsewhere)
      R("exp_normal_dtype_BFLOAT16_ND", U::kExp, {D({2}, ACL_BF16), D({2}, ACL_BF16)}, kOk),
      R("exp_normal_empty_tensor", U::kExp, {D({0}), D({0})}, kOk).ZeroWorkspace(),
      R("exp_abnormal_self_nullptr", U::kExp, {kNone, D({2})}, kNull),
      R("exp_abnormal_out_nullptr", U::kExp, {D({2}), kNone}, kNull),
      R("exp_abnormal_dtype_INT32", U::kExp, {D({2}, ACL_INT32), D({2}, ACL_INT32)}, kInvalid),
      R("exp_abnormal_dtype_INT64", U::kExp, {D({2}, ACL_INT64), D({2}, ACL_INT64)}, kInvalid),
      R("exp_abnormal_dtype_INT16", U::kExp, {D({2}, ACL_INT16), D({2}, ACL_INT16)}, kInvalid),
      R("exp_abnormal_dtype_INT8", U::kExp, {D({2}, ACL_INT8), D({2}, ACL_INT8)}, kInvalid),
      R("exp_abnormal_dtype_UINT8", U::kExp, {D({2}, ACL_UINT8), D({2}, ACL_UINT8)}, kInvalid),
      R("exp_abnormal_dtype_BOOL", U::kExp, {D({2}, ACL_BOOL), D({2}, ACL_BOOL)}, kInvalid),
      R("exp_abnormal_dtype_UNDEFINED", U::kExp, {D({2}, ACL_DT_UNDEFINED), D({2}, ACL_DT_UNDEFINED)}, kInvalid),
      R("exp_abnormal_dtype_unequal", U::kExp, {D({2}), D({2}, ACL_INT32)}, kInvalid),
      R("exp_normal_dtype_can_cast", U::kExp, {D({2}, ACL_FLOAT16), D({2})}, kOk),
      R("exp_abnormal_dtype_cannot_cast", U::kExp, {D({2}, ACL_COMPLEX64), D({2})}, kInvalid),
      R("exp_abnormal_dtype_cannot_cast2", U::kExp, {D({2}, ACL_BOOL), D({2}, ACL_BOOL)}, kInvalid),
      R("exp_abnormal_dtype_cannot_cast3", U::kExp, {D({2}, ACL_INT64), D({2}, ACL_INT64)}, kInvalid),
      R("exp_abnormal_shape_unequal", U::kExp, {D({2, 2}), D({2})}, kInvalid),
      R("exp_abnormal_shape_10D", U::kExp, {D({2, 2, 2, 2, 2, 2, 2, 2, 2, 2}), D({2, 2, 2, 2, 2, 2, 2, 2, 2, 2})},
        kInvalid),
      R("exp_normal_valuerange", U::kExp, {D({2}), D({2})}, kOk),
      R("exp_normal_uncontiguous", U::kExp,
        {Strided({2, 4}, ACL_FLOAT, {1, 2}, {4, 2}), Strided({2, 4}, ACL_FLOAT, {1, 2}, {4, 2})}, kOk),
      R("exp_inplace_not_supported_dtype", U::kInplaceExp, {Strided({2, 4}, ACL_INT64, {1, 2}, {4, 2})}, kInvalid),

      // ---- math/sqrt test_aclnn_sqrt.cpp (its cases 002, 006, 009, 010, 011 are commented out there) ----
      R("sqrt_test_001_uint64", U::kSqrt, {D({2, 3}, ACL_UINT64), D({2, 3})}, kInvalid),
      R("sqrt_test_003", U::kSqrt, {D({1, 16, 1, 1}), D({1, 16, 1, 1})}, kOk),
      R("sqrt_test_004_empty", U::kSqrt, {D({2, 0}), D({2, 0})}, kOk).ZeroWorkspace(),
      R("sqrt_test_005", U::kSqrt, {D({2, 4}), D({2, 4})}, kOk),
      R("sqrt_test_007_ndhwc", U::kSqrt,
        {D({2, 4}, ACL_FLOAT, ACL_FORMAT_NDHWC), D({2, 4}, ACL_FLOAT, ACL_FORMAT_NDHWC)}, kOk),
      R("sqrt_test_008_ncdhw", U::kSqrt,
        {D({2, 4}, ACL_FLOAT, ACL_FORMAT_NCDHW), D({2, 4}, ACL_FLOAT, ACL_FORMAT_NCDHW)}, kOk),
      R("sqrt_test_012_out_shape", U::kSqrt, {D({2, 3}), D({4, 7})}, kInvalid),
      R("sqrt_test_013_null_self", U::kSqrt, {kNone, D({4, 7})}, kNull),
      R("sqrt_test_014_rank9", U::kSqrt, {D({1, 2, 2, 2, 2, 2, 2, 2, 2}), D({1, 2, 2, 2, 2, 2, 2, 2, 2})}, kInvalid),
      R("sqrt_inplace_test_uint64", U::kInplaceSqrt, {D({2, 3}, ACL_UINT64)}, kInvalid),

      // ---- math/rsqrt test_aclnn_rsqrt.cpp ----
      R("rsqrt_case_1", U::kRsqrt, {D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16)}, kOk),
      R("rsqrt_case_2", U::kRsqrt, {D({2, 3}), D({2, 3})}, kOk),
      R("rsqrt_case_3", U::kRsqrt, {D({2, 3}, ACL_DOUBLE), D({2, 3}, ACL_DOUBLE)}, kOk),
      R("rsqrt_case_4", U::kRsqrt, {D({2, 3}, ACL_INT8), D({2, 3})}, kOk),
      R("rsqrt_case_5", U::kRsqrt, {D({2, 3}, ACL_INT16), D({2, 3})}, kOk),
      R("rsqrt_case_6", U::kRsqrt, {D({2, 3}, ACL_INT32), D({2, 3})}, kOk),
      R("rsqrt_case_7", U::kRsqrt, {D({2, 3}, ACL_INT64), D({2, 3})}, kOk),
      R("rsqrt_case_8", U::kRsqrt, {D({2, 3}, ACL_UINT8), D({2, 3})}, kOk),
      R("rsqrt_case_9", U::kRsqrt, {D({2, 3}, ACL_BOOL), D({2, 3})}, kOk),
      R("rsqrt_case_10_empty", U::kRsqrt, {D({0}, ACL_FLOAT16), D({0}, ACL_FLOAT16)}, kOk).ZeroWorkspace(),
      R("rsqrt_case_11_null_self", U::kRsqrt, {kNone, D({2, 3}, ACL_FLOAT16)}, kNull),
      R("rsqrt_case_12_null_out", U::kRsqrt, {D({2, 3}, ACL_FLOAT16), kNone}, kNull),
      R("rsqrt_case_13_out_shape", U::kRsqrt, {D({2, 4}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16)}, kInvalid),
      R("rsqrt_case_14_strided", U::kRsqrt, {s54, s54}, kOk),
      R("rsqrt_case_15_rank9", U::kRsqrt,
        {D({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT16), D({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT16)}, kInvalid),
      R("rsqrt_ascend910B2_case_16_bf16", U::kRsqrt, {D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16)}, kOk),
      R("rsqrt_case_17_fp16_into_double", U::kRsqrt, {D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_DOUBLE)}, kOk),
      R("rsqrt_case_18_uint16", U::kRsqrt, {D({2, 3}, ACL_UINT16), D({2, 3})}, kInvalid),
      R("rsqrt_case_19_uint32", U::kRsqrt, {D({2, 3}, ACL_UINT32), D({2, 3})}, kInvalid),
      R("rsqrt_case_20_uint64", U::kRsqrt, {D({2, 3}, ACL_UINT64), D({2, 3})}, kInvalid),
      R("rsqrt_case_21_empty", U::kRsqrt, {D({0}), D({0})}, kOk).ZeroWorkspace(),

      // ---- math/tanh test_aclnn_tanh.cpp ----
      R("tanh_case1", U::kTanh, {D({1, 16, 1, 1}), D({1, 16, 1, 1})}, kOk),
      R("tanh_case_2_empty", U::kTanh, {D({0}), D({0})}, kOk).ZeroWorkspace(),
      R("tanh_case_3_null_self", U::kTanh, {kNone, D({1, 16, 1, 1})}, kNull),
      R("tanh_case_4_null_out", U::kTanh, {D({1, 16, 1, 1}), kNone}, kNull),
      R("tanh_case_5_int16_to_float", U::kTanh, {D({1, 16, 1, 1}, ACL_INT16), D({1, 16, 1, 1})}, kOk),
      R("tanh_case_6_float_to_int16", U::kTanh, {D({1, 16, 1, 1}), D({1, 16, 1, 1}, ACL_INT16)}, kInvalid),
      R("tanh_case_data_cannot_cast_inplace", U::kInplaceTanh, {D({1, 16, 1, 1}, ACL_INT16)}, kInvalid),
      R("tanh_case_7", U::kTanh, {D({1, 16, 1, 1}), D({1, 16, 1, 1})}, kOk),
      R("tanh_case_8", U::kTanh, {D({1, 16, 1, 1}, ACL_FLOAT16), D({1, 16, 1, 1}, ACL_FLOAT16)}, kOk),
      R("tanh_case_9", U::kTanh, {D({1, 32, 1, 1}, ACL_FLOAT16), D({1, 32, 1, 1}, ACL_FLOAT16)}, kOk),
      R("tanh_case_10_out_shape", U::kTanh, {D({1, 16, 1, 1}), D({1, 1, 4, 4})}, kInvalid),
      R("tanh_case_11", U::kTanh, {D({1, 16, 1, 1}), D({1, 16, 1, 1})}, kOk),
      R("tanh_case_12_nhwc", U::kTanh,
        {D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_NHWC), D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_NHWC)}, kOk),
      R("tanh_case_13_hwcn", U::kTanh,
        {D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_HWCN), D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_HWCN)}, kOk),
      R("tanh_case_14_ndhwc", U::kTanh,
        {D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_NDHWC), D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_NDHWC)}, kOk),
      R("tanh_case_15_ncdhw", U::kTanh,
        {D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_NCDHW), D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_NCDHW)}, kOk),
      R("tanh_case_16_float_to_fp16", U::kTanh, {D({1, 32, 1, 1}), D({1, 32, 1, 1}, ACL_FLOAT16)}, kOk),
      R("tanh_case_17_uint8", U::kTanh, {D({1, 32, 1, 1}, ACL_UINT8), D({1, 32, 1, 1})}, kOk),
      R("tanh_case_18_bool", U::kTanh, {D({1, 32, 1, 1}, ACL_BOOL), D({1, 32, 1, 1})}, kOk),
      R("tanh_case_19_int8", U::kTanh, {D({1, 32, 1, 1}, ACL_INT8), D({1, 32, 1, 1})}, kOk),
      R("tanh_case_20_int16", U::kTanh, {D({1, 32, 1, 1}, ACL_INT16), D({1, 32, 1, 1})}, kOk),
      R("tanh_case_21_int32", U::kTanh, {D({1, 32, 1, 1}, ACL_INT32), D({1, 32, 1, 1})}, kOk),
      R("tanh_case_22_int64", U::kTanh, {D({1, 32, 1, 1}, ACL_INT64), D({1, 32, 1, 1})}, kOk),
      R("tanh_case_23_inplace_int32", U::kInplaceTanh, {D({1, 32, 1, 1}, ACL_INT32)}, kInvalid),
      R("tanh_case_24_inplace_float", U::kInplaceTanh, {D({1, 32, 1, 1})}, kOk),

      // ---- math/tanh_grad test_aclnn_tanh_backward.cpp ----
      R("tanh_backward_float", U::kTanhBackward, {D({2, 3}), D({2, 3}), D({2, 3})}, kOk),
      R("tanh_backward_float16", U::kTanhBackward,
        {D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16)}, kOk),
      R("tanh_backward_bf16", U::kTanhBackward, {D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16)}, kOk),
      R("tanh_backward_different_shape", U::kTanhBackward, {D({3, 4, 5}), D({3, 4, 5}), D({3, 4, 5})}, kOk),
      R("tanh_backward_1d", U::kTanhBackward, {D({5}), D({5}), D({5})}, kOk),
      R("tanh_backward_grad_output_nullptr", U::kTanhBackward, {kNone, D({2, 3}), D({2, 3})}, kNull),
      R("tanh_backward_output_nullptr", U::kTanhBackward, {D({2, 3}), kNone, D({2, 3})}, kNull),
      R("tanh_backward_grad_input_nullptr", U::kTanhBackward, {D({2, 3}), D({2, 3}), kNone}, kNull),
      R("tanh_backward_unsupported_dtype", U::kTanhBackward,
        {D({2, 3}, ACL_INT32), D({2, 3}, ACL_INT32), D({2, 3}, ACL_INT32)}, kInvalid),
      R("tanh_backward_shape_mismatch", U::kTanhBackward, {D({2, 3}), D({3, 2}), D({2, 3})}, kInvalid),
      R("tanh_backward_non_contiguous", U::kTanhBackward, {s54, s54, s54}, kOk),
      R("tanh_backward_empty_tensor", U::kTanhBackward, {D({2, 0}), D({2, 0}), D({2, 0})}, kOk).ZeroWorkspace(),
      R("tanh_backward_big_dim", U::kTanhBackward,
        {D({2, 2, 2, 2, 2, 2, 2, 2, 2}), D({2, 2, 2, 2, 2, 2, 2, 2, 2}), D({2, 2, 2, 2, 2, 2, 2, 2, 2})}, kInvalid),
  };

  // ---- math/cast test_aclnn_cast.cpp: every case is a {2, 3} ND cast into an out of the target dtype but the four
  // failures (26-29) and the empty case 25. ----
  struct Pair {
    const char *name;
    aclDataType from, to;
  };
  const Pair castPairs[] = {
      {"cast_case_1", ACL_FLOAT16, ACL_FLOAT},
      {"cast_case_2", ACL_FLOAT, ACL_INT32},
      {"cast_case_3", ACL_INT32, ACL_FLOAT16},
      {"cast_case_4", ACL_INT32, ACL_FLOAT},
      {"cast_case_5", ACL_INT8, ACL_FLOAT16},
      {"cast_case_6", ACL_UINT8, ACL_FLOAT16},
      {"cast_case_7", ACL_BOOL, ACL_FLOAT16},
      {"cast_case_8", ACL_FLOAT16, ACL_UINT8},
      {"cast_case_9", ACL_FLOAT16, ACL_INT8},
      {"cast_case_10", ACL_FLOAT16, ACL_BOOL},
      {"cast_case_11", ACL_FLOAT16, ACL_INT64},
      {"cast_case_12", ACL_INT64, ACL_FLOAT16},
      {"cast_case_13", ACL_INT64, ACL_INT32},
      {"cast_case_14", ACL_INT32, ACL_INT64},
      {"cast_case_15", ACL_FLOAT, ACL_BOOL},
      {"cast_case_16", ACL_BOOL, ACL_FLOAT},
      {"cast_case_17", ACL_BOOL, ACL_INT32},
      {"cast_case_18", ACL_UINT8, ACL_INT64},
      {"cast_case_19", ACL_INT64, ACL_UINT8},
      {"cast_case_20", ACL_BOOL, ACL_INT64},
      {"cast_case_21", ACL_INT64, ACL_BOOL},
      {"cast_case_22", ACL_BOOL, ACL_INT8},
      {"cast_case_23", ACL_INT8, ACL_BOOL},
      {"cast_case_24", ACL_FLOAT16, ACL_FLOAT16},
      {"cast_ascend910B2_case_30", ACL_BF16, ACL_FLOAT},
      {"cast_ascend910B2_case_33", ACL_FLOAT, ACL_BF16},
      {"cast_ascend910B2_case_34", ACL_BF16, ACL_INT32},
      {"cast_ascend910B2_case_35", ACL_INT32, ACL_BF16},
      {"cast_ascend910B2_case_36", ACL_BF16, ACL_FLOAT16},
      {"cast_ascend910B2_case_37", ACL_FLOAT16, ACL_BF16},
      {"cast_ascend910B2_case_38", ACL_BF16, ACL_BOOL},
      {"cast_ascend910B2_case_39", ACL_BOOL, ACL_BF16},
      {"cast_ascend910B2_case_40", ACL_BF16, ACL_INT8},
      {"cast_ascend910B2_case_41", ACL_INT8, ACL_BF16},
      {"cast_ascend910B2_case_42", ACL_BF16, ACL_UINT8},
      {"cast_ascend910B2_case_43", ACL_UINT8, ACL_BF16},
      {"cast_ascend910B2_case_44", ACL_BF16, ACL_INT64},
      {"cast_ascend910B2_case_45", ACL_INT64, ACL_BF16},
      {"cast_ascend910B2_case_46", ACL_BF16, ACL_BF16},
      {"cast_case_47", ACL_DOUBLE, ACL_FLOAT},
      {"cast_case_48", ACL_DOUBLE, ACL_INT32},
      {"cast_case_49", ACL_DOUBLE, ACL_INT64},
      {"cast_case_50", ACL_INT16, ACL_FLOAT16},
      {"cast_case_51", ACL_UINT16, ACL_FLOAT16},
      {"cast_case_52", ACL_UINT32, ACL_FLOAT16},
      {"cast_case_53", ACL_UINT64, ACL_FLOAT16},
      {"cast_case_54", ACL_INT16, ACL_FLOAT},
      {"cast_case_55", ACL_UINT16, ACL_FLOAT},
      {"cast_case_56", ACL_UINT32, ACL_FLOAT},
      {"cast_case_57", ACL_UINT64, ACL_FLOAT},
      {"cast_case_58", ACL_FLOAT, ACL_INT16},
      {"cast_case_59", ACL_FLOAT, ACL_UINT16},
      {"cast_case_60", ACL_FLOAT, ACL_UINT32},
      {"cast_case_61", ACL_FLOAT, ACL_UINT64},
      {"cast_case_62", ACL_FLOAT16, ACL_INT16},
      {"cast_case_63", ACL_FLOAT16, ACL_UINT16},
      {"cast_case_64", ACL_FLOAT16, ACL_UINT32},
      {"cast_case_65", ACL_FLOAT16, ACL_UINT64},
      {"cast_case_66", ACL_INT32, ACL_INT16},
      {"cast_case_67", ACL_INT32, ACL_UINT16},
      {"cast_case_68", ACL_INT32, ACL_UINT32},
      {"cast_case_69", ACL_INT32, ACL_UINT64},
      {"cast_case_70", ACL_INT64, ACL_INT16},
      {"cast_case_71", ACL_INT64, ACL_UINT16},
      {"cast_case_72", ACL_INT64, ACL_UINT32},
      {"cast_case_73", ACL_INT64, ACL_UINT64},
  };
  for (const Pair &p : castPairs) r.push_back(Cast23(p.name, p.from, p.to));
  r.push_back(CastRow("cast_case_25_empty", D({0}, ACL_FLOAT16), ACL_FLOAT, D({0}), kOk).ZeroWorkspace());
  r.push_back(CastRow("cast_case_26_null_self", kNone, ACL_FLOAT, D({2, 3}), kNull));
  r.push_back(CastRow("cast_case_27_null_out", D({2, 3}, ACL_FLOAT16), ACL_FLOAT, kNone, kNull));
  r.push_back(CastRow("cast_case_28_out_shape", D({2, 4}, ACL_FLOAT16), ACL_FLOAT, D({2, 3}), kInvalid));
  r.push_back(CastRow("cast_case_29_rank9", D({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT16), ACL_FLOAT,
                      D({1, 1, 1, 1, 1, 1, 1, 1, 1}), kInvalid));

  // ---- conversion/view_copy test_copy.cpp: InplaceCopy(selfRef, src) ----
  const std::vector<UtRow> copyRows = {
      R("copy_case_empty", U::kCopy, {D({2, 0}), D({2, 0})}, kOk).ZeroWorkspace(),
      R("copy_case_int8_to_int8", U::kCopy, {D({2, 3}, ACL_INT8), D({2, 3}, ACL_INT8)}, kOk),
      R("copy_case_int16_to_int16", U::kCopy, {D({2, 3}, ACL_INT16), D({2, 3}, ACL_INT16)}, kOk),
      R("copy_case_int32_to_int32", U::kCopy, {D({2, 3}, ACL_INT32), D({2, 3}, ACL_INT32)}, kOk),
      R("copy_case_float_to_float", U::kCopy, {D({2, 3}), D({2, 3})}, kOk),
      R("copy_case_float16_to_float16", U::kCopy, {D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16)}, kOk),
      R("copy_case_bool_to_bool", U::kCopy, {D({2, 3}, ACL_BOOL), D({2, 3}, ACL_BOOL)}, kOk),
      R("copy_case_double_to_float16", U::kCopy, {D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_DOUBLE)}, kOk),
      R("copy_case_float_to_int32", U::kCopy, {D({2, 3}, ACL_INT32), D({2, 3})}, kOk),
      R("copy_case_double_to_complex64", U::kCopy, {D({2, 3}, ACL_COMPLEX64), D({2, 3}, ACL_DOUBLE)}, kOk),
      R("copy_case_uint32_to_uint16", U::kCopy, {D({2, 3}, ACL_UINT16), D({2, 3}, ACL_UINT32)}, kOk),
      R("copy_case_uint32_to_uint64", U::kCopy, {D({2, 3}, ACL_UINT64), D({2, 3}, ACL_UINT32)}, kOk),
      R("copy_case_float32_to_float32_broadcast", U::kCopy, {D({4, 5}), D({4, 1})}, kOk),
      R("copy_case_int32_to_int32_broadcast", U::kCopy, {D({4, 5}, ACL_INT32), D({1, 5}, ACL_INT32)}, kOk),
      R("copy_case_double_to_double_broadcast", U::kCopy, {D({4, 5}, ACL_DOUBLE), D({1, 5}, ACL_DOUBLE)}, kOk),
      R("copy_case_float16_to_int32_broadcast", U::kCopy, {D({4, 5}, ACL_INT32), D({1, 5}, ACL_FLOAT16)}, kOk),
      R("copy_case_float32_to_int32_broadcast", U::kCopy, {D({4, 5}, ACL_INT32), D({1, 5})}, kOk),
      R("copy_case_float32_to_double_broadcast", U::kCopy, {D({4, 5}, ACL_DOUBLE), D({1, 5})}, kOk),
      R("copy_case_int64_to_int8_broadcast", U::kCopy, {D({4, 5}, ACL_INT8), D({1, 5}, ACL_INT64)}, kOk),
      R("copy_case_float32_to_bool_broadcast", U::kCopy, {D({4, 5}, ACL_BOOL), D({1, 5})}, kOk),
      R("copy_case_float_to_bfloat16", U::kCopy, {D({2, 3}), D({2, 3}, ACL_BF16)}, kOk),
      R("copy_case_bfloat16_to_float", U::kCopy, {D({2, 3}, ACL_BF16), D({2, 3})}, kOk),
      R("copy_case_complex64_to_float", U::kCopy, {D({2, 3}), D({2, 3}, ACL_COMPLEX64)}, kOk),
      R("copy_case_invalid_shape_9_dims", U::kCopy,
        {D({5, 4, 6, 1, 1, 1, 1, 1, 1}, ACL_BOOL), D({5, 4, 6, 1, 1, 1, 1, 1, 1}, ACL_BOOL)}, kInvalid),
  };
  r.insert(r.end(), copyRows.begin(), copyRows.end());

  // ---- math/zero_op test_aclnn_zero.cpp ----
  r.push_back(R("zero_unsupported_type_uint32", U::kZero, {D({2, 3}, ACL_UINT32)}, kInvalid));
  r.push_back(R("zero_test_null_empty", U::kZero, {D({2, 0})}, kOk).ZeroWorkspace());
  const std::pair<const char *, aclDataType> zeroDtypes[] = {
      {"zero_int8", ACL_INT8},     {"zero_int32", ACL_INT32},         {"zero_int64", ACL_INT64},
      {"zero_uint8", ACL_UINT8},   {"zero_float16", ACL_FLOAT16},     {"zero_float32", ACL_FLOAT},
      {"zero_bool", ACL_BOOL},     {"zero_double", ACL_DOUBLE},       {"zero_int16", ACL_INT16},
      {"zero_uint16", ACL_UINT16}, {"zero_complex64", ACL_COMPLEX64}, {"zero_complex128", ACL_COMPLEX128},
      {"zero_bf16", ACL_BF16}};
  for (const auto &z : zeroDtypes) r.push_back(R(z.first, U::kZero, {D({2, 4}, z.second)}, kOk));
  r.push_back(R("zero_max_dim", U::kZero, {D({1, 1, 1, 1, 1, 1, 1, 2})}, kOk));
  r.push_back(R("zero_multi_dim_double", U::kZero, {D({1, 2, 3, 4}, ACL_DOUBLE)}, kOk));

  // ---- conversion/fill test_aclnn_fill_scalar.cpp (the vendor's float scalar 8.88888f, double 8.88888, int 8) ----
  const Sc f = S(ACL_FLOAT, 8.88888), d = S(ACL_DOUBLE, 8.88888);
  const std::vector<UtRow> fillRows = {
      R("fill_case_001_FLOAT", U::kFill, {D({8, 9})}, kOk).Scalar(f),
      R("fill_case_002_FLOAT16", U::kFill, {D({8, 9}, ACL_FLOAT16)}, kOk).Scalar(f),
      R("fill_case_003_INT32", U::kFill, {D({8, 9}, ACL_INT32)}, kOk).Scalar(f),
      R("fill_case_004_INT64", U::kFill, {D({8, 9}, ACL_INT64)}, kOk).Scalar(f),
      R("fill_case_005_INT16", U::kFill, {D({8, 9}, ACL_INT16)}, kOk).Scalar(f),
      R("fill_case_006_INT8", U::kFill, {D({8, 9}, ACL_INT8)}, kOk).Scalar(f),
      R("fill_case_007_UINT8", U::kFill, {D({8, 9}, ACL_UINT8)}, kOk).Scalar(f),
      R("fill_case_008_BOOL", U::kFill, {D({8, 9}, ACL_BOOL)}, kOk).Scalar(S(ACL_INT32, 1)),
      R("fill_case_009_DOUBLE", U::kFill, {D({8, 9}, ACL_DOUBLE)}, kOk).Scalar(d),
      R("fill_case_010_COMPLEX64", U::kFill, {D({8, 9}, ACL_COMPLEX64)}, kOk).Scalar(f),
      R("fill_case_011_COMPLEX128", U::kFill, {D({8, 9}, ACL_COMPLEX128)}, kOk).Scalar(d),
      R("fill_case_012_NHWC", U::kFill, {D({8, 9}, ACL_INT32, ACL_FORMAT_NHWC)}, kOk).Scalar(f),
      R("fill_case_013_NCHW", U::kFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_NCHW)}, kOk).Scalar(f),
      R("fill_case_014_HWCN", U::kFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_HWCN)}, kOk).Scalar(f),
      R("fill_case_015_NDHWC", U::kFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_NDHWC)}, kOk).Scalar(f),
      R("fill_case_016_NCDHW", U::kFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_NCDHW)}, kOk).Scalar(f),
      R("fill_case_017_NC1HWC0", U::kFill, {D({8, 9}, ACL_INT32, ACL_FORMAT_NC1HWC0)}, kOk).Scalar(f),
      R("fill_case_018_EMPTY", U::kFill, {D({2, 0, 3}, ACL_INT32, ACL_FORMAT_NHWC)}, kOk).Scalar(f).ZeroWorkspace(),
      R("fill_case_019_strided", U::kFill, {Strided({5, 4}, ACL_INT8, {1, 5}, {4, 5})}, kOk).Scalar(f),
      R("fill_case_020_MAX_DIM", U::kFill, {D({2, 3, 2, 3, 2, 2, 2, 2, 3})}, kInvalid).Scalar(f),
      R("fill_case_021_DIM_0", U::kFill, {D({})}, kOk).Scalar(f),
      R("fill_case_022_DIM_1", U::kFill, {D({100})}, kOk).Scalar(f),
      R("fill_case_023_DIM_3", U::kFill, {D({2, 3, 4})}, kOk).Scalar(f),
      R("fill_case_024_DIM_4", U::kFill, {D({2, 3, 4, 5})}, kOk).Scalar(f),
      R("fill_case_025_DIM_5", U::kFill, {D({2, 3, 4, 5, 6})}, kOk).Scalar(f),
      R("fill_case_026_DIM_6", U::kFill, {D({2, 3, 4, 5, 6, 7})}, kOk).Scalar(f),
      R("fill_case_027_DIM_7", U::kFill, {D({2, 3, 4, 5, 6, 7, 8})}, kOk).Scalar(f),
      R("fill_case_028_DIM_8", U::kFill, {D({2, 3, 4, 5, 6, 7, 8, 9})}, kOk).Scalar(f),
      R("fill_case_029_SCALAR_INT", U::kFill, {D({8, 9})}, kOk).Scalar(S(ACL_INT32, 8)),
      R("fill_case_030_SCALAR_DOUBLE", U::kFill, {D({8, 9})}, kOk).Scalar(d),
      R("fill_case_031_SCALAR_BOOL", U::kFill, {D({8, 9}, ACL_BOOL)}, kOk).Scalar(S(ACL_BOOL, 1)),
      // UINT32 is in the CPU's (and the A2 doc's) self list, but a FLOAT scalar does not promote with it.
      R("fill_case_032_uint32_float_scalar", U::kFill, {D({8, 9}, ACL_UINT32)}, kInvalid).Scalar(f),
      R("fill_case_033_SELF_NULLPTR", U::kFill, {kNone}, kNull).Scalar(f),
      R("fill_case_034_VALUE_NULLPTR", U::kFill, {D({8, 9})}, kNull).Scalar(NoSc()),
  };
  r.insert(r.end(), fillRows.begin(), fillRows.end());

  // ---- math/ones_like test_aclnn_ones_like.cpp (InplaceOne). ascend910_l2_ones_test_dtype_bfloat16 runs on the 910
  // (no BF16 there); its double / int16 / int64 duplicates are commented out in the vendor's file. ----
  const std::vector<UtRow> oneRows = {
      R("ones_self_empty", U::kOne, {D({2, 0})}, kOk).ZeroWorkspace(),
      R("ones_dtype_complex64", U::kOne, {D({2, 3}, ACL_COMPLEX64)}, kInvalid),
      R("ones_dtype_complex128", U::kOne, {D({2, 3}, ACL_COMPLEX128)}, kInvalid),
      R("ones_ascend910b_dtype_bfloat16", U::kOne, {D({2, 3}, ACL_BF16)}, kOk),
      R("ones_shape9", U::kOne, {D({2, 3, 1, 1, 1, 1, 1, 1, 1})}, kInvalid),
      R("ones_dtype_float16", U::kOne, {D({2, 3}, ACL_FLOAT16)}, kOk),
      R("ones_dtype_float32", U::kOne, {D({2, 3})}, kOk),
      R("ones_dtype_int8", U::kOne, {D({2, 3}, ACL_INT8)}, kOk),
      R("ones_dtype_int32", U::kOne, {D({2, 3}, ACL_INT32)}, kOk),
      R("ones_dtype_uint8", U::kOne, {D({2, 3}, ACL_UINT8)}, kOk),
      R("ones_dtype_bool", U::kOne, {D({2, 3}, ACL_BOOL)}, kOk),
      R("ones_dtype_double", U::kOne, {D({2, 3}, ACL_DOUBLE)}, kOk),
      R("ones_dtype_int16", U::kOne, {D({2, 3}, ACL_INT16)}, kOk),
      R("ones_dtype_int64", U::kOne, {D({2, 3}, ACL_INT64)}, kOk),
      R("ones_shape_1d", U::kOne, {D({16})}, kOk),
      R("ones_shape_3d", U::kOne, {D({2, 3, 4})}, kOk),
      R("ones_shape_4d", U::kOne, {D({2, 3, 4, 5})}, kOk),
      R("ones_shape_5d", U::kOne, {D({1, 2, 3, 4, 5})}, kOk),
      R("ones_shape_large", U::kOne, {D({1024, 1024})}, kOk),
      R("ones_shape_small", U::kOne, {D({1})}, kOk),
      R("ones_contiguous", U::kOne, {D({3, 4})}, kOk),
      R("ones_non_contiguous", U::kOne, {s54}, kOk),
      R("ones_scalar", U::kOne, {D({})}, kOk),
      R("ones_ascend910_93_dtype_bfloat16", U::kOne, {D({2, 3}, ACL_BF16)}, kOk),
  };
  r.insert(r.end(), oneRows.begin(), oneRows.end());

  // ---- conversion/masked_fill test_aclnn_masked_fill_scalar_l2.cpp (its case_003_INT64 is commented out) ----
  const std::vector<UtRow> maskedRows = {
      R("masked_case_001_FLOAT", U::kMaskedFill, {D({8, 9}), D({8, 9}, ACL_BOOL)}, kOk).Scalar(f),
      R("masked_case_002_FLOAT16", U::kMaskedFill, {D({8, 9}, ACL_FLOAT16), D({8, 9}, ACL_BOOL)}, kOk).Scalar(f),
      R("masked_not_support_int8_mask", U::kMaskedFill, {D({8, 9}, ACL_BF16), D({8, 9}, ACL_INT8)}, kInvalid).Scalar(f),
      R("masked_ascend910B2_support_bf16", U::kMaskedFill, {D({8, 9}, ACL_BF16), D({8, 9}, ACL_BOOL)}, kOk).Scalar(f),
      R("masked_case_004_INT32", U::kMaskedFill, {D({8, 9}, ACL_INT32), D({8, 9}, ACL_BOOL)}, kOk).Scalar(f),
      R("masked_case_006_INT8", U::kMaskedFill, {D({8, 9}, ACL_INT8), D({8, 9}, ACL_BOOL)}, kOk).Scalar(f),
      R("masked_case_008_BOOL", U::kMaskedFill, {D({8, 9}, ACL_BOOL), D({8, 9}, ACL_BOOL)}, kOk)
          .Scalar(S(ACL_INT32, 0)),
      R("masked_case_013_NHWC", U::kMaskedFill, {D({8, 9}, ACL_INT32, ACL_FORMAT_NHWC), D({8, 9}, ACL_BOOL)}, kOk)
          .Scalar(f),
      R("masked_case_014_EMPTY", U::kMaskedFill, {D({2, 0, 3}, ACL_INT32, ACL_FORMAT_NHWC), D({2, 0, 3}, ACL_BOOL)},
        kOk)
          .Scalar(f)
          .ZeroWorkspace(),
      R("masked_case_015_strided", U::kMaskedFill,
        {Strided({5, 4}, ACL_INT8, {1, 5}, {4, 5}), Strided({5, 4}, ACL_BOOL, {1, 5}, {4, 5})}, kOk)
          .Scalar(f),
      R("masked_case_016_MAX_DIM", U::kMaskedFill,
        {D({2, 3, 2, 3, 2, 2, 2, 2, 3}), D({2, 3, 2, 3, 2, 2, 2, 2, 3}, ACL_BOOL)}, kInvalid)
          .Scalar(f),
      R("masked_case_017_NULL_SELF", U::kMaskedFill, {kNone, D({8, 9}, ACL_BOOL)}, kNull).Scalar(f),
      R("masked_case_017_NULL_MASK", U::kMaskedFill, {D({8, 9}, ACL_INT32, ACL_FORMAT_NHWC), kNone}, kNull).Scalar(f),
      R("masked_case_017_NULL_VALUE", U::kMaskedFill, {D({8, 9}, ACL_INT32, ACL_FORMAT_NHWC), D({8, 9}, ACL_BOOL)},
        kNull)
          .Scalar(NoSc()),
      R("masked_case_018_DTYPE_uint32", U::kMaskedFill, {D({8, 9}, ACL_UINT32), D({8, 9}, ACL_BOOL)}, kInvalid)
          .Scalar(f),
      R("masked_case_mask_float", U::kMaskedFill, {D({8, 9}), D({8, 9})}, kInvalid).Scalar(f),
      R("masked_case_019_FORMAT_NC1HWC0", U::kMaskedFill,
        {D({8, 9}, ACL_INT32, ACL_FORMAT_NC1HWC0), D({8, 9}, ACL_BOOL)}, kOk)
          .Scalar(f),
      R("masked_case_020_BROADCAST", U::kMaskedFill, {D({2, 3, 4}), D({3, 4}, ACL_BOOL)}, kOk).Scalar(f),
      R("masked_case_021_BROADCAST_NOK", U::kMaskedFill, {D({2, 3, 4}), D({2, 3, 5}, ACL_BOOL)}, kInvalid).Scalar(f),
      R("masked_case_022_DIM_0", U::kMaskedFill, {D({}), D({}, ACL_BOOL)}, kOk).Scalar(f),
      R("masked_case_023_DIM_1", U::kMaskedFill, {D({100}), D({100}, ACL_BOOL)}, kOk).Scalar(f),
      R("masked_case_024_FORMAT_NCHW", U::kMaskedFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_NCHW), D({8, 9}, ACL_BOOL)},
        kOk)
          .Scalar(f),
      R("masked_case_025_FORMAT_NHWC", U::kMaskedFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_NHWC), D({8, 9}, ACL_BOOL)},
        kOk)
          .Scalar(f),
      R("masked_case_026_FORMAT_HWCN", U::kMaskedFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_HWCN), D({8, 9}, ACL_BOOL)},
        kOk)
          .Scalar(f),
      R("masked_case_027_FORMAT_NDHWC", U::kMaskedFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_NDHWC), D({8, 9}, ACL_BOOL)},
        kOk)
          .Scalar(f),
      R("masked_case_028_FORMAT_NCDHW", U::kMaskedFill, {D({8, 9}, ACL_FLOAT, ACL_FORMAT_NCDHW), D({8, 9}, ACL_BOOL)},
        kOk)
          .Scalar(f),
  };
  r.insert(r.end(), maskedRows.begin(), maskedRows.end());
  return r;
}

// Our rows: each step of each function's check order, two faults at once where the order decides which one is
// reported (the error message names it).
std::vector<UtRow> OrderRows() {
  const Desc f23 = D({2, 3});
  std::vector<UtRow> r = {
      // dtype outside the list
      R("order_neg_uint8_self", U::kNeg, {D({2, 3}, ACL_UINT8), D({2, 3}, ACL_UINT8)}, kInvalid).Msg("self"),
      R("order_exp_int32_self", U::kExp, {D({2, 3}, ACL_INT32), f23}, kInvalid).Msg("self"),
      R("order_sqrt_uint16_self", U::kSqrt, {D({2, 3}, ACL_UINT16), f23}, kInvalid).Msg("self"),
      R("order_rsqrt_uint32_self", U::kRsqrt, {D({2, 3}, ACL_UINT32), f23}, kInvalid).Msg("self"),
      R("order_tanh_double_self", U::kTanh, {D({2, 3}, ACL_DOUBLE), D({2, 3}, ACL_DOUBLE)}, kInvalid).Msg("self"),
      R("order_tanh_complex_self", U::kTanh, {D({2, 3}, ACL_COMPLEX64), D({2, 3}, ACL_COMPLEX64)}, kInvalid),
      // self dtype before rank (both wrong): self is reported
      R("order_exp_dtype_before_rank", U::kExp, {D(k9, ACL_INT32), D(k9)}, kInvalid).Msg("self"),
      // Rsqrt, Tanh: out dtype list before CanCast
      R("order_rsqrt_int_out", U::kRsqrt, {f23, D({2, 3}, ACL_INT32)}, kInvalid).Msg("out"),
      R("order_tanh_double_out", U::kTanh, {f23, D({2, 3}, ACL_DOUBLE)}, kInvalid).Msg("out"),
      // CanCast(compute, out) failures
      R("order_neg_float_to_int32", U::kNeg, {f23, D({2, 3}, ACL_INT32)}, kInvalid),
      R("order_neg_complex_to_float", U::kNeg, {D({2, 3}, ACL_COMPLEX64), f23}, kInvalid),
      R("order_neg_int8_to_bool", U::kNeg, {D({2, 3}, ACL_INT8), D({2, 3}, ACL_BOOL)}, kInvalid),
      R("order_exp_bool_to_int64", U::kExp, {D({2, 3}, ACL_BOOL), D({2, 3}, ACL_INT64)}, kInvalid),
      R("order_sqrt_int64_to_double", U::kSqrt, {D({2, 3}, ACL_INT64), D({2, 3}, ACL_DOUBLE)}, kOk),
      R("order_sqrt_float_to_int32", U::kSqrt, {f23, D({2, 3}, ACL_INT32)}, kInvalid),
      R("order_sqrt_complex_to_double", U::kSqrt, {D({2, 3}, ACL_COMPLEX128), D({2, 3}, ACL_DOUBLE)}, kInvalid),
      R("order_rsqrt_complex_to_float", U::kRsqrt, {D({2, 3}, ACL_COMPLEX64), f23}, kInvalid),
      R("order_tanh_int8_to_int8", U::kTanh, {D({2, 3}, ACL_INT8), D({2, 3}, ACL_INT8)}, kInvalid),
      // CanCast before rank: a cast failure on a rank-9 tensor reports the cast
      R("order_neg_cast_before_rank", U::kNeg, {D(k9), D(k9, ACL_INT32)}, kInvalid).Msg("the result to out"),
      // rank 9 (the vendor's limit is 8, as the CPU's)
      R("order_neg_rank9", U::kNeg, {D(k9, ACL_INT8), D(k9, ACL_INT8)}, kInvalid),
      R("order_exp_rank9", U::kExp, {D(k9), D(k9)}, kInvalid),
      R("order_tanh_rank9", U::kTanh, {D(k9), D(k9)}, kInvalid),
      R("order_rank8_ok", U::kSqrt, {D({1, 1, 1, 1, 1, 1, 2, 3}), D({1, 1, 1, 1, 1, 1, 2, 3})}, kOk),
      // rank before shape: rank-9 self with a different out shape reports the rank
      R("order_rsqrt_rank_before_shape", U::kRsqrt, {D(k9), f23}, kInvalid).Msg("self"),
      // shape mismatch (out of the same numel is still refused)
      R("order_neg_shape", U::kNeg, {f23, D({3, 2})}, kInvalid).Msg("out"),
      R("order_exp_shape_broadcastable", U::kExp, {D({1, 3}), f23}, kInvalid).Msg("out"),
      R("order_sqrt_shape_0d", U::kSqrt, {D({}), D({1})}, kInvalid),
      // Tanh's format rule: self's and out's formats equal (before the rank check), and not device-private
      R("order_tanh_format_differs", U::kTanh, {D({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), f23}, kInvalid).Msg("format"),
      R("order_tanh_format_before_rank", U::kTanh, {D(k9, ACL_FLOAT, ACL_FORMAT_NCHW), D(k9)}, kInvalid).Msg("format"),
      R("order_tanh_private_format", U::kTanh,
        {D({1, 1, 2, 3, 16}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), D({1, 1, 2, 3, 16}, ACL_FLOAT, ACL_FORMAT_NC1HWC0)},
        kInvalid),
      R("order_exp_formats_may_differ", U::kExp, {D({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), f23}, kOk),
      // in-place forms: selfRef must be writable in the op's output list before the out-of-place checks
      R("order_inplace_exp_bool", U::kInplaceExp, {D({2, 3}, ACL_BOOL)}, kInvalid).Msg("selfRef"),
      R("order_inplace_exp_double", U::kInplaceExp, {D({2, 3}, ACL_DOUBLE)}, kOk),
      R("order_inplace_sqrt_int32", U::kInplaceSqrt, {D({2, 3}, ACL_INT32)}, kInvalid).Msg("self"),
      R("order_inplace_sqrt_complex128", U::kInplaceSqrt, {D({2, 3}, ACL_COMPLEX128)}, kOk),
      R("order_inplace_rsqrt_int8", U::kInplaceRsqrt, {D({2, 3}, ACL_INT8)}, kInvalid).Msg("selfRef"),
      R("order_inplace_rsqrt_bf16", U::kInplaceRsqrt, {D({2, 3}, ACL_BF16)}, kOk),
      R("order_inplace_tanh_bool", U::kInplaceTanh, {D({2, 3}, ACL_BOOL)}, kInvalid).Msg("selfRef"),
      R("order_inplace_tanh_bf16", U::kInplaceTanh, {D({2, 3}, ACL_BF16)}, kOk),
      R("order_inplace_tanh_rank9", U::kInplaceTanh, {D(k9)}, kInvalid),
      R("order_inplace_neg_int8", U::kInplaceNeg, {D({2, 3}, ACL_INT8)}, kOk),
      R("order_inplace_neg_int16", U::kInplaceNeg, {D({2, 3}, ACL_INT16)}, kInvalid),
      R("order_inplace_neg_empty", U::kInplaceNeg, {D({0, 3})}, kOk).ZeroWorkspace(),
      R("order_inplace_exp_empty", U::kInplaceExp, {D({0})}, kOk).ZeroWorkspace(),
      // TanhBackward: dtypes, then equality with gradOutput's, ranks, broadcast, gradInput's shape
      R("order_tb_output_dtype", U::kTanhBackward, {f23, D({2, 3}, ACL_INT32), f23}, kInvalid).Msg("output"),
      R("order_tb_output_differs", U::kTanhBackward, {f23, D({2, 3}, ACL_FLOAT16), f23}, kInvalid).Msg("output"),
      R("order_tb_grad_input_differs", U::kTanhBackward, {f23, f23, D({2, 3}, ACL_DOUBLE)}, kInvalid).Msg("gradInput"),
      R("order_tb_double", U::kTanhBackward, {D({2, 3}, ACL_DOUBLE), D({2, 3}, ACL_DOUBLE), D({2, 3}, ACL_DOUBLE)},
        kOk),
      R("order_tb_broadcast", U::kTanhBackward, {D({2, 1, 3}), D({4, 3}), D({2, 4, 3})}, kOk),
      R("order_tb_grad_input_shape", U::kTanhBackward, {D({2, 1, 3}), D({4, 3}), D({4, 3})}, kInvalid).Msg("gradInput"),
      R("order_tb_rank9_output", U::kTanhBackward, {f23, D(k9), D(k9)}, kInvalid).Msg("output"),
      R("order_tb_empty_broadcast", U::kTanhBackward, {D({0, 3}), D({1, 3}), D({0, 3})}, kOk).ZeroWorkspace(),
      // Cast: self dtype, then the target dtype, then rank, then out's shape, then out's dtype
      CastRow("order_cast_self_undefined", D({2, 3}, ACL_DT_UNDEFINED), ACL_FLOAT, f23, kInvalid).Msg("self"),
      CastRow("order_cast_dtype_undefined", f23, ACL_DT_UNDEFINED, f23, kInvalid).Msg("dtype"),
      CastRow("order_cast_dtype_before_rank", D(k9), ACL_DT_UNDEFINED, D(k9), kInvalid).Msg("dtype"),
      CastRow("order_cast_rank_before_shape", D(k9), ACL_FLOAT, f23, kInvalid).Msg("self"),
      CastRow("order_cast_out_dtype_undefined", f23, ACL_FLOAT, D({2, 3}, ACL_DT_UNDEFINED), kInvalid).Msg("out"),
      CastRow("order_cast_out_differs_from_dtype", f23, ACL_FLOAT16, D({2, 3}, ACL_INT8), kOk),
      CastRow("order_cast_complex_to_bool", D({2, 3}, ACL_COMPLEX128), ACL_BOOL, D({2, 3}, ACL_BOOL), kOk),
      CastRow("order_cast_empty", D({3, 0}, ACL_UINT64), ACL_BF16, D({3, 0}, ACL_BF16), kOk).ZeroWorkspace(),
      // InplaceCopy: dtypes, ranks, broadcast, selfRef shape
      R("order_copy_self_undefined", U::kCopy, {D({2, 3}, ACL_DT_UNDEFINED), f23}, kInvalid).Msg("selfRef"),
      R("order_copy_src_undefined", U::kCopy, {f23, D({2, 3}, ACL_DT_UNDEFINED)}, kInvalid).Msg("src"),
      R("order_copy_src_rank9", U::kCopy, {f23, D(k9)}, kInvalid).Msg("src"),
      R("order_copy_not_broadcastable", U::kCopy, {f23, D({3, 2})}, kInvalid),
      R("order_copy_src_larger", U::kCopy, {D({1, 3}), f23}, kInvalid).Msg("selfRef"),
      R("order_copy_src_higher_rank", U::kCopy, {D({3}), D({1, 3})}, kInvalid),
      R("order_copy_empty_src_broadcast", U::kCopy, {D({0, 3}), D({1, 3})}, kOk).ZeroWorkspace(),
      R("order_copy_uint64_complex128", U::kCopy, {D({2, 3}, ACL_UINT64), D({2, 3}, ACL_COMPLEX128)}, kOk),
      // InplaceZero: the vendor's op_api has no rank check; the CPU's engine takes at most 8 dims and refuses
      // more with 161002 (docs/compat.md, "InplaceMul, Muls, InplaceMuls, InplaceZero with more than 8 dims").
      // InplaceOne: rank <= 8 on both.
      R("order_zero_uint64", U::kZero, {D({2, 3}, ACL_UINT64)}, kInvalid),
      R("order_zero_rank9_cpu_limit", U::kZero, {D(k9)}, kInvalid).Msg("rank"),
      R("order_zero_empty", U::kZero, {D({0})}, kOk).ZeroWorkspace(),
      R("order_one_uint16", U::kOne, {D({2, 3}, ACL_UINT16)}, kInvalid),
      R("order_one_empty", U::kOne, {D({4, 0})}, kOk).ZeroWorkspace(),
      // FillScalar: dtype, promotion, rank
      R("order_fill_uint64_same_dtype", U::kFill, {D({2, 3}, ACL_UINT64)}, kOk).Scalar(S(ACL_UINT64, 3)),
      R("order_fill_uint16_int_scalar", U::kFill, {D({2, 3}, ACL_UINT16)}, kInvalid).Scalar(S(ACL_INT32, 3)),
      R("order_fill_uint32_complex_scalar", U::kFill, {D({2, 3}, ACL_UINT32)}, kOk).Scalar(S(ACL_COMPLEX64, 3)),
      R("order_fill_undefined", U::kFill, {D({2, 3}, ACL_DT_UNDEFINED)}, kInvalid).Scalar(S(ACL_FLOAT, 1)),
      R("order_fill_promote_before_rank", U::kFill, {D(k9, ACL_UINT16)}, kInvalid).Scalar(S(ACL_FLOAT, 1)),
      R("order_fill_empty", U::kFill, {D({0, 2})}, kOk).Scalar(S(ACL_FLOAT, 1)).ZeroWorkspace(),
      // MaskedFillScalar: selfRef dtype, mask BOOL, ranks, broadcast, selfRef shape
      R("order_masked_double_self", U::kMaskedFill, {D({2, 3}, ACL_DOUBLE), D({2, 3}, ACL_BOOL)}, kInvalid)
          .Scalar(S(ACL_FLOAT, 1))
          .Msg("selfRef"),
      R("order_masked_int64_self", U::kMaskedFill, {D({2, 3}, ACL_INT64), D({2, 3}, ACL_BOOL)}, kOk)
          .Scalar(S(ACL_FLOAT, 1)),
      R("order_masked_mask_rank9", U::kMaskedFill, {f23, D(k9, ACL_BOOL)}, kInvalid)
          .Scalar(S(ACL_FLOAT, 1))
          .Msg("mask"),
      R("order_masked_mask_larger", U::kMaskedFill, {D({1, 3}), D({2, 3}, ACL_BOOL)}, kInvalid)
          .Scalar(S(ACL_FLOAT, 1))
          .Msg("selfRef"),
      R("order_masked_empty_mask_broadcast", U::kMaskedFill, {D({0, 3}), D({3}, ACL_BOOL)}, kOk)
          .Scalar(S(ACL_FLOAT, 1))
          .ZeroWorkspace(),
  };
  // Every function on an empty tensor: success, workspace 0.
  return r;
}

std::vector<UtRow> AllRows() {
  std::vector<UtRow> r = VendorRows();
  const std::vector<UtRow> o = OrderRows();
  r.insert(r.end(), o.begin(), o.end());
  return r;
}

class UnaryConversionUt : public ::testing::TestWithParam<UtRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(UnaryConversionUt, Phase1Status) {
  const UtRow &row = GetParam();
  Descriptors owned;
  aclTensor *t[3] = {nullptr, nullptr, nullptr};
  for (size_t i = 0; i < row.tensors.size() && i < 3; ++i) t[i] = owned.Make(row.tensors[i]);
  ScalarPtr scalar(nullptr, aclDestroyScalar);
  if (TakesScalar(row.fn) && row.scalar.present) scalar = MakeScalar(row.scalar.dtype, row.scalar.value);
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = UPhase1(row.fn, t[0], t[1], t[2], scalar.get(), row.dtype, &ws, &exec);
  EXPECT_EQ(status, row.expected) << UFnName(row.fn) << ": " << (status != kOk ? aclGetRecentErrMsg() : "success");
  if (status == kOk) {
    EXPECT_NE(exec, nullptr);
    if (row.zeroWorkspace) {
      EXPECT_EQ(ws, 0u);
    }
    aclDestroyAclOpExecutor(exec);
  } else if (!row.message.empty()) {
    ExpectErrorMessage(row.message);
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, UnaryConversionUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<UtRow> &info) { return info.param.name; });

// Every function, every required pointer: null gives 161001 and the message names the parameter.
TEST(UnaryConversionUtNulls, EachPositionOfEachFunction) {
  aclInit(nullptr);
  int checked = 0;
  for (UFn fn : kAllUFns) {
    const int nt = TensorCount(fn);
    // positions 0..nt-1 the tensors, nt the scalar (when taken), then workspaceSize, executor
    const int positions = nt + (TakesScalar(fn) ? 1 : 0) + 2;
    for (int pos = 0; pos < positions; ++pos) {
      Descriptors owned;
      aclTensor *t[3] = {nullptr, nullptr, nullptr};
      for (int i = 0; i < nt; ++i) {
        const aclDataType dt = fn == UFn::kMaskedFill && i == 1 ? ACL_BOOL : ACL_FLOAT;
        if (i != pos) t[i] = owned.Make(D({2, 3}, dt));
      }
      ScalarPtr scalar = MakeScalar(ACL_FLOAT, Num::F(2));
      const int scalarPos = TakesScalar(fn) ? nt : -1, wsPos = positions - 2, execPos = positions - 1;
      uint64_t ws = 0;
      aclOpExecutor *exec = nullptr;
      const aclnnStatus status = UPhase1(fn, t[0], t[1], t[2], pos == scalarPos ? nullptr : scalar.get(), ACL_FLOAT,
                                         pos == wsPos ? nullptr : &ws, pos == execPos ? nullptr : &exec);
      EXPECT_EQ(status, kNull) << UFnName(fn) << " position " << pos;
      if (status == kOk) aclDestroyAclOpExecutor(exec);
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
}

// The workspace and executor pointers are checked before the tensors: a null workspaceSize with a null self is
// reported as workspaceSize.
TEST(UnaryConversionUtNulls, WorkspacePointerFirst) {
  aclInit(nullptr);
  for (UFn fn : kAllUFns) {
    aclOpExecutor *exec = nullptr;
    EXPECT_EQ(UPhase1(fn, nullptr, nullptr, nullptr, nullptr, ACL_FLOAT, nullptr, &exec), kNull) << UFnName(fn);
    ExpectErrorMessage("workspaceSize");
  }
}

// Every function on an empty tensor: success with workspace 0.
TEST(UnaryConversionUtEmpty, EveryFunctionWorkspaceZero) {
  aclInit(nullptr);
  for (UFn fn : kAllUFns) {
    Descriptors owned;
    aclTensor *t[3] = {nullptr, nullptr, nullptr};
    for (int i = 0; i < TensorCount(fn); ++i)
      t[i] = owned.Make(D({3, 0}, fn == UFn::kMaskedFill && i == 1 ? ACL_BOOL : ACL_FLOAT));
    ScalarPtr scalar = MakeScalar(ACL_FLOAT, Num::F(2));
    uint64_t ws = 777;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(UPhase1(fn, t[0], t[1], t[2], scalar.get(), ACL_FLOAT16, &ws, &exec), kOk) << UFnName(fn);
    EXPECT_EQ(ws, 0u) << UFnName(fn);
    aclDestroyAclOpExecutor(exec);
  }
}

}  // namespace
}  // namespace aclcpu_test::unary_conversion_ut_test
