// Phase 1 of the matmul family as a table (docs/ops/matmul.md): every A2 case of the vendor's op_api UT files
// (§8.1-§8.5) with the status the A2 gets, then our rows for each step of each function's check order (§3-§6):
// null pointers in the vendor's order, dtypes, cubeMathType, ranks, k, batch broadcast, out shapes, Addmm's
// self rules, the FRACTAL_NZ refusals and the empty exits. Last, a refused call leaves out untouched.
//
// Skipped vendor rows (non-A2 SoC overrides, or the out-of-scope WeightNz entry points):
//   §8.1 Matmul: 23 = 17 non-A2 (#53-#69: ASCEND950 / ASCEND310) + 6 WeightNz (#73-#78).
//   §8.2 Mm: 12 non-A2 (#86-#97).
//   §8.3 BatchMatMul: 17 = 15 non-A2 (#62-#64, #67-#78) + 2 WeightNz (#19, #20).
//   §8.4 BatchMatMul vector compute: none.
//   §8.5 Addmm: 30 non-A2 (#36, #37, #43-#62, #67-#74).
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::matmul_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002
constexpr aclnnStatus kReshape = ACLNN_ERR_INNER_NULLPTR;  // 561103: Matmul's result does not reshape into out
constexpr aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, bf = ACL_BF16;
constexpr aclFormat kNz = ACL_FORMAT_FRACTAL_NZ;

enum class Fn { kMatmul, kMm, kBatchMatMul, kAddmm, kInplaceAddmm };

// An optional scalar argument (beta, alpha) of any dtype.
struct ScalarArg {
  bool present = true;
  aclDataType dtype = ACL_FLOAT;
  double value = 1.0;
};

using ScalarHandle = std::unique_ptr<aclScalar, aclnnStatus (*)(const aclScalar *)>;
ScalarHandle MakeScalar(const ScalarArg &s) {
  if (!s.present) return ScalarHandle(nullptr, aclDestroyScalar);
  alignas(16) unsigned char bytes[16] = {};
  switch (s.dtype) {
    case ACL_DOUBLE: std::memcpy(bytes, &s.value, 8); break;
    case ACL_INT64: {
      const auto i = static_cast<int64_t>(s.value);
      std::memcpy(bytes, &i, 8);
      break;
    }
    case ACL_INT32: {
      const auto i = static_cast<int32_t>(s.value);
      std::memcpy(bytes, &i, 4);
      break;
    }
    case ACL_BOOL: bytes[0] = s.value != 0 ? 1 : 0; break;
    default: {
      const auto f = static_cast<float>(s.value);
      std::memcpy(bytes, &f, 4);
      break;
    }
  }
  return ScalarHandle(aclCreateScalar(bytes, s.dtype), aclDestroyScalar);
}

// Tensors in signature order: Matmul/Mm/BatchMatMul (self, mat2, out); Addmm (self, mat1, mat2, out);
// InplaceAddmm (selfRef, mat1, mat2).
aclnnStatus Phase1(Fn fn, aclTensor *const t[4], const aclScalar *beta, const aclScalar *alpha, int8_t cmt,
                   uint64_t *ws, aclOpExecutor **exec) {
  switch (fn) {
    case Fn::kMatmul: return aclnnMatmulGetWorkspaceSize(t[0], t[1], t[2], cmt, ws, exec);
    case Fn::kMm: return aclnnMmGetWorkspaceSize(t[0], t[1], t[2], cmt, ws, exec);
    case Fn::kBatchMatMul: return aclnnBatchMatMulGetWorkspaceSize(t[0], t[1], t[2], cmt, ws, exec);
    case Fn::kAddmm: return aclnnAddmmGetWorkspaceSize(t[0], t[1], t[2], beta, alpha, t[3], cmt, ws, exec);
    case Fn::kInplaceAddmm: return aclnnInplaceAddmmGetWorkspaceSize(t[0], t[1], t[2], beta, alpha, cmt, ws, exec);
  }
  return -1;
}

struct UtRow {
  std::string name;
  Fn fn = Fn::kMatmul;
  std::vector<Desc> tensors;
  int8_t cmt = 1;
  ScalarArg beta, alpha;
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
  UtRow &Cmt(int8_t c) {
    cmt = c;
    return *this;
  }
  UtRow &Beta(double v, aclDataType t = ACL_FLOAT) {
    beta = {true, t, v};
    return *this;
  }
  UtRow &Alpha(double v, aclDataType t = ACL_FLOAT) {
    alpha = {true, t, v};
    return *this;
  }
  UtRow &NoBeta() {
    beta.present = false;
    return *this;
  }
  UtRow &NoAlpha() {
    alpha.present = false;
    return *this;
  }
};

// The vendor helpers: MatMulCommonTest / MmCommonTest default to cubeMathType 1, as do the BatchMatMul and
// Addmm cases unless they say otherwise.
UtRow R(std::string name, Fn fn, std::vector<Desc> t, aclnnStatus st, int8_t cmt = 1) {
  UtRow r;
  r.name = std::move(name);
  r.fn = fn;
  r.tensors = std::move(t);
  r.expected = st;
  r.cmt = cmt;
  return r;
}
UtRow M(std::string n, Desc a, Desc b, Desc o, aclnnStatus st, int8_t cmt = 1) {
  return R("Matmul_" + n, Fn::kMatmul, {a, b, o}, st, cmt);
}
UtRow Mm(std::string n, Desc a, Desc b, Desc o, aclnnStatus st, int8_t cmt = 1) {
  return R("Mm_" + n, Fn::kMm, {a, b, o}, st, cmt);
}
UtRow B(std::string n, Desc a, Desc b, Desc o, aclnnStatus st, int8_t cmt = 1) {
  return R("BatchMatMul_" + n, Fn::kBatchMatMul, {a, b, o}, st, cmt);
}
UtRow A(std::string n, Desc s, Desc m1, Desc m2, Desc o, aclnnStatus st, int8_t cmt = 1) {
  return R("Addmm_" + n, Fn::kAddmm, {s, m1, m2, o}, st, cmt);
}
UtRow I(std::string n, Desc s, Desc m1, Desc m2, aclnnStatus st, int8_t cmt = 1) {
  return R("InplaceAddmm_" + n, Fn::kInplaceAddmm, {s, m1, m2}, st, cmt);
}

// A strided view: shape, dtype, strides, storage shape (the vendor's st(...) stor[...]).
Desc St(std::vector<int64_t> shape, aclDataType t, std::vector<int64_t> strides, std::vector<int64_t> storage,
        aclFormat f = ACL_FORMAT_ND) {
  return {std::move(shape), t, f, true, std::move(strides), std::move(storage)};
}
const Desc kNone = Null();

void Add(std::vector<UtRow> &rows, std::vector<UtRow> more) { rows.insert(rows.end(), more.begin(), more.end()); }

// The vendor's four-call transpose cases: (A, B), (A_t, B), (A, B_t), (A_t, B_t), each expecting 0.
void FourTransposeCalls(std::vector<UtRow> &rows, const std::string &n, const Desc &a, const Desc &at, const Desc &b,
                        const Desc &bt, const Desc &o, int8_t cmt = 1) {
  rows.push_back(B(n + "_a_b", a, b, o, kOk, cmt));
  rows.push_back(B(n + "_at_b", at, b, o, kOk, cmt));
  rows.push_back(B(n + "_a_bt", a, bt, o, kOk, cmt));
  rows.push_back(B(n + "_at_bt", at, bt, o, kOk, cmt));
}

