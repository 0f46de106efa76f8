// Phase 1 of aclnnBatchNorm and aclnnBatchNormBackward as a table (docs/ops/batch_norm.md §1.4-1.5, §2.4-2.5):
// every vendor op_api UT case with the status the A2 gets, then our rows for each step of each check order. Every
// tensor has real memory: a refused call must leave every output untouched and leave a message; an accepted one
// must also run phase 2. Then the empty-input rules (forward fills, backward writes nothing).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_backward.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::batch_norm_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002
const aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, bf16 = ACL_BF16, i32 = ACL_INT32;
const aclFormat nd = ACL_FORMAT_ND, nchw = ACL_FORMAT_NCHW, ncdhw = ACL_FORMAT_NCDHW;

// Slots of the forward: input, weight, bias, runningMean, runningVar, output, saveMean, saveInvstd.
enum Fwd { kIn, kW, kB, kRm, kRv, kOut, kSm, kSv, kFwdSlots };
// Slots of the backward: gradOut, input, weight, runningMean, runningVar, saveMean, saveInvstd, gradInput,
// gradWeight, gradBias.
enum Bwd { kDy, kX, kBw, kBrm, kBrv, kBsm, kBsv, kGi, kGw, kGb, kBwdSlots };

struct BnRow {
  std::string name;
  bool backward = false;
  std::vector<Desc> t;
  bool training = true;
  double momentum = 0.1, eps = 1e-5;
  bool maskNull = false;
  std::vector<bool> mask = {true, true, true};
  bool nullWorkspaceSize = false, nullExecutor = false;
  aclnnStatus expected = kOk;
  std::string needle;  // lower-case word the message must contain

  BnRow &Set(int slot, Desc d) {
    t[static_cast<size_t>(slot)] = std::move(d);
    return *this;
  }
  BnRow &None(int slot) { return Set(slot, Null()); }
  // The data tensors (input and output; gradOut, input and gradInput) of one shape, dtype and format.
  BnRow &Data(std::vector<int64_t> shape, aclDataType type = f32, aclFormat format = nd) {
    for (int s : backward ? std::vector<int>{kDy, kX, kGi} : std::vector<int>{kIn, kOut})
      Set(s, D(shape, type, format));
    return *this;
  }
  // Every per-channel tensor of shape [c] FLOAT ND.
  BnRow &Channels(int64_t c) {
    for (size_t s = 0; s < t.size(); ++s) {
      const bool data = backward ? (s == kDy || s == kX || s == kGi) : (s == kIn || s == kOut);
      if (!data) t[s] = D({c});
    }
    return *this;
  }
  BnRow &Infer() {
    training = false;
    return *this;
  }
  BnRow &Mask(std::vector<bool> m) {
    mask = std::move(m);
    return *this;
  }
  BnRow &Msg(std::string m) {
    needle = std::move(m);
    return *this;
  }
};

void PrintTo(const BnRow &r, std::ostream *os) { *os << r.name; }

// Forward defaults: input = output [3, 4] FLOAT ND, every per-channel tensor [4] FLOAT, training.
BnRow F(std::string name, aclnnStatus expected) {
  BnRow r;
  r.name = "fwd_" + std::move(name);
  r.t.resize(kFwdSlots);
  r.expected = expected;
  return r.Data({3, 4}).Channels(4);
}
// Backward defaults (the vendor file's): gradOut = input = gradInput [3, 5, 3, 8] FLOAT NCHW, the rest [5] FLOAT.
BnRow B(std::string name, aclnnStatus expected) {
  BnRow r;
  r.name = "bwd_" + std::move(name);
  r.backward = true;
  r.t.resize(kBwdSlots);
  r.expected = expected;
  return r.Data({3, 5, 3, 8}, f32, nchw).Channels(5);
}

// ---- vendor UT cases (§1.5) -----------------------------------------------------------------------------------

