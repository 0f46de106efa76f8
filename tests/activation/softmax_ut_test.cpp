// Phase 1 of the softmax family as a table (docs/ops/softmax.md): every case of the vendor's op_api UT files
// (activation/{softmax_v2,softmax_grad,log_softmax_v2,log_softmax_grad}/tests/ut/op_api/) with the status the
// A2 gets, then our rows for each step of each function's check order (two faults at once: the message names
// the argument of the first failing step), the null pointer of every position and the empty-tensor exits.
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::softmax_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

enum class Fn { kSoftmax, kSoftmaxBackward, kLogSoftmax, kLogSoftmaxBackward };

// Phase 1 with the tensors in signature order: (self, out) or (gradOutput, output, out).
aclnnStatus Phase1(Fn fn, aclTensor *t0, aclTensor *t1, aclTensor *t2, int64_t dim, uint64_t *ws,
                   aclOpExecutor **exec) {
  switch (fn) {
    case Fn::kSoftmax: return aclnnSoftmaxGetWorkspaceSize(t0, dim, t1, ws, exec);
    case Fn::kSoftmaxBackward: return aclnnSoftmaxBackwardGetWorkspaceSize(t0, t1, dim, t2, ws, exec);
    case Fn::kLogSoftmax: return aclnnLogSoftmaxGetWorkspaceSize(t0, dim, t1, ws, exec);
    case Fn::kLogSoftmaxBackward: return aclnnLogSoftmaxBackwardGetWorkspaceSize(t0, t1, dim, t2, ws, exec);
  }
  return -1;
}

struct UtRow {
  std::string name;
  Fn fn = Fn::kSoftmax;
  std::vector<Desc> tensors;
  int64_t dim = 0;
  aclnnStatus expected = kOk;
  std::string message;
  bool nullWorkspaceSize = false, nullExecutor = false;
  bool zeroWorkspace = false;

  UtRow &Msg(std::string m) {
    message = std::move(m);
    return *this;
  }
  UtRow &Empty() {
    zeroWorkspace = true;
    return *this;
  }
};

UtRow R(std::string name, Fn fn, std::vector<Desc> t, int64_t dim, aclnnStatus st) {
  UtRow r;
  r.name = std::move(name);
  r.fn = fn;
  r.tensors = std::move(t);
  r.dim = dim;
  r.expected = st;
  return r;
}

// The vendor's transposed view "T": shape (5, 4), strides (1, 5), storage (4, 5).
Desc T(aclDataType t = ACL_FLOAT) { return {{5, 4}, t, ACL_FORMAT_ND, true, {1, 5}, {4, 5}}; }
// A large view over a tiny storage (stride 0 everywhere): phase 1 fails before any data is read.
Desc Broadcast(std::vector<int64_t> shape) {
  return {shape, ACL_FLOAT, ACL_FORMAT_ND, true, std::vector<int64_t>(shape.size(), 0), {1}};
}

const Desc kNone = Null();
const std::vector<int64_t> k8{1, 2, 3, 4, 5, 6, 7, 8};
const std::vector<int64_t> k9{1, 2, 3, 4, 5, 6, 7, 8, 9};
constexpr aclFormat kNhwc = ACL_FORMAT_NHWC;

void Add(std::vector<UtRow> &rows, std::vector<UtRow> more) { rows.insert(rows.end(), more.begin(), more.end()); }

