// Phase 1 of the loss family as a table (docs/ops/loss.md): every A2-applicable case of the vendor's op_api UT
// files (loss/mse_loss, loss/mse_loss_grad_v2, loss/nll_loss) with the status the A2 gets, then our rows for
// each step of each function's check order (NLLLossBackward and the generated CrossEntropyLoss have no aclnn
// UT), the null pointer of every position and the empty-tensor exits.
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::loss_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;         // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;      // 161002
constexpr aclnnStatus kTiling = ACLNN_ERR_INNER_TILING_ERROR;  // 561002

enum class Fn { kMse, kMseBackward, kNll, kNllBackward, kCrossEntropy };

struct UtRow {
  std::string name;
  Fn fn = Fn::kMse;
  std::vector<Desc> tensors;  // in signature order
  int64_t reduction = 0;
  aclnnStatus expected = kOk;
  int64_t ignoreIndex = -100;
  const char *ceReduction = "mean";
  double smoothing = 0.0;
  bool nullWorkspaceSize = false, nullExecutor = false;
};

aclnnStatus Phase1(const UtRow &r, const std::vector<aclTensor *> &t, uint64_t *ws, aclOpExecutor **exec) {
  switch (r.fn) {
    case Fn::kMse: return aclnnMseLossGetWorkspaceSize(t[0], t[1], r.reduction, t[2], ws, exec);
    case Fn::kMseBackward: return aclnnMseLossBackwardGetWorkspaceSize(t[0], t[1], t[2], r.reduction, t[3], ws, exec);
    case Fn::kNll:
      return aclnnNLLLossGetWorkspaceSize(t[0], t[1], t[2], r.reduction, r.ignoreIndex, t[3], t[4], ws, exec);
    case Fn::kNllBackward:
      return aclnnNLLLossBackwardGetWorkspaceSize(t[0], t[1], t[2], t[3], r.reduction, r.ignoreIndex, t[4], t[5], ws,
                                                  exec);
    case Fn::kCrossEntropy:
      return aclnnCrossEntropyLossGetWorkspaceSize(t[0], t[1], t[2], const_cast<char *>(r.ceReduction), r.ignoreIndex,
                                                   r.smoothing, 0.0, false, t[3], t[4], t[5], t[6], ws, exec);
  }
  return -1;
}

UtRow R(std::string name, Fn fn, std::vector<Desc> t, int64_t reduction, aclnnStatus st) {
  UtRow r;
  r.name = std::move(name);
  r.fn = fn;
  r.tensors = std::move(t);
  r.reduction = reduction;
  r.expected = st;
  return r;
}
UtRow Ignore(UtRow r, int64_t ignoreIndex) {
  r.ignoreIndex = ignoreIndex;
  return r;
}
UtRow Ce(std::string name, std::vector<Desc> t, const char *reduction, aclnnStatus st, double smoothing = 0.0) {
  UtRow r = R(std::move(name), Fn::kCrossEntropy, std::move(t), 0, st);
  r.ceReduction = reduction;
  r.smoothing = smoothing;
  return r;
}

constexpr aclDataType F32 = ACL_FLOAT, F16 = ACL_FLOAT16, BF16 = ACL_BF16, I64 = ACL_INT64, I32 = ACL_INT32,
                      U8 = ACL_UINT8;
// The vendor's transposed view: shape (5, 4), strides (1, 5), storage (4, 5).
Desc T(aclDataType t = F32) { return {{5, 4}, t, ACL_FORMAT_ND, true, {1, 5}, {4, 5}}; }
const Desc kNo = Null();
const std::vector<int64_t> k9{2, 3, 4, 5, 6, 7, 8, 9, 10};