std::vector<BnRow> ForwardVendorRows() {
  const std::vector<int64_t> s4 = {3, 5, 3, 8}, s5 = {3, 5, 3, 8, 9};
  Desc strided = D(s4, f32, nchw);
  strided.strides = {120, 8, 24, 1};
  strided.storage = {360};
  return {
      F("l2_batch_norm_5d_train", kOk).Data(s5, f32, ncdhw).Channels(5),
      F("l2_batch_norm_5d_infer", kOk).Data(s5, f32, ncdhw).Channels(5).Infer(),
      F("l2_batch_norm_float32_infer", kOk).Data(s4, f32, nchw).Channels(5).Infer(),
      F("l2_batch_norm_float16_infer", kOk).Data(s4, f16, nchw).Channels(5).Infer(),
      F("l2_batch_norm_float16_4d", kOk).Data(s4, f16, nchw).Channels(5),
      // A2: channel is dim 1 (8), the parameters have 5: the weight length check fails.
      F("ascend950PR_9589_l2_batch_norm_float16_NHWC", kInvalid)
          .Data({3, 8, 3, 5}, f16, ACL_FORMAT_NHWC)
          .Channels(5)
          .Msg("weight"),
      F("l2_batch_norm_float32_4d", kOk).Data(s4, f32, nchw).Channels(5),
      F("l2_batch_norm_float16_3d", kOk).Data({3, 5, 7}, f16).Channels(5),
      F("l2_batch_norm_float32_3d", kOk).Data({3, 5, 7}).Channels(5),
      F("l2_batch_norm_float16_2d", kOk).Data({18, 6}, f16).Channels(6),
      F("l2_batch_norm_float32_2d", kOk).Data({18, 6}).Channels(6),
      F("l2_batch_norm_err_null_input", kNull).None(kIn).None(kW).None(kB).None(kRm).None(kRv).Msg("input"),
      F("l2_batch_norm_err_null_out", kNull).None(kOut).None(kW).None(kB).None(kRm).None(kRv).Msg("output"),
      F("l2_batch_norm_err_null_mean", kNull).None(kSm).Msg("savemean"),
      F("l2_batch_norm_err_null_var", kNull).None(kSv).Msg("saveinvstd"),
      F("l2_batch_norm_err_int32", kInvalid).Data({3, 4}, i32).None(kW).None(kB).None(kRm).None(kRv).Msg("input"),
      F("l2_batch_norm_err_int32_var", kInvalid).Set(kRv, D({4}, i32)).Set(kSv, D({4}, i32)).Msg("saveinvstd"),
      F("l2_batch_norm_err_int32_self", kInvalid).Set(kIn, D({3, 4}, i32)).Msg("input"),
      F("l2_batch_norm_err_int32_out", kInvalid).Set(kOut, D({3, 4}, i32)).Msg("output"),
      F("l2_batch_norm_err_int32_mean", kInvalid).Set(kRm, D({4}, i32)).Set(kSm, D({4}, i32)).Msg("savemean"),
      F("l2_batch_norm_err_int32_weight", kInvalid).Set(kW, D({4}, i32)).Msg("weight"),
      F("l2_batch_norm_err_int32_bias", kInvalid).Set(kB, D({4}, i32)).Msg("bias"),
      F("l2_batch_norm_err_shape", kInvalid).Data({3, 4, 5, 6, 7, 8, 9, 10, 11}).Msg("rank"),
      F("l2_batch_norm_float32_strided", kOk).Set(kIn, strided).Set(kOut, D(s4, f32, nchw)).Channels(5),
      F("l2_batch_norm_float32_7d", kOk).Data({3, 5, 4, 6, 7, 2, 2}, f32, nchw).Channels(5),
      F("l2_batch_norm_err_dim", kInvalid).Data({3, 5, 4, 6}, f32, nchw).Channels(5).Set(kRv, D({4})).Msg("runningvar"),
      F("l2_batch_norm_err_format1", kInvalid)
          .Data({3, 5, 4, 6, 5}, f32, ncdhw)
          .Set(kOut, D({3, 5, 4, 6, 5}, f32, nchw))
          .Channels(5)
          .Msg("format"),
      F("l2_batch_norm_err_format2", kInvalid).Data({3, 5, 4, 6, 5}, f32, nchw).Channels(5).Msg("ncdhw"),
      F("l2_batch_norm_err_format3", kInvalid)
          .Data({3, 5, 4, 6}, f32, nchw)
          .Set(kOut, D({3, 5, 4, 6, 5}, f32, nchw))
          .Channels(5),
      F("ascend910B2_l2_batch_norm_error_mean_shape", kInvalid)
          .Data(s4, bf16, nchw)
          .Channels(5)
          .Set(kSm, D({6}))
          .Msg("savemean"),
      F("l2_batch_norm_empty_tensor", kOk).Data({3, 5, 4, 0}, f32, nchw).Channels(5),
      F("ascend910B2_l2_batch_norm_bfloat16_infer", kOk).Data(s4, bf16, nchw).Channels(5).Infer(),
      F("ascend910B2_l2_batch_norm_bfloat16_infer1", kOk).Data(s5, f32, ncdhw).Channels(5).Infer(),
      F("ascend910B2_l2_batch_norm_bnv3", kOk).Data({1, 64, 1, 1, 8192}, f32, ncdhw).Channels(64),
      F("ascend950PR_9589_l2_batch_norm_mixDTypeInput_4d", kOk).Data(s4, f16, nchw).Channels(5).Set(kB, D({5}, f16)),
      F("ascend950PR_9589_l2_batch_norm_nullptr", kOk)
          .Data(s4, f16, nchw)
          .Channels(5)
          .None(kW)
          .None(kB)
          .None(kRm)
          .None(kRv),
      F("ascend950PR_3807_l2_batch_norm_fp32_input_fp16_weight_bias", kOk)
          .Data(s4, f32, nchw)
          .Channels(5)
          .Set(kW, D({5}, f16))
          .Set(kB, D({5}, f16)),
      F("ascend950PR_3807_l2_batch_norm_bf16_input_fp16_weight_bias", kOk)
          .Data(s4, bf16, nchw)
          .Channels(5)
          .Set(kW, D({5}, f16))
          .Set(kB, D({5}, f16)),
      F("l2_batch_norm_infer_empty_input_null_save_mean_var", kOk)
          .Data({0, 2, 4})
          .Channels(2)
          .Infer()
          .None(kSm)
          .None(kSv),
      F("l2_batch_norm_infer_empty_input_with_save_mean_var", kOk).Data({0, 2, 4}).Channels(2).Infer(),
  };
}