std::vector<UtRow> MatmulVendorRows() {
  const Desc h1632 = D({16, 32}, f16), h3216 = D({32, 16}, f16), h1616 = D({16, 16}, f16);
  const Desc hat = St({16, 32}, f16, {1, 16}, {32, 16}), hbt = St({32, 16}, f16, {1, 32}, {16, 32});
  const Desc fat = St({16, 32}, f32, {1, 16}, {32, 16}), fbt = St({32, 16}, f32, {1, 32}, {16, 32});
  const Desc h816 = D({8, 16}, f16), h168 = D({16, 8}, f16), h88 = D({8, 8}, f16);
  const Desc hat8 = St({8, 16}, f16, {1, 8}, {16, 8}), hbt8 = St({16, 8}, f16, {1, 16}, {8, 16});
  const Desc h23 = D({2, 3}, f16), h34 = D({3, 4}, f16), h24 = D({2, 4}, f16);
  const Desc f23 = D({2, 3}), f34 = D({3, 4}), f24 = D({2, 4});
  return {
      M("v01_test_middle_shape_fp16", D({10368, 10368}, f16), D({10368, 10368}, f16), D({10368, 10368}, f16), kOk),
      M("v02_test_aligned_fp16_false_false", h1632, h3216, h1616, kOk),
      M("v03_test_aligned_fp16_true_false", hat, h3216, h1616, kOk),
      M("v04_test_aligned_fp16_false_true", h1632, hbt, h1616, kOk),
      M("v05_test_aligned_fp16_true_true", hat, hbt, h1616, kOk),
      M("v06_test_aligned_fp32_false_false", D({16, 32}), D({32, 16}), D({16, 16}), kOk),
      M("v07_test_aligned_fp32_true_false", fat, D({32, 16}), D({16, 16}), kOk),
      M("v08_test_aligned_fp32_false_true", D({16, 32}), fbt, D({16, 16}), kOk),
      M("v09_test_aligned_fp32_true_true", fat, fbt, D({16, 16}), kOk),
      M("v10_test_no_aligned_fp16_false_false", h816, h168, h88, kOk),
      M("v11_test_no_aligned_fp16_true_false", hat8, h168, h88, kOk),
      M("v12_test_no_aligned_fp16_false_true", h816, hbt8, h88, kOk),
      M("v13_test_no_aligned_fp16_true_true", hat8, hbt8, h88, kOk),
      M("v14_test_split_k_ND", D({16, 128}, f16), D({128, 16}, f16), h1616, kOk),
      M("v15_test_transpsoe_fail", h1632, h1632, h1616, kInvalid),
      M("v16_test_invalid_dtype_a", h1632, D({16, 32}), h1616, kInvalid),
      M("v16_test_invalid_dtype_b_bool", D({16, 32}, ACL_BOOL), D({16, 32}, ACL_BOOL), D({16, 16}, ACL_BOOL), kInvalid),
      M("v17_test_null_ptr_input", kNone, D({16, 32}), h1616, kNull).Msg("self"),
      M("v18_test_empty_tensor_a", D({0, 32}, f16), h3216, D({0, 16}, f16), kOk).Empty(),
      M("v18_test_empty_tensor_b", h1632, D({32, 0}, f16), D({16, 0}, f16), kOk).Empty(),
      M("v18_test_empty_tensor_c_k0", D({16, 0}, f16), D({0, 32}, f16), D({16, 32}, f16), kOk),
      M("v19_test_bmm_empty_fp32_d5_d5_a", D({1, 2, 0, 6, 6}), D({0, 1, 1, 6, 1}), D({0, 2, 0, 6, 1}), kOk).Empty(),
      M("v19_test_bmm_empty_fp32_d5_d5_b", D({1, 2, 2, 6, 6}), D({2, 1, 1, 6, 0}), D({2, 2, 2, 6, 0}), kOk).Empty(),
      M("v19_test_bmm_empty_fp32_d5_d5_c", D({1, 2, 0, 6, 0}), D({0, 1, 1, 0, 1}), D({0, 2, 0, 6, 1}), kOk).Empty(),
      M("v20_test_invalid_shape_d1_d1", D({1}, f16), D({10}, f16), D({10}, f16), kInvalid),
      M("v21_test_invalid_dtype_i8_fp32_fp32", D({10}), D({10}), D({1}, ACL_INT8), kInvalid).Msg("out"),
      M("v22_test_invalid_dtype_i8_fp16_fp32", D({10}, ACL_INT8), D({10}, ACL_INT8), D({1}), kInvalid).Msg("self"),
      M("v23_test_protome_dtype_fp32_fp16_fp32", D({10}), D({10}, f16), D({1}), kOk),
      M("v24_test_dot_fp16_d1_d1", D({10}, f16), D({10}, f16), D({1}, f16), kOk),
      M("v25_test_mv_fp16_d2_d1", D({10, 10}, f16), D({10}, f16), D({10}, f16), kOk),
      M("v26_test_mv_fp32_d1_d2", D({10}), D({10, 10}), D({10}), kOk),
      M("v27_test_bmm_fp16_d2_d3", D({10, 10}, f16), D({2, 10, 1}, f16), D({2, 10, 1}, f16), kOk),
      M("v28_test_bmm_fp32_d3_d3", D({5, 6, 6}), D({1, 6, 1}), D({5, 6, 1}), kOk),
      M("v29_test_bmm_fp16_mn_1_d3_d3", D({5, 1, 6}, f16), D({5, 6, 1}, f16), D({5, 1, 1}, f16), kOk),
      M("v30_test_bmm_fp16_k_1_d3_d3", D({5, 6, 1}, f16), D({5, 1, 6}, f16), D({5, 6, 6}, f16), kOk),
      M("v31_test_bmm_fp32_d4_d4", D({1, 5, 6, 6}), D({4, 1, 6, 1}), D({4, 5, 6, 1}), kOk),
      M("v32_test_bmm_fp16_d3_d4", D({2, 6, 6}, f16), D({4, 1, 6, 1}, f16), D({4, 2, 6, 1}, f16), kOk),
      M("v33_test_bmm_fp32_d4_d3", D({2, 5, 6, 6}), D({1, 6, 1}), D({2, 5, 6, 1}), kOk),
      M("v34_test_bmm_fp32_fp32_d1_d4", D({6}), D({4, 1, 6, 1}), D({4, 1, 1, 1}), kOk),
      M("v35_test_bmm_fp32_d2_d6", D({5, 6}), D({1, 4, 10, 1, 6, 1}), D({1, 4, 10, 1, 5, 1}), kOk),
      M("v36_test_max_dimentions_fp32_d8_d9", D({1, 1, 1, 1, 1, 1, 5, 6}), D({1, 1, 1, 1, 1, 1, 1, 6, 1}),
        D({1, 1, 1, 1, 1, 1, 1, 5, 1}), kInvalid),
      M("v37_test_broadcast_fp32_d3_d3", D({1, 5, 6}), D({2, 6, 5}), D({2, 5, 5}), kOk),
      M("v38_test_broadcast_fp32_d4_d4", D({1, 3, 5, 6}), D({3, 1, 6, 5}), D({3, 3, 5, 5}), kOk),
      M("v39_test_invalid_broadcast_fp32_d4_d4", D({2, 3, 5, 6}), D({3, 2, 6, 5}), D({3, 2, 5, 5}), kInvalid),
      M("v40_test_keeptype_ok", D({5, 6}, f16), D({6, 5}, f16), D({5, 5}, f16), kOk, 0),
      M("v41_test_custom_fault", D({1, 8, 52}, f16), D({52, 3, 52}, f16), D({1, 8, 5}, f16), kInvalid),
      M("v42_cubeMathType_0_fp16_fp16", h23, h34, h24, kOk, 0),
      M("v43_cubeMathType_1_fp16_fp16", h23, h34, h24, kOk, 1),
      M("v44_cubeMathType_2_fp16_fp16", h23, h34, h24, kOk, 2),
      M("v45_cubeMathType_3_fp16_fp16", h23, h34, h24, kOk, 3),
      M("v46_cubeMathType_1_fp32_fp16", f23, h34, f24, kOk, 1),
      M("v47_cubeMathType_2_fp32_fp16", f23, h34, f24, kOk, 2),
      M("v48_cubeMathType_1_fp16_fp32", h23, f34, h24, kOk, 1),
      M("v49_cubeMathType_2_fp16_fp32", h23, f34, h24, kOk, 2),
      M("v50_cubeMathType_1_fp32_fp32", f23, f34, f24, kOk, 1),
      M("v51_cubeMathType_2_fp32_fp32", f23, f34, f24, kOk, 2),
      M("v52_cubeMathType_4_fp32_fp32", D({256, 2048}), D({2048, 1024}), D({256, 1024}), kOk, 4),
      M("v70_test_self_nz_format_invalid", D({16, 32}, f16, kNz), h3216, h1616, kInvalid).Msg("self"),
      M("v71_test_out_nz_format_invalid", h1632, h3216, D({16, 16}, f16, kNz), kInvalid).Msg("out"),
      M("v72_test_bmm_fp32_d5_d1", D({4, 10, 1, 5, 6}), D({6}), D({4, 10, 1, 5, 1}), kOk),
      M("v79_ascend910B_sc_splitk_al1_fullload_fp16_hit", D({128, 9216}, f16), D({9216, 16384}, f16),
        D({128, 16384}, f16), kOk),
      M("v80_ascend910B_sc_splitk_al1_fullload_bf16_b_trans_hit", D({64, 12288}, bf),
        St({12288, 20480}, bf, {1, 12288}, {20480, 12288}), D({64, 20480}, bf), kOk),
  };
}

