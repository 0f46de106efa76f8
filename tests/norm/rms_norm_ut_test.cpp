// Phase 1 of aclnnRmsNorm, aclnnRmsNormGrad and aclnnAddRmsNorm as a table (docs/ops/rms_norm.md): every vendor
// UT case of §3.5 (AddRmsNorm; the generated RmsNorm/RmsNormGrad have none, §1.6/§2.5 derive ours), then one row
// per step of each function's check order (§1.4, §2.4, §3.4) with its status (161001 / 161002 / 561002) and, where
// a row holds two faults of one status, the argument the message must name. Every tensor has memory: a refused call
// must leave the outputs untouched and leave a message; an accepted one also runs phase 2 (and an empty one writes
// nothing, workspace 0).
#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::rms_norm_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;         // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;      // 161002
constexpr aclnnStatus kTiling = ACLNN_ERR_INNER_TILING_ERROR;  // 561002

enum class Fn { kRmsNorm, kGrad, kAdd };

// Tensor slots of each function, in parameter order.
enum RmsSlot { kX = 0, kGamma = 1, kY = 2, kRstd = 3 };
enum GradSlot { gDy = 0, gX = 1, gRstd = 2, gGamma = 3, gDx = 4, gDgamma = 5 };
enum AddSlot { aX1 = 0, aX2 = 1, aGamma = 2, aY = 3, aRstd = 4, aXOut = 5 };

const aclDataType f16 = ACL_FLOAT16, bf16 = ACL_BF16, f32 = ACL_FLOAT;

struct RmsRow {
  std::string name;
  Fn fn = Fn::kRmsNorm;
  std::vector<Desc> t;
  double eps = 1e-6;
  bool nullWorkspaceSize = false, nullExecutor = false;
  aclnnStatus expected = kOk;
  std::string needle;  // lower-case text the message must contain
  bool empty = false;  // accepted with workspace 0 and nothing written

  RmsRow &Set(int slot, Desc d) {
    t[static_cast<size_t>(slot)] = std::move(d);
    return *this;
  }
  RmsRow &Shape(int slot, std::vector<int64_t> s) {
    t[static_cast<size_t>(slot)].shape = std::move(s);
    return *this;
  }
  RmsRow &Type(int slot, aclDataType d) {
    t[static_cast<size_t>(slot)].dtype = d;
    return *this;
  }
  RmsRow &Format(int slot, aclFormat f) {
    t[static_cast<size_t>(slot)].format = f;
    return *this;
  }
  RmsRow &NoTensor(int slot) { return Set(slot, Null()); }
  RmsRow &AllType(aclDataType d) {
    for (Desc &x : t) x.dtype = d;
    return *this;
  }
  RmsRow &AllFormat(aclFormat f) {
    for (Desc &x : t) x.format = f;
    return *this;
  }
  RmsRow &Eps(double e) {
    eps = e;
    return *this;
  }
  RmsRow &NoWorkspaceSize() {
    nullWorkspaceSize = true;
    return *this;
  }
  RmsRow &NoExecutor() {
    nullExecutor = true;
    return *this;
  }
  RmsRow &Msg(std::string m) {
    needle = std::move(m);
    return *this;
  }
  RmsRow &Empty() {
    empty = true;
    return *this;
  }
};

void PrintTo(const RmsRow &r, std::ostream *os) { *os << r.name; }

// RmsNorm defaults (§1.7's example): x [2,16] FLOAT, gamma [16], yOut [2,16], rstdOut [2,1], eps 1e-6.
RmsRow Rms(std::string name, aclnnStatus expected) {
  RmsRow r;
  r.name = "rms_" + std::move(name);
  r.fn = Fn::kRmsNorm;
  r.t = {D({2, 16}), D({16}), D({2, 16}), D({2, 1})};
  r.expected = expected;
  return r;
}
// x-shaped RmsNorm tensors (x, yOut) of `x`, gamma `g`, rstdOut `rstd`.
RmsRow &RmsShapes(RmsRow &r, std::vector<int64_t> x, std::vector<int64_t> g, std::vector<int64_t> rstd) {
  return r.Shape(kX, x).Shape(kY, x).Shape(kGamma, std::move(g)).Shape(kRstd, std::move(rstd));
}
// RmsNorm dtypes: x and yOut `x`, gamma `g`, rstdOut FLOAT.
RmsRow &RmsTypes(RmsRow &r, aclDataType x, aclDataType g) { return r.Type(kX, x).Type(kY, x).Type(kGamma, g); }

// RmsNormGrad defaults: dy = x = dxOut [2,16], rstd [2,1], gamma = dgammaOut [16], all FLOAT.
RmsRow Grad(std::string name, aclnnStatus expected) {
  RmsRow r;
  r.name = "grad_" + std::move(name);
  r.fn = Fn::kGrad;
  r.t = {D({2, 16}), D({2, 16}), D({2, 1}), D({16}), D({2, 16}), D({16})};
  r.expected = expected;
  return r;
}
RmsRow &GradShapes(RmsRow &r, std::vector<int64_t> x, std::vector<int64_t> g, std::vector<int64_t> rstd) {
  return r.Shape(gDy, x).Shape(gX, x).Shape(gDx, x).Shape(gGamma, g).Shape(gDgamma, g).Shape(gRstd, std::move(rstd));
}
// dy, x, dxOut of `x`, gamma of `g`; rstd and dgammaOut FLOAT.
RmsRow &GradTypes(RmsRow &r, aclDataType x, aclDataType g) {
  return r.Type(gDy, x).Type(gX, x).Type(gDx, x).Type(gGamma, g);
}