std::vector<UtRow> MseRows() {
  const Fn f = Fn::kMse;
  return {
      // test_aclnn_mse_loss.cpp
      R("mse_01_float_nd_none", f, {D({1, 2, 3, 2}), D({2, 2, 1, 2}), D({2, 2, 3, 2})}, 0, kOk),
      R("mse_02_float16_nchw_mean", f, {D({2, 3, 2}, F16), D({2, 3, 2}, F16), D({}, F16)}, 1, kOk),
      R("mse_03_float_float16_nhwc_sum", f, {D({2, 2}, F32, ACL_FORMAT_NHWC), D({2, 2}, F16), D({})}, 2, kOk),
      R("mse_04_float16_float_mean", f, {D({2, 2}, F16, ACL_FORMAT_NDHWC), D({2, 2}), D({})}, 1, kOk),
      R("mse_05_empty_none", f, {D({1, 0, 1, 2}), D({1, 0, 1, 2}), D({1, 0, 1, 2})}, 0, kOk),
      R("mse_06_empty_mean", f, {D({1, 0, 1, 2}), D({1, 0, 1, 2}), D({})}, 1, kOk),
      R("mse_07_empty_sum", f, {D({1, 0, 1, 2}), D({1, 0, 1, 2}), D({})}, 2, kOk),
      R("mse_11_float_ncdhw_mean", f, {D({2, 2}, F32, ACL_FORMAT_NCDHW), D({2, 2}), D({})}, 1, kOk),
      R("mse_12_not_contiguous", f, {T(), T(), D({5, 4})}, 0, kOk),
      R("mse_13_reduction_error", f, {D({8}), D({8}), D({8})}, 3, kInvalid),
      R("mse_14_null_self", f, {kNo, D({10, 5}), D({10, 5})}, 0, kNull),
      R("mse_14_null_target", f, {D({10, 5}), kNo, D({10, 5})}, 0, kNull),
      R("mse_14_null_out", f, {D({10, 5}), D({10, 5}), kNo}, 0, kNull),
      R("mse_15_same_shapes", f, {D({8, 2}), D({8, 2}), D({8, 2})}, 0, kOk),
      R("mse_16_out_int32", f, {D({8, 2}), D({8, 2}), D({8, 2}, I32)}, 0, kInvalid),
      R("mse_17_int_inputs", f, {D({8, 2}, I32), D({8, 2}, ACL_INT16), D({8, 2})}, 0, kInvalid),
      R("mse_18_rank9_self", f, {D(k9, I32), D({7, 8, 9, 10}, ACL_INT16), D({7, 8, 9, 10}, ACL_INT16)}, 0, kInvalid),
      R("mse_18_rank9_target", f, {D({7, 8, 9, 10}, ACL_INT16), D(k9, I32), D({7, 8, 9, 10}, ACL_INT16)}, 0, kInvalid),
      R("mse_19_mixed_formats_mean", f, {D({2, 2}, F32, ACL_FORMAT_HWCN), D({2, 2}, F32, ACL_FORMAT_NDHWC), D({})}, 1,
        kOk),
      R("mse_20_out_shape_none", f, {D({11, 2}), D({11, 2}), D({8, 2})}, 0, kInvalid),
      R("mse_21_out_shape_mean", f, {D({11, 2}), D({11, 2}), D({2})}, 1, kInvalid),
      R("mse_910B2_bf16_mean", f, {D({2, 3, 2}, BF16), D({2, 3, 2}, BF16), D({}, BF16)}, 1, kOk),
      // Our rows: each step of §1's order.
      R("mse_promoted_double", f, {D({2}, ACL_DOUBLE), D({2}), D({2})}, 0, kInvalid),
      R("mse_target_double", f, {D({2}, F32), D({2}, ACL_DOUBLE), D({2})}, 0, kInvalid),
      R("mse_out_double", f, {D({2}), D({2}), D({2}, ACL_DOUBLE)}, 0, kInvalid),
      R("mse_reduction_negative", f, {D({2}), D({2}), D({2})}, -1, kInvalid),
      R("mse_no_broadcast", f, {D({3}), D({4}), D({4})}, 0, kInvalid),
      R("mse_out_rank1_sum", f, {D({2}), D({2}), D({1})}, 2, kInvalid),
      R("mse_bf16_f16_promote_f32", f, {D({2}, BF16), D({2}, F16), D({2})}, 0, kOk),
  };
}