std::vector<UtRow> MmVendorRows() {
  const Desc h1632 = D({16, 32}, f16), h3216 = D({32, 16}, f16), h1616 = D({16, 16}, f16);
  const Desc hat = St({16, 32}, f16, {1, 16}, {32, 16}), hbt = St({32, 16}, f16, {1, 32}, {16, 32});
  const Desc fat = St({16, 32}, f32, {1, 16}, {32, 16}), fbt = St({32, 16}, f32, {1, 32}, {16, 32});
  const Desc h816 = D({8, 16}, f16), h168 = D({16, 8}, f16), h88 = D({8, 8}, f16);
  const Desc hat8 = St({8, 16}, f16, {1, 8}, {16, 8}), hbt8 = St({16, 8}, f16, {1, 16}, {8, 16});
  const Desc h23 = D({2, 3}, f16), h34 = D({3, 4}, f16), h24 = D({2, 4}, f16);
  const Desc f23 = D({2, 3}), f34 = D({3, 4}), f24 = D({2, 4});
  const Desc b21 = D({2, 1}, bf), b14 = D({1, 4}, bf), b24 = D({2, 4}, bf);
  return {
      Mm("v01_test_aligned_fp16_false_false", h1632, h3216, h1616, kOk),
      Mm("v02_ascend910B2_test_aligned_fp16_false_false", h1632, h3216, h1616, kOk),
      Mm("v03_test_aligned_fp16_true_false", hat, h3216, h1616, kOk),
      Mm("v04_test_aligned_fp16_false_true", h1632, hbt, h1616, kOk),
      Mm("v05_test_aligned_fp16_true_true", hat, hbt, h1616, kOk),
      Mm("v06_test_aligned_fp32_false_false", D({16, 32}), D({32, 16}), D({16, 16}), kOk),
      Mm("v07_test_aligned_fp32_true_false", fat, D({32, 16}), D({16, 16}), kOk),
      Mm("v08_test_aligned_fp32_false_true", D({16, 32}), fbt, D({16, 16}), kOk),
      Mm("v09_test_aligned_fp32_true_true", fat, fbt, D({16, 16}), kOk),
      Mm("v10_test_no_aligned_fp16_false_false", h816, h168, h88, kOk),
      Mm("v11_ascend910B2_test_no_aligned_fp16_false_false", h816, h168, h88, kOk),
      Mm("v12_test_no_aligned_fp16_true_false", hat8, h168, h88, kOk),
      Mm("v13_test_no_aligned_fp16_false_true", h816, hbt8, h88, kOk),
      Mm("v14_test_no_aligned_fp16_true_true", hat8, hbt8, h88, kOk),
      Mm("v15_ascend910B2_mmv3_test_fp16_false_false", D({20480, 6656}, f16), D({6656, 8192}, f16),
         D({20480, 8192}, f16), kOk),
      // Mm has no format check: a FRACTAL_NZ mat2 is read as ND.
      Mm("v16_ascend910B2_mmv3_ndnz_bf16_bf16_bf16", D({1152, 640}, bf), D({640, 1152}, bf, kNz), D({1152, 1152}, bf),
         kOk),
      Mm("v17_ascend910B2_mmv3_ndnz_fp16_fp16_fp16", D({1152, 640}, f16), D({640, 1152}, f16, kNz),
         D({1152, 1152}, f16), kOk),
      Mm("v18_ascend910B4_mmv3_test_fp16_false_false", D({2560, 6656}, f16), D({6656, 8192}, f16), D({2560, 8192}, f16),
         kOk),
      // No assertion in the vendor UT. The storage [320,80,16,16] holds 6553600 elements, the (8192, 5120) view
      // reaches 41943040: the CPU's view-inside-storage guard (docs/reliability.md) refuses it.
      Mm("v19_ascend910B4_mmv3ndnz_view_outside_storage", D({1, 8192}, f16),
         St({8192, 5120}, f16, {5120, 1}, {320, 80, 16, 16}, kNz), D({1, 5120}, f16), kInvalid)
          .Msg("mat2"),
      Mm("v20_ascend910B2_mmv3_splitK_fp16_false_false", D({1024, 27392}, f16), D({27392, 2048}, f16),
         D({1024, 2048}, f16), kOk),
      Mm("v21_test_split_k_ND", D({16, 128}, f16), D({128, 16}, f16), h1616, kOk),
      Mm("v22_test_split_k_NZ", D({7, 75765}, f16), D({75765, 3}, f16), D({7, 3}, f16), kOk),
      Mm("v23_test_split_k_NZ_2", D({128, 75765}), D({75765, 129}), D({128, 129}), kOk),
      Mm("v24_ascend910B2_test_split_k_ND", D({16, 128}, f16), D({128, 16}, f16), h1616, kOk),
      Mm("v25_test_transpsoe_fail", h1632, h1632, h1616, kInvalid),
      Mm("v26_test_invalid_dtype_a_bool", D({16, 32}, ACL_BOOL), D({16, 32}, ACL_BOOL), D({16, 16}, ACL_BOOL),
         kInvalid),
      Mm("v26_test_invalid_dtype_b_bool_mat2", h1632, D({16, 32}, ACL_BOOL), h1616, kInvalid).Msg("mat2"),
      Mm("v26_test_invalid_dtype_c_k_mismatch", h1632, h1632, D({16, 16}), kInvalid),
      Mm("v27_test_invalid_shape", D({10, 16, 32}, f16), h1632, h1616, kInvalid),
      Mm("v28_test_invalid_k_dim_shape", h1632, D({46, 64}, f16), D({16, 64}, f16), kInvalid),
      Mm("v29_test_promote_dtype_aligned_mast2_float", h1632, D({32, 16}), h1616, kOk),
      Mm("v30_test_promote_dtype_aligned_self_float", D({16, 32}), h3216, D({16, 16}), kOk),
      Mm("v31_test_promote_dtype_no_aligned", D({8, 30}, f16), D({30, 8}), h88, kOk),
      Mm("v32_ascend910B2_test_promote_dtype_no_aligned", D({8, 30}, f16), D({30, 8}), h88, kOk),
      Mm("v33_test_promote_dtype_split_k", D({16, 256}, f16), D({256, 32}), D({16, 32}, f16), kOk),
      Mm("v34_test_null_ptr_input", kNone, D({16, 32}), h1616, kNull).Msg("self"),
      Mm("v35_test_empty_tensor_a", D({0, 32}, f16), h3216, D({0, 16}, f16), kOk).Empty(),
      Mm("v35_test_empty_tensor_b", h1632, D({32, 0}, f16), D({16, 0}, f16), kOk).Empty(),
      Mm("v35_test_empty_tensor_c_k0", D({16, 0}, f16), D({0, 32}, f16), D({16, 32}, f16), kOk),
      Mm("v36_test_aligned_fp32_false_true_1D_storage_shape", D({256, 192}), St({192, 576}, f32, {1, 192}, {110592}),
         D({256, 576}), kOk),
      Mm("v37_ascend910B2_test_insert_pad", D({16384, 1708}, f16), St({1708, 5120}, f16, {1, 1708}, {5120, 1708}),
         D({16384, 5120}, f16), kOk),
      Mm("v38_ascend910B2_test_insert_self_transpose", St({3416, 16384}, f16, {1, 3416}, {16384, 3416}),
         D({16384, 5120}, f16), D({3416, 5120}, f16), kOk),
      Mm("v39_ascend910B2_test_insert_mat2_transpose", St({5120, 16384}, f16, {1, 5120}, {16384, 5120}),
         D({16384, 1708}, f16), D({5120, 1708}, f16), kOk),
      Mm("v40_cubeMathType_0_fp16_fp16", h23, h34, h24, kOk, 0),
      Mm("v41_cubeMathType_1_fp16_fp16", h23, h34, h24, kOk, 1),
      Mm("v42_cubeMathType_2_fp16_fp16", h23, h34, h24, kOk, 2),
      Mm("v43_cubeMathType_3_fp16_fp16", h23, h34, h24, kOk, 3),
      Mm("v44_cubeMathType_1_fp32_fp16", f23, h34, f24, kOk, 1),
      Mm("v45_cubeMathType_2_fp32_fp16", f23, h34, f24, kOk, 2),
      Mm("v46_cubeMathType_1_fp16_fp32", h23, f34, h24, kOk, 1),
      Mm("v47_cubeMathType_2_fp16_fp32", h23, f34, h24, kOk, 2),
      Mm("v48_cubeMathType_1_fp32_fp32", f23, f34, f24, kOk, 1),
      Mm("v49_cubeMathType_2_fp32_fp32", f23, f34, f24, kOk, 2),
      Mm("v50_cubeMathType_4_fp32_fp32", D({256, 2048}), D({2048, 1024}), D({256, 1024}), kOk, 4),
      Mm("v51_test_matmul_v3", D({10832, 4224}, f16), D({4224, 1408}, f16), D({10832, 1408}, f16), kOk),
      Mm("v52_test_matmul_v3_float", D({10832, 4224}), D({4224, 1408}), D({10832, 1408}), kOk),
      Mm("v53_test_matmul_v3_float_1", St({108, 4224}, f32, {1, 108}, {4224, 108}), D({4224, 24}), D({108, 24}), kOk),
      Mm("v54_test_mat_mul_v3_multik", D({1024, 30720}, f16), D({30720, 1024}, f16), D({1024, 1024}, f16), kOk),
      Mm("v55_test_mat_mul_v3_multik_1", St({1024, 3072}, f32, {1, 1024}, {3072, 1024}), D({3072, 1024}),
         D({1024, 1024}), kOk),
      Mm("v56_test_mat_mul_v3_multik_2", D({1024, 3072}), D({3072, 1024}), D({1024, 1024}), kOk),
      Mm("v57_test_matmul_v3_n_1", D({32, 322222}), St({322222, 1}, f32, {1, 1}, {1, 322222}), D({32, 1}), kOk),
      Mm("v58_test_matmul_v3_n_1_2", D({33, 322223}), D({322223, 1}), D({33, 1}), kOk),
      Mm("v59_test_matmul_k_1", D({4224, 1}, f16), D({1, 1408}, f16), D({4224, 1408}, f16), kOk),
      Mm("v60_test_matmul_k_1_oom", D({1073741824, 1}, f16), D({1, 1}, f16), D({1073741824, 1}, f16), kOk),
      Mm("v61_test_matmul_m_1_n_1", D({1, 4224}, f16), D({4224, 1}, f16), D({1, 1}, f16), kOk),
      Mm("v62_cubeMathType_2_fp16_fp16_fp32", h23, h34, f24, kOk, 2),
      Mm("v63_test_nd2nz_nvchwconv_1", D({1500, 88}), D({88, 32}), D({1500, 32}), kOk),
      Mm("v64_test_nd2nz_nvchwconv_2", D({8200, 88}), D({88, 32}), D({8200, 32}), kOk),
      Mm("v65_ascend910B2_test_multi_split_k", D({49, 191568}, f16), D({191568, 142}, f16), D({49, 142}, f16), kOk),
      Mm("v66_test_multi_smallmn_split_k_1", St({157, 1440}, f32, {1, 157}, {1440, 157}), D({1440, 16}), D({157, 16}),
         kOk),
      Mm("v67_test_multi_smallmn_split_k_2", St({212, 2380}, f32, {1, 212}, {2380, 212}), D({2380, 16}), D({212, 16}),
         kOk),
      Mm("v68_test_multi_smallmn_split_k_3", St({129, 4000}, f16, {1, 129}, {4000, 129}), D({4000, 136}, f16),
         D({129, 136}, f16), kOk),
      Mm("v69_test_m_from_1_to_256", D({128, 7168}), St({7168, 256}, f32, {1, 7168}, {256, 7168}), D({128, 256}), kOk),
      Mm("v70_test_fix_nd2nz_1", D({16024, 124}), D({124, 215}), D({16024, 215}), kOk),
      Mm("v71_test_fix_nd2nz_2", D({12366, 223}, f16), D({223, 9}, f16), D({12366, 9}, f16), kOk),
      Mm("v72_ascend910B2_test_empty_tensor_cubeMathType_0_fp16_fp32_fp32", D({2, 0}, f16), D({0, 4}), f24, kOk, 0),
      Mm("v73_ascend910B2_test_cubeMathType_2_bf16_bf16_bf16", D({2, 3}, bf), D({3, 4}, bf), b24, kOk, 2),
      Mm("v74_ascend910B2_test_small128_and_align16_inner_axis", D({1500, 32}), D({32, 32}), D({1500, 32}), kOk),
      Mm("v75_test_multi_smallmn_split_k_4", D({1, 7168}), D({7168, 16}), D({1, 16}), kOk),
      Mm("v76_ascend910B2_test_kEqual1_bf16_bf16_bf16", b21, b14, b24, kOk, 2),
      Mm("v77_ascend910B2_test_kEqual1_transpose_bf16_bf16_bf16", St({2, 1}, bf, {1, 2}, {1, 2}), b14, b24, kOk, 2),
      Mm("v78_ascend910B2_test_kEqual1_over4000_bf16_bf16_bf16", b21, D({1, 4500}, bf), D({2, 4500}, bf), kOk, 2),
      Mm("v79_ascend910B2_test_netshape_generalization_a", D({32768, 7168}, f16), D({7168, 576}, f16),
         D({32768, 576}, f16), kOk),
      Mm("v79_ascend910B2_test_netshape_generalization_b", D({32768, 7168}), D({7168, 256}), D({32768, 256}), kOk),
      Mm("v80_ascend910B2_test_splitk_bf16_bf16_bf16", D({2, 27408}, bf), D({27408, 2}, bf), D({2, 2}, bf), kOk, 2),
      Mm("v81_ascend910B2_test_splitk_fp16_fp16_fp16", D({2, 27408}, f16), D({27408, 2}, f16), D({2, 2}, f16), kOk, 2),
      Mm("v82_ascend910B2_test_splitk_bf16_bf16_bf16_0", D({62080, 1536}, bf), D({1536, 384}, bf), D({62080, 384}, bf),
         kOk, 2),
      Mm("v83_ascend910B2_test_splitk_bf16_bf16_bf16_1", D({384, 1536}, bf), D({1536, 62080}, bf), D({384, 62080}, bf),
         kOk, 2),
      Mm("v84_ascend910B2_test_splitk_fp16_fp16_fp16_0", D({62080, 1536}, f16), D({1536, 384}, f16),
         D({62080, 384}, f16), kOk, 2),
      Mm("v85_ascend910B2_test_splitk_fp16_fp16_fp16_1", D({384, 1536}, f16), D({1536, 62080}, f16),
         D({384, 62080}, f16), kOk, 2),
      Mm("v98_mm_V3_FP16_FP16_FP32_KEEP_DTYPE", D({20480, 6656}, f16), D({6656, 8192}, f16), D({20480, 8192}), kOk),
      Mm("v99_mm_V2_FP16_FP16_FP32_KEEP_DTYPE", D({256, 2048}, f16), D({2048, 1024}, f16), D({256, 1024}), kOk, 0),
      Mm("v100_mm_V3_BF16_BF16__FP32_KEEP_DTYPE", D({20480, 6656}, bf), D({6656, 8192}, bf), D({20480, 8192}), kOk),
      Mm("v101_mm_V2_BF16_BF16_FP32_KEEP_DTYPE", D({256, 2048}, bf), D({2048, 1024}, bf), D({256, 1024}), kOk, 0),
  };
}

