// Phase 1 of aclnnGroupNorm and aclnnGroupNormSilu as a table (docs/ops/group_norm.md §1, §3): every active case
// of the vendor's op_api UT files (test_aclnn_group_norm.cpp §1.5, test_aclnn_group_norm_silu.cpp §3.5) with the
// status the A2 gets, then our rows for each step of each function's check order (§1.4, §3.4) the vendor cases miss.
// Every tensor has real memory: a refused call must leave out/meanOut/rstdOut untouched and leave a message for
// aclGetRecentErrMsg; an accepted one must also run phase 2. Then the empty-self fills (mean 0, rstd NaN).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_silu.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::group_norm_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

enum class Fn { kGroupNorm, kGroupNormSilu };

// One phase-1 call. Defaults are the vendor UT defaults of both files: self [2,3,4] FLOAT ND, gamma = beta [3],
// N=2, C=3, HxW=4 (GroupNorm only), group 1, eps 1e-5, out [2,3,4], meanOut = rstdOut [2,1].
struct GnRow {
  std::string name;
  Fn fn = Fn::kGroupNorm;
  Desc self = D({2, 3, 4}), gamma = D({3}), beta = D({3}), out = D({2, 3, 4}), mean = D({2, 1}), rstd = D({2, 1});
  int64_t n = 2, c = 3, hw = 4, group = 1;
  double eps = 1e-5;
  bool nullWorkspaceSize = false, nullExecutor = false;
  aclnnStatus expected = kOk;
  // Lower-case word the error message must contain: the argument of the first failing step where a row holds
  // two faults with the same status (the status alone cannot show the order then).
  std::string needle;
  // Lower-case word the error message must not contain: a tensor that a later step would blame, where the row's
  // first failing step is another one (e.g. meanOut, when it has the shape [N, group] of the *parameter* N).
  std::string absent;
  bool zeroWorkspace = false;

  GnRow &Self(Desc d) {
    self = std::move(d);
    return *this;
  }
  GnRow &Gamma(Desc d) {
    gamma = std::move(d);
    return *this;
  }
  GnRow &Beta(Desc d) {
    beta = std::move(d);
    return *this;
  }
  GnRow &Out(Desc d) {
    out = std::move(d);
    return *this;
  }
  GnRow &Mean(Desc d) {
    mean = std::move(d);
    return *this;
  }
  GnRow &Rstd(Desc d) {
    rstd = std::move(d);
    return *this;
  }
  GnRow &Stats(std::vector<int64_t> shape) {
    mean.shape = shape;
    rstd.shape = std::move(shape);
    return *this;
  }
  // self and out of `shape` (their dtypes and formats kept).
  GnRow &X(std::vector<int64_t> shape) {
    self.shape = shape;
    out.shape = std::move(shape);
    return *this;
  }
  // gamma and beta of `shape`.
  GnRow &Affine(std::vector<int64_t> shape) {
    gamma.shape = shape;
    beta.shape = std::move(shape);
    return *this;
  }
  GnRow &AllDtype(aclDataType t) {
    for (Desc *d : {&self, &gamma, &beta, &out, &mean, &rstd}) d->dtype = t;
    return *this;
  }
  // self, out, meanOut, rstdOut of `x`; gamma and beta of `g`.
  GnRow &Dtypes(aclDataType x, aclDataType g) {
    for (Desc *d : {&self, &out, &mean, &rstd}) d->dtype = x;
    gamma.dtype = beta.dtype = g;
    return *this;
  }
  GnRow &Ncw(int64_t nn, int64_t cc, int64_t hxw) {
    n = nn;
    c = cc;
    hw = hxw;
    return *this;
  }
  GnRow &Group(int64_t g) {
    group = g;
    return *this;
  }
  GnRow &Eps(double e) {
    eps = e;
    return *this;
  }
  GnRow &NoWorkspaceSize() {
    nullWorkspaceSize = true;
    return *this;
  }
  GnRow &NoExecutor() {
    nullExecutor = true;
    return *this;
  }
  GnRow &Msg(std::string m) {
    needle = std::move(m);
    return *this;
  }
  GnRow &NotMsg(std::string m) {
    absent = std::move(m);
    return *this;
  }
  GnRow &ZeroWorkspace() {
    zeroWorkspace = true;
    return *this;
  }
};

void PrintTo(const GnRow &r, std::ostream *os) { *os << r.name; }

GnRow R(std::string name, Fn fn, aclnnStatus expected) {
  GnRow r;
  r.name = std::move(name);
  r.fn = fn;
  r.expected = expected;
  return r;
}
GnRow Gn(std::string name, aclnnStatus expected) { return R("gn_" + std::move(name), Fn::kGroupNorm, expected); }
GnRow Silu(std::string name, aclnnStatus expected) {
  return R("silu_" + std::move(name), Fn::kGroupNormSilu, expected);
}

const Desc kNone = Null();
const std::vector<int64_t> k9{2, 3, 4, 1, 1, 1, 1, 1, 1};