// AddRmsNorm defaults: the vendor helper CommonTest (§3.5) at [2,16]: x1 = x2 = yOut = xOut, gamma [16],
// rstdOut [2,1] FLOAT, eps 1e-5.
RmsRow Add(std::string name, aclnnStatus expected) {
  RmsRow r;
  r.name = "add_" + std::move(name);
  r.fn = Fn::kAdd;
  r.t = {D({2, 16}), D({2, 16}), D({16}), D({2, 16}), D({2, 1}), D({2, 16})};
  r.eps = 1e-5;
  r.expected = expected;
  return r;
}
RmsRow &AddShapes(RmsRow &r, std::vector<int64_t> x, std::vector<int64_t> g, std::vector<int64_t> rstd) {
  r.Shape(aX1, x).Shape(aX2, x).Shape(aY, x).Shape(aXOut, x).Shape(aGamma, std::move(g));
  return r.Shape(aRstd, std::move(rstd));
}
// x1, x2, gamma, yOut, xOut of `t`; rstdOut stays FLOAT.
RmsRow &AddTypes(RmsRow &r, aclDataType d) {
  for (int s : {aX1, aX2, aGamma, aY, aXOut}) r.Type(s, d);
  return r;
}
// The vendor helper CommonTest(xShape, gammaShape, rstdShape, dtype, expect) of §3.5.
RmsRow AddVendor(std::string name, std::vector<int64_t> x, std::vector<int64_t> g, std::vector<int64_t> rstd,
                 aclDataType d, aclnnStatus expected) {
  RmsRow r = Add(std::move(name), expected);
  AddShapes(r, std::move(x), std::move(g), std::move(rstd));
  return AddTypes(r, d);
}

// Shorthands building a modified copy of a default row.
RmsRow RmsWith(std::string name, aclnnStatus e, std::vector<int64_t> x, std::vector<int64_t> g,
               std::vector<int64_t> rstd) {
  RmsRow r = Rms(std::move(name), e);
  return RmsShapes(r, std::move(x), std::move(g), std::move(rstd));
}
RmsRow RmsTyped(std::string name, aclnnStatus e, aclDataType x, aclDataType g) {
  RmsRow r = Rms(std::move(name), e);
  return RmsTypes(r, x, g);
}
RmsRow GradWith(std::string name, aclnnStatus e, std::vector<int64_t> x, std::vector<int64_t> g,
                std::vector<int64_t> rstd) {
  RmsRow r = Grad(std::move(name), e);
  return GradShapes(r, std::move(x), std::move(g), std::move(rstd));
}
RmsRow GradTyped(std::string name, aclnnStatus e, aclDataType x, aclDataType g) {
  RmsRow r = Grad(std::move(name), e);
  return GradTypes(r, x, g);
}
RmsRow AddWith(std::string name, aclnnStatus e, std::vector<int64_t> x, std::vector<int64_t> g,
               std::vector<int64_t> rstd) {
  RmsRow r = Add(std::move(name), e);
  return AddShapes(r, std::move(x), std::move(g), std::move(rstd));
}
RmsRow AddTyped(std::string name, aclnnStatus e, aclDataType d) {
  RmsRow r = Add(std::move(name), e);
  return AddTypes(r, d);
}
// AddRmsNorm mode 1 (rstdOut null) or 2 (rstdOut and xOut null), dtype `d`, x [2,16], gamma [1,16].
RmsRow AddMode(std::string name, aclnnStatus e, int mode, aclDataType d) {
  RmsRow r = AddTyped(std::move(name), e, d);
  r.Shape(aGamma, {1, 16}).NoTensor(aRstd);
  if (mode == 2) r.NoTensor(aXOut);
  return r;
}

const std::vector<int64_t> k9x{2, 1, 1, 1, 1, 1, 1, 1, 16}, k9r{2, 1, 1, 1, 1, 1, 1, 1, 1};
const std::vector<int64_t> k8x{2, 1, 1, 1, 1, 1, 1, 16}, k8r{2, 1, 1, 1, 1, 1, 1, 1};

void Append(std::vector<RmsRow> &r, std::vector<RmsRow> more) { r.insert(r.end(), more.begin(), more.end()); }

// ---- aclnnRmsNorm: §1.4 --------------------------------------------------------------------------------------