std::vector<UtRow> BatchMatMulVendorRows() {
  const Desc h123 = D({1, 2, 3}, f16), h134 = D({1, 3, 4}, f16), h124 = D({1, 2, 4}, f16);
  const Desc f123 = D({1, 2, 3}), f134 = D({1, 3, 4}), f124 = D({1, 2, 4});
  std::vector<UtRow> rows = {
      B("v01_case_1", h123, f134, h124, kOk),
      B("v02_case_2_mat2_nz", h123, D({1, 3, 4}, f16, kNz), h124, kOk),
      B("v03_case_3", f123, h134, f124, kOk),
      B("v04_case_4_out_nchw", h123, h134, D({1, 2, 4}, f16, ACL_FORMAT_NCHW), kOk),
      B("v05_case_5_rank2", D({2, 3}, f16), D({3, 4}, f16), D({2, 4}, f16), kInvalid).Msg("self"),
      B("v06_case_6_rank4", D({1, 1, 2, 3}, f16), D({1, 1, 3, 4}, f16), D({1, 1, 2, 4}, f16), kInvalid).Msg("self"),
      B("v07_case_7_null_self", kNone, h134, h124, kNull).Msg("self"),
      B("v08_case_8", D({1, 0, 3}, f16), h134, D({1, 0, 4}, f16), kOk).Empty(),
      B("v09_case_9", D({1, 0, 3}, f16), D({1, 3, 0}, f16), D({1, 0, 0}, f16), kOk).Empty(),
      B("v10_case_10", D({0, 2, 3}, f16), D({0, 3, 4}, f16), D({0, 2, 4}, f16), kOk).Empty(),
      B("v11_case_11_k_mismatch", D({1, 5, 6}, f16), D({1, 5, 7}, f16), D({1, 5, 7}, f16), kInvalid),
      B("v12_case_13_batch_mismatch", D({3, 5, 6}, f16), D({2, 6, 7}, f16), D({6, 5, 7}, f16), kInvalid),
      B("v16_case_nz_mat2_k_axis_1", D({1, 2, 1}, f16), D({1, 1, 4}, f16, kNz), h124, kInvalid).Msg("mat2"),
      B("v17_case_out_shape_mismatch", h123, h134, D({1, 2, 5}, f16), kInvalid).Msg("out"),
      B("v18_case_self_nz_format", D({1, 2, 3}, f16, kNz), h134, h124, kInvalid).Msg("self"),
      B("v25_case_36_int32", D({1, 2, 3}, ACL_INT32), D({1, 3, 4}, ACL_INT32), D({1, 2, 4}, ACL_INT32), kInvalid),
      B("v26_case_37_double", D({1, 2, 3}, ACL_DOUBLE), D({1, 3, 4}, ACL_DOUBLE), D({1, 2, 4}, ACL_DOUBLE), kInvalid),
      B("v27_test_aligned_fp32_false_true_1D_storage_shape", D({864, 49, 32}),
        St({864, 32, 49}, f32, {1568, 1, 32}, {1354752}), D({864, 49, 49}), kOk),
      B("v28_test_null_tensor_k0", D({2, 4, 0}), D({2, 0, 5}), D({2, 4, 5}), kOk),
      B("v30_case_41_rank1", D({2}), D({2}), D({2}), kInvalid),
      B("v31_cubeMathType_0_fp16_fp16", h123, h134, h124, kOk, 0),
      B("v32_cubeMathType_4_fp16_fp16", h123, h134, h124, kOk, 4),
      B("v33_cubeMathType_1_fp16_fp16", h123, h134, h124, kOk, 1),
      B("v34_cubeMathType_2_fp16_fp16", h123, h134, h124, kOk, 2),
      B("v35_cubeMathType_3_fp16_fp16", h123, h134, h124, kOk, 3),
      B("v36_cubeMathType_1_fp32_fp16", f123, h134, f124, kOk, 1),
      B("v37_cubeMathType_2_fp32_fp16", f123, h134, f124, kOk, 2),
      B("v38_cubeMathType_1_fp16_fp32", h123, f134, h124, kOk, 1),
      B("v39_cubeMathType_2_fp16_fp32", h123, f134, h124, kOk, 2),
      B("v40_cubeMathType_1_fp32_fp32", f123, f134, f124, kOk, 1),
      B("v41_cubeMathType_2_fp32_fp32", f123, f134, f124, kOk, 2),
      B("v42_cubeMathType_2_fp16_fp16_fp32", D({1, 16, 32}, f16), D({1, 32, 16}, f16), D({1, 16, 16}), kOk, 2),
      B("v43_ascend910B2_test_fp32_bmm_V3", D({2400, 4, 8}), St({2400, 8, 128}, f32, {1024, 1, 8}, {2457600}),
        D({2400, 4, 128}), kOk),
      B("v44_ascend910B2_test_fp32_bmm_V2_with_a_trans", St({16, 16, 32}, f32, {512, 1, 16}, {8192}), D({16, 32, 8}),
        D({16, 16, 8}), kOk),
      B("v45_ascend910B2_test_self_bf16_mat2_dtype_not_matched", St({16, 16, 32}, bf, {512, 1, 16}, {8192}),
        D({16, 32, 8}), D({16, 16, 8}), kOk, 0),
      B("v46_ascend910B2_test_self_bf16_out_dtype_not_matched", St({16, 16, 32}, bf, {512, 1, 16}, {8192}),
        D({16, 32, 8}, bf), D({16, 16, 8}), kOk, 0),
      B("v47_ascend910B2_test_fp32_bmm_al1_fullload_boundary", D({1, 256, 256}), D({48, 256, 256}), D({48, 256, 256}),
        kOk),
      B("v48_ascend910B2_test_fp16_bmm_al1_fullload_boundary", D({1, 256, 512}, f16), D({48, 512, 256}, f16),
        D({48, 256, 256}, f16), kOk),
      B("v49_ascend910B2_test_fp16_bmm_multi_batch_unaligned", D({219277, 16, 16}, f16), D({219277, 16, 16}, f16),
        D({219277, 16, 16}, f16), kOk),
      B("v50_ascend910B2_test_fp32_bmm_multi_batch_AL1_full_load", D({1500, 1, 128}), D({1500, 128, 512}),
        D({1500, 1, 512}), kOk),
      B("v51_ascend910B2_test_fp32_bmm_bl1_fullload_boundary", D({48, 256, 256}), D({1, 256, 256}), D({48, 256, 256}),
        kOk),
      B("v52_ascend910B2_test_fp16_bmm_bl1_fullload_boundary", D({48, 256, 512}, f16), D({1, 512, 256}, f16),
        D({48, 256, 256}, f16), kOk),
      B("v53_ascend910B2_test_dtype_promotion_of_mix_bf16_fp32", D({48, 256, 512}, bf), D({48, 512, 256}),
        D({48, 256, 256}), kOk),
      B("v58_ascend910B2_bf16_4", D({8, 1536, 2048}, bf), D({8, 2048, 7680}, bf), D({8, 1536, 7680}, bf), kOk),
      B("v60_ascend950_test_bmm2mm", D({69, 16, 224}, f16), D({1, 224, 112}, f16), D({69, 16, 112}, f16), kOk),
      B("v61_ascend950_test_bmm2m", D({2400, 4, 1}), D({2400, 1, 976}), D({2400, 4, 976}), kOk),
      B("v65_ascend910B2_bf16_5", D({8, 10, 1}, bf), D({8, 1, 20}, bf), D({8, 10, 20}, bf), kOk),
      B("v66_ascend910B2_bf16_6", D({8, 10, 1}, bf), D({8, 1, 5000}, bf), D({8, 10, 5000}, bf), kOk),
  };
  FourTransposeCalls(rows, "v13_ascend910A_case_14", D({16, 16, 32}, f16),
                     St({16, 16, 32}, f16, {512, 1, 16}, {16, 32, 16}), D({16, 32, 64}, f16),
                     St({16, 32, 64}, f16, {2048, 1, 32}, {16, 64, 32}), D({16, 16, 64}, f16));
  FourTransposeCalls(rows, "v14_ascend910A_case_18", h123, St({1, 2, 3}, f16, {6, 1, 2}, {1, 3, 2}), h134,
                     St({1, 3, 4}, f16, {12, 1, 3}, {1, 4, 3}), h124);
  FourTransposeCalls(rows, "v15_ascend910A_case_22", f123, St({1, 2, 3}, f32, {6, 1, 2}, {1, 3, 2}), f134,
                     St({1, 3, 4}, f32, {12, 1, 3}, {1, 4, 3}), f124);
  FourTransposeCalls(rows, "v21_ascend910A_case_23", D({16, 16, 32}), St({16, 16, 32}, f32, {512, 1, 16}, {16, 32, 16}),
                     D({16, 32, 64}), St({16, 32, 64}, f32, {2048, 1, 32}, {16, 64, 32}), D({16, 16, 64}));
  FourTransposeCalls(rows, "v22_ascend910B2_case_24", f123, St({1, 2, 3}, f32, {6, 1, 2}, {1, 3, 2}), f134,
                     St({1, 3, 4}, f32, {12, 1, 3}, {1, 4, 3}), f124);
  FourTransposeCalls(rows, "v23_ascend910B2_case_28", D({1, 16, 32}, f16),
                     St({1, 16, 32}, f16, {512, 1, 16}, {1, 32, 16}), D({1, 32, 64}, f16),
                     St({1, 32, 64}, f16, {2048, 1, 32}, {1, 64, 32}), D({1, 16, 64}, f16));
  FourTransposeCalls(rows, "v24_ascend910B2_case_32", D({1, 3, 4}, f16), St({1, 3, 4}, f16, {12, 1, 3}, {1, 4, 3}),
                     D({1, 4, 5}, f16), St({1, 4, 5}, f16, {20, 1, 4}, {1, 5, 4}), D({1, 3, 5}, f16));
  FourTransposeCalls(rows, "v29_ascend910B2_case_40", D({128, 128, 128}, f16),
                     St({128, 128, 128}, f16, {16384, 1, 128}, {2097152}), D({128, 128, 128}, f16),
                     St({128, 128, 128}, f16, {16384, 1, 128}, {2097152}), D({128, 128, 128}, f16));
  FourTransposeCalls(rows, "v54_ascend910B2_bf16_0", D({4096, 128, 9}, bf),
                     St({4096, 128, 9}, bf, {1152, 1, 128}, {4096, 9, 128}), D({4096, 9, 8}, bf),
                     St({4096, 9, 8}, bf, {72, 1, 9}, {4096, 8, 9}), D({4096, 128, 8}, bf));
  FourTransposeCalls(rows, "v55_ascend910B2_bf16_1", D({2048, 2, 64}, bf),
                     St({2048, 2, 64}, bf, {128, 1, 2}, {2048, 64, 2}), D({2048, 64, 3}, bf),
                     St({2048, 64, 3}, bf, {192, 1, 64}, {2048, 3, 64}), D({2048, 2, 3}, bf));
  FourTransposeCalls(rows, "v56_ascend910B2_bf16_2", D({3072, 1, 300}, bf),
                     St({3072, 1, 300}, bf, {300, 1, 1}, {3072, 300, 1}), D({3072, 300, 16}, bf),
                     St({3072, 300, 16}, bf, {4800, 1, 300}, {3072, 16, 300}), D({3072, 1, 16}, bf));
  FourTransposeCalls(rows, "v57_ascend910B2_bf16_3", D({3072, 1, 16}, bf),
                     St({3072, 1, 16}, bf, {16, 1, 1}, {3072, 16, 1}), D({3072, 16, 60}, bf),
                     St({3072, 16, 60}, bf, {960, 1, 16}, {3072, 60, 16}), D({3072, 1, 60}, bf));
  FourTransposeCalls(rows, "v59_ascend910B2_fp32_0", D({3000, 1, 1024}),
                     St({3000, 1, 1024}, f32, {1024, 1, 1}, {3000, 1024, 1}), D({3000, 1024, 128}),
                     St({3000, 1024, 128}, f32, {131072, 1, 1024}, {3000, 128, 1024}), D({3000, 1, 128}));
  // The 16-in-32-out cases (#79-#95), each for fp16 and bf16.
  for (aclDataType t : {f16, bf}) {
    const std::string s = t == f16 ? "fp16_fp16" : "bf16_bf16";
    const std::string v = t == f16 ? "" : "b";
    Add(rows, {
                  B("v79" + v + "_16in32out_" + s + "_fp32_keep_dtype_aligned", D({8, 16, 32}, t), D({8, 32, 64}, t),
                    D({8, 16, 64}), kOk, 0),
                  B("v81" + v + "_16in32out_" + s + "_fp32_keep_dtype_not_aligned", D({3, 5, 7}, t), D({3, 7, 9}, t),
                    D({3, 5, 9}), kOk, 0),
                  B("v83" + v + "_16in32out_" + s + "_fp32_use_hf32", D({4, 16, 32}, t), D({4, 32, 16}, t),
                    D({4, 16, 16}), kOk, 3),
                  B("v85" + v + "_16in32out_" + s + "_fp32_allow_fp32_down_precision", D({4, 16, 32}, t),
                    D({4, 32, 16}, t), D({4, 16, 16}), kOk, 1),
                  B("v87" + v + "_16in32out_" + s + "_fp32_large_batch", D({128, 16, 32}, t), D({128, 32, 64}, t),
                    D({128, 16, 64}), kOk, 0),
                  B("v89" + v + "_16in32out_" + s + "_fp32_batch_broadcast", D({4, 16, 32}, t), D({1, 32, 16}, t),
                    D({4, 16, 16}), kOk, 0),
                  B("v91" + v + "_16in32out_" + s + "_fp32_k1_special", D({4, 16, 1}, t), D({4, 1, 16}, t),
                    D({4, 16, 16}), kOk, 0),
              });
    FourTransposeCalls(rows, "v94" + v + "_16in32out_" + s + "_fp32_transpose", D({4, 16, 32}, t),
                       St({4, 16, 32}, t, {512, 1, 16}, {4, 32, 16}), D({4, 32, 16}, t),
                       St({4, 32, 16}, t, {64, 1, 32}, {4, 16, 32}), D({4, 16, 16}), 0);
  }
  rows.push_back(
      B("v93_16in32out_fp16_fp16_fp32_empty_tensor", D({2, 0, 4}, f16), D({2, 4, 5}, f16), D({2, 0, 5}), kOk, 0)
          .Empty());
  // §8.4 test_aclnn_batch_matmul_vector_compute.cpp.
  Add(rows, {
                B("vc1_ascend910b_vector_case_1", D({12200, 4, 4}), D({12200, 4, 1}), D({12200, 4, 1}), kOk),
                B("vc2_ascend910b_vector_case_2", D({220, 4, 4}), D({220, 4, 1}), D({220, 4, 1}), kOk),
                B("vc3_ascend910b_vector_case_3", D({12200, 3, 3}), D({12200, 3, 1}), D({12200, 3, 1}), kOk),
                B("vc4_ascend910b_vector_case_4", D({220, 3, 3}), D({220, 3, 1}), D({220, 3, 1}), kOk),
            });
  return rows;
}

