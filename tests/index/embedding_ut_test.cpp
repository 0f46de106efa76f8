// Phase 1 of aclnnEmbedding and aclnnEmbeddingDenseBackward as tables (docs/ops/embedding.md §1.4-1.5, §2.4-2.5):
// every vendor op_api UT case with the status the A2 gets, then a row per step of each check order. Descriptors
// carry no memory (phase 1 never reads data); accepted calls return an executor, refused ones a message.
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::embedding_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

enum class Fn { kForward, kBackward };

// Forward: a = weight, b = indices, c = out. Backward: a = grad, b = indices, c = out.
struct Row {
  std::string name;
  Fn fn = Fn::kForward;
  Desc a, b, c;
  uint64_t numWeights = 10, paddingIdx = 0;
  bool scale = false, nullWorkspaceSize = false, nullExecutor = false;
  aclnnStatus expected = kOk;
  std::string message;  // a word the error message must contain
};

void PrintTo(const Row &r, std::ostream *os) { *os << r.name; }

const Desc kNone = Null();

// Forward rows: defaults are the vendor's case_1 (weight [10,3] FLOAT, indices [4] INT32, out [4,3] FLOAT).
Row F(std::string name, aclnnStatus expected, Desc w = D({10, 3}), Desc i = D({4}, ACL_INT32), Desc o = D({4, 3}),
      std::string message = "") {
  Row r;
  r.name = "fwd_" + name;
  r.a = std::move(w);
  r.b = std::move(i);
  r.c = std::move(o);
  r.expected = expected;
  r.message = std::move(message);
  return r;
}

// Backward rows: defaults are the vendor's case_1 (grad [4,3] FLOAT, indices [4] INT32, numWeights 10, out [10,3]).
Row B(std::string name, aclnnStatus expected, Desc g = D({4, 3}), Desc i = D({4}, ACL_INT32), Desc o = D({10, 3}),
      std::string message = "") {
  Row r = F("", expected, std::move(g), std::move(i), std::move(o), std::move(message));
  r.name = "bwd_" + name;
  r.fn = Fn::kBackward;
  return r;
}

Row With(Row r, uint64_t numWeights, uint64_t paddingIdx, bool scale) {
  r.numWeights = numWeights;
  r.paddingIdx = paddingIdx;
  r.scale = scale;
  return r;
}

Desc Strided(std::vector<int64_t> shape, std::vector<int64_t> strides, std::vector<int64_t> storage,
             aclDataType t = ACL_FLOAT) {
  Desc d = D(std::move(shape), t);
  d.strides = std::move(strides);
  d.storage = std::move(storage);
  return d;
}