std::vector<UtRow> MseBackwardRows() {
  const Fn f = Fn::kMseBackward;
  return {
      // test_aclnn_mse_loss_backward.cpp
      R("mseb_01_float_none", f, {D({2, 2, 3, 2}), D({1, 2, 3, 2}), D({2, 2, 1, 2}), D({2, 2, 3, 2})}, 0, kOk),
      R("mseb_02_float16_mean", f, {D({1, 3, 2}, F16), D({2, 3, 2}, F16), D({3, 2}, F16), D({2, 3, 2}, F16)}, 1, kOk),
      R("mseb_03_float_sum_f16_out", f, {D({2, 2}), D({2, 2}), D({2, 2}), D({2, 2}, F16)}, 2, kOk),
      R("mseb_04_float16_mean_f32_out", f, {D({2, 2}, F16), D({2, 2}, F16), D({2, 2}, F16), D({2, 2})}, 1, kOk),
      R("mseb_05_empty_none", f, {D({1, 0, 1, 2}), D({1, 1, 0, 2}), D({1, 0, 1, 2}), D({1, 0, 0, 2})}, 0, kOk),
      R("mseb_06_empty_mean", f, {D({1, 0, 1, 2}), D({1, 1, 0, 2}), D({1, 0, 1, 2}), D({1, 0, 0, 2})}, 1, kOk),
      R("mseb_07_empty_sum", f, {D({1, 0, 1, 2}), D({1, 1, 0, 2}), D({1, 0, 1, 2}), D({1, 0, 0, 2})}, 2, kOk),
      R("mseb_11_input_not_contiguous", f, {T(), T(), T(), D({5, 4})}, 0, kOk),
      R("mseb_12_out_not_contiguous", f, {D({5, 4}), D({5, 4}), T(), T()}, 0, kOk),
      R("mseb_13_reduction_error", f, {D({8}), D({8}), D({8}), D({8})}, 3, kInvalid),
      R("mseb_14_null_grad", f, {kNo, D({10, 5}), D({10, 5}), D({10, 5})}, 0, kNull),
      R("mseb_14_null_self", f, {D({10, 5}), kNo, D({10, 5}), D({10, 5})}, 0, kNull),
      R("mseb_14_null_target", f, {D({10, 5}), D({10, 5}), kNo, D({10, 5})}, 0, kNull),
      R("mseb_14_null_out", f, {D({10, 5}), D({10, 5}), D({10, 5}), kNo}, 0, kNull),
      R("mseb_15_target_shape", f, {D({123, 11, 2}), D({123, 11, 2}), D({123, 8, 2}), D({123, 11, 2})}, 0, kInvalid),
      R("mseb_16_out_int32", f, {D({6, 2, 1, 2}), D({6, 2, 1, 2}), D({6, 2, 1, 2}), D({6, 2, 1, 2}, I32)}, 0, kInvalid),
      R("mseb_17_int_inputs", f, {D({6, 2}, I32), D({6, 2}, I32), D({6, 2}, I32), D({6, 2})}, 0, kInvalid),
      R("mseb_18_int_grad", f, {D({6, 2}, I32), D({6, 2}), D({6, 2}), D({6, 2})}, 0, kInvalid),
      R("mseb_18_int_target", f, {D({6, 2}), D({6, 2}), D({6, 2}, I32), D({6, 2})}, 0, kInvalid),
      R("mseb_19_rank9_grad", f, {D(k9), D({7, 8, 9, 10}), D({7, 8, 9, 10}), D({7, 8, 9, 10})}, 0, kInvalid),
      R("mseb_19_rank9_self", f, {D({7, 8, 9, 10}), D(k9), D({7, 8, 9, 10}), D({7, 8, 9, 10})}, 0, kInvalid),
      R("mseb_19_rank9_target", f, {D({7, 8, 9, 10}), D({7, 8, 9, 10}), D(k9), D({7, 8, 9, 10})}, 0, kInvalid),
      R("mseb_20_mixed_formats_mean", f,
        {D({2, 2}), D({2, 2}, F32, ACL_FORMAT_HWCN), D({2, 2}, F32, ACL_FORMAT_NDHWC), D({2, 2})}, 1, kOk),
      R("mseb_21_out_shape", f, {D({123, 11, 2}), D({123, 1, 2}), D({123, 11, 1}), D({123, 8, 2})}, 0, kInvalid),
      R("mseb_22_self_shape", f, {D({123, 11, 2}), D({123, 8, 2}), D({123, 11, 2}), D({123, 11, 2})}, 0, kInvalid),
      R("mseb_910B2_bf16_mean", f, {D({1, 3, 2}, BF16), D({2, 3, 2}, BF16), D({3, 2}, BF16), D({2, 3, 2}, BF16)}, 1,
        kOk),
      // Our rows.
      R("mseb_double_inputs", f, {D({2}, ACL_DOUBLE), D({2}, ACL_DOUBLE), D({2}, ACL_DOUBLE), D({2})}, 0, kInvalid),
      R("mseb_out_double", f, {D({2}), D({2}), D({2}), D({2}, ACL_DOUBLE)}, 0, kInvalid),
  };
}

