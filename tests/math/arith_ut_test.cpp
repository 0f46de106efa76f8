// Phase 1 of the 16 arithmetic functions (Add, Sub, Mul, Div: tensor and scalar, in place or not) as a
// table: every case of the vendor's op_api UT files (math/add/.../test_aclnn_add.cpp,
// test_aclnn_inplace_add.cpp, math/sub/.../test_aclnn_sub.cpp, math/mul/.../test_aclnn_mul.cpp,
// math/muls/.../test_aclnn_muls.cpp, math/div/.../test_aclnn_div.cpp) with the status the A2 (ASCEND910B)
// expects, then our rows for each step of common-rules.md §8's check order, two faults at once where the
// order decides which one is reported (the error message names it). Descriptors carry no data.
#include <string>

#include "common/ut_descriptors.h"
#include "math/arith_tester.h"

namespace aclcpu_test::arith_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

// A scalar argument: dtype and value, or absent (nullptr).
struct Sc {
  aclDataType dtype = ACL_FLOAT;
  Num value = Num::F(1);
  bool present = true;
};
Sc S(aclDataType t, double v) {
  return {t, IsFloatDT(t) || IsComplexDT(t) ? Num::F(v) : Num::I(static_cast<int64_t>(v)), true};
}
Sc SC(aclDataType t, double re, double im) { return {t, Num::F(re, im), true}; }
Sc NoSc() { return {ACL_FLOAT, Num::F(0), false}; }
Desc Strided(std::vector<int64_t> shape, aclDataType t, std::vector<int64_t> strides,
             std::vector<int64_t> storage = {}) {
  return {std::move(shape), t, ACL_FORMAT_ND, true, std::move(strides), std::move(storage)};
}

// One phase-1 call: the function, its tensors (other for the tensor forms, the scalar for the scalar
// forms, out for the out-of-place forms) and alpha (Add/Sub), the expected status and, for a failure,
// a piece of the error message (which check reported it).
struct UtRow {
  std::string name;
  ArithFn fn;
  Desc self, other;
  Sc scalar, alpha;
  Desc out;
  aclnnStatus expected;
  std::string message;
  bool nullWorkspace = false, nullExecutor = false, emptyWorkspace = false;

  UtRow &Msg(std::string m) {
    message = std::move(m);
    return *this;
  }
  UtRow &NoWorkspacePtr() {
    nullWorkspace = true;
    return *this;
  }
  UtRow &NoExecutorPtr() {
    nullExecutor = true;
    return *this;
  }
  UtRow &ZeroWorkspace() {
    emptyWorkspace = true;
    return *this;
  }
};

// Add / Sub / InplaceAdd / InplaceSub (out is ignored by the in-place forms).
UtRow AddLike(std::string name, ArithFn fn, Desc self, Desc other, Sc alpha, Desc out, aclnnStatus st) {
  return {std::move(name), fn,   std::move(self), std::move(other), NoSc(), alpha, std::move(out), st, "", false,
          false,           false};
}
// Adds / Subs / InplaceAdds / InplaceSubs.
UtRow AddsLike(std::string name, ArithFn fn, Desc self, Sc scalar, Sc alpha, Desc out, aclnnStatus st) {
  return {std::move(name), fn, std::move(self), Null(), scalar, alpha, std::move(out), st, "", false, false, false};
}
// Mul / Div / InplaceMul / InplaceDiv.
UtRow MulLike(std::string name, ArithFn fn, Desc self, Desc other, Desc out, aclnnStatus st) {
  return {std::move(name), fn,   std::move(self), std::move(other), NoSc(), NoSc(), std::move(out), st, "", false,
          false,           false};
}
// Muls / Divs / InplaceMuls / InplaceDivs.
UtRow MulsLike(std::string name, ArithFn fn, Desc self, Sc scalar, Desc out, aclnnStatus st) {
  return {std::move(name), fn, std::move(self), Null(), scalar, NoSc(), std::move(out), st, "", false, false, false};
}

using F = ArithFn;
const Desc kNone = Null();
const std::vector<int64_t> k9{7, 9, 11, 3, 4, 6, 9, 2, 2}, k9b{1, 2, 3, 4, 5, 6, 7, 8, 9};