std::vector<RmsRow> RmsNormRows() {
  std::vector<RmsRow> r = {
      // 1. null x, gamma, yOut, rstdOut in this order, then workspaceSize / executor
      Rms("null_x", kNull).NoTensor(kX).Msg("non-null x,"),
      Rms("null_gamma", kNull).NoTensor(kGamma).Msg("non-null gamma"),
      Rms("null_y", kNull).NoTensor(kY).Msg("non-null yout"),
      Rms("null_rstd", kNull).NoTensor(kRstd).Msg("non-null rstdout"),
      Rms("null_workspace_size", kNull).NoWorkspaceSize().Msg("workspacesize"),
      Rms("null_executor", kNull).NoExecutor().Msg("executor"),
      Rms("null_x_before_null_gamma", kNull).NoTensor(kX).NoTensor(kGamma).Msg("non-null x,"),
      Rms("null_y_before_null_rstd", kNull).NoTensor(kY).NoTensor(kRstd).Msg("non-null yout"),
      Rms("null_rstd_before_workspace_size", kNull).NoTensor(kRstd).NoWorkspaceSize().Msg("rstdout"),
      Rms("null_workspace_size_before_executor", kNull).NoWorkspaceSize().NoExecutor().Msg("workspacesize"),
      Rms("null_before_dtype", kNull).NoTensor(kRstd).Type(kX, ACL_DOUBLE).Msg("rstdout"),
      // 2. the five (dtype, format) rows of §1.3, everything else 161002
      RmsTyped("row_f16_f32", kOk, f16, f32),
      RmsTyped("row_bf16_f32", kOk, bf16, f32),
      RmsTyped("row_f16_f16", kOk, f16, f16),
      RmsTyped("row_f32_f32", kOk, f32, f32),
      RmsTyped("row_bf16_bf16", kOk, bf16, bf16),
      RmsTyped("dtype_x_f32_gamma_f16", kInvalid, f32, f16).Msg("gamma"),
      RmsTyped("dtype_x_f32_gamma_bf16", kInvalid, f32, bf16).Msg("gamma"),
      RmsTyped("dtype_x_f16_gamma_bf16", kInvalid, f16, bf16).Msg("gamma"),
      RmsTyped("dtype_x_bf16_gamma_f16", kInvalid, bf16, f16).Msg("gamma"),
      RmsTyped("dtype_x_double", kInvalid, ACL_DOUBLE, ACL_DOUBLE).Msg("expected x "),
      RmsTyped("dtype_x_int32", kInvalid, ACL_INT32, f32).Msg("expected x "),
      Rms("dtype_y_f16_for_f32_x", kInvalid).Type(kY, f16).Msg("yout"),
      RmsTyped("dtype_y_f32_for_f16_x", kInvalid, f16, f32).Type(kY, f32).Msg("yout"),
      RmsTyped("dtype_y_bf16_for_f16_x", kInvalid, f16, f16).Type(kY, bf16).Msg("yout"),
      Rms("dtype_rstd_f16", kInvalid).Type(kRstd, f16).Msg("rstdout"),
      RmsTyped("dtype_rstd_f16_for_f16_x", kInvalid, f16, f16).Type(kRstd, f16).Msg("rstdout"),
      RmsTyped("dtype_rstd_bf16_for_bf16_x", kInvalid, bf16, f32).Type(kRstd, bf16).Msg("rstdout"),
      Rms("dtype_rstd_double", kInvalid).Type(kRstd, ACL_DOUBLE).Msg("rstdout"),
      Rms("dtype_gamma_before_y", kInvalid).Type(kGamma, f16).Type(kY, f16).Msg("gamma"),
      Rms("dtype_before_tiling_eps", kInvalid).Type(kRstd, f16).Eps(-1.0).Msg("rstdout"),
      Rms("dtype_before_tiling_gamma", kInvalid).Type(kGamma, f16).Shape(kGamma, {7}).Msg("gamma"),
      // formats: ND and the ND-family labels pass, anything else is not a def row
      Rms("format_nchw_all", kOk).AllFormat(ACL_FORMAT_NCHW),
      Rms("format_ncl_x_nhwc_y", kOk).Format(kX, ACL_FORMAT_NCL).Format(kY, ACL_FORMAT_NHWC),
      Rms("format_ncdhw_gamma", kOk).Format(kGamma, ACL_FORMAT_NCDHW),
      Rms("format_x_nc1hwc0", kInvalid).Format(kX, ACL_FORMAT_NC1HWC0).Msg("format"),
      Rms("format_gamma_fractal_nz", kInvalid).Format(kGamma, ACL_FORMAT_FRACTAL_NZ).Msg("format"),
      Rms("format_y_nc1hwc0", kInvalid).Format(kY, ACL_FORMAT_NC1HWC0).Msg("format"),
      Rms("format_rstd_fractal_nz", kInvalid).Format(kRstd, ACL_FORMAT_FRACTAL_NZ).Msg("format"),
      Rms("format_before_tiling", kInvalid).Format(kX, ACL_FORMAT_NC1HWC0).Eps(-1.0).Msg("format"),
  };
  Append(r, {
                // 3. yOut and rstdOut both empty: success, workspace 0, nothing written; before the tiling
                RmsWith("empty_leading_dim", kOk, {0, 8}, {8}, {0, 1}).Empty(),  // §1.6
                RmsWith("empty_leading_dim_f16", kOk, {3, 0, 8}, {8}, {3, 0, 1}).Type(kX, f16).Type(kY, f16).Empty(),
                RmsWith("empty_before_eps", kOk, {0, 8}, {8}, {0, 1}).Eps(-1.0).Empty(),
                RmsWith("empty_before_gamma_rule", kOk, {0, 8}, {7}, {0, 1}).Empty(),
                RmsWith("empty_before_rank_rule", kOk, {0, 1, 1, 1, 1, 1, 1, 1, 8}, {8}, {0, 1}).Empty(),
                RmsWith("empty_normalized_dim_empty_rstd", kOk, {2, 0}, {0}, {2, 0}).Empty(),
                RmsWith("empty_after_dtype", kInvalid, {0, 8}, {8}, {0, 1}).Type(kRstd, f16).Msg("rstdout"),
                // §1.5: a zero normalized dim leaves rstd non-empty: the tiling's gamma rule
                RmsWith("zero_normalized_dim", kTiling, {2, 0}, {0}, {2, 1}).Msg("gamma"),
                // 4. the tiling, in order (561002)
                RmsWith("rank9_x", kTiling, k9x, {16}, k9r).Msg("expected x "),  // §1.6
                RmsWith("rank0_x", kTiling, {}, {1}, {}).Msg("expected x "),
                RmsWith("rank8_x", kOk, k8x, {16}, k8r),
                RmsWith("rank9_x_before_gamma", kTiling, k9x, {15}, k9r).Msg("expected x "),
                RmsWith("rank9_gamma", kTiling, {1, 1, 1, 1, 1, 1, 1, 1, 16}, {1, 1, 1, 1, 1, 1, 1, 1, 16}, {1})
                    .Shape(kX, {1, 1, 1, 1, 1, 1, 1, 16})
                    .Shape(kY, {1, 1, 1, 1, 1, 1, 1, 16})
                    .Msg("expected gamma"),
                Rms("rank0_gamma", kTiling).Shape(kGamma, {}).Msg("expected gamma"),
                RmsWith("gamma_rank_above_x", kTiling, {16}, {1, 16}, {1}).Msg("expected gamma"),
                RmsWith("gamma_rank8_x_rank8", kOk, {1, 1, 1, 1, 1, 1, 2, 8}, {1, 1, 1, 1, 1, 1, 2, 8}, {1}),
                Rms("y_rank", kTiling).Shape(kY, {32}).Msg("yout"),
                Rms("y_rank_before_gamma", kTiling).Shape(kY, {2, 16, 1}).Shape(kGamma, {7}).Msg("yout"),
                Rms("gamma_not_trailing", kTiling).Shape(kGamma, {7}).Msg("expected gamma"),  // §1.6
                RmsWith("gamma_rank2_wrong", kTiling, {2, 3, 8}, {2, 8}, {2, 1, 1}).Msg("expected gamma"),
                RmsWith("gamma_zero_dim", kTiling, {2, 8}, {0}, {2, 1}).Msg("expected gamma"),
                RmsWith("gamma_before_y_dims", kTiling, {2, 16}, {8}, {2, 1}).Shape(kY, {3, 16}).Msg("expected gamma"),
                RmsWith("x_leading_zero_rstd_not_empty", kTiling, {0, 16}, {16}, {2, 1}).Msg("expected x "),
                Rms("y_dim_differs", kTiling).Shape(kY, {3, 16}).Msg("yout"),
                Rms("y_dim_zero", kTiling).Shape(kY, {0, 16}).Msg("yout"),
                Rms("rstd_dim_zero", kTiling).Shape(kRstd, {2, 0}).Msg("rstdout"),
                Rms("rstd_dim_not_x_nor_1", kTiling).Shape(kRstd, {3, 1}).Msg("rstdout"),
                Rms("rstd_trailing_dim_16", kTiling).Shape(kRstd, {2, 2}).Msg("rstdout"),
                Rms("y_dims_before_rstd", kTiling).Shape(kY, {3, 16}).Shape(kRstd, {3, 1}).Msg("yout"),
                Rms("eps_negative", kTiling).Eps(-1.0).Msg("epsilon"),  // §1.6
                Rms("eps_tiny_negative", kTiling).Eps(-1e-30).Msg("epsilon"),
                Rms("eps_zero", kOk).Eps(0.0),
                Rms("rstd_before_eps", kTiling).Shape(kRstd, {3, 1}).Eps(-1.0).Msg("rstdout"),
                // rstd shapes: the inferred one, the lax ones of M values (§1.4 note, §4 Q3); others 161002
                RmsWith("rstd_inferred_gamma1", kOk, {2, 3, 4, 8}, {8}, {2, 3, 4, 1}),
                RmsWith("rstd_inferred_gamma2", kOk, {2, 3, 4, 8}, {4, 8}, {2, 3, 1, 1}),
                RmsWith("rstd_inferred_gamma3", kOk, {2, 3, 4, 8}, {3, 4, 8}, {2, 1, 1, 1}),
                RmsWith("rstd_shorter_rank", kOk, {2, 3, 16}, {16}, {2, 3}),
                RmsWith("rstd_flat_m_for_x_2_1_16", kOk, {2, 1, 16}, {16}, {2}),
                RmsWith("rstd_m1_all_ones", kOk, {1, 16}, {16}, {1, 1}),
                RmsWith("rstd_numel_below_m", kInvalid, {2, 3, 16}, {16}, {2, 1, 1}).Msg("rstdout"),
                RmsWith("rstd_all_ones_numel_1", kInvalid, {2, 3, 16}, {16}, {1, 1, 1}).Msg("rstdout"),
                // the device codes first, then the CPU's numel rule
                RmsWith("eps_before_rstd_numel", kTiling, {2, 3, 16}, {16}, {1, 1, 1}).Eps(-1.0).Msg("epsilon"),
                // the 16-bit rows with a gamma of rank 2
                RmsTyped("bf16_gamma_rank2", kOk, bf16, bf16)
                    .Shape(kX, {2, 4, 4})
                    .Shape(kY, {2, 4, 4})
                    .Shape(kGamma, {4, 4})
                    .Shape(kRstd, {2, 1, 1}),
            });
  return r;
}