std::vector<UtRow> NllRows() {
  const Fn f = Fn::kNll;
  const Desc tw = D({1});
  return {
      // test_aclnn_nll_loss_l2.cpp
      R("nll_001_float_none", f, {D({3, 5}), D({3}, I64), D({5}), D({3}), tw}, 0, kOk),
      R("nll_002_uint8_mean", f, {D({10, 7}, F32, ACL_FORMAT_NCHW), D({10}, U8), D({7}), D({}), tw}, 1, kOk),
      R("nll_003_1d_sum", f, {D({7}), D({}, I64), D({7}), D({}), tw}, 2, kOk),
      R("nll_004_1d_self_1d_target", f, {D({1}), D({1}, I64), D({1}), D({1}), tw}, 0, kInvalid),
      Ignore(R("nll_005_mean_ignore0", f, {D({5, 5}), D({5}, I64), D({5}), D({}), D({})}, 1, kOk), 0),
      Ignore(R("nll_006_sum_ignore5", f, {D({7, 7}), D({7}, I64), D({7}), D({}), D({})}, 2, kOk), 5),
      Ignore(R("nll_007_reduction3", f, {D({1, 7}), D({1}, I64), D({7}), D({}), D({})}, 3, kInvalid), 4),
      R("nll_008_4d_self", f, {D({1, 2, 3, 4}), D({12}, I64), D({2}), D({12}), D({})}, 0, kInvalid),
      R("nll_009_target_len", f, {D({1, 7}), D({2}, I64), D({7}), D({1}), D({})}, 0, kInvalid),
      R("nll_010_int32_self", f, {D({1, 7}, I32), D({1}, I64), D({7}, I32), D({1}, I32), D({}, I32)}, 0, kInvalid),
      R("nll_011_null_self", f, {kNo, D({1}, I64), D({7}), D({1}), D({})}, 0, kNull),
      R("nll_012_null_target", f, {D({1, 7}), kNo, D({7}), D({1}), D({})}, 0, kNull),
      R("nll_013_null_weight", f, {D({1, 7}), D({1}, I64), kNo, D({1}), D({})}, 0, kNull),
      R("nll_014_null_out", f, {D({1, 7}), D({1}, I64), D({7}), kNo, D({})}, 0, kNull),
      R("nll_015_null_total_weight", f, {D({1, 7}), D({1}, I64), D({7}), D({1}), kNo}, 0, kNull),
      R("nll_016_weight_f16", f, {D({1, 7}), D({1}, I64), D({7}, F16), D({1}), D({})}, 0, kInvalid),
      R("nll_017_empty_none", f, {D({0, 4}), D({0}, I64), D({4}), D({0}), D({})}, 0, kOk),
      R("nll_018_not_contiguous_sum", f, {T(), D({5}, I64), D({4}), D({}), D({})}, 2, kOk),
      R("nll_019_empty_mean", f, {D({0, 4}), D({0}, I64), D({4}), D({}), D({})}, 1, kOk),
      R("nll_020_f16_outputs", f, {D({10, 4}), D({10}, I64), D({4}), D({10}, F16), D({}, F16)}, 0, kOk),
      R("nll_021_int32_outputs", f, {D({10, 4}), D({10}, I64), D({4}), D({10}, I32), D({}, I32)}, 0, kInvalid),
      R("nll_910B2_024_bf16_uint8_mean", f, {D({10, 7}, BF16), D({10}, U8), D({7}, BF16), D({}, BF16), D({1}, BF16)}, 1,
        kOk),
      // Our rows: the rest of §3's order.
      R("nll_total_weight_int32", f, {D({2, 3}), D({2}, I64), D({3}), D({2}), D({1}, I32)}, 0, kInvalid),
      R("nll_self_double", f, {D({2, 3}, ACL_DOUBLE), D({2}, I64), D({3}, ACL_DOUBLE), D({2}, ACL_DOUBLE), tw}, 0,
        kInvalid),
      R("nll_target_float", f, {D({2, 3}), D({2}), D({3}), D({2}), tw}, 0, kInvalid),
      R("nll_target_2d", f, {D({2, 3}), D({2, 1}, I64), D({3}), D({2}), tw}, 0, kInvalid),
      R("nll_weight_len", f, {D({2, 3}), D({2}, I64), D({4}), D({2}), tw}, 0, kInvalid),
      R("nll_out_shape_none", f, {D({2, 3}), D({2}, I64), D({3}), D({3}), tw}, 0, kInvalid),
      R("nll_out_two_elements_mean", f, {D({2, 3}), D({2}, I64), D({3}), D({2}), tw}, 1, kInvalid),
      R("nll_total_weight_two", f, {D({2, 3}), D({2}, I64), D({3}), D({}), D({2})}, 1, kInvalid),
      R("nll_no_classes_targets", f, {D({2, 0}), D({2}, I64), D({0}), D({2}), tw}, 0, kInvalid),
      R("nll_out_double", f, {D({2, 3}), D({2}, I32), D({3}), D({2}, ACL_DOUBLE), D({1}, ACL_DOUBLE)}, 0, kOk),
  };
}