std::vector<UtRow> VendorRows() {
  const Sc one = S(ACL_FLOAT, 1.0), f12 = S(ACL_FLOAT, 1.2), i2 = S(ACL_INT64, 2), i5 = S(ACL_INT64, 5);
  const Desc f4d = D({1, 16, 1, 1}, ACL_FLOAT, ACL_FORMAT_NCHW);
  const Desc strided54 = Strided({5, 4}, ACL_FLOAT, {1, 5}, {4, 5});
  std::vector<UtRow> r = {
      // ---- test_aclnn_add.cpp (l2_add_test) ----
      AddLike("add_case_1", F::kAdd, f4d, f4d, one, f4d, kOk),
      AddLike("add_case_nullptr", F::kAdd, kNone, kNone, NoSc(), f4d, kNull),
      AddLike("add_case_001", F::kAdd, D({2, 3}), D({2, 3}), one, D({2, 3}), kOk),
      AddLike("add_Ascend910B2_case_002", F::kAdd, D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC),
              D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC), f12, D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC), kOk),
      AddLike("add_case_003", F::kAdd, D({2, 3, 4, 5}, ACL_INT32, ACL_FORMAT_NCHW),
              D({2, 3, 4, 5}, ACL_INT32, ACL_FORMAT_NCHW), i2, D({2, 3, 4, 5}, ACL_INT32, ACL_FORMAT_NCHW), kOk),
      AddLike("add_case_004", F::kAdd, D({2, 3, 4, 5}, ACL_INT64, ACL_FORMAT_NCHW), D({4, 5}, ACL_INT64), i5,
              D({2, 3, 4, 5}, ACL_INT64, ACL_FORMAT_NCHW), kOk),
      AddLike("add_case_006", F::kAdd, D({5, 2, 5, 6, 3}, ACL_INT8, ACL_FORMAT_NDHWC),
              D({5, 2, 5, 6, 3}, ACL_INT8, ACL_FORMAT_NDHWC), i2, D({5, 2, 5, 6, 3}, ACL_INT8, ACL_FORMAT_NDHWC), kOk),
      AddLike("add_case_007", F::kAdd, D({5, 2, 5, 6, 3}, ACL_UINT8, ACL_FORMAT_NCDHW),
              D({5, 2, 5, 6, 3}, ACL_UINT8, ACL_FORMAT_NCDHW), i2, D({5, 2, 5, 6, 3}, ACL_UINT8, ACL_FORMAT_NCDHW),
              kOk),
      AddLike("add_case_008_bool", F::kAdd, D({1, 2, 3}, ACL_BOOL), D({1, 2, 3}, ACL_BOOL), i2, D({1, 2, 3}, ACL_BOOL),
              kOk),
      AddLike("add_case_011_complex_broadcast", F::kAdd, D({6, 3}, ACL_COMPLEX64),
              D({2, 5, 6, 3}, ACL_COMPLEX64, ACL_FORMAT_HWCN), f12, D({2, 5, 6, 3}, ACL_COMPLEX64, ACL_FORMAT_HWCN),
              kOk),
      AddsLike("add_case_012_adds_out_shape", F::kAdds, D({6, 3}, ACL_COMPLEX128), f12, f12,
               D({2, 5, 6, 3}, ACL_COMPLEX128, ACL_FORMAT_HWCN), kInvalid),
      // The vendor builds this COMPLEX64 scalar from a float; (1, 0) here.
      AddsLike("add_case_fp32_complex64", F::kAdds, D({6, 3}), SC(ACL_COMPLEX64, 1, 0), f12,
               D({2, 5, 6, 3}, ACL_COMPLEX64, ACL_FORMAT_HWCN), kInvalid),
      AddLike("add_case_013_fp16_into_fp32", F::kAdd, D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC),
              D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC), i2, D({2, 3, 4, 5}, ACL_FLOAT, ACL_FORMAT_NHWC), kOk),
      AddLike("add_case_014_int32_into_int64", F::kAdd, D({7, 9, 11, 3, 4, 6}, ACL_INT32),
              D({7, 9, 11, 3, 4, 6}, ACL_INT32), i2, D({7, 9, 11, 3, 4, 6}, ACL_INT64), kOk),
      AddLike("add_case_015_float_int32", F::kAdd, D({7, 9, 11, 3, 4, 6, 9}), D({7, 9, 11, 3, 4, 6, 1}, ACL_INT32),
              S(ACL_FLOAT, 2.5), D({7, 9, 11, 3, 4, 6, 9}), kOk),
      AddLike("add_case_16_empty", F::kAdd, D({7, 0, 6}, ACL_INT32, ACL_FORMAT_NHWC), D({7, 1, 6}, ACL_INT32), i5,
              D({7, 0, 6}, ACL_INT32, ACL_FORMAT_NHWC), kOk)
          .ZeroWorkspace(),
      AddLike("add_case_017_strided", F::kAdd, strided54, strided54, one, D({5, 4}), kOk),
      AddLike("add_case_019_rank9", F::kAdd, D(k9), D(k9), f12, D(k9), kInvalid),
      AddLike("add_case_020_null_alpha", F::kAdd, D({10, 5}), D({10, 5}), NoSc(), D({10, 5}), kNull),
      AddLike("add_case_020_null_self", F::kAdd, kNone, D({10, 5}), S(ACL_FLOAT, 5.9), D({10, 5}), kNull),
      AddLike("add_case_020_null_other", F::kAdd, D({10, 5}), kNone, S(ACL_FLOAT, 5.9), D({10, 5}), kNull),
      AddLike("add_case_020_null_out", F::kAdd, D({10, 5}), D({10, 5}), S(ACL_FLOAT, 5.9), kNone, kNull),
      AddLike("add_case_021_uint32", F::kAdd, D({10, 5}, ACL_UINT32), D({10, 5}, ACL_UINT32), i5,
              D({10, 5}, ACL_UINT32), kInvalid),
      AddLike("add_case_022_no_broadcast", F::kAdd, D({10, 5, 2, 10}, ACL_FLOAT, ACL_FORMAT_NHWC),
              D({10, 5, 5, 10}, ACL_FLOAT, ACL_FORMAT_NHWC), S(ACL_FLOAT, 5.9),
              D({10, 5, 2, 10}, ACL_FLOAT, ACL_FORMAT_NHWC), kInvalid),
      AddLike("add_case_022_out_shape", F::kAdd, D({10, 5, 5, 10}, ACL_FLOAT, ACL_FORMAT_NHWC),
              D({10, 5, 5, 10}, ACL_FLOAT, ACL_FORMAT_NHWC), S(ACL_FLOAT, 5.9),
              D({10, 5, 10, 5}, ACL_FLOAT, ACL_FORMAT_NHWC), kInvalid),
      AddLike("add_case_026_float_alpha_int", F::kAdd, D({10, 5}, ACL_INT32), D({10, 5}, ACL_INT32), S(ACL_FLOAT, 5.9),
              D({10, 5}, ACL_INT32), kInvalid),
      AddLike("add_case_026_float_into_int", F::kAdd, D({10, 5}), D({10, 5}), S(ACL_FLOAT, 5.9), D({10, 5}, ACL_INT32),
              kInvalid),
      AddsLike("add_case_027_adds_out_shape", F::kAdds, D({10, 5}, ACL_INT32), i5, i5, D({10, 1}, ACL_INT32), kInvalid),
      AddsLike("add_case_029_adds", F::kAdds, D({1, 2, 3}), i2, i2, D({1, 2, 3}), kOk),
      AddsLike("add_case_030_null_alpha", F::kAdds, D({10, 5}), S(ACL_FLOAT, 5.9), NoSc(), D({10, 5}), kNull),
      AddsLike("add_case_030_null_self", F::kAdds, kNone, S(ACL_FLOAT, 5.9), S(ACL_FLOAT, 5.9), D({10, 5}), kNull),
      AddsLike("add_case_030_null_other", F::kAdds, D({10, 5}), NoSc(), S(ACL_FLOAT, 5.9), D({10, 5}), kNull),
      AddsLike("add_case_030_null_out", F::kAdds, D({10, 5}), S(ACL_FLOAT, 5.9), S(ACL_FLOAT, 5.9), kNone, kNull),
      AddsLike("add_case_031_adds_rank9", F::kAdds, D(k9), f12, f12, D(k9), kInvalid),
      AddsLike("add_case_032_adds_bool", F::kAdds, D({1, 2, 3}, ACL_BOOL), S(ACL_BOOL, 0), i2, D({1, 2, 3}, ACL_BOOL),
               kOk),
      AddsLike("add_case_033_adds_empty", F::kAdds, D({1, 2, 0, 5}, ACL_INT32), i2, i2, D({1, 2, 0, 5}, ACL_INT32), kOk)
          .ZeroWorkspace(),
      AddsLike("add_case_034_adds_mul_add", F::kAdds, D({1, 2, 4, 5}, ACL_INT32), i2, i2, D({1, 2, 4, 5}, ACL_INT32),
               kOk),
      // int64 self, DOUBLE scalar, FLOAT out: rule 3 of the A2 scalar promotion gives FLOAT.
      AddsLike("add_Ascend910B2_case_034", F::kAdds, D({1, 2, 4, 5}, ACL_INT64), S(ACL_DOUBLE, 2.0), S(ACL_DOUBLE, 2.0),
               D({1, 2, 4, 5}), kOk),
      // The vendor's four mixed-dtype cases assert only for fp32 + fp16; the A2 rules accept all four.
      AddLike("add_Ascend910B2_case_fp16_fp32_mix_dtype", F::kAdd, D({2, 3}, ACL_FLOAT16), D({2, 3}), one,
              D({2, 3}, ACL_FLOAT16), kOk),
      AddLike("add_Ascend910B2_case_fp32_fp16_mix_dtype", F::kAdd, D({2, 3}), D({2, 3}, ACL_FLOAT16), one, D({2, 3}),
              kOk),
      AddLike("add_Ascend910B2_case_bf16_fp32_mix_dtype", F::kAdd, D({2, 3}, ACL_BF16), D({2, 3}), one,
              D({2, 3}, ACL_BF16), kOk),
      AddLike("add_Ascend910B2_case_fp32_bf16_mix_dtype", F::kAdd, D({2, 3}), D({2, 3}, ACL_BF16), one, D({2, 3}), kOk),
      AddsLike("add_Ascend910_93_case_027", F::kAdds, D({10, 5}, ACL_INT32), i5, i5, D({10, 1}, ACL_INT32), kInvalid),
      // Ascend950PR_89 cases: the vendor runs them on the 950; the A2 rules give the same status.
      AddLike("add_Ascend950PR_89_case_005", F::kAdd, D({2, 3}, ACL_INT32), D({2, 3}, ACL_INT32), S(ACL_INT32, 2),
              D({2, 3}, ACL_INT32), kOk),
      AddsLike("add_Ascend950PR_89_case_007", F::kAdds, D({2, 3}, ACL_INT32), S(ACL_INT32, 2), S(ACL_INT32, 2),
               D({2, 3}, ACL_INT32), kOk),
      AddsLike("add_Ascend910B2_case_bool_bool", F::kAdds, D({10, 5}, ACL_BOOL), S(ACL_BOOL, 1), S(ACL_BOOL, 1),
               D({10, 5}, ACL_FLOAT16), kOk),

      // ---- test_aclnn_inplace_add.cpp (l2_inplace_add_test) ----
      AddLike("inplace_add_case_1", F::kInplaceAdd, f4d, f4d, one, kNone, kOk),
      AddLike("inplace_add_case_nullptr", F::kInplaceAdd, kNone, kNone, NoSc(), kNone, kNull),
      AddLike("inplace_add_case_001", F::kInplaceAdd, D({2, 3}), D({2, 3}), one, kNone, kOk),
      AddLike("inplace_add_case_002", F::kInplaceAdd, D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC),
              D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC), f12, kNone, kOk),
      AddLike("inplace_add_case_003", F::kInplaceAdd, D({2, 3, 4, 5}, ACL_INT32, ACL_FORMAT_NCHW),
              D({2, 3, 4, 5}, ACL_INT32, ACL_FORMAT_NCHW), i2, kNone, kOk),
      AddLike("inplace_add_case_004", F::kInplaceAdd, D({2, 3, 4, 5}, ACL_INT64, ACL_FORMAT_NCHW), D({4, 5}, ACL_INT64),
              i5, kNone, kOk),
      AddLike("inplace_add_case_006", F::kInplaceAdd, D({5, 2, 5, 6, 3}, ACL_INT8, ACL_FORMAT_NDHWC),
              D({5, 2, 5, 6, 3}, ACL_INT8, ACL_FORMAT_NDHWC), i2, kNone, kOk),
      AddLike("inplace_add_case_007", F::kInplaceAdd, D({5, 2, 5, 6, 3}, ACL_UINT8, ACL_FORMAT_NCDHW),
              D({5, 2, 5, 6, 3}, ACL_UINT8, ACL_FORMAT_NCDHW), i2, kNone, kOk),
      AddLike("inplace_add_case_008_bool", F::kInplaceAdd, D({1, 2, 3}, ACL_BOOL), D({1, 2, 3}, ACL_BOOL), i2, kNone,
              kOk),
      AddLike("inplace_add_case_0010_selfref_broadcast", F::kInplaceAdd, D({6, 3}, ACL_DOUBLE),
              D({2, 5, 6, 3}, ACL_DOUBLE, ACL_FORMAT_HWCN), S(ACL_FLOAT, 2.4), kNone, kInvalid),
      AddLike("inplace_add_case_011_selfref_broadcast", F::kInplaceAdd, D({6, 3}, ACL_COMPLEX64),
              D({2, 5, 6, 3}, ACL_COMPLEX64, ACL_FORMAT_HWCN), f12, kNone, kInvalid),
      AddLike("inplace_add_case_013", F::kInplaceAdd, D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC),
              D({2, 3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_NHWC), i2, kNone, kOk),
      AddLike("inplace_add_case_014", F::kInplaceAdd, D({7, 9, 11, 3, 4, 6}, ACL_INT32),
              D({7, 9, 11, 3, 4, 6}, ACL_INT32), i2, kNone, kOk),
      AddLike("inplace_add_case_015", F::kInplaceAdd, D({7, 9, 11, 3, 4, 6, 9}), D({7, 9, 11, 3, 4, 6, 1}, ACL_INT32),
              S(ACL_FLOAT, 2.5), kNone, kOk),
      AddLike("inplace_add_case_16_empty", F::kInplaceAdd, D({7, 0, 6}, ACL_INT32, ACL_FORMAT_NHWC),
              D({7, 1, 6}, ACL_INT32), i5, kNone, kOk)
          .ZeroWorkspace(),
      AddLike("inplace_add_case_017_strided", F::kInplaceAdd, strided54, strided54, one, kNone, kOk),
      AddLike("inplace_add_case_019_rank9", F::kInplaceAdd, D(k9), D(k9), f12, kNone, kInvalid),
      AddLike("inplace_add_case_020_null_alpha", F::kInplaceAdd, D({10, 5}), D({10, 5}), NoSc(), kNone, kNull),
      AddLike("inplace_add_case_020_null_self", F::kInplaceAdd, kNone, D({10, 5}), S(ACL_FLOAT, 5.9), kNone, kNull),
      AddLike("inplace_add_case_020_null_other", F::kInplaceAdd, D({10, 5}), kNone, S(ACL_FLOAT, 5.9), kNone, kNull),
      AddLike("inplace_add_case_021_uint32", F::kInplaceAdd, D({10, 5}, ACL_UINT32), D({10, 5}, ACL_UINT32), i5, kNone,
              kInvalid),
      AddLike("inplace_add_case_022_no_broadcast", F::kInplaceAdd, D({10, 5, 2, 10}, ACL_FLOAT, ACL_FORMAT_NHWC),
              D({10, 5, 5, 10}, ACL_FLOAT, ACL_FORMAT_NHWC), S(ACL_FLOAT, 5.9), kNone, kInvalid),
      AddsLike("inplace_add_case_029_adds", F::kInplaceAdds, D({1, 2, 3}), i2, i2, kNone, kOk),
      AddsLike("inplace_add_case_030_null_alpha", F::kInplaceAdds, D({10, 5}), S(ACL_FLOAT, 5.9), NoSc(), kNone, kNull),
      AddsLike("inplace_add_case_030_null_self", F::kInplaceAdds, kNone, S(ACL_FLOAT, 5.9), S(ACL_FLOAT, 5.9), kNone,
               kNull),
      AddsLike("inplace_add_case_030_null_other", F::kInplaceAdds, D({10, 5}), NoSc(), S(ACL_FLOAT, 5.9), kNone, kNull),
      AddsLike("inplace_add_case_031_rank9", F::kInplaceAdds, D(k9), f12, f12, kNone, kInvalid),
      AddsLike("inplace_add_case_032_bool", F::kInplaceAdds, D({1, 2, 3}, ACL_BOOL), S(ACL_BOOL, 0), i2, kNone, kOk),
      AddsLike("inplace_add_case_033_empty", F::kInplaceAdds, D({1, 2, 0, 5}, ACL_INT32), i2, i2, kNone, kOk)
          .ZeroWorkspace(),
      AddsLike("inplace_add_case_034", F::kInplaceAdds, D({1, 2, 4, 5}, ACL_INT32), i2, i2, kNone, kOk),

      // ---- test_aclnn_sub.cpp (l2_sub_test); its double/NCHW, int16/HWCN and complex-scalar cases are
      // commented out in the vendor file ----
      AddLike("sub_normal_dtype_float32_format_nd", F::kSub, D({2}), D({2}), f12, D({2}), kOk),
      AddLike("sub_normal_dtype_float16_format_nhwc", F::kSub, D({2}, ACL_FLOAT16, ACL_FORMAT_NHWC),
              D({2}, ACL_FLOAT16, ACL_FORMAT_NHWC), f12, D({2}, ACL_FLOAT16, ACL_FORMAT_NHWC), kOk),
      AddLike("sub_normal_dtype_uint8_format_ncdhw", F::kSub, D({6, 3}, ACL_UINT8, ACL_FORMAT_NCDHW),
              D({2, 5, 6, 3}, ACL_UINT8, ACL_FORMAT_NCDHW), i2, D({2, 5, 6, 3}, ACL_UINT8, ACL_FORMAT_NCDHW), kOk),
      AddLike("sub_normal_dtype_int8_format_ndhwc", F::kSub, D({2, 3, 4, 5}, ACL_INT8, ACL_FORMAT_NDHWC),
              D({2, 3, 4, 5}, ACL_INT8, ACL_FORMAT_NDHWC), i2, D({2, 3, 4, 5}, ACL_INT8, ACL_FORMAT_NDHWC), kOk),
      AddLike("sub_normal_dtype_int32", F::kSub, D({7, 9, 11, 3, 4, 6}, ACL_INT32), D({7, 9, 11, 3, 4, 6}, ACL_INT32),
              i2, D({7, 9, 11, 3, 4, 6}, ACL_INT32), kOk),
      AddLike("sub_normal_dtype_bool", F::kSub, D({2, 3}, ACL_BOOL), D({2, 3}, ACL_BOOL), i2, D({2, 3}, ACL_BOOL), kOk),
      AddLike("sub_normal_dtype_int64", F::kSub, D({7, 9, 11, 3, 4, 6, 9}, ACL_INT64),
              D({7, 9, 11, 3, 4, 6, 1}, ACL_INT64), i2, D({7, 9, 11, 3, 4, 6, 9}, ACL_INT64), kOk),
      AddLike("sub_normal_alpha_1", F::kSub, D({2}), D({2}), one, D({2}), kOk),
      AddLike("sub_normal_broadcast", F::kSub, D({4}), D({1}), f12, D({4}), kOk),
      AddLike("sub_normal_empty_tensor", F::kSub, D({0}), D({0}), one, D({0}), kOk).ZeroWorkspace(),
      AddsLike("sub_normal_other_scalar", F::kSubs, D({10, 5}), one, f12, D({10, 5}), kOk),
      AddsLike("sub_Ascend910B2_normal_other_scalar_bf16", F::kSubs, D({10, 5}, ACL_BF16), one, f12,
               D({10, 5}, ACL_BF16), kOk),
      AddLike("sub_Ascend910B2_case", F::kSub, D({2, 3, 4, 5}, ACL_BF16), D({2, 3, 4, 5}, ACL_BF16), f12,
              D({2, 3, 4, 5}, ACL_BF16), kOk),
      AddLike("sub_abnormal_self_nullptr", F::kSub, kNone, D({2}), one, D({2}), kNull),
      AddLike("sub_abnormal_other_nullptr", F::kSub, D({2}), kNone, one, D({2}), kNull),
      AddLike("sub_abnormal_out_nullptr", F::kSub, D({2}), D({2}), one, kNone, kNull),
      AddLike("sub_abnormal_dtype_alpha_int64", F::kSub, D({2}, ACL_UINT32), D({2}, ACL_UINT32), i5, D({2}, ACL_UINT32),
              kInvalid),
      // int32 self, FLOAT scalar: the result is FLOAT, which an int32 out cannot take.
      AddsLike("sub_abnormal_dtype_other_float", F::kSubs, D({10, 5}, ACL_INT32), one, i5, D({10, 5}, ACL_INT32),
               kInvalid),
      AddLike("sub_abnormal_dtype_promote", F::kSub, D({2}), D({2}), f12, D({2}, ACL_INT32), kInvalid),
      AddLike("sub_abnormal_shape_self_other_not_broadcast", F::kSub, D({5, 2}), D({5, 3}), f12, D({5, 2}), kInvalid),
      AddLike("sub_abnormal_shape_dim_greater_than_threshold", F::kSub, D(k9), D(k9), f12, D(k9), kInvalid),
      // Ascend950PR_89 cases: run by the vendor on the 950; the A2 rules give the same status.
      AddLike("sub_Ascend950PR_89_case_001", F::kSub, D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16), one,
              D({2, 3}, ACL_FLOAT16), kOk),
      AddLike("sub_Ascend950PR_89_case_axpy", F::kSub, D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16),
              S(ACL_FLOAT, 2.0), D({2, 3}, ACL_FLOAT16), kOk),
      AddLike("sub_Ascend950PR_89_case_002", F::kSub, D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16), one,
              D({2, 3}, ACL_BF16), kOk),
      AddLike("sub_Ascend950PR_89_case_axpy_v2", F::kSub, D({2, 3}, ACL_INT32), D({2, 3}, ACL_INT32), S(ACL_INT32, 2),
              D({2, 3}, ACL_INT32), kOk),
      AddsLike("sub_Ascend950PR_89_case_003", F::kSubs, D({2, 3}, ACL_FLOAT16), one, one, D({2, 3}, ACL_FLOAT16), kOk),
      AddsLike("sub_Ascend950PR_89_case_004", F::kSubs, D({2, 3}, ACL_FLOAT16), S(ACL_FLOAT, 2.0), S(ACL_FLOAT, 2.0),
               D({2, 3}, ACL_FLOAT16), kOk),
      AddsLike("sub_Ascend950PR_89_case_005", F::kSubs, D({2, 3}, ACL_INT32), S(ACL_INT32, 2), S(ACL_INT32, 2),
               D({2, 3}, ACL_INT32), kOk),

      // ---- test_aclnn_mul.cpp (l2_mul_test) ----
      MulLike("mul_case_nullptr", F::kMul, kNone, kNone, f4d, kNull),
      MulLike("mul_case_001", F::kMul, D({2, 3}), D({2, 3}), D({2, 3}), kOk),
      MulLike("mul_case_002", F::kMul, D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16), kOk),
      MulLike("mul_case_003", F::kMul, D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16), kOk),
      MulLike("mul_case_004", F::kMul, D({2, 3}, ACL_INT8), D({2, 3}, ACL_INT8), D({2, 3}, ACL_INT8), kOk),
      MulLike("mul_case_005", F::kMul, D({2, 3}, ACL_COMPLEX64), D({2, 3}, ACL_COMPLEX64), D({2, 3}, ACL_COMPLEX64),
              kOk),
      MulLike("mul_case_006", F::kMul, D({2, 3}, ACL_BOOL), D({2, 3}, ACL_BOOL), D({2, 3}, ACL_BOOL), kOk),
      MulLike("mul_case_007", F::kMul, D({2, 3}, ACL_INT32), D({2, 3}, ACL_INT32), D({2, 3}, ACL_INT32), kOk),
      MulLike("mul_case_008", F::kMul, D({2, 3}, ACL_INT64), D({2, 3}, ACL_INT64), D({2, 3}, ACL_INT64), kOk),
      MulLike("mul_case_wb_miss_no_broadcast", F::kMul, Strided({8, 64, 16}, ACL_FLOAT16, {16, 128, 1}),
              D({8, 64, 16}, ACL_FLOAT16), D({8, 64, 16}, ACL_FLOAT16), kOk),
      MulLike("mul_case_wb_miss_small_payload", F::kMul, D({8, 8, 8}, ACL_FLOAT16),
              Strided({1, 8, 8}, ACL_FLOAT16, {64, 1, 8}), D({8, 8, 8}, ACL_FLOAT16), kOk),
      MulLike("mul_case_wb_miss_contiguous_run", F::kMul, D({320, 64, 16}, ACL_FLOAT16),
              Strided({1, 64, 16}, ACL_FLOAT16, {1024, 1, 64}), D({320, 64, 16}, ACL_FLOAT16), kOk),
      MulLike("mul_case_wb_miss_zero_stride_broadcast", F::kMul, Strided({64, 64, 32}, ACL_FLOAT16, {32, 0, 1}),
              D({64, 64, 32}, ACL_FLOAT16), D({64, 64, 32}, ACL_FLOAT16), kOk),

      // ---- test_aclnn_muls.cpp (l2_muls_test) ----
      MulsLike("muls_case_nullptr", F::kMuls, kNone, NoSc(), f4d, kNull),
      MulsLike("muls_case_001", F::kMuls, D({10, 5}, ACL_INT32), i5, D({10, 5}, ACL_INT32), kOk),
      MulsLike("muls_case_002", F::kMuls, D({10, 5, 1}, ACL_INT64), i5, D({10, 5, 1}, ACL_INT64), kOk),
      MulsLike("muls_case_005", F::kMuls, D({10, 5}, ACL_COMPLEX64), i5, D({10, 5}, ACL_COMPLEX64), kOk),
      MulsLike("muls_case_006", F::kMuls, D({10, 5}, ACL_FLOAT16), i5, D({10, 5}, ACL_FLOAT16), kOk),
      MulsLike("muls_case_007", F::kMuls, D({10, 5}), i5, D({10, 5}), kOk),
      MulsLike("muls_case_008", F::kMuls, D({10, 5}, ACL_FLOAT, ACL_FORMAT_NCHW), i5,
               D({10, 5}, ACL_FLOAT, ACL_FORMAT_NCHW), kOk),

      // ---- test_aclnn_div.cpp (l2_div_test) ----
      MulLike("div_case_dtype_aicore_support", F::kDiv, D({2, 3}), D({2, 3}, ACL_FLOAT16), D({2, 3}), kOk),
      MulLike("div_case_int8_aicpu_support", F::kDiv, D({2, 3}, ACL_INT16), D({2, 3}, ACL_INT8), D({2, 3}), kOk),
      MulLike("div_case_int32_dtype_support", F::kDiv, D({4, 5}, ACL_INT64), D({4, 5}, ACL_INT32), D({4, 5}), kOk),
      MulLike("div_case_uint8_dtype_support", F::kDiv, D({4, 5}, ACL_UINT8), D({4, 5}, ACL_UINT8), D({4, 5}), kOk),
      MulLike("div_case_bool_dtype_support", F::kDiv, D({4, 5}, ACL_BOOL), D({4, 5}, ACL_BOOL), D({4, 5}), kOk),
      MulLike("div_case_dtype_wrong_self_format", F::kDiv, D({3, 5}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ), D({3, 5}),
              D({3, 5}), kInvalid),
      MulLike("div_case_dtype_wrong_other_format", F::kDiv, D({3, 5}), D({3, 5}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ),
              D({3, 5}), kInvalid),
      MulLike("div_case_dtype_wrong_out_format", F::kDiv, D({3, 5}), D({3, 5}),
              D({3, 5}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ), kInvalid),
      MulsLike("div_case_dtype_wrong_self_format_scalar", F::kDivs, D(k9b, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ),
               S(ACL_FLOAT, 2.0), D(k9b), kInvalid),
      MulsLike("div_case_dtype_wrong_out_format_scalar", F::kDivs, D(k9b), S(ACL_FLOAT, 2.0),
               D(k9b, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ), kInvalid),
      MulLike("div_case_NonContiguous", F::kDiv, strided54, strided54, D({5, 4}), kOk),
      MulLike("div_case_NonContiguous_other_only", F::kDiv, D({5, 4}), strided54, D({5, 4}), kOk),
      MulLike("div_case_NonContiguous_self_only", F::kDiv, strided54, D({5, 4}), D({5, 4}), kOk),
      MulLike("div_case_CheckDtypeValid", F::kDiv, D({10, 5}, ACL_UINT32), D({10, 5}, ACL_UINT32),
              D({10, 5}, ACL_UINT32), kInvalid),
      MulLike("div_case_broadcast", F::kDiv, D({10, 5}), D({3, 5}), D({10, 5}), kInvalid),
      MulLike("div_case_nullptr", F::kDiv, kNone, kNone, D({2, 3}), kNull),
      MulLike("div_case_empty_tensors", F::kDiv, D({7, 0}), D({7, 0}), D({7, 0}), kOk).ZeroWorkspace(),
      MulsLike("div_case_other_scalar_support", F::kDivs, D({4, 5}), S(ACL_FLOAT, 2.0), D({4, 5}), kOk),
      MulsLike("div_case_other_scalar_fp16_fp32_910B", F::kDivs, D({4, 5}, ACL_FLOAT16), S(ACL_FLOAT, 2.0),
               D({4, 5}, ACL_FLOAT16), kOk),
      MulsLike("div_case_other_scalar_bf16_fp32_910B", F::kDivs, D({4, 5}, ACL_BF16), S(ACL_FLOAT, 2.0),
               D({4, 5}, ACL_BF16), kOk),
      MulsLike("div_case_other_scalar_fp16_fp32", F::kDivs, D({4, 5}, ACL_FLOAT16), S(ACL_FLOAT, 2.0),
               D({4, 5}, ACL_FLOAT16), kOk),
      // case_other_scalar_mod calls aclnnDivMods, which is not one of these 16 functions: not here.
      MulsLike("div_case_other_scalar_nullptr", F::kDivs, kNone, NoSc(), D({2, 3}), kNull),
      MulsLike("div_case_other_scalar_CheckDtypeValid", F::kDivs, D({10, 5}, ACL_UINT32), S(ACL_FLOAT, 2.0),
               D({10, 5}, ACL_UINT32), kInvalid),
      MulsLike("div_case_scalar_shape_dim_9", F::kDivs, D(k9b, ACL_FLOAT, ACL_FORMAT_NCHW), S(ACL_FLOAT, 2.0),
               D(k9b, ACL_FLOAT, ACL_FORMAT_NCHW), kInvalid),
      MulLike("div_case_shape_dim_9", F::kDiv, D(k9b, ACL_FLOAT, ACL_FORMAT_NCHW), D(k9b, ACL_FLOAT, ACL_FORMAT_NCHW),
              D(k9b, ACL_FLOAT, ACL_FORMAT_NCHW), kInvalid),
      MulsLike("div_case_inplace_other_scalar_support", F::kInplaceDivs, D({4, 5}), S(ACL_FLOAT, 2.0), kNone, kOk),
      MulLike("div_case_inplace_other_support", F::kInplaceDiv, D({4, 5}), D({4, 5}), kNone, kOk),
      // The vendor switches these to the 950 (its reciprocal-multiply Divs path); the A2 rules give the same
      // status. Its DivMods/InplaceDivMods cases (modes 0 and 2) are for functions not among these 16.
      MulsLike("div_Ascend950PR_89_case_inplace_other_scalar_support", F::kInplaceDivs, D({4, 5}), S(ACL_FLOAT, 2.0),
               kNone, kOk),
      MulsLike("div_ascend950_case_divs_fp32_scalar_canusemuls", F::kDivs, D({4, 5}), S(ACL_FLOAT, 3.0), D({4, 5}),
               kOk),
      MulsLike("div_ascend950_case_divs_fp16_scalar_canusemuls", F::kDivs, D({4, 5}, ACL_FLOAT16), S(ACL_FLOAT, 7.0),
               D({4, 5}, ACL_FLOAT16), kOk),
      MulsLike("div_ascend950_case_divs_bf16_scalar_canusemuls", F::kDivs, D({4, 5}, ACL_BF16), S(ACL_FLOAT, 7.0),
               D({4, 5}, ACL_BF16), kOk),
      MulsLike("div_ascend950_case_divs_fp32_double_scalar_canusemuls", F::kDivs, D({4, 5}), S(ACL_DOUBLE, 3.0),
               D({4, 5}), kOk),
      MulsLike("div_ascend950_case_inplace_divs_fp16_scalar_canusemuls", F::kInplaceDivs, D({4, 5}, ACL_FLOAT16),
               S(ACL_FLOAT, 3.0), kNone, kOk),
      MulsLike("div_ascend950_case_divs_fp16_double_scalar_opmath_float", F::kDivs, D({4, 5}, ACL_FLOAT16),
               S(ACL_DOUBLE, 3.0), D({4, 5}, ACL_FLOAT16), kOk),
      MulsLike("div_ascend950_case_divs_bf16_double_scalar_opmath_float", F::kDivs, D({4, 5}, ACL_BF16),
               S(ACL_DOUBLE, 3.0), D({4, 5}, ACL_BF16), kOk),
  };
  // case_dtype_all_format: every public format is accepted.
  const std::pair<const char *, aclFormat> formats[] = {{"ND", ACL_FORMAT_ND},       {"NCHW", ACL_FORMAT_NCHW},
                                                        {"NHWC", ACL_FORMAT_NHWC},   {"HWCN", ACL_FORMAT_HWCN},
                                                        {"NDHWC", ACL_FORMAT_NDHWC}, {"NCDHW", ACL_FORMAT_NCDHW}};
  for (const auto &f : formats) {
    const Desc d = D({3, 5}, ACL_FLOAT, f.second);
    r.push_back(MulLike(std::string("div_case_dtype_all_format_") + f.first, F::kDiv, d, d, d, kOk));
  }
  return r;
}