// ---- aclnnRmsNormGrad: §2.4 ----------------------------------------------------------------------------------

std::vector<RmsRow> GradRows() {
  return {
      // 1. null dy, x, rstd, gamma, dxOut, dgammaOut, then workspaceSize / executor
      Grad("null_dy", kNull).NoTensor(gDy).Msg("non-null dy"),
      Grad("null_x", kNull).NoTensor(gX).Msg("non-null x,"),
      Grad("null_rstd", kNull).NoTensor(gRstd).Msg("non-null rstd"),
      Grad("null_gamma", kNull).NoTensor(gGamma).Msg("non-null gamma"),
      Grad("null_dx", kNull).NoTensor(gDx).Msg("non-null dxout"),
      Grad("null_dgamma", kNull).NoTensor(gDgamma).Msg("non-null dgammaout"),
      Grad("null_workspace_size", kNull).NoWorkspaceSize().Msg("workspacesize"),
      Grad("null_executor", kNull).NoExecutor().Msg("executor"),
      Grad("null_dy_before_null_x", kNull).NoTensor(gDy).NoTensor(gX).Msg("non-null dy"),
      Grad("null_rstd_before_null_gamma", kNull).NoTensor(gRstd).NoTensor(gGamma).Msg("non-null rstd"),
      Grad("null_dx_before_null_dgamma", kNull).NoTensor(gDx).NoTensor(gDgamma).Msg("non-null dxout"),
      Grad("null_dgamma_before_workspace_size", kNull).NoTensor(gDgamma).NoWorkspaceSize().Msg("dgammaout"),
      Grad("null_before_dtype", kNull).NoTensor(gDgamma).Type(gDy, ACL_DOUBLE).Msg("dgammaout"),
      // 2. the five rows of §2.3
      GradTyped("row_f16_f32", kOk, f16, f32),
      GradTyped("row_bf16_f32", kOk, bf16, f32),
      GradTyped("row_f16_f16", kOk, f16, f16),
      GradTyped("row_f32_f32", kOk, f32, f32),
      GradTyped("row_bf16_bf16", kOk, bf16, bf16),
      GradTyped("dtype_f32_gamma_f16", kInvalid, f32, f16).Msg("gamma"),
      GradTyped("dtype_f16_gamma_bf16", kInvalid, f16, bf16).Msg("gamma"),
      GradTyped("dtype_bf16_gamma_f16", kInvalid, bf16, f16).Msg("gamma"),
      GradTyped("dtype_dy_double", kInvalid, ACL_DOUBLE, ACL_DOUBLE).Msg("expected dy"),
      Grad("dtype_x_f16_dy_f32", kInvalid).Type(gX, f16).Msg("expected x "),
      GradTyped("dtype_x_bf16_dy_f16", kInvalid, f16, f32).Type(gX, bf16).Msg("expected x "),
      Grad("dtype_rstd_f16", kInvalid).Type(gRstd, f16).Msg("rstd"),
      GradTyped("dtype_rstd_f16_for_f16", kInvalid, f16, f16).Type(gRstd, f16).Msg("rstd"),
      Grad("dtype_dx_f16", kInvalid).Type(gDx, f16).Msg("dxout"),
      GradTyped("dtype_dx_f32_for_bf16", kInvalid, bf16, f32).Type(gDx, f32).Msg("dxout"),
      GradTyped("dtype_dgamma_f16", kInvalid, f16, f16).Type(gDgamma, f16).Msg("dgammaout"),
      GradTyped("dtype_dgamma_bf16", kInvalid, bf16, bf16).Type(gDgamma, bf16).Msg("dgammaout"),
      Grad("dtype_before_tiling", kInvalid).Type(gDgamma, f16).Shape(gGamma, {15}).Msg("dgammaout"),
      Grad("format_all_nchw", kOk).AllFormat(ACL_FORMAT_NCHW),
      Grad("format_dy_nc1hwc0", kInvalid).Format(gDy, ACL_FORMAT_NC1HWC0).Msg("format"),
      Grad("format_rstd_fractal_nz", kInvalid).Format(gRstd, ACL_FORMAT_FRACTAL_NZ).Msg("format"),
      Grad("format_dgamma_nc1hwc0", kInvalid).Format(gDgamma, ACL_FORMAT_NC1HWC0).Msg("format"),
      // 3. dxOut and dgammaOut both empty: success, nothing written
      GradWith("empty_outputs", kOk, {2, 0}, {0}, {2, 1}).Empty(),
      GradWith("empty_outputs_before_last_dim_rule", kOk, {0, 0}, {0}, {3}).Empty(),
      GradWith("empty_after_dtype", kInvalid, {2, 0}, {0}, {2, 1}).Type(gRstd, f16).Msg("rstd"),
      // 4. the tiling, in order (561002)
      GradWith("rank9_x", kTiling, k9x, {16}, k9r).Msg("expected x "),
      GradWith("rank0_x", kTiling, {}, {1}, {1}).Msg("expected x "),
      GradWith("rank8_x", kOk, k8x, {16}, k8r),
      GradWith("rank1_x", kOk, {16}, {16}, {1}),
      GradWith("rank9_gamma", kTiling, {1, 1, 1, 1, 1, 1, 1, 16}, {1, 1, 1, 1, 1, 1, 1, 1, 16}, {1})
          .Msg("expected gamma"),
      Grad("rank0_gamma", kTiling).Shape(gGamma, {}).Shape(gDgamma, {}).Msg("expected gamma"),
      GradWith("gamma_rank_above_x", kTiling, {16}, {1, 16}, {1}).Msg("expected gamma"),
      Grad("dy_rank", kTiling).Shape(gDy, {2, 16, 1}).Msg("expected dy"),
      Grad("dx_rank", kTiling).Shape(gDx, {32}).Msg("dxout"),
      Grad("dgamma_rank", kTiling).Shape(gDgamma, {1, 16}).Msg("dgammaout"),
      Grad("dx_rank_before_gamma", kTiling).Shape(gDx, {32}).Shape(gGamma, {15}).Msg("dxout"),
      Grad("dy_dim_differs", kTiling).Shape(gDy, {3, 16}).Msg("dy"),
      Grad("dx_dim_differs", kTiling).Shape(gDx, {2, 15}).Msg("dxout"),
      GradWith("dy_last_dim_zero", kTiling, {2, 0}, {0}, {2, 1}).Shape(gDgamma, {1}).Msg("dy's last dim"),
      // rstd: a shorter rstd holds x's leading dims, the rest of them 1 (the example's rstd [2] for x [2,1,16])
      GradWith("rstd_example_2_for_2_1_16", kOk, {2, 1, 16}, {16}, {2}),
      GradWith("rstd_inferred", kOk, {2, 3, 16}, {16}, {2, 3, 1}),
      GradWith("rstd_exact_leading", kOk, {2, 3, 16}, {16}, {2, 3}),
      GradWith("rstd_longer_with_ones", kOk, {2, 3, 16}, {16}, {2, 3, 1, 1}),
      GradWith("rstd_gamma2", kOk, {2, 3, 4, 8}, {4, 8}, {2, 3, 1, 1}),
      GradWith("rstd_short_rest_not_one", kTiling, {2, 3, 16}, {16}, {2}).Msg("rstd"),
      GradWith("rstd_flat_m", kTiling, {2, 3, 16}, {16}, {6}).Msg("rstd"),
      GradWith("rstd_leading_swapped", kTiling, {2, 3, 16}, {16}, {3, 2}).Msg("rstd"),
      GradWith("rstd_before_gamma", kTiling, {2, 3, 16}, {16}, {3, 2}).Shape(gGamma, {15}).Msg("rstd"),
      Grad("gamma_not_trailing", kTiling).Shape(gGamma, {15}).Msg("gamma"),
      Grad("dgamma_not_trailing", kTiling).Shape(gDgamma, {15}).Msg("dgammaout"),
      GradWith("gamma2_wrong", kTiling, {2, 3, 16}, {2, 16}, {2, 1, 1}).Shape(gDgamma, {3, 16}).Msg("gamma"),
      Grad("rstd_numel_not_m", kTiling).Shape(gRstd, {2, 2}).Msg("rstd"),
      Grad("rstd_numel_not_m_longer", kTiling).Shape(gRstd, {2, 1, 2}).Msg("rstd"),
      // M == 0 with a non-empty dgamma: the A2 refuses an empty dy
      GradWith("rows_zero", kTiling, {0, 16}, {16}, {0, 1}).Msg("dy"),
  };
}