std::vector<UtRow> NllBackwardRows() {
  const Fn f = Fn::kNllBackward;
  const Desc tw = D({1});
  return {
      // No vendor aclnn UT: one row per step of §4's order.
      R("nllb_ok_none", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), tw, D({3, 5})}, 0, kOk),
      R("nllb_ok_mean_1d", f, {D({}), D({5}), D({}, I32), D({5}), tw, D({5})}, 1, kOk),
      R("nllb_ok_sum_uint8_bf16", f, {D({1}, BF16), D({4, 5}, BF16), D({4}, U8), D({5}, BF16), D({}, BF16), D({4, 5})},
        2, kOk),
      R("nllb_ok_f16_out_f32", f, {D({}, F16), D({2, 3}, F16), D({2}, I64), D({3}, F16), D({1}, F16), D({2, 3})}, 1,
        kOk),
      R("nllb_empty", f, {D({0}), D({0, 5}), D({0}, I64), D({5}), tw, D({0, 5})}, 0, kOk),
      R("nllb_null_grad", f, {kNo, D({3, 5}), D({3}, I64), D({5}), tw, D({3, 5})}, 0, kNull),
      R("nllb_null_self", f, {D({3}), kNo, D({3}, I64), D({5}), tw, D({3, 5})}, 0, kNull),
      R("nllb_null_target", f, {D({3}), D({3, 5}), kNo, D({5}), tw, D({3, 5})}, 0, kNull),
      R("nllb_null_weight", f, {D({3}), D({3, 5}), D({3}, I64), kNo, tw, D({3, 5})}, 0, kNull),
      R("nllb_null_total_weight", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), kNo, D({3, 5})}, 0, kNull),
      R("nllb_null_out", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), tw, kNo}, 0, kNull),
      R("nllb_weight_dtype", f, {D({3}), D({3, 5}), D({3}, I64), D({5}, F16), tw, D({3, 5})}, 0, kInvalid),
      R("nllb_grad_dtype", f, {D({3}, F16), D({3, 5}), D({3}, I64), D({5}), tw, D({3, 5})}, 0, kInvalid),
      R("nllb_total_weight_dtype", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), D({1}, F16), D({3, 5})}, 0, kInvalid),
      R("nllb_out_int32", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), tw, D({3, 5}, I32)}, 0, kInvalid),
      R("nllb_self_double", f,
        {D({3}, ACL_DOUBLE), D({3, 5}, ACL_DOUBLE), D({3}, I64), D({5}, ACL_DOUBLE), D({1}, ACL_DOUBLE), D({3, 5})}, 0,
        kInvalid),
      R("nllb_target_int16", f, {D({3}), D({3, 5}), D({3}, ACL_INT16), D({5}), tw, D({3, 5})}, 0, kInvalid),
      R("nllb_reduction", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), tw, D({3, 5})}, 5, kInvalid),
      R("nllb_self_3d", f, {D({3}), D({3, 5, 1}), D({3}, I64), D({5}), tw, D({3, 5, 1})}, 0, kInvalid),
      R("nllb_target_2d", f, {D({3}), D({3, 5}), D({3, 1}, I64), D({5}), tw, D({3, 5})}, 0, kInvalid),
      R("nllb_target_len", f, {D({3}), D({3, 5}), D({4}, I64), D({5}), tw, D({3, 5})}, 0, kInvalid),
      R("nllb_2d_self_0d_target", f, {D({}), D({3, 5}), D({}, I64), D({5}), tw, D({3, 5})}, 1, kInvalid),
      R("nllb_1d_self_1d_target", f, {D({}), D({5}), D({5}, I64), D({5}), tw, D({5})}, 1, kInvalid),
      R("nllb_weight_len", f, {D({3}), D({3, 5}), D({3}, I64), D({4}), tw, D({3, 5})}, 0, kInvalid),
      R("nllb_total_weight_two", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), D({2}), D({3, 5})}, 0, kInvalid),
      R("nllb_grad_shape_none", f, {D({4}), D({3, 5}), D({3}, I64), D({5}), tw, D({3, 5})}, 0, kInvalid),
      R("nllb_grad_shape_mean", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), tw, D({3, 5})}, 1, kInvalid),
      R("nllb_out_shape", f, {D({3}), D({3, 5}), D({3}, I64), D({5}), tw, D({5, 3})}, 0, kInvalid),
  };
}