std::vector<UtRow> AddmmVendorRows() {
  const Desc f16x16 = D({16, 16}), h16x16 = D({16, 16}, f16), b16x16 = D({16, 16}, bf);
  const Desc f44 = D({4, 4}), h44 = D({4, 4}, f16), b44 = D({4, 4}, bf);
  std::vector<UtRow> rows = {
      A("v01_case_fp_16mm16", f16x16, f16x16, f16x16, f16x16, kOk),
      A("v02_case_fp_4mm4", f44, f44, f44, f44, kOk),
      A("v03_case_fp16_4mm4_1mm4bias", D({1, 4}, f16), h44, h44, h44, kOk),
      A("v04_ascend910B2_case_bf16_4mm4_1mm4bias", D({1, 4}, bf), b44, b44, b44, kOk),
      A("v05_ascend910_case_fp32_mm_add", D({3}), D({4, 2}), D({2, 3}), D({4, 3}), kOk, 2),
      A("v06_case_fp16_4mm4_4bias", D({4}, f16), h44, h44, h44, kOk),
      A("v07_ascend910B2_case_bf16_4mm4_4bias", D({4}, bf), b44, b44, b44, kOk),
      A("v08_case_fp_4mm4_1", f44, f44, f44, f44, kOk).Beta(2.5).Alpha(5.2),
      A("v09_case_fp16_4mm4", h44, h44, h44, h44, kOk),
      A("v10_case_fp16_16mm16", h16x16, h16x16, h16x16, h16x16, kOk),
      A("v11_case_beta_0", h16x16, h16x16, h16x16, h16x16, kOk).Beta(0),
      A("v12_addmm_910b_beta_0_fp16_use_fp32_add", h16x16, h16x16, h16x16, h16x16, kOk, 4).Beta(0),
      A("v13_addmm_910b_beta_0_bf16_use_fp32_add", b16x16, b16x16, b16x16, b16x16, kOk, 4).Beta(0).Alpha(2),
      A("v14_case_empty_tensor_input_1_null_self", kNone, h16x16, h16x16, h16x16, kNull).Msg("self"),
      A("v15_case_empty_tensor_input_2_null_mat1", h16x16, kNone, h16x16, h16x16, kNull).Msg("mat1"),
      A("v16_case_empty_tensor_input_3_null_mat2", h16x16, h16x16, kNone, h16x16, kNull).Msg("mat2"),
      A("v17_case_empty_tensor_input_4_null_beta", h16x16, h16x16, h16x16, h16x16, kNull).NoBeta().Msg("beta"),
      A("v18_case_empty_tensor_input_5_null_alpha", h16x16, h16x16, h16x16, h16x16, kNull).NoAlpha().Msg("alpha"),
      A("v19_case_empty_tensor_out_null_out", h16x16, h16x16, h16x16, kNone, kNull).Msg("out"),
      A("v20_case_dtype_int32", D({16, 16}, ACL_INT32), D({16, 16}, ACL_INT32), D({16, 16}, ACL_INT32),
        D({16, 16}, ACL_INT32), kInvalid),
      A("v21_case_format_nchw", D({16, 16}, f32, ACL_FORMAT_NCHW), D({16, 16}, f32, ACL_FORMAT_NCHW),
        D({16, 16}, f32, ACL_FORMAT_NCHW), D({16, 16}, f32, ACL_FORMAT_NCHW), kOk),
      A("v22_case_mat1_dim_not_2", f16x16, D({16, 16, 16}), f16x16, f16x16, kInvalid).Msg("mat1"),
      A("v23_case_cannot_matmul", f16x16, D({16, 17}), f16x16, f16x16, kInvalid),
      A("v24_case_input_float_bias_float16_matmul", D({16}, f16), f16x16, f16x16, f16x16, kOk),
      A("v25_addmm_alpha_zero_success", h44, h44, h44, h44, kOk).Alpha(0),
      A("v26_addmm_self_nz_format_invalid", D({16, 16}, f32, kNz), f16x16, f16x16, f16x16, kInvalid).Msg("self"),
      A("v27_addmm_self_gt_2d_invalid", D({2, 3, 4}), D({3, 4}), D({4, 3}), D({3, 3}), kInvalid).Msg("self"),
      A("v28_case_cannot_axpy", D({17, 17}), f16x16, f16x16, f16x16, kInvalid).Msg("self"),
      A("v29_case_not_contiguous", f16x16, St({16, 32}, f32, {1, 16}, {32, 16}), St({32, 16}, f32, {1, 32}, {16, 32}),
        f16x16, kOk),
      A("v30_case_empty_tensor_1_k0", f44, D({4, 0}), D({0, 4}), f44, kOk),
      A("v31_addmm_910b_gemm_v3_base_kernel", h16x16, h16x16, h16x16, h16x16, kOk).Beta(0.5).Alpha(0.5),
      I("v32_case_inplace_fp16_4mm4", h44, h44, h44, kOk),
      // #33-#39 assert nothing in the vendor UT (no ⇒); by the A2 code they return 0. #36, #37 are ASCEND950.
      I("v33_ascend950_inplace_fp16_512mm512_01", D({512, 512}, f16), D({512, 512}, f16), D({512, 512}, f16), kOk),
      I("v34_ascend950_inplace_fp16_512mm512_02", D({512, 512}), D({512, 512}, f16), D({512, 512}, f16), kOk, 0),
      I("v35_ascend950_inplace_fp16_512mm512_03", D({512, 512}), D({512, 512}, f16), D({512, 512}, f16), kOk),
      I("v38_ascend950_inplace_fp32_512mm512_allow_fp32_down_precision", D({512, 512}), D({512, 512}), D({512, 512}),
        kOk),
      I("v39_ascend950_inplace_fp32_512mm512_keep_dtype", D({512, 512}), D({512, 512}), D({512, 512}), kOk, 0),
      A("v40_case_empty_tensor_2", D({3, 0}), D({3, 1}), D({1, 0}), D({3, 0}), kOk).Empty(),
      A("v41_case_output_shape_ok", D({2, 3}), D({2, 5}), D({5, 3}), D({2, 3}), kOk).Beta(2).Alpha(2),
      A("v41_case_output_shape_invalid", D({2, 3}), D({2, 5}), D({5, 3}), D({2, 4}), kInvalid)
          .Beta(2)
          .Alpha(2)
          .Msg("out"),
      A("v42_case_empty_tensor_3_a", D({2, 2}), D({2, 0}), D({0, 2}), D({2, 2}), kOk).Beta(2).Alpha(2),
      A("v42_case_empty_tensor_3_b", D({1}), D({2, 0}), D({0, 2}), D({2, 2}), kOk).Beta(2).Alpha(2),
      A("v42_case_empty_tensor_3_c", D({1, 1}), D({2, 0}), D({0, 2}), D({2, 2}), kOk).Beta(2).Alpha(2),
      A("v42_case_empty_tensor_3_d_invalid", D({0}), D({2, 0}), D({0, 2}), D({2, 2}), kInvalid).Beta(2).Alpha(2),
      A("v42_case_empty_tensor_3_e", D({2, 0}), D({2, 0}), D({0, 0}), D({0, 0}), kOk).Beta(2).Alpha(2).Empty(),
      A("v42_case_empty_tensor_3_f", D({0}), D({2, 0}), D({0, 0}), D({0, 0}), kOk).Beta(2).Alpha(2).Empty(),
      A("v42_case_empty_tensor_3_g", D({1}), D({2, 0}), D({0, 0}), D({0, 0}), kOk).Beta(2).Alpha(2).Empty(),
      A("v42_case_empty_tensor_3_h", D({1, 1}), D({2, 0}), D({0, 0}), D({0, 0}), kOk).Beta(2).Alpha(2).Empty(),
      A("v63_addmm_910b_fp16_fp16_use_hf32", h16x16, h16x16, h16x16, h16x16, kOk, 3),
      A("v64_addmm_910b_bf16_bf16_use_hf32", b16x16, b16x16, b16x16, b16x16, kOk, 3),
      A("v65_addmm_910b_fp16_fp16_keep_dtype", h16x16, h16x16, h16x16, h16x16, kOk, 0),
      A("v66_addmm_910b_bf16_bf16_keep_dtype", b16x16, b16x16, b16x16, b16x16, kOk, 0),
      A("v75_addmm_16in32out_fp16_fp16_fp32_use_hf32", D({16}, f16), D({16, 32}, f16), D({32, 16}, f16), f16x16, kOk,
        3),
      A("v76_addmm_16in32out_bf16_bf16_fp32_use_hf32", D({16}, bf), D({16, 32}, bf), D({32, 16}, bf), f16x16, kOk, 3),
      A("v77_addmm_16in32out_fp16_fp16_fp32_allow_fp32_down_precision", D({16}, f16), D({16, 32}, f16),
        D({32, 16}, f16), f16x16, kOk, 1),
      A("v78_addmm_16in32out_bf16_bf16_fp32_allow_fp32_down_precision", D({16}, bf), D({16, 32}, bf), D({32, 16}, bf),
        f16x16, kOk, 1),
      A("v79_addmm_16in32out_fp16_fp16_fp32_use_fp32_add", h16x16, D({16, 32}, f16), D({32, 16}, f16), h16x16, kOk, 4),
      A("v80_addmm_16in32out_bf16_bf16_fp32_use_fp32_add", b16x16, D({16, 32}, bf), D({32, 16}, bf), b16x16, kOk, 4),
      A("v81_addmm_910b_fp16_fp16_use_fp32_add_with_self_need_broadcast", D({16}, f16), h16x16, h16x16, h16x16, kOk, 4),
      A("v82_addmm_910b_bf16_bf16_use_fp32_add_with_self_need_broadcast", D({16}, bf), b16x16, b16x16, h16x16, kOk, 4),
  };
  return rows;
}