// ---- aclnnAddRmsNorm: the vendor cases (§3.5) and §3.4 --------------------------------------------------------

std::vector<RmsRow> AddRows() {
  return {
      // §3.5: 4 TEST_F, 7 calls
      AddVendor("ascend910B2_success_a", {4, 16, 128}, {128}, {4, 16, 1}, f32, kOk),
      AddVendor("ascend910B2_success_b", {4, 4, 128}, {128}, {4, 4, 1}, f16, kOk),
      AddVendor("ascend910B2_success_c", {4, 16, 12288}, {12288}, {4, 16, 1}, f16, kOk),
      AddVendor("ascend910B2_success_d_empty", {4, 0, 128}, {128}, {4, 0, 1}, f32, kOk).Empty(),
      AddVendor("timer_s1_bf16_success", {360, 1024}, {1024}, {360, 1}, bf16, kOk),
      AddVendor("timer_s1_dtype_invalid", {360, 1024}, {1024}, {360, 1}, ACL_DOUBLE, kInvalid),
      AddVendor("ascend910B2_param_invalid", {4, 4, 128}, {128}, {4, 4, 1}, ACL_DOUBLE, kInvalid),
      // 1. workspaceSize / executor first
      Add("null_workspace_size", kNull).NoWorkspaceSize().Msg("workspacesize"),
      Add("null_executor", kNull).NoExecutor().Msg("executor"),
      Add("null_workspace_size_before_null_x1", kNull).NoWorkspaceSize().NoTensor(aX1).Msg("workspacesize"),
      Add("null_executor_before_null_y", kNull).NoExecutor().NoTensor(aY).Msg("executor"),
      // 2./3. the mode, then null x1, x2, gamma, yOut; mode 0 rstdOut given with xOut null
      Add("null_x1", kNull).NoTensor(aX1).Msg("non-null x1"),
      Add("null_x2", kNull).NoTensor(aX2).Msg("non-null x2"),
      Add("null_gamma", kNull).NoTensor(aGamma).Msg("non-null gamma"),
      Add("null_y", kNull).NoTensor(aY).Msg("non-null yout"),
      Add("rstd_given_x_out_null", kNull).NoTensor(aXOut).Msg("non-null xout"),
      Add("null_x1_before_null_x2", kNull).NoTensor(aX1).NoTensor(aX2).Msg("non-null x1"),
      Add("null_gamma_before_null_y", kNull).NoTensor(aGamma).NoTensor(aY).Msg("non-null gamma"),
      Add("null_y_before_null_x_out", kNull).NoTensor(aY).NoTensor(aXOut).Msg("non-null yout"),
      Add("null_before_dtype", kNull).NoTensor(aXOut).Type(aX1, ACL_DOUBLE).Msg("xout"),
      AddMode("mode1_null_x2", kNull, 1, f16).NoTensor(aX2).Msg("non-null x2"),
      AddMode("mode2_null_gamma", kNull, 2, bf16).NoTensor(aGamma).Msg("non-null gamma"),
      // the modes: 0 FLOAT/FLOAT16/BF16; 1 and 2 FLOAT16/BF16 with gamma [1, last dim]
      AddTyped("mode0_f16", kOk, f16),
      AddTyped("mode0_bf16", kOk, bf16),
      AddMode("mode1_f16", kOk, 1, f16),
      AddMode("mode1_bf16", kOk, 1, bf16),
      AddMode("mode2_f16", kOk, 2, f16),
      AddMode("mode2_bf16", kOk, 2, bf16),
      AddMode("mode2_f16_gamma_1_128", kOk, 2, f16)
          .Shape(aX1, {4, 128})
          .Shape(aX2, {4, 128})
          .Shape(aY, {4, 128})
          .Shape(aGamma, {1, 128}),
      AddMode("mode1_f32", kInvalid, 1, f32),
      AddMode("mode2_f32", kInvalid, 2, f32),
      // 4. dtypes
      AddTyped("dtype_x1_int32", kInvalid, ACL_INT32).Msg("expected x1"),
      Add("dtype_x2_double", kInvalid).Type(aX2, ACL_DOUBLE).Msg("expected x2"),
      Add("dtype_x2_f16", kInvalid).Type(aX2, f16).Msg("expected x2"),
      AddTyped("dtype_gamma_f32_x1_f16", kInvalid, f16).Type(aGamma, f32).Msg("gamma"),  // no mixed row
      AddTyped("dtype_gamma_f32_x1_bf16", kInvalid, bf16).Type(aGamma, f32).Msg("gamma"),
      Add("dtype_gamma_f16_x1_f32", kInvalid).Type(aGamma, f16).Msg("gamma"),
      Add("dtype_y_f16", kInvalid).Type(aY, f16).Msg("yout"),
      AddTyped("dtype_y_f32_x1_bf16", kInvalid, bf16).Type(aY, f32).Msg("yout"),
      Add("dtype_x_out_f16", kInvalid).Type(aXOut, f16).Msg("xout"),
      Add("dtype_rstd_f16", kInvalid).Type(aRstd, f16).Msg("rstdout"),
      AddTyped("dtype_rstd_bf16_x1_bf16", kInvalid, bf16).Type(aRstd, bf16).Msg("rstdout"),
      AddMode("mode1_dtype_x_out_f32", kInvalid, 1, f16).Type(aXOut, f32).Msg("xout"),
      AddMode("mode2_dtype_y_f32", kInvalid, 2, bf16).Type(aY, f32).Msg("yout"),
      Add("dtype_x2_before_gamma", kInvalid).Type(aX2, f16).Type(aGamma, f16).Msg("expected x2"),
      Add("dtype_before_shape", kInvalid).Type(aY, f16).Shape(aX2, {3, 16}).Msg("yout"),
      // 5. shapes (161002)
      AddWith("rank9_x1", kInvalid, k9x, {16}, k9r).Msg("x1"),
      AddWith("rank0_x1", kInvalid, {}, {1}, {}).Msg("x1"),
      AddWith("rank8_x1", kOk, k8x, {16}, k8r),
      Add("rank0_gamma", kInvalid).Shape(aGamma, {}).Msg("gamma"),
      Add("rank9_gamma", kInvalid).Shape(aGamma, {1, 1, 1, 1, 1, 1, 1, 1, 16}).Msg("gamma"),
      Add("x2_shape", kInvalid).Shape(aX2, {3, 16}).Msg("x2"),  // §3.5 suggestion
      Add("x2_shape_same_numel", kInvalid).Shape(aX2, {4, 8}).Msg("x2"),
      Add("y_shape", kInvalid).Shape(aY, {2, 15}).Msg("yout"),
      Add("rstd_rank9", kInvalid).Shape(aRstd, {2, 1, 1, 1, 1, 1, 1, 1, 1}).Msg("rstdout"),
      Add("x_out_shape", kInvalid).Shape(aXOut, {2, 17}).Msg("xout"),
      AddMode("mode1_x_out_shape", kInvalid, 1, f16).Shape(aXOut, {2, 17}).Msg("xout"),
      AddMode("mode1_gamma_rank3", kInvalid, 1, f16).Shape(aGamma, {1, 1, 16}).Msg("gamma"),
      AddMode("mode2_gamma_rank3", kInvalid, 2, bf16).Shape(aGamma, {1, 1, 16}).Msg("gamma"),
      Add("x2_before_y", kInvalid).Shape(aX2, {3, 16}).Shape(aY, {3, 16}).Msg("x2"),
      // shapes are checked before the empty rule
      AddWith("empty_after_shape", kInvalid, {4, 0, 128}, {128}, {4, 0, 1}).Shape(aX2, {4, 1, 128}).Msg("x2"),
      // 6. x1 or gamma empty: success, nothing written, before any gamma/x1 rule and epsilon
      AddWith("empty_gamma", kOk, {2, 0}, {0}, {2, 1}).Empty(),  // §3.5 suggestion
      AddWith("empty_x1_before_gamma_rule", kOk, {0, 16}, {8}, {0, 1}).Empty(),
      AddWith("empty_before_eps", kOk, {0, 16}, {16}, {0, 1}).Eps(-1.0).Empty(),
      AddWith("empty_before_rstd_shape", kOk, {0, 16}, {16}, {5, 5}).Empty(),
      AddMode("mode2_empty_before_gamma_rule", kOk, 2, f16)
          .Shape(aX1, {0, 16})
          .Shape(aX2, {0, 16})
          .Shape(aY, {0, 16})
          .Shape(aGamma, {16})
          .Empty(),
      // 7. the kernel's rules, 161002 here (documented deviation of §3.4 step 7)
      AddWith("gamma_rank_above_x1", kInvalid, {16}, {1, 16}, {1}).Msg("gamma"),
      Add("gamma_not_trailing", kInvalid).Shape(aGamma, {15}).Msg("gamma"),
      AddWith("gamma2_not_trailing", kInvalid, {2, 3, 16}, {2, 16}, {2, 1, 1}).Msg("gamma"),
      AddWith("gamma2_ok", kOk, {2, 3, 16}, {3, 16}, {2, 1, 1}),
      Add("rstd_leading_differs", kInvalid).Shape(aRstd, {3, 1}).Msg("rstdout"),
      Add("rstd_trailing_not_one", kInvalid).Shape(aRstd, {2, 16}).Msg("rstdout"),
      Add("rstd_flat", kInvalid).Shape(aRstd, {2}).Msg("rstdout"),
      Add("rstd_extra_one", kInvalid).Shape(aRstd, {2, 1, 1}).Msg("rstdout"),
      AddWith("rstd_both_numel_one", kOk, {1, 16}, {16}, {1}),
      AddWith("rstd_both_numel_one_rank3", kOk, {1, 16}, {16}, {1, 1, 1}),
      Add("gamma_before_rstd", kInvalid).Shape(aGamma, {15}).Shape(aRstd, {3, 1}).Msg("gamma"),
      AddMode("mode1_gamma_rank1", kInvalid, 1, f16).Shape(aGamma, {16}).Msg("gamma"),
      AddMode("mode2_gamma_rank1", kInvalid, 2, bf16).Shape(aGamma, {16}).Msg("gamma"),
      AddMode("mode1_gamma_2_16", kInvalid, 1, f16).Shape(aGamma, {2, 16}).Msg("gamma"),
      AddMode("mode2_gamma_1_15", kInvalid, 2, f16).Shape(aGamma, {1, 15}).Msg("gamma"),
      Add("eps_negative", kInvalid).Eps(-1e-5).Msg("epsilon"),
      AddMode("mode2_eps_negative", kInvalid, 2, f16).Eps(-1.0).Msg("epsilon"),
      Add("eps_zero", kOk).Eps(0.0),
      Add("rstd_before_eps", kInvalid).Shape(aRstd, {3, 1}).Eps(-1.0).Msg("rstdout"),
      Add("format_nchw_all", kOk).AllFormat(ACL_FORMAT_NCHW),
  };
}

