// Phase 1 of aclnnApplyAdamWV2 as a table (docs/ops/apply_adam_w_v2.md §4-5): every vendor op_api UT case with the
// status the A2 gets, then a row per step of the check order. Descriptors carry no memory (phase 1 reads no data).
#include <cctype>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::apply_adam_w_v2_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

// Defaults: the vendor UT's tensors ([4,3,2] FLOAT, step [1] FLOAT), amsgrad and maximize true.
struct Row {
  std::string name;
  Desc var = D({4, 3, 2}), m = D({4, 3, 2}), v = D({4, 3, 2}), maxGradNorm = D({4, 3, 2}), grad = D({4, 3, 2});
  Desc step = D({1});
  bool amsgrad = true, nullWorkspaceSize = false, nullExecutor = false;
  aclnnStatus expected = kOk;
  std::string message;

  Row &Var(Desc d) { return Set(var, d); }
  Row &M(Desc d) { return Set(m, d); }
  Row &V(Desc d) { return Set(v, d); }
  Row &Max(Desc d) { return Set(maxGradNorm, d); }
  Row &Grad(Desc d) { return Set(grad, d); }
  Row &Step(Desc d) { return Set(step, d); }
  Row &All(std::vector<int64_t> shape, aclDataType t = ACL_FLOAT) {
    for (Desc *d : {&var, &m, &v, &maxGradNorm, &grad}) *d = D(shape, t);
    return *this;
  }
  Row &Ams(bool on) {
    amsgrad = on;
    return *this;
  }
  Row &Msg(std::string s) {
    message = std::move(s);
    return *this;
  }

 private:
  Row &Set(Desc &slot, const Desc &d) {
    slot = d;
    return *this;
  }
};

void PrintTo(const Row &r, std::ostream *os) { *os << r.name; }

Row R(std::string name, aclnnStatus expected) {
  Row r;
  r.name = std::move(name);
  r.expected = expected;
  return r;
}

const Desc kNone = Null();

std::vector<Row> VendorRows() {
  return {
      R("v01_nullptr_var", kNull).All({1}).Var(kNone).Msg("varref"),
      R("v01_nullptr_m", kNull).All({1}).M(kNone).Msg("mref"),
      R("v01_nullptr_v", kNull).All({1}).V(kNone).Msg("vref"),
      R("v01_nullptr_maxGradNorm_amsgrad", kNull).All({1}).Max(kNone).Msg("maxgradnorm"),
      R("v01_nullptr_grad", kNull).All({1}).Grad(kNone).Msg("grad"),
      R("v01_nullptr_step", kNull).All({1}).Step(kNone).Msg("step"),
      R("v02_null_tensor", kOk).All({4, 3, 0}),
      R("v03_error_dtype_int32", kInvalid).All({4, 3, 2}, ACL_INT32).Msg("varref"),
      R("v04_error_shape_v", kInvalid).V(D({4, 3, 1})).Msg("vref"),
      R("v04_error_shape_step", kInvalid).Step(D({4})).Msg("step"),
      R("v05_maxGradNorm_is_not_null", kOk),
      R("v06_maxGradNorm_is_null", kOk).Ams(false).Max(kNone),
      R("v07_diff_dtype", kOk).M(D({4, 3, 2}, ACL_FLOAT16)),
      R("v08_diff_dtype_and_maxGradNorm_is_null", kOk).Ams(false).Max(kNone).M(D({4, 3, 2}, ACL_FLOAT16)),
  };
}