std::vector<UtRow> CrossEntropyRows() {
  // input, target, weight, lossOut, logProbOut, zlossOut, lseForZlossOut. No vendor aclnn UT: §5's order.
  const Desc in = D({2, 5}), tg = D({2}, I64), w = D({5}), l1 = D({1}), lp = D({2, 5}), z = D({1}), lse = D({2});
  return {
      Ce("ce_example_mean", {in, tg, kNo, l1, lp, z, lse}, "mean", kOk),
      Ce("ce_null_reduction_is_mean", {in, tg, w, l1, lp, z, lse}, nullptr, kOk),
      Ce("ce_none_weight", {in, tg, w, D({2}), lp, z, lse}, "none", kOk),
      Ce("ce_sum_f16", {D({2, 5}, F16), tg, w, D({1}, F16), D({2, 5}, F16), D({1}, F16), D({2}, F16)}, "sum", kOk),
      Ce("ce_bf16_smoothing", {D({2, 5}, BF16), tg, w, D({1}, BF16), D({2, 5}, BF16), D({1}, BF16), D({2}, BF16)},
         "mean", kOk, 0.5),
      Ce("ce_empty_batch", {D({0, 5}), D({0}, I64), w, l1, D({0, 5}), z, D({0})}, "mean", kOk),
      Ce("ce_null_input", {kNo, tg, w, l1, lp, z, lse}, "mean", kNull),
      Ce("ce_null_target", {in, kNo, w, l1, lp, z, lse}, "mean", kNull),
      Ce("ce_null_loss", {in, tg, w, kNo, lp, z, lse}, "mean", kNull),
      Ce("ce_null_log_prob", {in, tg, w, l1, kNo, z, lse}, "mean", kNull),
      Ce("ce_null_zloss", {in, tg, w, l1, lp, kNo, lse}, "mean", kNull),
      Ce("ce_null_lse", {in, tg, w, l1, lp, z, kNo}, "mean", kNull),
      Ce("ce_input_double", {D({2, 5}, ACL_DOUBLE), tg, w, l1, lp, z, lse}, "mean", kInvalid),
      Ce("ce_target_int32", {in, D({2}, I32), w, l1, lp, z, lse}, "mean", kInvalid),
      Ce("ce_weight_f16", {in, tg, D({5}, F16), l1, lp, z, lse}, "mean", kInvalid),
      Ce("ce_loss_dtype", {in, tg, w, D({1}, F16), lp, z, lse}, "mean", kInvalid),
      Ce("ce_log_prob_dtype", {in, tg, w, l1, D({2, 5}, BF16), z, lse}, "mean", kInvalid),
      Ce("ce_zloss_dtype", {in, tg, w, l1, lp, D({1}, F16), lse}, "mean", kInvalid),
      Ce("ce_lse_dtype", {in, tg, w, l1, lp, z, D({2}, F16)}, "mean", kInvalid),
      Ce("ce_format_nz", {D({2, 5}, F32, ACL_FORMAT_FRACTAL_NZ), tg, w, l1, lp, z, lse}, "mean", kInvalid),
      Ce("ce_reduction_bad", {in, tg, w, l1, lp, z, lse}, "avg", kTiling),
      Ce("ce_smoothing_negative", {in, tg, w, l1, lp, z, lse}, "mean", kTiling, -0.1),
      Ce("ce_smoothing_above_one", {in, tg, w, l1, lp, z, lse}, "mean", kTiling, 1.5),
      Ce("ce_smoothing_one", {in, tg, w, l1, lp, z, lse}, "mean", kOk, 1.0),
      Ce("ce_input_3d", {D({2, 5, 1}), tg, w, l1, D({2, 5, 1}), z, lse}, "mean", kTiling),
      Ce("ce_target_2d", {in, D({2, 1}, I64), w, l1, lp, z, lse}, "mean", kTiling),
      Ce("ce_weight_2d", {in, tg, D({5, 1}), l1, lp, z, lse}, "mean", kTiling),
      Ce("ce_target_len", {in, D({3}, I64), w, l1, lp, z, lse}, "mean", kTiling),
      Ce("ce_weight_len", {in, tg, D({4}), l1, lp, z, lse}, "mean", kTiling),
      Ce("ce_no_classes", {D({2, 0}), tg, D({0}), l1, D({2, 0}), z, lse}, "mean", kTiling),
      Ce("ce_log_prob_shape", {in, tg, w, l1, D({5, 2}), z, lse}, "mean", kInvalid),
      Ce("ce_loss_shape_none", {in, tg, w, l1, lp, z, lse}, "none", kInvalid),
      Ce("ce_loss_shape_mean", {in, tg, w, D({2}), lp, z, lse}, "mean", kInvalid),
  };
}

