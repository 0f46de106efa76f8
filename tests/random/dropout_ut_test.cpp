// Phase 1 of aclnnDropoutGenMaskV2 and aclnnDropoutDoMask as tables (docs/ops/dropout.md): every vendor UT case
// (§1.4, §2.4) with its status, then a row per step of each check order (§1.3, §2.3) and the CPU's own rows.
// Every tensor has memory: a refused call must leave out untouched and leave a message naming the argument; an
// accepted one also runs phase 2.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "random/dropout_tester.h"

namespace aclcpu_test::dropout_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;       // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;    // 161002
constexpr aclnnStatus kInnerNull = ACLNN_ERR_INNER_NULLPTR;  // 561103
const double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

void ExpectMessageNames(const std::string &needle) {
  const std::string msg = Lower(aclGetRecentErrMsg());
  EXPECT_NE(msg.find(Lower(needle)), std::string::npos) << "message: " << msg;
}

// ---- aclnnDropoutGenMaskV2 -------------------------------------------------------------------------------

struct GenRow {
  std::string name;
  bool shapePresent = true;
  std::vector<int64_t> shape;
  double prob;
  aclDataType probType;
  bool outPresent = true;
  std::vector<int64_t> outShape;
  aclDataType outType;
  aclnnStatus expected;
  std::string needle;  // what the message must name (refused rows)
  int fill = -1;       // accepted rows: every byte of out, or -1 (generated)
  bool nullWorkspaceSize = false, nullExecutor = false;
};

GenRow Gen(std::string name, std::vector<int64_t> shape, double prob, std::vector<int64_t> outShape,
           aclnnStatus expected, std::string needle = "", aclDataType outType = ACL_UINT8,
           aclDataType probType = ACL_FLOAT) {
  GenRow r;
  r.name = std::move(name);
  r.shape = std::move(shape);
  r.prob = prob;
  r.probType = probType;
  r.outShape = std::move(outShape);
  r.outType = outType;
  r.expected = expected;
  r.needle = std::move(needle);
  return r;
}

GenRow With(GenRow r, void (*edit)(GenRow &)) {
  edit(r);
  return r;
}

std::vector<GenRow> GenRows() {
  const std::vector<int64_t> s96 = {2, 16, 1, 3};  // 96 elements -> a 16-byte mask
  std::vector<GenRow> rows = {
      // The vendor's UT cases (test_aclnn_dropout_gen_mask_v2_l2.cpp).
      With(Gen("vendor_001_shape_null", s96, 1, {16}, kNull, "shape"), [](GenRow &r) { r.shapePresent = false; }),
      With(Gen("vendor_002_out_null", s96, 1, {16}, kNull, "out"), [](GenRow &r) { r.outPresent = false; }),
      Gen("vendor_003_out_float", s96, 1, {16}, kInvalid, "out", ACL_FLOAT),
      Gen("vendor_004_prob_1_5", {2, 1, 3}, 1.5, {16}, kInvalid, "prob"),
      Gen("vendor_005_out_32_for_16", {2, 1, 3}, 0.5, {32}, kInvalid, "out"),
      // §1.3 step by step, and the argument each message names.
      With(Gen("workspace_size_null", s96, 0.5, {16}, kNull, "workspaceSize"),
           [](GenRow &r) { r.nullWorkspaceSize = true; }),
      With(Gen("executor_null", s96, 0.5, {16}, kNull, "executor"), [](GenRow &r) { r.nullExecutor = true; }),
      Gen("out_int8", s96, 0.5, {16}, kInvalid, "out", ACL_INT8),
      Gen("out_bool", s96, 0.5, {16}, kInvalid, "out", ACL_BOOL),
      Gen("dtype_before_prob", s96, 2.0, {16}, kInvalid, "out", ACL_FLOAT),
      Gen("prob_negative", s96, -1e-9, {16}, kInvalid, "prob"),
      Gen("prob_above_one", s96, 1 + 1e-12, {16}, kInvalid, "prob"),
      Gen("prob_nan_cpu", s96, kNaN, {16}, kInvalid, "prob"),
      Gen("prob_before_size", s96, 2.0, {15}, kInvalid, "prob"),
      Gen("out_short_by_one", s96, 0.5, {15}, kInvalid, "16"),
      Gen("out_of_129_elements_needs_32", {129}, 0.5, {17}, kInvalid, "32"),
      Gen("shape_negative_cpu", {-1, -128}, 0.5, {16}, kInvalid, "shape"),
      Gen("shape_overflow_cpu", {int64_t{1} << 40, int64_t{1} << 40}, 0.5, {16}, kInvalid, "shape"),
      Gen("prob_type_int32_561103", s96, 0.5, {16}, kInnerNull, "probDataType", ACL_UINT8, ACL_INT32),
      // Accepted.
      Gen("example_4x2", {4, 2}, 0.5, {16}, kOk),
      Gen("prob_type_f16", s96, 0.25, {16}, kOk, "", ACL_UINT8, ACL_FLOAT16),
      Gen("prob_type_bf16", s96, 0.25, {16}, kOk, "", ACL_UINT8, ACL_BF16),
      Gen("out_of_rank_2", {128, 2}, 0.5, {2, 16}, kOk),
      Gen("empty_shape_array_is_one_element", {}, 0.5, {16}, kOk),
      Gen("exactly_128", {128}, 0.5, {16}, kOk),
      Gen("129_elements", {129}, 0.5, {32}, kOk),
      With(Gen("prob_0_all_ff", s96, 0.0, {16}, kOk), [](GenRow &r) { r.fill = 0xFF; }),
      With(Gen("prob_within_eps_of_0", s96, 2e-16, {16}, kOk), [](GenRow &r) { r.fill = 0xFF; }),
      With(Gen("prob_1_all_00", s96, 1.0, {16}, kOk), [](GenRow &r) { r.fill = 0x00; }),
      // prob 0 and 1 never need the scalar, so a bad probDataType is fine there.
      With(Gen("prob_0_ignores_prob_type", s96, 0.0, {16}, kOk, "", ACL_UINT8, ACL_INT32),
           [](GenRow &r) { r.fill = 0xFF; }),
      With(Gen("prob_1_ignores_prob_type", s96, 1.0, {16}, kOk, "", ACL_UINT8, ACL_INT32),
           [](GenRow &r) { r.fill = 0x00; }),
      Gen("empty_mask", {0, 5}, 0.5, {0}, kOk, "", ACL_UINT8, ACL_INT32),
  };
  return rows;
}