// Our rows: the steps of each check order the vendor UT leaves out.
std::vector<UtRow> MatmulCheckOrderRows() {
  const Desc f23 = D({2, 3}), f34 = D({3, 4}), f24 = D({2, 4});
  std::vector<UtRow> rows = {
      M("AllNullNamesSelf", kNone, kNone, kNone, kNull).Msg("self"),
      M("NullMat2", f23, kNone, kNone, kNull).Msg("mat2"),
      M("NullOut", f23, f34, kNone, kNull).Msg("out"),
      M("NullBeforeDtype", kNone, D({3, 4}, ACL_INT32), f24, kNull).Msg("self"),
      M("SelfDtypeInt32", D({2, 3}, ACL_INT32), f34, f24, kInvalid).Msg("self"),
      M("Mat2DtypeDouble", f23, D({3, 4}, ACL_DOUBLE), f24, kInvalid).Msg("mat2"),
      M("OutDtypeInt64", f23, f34, D({2, 4}, ACL_INT64), kInvalid).Msg("out"),
      M("OutDtypeDouble", f23, f34, D({2, 4}, ACL_DOUBLE), kInvalid).Msg("out"),
      M("MixedF16Bf16IntoF32", D({2, 3}, f16), D({3, 4}, bf), f24, kOk),
      M("F32IntoF16OutUnderKeepDtype", f23, f34, D({2, 4}, f16), kOk, 0),
      // cubeMathType: -1..4 accepted on A2, anything else refused, before the shapes are looked at.
      M("CubeMathType5", f23, f34, f24, kInvalid, 5).Msg("cubeMathType"),
      M("CubeMathTypeMinus2", f23, f34, f24, kInvalid, -2).Msg("cubeMathType"),
      M("CubeMathType127", f23, f34, f24, kInvalid, 127).Msg("cubeMathType"),
      M("CubeMathTypeMinus128", f23, f34, f24, kInvalid, -128).Msg("cubeMathType"),
      M("CubeMathTypeBeforeShape", f23, D({5, 4}), f24, kInvalid, 5).Msg("cubeMathType"),
      M("DtypeBeforeShape", D({2, 3}, ACL_INT32), D({5, 4}), f24, kInvalid).Msg("INT32"),
      // FRACTAL_NZ mat2: only the (fp16, bf16) pairs are refused; NZ self / out always.
      M("NzMat2Fp16SelfBf16", D({2, 3}, f16), D({3, 4}, bf, kNz), f24, kInvalid).Msg("mat2"),
      M("NzMat2Bf16SelfFp16", D({2, 3}, bf), D({3, 4}, f16, kNz), f24, kInvalid).Msg("mat2"),
      M("NzMat2SameDtypeAccepted", D({2, 3}, f16), D({3, 4}, f16, kNz), D({2, 4}, f16), kOk),
      M("NzMat2Fp32Accepted", f23, D({3, 4}, f32, kNz), f24, kOk),
      M("NzSelfFp32", D({2, 3}, f32, kNz), f34, f24, kInvalid).Msg("self"),
      M("NzOutFp32", f23, f34, D({2, 4}, f32, kNz), kInvalid).Msg("out"),
      // Ranks: 1-6 each, 0-d refused.
      M("SelfRank7", D({1, 1, 1, 1, 1, 2, 3}), f34, D({1, 1, 1, 1, 1, 2, 4}), kInvalid).Msg("self"),
      M("Mat2Rank7", f23, D({1, 1, 1, 1, 1, 3, 4}), D({1, 1, 1, 1, 1, 2, 4}), kInvalid).Msg("mat2"),
      M("SelfAndMat2Rank6", D({2, 1, 1, 1, 2, 3}), D({1, 1, 1, 2, 3, 4}), D({2, 1, 1, 2, 2, 4}), kOk),
      M("SelfZeroDim", D({}), D({3}), D({}), kInvalid).Msg("self"),
      M("Mat2ZeroDim", D({3}), D({}), D({}), kInvalid).Msg("mat2"),
      // k: mat2 dim 0 for a 1/2-D mat2, dim -2 otherwise.
      M("KMismatch1D1D", D({3}), D({4}), D({1}), kInvalid),
      M("KMismatch2D1D", f23, D({4}), D({2}), kInvalid),
      M("KMismatch1D2D", D({4}), f34, D({4}), kInvalid),
      M("KMismatch3D2D", D({5, 2, 3}), D({4, 4}), D({5, 2, 4}), kInvalid),
      M("KMismatch2D3D", f23, D({5, 4, 4}), D({5, 2, 4}), kInvalid),
      M("KMismatch3D3D", D({5, 2, 3}), D({5, 4, 4}), D({5, 2, 4}), kInvalid),
      // Batch broadcast, NumPy-style with missing leading dims.
      M("BatchBroadcastMissingPrefix", D({2, 1, 2, 3}), D({5, 3, 4}), D({2, 5, 2, 4}), kOk),
      M("BatchBroadcastFails", D({2, 2, 3}), D({3, 3, 4}), D({3, 2, 4}), kInvalid),
      M("BatchBroadcastInnerFails", D({4, 2, 2, 3}), D({4, 3, 3, 4}), D({4, 3, 2, 4}), kInvalid),
      // out's shape is never compared: any out with the result's element count works.
      M("OutSameNumelOtherShape", D({2, 3, 4}), D({4, 5}), D({6, 5}), kOk),
      M("OutSameNumelFlat", D({2, 3, 4}), D({4, 5}), D({30}), kOk),
      M("DotIntoZeroDimOut", D({3}), D({3}), D({}), kOk),
      M("OutNumelMismatch561103", D({2, 3, 4}), D({4, 5}), D({2, 3, 6}), kReshape),
      M("OutNumelMismatch2D", f23, f34, D({2, 5}), kReshape),
      // Empty: out empty with an empty input exits; k = 0 fills out's own view (no shape check there either).
      M("EmptyMOutEmpty", D({0, 3}), f34, D({0, 4}), kOk).Empty(),
      M("EmptyBatchOutEmpty", D({0, 2, 3}), f34, D({0, 2, 4}), kOk).Empty(),
      M("KZeroFillsOut", D({2, 0}), D({0, 4}), f24, kOk),
      M("KZeroAnyOutShape", D({2, 0}), D({0, 4}), D({8}), kOk),
  };
  for (int c = -1; c <= 4; ++c)
    rows.push_back(M("CubeMathTypeAccepted_" + std::to_string(c + 1), f23, f34, f24, kOk, static_cast<int8_t>(c)));
  for (aclDataType t : {ACL_BOOL, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_DOUBLE, ACL_COMPLEX64}) {
    const std::string n = DTypeLabel(t);
    rows.push_back(M("SelfDtype_" + n, D({2, 3}, t), f34, f24, kInvalid).Msg("self"));
    rows.push_back(M("Mat2Dtype_" + n, f23, D({3, 4}, t), f24, kInvalid).Msg("mat2"));
    rows.push_back(M("OutDtype_" + n, f23, f34, D({2, 4}, t), kInvalid).Msg("out"));
  }
  return rows;
}