std::vector<UtRow> WorkspaceRows() {
  std::vector<UtRow> rows;
  const std::vector<std::pair<Fn, std::vector<Desc>>> ok = {
      {Fn::kMse, {D({2}), D({2}), D({2})}},
      {Fn::kMseBackward, {D({2}), D({2}), D({2}), D({2})}},
      {Fn::kNll, {D({2, 3}), D({2}, I64), D({3}), D({2}), D({1})}},
      {Fn::kNllBackward, {D({2}), D({2, 3}), D({2}, I64), D({3}), D({1}), D({2, 3})}},
      {Fn::kCrossEntropy, {D({2, 5}), D({2}, I64), D({5}), D({1}), D({2, 5}), D({1}), D({2})}},
  };
  for (const auto &[fn, tensors] : ok) {
    UtRow a = R("null_workspace_size", fn, tensors, 0, kNull);
    a.nullWorkspaceSize = true;
    UtRow b = R("null_executor", fn, tensors, 0, kNull);
    b.nullExecutor = true;
    rows.push_back(a);
    rows.push_back(b);
  }
  return rows;
}

class LossUt : public ::testing::TestWithParam<UtRow> {};

TEST_P(LossUt, Phase1Status) {
  const UtRow &r = GetParam();
  Descriptors descriptors;
  std::vector<aclTensor *> tensors;
  for (const Desc &d : r.tensors) tensors.push_back(descriptors.Make(d));
  uint64_t workspaceSize = 0;
  aclOpExecutor *executor = nullptr;
  const aclnnStatus status =
      Phase1(r, tensors, r.nullWorkspaceSize ? nullptr : &workspaceSize, r.nullExecutor ? nullptr : &executor);
  EXPECT_EQ(status, r.expected) << r.name << ": " << aclGetRecentErrMsg();
  if (status == kOk && executor != nullptr) aclDestroyAclOpExecutor(executor);
}

std::vector<UtRow> AllRows() {
  std::vector<UtRow> rows;
  for (auto part : {MseRows(), MseBackwardRows(), NllRows(), NllBackwardRows(), CrossEntropyRows(), WorkspaceRows()})
    rows.insert(rows.end(), part.begin(), part.end());
  return rows;
}

std::string RowName(const ::testing::TestParamInfo<UtRow> &info) {
  static const char *fns[] = {"Mse", "MseBackward", "Nll", "NllBackward", "CrossEntropy"};
  return std::string(fns[static_cast<int>(info.param.fn)]) + "_" + info.param.name + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(Vendor, LossUt, ::testing::ValuesIn(AllRows()), RowName);

}  // namespace
}  // namespace aclcpu_test::loss_ut_test