class DropoutGenMaskV2Ut : public ::testing::TestWithParam<GenRow> {};

TEST_P(DropoutGenMaskV2Ut, Phase1) {
  const GenRow &r = GetParam();
  const DeviceTensor out(r.outShape, r.outType);
  const std::vector<unsigned char> before = out.Bytes();
  aclIntArray *shape = r.shapePresent ? aclCreateIntArray(r.shape.data(), r.shape.size()) : nullptr;
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  const aclnnStatus status = aclnnDropoutGenMaskV2GetWorkspaceSize(
      shape, r.prob, 1234, 0, r.probType, r.outPresent ? out.get() : nullptr,
      r.nullWorkspaceSize ? nullptr : &workspaceSize, r.nullExecutor ? nullptr : &executor);
  EXPECT_EQ(status, r.expected);
  if (status != kOk) {
    ExpectMessageNames(r.needle);
    EXPECT_EQ(out.Bytes(), before);
  } else {
    EXPECT_EQ(workspaceSize, 0u);
    EXPECT_EQ(RunPhase2(aclnnDropoutGenMaskV2, workspaceSize, executor), kOk);
    const std::vector<uint8_t> mask = ReadBytes(out);
    if (r.fill >= 0) {
      for (uint8_t b : mask) ASSERT_EQ(b, r.fill);
    }
    if (out.numel() == 0) {
      EXPECT_EQ(out.Bytes(), before);
    }
  }
  if (shape != nullptr) aclDestroyIntArray(shape);
}

INSTANTIATE_TEST_SUITE_P(Rows, DropoutGenMaskV2Ut, ::testing::ValuesIn(GenRows()),
                         [](const ::testing::TestParamInfo<GenRow> &info) { return info.param.name; });

// ---- aclnnDropoutDoMask -----------------------------------------------------------------------------------

struct T {
  T(std::vector<int64_t> s, aclDataType d, bool p = true) : shape(std::move(s)), dtype(d), present(p) {}
  std::vector<int64_t> shape;
  aclDataType dtype;
  bool present;
};
T Absent() { return {{1}, ACL_FLOAT, false}; }

struct DoRow {
  std::string name;
  T self, mask, out;
  double prob;
  aclnnStatus expected;
  std::string needle;
  bool nullWorkspaceSize = false, nullExecutor = false;
};