std::vector<UtRow> MmCheckOrderRows() {
  const Desc f23 = D({2, 3}), f34 = D({3, 4}), f24 = D({2, 4});
  std::vector<UtRow> rows = {
      // Mm checks out first, then self and mat2.
      Mm("AllNullNamesOut", kNone, kNone, kNone, kNull).Msg("out"),
      Mm("NullSelfAndOutNamesOut", kNone, f34, kNone, kNull).Msg("out"),
      Mm("NullSelf", kNone, kNone, f24, kNull).Msg("self"),
      Mm("NullMat2", f23, kNone, f24, kNull).Msg("mat2"),
      Mm("SelfDtypeInt32", D({2, 3}, ACL_INT32), f34, f24, kInvalid).Msg("self"),
      Mm("Mat2DtypeDouble", f23, D({3, 4}, ACL_DOUBLE), f24, kInvalid).Msg("mat2"),
      Mm("OutDtypeInt8", f23, f34, D({2, 4}, ACL_INT8), kInvalid).Msg("out"),
      Mm("CubeMathType5", f23, f34, f24, kInvalid, 5).Msg("cubeMathType"),
      Mm("CubeMathTypeMinus2", f23, f34, f24, kInvalid, -2).Msg("cubeMathType"),
      Mm("CubeMathTypeBeforeRank", D({2, 3, 1}), f34, f24, kInvalid, 5).Msg("cubeMathType"),
      // mat2's rank before self's, then k.
      Mm("Mat2Rank3BeforeSelfRank", D({2, 3, 1}), D({1, 3, 4}), f24, kInvalid).Msg("mat2"),
      Mm("Mat2Rank1", f23, D({3}), D({2}), kInvalid).Msg("mat2"),
      Mm("SelfRank1", D({3}), f34, D({4}), kInvalid).Msg("self"),
      Mm("SelfRank3", D({1, 2, 3}), f34, f24, kInvalid).Msg("self"),
      Mm("KMismatch", f23, D({4, 4}), f24, kInvalid),
      Mm("RankBeforeK", D({2, 5}), D({3, 4, 1}), f24, kInvalid).Msg("mat2"),
      // out: rank 2 and exactly (m, n).
      Mm("OutRank3", f23, f34, D({1, 2, 4}), kInvalid).Msg("out"),
      Mm("OutRank1SameNumel", f23, f34, D({8}), kInvalid).Msg("out"),
      Mm("OutTransposedShape", f23, f34, D({4, 2}), kInvalid).Msg("out"),
      Mm("OutWrongN", f23, f34, D({2, 5}), kInvalid).Msg("out"),
      Mm("OutNonEmptyForEmptyM", D({0, 3}), f34, D({1, 4}), kInvalid).Msg("out"),
      // No format check at all.
      Mm("NzSelfAccepted", D({2, 3}, f32, kNz), f34, f24, kOk),
      Mm("NzMat2Accepted", f23, D({3, 4}, f32, kNz), f24, kOk),
      Mm("NzOutAccepted", f23, f34, D({2, 4}, f32, kNz), kOk),
      Mm("NzMat2Fp16SelfBf16Accepted", D({2, 3}, bf), D({3, 4}, f16, kNz), f24, kOk),
      Mm("EmptyNOutEmpty", f23, D({3, 0}), D({2, 0}), kOk).Empty(),
      Mm("EmptyMN", D({0, 3}), D({3, 0}), D({0, 0}), kOk).Empty(),
      Mm("KZero", D({2, 0}), D({0, 4}), f24, kOk),
      Mm("MixedF16Bf16IntoBf16", D({2, 3}, f16), D({3, 4}, bf), D({2, 4}, bf), kOk, 0),
  };
  for (int c = -1; c <= 4; ++c)
    rows.push_back(Mm("CubeMathTypeAccepted_" + std::to_string(c + 1), f23, f34, f24, kOk, static_cast<int8_t>(c)));
  for (aclDataType t : {ACL_BOOL, ACL_INT8, ACL_INT32, ACL_INT64, ACL_DOUBLE}) {
    const std::string n = DTypeLabel(t);
    rows.push_back(Mm("SelfDtype_" + n, D({2, 3}, t), f34, f24, kInvalid).Msg("self"));
    rows.push_back(Mm("Mat2Dtype_" + n, f23, D({3, 4}, t), f24, kInvalid).Msg("mat2"));
    rows.push_back(Mm("OutDtype_" + n, f23, f34, D({2, 4}, t), kInvalid).Msg("out"));
  }
  return rows;
}

std::vector<UtRow> BatchMatMulCheckOrderRows() {
  const Desc s = D({2, 2, 3}), m = D({2, 3, 4}), o = D({2, 2, 4});
  std::vector<UtRow> rows = {
      B("AllNullNamesSelf", kNone, kNone, kNone, kNull).Msg("self"),
      B("NullMat2", s, kNone, kNone, kNull).Msg("mat2"),
      B("NullOut", s, m, kNone, kNull).Msg("out"),
      B("SelfDtypeInt8", D({2, 2, 3}, ACL_INT8), m, o, kInvalid).Msg("self"),
      B("Mat2DtypeInt64", s, D({2, 3, 4}, ACL_INT64), o, kInvalid).Msg("mat2"),
      B("OutDtypeDouble", s, m, D({2, 2, 4}, ACL_DOUBLE), kInvalid).Msg("out"),
      B("CubeMathType5", s, m, o, kInvalid, 5).Msg("cubeMathType"),
      B("CubeMathTypeMinus2", s, m, o, kInvalid, -2).Msg("cubeMathType"),
      B("CubeMathTypeBeforeRank", D({2, 3}), m, o, kInvalid, 5).Msg("cubeMathType"),
      // Ranks: self, mat2, out, in that order.
      B("Mat2Rank2", s, D({3, 4}), o, kInvalid).Msg("mat2"),
      B("OutRank2", s, m, D({4, 4}), kInvalid).Msg("out"),
      B("SelfRankBeforeMat2Rank", D({2, 3}), D({3, 4}), o, kInvalid).Msg("self"),
      B("Mat2RankBeforeOutRank", s, D({3, 4}), D({4, 4}), kInvalid).Msg("mat2"),
      // FRACTAL_NZ mat2 with a dim 1 or 2 of size 1 (step 6), before k (step 7).
      B("NzMat2Dim2One", D({2, 2, 3}), D({2, 3, 1}, f32, kNz), D({2, 2, 1}), kInvalid).Msg("mat2"),
      B("NzMat2Dim1OneBeforeK", D({2, 2, 3}), D({2, 1, 4}, f32, kNz), o, kInvalid).Msg("mat2"),
      B("NzMat2Accepted", s, D({2, 3, 4}, f32, kNz), o, kOk),
      B("KMismatch", s, D({2, 4, 4}), o, kInvalid),
      // Batch: equal, or one side 1; out batch = max(b1, b2).
      B("BatchSelfOneBroadcasts", D({1, 2, 3}), D({5, 3, 4}), D({5, 2, 4}), kOk),
      B("BatchMat2OneBroadcasts", D({5, 2, 3}), D({1, 3, 4}), D({5, 2, 4}), kOk),
      B("BatchMismatch", D({3, 2, 3}), m, D({3, 2, 4}), kInvalid),
      B("OutBatchNotMax", D({1, 2, 3}), D({5, 3, 4}), D({1, 2, 4}), kInvalid).Msg("out"),
      B("OutWrongM", s, m, D({2, 3, 4}), kInvalid).Msg("out"),
      B("OutWrongN", s, m, D({2, 2, 5}), kInvalid).Msg("out"),
      B("NzSelf", D({2, 2, 3}, f32, kNz), m, o, kInvalid).Msg("self"),
      B("NzOut", s, m, D({2, 2, 4}, f32, kNz), kInvalid).Msg("out"),
      B("OutShapeBeforeNzSelf", D({2, 2, 3}, f32, kNz), m, D({2, 2, 5}), kInvalid).Msg("out"),
      B("EmptyN", s, D({2, 3, 0}), D({2, 2, 0}), kOk).Empty(),
      B("KZeroWithBroadcast", D({1, 2, 0}), D({3, 0, 4}), D({3, 2, 4}), kOk),
      B("MixedBf16F32IntoF16", D({2, 2, 3}, bf), m, D({2, 2, 4}, f16), kOk, 0),
  };
  for (int c = -1; c <= 4; ++c)
    rows.push_back(B("CubeMathTypeAccepted_" + std::to_string(c + 1), s, m, o, kOk, static_cast<int8_t>(c)));
  for (aclDataType t : {ACL_BOOL, ACL_INT16, ACL_INT32, ACL_DOUBLE}) {
    const std::string n = DTypeLabel(t);
    rows.push_back(B("SelfDtype_" + n, D({2, 2, 3}, t), m, o, kInvalid).Msg("self"));
    rows.push_back(B("Mat2Dtype_" + n, s, D({2, 3, 4}, t), o, kInvalid).Msg("mat2"));
    rows.push_back(B("OutDtype_" + n, s, m, D({2, 2, 4}, t), kInvalid).Msg("out"));
  }
  return rows;
}