std::vector<Row> ForwardVendorRows() {
  const Desc w = D({10, 3}), i32 = D({4}, ACL_INT32);
  std::vector<Row> r = {
      F("v01_normal", kOk),
      F("v02_indices_null", kNull, w, kNone, D({4, 3}), "indices"),
      F("v03_weight_null", kNull, kNone, i32, D({4, 3}), "weight"),
      F("v04_out_null", kNull, w, i32, kNone, "out"),
      F("v05_f16_int64", kOk, D({10, 3}, ACL_FLOAT16), D({4}, ACL_INT64), D({4, 3}, ACL_FLOAT16)),
  };
  const std::pair<aclDataType, const char *> okWeights[] = {
      {ACL_DOUBLE, "v06_double"}, {ACL_BF16, "v07_bf16_on_A2"},     {ACL_INT8, "v08_int8"},
      {ACL_UINT8, "v09_uint8"},   {ACL_UINT8, "v10_uint8"},         {ACL_INT64, "v11_int64"},
      {ACL_BOOL, "v12_bool"},     {ACL_COMPLEX64, "v13_complex64"}, {ACL_COMPLEX128, "v14_complex128"}};
  for (const auto &[t, label] : okWeights) r.push_back(F(label, kOk, D({10, 3}, t), i32, D({4, 3}, t)));
  const std::pair<aclDataType, const char *> badIndices[] = {
      {ACL_FLOAT16, "v15_indices_f16"}, {ACL_FLOAT, "v16_indices_f32"},     {ACL_DOUBLE, "v17_indices_f64"},
      {ACL_UINT8, "v19_indices_u8"},    {ACL_INT8, "v20_indices_i8"},       {ACL_INT16, "v21_indices_i16"},
      {ACL_BOOL, "v22_indices_bool"},   {ACL_COMPLEX64, "v23_indices_c64"}, {ACL_COMPLEX128, "v24_indices_c128"}};
  for (const auto &[t, label] : badIndices) r.push_back(F(label, kInvalid, w, D({4}, t), D({4, 3}), "indices"));
  r.push_back(F("v25_empty_weight_dim1", kOk, D({10, 0}), i32, D({4, 0})));
  r.push_back(F("v26_indices_rank9", kInvalid, w, D({4, 4, 4, 4, 4, 4, 4, 4, 4}, ACL_INT32), D({4, 3}), "indices"));
  r.push_back(F("v27_transposed_weight", kOk, Strided({2, 4}, {1, 2}, {4, 2}), D({3}, ACL_INT32), D({3, 4})));
  const std::pair<aclFormat, const char *> formats[] = {
      {ACL_FORMAT_NCHW, "v28_nchw"}, {ACL_FORMAT_NHWC, "v29_nhwc"}, {ACL_FORMAT_HWCN, "v30_hwcn"}};
  for (const auto &[f, label] : formats)
    r.push_back(F(label, kOk, w, D({2, 2, 2, 2}, ACL_INT32, f), D({2, 2, 2, 2, 3})));
  r.push_back(F("v31_ndhwc", kOk, w, D({2, 2, 2, 2, 2}, ACL_INT32, ACL_FORMAT_NDHWC), D({2, 2, 2, 2, 2, 3})));
  r.push_back(F("v32_ncdhw", kOk, w, D({2, 2, 2, 2, 2}, ACL_INT32, ACL_FORMAT_NCDHW), D({2, 2, 2, 2, 2, 3})));
  r.push_back(F("v33_high_performance", kOk, D({2268, 32}), D({8192, 80}, ACL_INT32), D({8192, 80, 32})));
  return r;
}