std::vector<DoRow> DoRows() {
  const std::vector<int64_t> s96 = {2, 16, 1, 3}, s6 = {2, 1, 3};
  const aclDataType f16 = ACL_FLOAT16, bf16 = ACL_BF16, f32 = ACL_FLOAT, u8 = ACL_UINT8;
  std::vector<DoRow> rows;
  // The vendor's UT cases (test_aclnn_dropout_do_mask_l2.cpp).
  rows.push_back(DoRow{"vendor_001_f16_to_int32", {s96, f16}, {{16}, u8}, {s96, ACL_INT32}, 1, kInvalid, "cast"});
  rows.push_back(DoRow{"vendor_002_self_int32", {s96, ACL_INT32}, {{16}, u8}, {s96, ACL_INT32}, 1, kInvalid, "self"});
  rows.push_back(DoRow{"vendor_003_mask_float", {s96, f32}, {{16}, f32}, {s96, f32}, 1, kInvalid, "mask"});
  rows.push_back(DoRow{"vendor_004_prob_1_5", {s6, f32}, {{16}, u8}, {s6, f32}, 1.5, kInvalid, "prob"});
  rows.push_back(DoRow{"vendor_005_mask_8_for_16", {s6, f32}, {{8}, u8}, {s6, f32}, 0.5, kInvalid, "mask"});
  rows.push_back(DoRow{"vendor_006_out_shape", {s6, f32}, {{16}, u8}, {{2, 3, 1}, f32}, 0.5, kInvalid, "out"});
  rows.push_back(DoRow{"vendor_007_self_9_dims",
                       {{2, 9, 3, 4, 5, 6, 7, 8, 10}, f32},
                       {{MaskBytes(2 * 9 * 3 * 4 * 5 * 6 * 7 * 8 * 10)}, u8},
                       {{2, 9, 3, 4, 5, 6, 7, 8, 10}, f32},
                       0.3,
                       kInvalid,
                       "self"});
  // §2.3 step by step.
  rows.push_back(DoRow{"self_null", Absent(), {{16}, u8}, {s6, f32}, 0.5, kNull, "self"});
  rows.push_back(DoRow{"mask_null", {s6, f32}, Absent(), {s6, f32}, 0.5, kNull, "mask"});
  rows.push_back(DoRow{"out_null", {s6, f32}, {{16}, u8}, Absent(), 0.5, kNull, "out"});
  rows.push_back(DoRow{"workspace_size_null", {s6, f32}, {{16}, u8}, {s6, f32}, 0.5, kNull, "workspaceSize", true});
  rows.push_back(DoRow{"executor_null", {s6, f32}, {{16}, u8}, {s6, f32}, 0.5, kNull, "executor", false, true});
  rows.push_back(
      DoRow{"empty_self_before_dtype_checks", {{0, 3}, ACL_INT32}, {{16}, f32}, {{7}, ACL_BOOL}, 5, kOk, ""});
  rows.push_back(DoRow{"empty_mask_before_dtype_checks", {s6, ACL_INT32}, {{0}, f32}, {{7}, ACL_BOOL}, 5, kOk, ""});
  rows.push_back(DoRow{"cast_before_self_dtype", {s6, ACL_INT64}, {{16}, f32}, {s6, f32}, 5, kInvalid, "self"});
  rows.push_back(DoRow{"float_to_bool_cast_fails", {s6, f32}, {{16}, f32}, {s6, ACL_BOOL}, 5, kInvalid, "cast"});
  rows.push_back(DoRow{"self_double", {s6, ACL_DOUBLE}, {{16}, u8}, {s6, ACL_DOUBLE}, 0.5, kInvalid, "self"});
  rows.push_back(DoRow{"self_dtype_before_mask", {s6, ACL_DOUBLE}, {{16}, f32}, {s6, ACL_DOUBLE}, 5, kInvalid, "self"});
  rows.push_back(DoRow{"mask_int8", {s6, f32}, {{16}, ACL_INT8}, {s6, f32}, 0.5, kInvalid, "mask"});
  rows.push_back(DoRow{"mask_before_prob", {s6, f32}, {{16}, ACL_BOOL}, {s6, f32}, 5, kInvalid, "mask"});
  rows.push_back(DoRow{"prob_negative", {s6, f32}, {{16}, u8}, {s6, f32}, -1e-9, kInvalid, "prob"});
  rows.push_back(DoRow{"prob_nan_cpu", {s6, f32}, {{16}, u8}, {s6, f32}, kNaN, kInvalid, "prob"});
  rows.push_back(DoRow{"prob_before_shape", {s6, f32}, {{16}, u8}, {{6}, f32}, 2, kInvalid, "prob"});
  rows.push_back(DoRow{"out_shape_before_mask_size", {s6, f32}, {{8}, u8}, {{6}, f32}, 0.5, kInvalid, "out"});
  rows.push_back(DoRow{"mask_15_for_129", {{129}, f32}, {{31}, u8}, {{129}, f32}, 0.5, kInvalid, "32"});
  // Accepted.
  rows.push_back(DoRow{"example_4x2", {{4, 2}, f32}, {{16}, u8}, {{4, 2}, f32}, 0.5, kOk, ""});
  rows.push_back(DoRow{"f16", {s96, f16}, {{16}, u8}, {s96, f16}, 0.5, kOk, ""});
  rows.push_back(DoRow{"bf16", {s96, bf16}, {{16}, u8}, {s96, bf16}, 0.5, kOk, ""});
  rows.push_back(DoRow{"f16_to_f32_out", {s96, f16}, {{16}, u8}, {s96, f32}, 0.5, kOk, ""});
  rows.push_back(DoRow{"f32_to_f64_out", {s96, f32}, {{16}, u8}, {s96, ACL_DOUBLE}, 0.5, kOk, ""});
  rows.push_back(DoRow{"mask_larger_than_needed", {s6, f32}, {{2, 40}, u8}, {s6, f32}, 0.5, kOk, ""});
  rows.push_back(DoRow{"mask_any_rank", {{129}, f32}, {{2, 2, 8}, u8}, {{129}, f32}, 0.5, kOk, ""});
  rows.push_back(DoRow{"prob_0", {s6, bf16}, {{16}, u8}, {s6, bf16}, 0, kOk, ""});
  rows.push_back(DoRow{"prob_1", {s6, f32}, {{16}, u8}, {s6, f32}, 1, kOk, ""});
  rows.push_back(DoRow{
      "self_of_8_dims", {{1, 2, 1, 2, 1, 2, 1, 2}, f32}, {{16}, u8}, {{1, 2, 1, 2, 1, 2, 1, 2}, f32}, 0.5, kOk, ""});
  rows.push_back(DoRow{"scalar_self", {{}, f32}, {{16}, u8}, {{}, f32}, 0.5, kOk, ""});
  return rows;
}