std::vector<RmsRow> AllRows() {
  std::vector<RmsRow> r = RmsNormRows();
  Append(r, GradRows());
  Append(r, AddRows());
  return r;
}

// A tensor of a row with memory behind it, every byte one pattern, so a write by a refused (or empty) call shows.
// Inputs hold 0x3C bytes (1.06 in FLOAT16, 0.0115 in FLOAT/BF16), outputs 0x5A bytes: no output an accepted call
// computes from those inputs is all 0x5A.
class BackedTensor {
 public:
  BackedTensor(const Desc &d, unsigned char pattern) : pattern_(pattern) {
    if (!d.present) return;
    bytes_ =
        std::max<size_t>(static_cast<size_t>(std::max<int64_t>(NumelOf(d.shape), 0)) * aclDataTypeSize(d.dtype), 1);
    EXPECT_EQ(aclrtMalloc(&data_, bytes_, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclrtMemset(data_, bytes_, pattern_, bytes_);
    tensor_ = aclCreateTensor(d.shape.data(), d.shape.size(), d.dtype, nullptr, 0, d.format, d.shape.data(),
                              d.shape.size(), data_);
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
    return std::all_of(host.begin(), host.end(), [this](unsigned char b) { return b == pattern_; });
  }

 private:
  unsigned char pattern_;
  void *data_ = nullptr;
  size_t bytes_ = 0;
  aclTensor *tensor_ = nullptr;
};

std::string Lower(std::string s) {
  for (char &ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// The output slots of each function.
std::vector<int> OutputSlots(Fn fn) {
  switch (fn) {
    case Fn::kRmsNorm: return {kY, kRstd};
    case Fn::kGrad: return {gDx, gDgamma};
    default: return {aY, aRstd, aXOut};
  }
}

class RmsNormUt : public ::testing::TestWithParam<RmsRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(RmsNormUt, Phase1Status) {
  const RmsRow &row = GetParam();
  std::vector<std::unique_ptr<BackedTensor>> t;
  const std::vector<int> outputs = OutputSlots(row.fn);
  for (size_t i = 0; i < row.t.size(); ++i) {
    const bool isOutput = std::find(outputs.begin(), outputs.end(), static_cast<int>(i)) != outputs.end();
    t.push_back(std::make_unique<BackedTensor>(row.t[i], isOutput ? 0x5A : 0x3C));
  }
  auto T = [&t](int slot) { return t[static_cast<size_t>(slot)]->get(); };
  (void)aclGetRecentErrMsg();  // drop what earlier calls left
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  uint64_t *wsp = row.nullWorkspaceSize ? nullptr : &ws;
  aclOpExecutor **execp = row.nullExecutor ? nullptr : &exec;
  aclnnStatus status;
  Phase2Fn phase2;
  switch (row.fn) {
    case Fn::kRmsNorm:
      status = aclnnRmsNormGetWorkspaceSize(T(kX), T(kGamma), row.eps, T(kY), T(kRstd), wsp, execp);
      phase2 = aclnnRmsNorm;
      break;
    case Fn::kGrad:
      status = aclnnRmsNormGradGetWorkspaceSize(T(gDy), T(gX), T(gRstd), T(gGamma), T(gDx), T(gDgamma), wsp, execp);
      phase2 = aclnnRmsNormGrad;
      break;
    default:
      status =
          aclnnAddRmsNormGetWorkspaceSize(T(aX1), T(aX2), T(aGamma), row.eps, T(aY), T(aRstd), T(aXOut), wsp, execp);
      phase2 = aclnnAddRmsNorm;
  }
  const std::string message = aclGetRecentErrMsg();
  ASSERT_EQ(status, row.expected) << (status != kOk ? message : std::string("success"));
  if (status == kOk) {
    ASSERT_NE(exec, nullptr);
    if (row.empty) {
      EXPECT_EQ(ws, 0u);
    }
    EXPECT_EQ(RunPhase2(phase2, ws, exec), kOk) << aclGetRecentErrMsg();
    if (row.empty) {
      for (int s : outputs) EXPECT_TRUE(t[static_cast<size_t>(s)]->Untouched()) << "slot " << s;
    } else {
      // An accepted call writes its outputs.
      for (int s : outputs) {
        if (row.t[static_cast<size_t>(s)].present && NumelOf(row.t[static_cast<size_t>(s)].shape) > 0) {
          EXPECT_FALSE(t[static_cast<size_t>(s)]->Untouched()) << "output slot " << s << " not written";
        }
      }
    }
    return;
  }
  EXPECT_FALSE(message.empty()) << "a refused call leaves a message for aclGetRecentErrMsg";
  if (!row.needle.empty()) {
    EXPECT_NE(Lower(message).find(row.needle), std::string::npos) << "message: " << message;
  }
  for (int s : outputs) {
    EXPECT_TRUE(t[static_cast<size_t>(s)]->Untouched()) << "output slot " << s << " written by a refused call";
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, RmsNormUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<RmsRow> &info) { return info.param.name; });

// Every vendor case of §3.5 is a row, with its expected status.
TEST(RmsNormUtTable, VendorCasesPresent) {
  int vendor = 0;
  for (const RmsRow &r : AllRows()) {
    if (r.name.find("ascend910B2_") != std::string::npos || r.name.find("timer_s1_") != std::string::npos) ++vendor;
  }
  EXPECT_EQ(vendor, 7);
}

TEST(RmsNormUtPhase2, NullExecutorIsNullptrError) {
  aclInit(nullptr);
  EXPECT_EQ(aclnnRmsNorm(nullptr, 0, nullptr, nullptr), kNull);
  EXPECT_EQ(aclnnRmsNormGrad(nullptr, 0, nullptr, nullptr), kNull);
  EXPECT_EQ(aclnnAddRmsNorm(nullptr, 0, nullptr, nullptr), kNull);
}

}  // namespace
}  // namespace aclcpu_test::rms_norm_ut_test