std::vector<UtRow> SoftmaxVendorRows() {
  const Fn f = Fn::kSoftmax;
  return {
      R("Softmax_case_002_float16_normal", f, {D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16)}, 0, kOk),
      R("Softmax_case_003_float32_normal", f, {D({2, 3}), D({2, 3})}, 0, kOk),
      R("Softmax_case_005_8_dim_input", f, {D(k8), D(k8)}, 0, kOk),
      R("Softmax_case_006_max_dim", f, {D(k8), D(k8)}, 7, kOk),
      R("Softmax_case_007_dim_invalid", f, {D(k8), D(k8)}, 8, kInvalid).Msg("dim in [-8, 7]"),
      R("Softmax_case_008_format_NHWC_normal", f, {D({2, 3}, ACL_FLOAT, kNhwc), D({2, 3}, ACL_FLOAT, kNhwc)}, 0, kOk),
      R("Softmax_case_010_emptytensor_normal", f, {D({2, 0}), D({2, 3})}, 0, kOk).Empty(),
      R("Softmax_case_011_input_shape_diff_with_out_normal", f, {D({3, 3}), D({2, 3})}, 0, kInvalid).Msg("out shape"),
      R("Softmax_case_013_input_contigous_normal", f, {T(), D({5, 4})}, 0, kOk),
      R("Softmax_case_014_9_dim_input", f, {D(k9), D(k9)}, 0, kInvalid).Msg("self rank <= 8"),
      R("Softmax_case_015_nullptr_self", f, {kNone, D(k8)}, 0, kNull).Msg("non-null self"),
      R("Softmax_case_015_nullptr_out", f, {D(k8), kNone}, 0, kNull).Msg("non-null out"),
      R("Softmax_case_017_platforminfo_ascend910B", f, {D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16)}, 0, kOk),
      R("Softmax_case_zero_dim_num", f, {D({}), D({})}, 0, kOk),
  };
}

std::vector<UtRow> SoftmaxBackwardVendorRows(Fn f, const std::string &p) {
  // The two backward files share their case list; case numbers as in each file.
  std::vector<UtRow> rows = {
      R(p + "case_001_float32_normal", f, {D({2, 3}), D({2, 3}), D({2, 3})}, 0, kOk),
      R(p + "case_002_float16_normal", f, {D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16), D({2, 3}, ACL_FLOAT16)}, 0,
        kOk),
      R(p + "case_003_double_abnormal", f, {D({2, 3}, ACL_DOUBLE), D({2, 3}, ACL_DOUBLE), D({2, 3}, ACL_DOUBLE)}, 0,
        kInvalid),
      R(p + "case_005_diff_input_dtype_abnormal", f, {D({2, 3}), D({2, 3}, ACL_DOUBLE), D({2, 3})}, 0, kInvalid)
          .Msg("output dtype in"),
      R(p + "case_006_diff_input_format_normal", f, {D({2, 3}), D({2, 3}, ACL_FLOAT, kNhwc), D({2, 3})}, 0, kOk),
      R(p + "case_007_diff_input_shape_abnormal", f, {D({2, 4}), D({2, 3}), D({2, 4})}, 0, kInvalid)
          .Msg("output shape"),
      R(p + "case_009_diff_in_out_format_normal", f, {D({2, 3}), D({2, 3}), D({2, 3}, ACL_FLOAT, kNhwc)}, 0, kOk),
      R(p + "case_010_diff_in_out_shape_normal", f, {D({2, 3}), D({2, 3}), D({2, 4})}, 0, kInvalid).Msg("out shape"),
      R(p + "case_011_8_dim_input", f, {D(k8), D(k8), D(k8)}, 0, kOk),
      R(p + "case_012_max_dim", f, {D(k8), D(k8), D(k8)}, 7, kOk),
      R(p + "case_013_dim_invalid", f, {D(k8), D(k8), D(k8)}, 8, kInvalid).Msg("dim in [-8, 7]"),
      R(p + "case_014_format_NHWC_normal", f,
        {D({2, 3}, ACL_FLOAT, kNhwc), D({2, 3}, ACL_FLOAT, kNhwc), D({2, 3}, ACL_FLOAT, kNhwc)}, 0, kOk),
      R(p + "case_016_input_emptytensor_normal", f, {D({2, 0}), D({2, 0}), D({2, 3})}, 0, kOk).Empty(),
      R(p + "case_017_input_contigous_normal", f, {T(), T(), D({5, 4})}, 0, kOk),
      R(p + "case_018_9_dim_input", f, {D(k9), D(k9), D(k9)}, 0, kInvalid).Msg("rank <= 8"),
      R(p + "case_019_nullptr_gradOutput", f, {kNone, D(k8), D(k8)}, 0, kNull).Msg("non-null gradOutput"),
      R(p + "case_019_nullptr_output", f, {D(k8), kNone, D(k8)}, 0, kNull).Msg("non-null output"),
      R(p + "case_019_nullptr_out", f, {D(k8), D(k8), kNone}, 0, kNull).Msg("non-null out"),
  };
  if (f == Fn::kSoftmaxBackward) {
    rows.push_back(R(p + "case_020_bf16", f, {D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16)}, 0, kOk));
    rows.push_back(R(p + "case_zero_dim_num", f, {D({}, ACL_FLOAT16), D({}, ACL_FLOAT16), D({}, ACL_FLOAT16)}, 0, kOk));
  } else {
    rows.push_back(
        R(p + "case_008_diff_in_out_dtype_normal", f, {D({2, 3}), D({2, 3}), D({2, 3}, ACL_DOUBLE)}, 0, kOk));
    rows.push_back(R(p + "ascend910B2_case_BF16_910b", f,
                     {D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16), D({2, 3}, ACL_BF16)}, 0, kOk));
  }
  return rows;
}