// The vendor's invalid-dtype loop (both files): every tensor of one of these dtypes.
const std::pair<aclDataType, const char *> kInvalidDtypes[] = {
    {ACL_DOUBLE, "DOUBLE"},       {ACL_UINT8, "UINT8"},          {ACL_INT8, "INT8"}, {ACL_INT16, "INT16"},
    {ACL_INT32, "INT32"},         {ACL_INT64, "INT64"},          {ACL_BOOL, "BOOL"}, {ACL_STRING, "STRING"},
    {ACL_COMPLEX64, "COMPLEX64"}, {ACL_COMPLEX128, "COMPLEX128"}};

void Add(std::vector<GnRow> &r, std::vector<GnRow> more) { r.insert(r.end(), more.begin(), more.end()); }

// ---- vendor UT cases ----------------------------------------------------------------------------------------

// §1.5. Commented out in the vendor's file and so not rows here: case_float_normal, case_float16_normal,
// case_2d/4d/5d/6d/7d/8d_normal, case_gamma_nullptr_normal, case_beta_nullptr_normal,
// ascend910B2_case_bfloat16_normal. What they would check (0 by the code) is in GroupNormOrderRows.
std::vector<GnRow> GroupNormVendorRows() {
  std::vector<GnRow> r;
  for (const auto &[t, label] : kInvalidDtypes)
    r.push_back(Gn(std::string("case_invalid_dtype_abnormal_") + label, kInvalid).AllDtype(t));
  Add(r,
      {
          Gn("case_gamma_not_1d_abnormal", kInvalid).Gamma(D({3, 1})),
          Gn("case_beta_not_1d_abnormal", kInvalid).Beta(D({3, 1})),
          Gn("case_1d_abnormal", kInvalid).X({2}).Affine({1}).Ncw(2, 1, 1),
          Gn("case_9d_abnormal", kInvalid).X(k9),
          Gn("case_self_nullptr_abnormal", kNull).Self(kNone).Msg("self"),
          Gn("case_out_nullptr_abnormal", kNull).Out(kNone),
          Gn("case_mean_out_nullptr_abnormal", kNull).Mean(kNone).Msg("mean"),
          Gn("case_rstd_out_nullptr_abnormal", kNull).Rstd(kNone).Msg("rstd"),
          Gn("case_diff_dtype_abnormal", kInvalid).Beta(D({3}, ACL_FLOAT16)).Msg("beta"),
          Gn("case_group_not_gt0_abnormal", kInvalid).Group(0).Msg("group"),
          Gn("case_self_numel_ne_abnormal", kInvalid).Ncw(2, 3, 5),
          Gn("case_gamma_ne_C_abnormal", kInvalid).Gamma(D({2})).Msg("gamma"),
          Gn("case_beta_ne_C_abnormal", kInvalid).Beta(D({2})).Msg("beta"),
          // out's shape is checked before beta's
          Gn("case_self_shpe_ne_gn_out_abnormal", kInvalid).Beta(D({2})).Out(D({2, 3, 5})).Msg("out"),
          Gn("case_mean_shpe_ne_abnormal", kInvalid).Beta(D({2})).Mean(D({2, 2})).Msg("mean"),
          Gn("case_rstd_shpe_ne_abnormal", kInvalid).Beta(D({2})).Rstd(D({2, 2})).Msg("rstd"),
          Gn("case_empty_normal", kOk).X({2, 3, 0}).Ncw(2, 3, 0).ZeroWorkspace(),
          Gn("case_C_not_div_group_abnormal", kInvalid).Group(2).Stats({2, 2}).Msg("group"),
          // meanOut [2,1] is [N, group] of the parameter N = 2 (vendor CheckShape: op::Shape({N, group})), so
          // the first failing step is self.shape[0] == N, not the meanOut shape
          Gn("case_self_ne_N_abnormal", kInvalid).X({3, 3, 4}).NotMsg("meanout"),
          // C % group is fine (group 1); self.shape[1] != C
          Gn("case_self_ne_C_abnormal", kInvalid).Ncw(2, 4, 4),
          Gn("case_self_ne_HxW_abnormal", kInvalid).Ncw(2, 3, 2),
          Gn("case_self_format_ne_out_abnormal", kInvalid).Self(D({2, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCL)).Msg("format"),
          Gn("case_self_private_format_abnormal", kInvalid)
              .Self(D({2, 3, 4}, ACL_FLOAT, ACL_FORMAT_NC1HWC0))
              .Msg("format"),
      });
  return r;
}

// §3.5. Two vendor cases call aclnnGroupNormSiluV2 (activateSilu true; V2 is out of scope here): the same
// arguments go through aclnnGroupNormSilu, which is V2 with activateSilu true.
std::vector<GnRow> SiluVendorRows() {
  std::vector<GnRow> r = {
      Silu("ascend910B2_case_float16_normal_via_v1", kOk).AllDtype(ACL_FLOAT16),
      Silu("ascend910B2_case_bfloat16_normal", kOk).AllDtype(ACL_BF16),
  };
  for (const auto &[t, label] : kInvalidDtypes)
    r.push_back(Silu(std::string("ascend910B2_case_invalid_dtype_abnormal_") + label, kInvalid).AllDtype(t));
  Add(r, {
             Silu("ascend910B2_case_gamma_not_1d_abnormal", kInvalid).Gamma(D({3, 1})).Msg("gamma"),
             Silu("ascend910B2_case_beta_not_1d_abnormal", kInvalid).Beta(D({3, 1})).Msg("beta"),
             Silu("ascend910B2_case_1d_abnormal", kInvalid).X({2}).Affine({1}),
             Silu("ascend910B2_case_2d_normal", kOk).X({2, 3}),
             Silu("ascend910B2_case_4d_normal", kOk).X({2, 3, 4, 1}),
             Silu("ascend910B2_case_5d_normal", kOk).X({2, 3, 4, 1, 1}),
             // gamma is passed despite the name
             Silu("ascend910B2_case_4d_normal_no_gamma", kOk).X({2, 4, 4, 4}).Affine({4}),
             Silu("ascend910B2_case_self_nullptr_abnormal", kNull).Self(kNone).Msg("self"),
             // gamma is passed despite the name
             Silu("ascend910B2_case_gamma_nullptr_normal", kOk),
             Silu("ascend910B2_case_beta_nullptr_normal", kOk).Beta(kNone),
             Silu("ascend910B2_case_empty_tensor_normal", kOk).X({2, 3, 0}).ZeroWorkspace(),
             Silu("ascend910B2_case_out_nullptr_abnormal", kNull).Out(kNone),
             // The vendor's EXPECTs of these two are commented out; 0 by the code (the mixed rows of §3.3).
             Silu("ascend910B2_case_dtype_normal0", kOk).Dtypes(ACL_BF16, ACL_FLOAT),
             Silu("ascend910B2_case_dtype_normal1", kOk).Dtypes(ACL_FLOAT16, ACL_FLOAT),
             Silu("ascend910B2_case_dtype_abnormal0", kInvalid).Dtypes(ACL_FLOAT, ACL_FLOAT16),
             Silu("ascend910B2_case_dtype_abnormal1", kInvalid).Dtypes(ACL_FLOAT16, ACL_BF16),
             Silu("ascend910B2_case_dtype_abnormal2", kInvalid).Dtypes(ACL_FLOAT, ACL_BF16),
             Silu("ascend910B2_case_dtype_abnormal3", kInvalid).Dtypes(ACL_BF16, ACL_FLOAT16),
             Silu("ascend910B2_case_float16_empty_via_v1", kOk).AllDtype(ACL_FLOAT16).X({2, 3, 0}).ZeroWorkspace(),
         });
  return r;
}

// ---- our rows: each step of §1.4 ------------------------------------------------------------------------------

std::vector<GnRow> GroupNormOrderRows() {
  const aclDataType f16 = ACL_FLOAT16, bf16 = ACL_BF16, f32 = ACL_FLOAT;
  return {
      // 1. workspaceSize / executor, before everything
      Gn("order_null_workspace_size", kNull).NoWorkspaceSize().Msg("workspacesize"),
      Gn("order_null_executor", kNull).NoExecutor().Msg("executor"),
      Gn("order_null_workspace_size_before_null_self", kNull).NoWorkspaceSize().Self(kNone).Msg("workspacesize"),
      // 2. self, out, meanOut, rstdOut in this order, before dtypes; gamma/beta may be null
      Gn("order_null_self_before_null_out", kNull).Self(kNone).Out(kNone).Msg("self"),
      Gn("order_null_mean_before_null_rstd", kNull).Mean(kNone).Rstd(kNone).Msg("mean"),
      Gn("order_null_rstd_before_dtype", kNull).Rstd(kNone).Self(D({2, 3, 4}, ACL_DOUBLE)).Msg("rstd"),
      Gn("order_null_out_before_shape", kNull).Out(kNone).X(k9),
      Gn("order_gamma_null", kOk).Gamma(kNone),
      Gn("order_beta_null", kOk).Beta(kNone),
      Gn("order_gamma_and_beta_null", kOk).Gamma(kNone).Beta(kNone),
      Gn("order_gamma_and_beta_null_float16", kOk).AllDtype(f16).Gamma(kNone).Beta(kNone),
      // 3. dtypes: every tensor has self's dtype (no mixed rows, unlike GroupNormSilu)
      Gn("order_all_float_normal", kOk),
      Gn("order_all_float16_normal", kOk).AllDtype(f16),
      Gn("order_all_bfloat16_normal", kOk).AllDtype(bf16),
      Gn("order_self_double_only", kInvalid).Self(D({2, 3, 4}, ACL_DOUBLE)).Msg("self"),
      Gn("order_gamma_float16_self_float", kInvalid).Gamma(D({3}, f16)).Msg("gamma"),
      Gn("order_gamma_float_self_float16", kInvalid).AllDtype(f16).Gamma(D({3}, f32)).Msg("gamma"),
      Gn("order_mixed_row_float16_float_refused", kInvalid).Dtypes(f16, f32),
      Gn("order_mixed_row_bfloat16_float_refused", kInvalid).Dtypes(bf16, f32),
      Gn("order_beta_float_self_float16_gamma_null", kInvalid).AllDtype(f16).Gamma(kNone).Beta(D({3})).Msg("beta"),
      Gn("order_gamma_bfloat16_self_float16_beta_null", kInvalid).AllDtype(f16).Gamma(D({3}, bf16)).Beta(kNone),
      Gn("order_out_float16", kInvalid).Out(D({2, 3, 4}, f16)).Msg("out"),
      Gn("order_mean_float16", kInvalid).Mean(D({2, 1}, f16)).Msg("mean"),
      Gn("order_rstd_bfloat16", kInvalid).Rstd(D({2, 1}, bf16)).Msg("rstd"),
      Gn("order_mean_float_self_float16", kInvalid).AllDtype(f16).Mean(D({2, 1}, f32)).Msg("mean"),
      Gn("order_stats_float_self_bfloat16", kInvalid).AllDtype(bf16).Stats({2, 1}).Mean(D({2, 1}, f32)),
      Gn("order_dtype_before_group", kInvalid).Mean(D({2, 1}, f16)).Group(0).Msg("mean"),
      // 4. attributes (before shapes): group > 0, C % group with the parameter C, eps > 0
      Gn("order_group_negative", kInvalid).Group(-1).Msg("group"),
      Gn("order_group_equals_C", kOk).Group(3).Stats({2, 3}),
      // self [2,4,4] with C=3: C % group fails before self.shape[1] != C
      Gn("order_C_param_not_div_group_before_C_mismatch", kInvalid)
          .X({2, 4, 4})
          .Affine({4})
          .Group(2)
          .Stats({2, 2})
          .Msg("group"),
      Gn("order_eps_zero", kInvalid).Eps(0.0).Msg("eps"),
      Gn("order_eps_negative", kInvalid).Eps(-1e-5).Msg("eps"),
      // the check is eps > 0.0 on the double, before the narrowing to float (which makes this 0)
      Gn("order_eps_tiny_positive", kOk).Eps(1e-50),
      Gn("order_eps_before_out_shape", kInvalid).Eps(0.0).Out(D({2, 3, 5})).Msg("eps"),
      Gn("order_group_before_rank", kInvalid).Group(0).X(k9).Msg("group"),
      // 5. shapes: rank 2..8 (the vendor's commented-out 2d..8d cases), exact out/meanOut/rstdOut shapes, N, C, HxW,
      // gamma, beta
      Gn("order_rank2", kOk).X({2, 3}).Ncw(2, 3, 1),
      Gn("order_rank4", kOk).X({2, 3, 4, 1}),
      Gn("order_rank5", kOk).X({2, 3, 4, 1, 1}),
      Gn("order_rank6", kOk).X({2, 3, 1, 2, 1, 2}),
      Gn("order_rank7", kOk).X({2, 3, 4, 1, 1, 1, 1}),
      Gn("order_rank8", kOk).X({2, 3, 4, 1, 1, 1, 1, 1}),
      Gn("order_rank9_all_ones_trailing", kInvalid).X({2, 3, 1, 1, 1, 1, 1, 1, 1}).Ncw(2, 3, 1),
      Gn("order_out_shape_same_numel", kInvalid).Out(D({2, 12})).Msg("out"),
      Gn("order_out_flat", kInvalid).Out(D({24})).Msg("out"),
      Gn("order_out_rank9_of_same_numel", kInvalid).Out(D(k9)).Msg("out"),
      Gn("order_mean_flat", kInvalid).Mean(D({2})).Msg("mean"),
      Gn("order_mean_trailing_one", kInvalid).Mean(D({2, 1, 1})).Msg("mean"),
      Gn("order_mean_transposed_shape", kInvalid).Mean(D({1, 2})).Msg("mean"),
      Gn("order_rstd_flat", kInvalid).Rstd(D({2})).Msg("rstd"),
      Gn("order_rstd_transposed_shape", kInvalid).Rstd(D({1, 2})).Msg("rstd"),
      Gn("order_out_shape_before_mean_shape", kInvalid).Out(D({2, 3, 5})).Mean(D({2, 2})).Msg("out"),
      Gn("order_N_negative", kInvalid).Ncw(-2, 3, 4),
      // meanOut/rstdOut [1,1] = [N, group] of the parameter N: self.shape[0] == N fails, not their shape
      Gn("order_N_too_small", kInvalid).Ncw(1, 3, 4).Stats({1, 1}).NotMsg("meanout"),
      Gn("order_C_zero_param", kInvalid).Ncw(2, 0, 4),
      Gn("order_HxW_rank2_not_one", kInvalid).X({2, 3}).Ncw(2, 3, 2),
      Gn("order_HxW_negative", kInvalid).Ncw(2, 3, -4),
      Gn("order_gamma_rank0", kInvalid).Gamma(D({})).Msg("gamma"),
      Gn("order_gamma_1_by_C", kInvalid).Gamma(D({1, 3})).Msg("gamma"),
      Gn("order_beta_1_by_C", kInvalid).Beta(D({1, 3})).Msg("beta"),
      Gn("order_gamma_null_beta_wrong_length", kInvalid).Gamma(kNone).Beta(D({4})).Msg("beta"),
      Gn("order_gamma_before_beta", kInvalid).Gamma(D({4})).Beta(D({2})).Msg("gamma"),
      // 6. formats: self == out storage format; self not private, NHWC, HWCN, NDHWC; others unchecked
      Gn("order_format_ncl_both", kOk).Self(D({2, 3, 4}, f32, ACL_FORMAT_NCL)).Out(D({2, 3, 4}, f32, ACL_FORMAT_NCL)),
      Gn("order_format_nchw_both", kOk)
          .Self(D({2, 3, 4, 1}, f32, ACL_FORMAT_NCHW))
          .Out(D({2, 3, 4, 1}, f32, ACL_FORMAT_NCHW)),
      Gn("order_format_nc_both", kOk)
          .Self(D({2, 3}, f32, ACL_FORMAT_NC))
          .Out(D({2, 3}, f32, ACL_FORMAT_NC))
          .Ncw(2, 3, 1),
      Gn("order_format_ncdhw_both", kOk)
          .Self(D({2, 3, 2, 2, 1}, f32, ACL_FORMAT_NCDHW))
          .Out(D({2, 3, 2, 2, 1}, f32, ACL_FORMAT_NCDHW)),
      Gn("order_format_nhwc_both", kInvalid)
          .Self(D({2, 3, 4, 1}, f32, ACL_FORMAT_NHWC))
          .Out(D({2, 3, 4, 1}, f32, ACL_FORMAT_NHWC))
          .Msg("format"),
      Gn("order_format_hwcn_both", kInvalid)
          .Self(D({2, 3, 4, 1}, f32, ACL_FORMAT_HWCN))
          .Out(D({2, 3, 4, 1}, f32, ACL_FORMAT_HWCN))
          .Msg("format"),
      Gn("order_format_ndhwc_both", kInvalid)
          .Self(D({2, 3, 2, 2, 1}, f32, ACL_FORMAT_NDHWC))
          .Out(D({2, 3, 2, 2, 1}, f32, ACL_FORMAT_NDHWC))
          .Msg("format"),
      Gn("order_format_nc1hwc0_both", kInvalid)
          .Self(D({2, 3, 4}, f32, ACL_FORMAT_NC1HWC0))
          .Out(D({2, 3, 4}, f32, ACL_FORMAT_NC1HWC0))
          .Msg("format"),
      Gn("order_format_fractal_nz_both", kInvalid)
          .Self(D({2, 3, 4}, f32, ACL_FORMAT_FRACTAL_NZ))
          .Out(D({2, 3, 4}, f32, ACL_FORMAT_FRACTAL_NZ))
          .Msg("format"),
      Gn("order_format_self_nd_out_ncl", kInvalid).Out(D({2, 3, 4}, f32, ACL_FORMAT_NCL)).Msg("format"),
      Gn("order_format_affine_and_stats_unchecked", kOk)
          .Gamma(D({3}, f32, ACL_FORMAT_NHWC))
          .Beta(D({3}, f32, ACL_FORMAT_NC1HWC0))
          .Mean(D({2, 1}, f32, ACL_FORMAT_FRACTAL_NZ))
          .Rstd(D({2, 1}, f32, ACL_FORMAT_HWCN)),
      // 7. empty self: success after every check, workspace 0
      Gn("order_empty_N", kOk).X({0, 3, 4}).Ncw(0, 3, 4).Stats({0, 1}).ZeroWorkspace(),
      Gn("order_empty_C", kOk).X({2, 0, 4}).Affine({0}).Ncw(2, 0, 4).ZeroWorkspace(),
      Gn("order_empty_float16", kOk).AllDtype(f16).X({2, 3, 0}).Ncw(2, 3, 0).ZeroWorkspace(),
      Gn("order_empty_bfloat16_no_affine", kOk)
          .AllDtype(bf16)
          .X({2, 3, 1, 0})
          .Ncw(2, 3, 0)
          .Gamma(kNone)
          .Beta(kNone)
          .ZeroWorkspace(),
      Gn("order_empty_after_eps", kInvalid).X({2, 3, 0}).Ncw(2, 3, 0).Eps(0.0),
      Gn("order_empty_after_dtype", kInvalid).X({2, 3, 0}).Ncw(2, 3, 0).Out(D({2, 3, 0}, f16)),
      Gn("order_empty_after_mean_shape", kInvalid).X({2, 3, 0}).Ncw(2, 3, 0).Mean(D({2, 2})),
      Gn("order_empty_after_format", kInvalid)
          .Self(D({2, 3, 0, 1}, f32, ACL_FORMAT_NHWC))
          .Out(D({2, 3, 0, 1}, f32, ACL_FORMAT_NHWC))
          .Ncw(2, 3, 0),
  };
}

// ---- our rows: each step of §3.4 ------------------------------------------------------------------------------

std::vector<GnRow> SiluOrderRows() {
  const aclDataType f16 = ACL_FLOAT16, bf16 = ACL_BF16, f32 = ACL_FLOAT;
  return {
      // 1. workspaceSize / executor
      Silu("order_null_workspace_size", kNull).NoWorkspaceSize().Msg("workspacesize"),
      Silu("order_null_executor", kNull).NoExecutor().Msg("executor"),
      Silu("order_null_executor_before_null_self", kNull).NoExecutor().Self(kNone).Msg("executor"),
      // 2. self, out, meanOut, rstdOut; before dtypes
      Silu("order_null_mean", kNull).Mean(kNone).Msg("mean"),
      Silu("order_null_rstd", kNull).Rstd(kNone).Msg("rstd"),
      Silu("order_null_self_before_null_mean", kNull).Self(kNone).Mean(kNone).Msg("self"),
      Silu("order_null_out_before_dtype", kNull).Out(kNone).Self(D({2, 3, 4}, ACL_DOUBLE)),
      Silu("order_gamma_null", kOk).Gamma(kNone),
      Silu("order_gamma_and_beta_null", kOk).Gamma(kNone).Beta(kNone),
      Silu("order_gamma_and_beta_null_bfloat16", kOk).AllDtype(bf16).Gamma(kNone).Beta(kNone),
      // 3. dtypes
      Silu("order_all_float_normal", kOk),
      Silu("order_self_double_only", kInvalid).Self(D({2, 3, 4}, ACL_DOUBLE)).Msg("self"),
      Silu("order_gamma_double", kInvalid).Gamma(D({3}, ACL_DOUBLE)).Msg("gamma"),
      Silu("order_beta_double", kInvalid).Beta(D({3}, ACL_DOUBLE)).Msg("beta"),
      Silu("order_gamma_float_beta_float16", kInvalid).AllDtype(f16).Gamma(D({3}, f32)),
      Silu("order_gamma_float16_beta_float", kInvalid).AllDtype(f16).Beta(D({3}, f32)),
      Silu("order_out_float16", kInvalid).Out(D({2, 3, 4}, f16)).Msg("out"),
      Silu("order_mean_float16", kInvalid).Mean(D({2, 1}, f16)).Msg("mean"),
      Silu("order_rstd_float16", kInvalid).Rstd(D({2, 1}, f16)).Msg("rstd"),
      // the GroupNormSwish row (FLOAT statistics for FLOAT16 x) is refused here: statistics have self's dtype
      Silu("order_mixed_row_float_mean", kInvalid).Dtypes(f16, f32).Mean(D({2, 1}, f32)).Msg("mean"),
      Silu("order_mixed_row_float_rstd", kInvalid).Dtypes(bf16, f32).Rstd(D({2, 1}, f32)).Msg("rstd"),
      Silu("order_mixed_row_float_out", kInvalid).Dtypes(f16, f32).Out(D({2, 3, 4}, f32)).Msg("out"),
      // self FLOAT needs a FLOAT gamma/beta even when the other one is null
      Silu("order_self_float_gamma_float16_beta_null", kInvalid).Gamma(D({3}, f16)).Beta(kNone).Msg("gamma"),
      Silu("order_self_float_beta_bfloat16_gamma_null", kInvalid).Gamma(kNone).Beta(D({3}, bf16)).Msg("beta"),
      // §4 Q3 (recommendation, a documented deviation from the op_api): any (self, gamma-or-default,
      // beta-or-default) triple outside §3.3 is 161002 on the CPU; the null one stands for self's dtype.
      Silu("order_q3_float16_self_bfloat16_gamma_beta_null", kInvalid).AllDtype(f16).Gamma(D({3}, bf16)).Beta(kNone),
      Silu("order_q3_float16_self_float_beta_gamma_null", kInvalid).AllDtype(f16).Gamma(kNone).Beta(D({3}, f32)),
      Silu("order_q3_bfloat16_self_float_gamma_beta_null", kInvalid).AllDtype(bf16).Gamma(D({3}, f32)).Beta(kNone),
      Silu("order_float16_self_float16_gamma_beta_null", kOk).AllDtype(f16).Beta(kNone),
      Silu("order_bfloat16_self_bfloat16_beta_gamma_null", kOk).AllDtype(bf16).Gamma(kNone),
      Silu("order_dtype_before_out_shape", kInvalid).Mean(D({2, 1}, f16)).Out(D({2, 3, 5})).Msg("mean"),
      // 4. shapes (before attributes)
      Silu("order_rank6", kOk).X({2, 3, 1, 2, 1, 2}),
      Silu("order_rank7", kOk).X({2, 3, 4, 1, 1, 1, 1}),
      Silu("order_rank8", kOk).X({2, 3, 4, 1, 1, 1, 1, 1}),
      Silu("order_rank9", kInvalid).X(k9),
      Silu("order_out_shape", kInvalid).Out(D({2, 3, 5})).Msg("out"),
      Silu("order_out_shape_same_numel", kInvalid).Out(D({2, 12})).Msg("out"),
      Silu("order_mean_shape", kInvalid).Mean(D({2, 2})).Msg("mean"),
      Silu("order_mean_flat", kInvalid).Mean(D({2})).Msg("mean"),
      Silu("order_rstd_shape", kInvalid).Rstd(D({1, 2})).Msg("rstd"),
      Silu("order_gamma_length", kInvalid).Gamma(D({2})).Msg("gamma"),
      Silu("order_beta_length", kInvalid).Beta(D({4})).Msg("beta"),
      Silu("order_gamma_null_beta_length", kInvalid).Gamma(kNone).Beta(D({2})).Msg("beta"),
      Silu("order_out_shape_before_group", kInvalid).Out(D({2, 3, 5})).Group(0).Stats({2, 0}).Msg("out"),
      Silu("order_gamma_shape_before_eps", kInvalid).Gamma(D({2})).Eps(0.0).Msg("gamma"),
      // 5. attributes
      Silu("order_group_zero", kInvalid).Group(0).Stats({2, 0}).Msg("group"),
      Silu("order_group_negative", kInvalid).Group(-1),
      Silu("order_N_zero", kInvalid).X({0, 3, 4}).Stats({0, 1}),
      Silu("order_C_zero", kInvalid).X({2, 0, 4}).Affine({0}),
      Silu("order_C_zero_no_affine", kInvalid).X({2, 0, 4}).Gamma(kNone).Beta(kNone),
      Silu("order_eps_zero", kInvalid).Eps(0.0).Msg("eps"),
      Silu("order_eps_negative", kInvalid).Eps(-1.0).Msg("eps"),
      Silu("order_eps_tiny_positive", kOk).Eps(1e-50),
      Silu("order_C_not_div_group", kInvalid).Group(2).Stats({2, 2}).Msg("group"),
      Silu("order_group_equals_C", kOk).Group(3).Stats({2, 3}),
      Silu("order_group_before_eps", kInvalid).Group(0).Stats({2, 0}).Eps(0.0).Msg("group"),
      // 6. empty self (HxW = 0): after every check, workspace 0
      Silu("order_empty_bfloat16", kOk).AllDtype(bf16).X({2, 3, 2, 0}).ZeroWorkspace(),
      Silu("order_empty_mixed_row", kOk).Dtypes(f16, f32).X({2, 3, 0}).ZeroWorkspace(),
      Silu("order_empty_after_eps", kInvalid).X({2, 3, 0}).Eps(0.0),
      Silu("order_empty_after_rstd_shape", kInvalid).X({2, 3, 0}).Rstd(D({2, 2})),
      // 0. formats are never an error
      Silu("order_format_nhwc_self_nd_out", kOk).Self(D({2, 3, 4}, f32, ACL_FORMAT_NHWC)),
      Silu("order_format_nc1hwc0_both", kOk)
          .Self(D({2, 3, 4}, f32, ACL_FORMAT_NC1HWC0))
          .Out(D({2, 3, 4}, f32, ACL_FORMAT_NC1HWC0)),
      Silu("order_format_fractal_nz_everywhere", kOk)
          .Self(D({2, 3, 4}, f32, ACL_FORMAT_FRACTAL_NZ))
          .Gamma(D({3}, f32, ACL_FORMAT_FRACTAL_NZ))
          .Beta(D({3}, f32, ACL_FORMAT_FRACTAL_NZ))
          .Out(D({2, 3, 4}, f32, ACL_FORMAT_FRACTAL_NZ))
          .Mean(D({2, 1}, f32, ACL_FORMAT_FRACTAL_NZ))
          .Rstd(D({2, 1}, f32, ACL_FORMAT_FRACTAL_NZ)),
      Silu("order_format_hwcn_both", kOk)
          .Self(D({2, 3, 4, 1}, f32, ACL_FORMAT_HWCN))
          .Out(D({2, 3, 4, 1}, f32, ACL_FORMAT_HWCN)),
  };
}

std::vector<GnRow> AllRows() {
  std::vector<GnRow> r = GroupNormVendorRows();
  Add(r, SiluVendorRows());
  Add(r, GroupNormOrderRows());
  Add(r, SiluOrderRows());
  return r;
}

// A tensor of a row with memory behind it, every byte kPattern, so a refused call that wrote anything shows.
class BackedTensor {
 public:
  static constexpr unsigned char kPattern = 0x5A;
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

aclnnStatus Phase1(const GnRow &row, aclTensor *self, aclTensor *gamma, aclTensor *beta, aclTensor *out,
                   aclTensor *mean, aclTensor *rstd, uint64_t *ws, aclOpExecutor **exec) {
  if (row.fn == Fn::kGroupNorm)
    return aclnnGroupNormGetWorkspaceSize(self, gamma, beta, row.n, row.c, row.hw, row.group, row.eps, out, mean, rstd,
                                          ws, exec);
  return aclnnGroupNormSiluGetWorkspaceSize(self, gamma, beta, row.group, row.eps, out, mean, rstd, ws, exec);
}

std::string Lower(std::string s) {
  for (char &ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

class GroupNormUt : public ::testing::TestWithParam<GnRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(GroupNormUt, Phase1Status) {
  const GnRow &row = GetParam();
  BackedTensor self(row.self), gamma(row.gamma), beta(row.beta), out(row.out), mean(row.mean), rstd(row.rstd);
  (void)aclGetRecentErrMsg();  // drop what earlier calls left
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = Phase1(row, self.get(), gamma.get(), beta.get(), out.get(), mean.get(), rstd.get(),
                                    row.nullWorkspaceSize ? nullptr : &ws, row.nullExecutor ? nullptr : &exec);
  const std::string message = aclGetRecentErrMsg();
  ASSERT_EQ(status, row.expected) << (status != kOk ? message : std::string("success"));
  if (status == kOk) {
    ASSERT_NE(exec, nullptr);
    if (row.zeroWorkspace) {
      EXPECT_EQ(ws, 0u);
    }
    // An accepted call runs (self holds the pattern's finite values).
    EXPECT_EQ(RunPhase2(row.fn == Fn::kGroupNorm ? aclnnGroupNorm : aclnnGroupNormSilu, ws, exec), kOk)
        << aclGetRecentErrMsg();
    return;
  }
  EXPECT_FALSE(message.empty()) << "a refused call leaves a message for aclGetRecentErrMsg";
  if (!row.needle.empty()) {
    EXPECT_NE(Lower(message).find(row.needle), std::string::npos) << "message: " << message;
  }
  if (!row.absent.empty()) {
    EXPECT_EQ(Lower(message).find(row.absent), std::string::npos) << "message: " << message;
  }
  EXPECT_TRUE(out.Untouched()) << "out written by a refused call";
  EXPECT_TRUE(mean.Untouched()) << "meanOut written by a refused call";
  EXPECT_TRUE(rstd.Untouched()) << "rstdOut written by a refused call";
}

INSTANTIATE_TEST_SUITE_P(Rows, GroupNormUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<GnRow> &info) { return info.param.name; });

// ---- empty self: meanOut <- 0, rstdOut <- NaN, out untouched, workspace 0 (§1.2, §3.2 step 6) -------------------

struct EmptyCase {
  Fn fn;
  aclDataType x, affine;
  std::vector<int64_t> shape;
  int64_t group;
};

void ExpectEmptyFills(const EmptyCase &e) {
  const int64_t n = e.shape[0], c = e.shape[1];
  DeviceTensor self(e.shape, e.x), gamma({c}, e.affine), beta({c}, e.affine), out(e.shape, e.x);
  // meanOut as a transposed, padded view: the fill goes through the view.
  Layout statsLayout = Layout::Transposed(2);
  statsLayout.pad = {1, 1};
  DeviceTensor mean({n, e.group}, e.x, statsLayout), rstd({n, e.group}, e.x);
  gamma.Fill(std::vector<double>(static_cast<size_t>(c), 1.0));
  beta.Fill(std::vector<double>(static_cast<size_t>(c), 0.5));
  const std::vector<double> two(static_cast<size_t>(n * e.group), 2.0);
  mean.Fill(two);
  rstd.Fill(two);
  const std::vector<unsigned char> outBefore = out.Bytes();
  uint64_t ws = 99;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status =
      e.fn == Fn::kGroupNorm ? aclnnGroupNormGetWorkspaceSize(self.get(), gamma.get(), beta.get(), n, c, 0, e.group,
                                                              1e-5, out.get(), mean.get(), rstd.get(), &ws, &exec)
                             : aclnnGroupNormSiluGetWorkspaceSize(self.get(), gamma.get(), beta.get(), e.group, 1e-5,
                                                                  out.get(), mean.get(), rstd.get(), &ws, &exec);
  ASSERT_EQ(status, kOk) << aclGetRecentErrMsg();
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(RunPhase2(e.fn == Fn::kGroupNorm ? aclnnGroupNorm : aclnnGroupNormSilu, ws, exec), kOk);
  for (double v : mean.Read()) EXPECT_EQ(v, 0.0) << "meanOut";
  for (double v : rstd.Read()) EXPECT_TRUE(std::isnan(v)) << "rstdOut " << v;
  EXPECT_EQ(out.Bytes(), outBefore) << "out of an empty self is untouched";
}

TEST(GroupNormUtEmpty, EmptySelfFillsMeanWithZeroAndRstdWithNaN) {
  aclInit(nullptr);
  const EmptyCase cases[] = {
      {Fn::kGroupNorm, ACL_FLOAT, ACL_FLOAT, {2, 3, 0}, 1},
      {Fn::kGroupNorm, ACL_FLOAT16, ACL_FLOAT16, {2, 6, 0}, 3},
      {Fn::kGroupNorm, ACL_BF16, ACL_BF16, {3, 4, 5, 0}, 2},
      {Fn::kGroupNormSilu, ACL_FLOAT, ACL_FLOAT, {2, 3, 0}, 1},
      {Fn::kGroupNormSilu, ACL_FLOAT16, ACL_FLOAT, {2, 6, 0}, 3},
      {Fn::kGroupNormSilu, ACL_BF16, ACL_BF16, {3, 4, 0, 5}, 4},
  };
  for (const EmptyCase &e : cases) {
    SCOPED_TRACE(std::string(e.fn == Fn::kGroupNorm ? "GroupNorm " : "GroupNormSilu ") + DTypeLabel(e.x) + "/" +
                 DTypeLabel(e.affine) + " group " + std::to_string(e.group));
    ExpectEmptyFills(e);
  }
}

// GroupNorm with N = 0: meanOut [0, group] is empty too, nothing to write; success (GroupNormSilu refuses N = 0).
TEST(GroupNormUtEmpty, GroupNormEmptyBatchWritesNothing) {
  aclInit(nullptr);
  DeviceTensor self({0, 4, 3}, ACL_FLOAT), out({0, 4, 3}, ACL_FLOAT), mean({0, 2}, ACL_FLOAT), rstd({0, 2}, ACL_FLOAT),
      gamma({4}, ACL_FLOAT);
  gamma.Fill({1, 2, 3, 4});
  const std::vector<unsigned char> gammaBefore = gamma.Bytes();
  uint64_t ws = 99;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnGroupNormGetWorkspaceSize(self.get(), gamma.get(), nullptr, 0, 4, 3, 2, 1e-5, out.get(), mean.get(),
                                           rstd.get(), &ws, &exec),
            kOk);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(RunPhase2(aclnnGroupNorm, ws, exec), kOk);
  EXPECT_EQ(gamma.Bytes(), gammaBefore);
}

TEST(GroupNormUtPhase2, NullExecutorIsNullptrError) {
  aclInit(nullptr);
  EXPECT_EQ(aclnnGroupNorm(nullptr, 0, nullptr, nullptr), kNull);
  EXPECT_EQ(aclnnGroupNormSilu(nullptr, 0, nullptr, nullptr), kNull);
}

}  // namespace
}  // namespace aclcpu_test::group_norm_ut_test