// ---- our rows: each step of §1.4 ------------------------------------------------------------------------------

std::vector<BnRow> ForwardOrderRows() {
  BnRow noWs = F("order_null_workspace_size", kNull).Msg("workspacesize"), noExec = F("order_null_executor", kNull);
  noWs.nullWorkspaceSize = true;
  noExec.nullExecutor = true;
  noExec.Msg("executor");
  BnRow momentum = F("order_momentum_and_eps_unchecked", kOk);
  momentum.momentum = -3;
  momentum.eps = -1e-3;
  Desc outside = D({3, 4});
  outside.storage = {11};
  return {
      noWs,
      noExec,
      // 2. nulls: input, output, then (training) saveMean, saveInvstd; optionals may be null
      F("order_null_input_before_null_output", kNull).None(kIn).None(kOut).Msg("input"),
      F("order_null_save_mean_before_save_invstd", kNull).None(kSm).None(kSv).Msg("savemean"),
      F("order_null_before_dtype", kNull).None(kSv).Set(kIn, D({3, 4}, ACL_DOUBLE)).Msg("saveinvstd"),
      F("order_infer_save_tensors_may_be_null", kOk).Infer().None(kSm).None(kSv),
      F("order_all_optionals_null", kOk).None(kW).None(kB).None(kRm).None(kRv),
      // 3. empty input: before dtypes and shapes
      F("order_empty_before_dtype", kOk).Data({0, 4}, i32),
      F("order_empty_before_rank", kOk).Data({0, 4, 1, 1, 1, 1, 1, 1, 1}),
      F("order_empty_int_save_mean_refused", kInvalid).Data({0, 4}).Set(kSm, D({4}, i32)).Msg("savemean"),
      // 4. dtypes: input, output, saveMean, saveInvstd, weight, bias, runningMean, runningVar; no equality rule
      F("order_input_double", kInvalid).Set(kIn, D({3, 4}, ACL_DOUBLE)).Msg("input"),
      F("order_output_before_save", kInvalid).Set(kOut, D({3, 4}, i32)).Set(kSm, D({4}, i32)).Msg("output"),
      F("order_save_before_weight", kInvalid).Set(kSv, D({4}, i32)).Set(kW, D({4}, i32)).Msg("saveinvstd"),
      F("order_infer_save_dtype_unchecked", kOk).Infer().Set(kSm, D({4}, i32)),
      F("order_weight_before_bias", kInvalid).Set(kW, D({4}, i32)).Set(kB, D({4}, i32)).Msg("weight"),
      F("order_running_mean_int", kInvalid).Set(kRm, D({4}, i32)).Msg("runningmean"),
      F("order_dtype_before_format", kInvalid).Set(kIn, D({3, 4}, i32, nchw)).Msg("input"),
      F("order_mixed_dtypes_accepted", kOk).Data({3, 4}, bf16).Set(kOut, D({3, 4}, f16)).Set(kSm, D({4}, bf16)),
      // 5. formats
      F("order_format_differs", kInvalid).Set(kIn, D({3, 4}, f32, nchw)).Msg("format"),
      F("order_format_private", kInvalid).Data({3, 4}, f32, ACL_FORMAT_NC1HWC0).Msg("format"),
      F("order_format_before_rank", kInvalid).Data({3, 4, 1, 1, 1, 1, 1, 1, 1}).Set(kIn, D({3, 4}, f32, nchw)),
      // 6. ranks and shapes
      F("order_input_rank1", kInvalid).Data({4}).Msg("input"),
      F("order_output_shape", kInvalid).Set(kOut, D({4, 3})).Msg("output"),
      F("order_rank8", kOk).Data({2, 4, 1, 2, 1, 2, 1, 2}),
      // 7. weight, bias, runningMean, runningVar: rank 1 of length C
      F("order_weight_rank2", kInvalid).Set(kW, D({1, 4})).Msg("weight"),
      F("order_bias_length", kInvalid).Set(kB, D({3})).Msg("bias"),
      F("order_running_mean_length", kInvalid).Set(kRm, D({5})).Msg("runningmean"),
      F("order_weight_before_save_shape", kInvalid).Set(kW, D({3})).Set(kSm, D({3})).Msg("weight"),
      // 8. training: saveMean, saveInvstd exactly [C]; inference does not check them
      F("order_save_invstd_1_by_C", kInvalid).Set(kSv, D({1, 4})).Msg("saveinvstd"),
      F("order_infer_save_shape_unchecked", kOk).Infer().Set(kSm, D({7})),
      F("order_output_view_outside_storage", kInvalid).Set(kOut, outside).Msg("output"),
      momentum,
  };
}