std::vector<UtRow> LogSoftmaxVendorRows() {
  const Fn f = Fn::kLogSoftmax;
  const std::vector<int64_t> s5{1, 2, 3, 4, 5}, s4{2, 3, 4, 5};
  std::vector<UtRow> rows = {
      R("LogSoftmax_case_000_workspace", f,
        {D({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW), D({2, 3}, ACL_FLOAT, ACL_FORMAT_NCHW)}, 0, kOk),
      R("LogSoftmax_case_001_float32_normal", f, {D({2, 3}), D({2, 3})}, 0, kOk),
      R("LogSoftmax_case_002_float16_normal", f, {D({2, 3}, ACL_FLOAT16), D({2, 3})}, 0, kOk),
      R("LogSoftmax_case_003_double_normal", f, {D({2, 3}, ACL_DOUBLE), D({2, 3})}, 0, kOk),
      R("LogSoftmax_case_019_invalid_dtype", f, {D(s5, ACL_UINT32), D(s5, ACL_UINT32)}, 0, kInvalid)
          .Msg("self dtype in"),
      R("LogSoftmax_case_020_invalid_shape", f, {D(s5), D({2, 3, 4, 5, 6})}, 0, kInvalid).Msg("out shape"),
      R("LogSoftmax_case_021_invalid_dim", f, {D(s5), D(s5)}, 9, kInvalid).Msg("dim in [-5, 4]"),
      R("LogSoftmax_case_023_empty_tensor", f, {D({2, 0}), D({2, 0})}, 0, kOk).Empty(),
      R("LogSoftmax_case_024_uncontiguous", f, {T(), T()}, 1, kOk),
      R("LogSoftmax_case_025_nullptr_self", f, {kNone, D({2, 3, 4, 5, 6})}, 0, kNull).Msg("non-null self"),
      R("LogSoftmax_case_025_nullptr_out", f, {D(s5), kNone}, 0, kNull).Msg("non-null out"),
      R("LogSoftmax_case_026_9_dim_input_tensor", f,
        {Broadcast({2, 3, 4, 5, 6, 7, 8, 9, 10}), Broadcast({2, 3, 4, 5, 6, 7, 8, 9, 10})}, 0, kInvalid)
          .Msg("self rank <= 8"),
      R("LogSoftmax_case_027_0_dim_input_tensor", f, {D({}), D({})}, 0, kOk),
      R("LogSoftmax_ascend910B2_case_BF16_910b", f, {D({8}, ACL_BF16), D({8}, ACL_BF16)}, 0, kOk),
  };
  // The TEST_Fs with a second call: the same problem with a DOUBLE self and a FLOAT out ("+D").
  struct Pair {
    const char *name;
    std::vector<int64_t> shape, shapeD;
    int64_t dim;
    aclFormat format;
  };
  const Pair pairs[] = {
      {"case_008_1_dim_input_tensor", {8}, {8}, 0, ACL_FORMAT_ND},
      {"case_009_3_dim_input_tensor", {1, 2, 3}, {1, 2, 3}, 0, ACL_FORMAT_ND},
      {"case_010_5_dim_input_tensor", s5, s5, 0, ACL_FORMAT_ND},
      {"case_011_8_dim_input_tensor", k8, {1, 2, 3, 4, 5, 7, 8}, 0, ACL_FORMAT_ND},
      {"case_012_dim_coverage1", s5, s5, 4, ACL_FORMAT_ND},
      {"case_013_dim_coverage2", s5, s5, -5, ACL_FORMAT_ND},
      {"case_014_NHWC", s4, s4, 0, ACL_FORMAT_NHWC},
      {"case_015_NCHW", s4, s4, 0, ACL_FORMAT_NCHW},
      {"case_016_HWCN", s4, s4, 0, ACL_FORMAT_HWCN},
      {"case_017_NDHWC", s4, s4, 0, ACL_FORMAT_NDHWC},
      {"case_018_NCDHW", s5, s5, 0, ACL_FORMAT_NCDHW},
  };
  for (const Pair &c : pairs) {
    rows.push_back(R(std::string("LogSoftmax_") + c.name, f,
                     {D(c.shape, ACL_FLOAT, c.format), D(c.shape, ACL_FLOAT, c.format)}, c.dim, kOk));
    rows.push_back(R(std::string("LogSoftmax_") + c.name + "_double_self", f,
                     {D(c.shapeD, ACL_DOUBLE, c.format), D(c.shapeD, ACL_FLOAT, c.format)}, c.dim, kOk));
  }
  return rows;
}

// Our rows: each step of each check order, with two faults where the order shows in the message.
std::vector<UtRow> CheckOrderRows() {
  const Fn s = Fn::kSoftmax, ls = Fn::kLogSoftmax, sb = Fn::kSoftmaxBackward, lb = Fn::kLogSoftmaxBackward;
  const Desc f23 = D({2, 3}), i23 = D({2, 3}, ACL_INT32), d23 = D({2, 3}, ACL_DOUBLE), h23 = D({2, 3}, ACL_FLOAT16);
  std::vector<UtRow> rows = {
      // Softmax: empty self exits before every other check.
      R("Softmax_EmptyInt32SelfSucceeds", s, {D({0, 3}, ACL_INT32), D({4}, ACL_UINT8)}, 9, kOk).Empty(),
      R("Softmax_SelfDtypeBeforeOutDtype", s, {i23, i23}, 0, kInvalid).Msg("self dtype in"),
      R("Softmax_OutDtype", s, {f23, i23}, 0, kInvalid).Msg("out dtype in"),
      R("Softmax_OutDtypeBeforeDim", s, {f23, i23}, 5, kInvalid).Msg("out dtype in"),
      R("Softmax_DimBeforeShape", s, {f23, D({3, 2})}, 2, kInvalid).Msg("dim in [-2, 1] for self of rank 2"),
      R("Softmax_NegativeDimTooSmall", s, {f23, f23}, -3, kInvalid).Msg("but got -3"),
      R("Softmax_NegativeDim", s, {f23, f23}, -2, kOk),
      R("Softmax_NineDimsDimNineIsTheDimMessage", s, {D(k9), D(k9)}, 9, kInvalid).Msg("dim in [-9, 8]"),
      R("Softmax_NineDimsDimEightIsTheRankMessage", s, {D(k9), D(k9)}, 8, kInvalid).Msg("self rank <= 8"),
      R("Softmax_ZeroDimTakesMinusOne", s, {D({}), D({})}, -1, kOk),
      R("Softmax_ZeroDimRefusesOne", s, {D({}), D({})}, 1, kInvalid).Msg("dim in [-1, 0]"),
      R("Softmax_MixedDtypes", s, {h23, d23}, 1, kOk),
      R("Softmax_NonEmptySelfEmptyOut", s, {f23, D({2, 0})}, 0, kInvalid).Msg("out shape"),
      R("Softmax_ViewOutsideStorage", s, {{{2, 3}, ACL_FLOAT, ACL_FORMAT_ND, true, {3, 1}, {5}}, f23}, 0, kInvalid)
          .Msg("self view"),
      R("Softmax_OutOverlapsItself", s, {f23, {{2, 3}, ACL_FLOAT, ACL_FORMAT_ND, true, {0, 1}, {3}}}, 0, kInvalid)
          .Msg("out view whose elements do not overlap"),
      // LogSoftmax: dim before the dtypes, the empty exit last.
      R("LogSoftmax_DimBeforeDtype", ls, {D({1, 2, 3, 4, 5}, ACL_UINT32), D({1, 2, 3, 4, 5}, ACL_UINT32)}, 9, kInvalid)
          .Msg("dim in [-5, 4]"),
      R("LogSoftmax_OutDtype", ls, {f23, i23}, 0, kInvalid).Msg("out dtype in"),
      R("LogSoftmax_OutRankNine", ls, {D({2, 3}), D(k9)}, 0, kInvalid).Msg("out rank <= 8"),
      R("LogSoftmax_EmptySelfStillChecksShape", ls, {D({2, 0}), D({2, 3})}, 0, kInvalid).Msg("out shape"),
      R("LogSoftmax_EmptySelfStillChecksDtype", ls, {D({2, 0}, ACL_INT32), D({2, 0}, ACL_INT32)}, 0, kInvalid)
          .Msg("self dtype in"),
      R("LogSoftmax_EmptySelfStillChecksDim", ls, {D({2, 0}), D({2, 0})}, 2, kInvalid).Msg("dim in [-2, 1]"),
      R("LogSoftmax_EmptyOutNonEmptySelf", ls, {f23, D({2, 0})}, 0, kInvalid).Msg("out shape"),
      R("LogSoftmax_MixedDtypes", ls, {d23, h23}, -1, kOk),
      // SoftmaxBackward: empty exit right after the nulls; dtypes; dim; rank; shapes; out dtype (CPU).
      R("SoftmaxBackward_EmptyOutputAnythingGoes", sb, {i23, D({0}, ACL_INT32), D({7}, ACL_STRING)}, 9, kOk).Empty(),
      R("SoftmaxBackward_GradOutputDtypeFirst", sb, {d23, i23, f23}, 0, kInvalid).Msg("gradOutput dtype in"),
      R("SoftmaxBackward_DtypesEqual", sb, {f23, h23, f23}, 0, kInvalid).Msg("output dtype equal to gradOutput"),
      R("SoftmaxBackward_DimBeforeShapes", sb, {f23, D({3, 2}), f23}, 2, kInvalid).Msg("dim in [-2, 1] for gradOutput"),
      R("SoftmaxBackward_OutputShapeBeforeOutShape", sb, {f23, D({3, 2}), D({3, 2})}, 0, kInvalid).Msg("output shape"),
      R("SoftmaxBackward_OutDtypeAnyConvertible", sb, {f23, f23, D({2, 3}, ACL_INT16)}, 1, kOk),
      R("SoftmaxBackward_OutDtypeComplex", sb, {h23, h23, D({2, 3}, ACL_COMPLEX64)}, 1, kOk),
      R("SoftmaxBackward_OutDtypeNotConvertible", sb, {f23, f23, D({2, 3}, ACL_STRING)}, 1, kInvalid)
          .Msg("out dtype in"),
      R("SoftmaxBackward_OutShapeBeforeOutDtype", sb, {f23, f23, D({3, 2}, ACL_STRING)}, 1, kInvalid).Msg("out shape"),
      // LogSoftmaxBackward: output's dtype first; dim last.
      R("LogSoftmaxBackward_EmptyGradOutputAnythingGoes", lb, {D({2, 0}), i23, D({1}, ACL_STRING)}, -7, kOk).Empty(),
      R("LogSoftmaxBackward_OutputDtypeFirst", lb, {i23, d23, f23}, 0, kInvalid).Msg("output dtype in"),
      R("LogSoftmaxBackward_GradOutputDtype", lb, {i23, f23, f23}, 0, kInvalid).Msg("gradOutput dtype in"),
      R("LogSoftmaxBackward_DtypesEqual", lb, {h23, f23, f23}, 0, kInvalid).Msg("dtype equal to"),
      R("LogSoftmaxBackward_OutputRank", lb, {f23, D(k9), f23}, 0, kInvalid).Msg("output rank <= 8"),
      R("LogSoftmaxBackward_ShapeBeforeDim", lb, {f23, D({3, 2}), f23}, 5, kInvalid).Msg("output shape"),
      R("LogSoftmaxBackward_OutShapeBeforeDim", lb, {f23, f23, D({3, 2})}, 5, kInvalid).Msg("out shape"),
      R("LogSoftmaxBackward_DimLast", lb, {f23, f23, f23}, 2, kInvalid).Msg("dim in [-2, 1] for gradOutput"),
      R("LogSoftmaxBackward_DimBeforeOutDtype", lb, {f23, f23, D({2, 3}, ACL_STRING)}, 2, kInvalid).Msg("dim in"),
      R("LogSoftmaxBackward_OutDtypeNotConvertible", lb, {f23, f23, D({2, 3}, ACL_STRING)}, 1, kInvalid)
          .Msg("out dtype in"),
      R("LogSoftmaxBackward_ZeroDim", lb, {D({}, ACL_BF16), D({}, ACL_BF16), D({}, ACL_BOOL)}, -1, kOk),
  };
  // A null workspaceSize or executor in every function: 161001 before the tensors are looked at.
  const Fn fns[] = {s, sb, ls, lb};
  const char *names[] = {"Softmax", "SoftmaxBackward", "LogSoftmax", "LogSoftmaxBackward"};
  for (int i = 0; i < 4; ++i) {
    UtRow ws = R(std::string(names[i]) + "_NullWorkspaceSize", fns[i], {kNone, kNone, kNone}, 0, kNull);
    ws.nullWorkspaceSize = true;
    rows.push_back(ws.Msg("non-null workspaceSize"));
    UtRow ex = R(std::string(names[i]) + "_NullExecutor", fns[i], {kNone, kNone, kNone}, 0, kNull);
    ex.nullExecutor = true;
    rows.push_back(ex.Msg("non-null executor"));
  }
  // The backward null order: LogSoftmaxBackward names output first, SoftmaxBackward gradOutput.
  rows.push_back(
      R("SoftmaxBackward_AllNullNamesGradOutput", sb, {kNone, kNone, kNone}, 0, kNull).Msg("non-null gradOutput"));
  rows.push_back(
      R("LogSoftmaxBackward_AllNullNamesOutput", lb, {kNone, kNone, kNone}, 0, kNull).Msg("non-null output"));
  rows.push_back(R("LogSoftmaxBackward_NullGradOutput", lb, {kNone, f23, f23}, 0, kNull).Msg("non-null gradOutput"));
  return rows;
}

std::vector<UtRow> AllRows() {
  std::vector<UtRow> rows = SoftmaxVendorRows();
  Add(rows, SoftmaxBackwardVendorRows(Fn::kSoftmaxBackward, "SoftmaxBackward_"));
  Add(rows, LogSoftmaxVendorRows());
  Add(rows, SoftmaxBackwardVendorRows(Fn::kLogSoftmaxBackward, "LogSoftmaxBackward_"));
  Add(rows, CheckOrderRows());
  return rows;
}

class SoftmaxUt : public ::testing::TestWithParam<UtRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(SoftmaxUt, Phase1Status) {
  const UtRow &row = GetParam();
  Descriptors owned;
  aclTensor *t[3] = {nullptr, nullptr, nullptr};
  for (size_t i = 0; i < row.tensors.size() && i < 3; ++i) t[i] = owned.Make(row.tensors[i]);
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = Phase1(row.fn, t[0], t[1], t[2], row.dim, row.nullWorkspaceSize ? nullptr : &ws,
                                    row.nullExecutor ? nullptr : &exec);
  EXPECT_EQ(status, row.expected) << (status != kOk ? aclGetRecentErrMsg() : "success");
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

INSTANTIATE_TEST_SUITE_P(Rows, SoftmaxUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<UtRow> &info) { return info.param.name; });

}  // namespace
}  // namespace aclcpu_test::softmax_ut_test