std::vector<Row> OrderRows() {
  Row noWs = R("s0_null_workspace_size", kNull).Var(kNone).Msg("workspacesize");
  noWs.nullWorkspaceSize = true;
  Row noExec = R("s0_null_executor", kNull).Var(kNone).Msg("executor");
  noExec.nullExecutor = true;
  const aclDataType f16 = ACL_FLOAT16, bf16 = ACL_BF16;
  return {
      noWs,
      noExec,
      R("s1_var_before_m", kNull).Var(kNone).M(kNone).Msg("varref"),
      R("s1_v_before_maxGradNorm", kNull).V(kNone).Max(kNone).Msg("vref"),
      R("s1_maxGradNorm_before_grad", kNull).Max(kNone).Grad(kNone).Msg("maxgradnorm"),
      R("s1_maxGradNorm_may_be_null_without_amsgrad", kOk).Ams(false).Max(kNone),
      R("s1_grad_before_step", kNull).Grad(kNone).Step(kNone).Msg("grad"),
      R("s1_null_before_dtype", kNull).Step(kNone).Var(D({4, 3, 2}, ACL_DOUBLE)).Msg("step"),
      R("s2_var_double", kInvalid).Var(D({4, 3, 2}, ACL_DOUBLE)).Msg("varref"),
      R("s2_m_int8", kInvalid).M(D({4, 3, 2}, ACL_INT8)).Msg("mref"),
      R("s2_v_before_max", kInvalid).V(D({4, 3, 2}, ACL_INT64)).Max(D({4, 3, 2}, ACL_INT64)).Msg("vref"),
      R("s2_max_int32", kInvalid).Max(D({4, 3, 2}, ACL_INT32)).Msg("maxgradnorm"),
      R("s2_max_checked_without_amsgrad", kInvalid).Ams(false).Max(D({4, 3, 2}, ACL_DOUBLE)).Msg("maxgradnorm"),
      R("s2_grad_bool", kInvalid).Grad(D({4, 3, 2}, ACL_BOOL)).Msg("grad"),
      R("s2_step_int32", kInvalid).Step(D({1}, ACL_INT32)).Msg("step"),
      R("s2_step_double", kInvalid).Step(D({1}, ACL_DOUBLE)).Msg("step"),
      R("s2_step_int64", kOk).Step(D({1}, ACL_INT64)),
      R("s2_dtype_before_shape", kInvalid).Grad(D({4, 3, 2}, ACL_INT8)).V(D({7})).Msg("grad"),
      R("s2_all_bf16", kOk).All({4, 3, 2}, bf16),
      R("s2_all_f16", kOk).All({4, 3, 2}, f16),
      R("s2_mixed_every_tensor", kOk).M(D({4, 3, 2}, bf16)).V(D({4, 3, 2}, f16)).Grad(D({4, 3, 2}, bf16)),
      R("s3_m_shape", kInvalid).M(D({4, 3, 3})).Msg("mref"),
      R("s3_m_before_v", kInvalid).M(D({24})).V(D({24})).Msg("mref"),
      R("s3_max_shape", kInvalid).Max(D({2, 3, 4})).Msg("maxgradnorm"),
      R("s3_max_shape_checked_without_amsgrad", kInvalid).Ams(false).Max(D({1})).Msg("maxgradnorm"),
      R("s3_grad_shape", kInvalid).Grad(D({4, 6})).Msg("grad"),
      R("s3_step_any_shape_one_element", kOk).Step(D({1, 1, 1})),
      R("s3_step_0d", kOk).Step(D({})),
      R("s3_step_empty", kInvalid).Step(D({0})).Msg("step"),
      R("s3_shape_before_empty", kInvalid).All({4, 0}).Step(D({2})).Msg("step"),
      R("s3_scalar_var", kOk).All({}),
      R("cpu_rank9", kInvalid).All({1, 1, 1, 1, 1, 1, 1, 1, 2}).Msg("varref"),
      R("cpu_rank9_empty_ok", kOk).All({1, 1, 1, 1, 1, 1, 1, 1, 0}),
      R("formats_unchecked", kOk)
          .Var(D({4, 3, 2}, ACL_FLOAT, ACL_FORMAT_NC1HWC0))
          .Grad(D({4, 3, 2}, ACL_FLOAT, ACL_FORMAT_NCHW)),
  };
}

std::vector<Row> AllRows() {
  std::vector<Row> r = VendorRows(), more = OrderRows();
  r.insert(r.end(), more.begin(), more.end());
  return r;
}

class ApplyAdamWV2Ut : public ::testing::TestWithParam<Row> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ApplyAdamWV2Ut, Phase1Status) {
  const Row &row = GetParam();
  Descriptors owned;
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  (void)aclGetRecentErrMsg();
  const aclnnStatus status = aclnnApplyAdamWV2GetWorkspaceSize(
      owned.Make(row.var), owned.Make(row.m), owned.Make(row.v), owned.Make(row.maxGradNorm), owned.Make(row.grad),
      owned.Make(row.step), 0.001f, 0.9f, 0.999f, 0.01f, 1e-8f, row.amsgrad, true,
      row.nullWorkspaceSize ? nullptr : &ws, row.nullExecutor ? nullptr : &exec);
  const std::string message = aclGetRecentErrMsg();
  ASSERT_EQ(status, row.expected) << (status != kOk ? message : std::string("success"));
  if (status == kOk) {
    EXPECT_NE(exec, nullptr);
    EXPECT_EQ(ws, 0u);
    aclDestroyAclOpExecutor(exec);
    return;
  }
  std::string lower = message;
  for (char &ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  EXPECT_NE(lower.find(row.message), std::string::npos) << "message: " << message;
}

INSTANTIATE_TEST_SUITE_P(Rows, ApplyAdamWV2Ut, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<Row> &info) { return info.param.name; });

TEST(ApplyAdamWV2UtPhase2, NullExecutorIsNullptrError) {
  aclInit(nullptr);
  EXPECT_EQ(aclnnApplyAdamWV2(nullptr, 0, nullptr, nullptr), kNull);
}

}  // namespace
}  // namespace aclcpu_test::apply_adam_w_v2_ut_test