std::vector<Row> ForwardOrderRows() {
  const Desc w = D({10, 3}), i32 = D({4}, ACL_INT32), o = D({4, 3});
  Row noWs = F("s0_null_workspace_size", kNull, kNone, i32, o, "workspacesize");
  noWs.nullWorkspaceSize = true;
  Row noExec = F("s0_null_executor_first", kNull, kNone, i32, o, "executor");
  noExec.nullExecutor = true;
  return {
      noWs,
      noExec,
      F("s1_weight_before_indices", kNull, kNone, kNone, o, "weight"),
      F("s1_indices_before_out", kNull, w, kNone, kNone, "indices"),
      F("s2_weight_dtype_before_null_free", kInvalid, D({10, 3}, ACL_UINT16), i32, D({4, 3}, ACL_UINT16), "weight"),
      F("s2_out_dtype_differs", kInvalid, w, i32, D({4, 3}, ACL_FLOAT16), "out"),
      F("s2_out_dtype_before_indices", kInvalid, w, D({4}, ACL_FLOAT), D({4, 3}, ACL_DOUBLE), "out"),
      F("s2_dtype_before_rank", kInvalid, w, D({4, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_INT8), D({4, 3}), "indices"),
      F("s3_weight_rank9", kInvalid, D({10, 3, 1, 1, 1, 1, 1, 1, 1}), i32, o, "weight"),
      F("s3_out_rank9", kInvalid, w, D({4, 1, 1, 1, 1, 1, 1, 1}, ACL_INT32), D({4, 1, 1, 1, 1, 1, 1, 1, 3}), "out"),
      F("s3_indices_rank8_out_rank9", kInvalid, w, D({1, 1, 1, 1, 1, 1, 1, 4}, ACL_INT32),
        D({1, 1, 1, 1, 1, 1, 1, 4, 3}), "out"),
      F("s4_out_rank_not_indices_plus_1", kInvalid, w, i32, D({4, 3, 1}), "out"),
      F("s4_out_leading_dims", kInvalid, w, D({2, 2}, ACL_INT32), D({4, 3}), "out"),
      F("s4_rank_before_empty", kInvalid, D({0, 3}), i32, D({4}), "out"),
      F("s5_empty_indices_mismatched_last_dim_ok", kOk, w, D({0}, ACL_INT32), D({0, 7})),
      F("s5_empty_weight_rows", kOk, D({0, 3}), i32, o),
      F("s5_scalar_index", kOk, w, D({}, ACL_INT32), D({3})),
      F("cpu_weight_rank1", kInvalid, D({10}), i32, D({4, 10}), "weight"),
      F("cpu_weight_rank3", kInvalid, D({10, 3, 2}), i32, D({4, 3}), "weight"),
      F("cpu_out_last_dim", kInvalid, w, i32, D({4, 5}), "out"),
      F("cpu_out_overlaps_itself", kInvalid, w, i32, Strided({4, 3}, {0, 1}, {3}), "overlap"),
      F("cpu_view_outside_storage", kInvalid, Strided({10, 3}, {3, 1}, {20}), i32, o, "weight"),
      F("transposed_out", kOk, w, i32, Strided({4, 3}, {1, 4}, {12})),
  };
}

std::vector<Row> BackwardVendorRows() {
  const Desc g = D({4, 3}), i32 = D({4}, ACL_INT32), o = D({10, 3});
  std::vector<Row> r = {
      B("v01_normal", kOk),
      B("v02_grad_null", kNull, kNone, i32, o, "grad"),
      B("v03_indices_null", kNull, g, kNone, o, "indices"),
      B("v04_out_null", kNull, g, i32, kNone, "out"),
      B("v05_grad_f16_out_f32", kOk, D({4, 3}, ACL_FLOAT16)),
      B("v06_grad_bf16_on_A2", kOk, D({4, 3}, ACL_BF16)),
  };
  const std::pair<aclDataType, const char *> badGrads[] = {
      {ACL_DOUBLE, "v07_grad_double"}, {ACL_INT32, "v08_grad_int32"},         {ACL_INT64, "v09_grad_int64"},
      {ACL_INT16, "v10_grad_int16"},   {ACL_INT8, "v11_grad_int8"},           {ACL_UINT8, "v12_grad_uint8"},
      {ACL_BOOL, "v13_grad_bool"},     {ACL_COMPLEX64, "v14_grad_complex64"}, {ACL_COMPLEX128, "v15_grad_complex128"}};
  for (const auto &[t, label] : badGrads) r.push_back(B(label, kInvalid, D({4, 3}, t), i32, o, "grad"));
  const std::pair<aclDataType, const char *> indices[] = {
      {ACL_FLOAT, "v16_indices_float"}, {ACL_FLOAT16, "v17_indices_f16"}, {ACL_DOUBLE, "v19_indices_double"},
      {ACL_INT64, "v20_indices_int64"}, {ACL_INT16, "v21_indices_int16"}, {ACL_INT8, "v22_indices_int8"},
      {ACL_UINT8, "v23_indices_uint8"}, {ACL_BOOL, "v24_indices_bool"}};
  for (const auto &[t, label] : indices) r.push_back(B(label, kOk, g, D({4}, t)));
  r.push_back(B("v18_indices_bf16", kInvalid, g, D({4}, ACL_BF16), o, "indices"));
  r.push_back(B("v25_indices_complex64", kInvalid, g, D({4}, ACL_COMPLEX64), o, "indices"));
  r.push_back(B("v26_indices_complex128", kInvalid, g, D({4}, ACL_COMPLEX128), o, "indices"));
  r.push_back(B("v27_out_double", kInvalid, g, i32, D({10, 3}, ACL_DOUBLE), "out"));
  r.push_back(B("v31_indices_grad_shape", kInvalid, g, D({4, 3}, ACL_INT32),
                D({10, 3}, ACL_FLOAT, ACL_FORMAT_UNDEFINED), "indices"));
  r.push_back(
      B("v32_indices_too_few", kInvalid, g, D({2}, ACL_INT32), D({10, 3}, ACL_FLOAT, ACL_FORMAT_UNDEFINED), "indices"));
  r.push_back(B("v33_ncdhw_nchw", kOk, D({4, 3, 3, 3, 3}, ACL_FLOAT, ACL_FORMAT_NCDHW),
                D({4, 3, 3, 3}, ACL_INT32, ACL_FORMAT_NCHW)));
  r.push_back(B("v34_ndhwc_nhwc", kOk, D({4, 3, 3, 3, 3}, ACL_FLOAT, ACL_FORMAT_NDHWC),
                D({4, 3, 3, 3}, ACL_INT32, ACL_FORMAT_NHWC)));
  r.push_back(B("v35_ndhwc_hwcn", kOk, D({4, 3, 3, 3, 3}, ACL_FLOAT, ACL_FORMAT_NDHWC),
                D({4, 3, 3, 3}, ACL_INT32, ACL_FORMAT_HWCN)));
  r.push_back(B("v36_grad_last_dim_0_out_3", kInvalid, D({4, 3, 3, 3, 0}), D({4, 3, 3, 3}, ACL_INT32), o, "out"));
  r.push_back(
      B("v37_grad_rank9", kInvalid, D({3, 3, 3, 3, 3, 3, 3, 3, 3}), D({3, 3, 3, 3, 3, 3, 3, 3}, ACL_INT32), o, "grad"));
  r.push_back(B("v38_transposed_grad", kOk, Strided({4, 3}, {1, 4}, {3, 4})));
  r.push_back(B("v39_ascend910B2_v2", kOk, D({4, 3, 3, 3, 3}), D({4, 3, 3, 3}, ACL_INT32)));
  r.push_back(With(B("v40_padding_minus_1", kOk, D({1, 3}), D({1}, ACL_INT32)), 10, static_cast<uint64_t>(-1), false));
  r.push_back(B("v41_grad_nc1hwc0", kInvalid, D({4, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), i32, o, "grad"));
  r.push_back(B("v42_indices_nc1hwc0", kInvalid, g, D({4}, ACL_INT32, ACL_FORMAT_NC1HWC0), o, "indices"));
  r.push_back(B("v43_out_nc1hwc0", kInvalid, g, i32, D({10, 3}, ACL_FLOAT, ACL_FORMAT_NC1HWC0), "out"));
  Row big = With(B("v44_empty_grad_large_out", kOk, D({0, 4096}), D({0}, ACL_INT32), D({155136, 4096})), 155136,
                 static_cast<uint64_t>(-1), false);
  r.push_back(big);
  r.push_back(
      With(B("v45_950_case", kOk, D({10, 5}), D({10}, ACL_INT32), D({20, 5})), 20, static_cast<uint64_t>(-1), false));
  return r;
}

std::vector<Row> BackwardOrderRows() {
  const Desc g = D({4, 3}), i32 = D({4}, ACL_INT32), o = D({10, 3});
  Row noWs = B("s0_null_workspace_size", kNull, kNone, i32, o, "workspacesize");
  noWs.nullWorkspaceSize = true;
  Row noExec = B("s0_null_executor", kNull, kNone, i32, o, "executor");
  noExec.nullExecutor = true;
  return {
      noWs,
      noExec,
      B("s1_grad_before_indices", kNull, kNone, kNone, o, "grad"),
      B("s1_indices_before_out", kNull, g, kNone, kNone, "indices"),
      B("s2_grad_dtype_before_indices", kInvalid, D({4, 3}, ACL_DOUBLE), D({4}, ACL_BF16), o, "grad"),
      B("s2_indices_before_out", kInvalid, g, D({4}, ACL_BF16), D({10, 3}, ACL_DOUBLE), "indices"),
      B("s2_out_f16_from_f32_grad", kOk, g, i32, D({10, 3}, ACL_FLOAT16)),
      B("s2_out_bf16_from_f16_grad", kOk, D({4, 3}, ACL_FLOAT16), i32, D({10, 3}, ACL_BF16)),
      B("s2_dtype_before_rank", kInvalid, D({4, 3, 1, 1, 1, 1, 1, 1, 1}), i32, D({10, 3}, ACL_INT32), "out"),
      B("s3_indices_rank9", kInvalid, g, D({4, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_INT32), o, "indices"),
      B("s3_out_rank9", kInvalid, g, i32, D({10, 3, 1, 1, 1, 1, 1, 1, 1}), "out"),
      B("s3_rank_before_numel", kInvalid, g, D({5, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_INT32), o, "indices"),
      B("cpu_grad_rank0", kInvalid, D({}), D({}, ACL_INT32), D({10, 1}), "grad"),
      B("s4_grad_rank1_one_row", kOk, D({3}), D({}, ACL_INT32)),
      B("s4_numel_any_indices_shape", kOk, D({2, 2, 3}), D({1, 4}, ACL_INT32)),
      B("s4_numel_mismatch", kInvalid, D({2, 2, 3}), D({5}, ACL_INT32), o, "indices"),
      B("s4_numel_before_out_shape", kInvalid, g, D({5}, ACL_INT32), D({3}), "indices"),
      B("s4_last_dim_0_skips_numel", kOk, D({4, 0}), D({7}, ACL_INT32), D({10, 0})),
      B("s5_out_rank1", kInvalid, g, i32, D({30}), "out"),
      B("s5_out_rank3", kInvalid, g, i32, D({10, 3, 1}), "out"),
      B("s5_out_rows_not_numWeights", kInvalid, g, i32, D({9, 3}), "out"),
      B("s5_out_cols_not_grad_last", kInvalid, g, i32, D({10, 4}), "out"),
      B("s5_out_shape_before_format", kInvalid, g, i32, D({9, 3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ), "out"),
      B("s6_grad_fractal_z", kInvalid, D({4, 3}, ACL_FLOAT, ACL_FORMAT_FRACTAL_Z), i32, o, "grad"),
      B("s6_public_labels_ok", kOk, D({4, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), i32, D({10, 3}, ACL_FLOAT, ACL_FORMAT_NHWC)),
      With(B("s7_numWeights_0_empty_out", kOk, g, i32, D({0, 3})), 0, 0, false),
      With(B("s7_padding_out_of_range_ok", kOk), 10, 1000, true),
      B("cpu_out_overlaps_itself", kInvalid, g, i32, Strided({10, 3}, {0, 1}, {3}), "overlap"),
      B("cpu_grad_outside_storage", kInvalid, Strided({4, 3}, {3, 1}, {6}), i32, o, "grad"),
  };
}

std::vector<Row> AllRows() {
  std::vector<Row> r;
  for (auto *rows : {ForwardVendorRows, ForwardOrderRows, BackwardVendorRows, BackwardOrderRows}) {
    std::vector<Row> more = rows();
    r.insert(r.end(), more.begin(), more.end());
  }
  return r;
}

class EmbeddingUt : public ::testing::TestWithParam<Row> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(EmbeddingUt, Phase1Status) {
  const Row &row = GetParam();
  Descriptors owned;
  aclTensor *a = owned.Make(row.a), *b = owned.Make(row.b), *c = owned.Make(row.c);
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  uint64_t *wsArg = row.nullWorkspaceSize ? nullptr : &ws;
  aclOpExecutor **execArg = row.nullExecutor ? nullptr : &exec;
  (void)aclGetRecentErrMsg();
  const aclnnStatus status = row.fn == Fn::kForward
                                 ? aclnnEmbeddingGetWorkspaceSize(a, b, c, wsArg, execArg)
                                 : aclnnEmbeddingDenseBackwardGetWorkspaceSize(a, b, row.numWeights, row.paddingIdx,
                                                                               row.scale, c, wsArg, execArg);
  const std::string message = aclGetRecentErrMsg();
  ASSERT_EQ(status, row.expected) << (status != kOk ? message : std::string("success"));
  if (status == kOk) {
    EXPECT_NE(exec, nullptr);
    aclDestroyAclOpExecutor(exec);
    return;
  }
  std::string lower = message;
  for (char &ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  EXPECT_NE(lower.find(row.message), std::string::npos) << "message: " << message;
}

INSTANTIATE_TEST_SUITE_P(Rows, EmbeddingUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<Row> &info) { return info.param.name; });

TEST(EmbeddingUtPhase2, NullExecutorIsNullptrError) {
  aclInit(nullptr);
  EXPECT_EQ(aclnnEmbedding(nullptr, 0, nullptr, nullptr), kNull);
  EXPECT_EQ(aclnnEmbeddingDenseBackward(nullptr, 0, nullptr, nullptr), kNull);
}

}  // namespace
}  // namespace aclcpu_test::embedding_ut_test