// ---- vendor UT cases (§2.5) and our rows for §2.4 -------------------------------------------------------------

std::vector<BnRow> BackwardRows() {
  const std::vector<int64_t> s4 = {3, 5, 3, 8}, s6 = {3, 5, 3, 8, 2, 4}, k9 = {3, 4, 5, 6, 7, 8, 9, 10, 11};
  auto allOptionalsNull = [](BnRow r) { return r.None(kBw).None(kBrm).None(kBrv).None(kBsm).None(kBsv); };
  BnRow noMask = B("order_null_mask", kNull).Msg("outputmask");
  noMask.maskNull = true;
  BnRow noWs = B("order_null_workspace_size", kNull).Msg("workspacesize");
  noWs.nullWorkspaceSize = true;
  return {
      B("l2_batch_norm_backward_false_bias", kOk).Mask({true, true, false}),
      B("l2_batch_norm_backward_false_weight", kOk).Mask({true, false, true}),
      B("l2_batch_norm_backward_false_input", kOk).Mask({false, true, true}),
      B("l2_batch_norm_backward_train_5d", kOk).Data({3, 5, 3, 8, 9}, f32, ncdhw),
      B("l2_batch_norm_backward_infer_5d", kOk).Data({3, 5, 3, 8, 9}, f32, ncdhw).Infer(),
      B("l2_batch_norm_backward_float32_4d", kOk),
      B("l2_batch_norm_backward_float16_4d", kOk).Data(s4, f16, nchw),
      B("l2_batch_norm_backward_float32_3d", kOk).Data({3, 5, 20}),
      B("l2_batch_norm_backward_float16_3d", kOk).Data({3, 5, 20}, f16),
      B("l2_batch_norm_backward_float32_2d", kOk).Data({90, 5}),
      B("l2_batch_norm_backward_float16_2d", kOk).Data({90, 5}, f16),
      allOptionalsNull(B("l2_batch_norm_backward_err_null", kNull).None(kDy).None(kX)).Msg("gradout"),
      allOptionalsNull(B("l2_batch_norm_backward_err_int32", kInvalid).Data(s4, i32, nchw)).Msg("gradout"),
      B("l2_batch_norm_backward_weight_int32", kInvalid).Data({90, 5}, f16).Set(kBw, D({5}, i32)).Msg("weight"),
      B("l2_batch_norm_backward_mean_int32", kInvalid).Data({90, 5}, f16).Set(kBsm, D({5}, i32)).Msg("savemean"),
      B("l2_batch_norm_backward_var_int32", kInvalid).Data({90, 5}, f16).Set(kBsv, D({5}, i32)).Msg("saveinvstd"),
      allOptionalsNull(B("l2_batch_norm_backward_err_shape", kInvalid).Data(k9)),
      B("l2_batch_norm_backward_mask1_error", kNull).Data(s6).None(kGi).Msg("gradinput"),
      B("l2_batch_norm_backward_mask1_int32", kInvalid).Data(s6).Set(kGi, D(s6, i32)).Msg("gradinput"),
      B("l2_batch_norm_backward_mask2_error", kNull).None(kGw).Msg("gradweight"),
      B("l2_batch_norm_backward_mask2_int32", kInvalid).Set(kGw, D({5}, i32)).Msg("gradweight"),
      B("l2_batch_norm_backward_mask3_error", kNull).None(kGb).Msg("gradbias"),
      B("l2_batch_norm_backward_mask3_int32", kInvalid).Set(kGb, D({5}, i32)).Msg("gradbias"),
      B("l2_batch_norm_backward_float32_7d", kOk).Data({3, 5, 4, 6, 7, 2, 2}),
      B("l2_batch_norm_backward_err_dim_running_var", kInvalid).Data({3, 5, 4, 6}).Set(kBrv, D({4})),
      B("l2_batch_norm_backward_err_dim_running_mean", kInvalid).Data({3, 5, 4, 6}).Set(kBrm, D({4})),
      B("ascend910B2_l2_batch_norm_backward_train_5d", kOk).Data({3, 5, 3, 8, 9}, f32, ncdhw),
      B("ascend950PR_9589_l2_batch_norm_backward_infer", kOk).Data({3, 5, 4, 6}).Infer(),
      B("ascend950PR_9589_l2_batch_norm_backward_infer_running_var", kInvalid)
          .Data({3, 5, 4, 6})
          .Infer()
          .Set(kBrv, D({4}))
          .Msg("runningvar"),
      B("l2_batch_norm_backward_empty_mask", kNull).Mask({}).Msg("outputmask"),
      B("ascend950PR_9589_l2_batch_norm_backward_shape_error", kOk).Infer().Set(kBsm, D({4})).Set(kBsv, D({4})),
      // our rows: 1. workspaceSize; 2. gradOut before input; 3. empty before the mask and dtypes
      noWs,
      B("order_null_input", kNull).None(kX).Msg("input"),
      B("order_empty_before_mask", kOk).Data({0, 5, 3}, i32).Mask({}),
      B("order_empty_grad_out_only", kOk).Set(kDy, D({3, 5, 0})),
      // 4. the mask: null, empty (161001), not 3 entries (161002, docs/compat.md), then selected outputs non-null
      noMask,
      B("order_mask_size_2_refused", kInvalid).Mask({true, true}).Msg("outputmask"),
      B("order_mask_before_dtype", kNull).None(kGb).Set(kDy, D(s4, i32, nchw)).Msg("gradbias"),
      B("order_unselected_outputs_may_be_null", kOk).Mask({true, false, false}).None(kGw).None(kGb),
      B("order_all_false_mask", kOk).Mask({false, false, false}).None(kGi).None(kGw).None(kGb),
      // 5. dtypes: gradOut, input, input == gradOut, selected outputs, optionals; no other equality
      B("order_input_differs_from_grad_out", kInvalid).Set(kX, D(s4, f16, nchw)).Msg("input"),
      B("order_unselected_output_dtype_unchecked", kOk).Mask({true, true, false}).Set(kGb, D({5}, i32)),
      B("order_running_var_int", kInvalid).Set(kBrv, D({5}, i32)).Msg("runningvar"),
      B("order_mixed_param_dtypes", kOk).Data(s4, bf16, nchw).Set(kGw, D({5}, f16)).Set(kBsv, D({5}, bf16)),
      // 6. formats
      B("order_format_input_differs", kInvalid).Set(kX, D(s4, f32, nd)).Msg("format"),
      B("order_format_grad_input_differs", kInvalid).Set(kGi, D(s4, f32, nd)).Msg("format"),
      B("order_format_unselected_grad_input", kOk).Mask({false, true, true}).Set(kGi, D(s4, f32, nd)),
      B("order_format_private", kInvalid).Data(s4, f32, ACL_FORMAT_NC1HWC0).Msg("format"),
      // 7. ranks and shapes
      B("order_input_rank1", kInvalid).Data({5}).Msg("input"),
      B("order_grad_out_shape", kInvalid).Set(kDy, D({3, 5, 3, 7}, f32, nchw)).Msg("gradout"),
      B("order_grad_input_shape", kInvalid).Set(kGi, D({3, 5, 3, 7}, f32, nchw)).Msg("gradinput"),
      // 8. channel vectors; our numel == C rules for saveMean/saveInvstd (training) and gradWeight/gradBias
      B("order_weight_length", kInvalid).Set(kBw, D({4})).Msg("weight"),
      B("order_save_mean_numel", kInvalid).Set(kBsm, D({4})).Msg("savemean"),
      B("order_save_invstd_any_rank_of_C", kOk).Set(kBsv, D({1, 5})),
      B("order_grad_weight_numel", kInvalid).Set(kGw, D({6})).Msg("gradweight"),
      B("order_grad_bias_numel", kInvalid).Set(kGb, D({1})).Msg("gradbias"),
      B("order_grad_bias_unselected_any_shape", kOk).Mask({true, true, false}).Set(kGb, D({1})),
      B("order_optionals_null", kOk).None(kBw).None(kBrm).None(kBrv).None(kBsm).None(kBsv),
  };
}