// Our rows: one or more per step of the check order (common-rules.md §8 and the differences table),
// and pairs of faults whose order decides the message.
std::vector<UtRow> RuleRows() {
  const Sc one = S(ACL_FLOAT, 1.0), i1 = S(ACL_INT64, 1), two = S(ACL_FLOAT, 2.0);
  const Desc f23 = D({2, 3}), i23 = D({2, 3}, ACL_INT32);
  return {
      // Step 1: workspaceSize / executor pointers.
      AddLike("rule_add_null_workspace_size", F::kAdd, f23, f23, one, f23, kNull).NoWorkspacePtr(),
      AddLike("rule_add_null_executor", F::kAdd, f23, f23, one, f23, kNull).NoExecutorPtr(),
      MulsLike("rule_muls_null_workspace_size", F::kMuls, f23, two, f23, kNull).NoWorkspacePtr(),
      MulLike("rule_inplace_div_null_executor", F::kInplaceDiv, f23, f23, kNone, kNull).NoExecutorPtr(),
      // Step 3: null arguments, in the vendor's order (the message names the first).
      AddLike("rule_add_null_other_and_out", F::kAdd, f23, kNone, one, kNone, kNull).Msg("non-null other"),
      AddLike("rule_add_null_alpha_and_out", F::kAdd, f23, f23, NoSc(), kNone, kNull).Msg("non-null alpha"),
      MulLike("rule_div_null_self_and_out_reports_out", F::kDiv, kNone, f23, kNone, kNull).Msg("non-null out"),
      MulLike("rule_div_null_self_and_other_reports_other", F::kDiv, kNone, kNone, f23, kNull).Msg("non-null other"),
      MulsLike("rule_divs_null_scalar", F::kDivs, f23, NoSc(), f23, kNull).Msg("non-null other"),
      MulsLike("rule_inplace_muls_null_scalar", F::kInplaceMuls, f23, NoSc(), kNone, kNull),
      MulLike("rule_inplace_mul_null_other", F::kInplaceMul, f23, kNone, kNone, kNull),
      AddsLike("rule_inplace_subs_null_alpha", F::kInplaceSubs, f23, one, NoSc(), kNone, kNull),
      AddLike("rule_add_null_self_before_bad_dtype", F::kAdd, kNone, D({2, 3}, ACL_UINT16), one, f23, kNull),
      // Step 4: dtype lists (UINT16 is in no list of the family).
      AddLike("rule_add_self_uint16", F::kAdd, D({2, 3}, ACL_UINT16), f23, one, f23, kInvalid).Msg("self dtype in"),
      AddLike("rule_sub_other_uint16", F::kSub, f23, D({2, 3}, ACL_UINT16), one, f23, kInvalid).Msg("other dtype in"),
      MulLike("rule_mul_other_uint16", F::kMul, f23, D({2, 3}, ACL_UINT16), f23, kInvalid),
      MulLike("rule_div_self_uint64", F::kDiv, D({2, 3}, ACL_UINT64), f23, f23, kInvalid).Msg("self dtype in"),
      AddsLike("rule_adds_self_uint16", F::kAdds, D({2, 3}, ACL_UINT16), one, one, D({2, 3}, ACL_UINT16), kInvalid),
      MulsLike("rule_muls_self_uint16", F::kMuls, D({2, 3}, ACL_UINT16), two, f23, kInvalid),
      MulLike("rule_inplace_mul_selfref_uint32", F::kInplaceMul, D({2, 3}, ACL_UINT32), f23, kNone, kInvalid),
      // out is list-checked by Mul and Muls only; Add, Sub and Div look at it through CanCast alone.
      MulLike("rule_mul_out_uint16", F::kMul, i23, i23, D({2, 3}, ACL_UINT16), kInvalid).Msg("out dtype in"),
      MulsLike("rule_muls_out_uint16", F::kMuls, i23, i1, D({2, 3}, ACL_UINT16), kInvalid).Msg("out dtype in"),
      AddLike("rule_add_out_uint16_is_castable", F::kAdd, i23, i23, i1, D({2, 3}, ACL_UINT16), kOk),
      AddLike("rule_sub_out_uint32_is_castable", F::kSub, i23, i23, i1, D({2, 3}, ACL_UINT32), kOk),
      MulLike("rule_div_int_out_uint16_is_castable", F::kDiv, i23, i23, D({2, 3}, ACL_UINT16), kOk),
      // The scalar's dtype: checked by Divs only.
      AddsLike("rule_adds_scalar_uint32_not_checked", F::kAdds, i23, S(ACL_UINT32, 3), i1, i23, kOk),
      MulsLike("rule_muls_scalar_uint16_not_checked", F::kMuls, i23, S(ACL_UINT16, 3), i23, kOk),
      MulsLike("rule_divs_scalar_uint16", F::kDivs, f23, S(ACL_UINT16, 3), f23, kInvalid).Msg("other dtype in"),
      // Step 5: promotion impossible (tensor-scalar: uintN scalars promote only with themselves and complex).
      AddsLike("rule_adds_bool_with_uint16_scalar", F::kAdds, D({2, 3}, ACL_BOOL), S(ACL_UINT16, 1), i1,
               D({2, 3}, ACL_BOOL), kInvalid)
          .Msg("promote"),
      AddsLike("rule_subs_complex_with_uint64_scalar", F::kSubs, D({2, 3}, ACL_COMPLEX64), S(ACL_UINT64, 1), one,
               D({2, 3}, ACL_COMPLEX64), kInvalid),
      // Step 5: alpha rule.
      AddLike("rule_add_float_alpha_int_tensors", F::kAdd, i23, i23, S(ACL_FLOAT, 2.0), i23, kInvalid).Msg("alpha"),
      AddLike("rule_sub_double_alpha_int_tensors", F::kSub, i23, i23, S(ACL_DOUBLE, 1.0), i23, kInvalid),
      AddLike("rule_add_complex_alpha_real_tensors", F::kAdd, f23, f23, SC(ACL_COMPLEX64, 1, 0), f23, kInvalid),
      AddLike("rule_add_bool_result_float_alpha", F::kAdd, D({2, 3}, ACL_BOOL), D({2, 3}, ACL_BOOL), one,
              D({2, 3}, ACL_BOOL), kInvalid),
      AddLike("rule_add_bool_result_bool_alpha", F::kAdd, D({2, 3}, ACL_BOOL), D({2, 3}, ACL_BOOL), S(ACL_BOOL, 1),
              D({2, 3}, ACL_BOOL), kOk),
      AddLike("rule_add_double_alpha_float_tensors", F::kAdd, f23, f23, S(ACL_DOUBLE, 2.5), f23, kOk),
      AddLike("rule_add_int_alpha_bool_and_int", F::kAdd, D({2, 3}, ACL_BOOL), i23, S(ACL_INT8, 3), i23, kOk),
      AddsLike("rule_adds_float_alpha_int_self", F::kAdds, i23, i1, S(ACL_FLOAT, 2.0), i23, kInvalid),
      AddsLike("rule_inplace_subs_float_alpha_int_self", F::kInplaceSubs, i23, i1, S(ACL_FLOAT, 1.0), kNone, kInvalid),
      // Step 5: CanCast(promoted, out).
      AddLike("rule_add_float_into_int32", F::kAdd, f23, f23, one, i23, kInvalid).Msg("the result to out"),
      MulLike("rule_mul_float_into_int32", F::kMul, f23, i23, i23, kInvalid),
      MulLike("rule_div_float_into_int8", F::kDiv, f23, f23, D({2, 3}, ACL_INT8), kInvalid),
      AddLike("rule_add_complex_into_float", F::kAdd, D({2, 3}, ACL_COMPLEX64), f23, one, f23, kInvalid),
      MulLike("rule_mul_int_into_bool", F::kMul, i23, i23, D({2, 3}, ACL_BOOL), kInvalid),
      AddLike("rule_add_float_into_complex", F::kAdd, f23, f23, one, D({2, 3}, ACL_COMPLEX64), kOk),
      AddLike("rule_sub_int64_narrowed_into_int8", F::kSub, D({2, 3}, ACL_INT64), i23, i1, D({2, 3}, ACL_INT8), kOk),
      AddsLike("rule_adds_int_self_double_scalar_int_out", F::kAdds, i23, S(ACL_DOUBLE, 1.5), i1, i23, kInvalid),
      AddsLike("rule_adds_int_self_int64_scalar_int_out", F::kAdds, i23, S(ACL_INT64, 7), i1, i23, kOk),
      AddsLike("rule_subs_int_self_double_scalar_float_out", F::kSubs, i23, S(ACL_DOUBLE, 1.5), i1, f23, kOk),
      MulLike("rule_inplace_mul_int_selfref_float_other", F::kInplaceMul, i23, f23, kNone, kInvalid),
      AddLike("rule_inplace_add_int_selfref_float_other", F::kInplaceAdd, i23, f23, one, kNone, kInvalid),
      AddLike("rule_inplace_add_fp16_selfref_fp32_other", F::kInplaceAdd, D({2, 3}, ACL_FLOAT16), f23, one, kNone, kOk),
      MulLike("rule_inplace_div_int_selfref", F::kInplaceDiv, i23, i23, kNone, kOk),
      // Muls has no promotion check on the A2, Divs only CanCast(self, out).
      MulsLike("rule_muls_float_self_into_int_out", F::kMuls, f23, two, i23, kOk),
      MulsLike("rule_inplace_muls_int_selfref_float_scalar", F::kInplaceMuls, i23, S(ACL_FLOAT, 2.5), kNone, kOk),
      MulsLike("rule_divs_float_self_into_int_out", F::kDivs, f23, two, i23, kInvalid).Msg("self to out"),
      MulsLike("rule_divs_int_self_float_scalar_int_out", F::kDivs, i23, S(ACL_FLOAT, 2.5), i23, kOk),
      MulsLike("rule_inplace_divs_int_selfref_float_scalar", F::kInplaceDivs, i23, S(ACL_FLOAT, 2.5), kNone, kOk),
      // Step 6: ranks, broadcast, out shape.
      AddLike("rule_add_self_rank9", F::kAdd, D(k9), D({2}), one, D(k9), kInvalid).Msg("self rank"),
      AddLike("rule_add_other_rank9", F::kAdd, D({2}), D(k9), one, D(k9), kInvalid).Msg("other rank"),
      MulLike("rule_mul_rank9", F::kMul, D(k9b), D({9}), D(k9b), kInvalid),
      MulLike("rule_div_other_rank9", F::kDiv, D({9}), D(k9b), D(k9b), kInvalid),
      AddsLike("rule_subs_rank9", F::kSubs, D(k9b), one, one, D(k9b), kInvalid),
      // Muls, InplaceMuls and InplaceMul have no rank check on the A2 (status 0 there); the CPU engine takes at
      // most 8 dims and refuses more (docs/compat.md, a documented difference).
      MulsLike("rule_muls_rank9_cpu_limit", F::kMuls, D(k9b), two, D(k9b), kInvalid).Msg("rank <= 8"),
      MulsLike("rule_inplace_muls_rank9_cpu_limit", F::kInplaceMuls, D(k9b), two, kNone, kInvalid),
      MulLike("rule_inplace_mul_rank9_cpu_limit", F::kInplaceMul, D(k9b), D({9}), kNone, kInvalid),
      AddLike("rule_add_rank8", F::kAdd, D({1, 2, 1, 2, 1, 2, 1, 2}), D({2}), one, D({1, 2, 1, 2, 1, 2, 1, 2}), kOk),
      AddLike("rule_add_not_broadcastable", F::kAdd, D({2, 3}), D({2, 4}), one, f23, kInvalid).Msg("broadcast"),
      MulLike("rule_mul_zero_against_five", F::kMul, D({0}), D({5}), D({0}), kInvalid),
      AddLike("rule_add_one_against_zero", F::kAdd, D({1, 3}), D({0, 3}), one, D({0, 3}), kOk).ZeroWorkspace(),
      AddLike("rule_add_out_shape_wrong", F::kAdd, f23, D({3}), one, D({3, 2}), kInvalid).Msg("out shape [2,3]"),
      AddLike("rule_add_out_13_for_result_3", F::kAdd, D({3}), D({3}), one, D({1, 3}), kInvalid),
      MulLike("rule_div_out_shape_wrong", F::kDiv, f23, f23, D({6}), kInvalid),
      AddsLike("rule_adds_out_shape_not_self", F::kAdds, f23, one, one, D({3, 2}), kInvalid),
      MulsLike("rule_muls_out_shape_not_self", F::kMuls, f23, two, D({2, 1, 3}), kInvalid),
      MulsLike("rule_divs_out_shape_not_self", F::kDivs, f23, two, D({1, 2, 3}), kInvalid),
      // In-place: selfRef is never broadcast.
      AddLike("rule_inplace_add_selfref_3_other_23", F::kInplaceAdd, D({3}), f23, one, kNone, kInvalid),
      AddLike("rule_inplace_sub_selfref_3_other_23", F::kInplaceSub, D({3}), f23, one, kNone, kInvalid),
      MulLike("rule_inplace_mul_selfref_3_other_23", F::kInplaceMul, D({3}), f23, kNone, kInvalid),
      MulLike("rule_inplace_div_selfref_3_other_23", F::kInplaceDiv, D({3}), f23, kNone, kInvalid),
      AddLike("rule_inplace_add_other_broadcast_into_selfref", F::kInplaceAdd, f23, D({3}), one, kNone, kOk),
      // Formats: Div and Divs refuse private storage formats, the others only warn.
      MulLike("rule_div_nc1hwc0_self", F::kDiv, D({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), f23, f23, kInvalid)
          .Msg("public (non-blocked) storage format"),
      MulLike("rule_div_nc1hwc0_out", F::kDiv, f23, f23, D({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), kInvalid),
      MulLike("rule_inplace_div_fractal_z_selfref", F::kInplaceDiv, D({2, 3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_Z), f23,
              kNone, kInvalid),
      MulsLike("rule_divs_nc1hwc0_self", F::kDivs, D({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), two, f23, kInvalid),
      MulsLike("rule_inplace_divs_fractal_nz", F::kInplaceDivs, D({2, 3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ), two, kNone,
               kInvalid),
      AddLike("rule_add_nc1hwc0_only_warns", F::kAdd, D({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), f23, one, f23, kOk),
      MulLike("rule_mul_fractal_nz_only_warns", F::kMul, f23, D({2, 3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ), f23, kOk),
      MulsLike("rule_muls_nc1hwc0_only_warns", F::kMuls, D({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), two, f23, kOk),
      // Step 8: empty tensors succeed after every check, with workspace 0.
      AddLike("rule_add_empty", F::kAdd, D({2, 0}), D({2, 0}), one, D({2, 0}), kOk).ZeroWorkspace(),
      AddLike("rule_add_empty_self_broadcast_other", F::kAdd, D({0, 3}), D({3}), one, D({0, 3}), kOk).ZeroWorkspace(),
      AddLike("rule_sub_empty", F::kSub, D({0}), D({1}), S(ACL_FLOAT, 2.0), D({0}), kOk).ZeroWorkspace(),
      MulLike("rule_mul_empty", F::kMul, D({4, 0}, ACL_INT8), D({1}, ACL_INT8), D({4, 0}, ACL_INT8), kOk)
          .ZeroWorkspace(),
      MulLike("rule_div_empty", F::kDiv, D({0, 2}, ACL_INT32), D({0, 2}, ACL_INT32), D({0, 2}), kOk).ZeroWorkspace(),
      AddsLike("rule_subs_empty", F::kSubs, D({0}), one, one, D({0}), kOk).ZeroWorkspace(),
      MulsLike("rule_muls_empty", F::kMuls, D({3, 0}), two, D({3, 0}), kOk).ZeroWorkspace(),
      MulsLike("rule_divs_empty", F::kDivs, D({3, 0}), two, D({3, 0}), kOk).ZeroWorkspace(),
      MulLike("rule_inplace_mul_empty", F::kInplaceMul, D({0, 3}), D({3}), kNone, kOk).ZeroWorkspace(),
      MulLike("rule_inplace_div_empty", F::kInplaceDiv, D({0, 3}), D({0, 3}), kNone, kOk).ZeroWorkspace(),
      AddsLike("rule_inplace_adds_empty", F::kInplaceAdds, D({0}), one, one, kNone, kOk).ZeroWorkspace(),
      MulsLike("rule_inplace_divs_empty", F::kInplaceDivs, D({0}), two, kNone, kOk).ZeroWorkspace(),
      // Empty tensors are still checked first.
      AddLike("rule_add_empty_still_checks_dtype", F::kAdd, D({0}, ACL_UINT32), D({0}, ACL_UINT32), one, D({0}),
              kInvalid),
      MulLike("rule_div_empty_still_checks_format", F::kDiv, D({0}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), D({0}), D({0}),
              kInvalid),
      // Two faults: the check order decides which is reported.
      AddLike("order_add_dtype_before_shape", F::kAdd, D({2, 3}, ACL_UINT32), D({2, 4}), one, f23, kInvalid)
          .Msg("self dtype in"),
      AddLike("order_add_alpha_before_shape", F::kAdd, i23, D({2, 4}, ACL_INT32), one, i23, kInvalid).Msg("alpha"),
      AddLike("order_add_cast_before_rank", F::kAdd, D(k9), D(k9), one, D(k9, ACL_INT32), kInvalid)
          .Msg("the result to out"),
      MulLike("order_mul_out_dtype_before_shape", F::kMul, f23, D({2, 4}), D({2, 3}, ACL_UINT16), kInvalid)
          .Msg("out dtype in"),
      MulLike("order_div_shape_before_dtype", F::kDiv, D({2, 3}, ACL_UINT32), D({2, 4}), f23, kInvalid)
          .Msg("broadcast"),
      MulLike("order_div_other_dtype_before_self", F::kDiv, D({2, 3}, ACL_UINT16), D({2, 3}, ACL_UINT32), f23, kInvalid)
          .Msg("other dtype in"),
      MulLike("order_div_cast_before_format", F::kDiv, D({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), f23, i23, kInvalid)
          .Msg("the result to out"),
      MulsLike("order_divs_format_before_scalar_dtype", F::kDivs, D({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0),
               S(ACL_UINT16, 1), f23, kInvalid)
          .Msg("storage format"),
      MulsLike("order_divs_out_format_before_self_format", F::kDivs, D({2, 3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_Z), two,
               D({2, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), kInvalid)
          .Msg("out in a public"),
      MulsLike("order_divs_scalar_dtype_before_rank", F::kDivs, D(k9b), S(ACL_UINT16, 1), D(k9b), kInvalid)
          .Msg("other dtype in"),
      // The in-place pre-check of InplaceAdd / InplaceDiv runs first; InplaceSub's reports success when it
      // fails (common-rules.md §7), so Sub's own order (dtype before shape) decides.
      AddLike("order_inplace_add_precheck_first", F::kInplaceAdd, D({3}, ACL_UINT32), D({2, 3}, ACL_UINT32), one, kNone,
              kInvalid)
          .Msg("selfRef is not broadcast"),
      MulLike("order_inplace_div_precheck_first", F::kInplaceDiv, D({3}, ACL_UINT32), D({2, 3}, ACL_UINT32), kNone,
              kInvalid)
          .Msg("selfRef is not broadcast"),
      AddLike("order_inplace_sub_dtype_before_shape", F::kInplaceSub, D({3}, ACL_UINT32), D({2, 3}, ACL_UINT32), one,
              kNone, kInvalid)
          .Msg("self dtype in"),
      AddLike("order_inplace_add_null_alpha_after_precheck", F::kInplaceAdd, D({3}), f23, NoSc(), kNone, kInvalid),
      MulLike("order_inplace_mul_dtype_before_shape", F::kInplaceMul, D({3}, ACL_UINT32), f23, kNone, kInvalid)
          .Msg("selfRef dtype in"),
  };
}

std::vector<UtRow> AllRows() {
  std::vector<UtRow> rows = VendorRows();
  for (UtRow &r : RuleRows()) rows.push_back(std::move(r));
  return rows;
}

class ArithUt : public ::testing::TestWithParam<UtRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ArithUt, Phase1Status) {
  const UtRow &row = GetParam();
  Descriptors owned;
  aclTensor *self = owned.Make(row.self);
  aclTensor *other = HasScalarOther(row.fn) ? nullptr : owned.Make(row.other);
  ScalarPtr scalar(nullptr, aclDestroyScalar), alpha(nullptr, aclDestroyScalar);
  if (HasScalarOther(row.fn) && row.scalar.present) scalar = MakeScalar(row.scalar.dtype, row.scalar.value);
  if (HasAlpha(row.fn) && row.alpha.present) alpha = MakeScalar(row.alpha.dtype, row.alpha.value);
  aclTensor *out = IsInplace(row.fn) ? nullptr : owned.Make(row.out);
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = ArithPhase1(row.fn, self, other, scalar.get(), alpha.get(), out,
                                         row.nullWorkspace ? nullptr : &ws, row.nullExecutor ? nullptr : &exec);
  EXPECT_EQ(status, row.expected) << FnName(row.fn) << ": " << (status != kOk ? aclGetRecentErrMsg() : "success");
  if (status == kOk) {
    EXPECT_NE(exec, nullptr);
    if (row.emptyWorkspace) {
      EXPECT_EQ(ws, 0u);
    }
    aclDestroyAclOpExecutor(exec);
  } else if (!row.message.empty()) {
    ExpectErrorMessage(row.message);
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, ArithUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<UtRow> &info) { return info.param.name; });

// Every function, every required pointer: null gives 161001 and the message names it.
TEST(ArithUtNulls, EachPositionOfEachFunction) {
  aclInit(nullptr);
  int checked = 0;
  for (ArithFn fn : kAllArithFns) {
    // positions: 0 self, 1 other (tensor or scalar), 2 alpha, 3 out, 4 workspaceSize, 5 executor
    for (int pos = 0; pos < 6; ++pos) {
      if (pos == 2 && !HasAlpha(fn)) continue;
      if (pos == 3 && IsInplace(fn)) continue;
      Descriptors owned;
      aclTensor *self = pos == 0 ? nullptr : owned.Make(D({2, 3}));
      aclTensor *other = HasScalarOther(fn) || pos == 1 ? nullptr : owned.Make(D({2, 3}));
      ScalarPtr scalar = MakeScalar(ACL_FLOAT, Num::F(2)), alpha = MakeScalar(ACL_FLOAT, Num::F(1));
      aclTensor *out = pos == 3 || IsInplace(fn) ? nullptr : owned.Make(D({2, 3}));
      uint64_t ws = 0;
      aclOpExecutor *exec = nullptr;
      const aclnnStatus status =
          ArithPhase1(fn, self, other, HasScalarOther(fn) && pos != 1 ? scalar.get() : nullptr,
                      pos == 2 ? nullptr : alpha.get(), out, pos == 4 ? nullptr : &ws, pos == 5 ? nullptr : &exec);
      EXPECT_EQ(status, kNull) << FnName(fn) << " position " << pos;
      // (selfRef, where a function names it so, contains "self")
      static const char *const names[] = {"self", "other", "alpha", "out", "workspaceSize", "executor"};
      const char *msg = aclGetRecentErrMsg();
      ASSERT_NE(msg, nullptr);
      EXPECT_NE(std::string(msg).find(std::string("non-null ") + names[pos]), std::string::npos)
          << FnName(fn) << " position " << pos << ": " << msg;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 16 * 6 - 8 - 8);
}

// The 12 dtypes of the A2 list pairwise: Add, Mul and Div accept every pair whose promoted dtype casts to
// out (here out = the promoted dtype), and refuse a non-list dtype on either side.
TEST(ArithUtDtypes, EveryPairOfTheListPromotes) {
  aclInit(nullptr);
  const aclDataType list[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,  ACL_DOUBLE, ACL_INT8,      ACL_UINT8,
                              ACL_INT16, ACL_INT32,   ACL_INT64, ACL_BOOL,   ACL_COMPLEX64, ACL_COMPLEX128};
  const aclDataType outside[] = {ACL_UINT16, ACL_UINT32, ACL_UINT64};
  int checked = 0;
  for (ArithFn fn : {ArithFn::kAdd, ArithFn::kSub, ArithFn::kMul, ArithFn::kDiv}) {
    for (aclDataType a : list) {
      for (aclDataType b : list) {
        const aclDataType p = PromoteRef(a, b);
        Descriptors owned;
        // alpha: an INT8 1 casts to every promoted dtype and is integral for BOOL.
        ScalarPtr alpha = MakeScalar(ACL_INT8, Num::I(1));
        uint64_t ws = 0;
        aclOpExecutor *exec = nullptr;
        const aclnnStatus status = ArithPhase1(fn, owned.Make(D({2, 3}, a)), owned.Make(D({3}, b)), nullptr,
                                               alpha.get(), owned.Make(D({2, 3}, p)), &ws, &exec);
        EXPECT_EQ(status, kOk) << FnName(fn) << " " << DTypeLabel(a) << " " << DTypeLabel(b);
        if (status == kOk) aclDestroyAclOpExecutor(exec);
        ++checked;
      }
      for (aclDataType bad : outside) {
        Descriptors owned;
        ScalarPtr alpha = MakeScalar(ACL_INT8, Num::I(1));
        uint64_t ws = 0;
        aclOpExecutor *exec = nullptr;
        EXPECT_EQ(ArithPhase1(fn, owned.Make(D({2, 3}, a)), owned.Make(D({3}, bad)), nullptr, alpha.get(),
                              owned.Make(D({2, 3}, a)), &ws, &exec),
                  kInvalid);
        EXPECT_EQ(ArithPhase1(fn, owned.Make(D({2, 3}, bad)), owned.Make(D({3}, a)), nullptr, alpha.get(),
                              owned.Make(D({2, 3}, a)), &ws, &exec),
                  kInvalid);
      }
    }
  }
  EXPECT_EQ(checked, 4 * 12 * 12);
}

}  // namespace
}  // namespace aclcpu_test::arith_ut_test