std::vector<UtRow> AddmmCheckOrderRows() {
  const Desc s = D({2, 4}), m1 = D({2, 3}), m2 = D({3, 4}), o = D({2, 4});
  std::vector<UtRow> rows = {
      A("AllNullNamesSelf", kNone, kNone, kNone, kNone, kNull).NoBeta().NoAlpha().Msg("self"),
      A("NullMat1BeforeMat2", s, kNone, kNone, o, kNull).Msg("mat1"),
      A("NullBetaBeforeAlpha", s, m1, m2, o, kNull).NoBeta().NoAlpha().Msg("beta"),
      A("NullAlphaBeforeOut", s, m1, m2, kNone, kNull).NoAlpha().Msg("alpha"),
      A("NullBeforeDtype", kNone, D({2, 3}, ACL_INT32), m2, o, kNull).Msg("self"),
      A("Mat1DtypeInt32", s, D({2, 3}, ACL_INT32), m2, o, kInvalid).Msg("mat1"),
      A("Mat2DtypeDouble", s, m1, D({3, 4}, ACL_DOUBLE), o, kInvalid).Msg("mat2"),
      A("SelfDtypeInt64", D({2, 4}, ACL_INT64), m1, m2, o, kInvalid).Msg("self"),
      A("OutDtypeInt8", s, m1, m2, D({2, 4}, ACL_INT8), kInvalid).Msg("out"),
      A("CubeMathType5", s, m1, m2, o, kInvalid, 5).Msg("cubeMathType"),
      A("CubeMathTypeMinus2", s, m1, m2, o, kInvalid, -2).Msg("cubeMathType"),
      A("CubeMathTypeBeforeShapes", D({7, 7}), m1, D({5, 4}), o, kInvalid, 5).Msg("cubeMathType"),
      // mat1, mat2 rank 2 and k; then self's format, rank, 0-d, broadcast; then out.
      A("Mat1Rank1", s, D({3}), m2, o, kInvalid).Msg("mat1"),
      A("Mat2Rank3", s, m1, D({1, 3, 4}), o, kInvalid).Msg("mat2"),
      A("KMismatch", s, m1, D({4, 4}), o, kInvalid),
      A("KBeforeSelfBroadcast", D({7, 7}), m1, D({4, 4}), o, kInvalid),
      A("SelfNzBeforeSelfRank", D({1, 2, 4}, f32, kNz), m1, m2, o, kInvalid).Msg("self"),
      A("SelfRank3", D({1, 2, 4}), m1, m2, o, kInvalid).Msg("self"),
      A("SelfZeroDim", D({}), m1, m2, o, kInvalid).Msg("self"),
      A("SelfNotBroadcastableN", D({3}), m1, m2, o, kInvalid).Msg("self"),
      A("SelfNotBroadcastableM", D({3, 4}), m1, m2, o, kInvalid).Msg("self"),
      A("SelfBroadcastBeforeOut", D({3}), m1, m2, D({2, 5}), kInvalid).Msg("self"),
      A("SelfN", D({4}), m1, m2, o, kOk),
      A("SelfOneN", D({1, 4}), m1, m2, o, kOk),
      A("SelfMOne", D({2, 1}), m1, m2, o, kOk),
      A("SelfOne", D({1}), m1, m2, o, kOk),
      A("SelfOneOne", D({1, 1}), m1, m2, o, kOk),
      A("OutWrongN", s, m1, m2, D({2, 5}), kInvalid).Msg("out"),
      A("OutWrongM", s, m1, m2, D({3, 4}), kInvalid).Msg("out"),
      // Open question 2: out rank other than 2 refused (documented CPU deviation, never a crash).
      A("OutRank3", s, m1, m2, D({2, 4, 1}), kInvalid).Msg("out"),
      A("OutRank1", s, m1, m2, D({8}), kInvalid).Msg("out"),
      A("EmptyMNeedsEmptyOut", D({4}), D({0, 3}), m2, D({1, 4}), kInvalid).Msg("out"),
      A("EmptyMEmptyOut", D({4}), D({0, 3}), m2, D({0, 4}), kOk).Empty(),
      A("EmptyNEmptyOut", D({2, 1}), m1, D({3, 0}), D({2, 0}), kOk).Empty(),
      // Open question 3: an empty self broadcasting with an (m, 1) result is success with nothing written.
      A("EmptySelfNonEmptyOut", D({0}), D({3, 1}), D({1, 1}), D({3, 1}), kOk).Empty(),
      A("KZeroBetaSelf", s, D({2, 0}), D({0, 4}), o, kOk),
      // Scalars: any dtype (no check).
      A("BetaDoubleAlphaInt64", s, m1, m2, o, kOk).Beta(0.5, ACL_DOUBLE).Alpha(2, ACL_INT64),
      A("BetaBoolAlphaInt32", s, m1, m2, o, kOk).Beta(1, ACL_BOOL).Alpha(3, ACL_INT32),
      A("BetaFloat16AlphaFloat16", s, m1, m2, o, kOk).Beta(1, f16).Alpha(2, f16),
      // Only self's format is checked.
      A("NzMat2Accepted", s, m1, D({3, 4}, f32, kNz), o, kOk),
      A("MixedDtypes", D({4}, bf), D({2, 3}, f16), D({3, 4}, bf), D({2, 4}, f16), kOk, 2),
      // InplaceAddmm: selfRef is both self and out.
      I("NullSelfRef", kNone, m1, m2, kNull).Msg("self"),
      I("NullMat1", s, kNone, m2, kNull).Msg("mat1"),
      I("NullMat2", s, m1, kNone, kNull).Msg("mat2"),
      I("NullBeta", s, m1, m2, kNull).NoBeta().Msg("beta"),
      I("NullAlpha", s, m1, m2, kNull).NoAlpha().Msg("alpha"),
      I("SelfRefDtypeInt32", D({2, 4}, ACL_INT32), m1, m2, kInvalid).Msg("self"),
      I("Mat1DtypeBool", s, D({2, 3}, ACL_BOOL), m2, kInvalid).Msg("mat1"),
      I("CubeMathType5", s, m1, m2, kInvalid, 5).Msg("cubeMathType"),
      I("SelfRefNFailsOutRule", D({4}), m1, m2, kInvalid),
      I("SelfRefOneNFailsOutRule", D({1, 4}), m1, m2, kInvalid),
      I("SelfRefMOneFailsOutRule", D({2, 1}), m1, m2, kInvalid),
      I("SelfRefMN", s, m1, m2, kOk),
      I("SelfRefNz", D({2, 4}, f32, kNz), m1, m2, kInvalid).Msg("self"),
      I("KMismatch", s, m1, D({4, 4}), kInvalid),
      I("KZero", s, D({2, 0}), D({0, 4}), kOk),
  };
  for (int c = -1; c <= 4; ++c) {
    rows.push_back(A("CubeMathTypeAccepted_" + std::to_string(c + 1), s, m1, m2, o, kOk, static_cast<int8_t>(c)));
    rows.push_back(I("CubeMathTypeAccepted_" + std::to_string(c + 1), s, m1, m2, kOk, static_cast<int8_t>(c)));
  }
  for (aclDataType t : {ACL_BOOL, ACL_INT8, ACL_INT32, ACL_DOUBLE}) {
    const std::string n = DTypeLabel(t);
    rows.push_back(A("SelfDtype_" + n, D({2, 4}, t), m1, m2, o, kInvalid).Msg("self"));
    rows.push_back(A("Mat1Dtype_" + n, s, D({2, 3}, t), m2, o, kInvalid).Msg("mat1"));
    rows.push_back(A("Mat2Dtype_" + n, s, m1, D({3, 4}, t), o, kInvalid).Msg("mat2"));
    rows.push_back(A("OutDtype_" + n, s, m1, m2, D({2, 4}, t), kInvalid).Msg("out"));
  }
  return rows;
}

// A null workspaceSize or executor in every function: 161001 before the tensors are looked at.
std::vector<UtRow> NullOutputPointerRows() {
  std::vector<UtRow> rows;
  const Fn fns[] = {Fn::kMatmul, Fn::kMm, Fn::kBatchMatMul, Fn::kAddmm, Fn::kInplaceAddmm};
  const char *names[] = {"Matmul", "Mm", "BatchMatMul", "Addmm", "InplaceAddmm"};
  for (int i = 0; i < 5; ++i) {
    UtRow ws = R(std::string(names[i]) + "_NullWorkspaceSize", fns[i], {kNone, kNone, kNone, kNone}, kNull);
    ws.nullWorkspaceSize = true;
    rows.push_back(ws.Msg("workspaceSize"));
    UtRow ex = R(std::string(names[i]) + "_NullExecutor", fns[i], {kNone, kNone, kNone, kNone}, kNull);
    ex.nullExecutor = true;
    rows.push_back(ex.Msg("executor"));
  }
  return rows;
}

std::vector<UtRow> AllRows() {
  std::vector<UtRow> rows = MatmulVendorRows();
  Add(rows, MmVendorRows());
  Add(rows, BatchMatMulVendorRows());
  Add(rows, AddmmVendorRows());
  Add(rows, MatmulCheckOrderRows());
  Add(rows, MmCheckOrderRows());
  Add(rows, BatchMatMulCheckOrderRows());
  Add(rows, AddmmCheckOrderRows());
  Add(rows, NullOutputPointerRows());
  return rows;
}

class MatmulUt : public ::testing::TestWithParam<UtRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(MatmulUt, Phase1Status) {
  const UtRow &row = GetParam();
  Descriptors owned;
  aclTensor *t[4] = {nullptr, nullptr, nullptr, nullptr};
  for (size_t i = 0; i < row.tensors.size() && i < 4; ++i) t[i] = owned.Make(row.tensors[i]);
  const ScalarHandle beta = MakeScalar(row.beta), alpha = MakeScalar(row.alpha);
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = Phase1(row.fn, t, beta.get(), alpha.get(), row.cmt, row.nullWorkspaceSize ? nullptr : &ws,
                                    row.nullExecutor ? nullptr : &exec);
  EXPECT_EQ(status, row.expected) << (status != kOk ? aclGetRecentErrMsg() : "success");
  if (status == kOk) {
    EXPECT_NE(exec, nullptr);
    if (row.zeroWorkspace) {
      EXPECT_EQ(ws, 0u);
    }
    aclDestroyAclOpExecutor(exec);
  } else {
    // Every refusal explains itself, naming the argument where the row says which (reading consumes it).
    const char *msg = aclGetRecentErrMsg();
    ASSERT_NE(msg, nullptr);
    const std::string text(msg);
    EXPECT_FALSE(text.empty());
    EXPECT_NE(text.find(row.message), std::string::npos) << "message: " << text;
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, MatmulUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<UtRow> &info) { return info.param.name; });

// A refused call writes nothing: out (and InplaceAddmm's selfRef) keep their bytes, for a refusal of each step
// kind (dtype, cubeMathType, shape, out shape, Matmul's reshape).
class MatmulRefusal : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_F(MatmulRefusal, RefusedCallLeavesOutUntouchedAndNamesTheArgument) {
  struct Case {
    const char *what;
    Fn fn;
    std::vector<int64_t> a, b, out;
    aclDataType outType;
    int8_t cmt;
    aclnnStatus expected;
    const char *needle;
  };
  const Case cases[] = {
      {"Matmul out dtype", Fn::kMatmul, {2, 3}, {3, 4}, {2, 4}, ACL_INT32, 1, kInvalid, "out"},
      {"Matmul cubeMathType", Fn::kMatmul, {2, 3}, {3, 4}, {2, 4}, ACL_FLOAT, 9, kInvalid, "cubeMathType"},
      {"Matmul k", Fn::kMatmul, {2, 3}, {5, 4}, {2, 4}, ACL_FLOAT, 1, kInvalid, "aclnnMatmul"},
      {"Matmul reshape", Fn::kMatmul, {2, 3}, {3, 4}, {3, 3}, ACL_FLOAT, 1, kReshape, "out"},
      {"Mm out shape", Fn::kMm, {2, 3}, {3, 4}, {4, 2}, ACL_FLOAT, 1, kInvalid, "out"},
      {"BatchMatMul out shape", Fn::kBatchMatMul, {2, 2, 3}, {2, 3, 4}, {2, 2, 5}, ACL_FLOAT, 1, kInvalid, "out"},
      {"Addmm out shape", Fn::kAddmm, {2, 3}, {3, 4}, {2, 5}, ACL_FLOAT, 1, kInvalid, "out"},
      {"Addmm cubeMathType", Fn::kAddmm, {2, 3}, {3, 4}, {2, 4}, ACL_FLOAT, -2, kInvalid, "cubeMathType"},
      {"InplaceAddmm selfRef shape", Fn::kInplaceAddmm, {2, 3}, {3, 4}, {1, 4}, ACL_FLOAT, 1, kInvalid, "self"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.what);
    DeviceTensor a(c.a, ACL_FLOAT), b(c.b, ACL_FLOAT), out(c.out, c.outType);
    DeviceTensor self({4}, ACL_FLOAT);
    std::vector<double> pattern(static_cast<size_t>(out.numel()));
    for (size_t i = 0; i < pattern.size(); ++i) pattern[i] = 7 + static_cast<double>(i);
    out.Fill(pattern);
    self.Fill({1, 2, 3, 4});
    const std::vector<unsigned char> before = out.Bytes();
    const ScalarHandle beta = MakeScalar({true, ACL_FLOAT, 1}), alpha = MakeScalar({true, ACL_FLOAT, 1});
    aclTensor *t[4] = {a.get(), b.get(), out.get(), nullptr};
    if (c.fn == Fn::kAddmm) {
      t[0] = self.get(), t[1] = a.get(), t[2] = b.get(), t[3] = out.get();
    } else if (c.fn == Fn::kInplaceAddmm) {
      t[0] = out.get(), t[1] = a.get(), t[2] = b.get();
    }
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus st = Phase1(c.fn, t, beta.get(), alpha.get(), c.cmt, &ws, &exec);
    EXPECT_EQ(st, c.expected);
    if (st == kOk) {
      aclDestroyAclOpExecutor(exec);
      continue;
    }
    const char *msg = aclGetRecentErrMsg();
    ASSERT_NE(msg, nullptr);
    EXPECT_NE(std::string(msg).find(c.needle), std::string::npos) << "message: " << msg;
    EXPECT_EQ(out.Bytes(), before);
  }
}

}  // namespace
}  // namespace aclcpu_test::matmul_ut_test