std::vector<BnRow> AllRows() {
  std::vector<BnRow> rows = ForwardVendorRows();
  for (auto *more : {ForwardOrderRows, BackwardRows}) {
    for (BnRow &r : more()) rows.push_back(std::move(r));
  }
  return rows;
}

// A tensor with real memory filled with a pattern (a finite float), or null.
class BackedTensor {
 public:
  static constexpr unsigned char kPattern = 0x3C;
  explicit BackedTensor(const Desc &d) {
    if (!d.present) return;
    const std::vector<int64_t> &storage = d.storage.empty() ? d.shape : d.storage;
    bytes_ =
        std::max<size_t>(static_cast<size_t>(std::max<int64_t>(NumelOf(storage), 0)) * aclDataTypeSize(d.dtype), 1);
    EXPECT_EQ(aclrtMalloc(&data_, bytes_, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclrtMemset(data_, bytes_, kPattern, bytes_);
    tensor_ = aclCreateTensor(d.shape.data(), d.shape.size(), d.dtype, d.strides.empty() ? nullptr : d.strides.data(),
                              0, d.format, storage.data(), storage.size(), data_);
  }
  ~BackedTensor() {
    if (tensor_ != nullptr) aclDestroyTensor(tensor_);
    if (data_ != nullptr) aclrtFree(data_);
  }
  BackedTensor(const BackedTensor &) = delete;
  BackedTensor &operator=(const BackedTensor &) = delete;

  aclTensor *get() const { return tensor_; }
  bool Untouched() const {
    if (data_ == nullptr) return true;
    std::vector<unsigned char> host(bytes_);
    aclrtMemcpy(host.data(), bytes_, data_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST);
    return std::all_of(host.begin(), host.end(), [](unsigned char b) { return b == kPattern; });
  }

 private:
  void *data_ = nullptr;
  size_t bytes_ = 0;
  aclTensor *tensor_ = nullptr;
};

std::string Lower(std::string s) {
  for (char &ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

class BatchNormUt : public ::testing::TestWithParam<BnRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(BatchNormUt, Phase1Status) {
  const BnRow &row = GetParam();
  std::vector<std::unique_ptr<BackedTensor>> held;
  std::vector<aclTensor *> t;
  for (const Desc &d : row.t) {
    held.push_back(std::make_unique<BackedTensor>(d));
    t.push_back(held.back()->get());
  }
  bool maskValues[3] = {};
  for (size_t i = 0; i < row.mask.size(); ++i) maskValues[i] = row.mask[i];
  aclBoolArray *mask = row.maskNull ? nullptr : aclCreateBoolArray(maskValues, row.mask.size());
  (void)aclGetRecentErrMsg();
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  uint64_t *wsArg = row.nullWorkspaceSize ? nullptr : &ws;
  aclOpExecutor **execArg = row.nullExecutor ? nullptr : &exec;
  const aclnnStatus status =
      row.backward
          ? aclnnBatchNormBackwardGetWorkspaceSize(t[kDy], t[kX], t[kBw], t[kBrm], t[kBrv], t[kBsm], t[kBsv],
                                                   row.training, row.eps, mask, t[kGi], t[kGw], t[kGb], wsArg, execArg)
          : aclnnBatchNormGetWorkspaceSize(t[kIn], t[kW], t[kB], t[kRm], t[kRv], row.training, row.momentum, row.eps,
                                           t[kOut], t[kSm], t[kSv], wsArg, execArg);
  const std::string message = aclGetRecentErrMsg();
  if (mask != nullptr) aclDestroyBoolArray(mask);
  ASSERT_EQ(status, row.expected) << (status != kOk ? message : std::string("success"));
  if (status == kOk) {
    ASSERT_NE(exec, nullptr);
    EXPECT_EQ(RunPhase2(row.backward ? aclnnBatchNormBackward : aclnnBatchNorm, ws, exec), kOk) << aclGetRecentErrMsg();
    return;
  }
  EXPECT_FALSE(message.empty()) << "a refused call leaves a message for aclGetRecentErrMsg";
  if (!row.needle.empty()) {
    EXPECT_NE(Lower(message).find(row.needle), std::string::npos) << "message: " << message;
  }
  const std::vector<int> written =
      row.backward ? std::vector<int>{kGi, kGw, kGb} : std::vector<int>{kRm, kRv, kOut, kSm, kSv};
  for (int s : written) EXPECT_TRUE(held[static_cast<size_t>(s)]->Untouched()) << "slot " << s << " written";
}

INSTANTIATE_TEST_SUITE_P(Rows, BatchNormUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<BnRow> &info) { return info.param.name; });

// ---- empty input: forward fills saveMean 0 / saveInvstd NaN, output and running stats untouched (§1.2) ----------

TEST(BatchNormUtEmpty, ForwardFillsSaveTensorsOnly) {
  aclInit(nullptr);
  for (const bool training : {true, false}) {
    for (const aclDataType type : {f32, f16, bf16}) {
      SCOPED_TRACE(std::string(training ? "training " : "inference ") + DTypeLabel(type));
      DeviceTensor x({3, 5, 4, 0}, type), out({3, 5, 4, 0}, type), rm({5}, f32), rv({5}, f32),
          saveMean({5}, type, Layout::Padded(1)), saveInvstd({5}, type);
      rm.Fill({1, 2, 3, 4, 5});
      rv.Fill({1, 2, 3, 4, 5});
      saveMean.Fill(std::vector<double>(5, 7.0));
      saveInvstd.Fill(std::vector<double>(5, 7.0));
      const auto rmBefore = rm.Bytes(), rvBefore = rv.Bytes();
      uint64_t ws = 99;
      aclOpExecutor *exec = nullptr;
      ASSERT_EQ(aclnnBatchNormGetWorkspaceSize(x.get(), nullptr, nullptr, rm.get(), rv.get(), training, 0.1, 1e-5,
                                               out.get(), saveMean.get(), saveInvstd.get(), &ws, &exec),
                kOk);
      EXPECT_EQ(ws, 0u);
      ASSERT_EQ(RunPhase2(aclnnBatchNorm, ws, exec), kOk);
      for (double v : saveMean.Read()) EXPECT_EQ(v, 0.0);
      for (double v : saveInvstd.Read()) EXPECT_TRUE(std::isnan(v)) << v;
      EXPECT_EQ(rm.Bytes(), rmBefore);
      EXPECT_EQ(rv.Bytes(), rvBefore);
    }
  }
}

// Backward with an empty input: SUCCESS and nothing written, even to selected gradWeight/gradBias (§2.2, §3 Q5).
TEST(BatchNormUtEmpty, BackwardWritesNothing) {
  aclInit(nullptr);
  DeviceTensor dy({0, 3, 4}, f32), x({0, 3, 4}, f32), gi({0, 3, 4}, f32), gw({3}, f32), gb({3}, f32);
  gw.Fill({1, 2, 3});
  gb.Fill({4, 5, 6});
  const auto gwBefore = gw.Bytes(), gbBefore = gb.Bytes();
  const bool maskValues[3] = {true, true, true};
  aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
  uint64_t ws = 99;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnBatchNormBackwardGetWorkspaceSize(dy.get(), x.get(), nullptr, nullptr, nullptr, nullptr, nullptr, true,
                                                   1e-5, mask, gi.get(), gw.get(), gb.get(), &ws, &exec),
            kOk);
  aclDestroyBoolArray(mask);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(RunPhase2(aclnnBatchNormBackward, ws, exec), kOk);
  EXPECT_EQ(gw.Bytes(), gwBefore);
  EXPECT_EQ(gb.Bytes(), gbBefore);
}

TEST(BatchNormUtPhase2, NullExecutorIsNullptrError) {
  aclInit(nullptr);
  EXPECT_EQ(aclnnBatchNorm(nullptr, 0, nullptr, nullptr), kNull);
  EXPECT_EQ(aclnnBatchNormBackward(nullptr, 0, nullptr, nullptr), kNull);
}

}  // namespace
}  // namespace aclcpu_test::batch_norm_ut_test