class DropoutDoMaskUt : public ::testing::TestWithParam<DoRow> {};

TEST_P(DropoutDoMaskUt, Phase1) {
  const DoRow &r = GetParam();
  DeviceTensor self(r.self.shape, r.self.dtype), mask(r.mask.shape, r.mask.dtype), out(r.out.shape, r.out.dtype);
  // Kept elements become 2, dropped ones 0: either differs from the NaN bytes out starts with.
  if (r.mask.dtype == ACL_UINT8) WriteBytes(mask, std::vector<uint8_t>(static_cast<size_t>(mask.numel()), 0x5A));
  const bool floating = r.self.dtype == ACL_FLOAT || r.self.dtype == ACL_FLOAT16 || r.self.dtype == ACL_BF16;
  if (floating) self.Fill(std::vector<double>(static_cast<size_t>(self.numel()), 1.0));
  const std::vector<unsigned char> before = out.Bytes();
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  const aclnnStatus status = aclnnDropoutDoMaskGetWorkspaceSize(
      r.self.present ? self.get() : nullptr, r.mask.present ? mask.get() : nullptr, r.prob,
      r.out.present ? out.get() : nullptr, r.nullWorkspaceSize ? nullptr : &workspaceSize,
      r.nullExecutor ? nullptr : &executor);
  EXPECT_EQ(status, r.expected);
  if (status != kOk) {
    ExpectMessageNames(r.needle);
    EXPECT_EQ(out.Bytes(), before);
    return;
  }
  EXPECT_EQ(RunPhase2(aclnnDropoutDoMask, workspaceSize, executor), kOk);
  if (self.numel() == 0 || mask.numel() == 0) {
    EXPECT_EQ(workspaceSize, 0u);
    EXPECT_EQ(out.Bytes(), before);  // nothing written
  } else {
    EXPECT_NE(out.Bytes(), before);
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, DropoutDoMaskUt, ::testing::ValuesIn(DoRows()),
                         [](const ::testing::TestParamInfo<DoRow> &info) { return info.param.name; });

}  // namespace
}  // namespace aclcpu_test::dropout_ut_test
