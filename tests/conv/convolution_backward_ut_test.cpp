// The vendor's unit-test cases of docs/ops/convolution.md §6.3 (aclnnConvolutionBackward) with their A2 statuses,
// as a table, plus one row per check step of §5.3 and of the CPU's own rules. Large vendor shapes run phase 1
// only (descriptors without memory); the small ones also compute against the float64 reference.
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/ut_descriptors.h"
#include "conv/convolution_backward_tester.h"

namespace aclcpu_test::convolution_backward_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS, kPi = ACLNN_ERR_PARAM_INVALID, kNp = ACLNN_ERR_PARAM_NULLPTR;
const aclDataType F32 = ACL_FLOAT, F16 = ACL_FLOAT16, B16 = ACL_BF16;
const aclFormat NCL = ACL_FORMAT_NCL, NCHW = ACL_FORMAT_NCHW, NCDHW = ACL_FORMAT_NCDHW, ND = ACL_FORMAT_ND;

using Ints = std::vector<int64_t>;

aclFormat FormatOf(const Ints &shape) { return shape.size() == 3 ? NCL : shape.size() == 4 ? NCHW : NCDHW; }

struct BwdUt {
  std::string name;
  Desc g, x, w, gi, gw, gb;
  bool biasSizesGiven = true;
  Ints bs, s, p, d, op;
  bool mask[3] = {true, true, true};
  bool maskGiven = true;
  std::vector<bool> maskValues;  // when set: a mask of this size instead
  bool transposed = false;
  int groups = 1;
  int8_t cmt = 0;
  aclnnStatus expect = kOk;
  const char *nullArray = nullptr;  // "stride", "padding", "dilation", "outputPadding"

  aclnnStatus Phase1() const {
    Descriptors owned;
    auto arr = [&](const Ints &v, const char *name) {
      return nullArray != nullptr && std::string(nullArray) == name ? nullptr : aclCreateIntArray(v.data(), v.size());
    };
    aclIntArray *sa = arr(s, "stride"), *pa = arr(p, "padding"), *da = arr(d, "dilation"),
                *oa = arr(op, "outputPadding"),
                *ba = biasSizesGiven ? aclCreateIntArray(bs.data(), bs.size()) : nullptr;
    bool values[8] = {mask[0], mask[1], mask[2]};
    size_t count = 3;
    if (!maskValues.empty()) {
      count = maskValues.size();
      for (size_t i = 0; i < count; ++i) values[i] = maskValues[i];
    }
    aclBoolArray *ma = maskGiven ? aclCreateBoolArray(values, count) : nullptr;
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus st = aclnnConvolutionBackwardGetWorkspaceSize(
        owned.Make(g), owned.Make(x), owned.Make(w), ba, sa, pa, da, transposed, oa, groups, ma, cmt, owned.Make(gi),
        owned.Make(gw), owned.Make(gb), &ws, &exec);
    if (st == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    for (aclIntArray *a : {sa, pa, da, oa, ba})
      if (a != nullptr) aclDestroyIntArray(a);
    if (ma != nullptr) aclDestroyBoolArray(ma);
    return st;
  }
};

// Every tensor of one dtype, the formats by rank (gradBias ND); gradInput, gradWeight, gradBias of the shapes of
// input, weight and gradOutput's channels.
BwdUt Case(std::string name, Ints x, Ints w, Ints g, aclDataType t, Ints s, Ints p, Ints d, std::array<bool, 3> mask,
           bool transposed, int groups, int8_t cmt, aclnnStatus expect, Ints bs = {}) {
  BwdUt c;
  c.name = std::move(name);
  c.x = D(x, t, FormatOf(x)), c.w = D(w, t, FormatOf(w)), c.g = D(g, t, FormatOf(g));
  c.gi = D(x, t, FormatOf(x)), c.gw = D(w, t, FormatOf(w)), c.gb = D({g.size() > 1 ? g[1] : 1}, t, ND);
  c.bs = bs.empty() ? Ints{g.size() > 1 ? g[1] : 1} : bs;
  c.s = s, c.p = p, c.d = d, c.op = Ints(s.size(), 0);
  for (int i = 0; i < 3; ++i) c.mask[i] = mask[i];
  c.transposed = transposed, c.groups = groups, c.cmt = cmt, c.expect = expect;
  return c;
}

const std::array<bool, 3> kAll = {true, true, true};

std::vector<BwdUt> VendorCases() {
  std::vector<BwdUt> v;
  const Ints x2 = {512, 512, 7, 7}, w2 = {2048, 512, 1, 1}, g2 = {512, 2048, 7, 7};
  v.push_back(Case("test_Conv2DBackward_Fp16_keep_dtype", x2, w2, g2, F16, {1, 1}, {0, 0}, {1, 1}, kAll, false, 1, 0,
                   kOk, {1}));
  v.push_back(Case("test_Conv2DBackward_Fp32_allow_fp32_down_precision", x2, w2, g2, F32, {1, 1}, {0, 0}, {1, 1}, kAll,
                   false, 1, 1, kOk, {1}));
  v.push_back(
      Case("test_Conv2DBackward_Fp32_use_fp16", x2, w2, g2, F32, {1, 1}, {0, 0}, {1, 1}, kAll, false, 1, 2, kOk, {1}));
  v.push_back(Case("test_Conv1DBackward_Fp16", {16, 16, 16}, {8, 16, 3}, {16, 8, 16}, F16, {1}, {1}, {1}, kAll, false,
                   1, 0, kOk, {1}));
  BwdUt c = Case("test_Conv1DBackward_invalid_format_error", {16, 16, 16}, {8, 16, 3}, {16, 8, 16}, F16, {1}, {1}, {1},
                 kAll, false, 1, 0, kPi, {1});
  c.x.format = NCHW;
  v.push_back(c);
  c = Case("test_ConvBackward_empty_error", {16, 16, 0, 16}, {16, 16, 3, 3}, {16, 16, 32, 8}, F16, {1, 2}, {1, 2},
           {1, 2}, kAll, false, 1, 0, kPi, {16});
  c.gi.shape = {};
  v.push_back(c);
  v.push_back(Case("ascend910B2_test_Conv2DBackward_Fp32_keep_dtype", x2, w2, g2, F32, {1, 1}, {0, 0}, {1, 1}, kAll,
                   false, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv2DBackward_Fp32_use_hf32", x2, w2, g2, F32, {1, 1}, {0, 0}, {1, 1}, kAll,
                   false, 1, 3, kOk));
  v.push_back(Case("ascend910B2_test_ConvBackward_post_dilation_FP32", {512, 512, 4, 4}, w2, {512, 2048, 2, 2}, F32,
                   {3, 3}, {1, 1}, {1, 1}, kAll, false, 1, 0, kOk));
  v.push_back(
      Case("ascend910B2_test_Conv2DBackward_Bf16", x2, w2, g2, B16, {1, 1}, {0, 0}, {1, 1}, kAll, false, 1, 0, kOk));
  const Ints x3 = {512, 512, 7, 7, 7}, w3 = {512, 512, 1, 1, 1}, s1 = {1, 1, 1}, p0 = {0, 0, 0};
  v.push_back(Case("ascend910B2_test_Conv3DBackward_Bf16", x3, w3, x3, B16, s1, p0, s1, kAll, false, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv3DBackward", x3, w3, x3, F32, s1, p0, s1, kAll, false, 1, 0, kOk, {1}));
  v.push_back(Case("ascend910B2_test_Conv3DBackward_attr_error", {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, F32,
                   {0, 1, 1}, {-1, 0, 0}, {0, 1, 1}, kAll, false, 1, 0, kPi, {1}));
  v.push_back(Case("ascend910B2_test_Conv3DBackward_FP16", x3, w3, x3, F16, s1, p0, s1, kAll, false, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv3DBackwardInput_FP16_Conv2Matmul_1x1Kernel", {8, 64, 2, 14, 14},
                   {512, 64, 1, 1, 1}, {8, 512, 2, 14, 14}, F16, s1, p0, s1, {true, true, false}, false, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv3DBackwardInput_FP16_Conv2Matmul_Stride_Eq_Kernel", {1, 128, 18, 225, 225},
                   {256, 128, 3, 3, 3}, {1, 256, 6, 75, 75}, F16, {3, 3, 3}, p0, s1, {true, true, false}, false, 1, 0,
                   kOk));
  const Ints xd = {128, 128, 7, 7, 7}, wd = {128, 1, 1, 1, 1};
  v.push_back(Case("ascend910B2_test_Conv3DBackward_depthwise", xd, wd, xd, B16, s1, p0, s1, kAll, false, 128, 0, kOk));
  c = Case("ascend910B2_test_Conv3DBackward_Bf16_NDHWC", x3, w3, x3, B16, s1, p0, s1, kAll, false, 1, 0, kPi);
  c.x.format = c.w.format = c.g.format = c.gi.format = c.gw.format = ACL_FORMAT_NDHWC;
  v.push_back(c);
  for (const BwdUt &small : std::vector<BwdUt>{
           Case("ascend910B2_test_Conv3DBackward_Bf16_dilation", {1, 16, 1, 10, 10}, {16, 16, 1, 3, 3},
                {1, 16, 1, 6, 6}, B16, s1, p0, {1, 2, 2}, kAll, false, 1, 0, kOk),
           Case("ascend910B2_test_Conv3DBackward_Bf16_stride", {1, 16, 1, 10, 10}, {16, 16, 1, 3, 4}, {1, 16, 1, 8, 3},
                B16, {1, 1, 3}, p0, s1, kAll, false, 1, 0, kOk),
           Case("ascend910B2_test_Conv3DBackward_Bf16_pad", {1, 16, 1, 10, 10}, {16, 16, 1, 4, 4}, {1, 16, 1, 7, 13},
                B16, s1, {0, 0, 3}, s1, kAll, false, 1, 0, kOk),
           Case("ascend910B2_test_Conv3DBackward_Bf16_kernel", {1, 16, 1, 10, 10}, {16, 16, 1, 5, 5}, {1, 16, 1, 6, 6},
                B16, s1, p0, s1, kAll, false, 1, 0, kOk),
           Case("ascend910B2_test_Conv3DBackward_Bf16_strideD_GT_kernelD", {1, 16, 11, 10, 10}, {16, 16, 1, 2, 2},
                {1, 16, 6, 5, 5}, B16, {2, 2, 2}, p0, s1, kAll, false, 1, 0, kOk),
           Case("ascend910B2_test_Conv3DBackward_Bf16_din_limit", {1, 16, 15, 10, 10}, {16, 16, 2, 1, 1},
                {1, 16, 7, 10, 10}, B16, {2, 1, 1}, p0, s1, kAll, false, 1, 0, kOk),
           Case("ascend910B2_test_Conv3DBackward_Bf16_v1", {1, 16, 1, 10, 10}, {16, 16, 1, 3, 3}, {1, 16, 1, 10, 10},
                B16, s1, {0, 1, 1}, s1, kAll, false, 1, 0, kOk),
       })
    v.push_back(small);
  const Ints xv = {1, 16, 2, 10, 10}, wv = {16, 16, 1, 3, 3}, p011 = {0, 1, 1};
  v.push_back(Case("ascend910B2_test_Conv3DBackward_Bf16_v2", xv, wv, xv, B16, s1, p011, s1, kAll, false, 1, 0, kOk));
  c = Case("ascend910B2_test_Conv3DBackward_dw_bf16_out_fp32", xd, wd, xd, B16, s1, p0, s1, {false, true, false}, false,
           128, 0, kPi);
  c.gi.dtype = c.gw.dtype = c.gb.dtype = F32;
  v.push_back(c);
  v.push_back(Case("ascend910B2_test_Conv3DBackward_dw_use_fp16_out_fp32", xd, wd, xd, F32, s1, p0, s1,
                   {false, true, false}, false, 128, 2, kPi));
  v.push_back(Case("ascend910B2_test_Conv2DBackpropInputV2_WhiteCase", {4, 320, 80, 80}, {320, 320, 3, 3},
                   {4, 320, 80, 80}, F32, {1, 1}, {1, 1}, {1, 1}, {true, false, false}, false, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv2DBackpropFilterV3_WhiteCase", {1, 640, 104, 152}, {640, 640, 3, 3},
                   {1, 640, 104, 152}, F16, {1, 1}, {1, 1}, {1, 1}, {false, true, false}, false, 1, 0, kOk));
  for (int8_t cmt : {2, 3}) {
    v.push_back(Case("ascend910B2_test_Conv3DBackward_Bf16_USE_FP16/HF32 (and the 950 twins)", xv, wv, xv, B16, s1,
                     p011, s1, kAll, false, 1, cmt, kOk));
  }
  v.push_back(Case("ascend910B2_test_Conv3DBackward_Fp16_USE_HF32 (and the 950 twin)", xv, wv, xv, F16, s1, p011, s1,
                   kAll, false, 1, 3, kOk));
  for (int8_t cmt : {0, 3})
    for (aclDataType t : {F16, F32})
      v.push_back(Case("ascend950_test_Conv1DBackward_keep_dtype/HF32 (A2: OK)", {16, 16, 16}, {8, 16, 3}, {16, 8, 16},
                       t, {1}, {1}, {1}, {true, false, true}, false, 1, cmt, kOk, {1}));
  v.push_back(Case("ascend950_test_Conv1DBackward_Bf16_keep_dtype (A2: OK)", {4, 51, 21}, {8, 51, 2}, {4, 8, 20}, B16,
                   {1}, {1}, {3}, {true, false, true}, false, 1, 0, kOk, {1}));
  c = Case("ascend950_test_Conv2DBackward_Fp16_keep_dtype_pad4dim_nhwc (A2: NHWC)", {512, 7, 7, 512}, {2048, 1, 1, 512},
           {512, 6, 6, 2048}, F16, {1, 1}, {0, 1, 0, 1}, {1, 1}, kAll, false, 1, 0, kPi, {1});
  c.x.format = c.w.format = c.g.format = c.gi.format = c.gw.format = ACL_FORMAT_NHWC;
  v.push_back(c);
  c = Case("ascend950_test_Conv3DBackward_Fp16_USE_HF32_NDHWC (A2: NDHWC)", {1, 2, 10, 10, 16}, {16, 1, 3, 3, 16},
           {1, 2, 10, 10, 16}, F16, s1, p011, s1, kAll, false, 1, 3, kPi);
  c.x.format = c.w.format = c.g.format = c.gi.format = c.gw.format = ACL_FORMAT_NDHWC;
  v.push_back(c);
  v.push_back(Case("ascend950_test_ConvBackward_empty (A2: OK)", {0, 16, 32, 16}, {16, 16, 3, 3}, {0, 16, 32, 8}, F16,
                   {1, 2}, {1, 2}, {1, 2}, kAll, false, 1, 0, kOk));
  v.push_back(Case("ascend950_test_ConvBackward_transposed_empty (A2: OK)", {0, 16, 32, 8}, {16, 16, 3, 3},
                   {0, 16, 32, 16}, F16, {1, 2}, {1, 2}, {1, 2}, kAll, true, 1, 0, kOk));
  c = Case("ascend950_test_ConvBackward_transpose_empty_error (A2: OK)", {0, 1, 0, 1, 1}, {1, 1, 0, 1, 1},
           {100, 100, 0, 1, 1}, F16, s1, p0, s1, kAll, true, 1, 0, kOk, {1});
  c.gb.shape = {1};
  v.push_back(c);
  const Ints xs = {1, 3, 16, 224, 224}, ws = {768, 3, 2, 16, 16}, gs = {1, 768, 8, 14, 14}, sk = {2, 16, 16};
  v.push_back(Case("ascend950_test_Conv3DBackward_DwStrideEqualKernelTransToKernel1x1x1 (A2: OK)", xs, ws, gs, B16, sk,
                   p0, s1, {false, true, false}, false, 1, 0, kOk));
  v.push_back(Case("ascend950_test_Conv3DBackpropFilterBy1x1Dw (A2: OK)", xs, ws, gs, B16, sk, p0, s1,
                   {true, true, false}, false, 1, 0, kOk));
  v.push_back(Case("ascend950_test_Conv3DBackpropInputV2_OpenSoraPlan1_0 (A2: OK)", {1, 128, 4, 64, 64},
                   {256, 128, 1, 1, 1}, {1, 256, 4, 64, 64}, B16, s1, p0, s1, {true, false, false}, false, 1, 0, kOk));
  v.push_back(Case("ascend950_test_Conv1DBackpropFilter_fp32_group (A2: OK)", {1, 384, 256}, {384, 1, 3}, {1, 384, 258},
                   F32, {1}, {2}, {1}, {false, true, false}, false, 384, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv3DBackward_DH_Swap", {1, 512, 4099, 1, 16}, {512, 1, 4, 1, 1},
                   {1, 512, 4096, 1, 16}, F32, s1, p0, s1, kAll, false, 512, 0, kOk));
  const Ints x10 = {1, 16, 10, 10}, w33 = {16, 16, 3, 3};
  v.push_back(
      Case("ascend910B2_test_groups_zero_error", x10, w33, x10, F16, {1, 1}, {1, 1}, {1, 1}, kAll, false, 0, 0, kPi));
  v.push_back(Case("ascend910B2_test_weightCout_not_divisible_by_groups_error", x10, {17, 16, 3, 3}, {1, 17, 10, 10},
                   F16, {1, 1}, {1, 1}, {1, 1}, kAll, false, 2, 0, kPi));
  c = Case("ascend910B2_test_input_dim_less_than_3_error", {0, 0}, w33, x10, F16, {1, 1}, {1, 1}, {1, 1}, kAll, false,
           1, 0, kPi, {16});
  c.x.format = c.gi.format = NCHW;
  v.push_back(c);
  c = Case("ascend910B2_test_gradOutput_input_dim_not_equal_error", {1, 16, 10}, {16, 16, 3}, x10, F16, {1}, {1}, {1},
           kAll, false, 1, 0, kPi);
  v.push_back(c);
  c = Case("ascend910B2_test_empty_tensor_biasSizes_nullptr_error", {0, 16, 10, 10}, w33, {0, 16, 10, 10}, F16, {1, 1},
           {1, 1}, {1, 1}, kAll, false, 1, 0, kPi);
  c.biasSizesGiven = false;
  v.push_back(c);
  v.push_back(Case("ascend910B2_test_gradOutput_empty_tensor_error", x10, w33, {0, 16, 8, 8}, F16, {1, 1}, {1, 1},
                   {1, 1}, kAll, false, 1, 0, kPi));
  v.push_back(Case("ascend910B2_test_weight_empty_tensor_error", x10, {0, 16, 3, 3}, {1, 16, 8, 8}, F16, {1, 1}, {1, 1},
                   {1, 1}, kAll, false, 1, 0, kPi));
  v.push_back(Case("ascend910B2_test_Conv1DTransposeBackward_FP16", {4, 16, 16}, {16, 8, 3}, {4, 8, 16}, F16, {1}, {1},
                   {1}, kAll, true, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv2DTransposeBackward_FP32", {1, 16, 7, 7}, w33, {1, 16, 7, 7}, F32, {1, 1},
                   {1, 1}, {1, 1}, {false, true, false}, true, 1, 0, kOk));
  for (aclDataType t : {F16, F32, B16})
    v.push_back(Case("ascend910B2_test_Conv3DTransposeBackward", {1, 16, 1, 7, 7}, wv, {1, 16, 1, 7, 7}, t, s1, p011,
                     s1, kAll, true, 1, 0, kOk));
  const Ints x14 = {1, 16, 14, 14}, w32 = {32, 16, 3, 3};
  v.push_back(Case("ascend910B2_test_PreDilation_FP16_2dim_padding", x14, w32, {1, 32, 5, 5}, F16, {3, 3}, {1, 1},
                   {1, 1}, kAll, false, 1, 0, kOk));
  c = Case("ascend910B2_test_PreDilation_FP32_4dim_padding", x14, w32, {1, 32, 5, 5}, F32, {3, 3}, {1, 1, 1, 1}, {1, 1},
           kAll, false, 1, 0, kOk);
  c.op = {0, 0, 0, 0};
  v.push_back(c);
  v.push_back(Case("ascend910B2_test_PreDilation_FP32_gradOutputH1", {1, 16, 4, 14}, w32, {1, 32, 1, 5}, F32, {10, 3},
                   {0, 1}, {1, 1}, kAll, false, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_PreDilation_FP16_gradOutputW1", {1, 16, 14, 4}, w32, {1, 32, 5, 1}, F16, {3, 10},
                   {1, 0}, {1, 1}, kAll, false, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv2DBackpropFilterBy1x1Dw", {1024, 3, 224, 224}, {1024, 3, 16, 16},
                   {1024, 1024, 14, 14}, F16, {16, 16}, {0, 0}, {1, 1}, {true, true, false}, false, 1, 0, kOk));
  v.push_back(Case("ascend950_test_Conv1DBackwardByMatmul (A2: OK)", {2, 4, 8}, {6, 4, 8}, {2, 6, 1}, F16, {1}, {0},
                   {1}, kAll, false, 1, 0, kOk));
  v.push_back(Case("ascend910B2_test_Conv3DBackwardDwByMmMode_FmEqKernel", {1, 4, 2, 2, 2}, {6, 4, 2, 2, 2},
                   {1, 6, 1, 1, 1}, F16, s1, p0, s1, {false, true, false}, false, 1, 0, kOk));
  v.push_back(Case("ascend950_test_Conv3DBackwardW1B1FmNDxByMm (A2: OK)", {1, 4, 2, 2, 2}, {6, 4, 1, 1, 1},
                   {1, 6, 2, 2, 2}, F16, s1, p0, s1, {true, false, false}, false, 1, 0, kOk));
  v.push_back(
      Case("ascend910B2_test_Conv3DBackward_Fp32_USE_HF32", xv, wv, xv, F32, s1, p011, s1, kAll, false, 1, 3, kOk));
  return v;
}

// One row per check step (§5.3 and the CPU's rules), on the 2-D case x (2,4,6,6), w (6,4,3,3), gO (2,6,6,6).
std::vector<BwdUt> CheckStepCases() {
  std::vector<BwdUt> v;
  auto base = [](std::string name, aclnnStatus expect) {
    return Case(std::move(name), {2, 4, 6, 6}, {6, 4, 3, 3}, {2, 6, 6, 6}, F32, {1, 1}, {1, 1}, {1, 1}, kAll, false, 1,
                0, expect);
  };
  v.push_back(base("valid", kOk));
  for (Desc BwdUt::*t : {&BwdUt::g, &BwdUt::x, &BwdUt::w}) {
    BwdUt c = base("null tensor", kNp);
    c.*t = Null();
    v.push_back(c);
  }
  for (const char *a : {"stride", "padding", "dilation", "outputPadding"}) {
    BwdUt c = base(std::string("null ") + a, kNp);
    c.nullArray = a;
    v.push_back(c);
  }
  BwdUt c = base("null outputMask", kNp);
  c.maskGiven = false;
  v.push_back(c);
  c = base("outputMask of 2", kNp);
  c.maskValues = {true, true};
  v.push_back(c);
  for (Desc BwdUt::*t : {&BwdUt::gi, &BwdUt::gw, &BwdUt::gb}) {
    c = base("a wanted output null", kNp);
    c.*t = Null();
    v.push_back(c);
  }
  c = base("unwanted outputs null", kOk);
  c.gi = c.gw = c.gb = Null();
  c.mask[0] = c.mask[1] = c.mask[2] = false;
  v.push_back(c);
  for (Desc BwdUt::*t : {&BwdUt::g, &BwdUt::x, &BwdUt::w, &BwdUt::gi, &BwdUt::gw, &BwdUt::gb}) {
    c = base("a DOUBLE tensor", kPi);
    (c.*t).dtype = ACL_DOUBLE;
    v.push_back(c);
  }
  c = base("an unwanted output is still dtype-checked (§9 Q11)", kPi);
  c.mask[0] = false;
  c.gi.dtype = ACL_INT32;
  v.push_back(c);
  c = base("mixed dtypes", kOk);
  c.g.dtype = F16, c.x.dtype = B16, c.gi.dtype = F16, c.gw.dtype = B16;
  v.push_back(c);
  c = base("gradOutput format NCL at rank 4", kPi);
  c.g.format = NCL;
  v.push_back(c);
  c = base("gradWeight format ND at rank 4", kPi);
  c.gw.format = ND;
  v.push_back(c);
  c = base("gradBias format NCHW", kPi);
  c.gb.format = NCHW;
  v.push_back(c);
  c = base("rank 6", kPi);
  c.x = c.gi = D({2, 4, 6, 6, 1, 1}, F32, ND);
  v.push_back(c);
  c = Case("1-D ND format", {2, 4, 6}, {6, 4, 3}, {2, 6, 6}, F32, {1}, {1}, {1}, kAll, false, 1, 0, kOk);
  c.x.format = c.g.format = c.w.format = c.gi.format = c.gw.format = ND;
  v.push_back(c);
  c = base("stride 0", kPi);
  c.s = {1, 0};
  v.push_back(c);
  c = base("padding -1", kPi);
  c.p = {1, -1};
  v.push_back(c);
  c = base("dilation 0", kPi);
  c.d = {0, 1};
  v.push_back(c);
  c = base("outputPadding 1 when not transposed", kPi);
  c.op = {1, 0};
  v.push_back(c);
  c = Case("transposed outputPadding -1", {2, 6, 6, 6}, {6, 4, 3, 3}, {2, 4, 6, 6}, F32, {1, 1}, {1, 1}, {1, 1}, kAll,
           true, 1, 0, kPi);
  c.op = {-1, 0};
  v.push_back(c);
  c = Case("transposed 3-D outputPadding >= stride", {1, 4, 3, 3, 3}, {4, 2, 2, 2, 2}, {1, 2, 4, 4, 4}, F32, {1, 1, 1},
           {0, 0, 0}, {1, 1, 1}, kAll, true, 1, 0, kPi);
  c.op = {1, 0, 0};
  v.push_back(c);
  c = base("groups -1", kPi);
  c.groups = -1;
  v.push_back(c);
  c = base("cubeMathType 4", kPi);
  c.cmt = 4;
  v.push_back(c);
  c = base("cubeMathType -1", kPi);
  c.cmt = -1;
  v.push_back(c);
  c = base("weight rank 3", kPi);
  c.w = c.gw = D({6, 4, 3}, F32, NCL);
  v.push_back(c);
  c = base("gradInput shape", kPi);
  c.gi.shape = {2, 4, 6, 5};
  v.push_back(c);
  c = base("gradWeight shape", kPi);
  c.gw.shape = {6, 4, 3, 2};
  v.push_back(c);
  c = base("gradBias rank 2", kPi);
  c.gb.shape = {1, 6};
  v.push_back(c);
  c = base("gradBias size", kPi);
  c.gb.shape = {5};
  v.push_back(c);
  c = base("biasSizes ignored on the normal path", kOk);
  c.biasSizesGiven = false;
  v.push_back(c);
  c = base("stride length", kPi);
  c.s = {1, 1, 1};
  v.push_back(c);
  c = base("dilation length", kPi);
  c.d = {1};
  v.push_back(c);
  c = base("padding of 3", kPi);
  c.p = {1, 1, 1};
  v.push_back(c);
  c = base("padding of 4", kOk);
  c.p = {1, 1, 1, 1};
  v.push_back(c);
  c = base("outputPadding of 3", kPi);
  c.op = {0, 0, 0};
  v.push_back(c);
  c = base("gradOutput channels != weight dim 0", kPi);
  c.g.shape = {2, 5, 6, 6};
  c.gb.shape = {5};
  v.push_back(c);
  c = Case("input channels not divisible by weight dim 1", {2, 5, 6, 6}, {6, 2, 3, 3}, {2, 6, 6, 6}, F32, {1, 1},
           {1, 1}, {1, 1}, kAll, false, 2, 0, kPi);
  v.push_back(c);
  c = Case("channels / weight dim 1 != groups", {2, 4, 6, 6}, {6, 2, 3, 3}, {2, 6, 6, 6}, F32, {1, 1}, {1, 1}, {1, 1},
           kAll, false, 1, 0, kPi);
  v.push_back(c);
  c = Case("depthwise with fewer outputs than groups", {2, 4, 6, 6}, {2, 1, 3, 3}, {2, 2, 6, 6}, F32, {1, 1}, {1, 1},
           {1, 1}, kAll, false, 4, 0, kPi);
  v.push_back(c);
  c = Case("CPU: weight dim 0 not divisible by groups", {2, 4, 6, 6}, {5, 2, 3, 3}, {2, 5, 6, 6}, F32, {1, 1}, {1, 1},
           {1, 1}, kAll, false, 2, 0, kPi);
  v.push_back(c);
  c = base("CPU: gradOutput batch != input batch", kPi);
  c.g.shape = {3, 6, 6, 6};
  v.push_back(c);
  c = base("CPU (§9 Q3): 2-D gradOutput spatial size", kPi);
  c.g.shape = {2, 6, 6, 5};
  v.push_back(c);
  c = Case("CPU (§9 Q3): 1-D gradOutput spatial size", {2, 4, 6}, {6, 4, 3}, {2, 6, 5}, F32, {1}, {1}, {1}, kAll, false,
           1, 0, kPi);
  v.push_back(c);
  c = Case("3-D gradOutput spatial size", {1, 4, 4, 4, 4}, {6, 4, 3, 3, 3}, {1, 6, 2, 2, 3}, F32, {1, 1, 1}, {0, 0, 0},
           {1, 1, 1}, kAll, false, 1, 0, kPi);
  v.push_back(c);
  c = base("kernel larger than the padded input", kPi);
  c.w = c.gw = D({6, 4, 9, 3}, F32, NCHW);
  v.push_back(c);
  c = Case("CPU (§9 Q3): transposed input spatial size", {2, 6, 6, 6}, {6, 4, 3, 3}, {2, 4, 6, 6}, F32, {1, 1}, {1, 1},
           {1, 1}, kAll, true, 1, 0, kPi);
  c.x.shape = c.gi.shape = {2, 6, 6, 7};
  v.push_back(c);
  c = Case("transposed 2-D with outputPadding", {1, 4, 5, 5}, {4, 3, 3, 3}, {1, 3, 10, 10}, F32, {2, 2}, {1, 1}, {1, 1},
           kAll, true, 1, 0, kOk);
  c.op = {1, 1};
  v.push_back(c);
  // §9 Q8: 3-D only.
  c = Case("3-D fp32 gradWeight, groups 2, USE_FP16", {1, 4, 3, 3, 3}, {4, 2, 1, 1, 1}, {1, 4, 3, 3, 3}, F32, {1, 1, 1},
           {0, 0, 0}, {1, 1, 1}, kAll, false, 2, 2, kPi);
  v.push_back(c);
  c.name = "2-D fp32 gradWeight, groups 2, USE_FP16";
  c.x = c.gi = D({1, 4, 3, 3}, F32, NCHW), c.w = c.gw = D({4, 2, 1, 1}, F32, NCHW), c.g = D({1, 4, 3, 3}, F32, NCHW);
  c.s = c.d = {1, 1}, c.p = c.op = {0, 0}, c.expect = kOk;
  v.push_back(c);
  // The empty path (§4).
  auto empty = [](std::string name, aclnnStatus expect) {
    return Case(std::move(name), {0, 4, 6, 6}, {6, 4, 3, 3}, {0, 6, 6, 6}, F32, {1, 1}, {1, 1}, {1, 1}, kAll, false, 1,
                0, expect, {6});
  };
  v.push_back(empty("empty batch", kOk));
  c = empty("empty: biasSizes of 2", kPi);
  c.bs = {6, 6};
  v.push_back(c);
  c = empty("empty: biasSizes value", kPi);
  c.bs = {5};
  v.push_back(c);
  c = empty("empty: biasSizes null without gradBias", kOk);
  c.biasSizesGiven = false;
  c.mask[2] = false;
  v.push_back(c);
  c = empty("empty: input H 0 with gradInput", kPi);
  c.x = c.gi = D({2, 4, 0, 6}, F32, NCHW);
  v.push_back(c);
  c.name = "empty: input H 0 without gradInput";
  c.mask[0] = false;
  c.w = c.gw = D({6, 4, 1, 1}, F32, NCHW);  // H 0 + 2 * padding holds the 1x1 kernel
  c.expect = kOk;
  v.push_back(c);
  c = empty("empty: padding of 3", kPi);
  c.p = {1, 1, 1};
  v.push_back(c);
  c = empty("empty: groups", kPi);
  c.groups = 2;
  v.push_back(c);
  c = Case("empty: transposed weight dim 0 != input channels", {0, 4, 6, 6}, {6, 4, 3, 3}, {0, 4, 6, 6}, F32, {1, 1},
           {1, 1}, {1, 1}, kAll, true, 1, 0, kPi, {4});
  v.push_back(c);
  c = empty("empty: kernel larger than the padded input", kPi);
  c.w = c.gw = D({6, 4, 9, 3}, F32, NCHW);
  v.push_back(c);
  c = empty("CPU: empty path gradWeight shape", kPi);
  c.gw.shape = {6, 4, 3, 2};
  v.push_back(c);
  c = empty("CPU: empty path gradBias size", kPi);
  c.gb.shape = {5};
  v.push_back(c);
  c = Case("CPU: a workspace beyond 2^50 bytes (one image's im2col)", {1, 1, 1 << 26, 1 << 26}, {1, 1, 1, 1},
           {1, 1, 1 << 26, 1 << 26}, F32, {1, 1}, {0, 0}, {1, 1}, {false, true, false}, false, 1, 0, kPi);
  v.push_back(c);
  c = base("CPU: a view outside its storage", kPi);
  c.x.storage = {10};
  v.push_back(c);
  c = base("CPU: an overlapping gradWeight", kPi);
  c.gw.strides = {0, 0, 0, 0};
  c.gw.storage = {1};
  v.push_back(c);
  return v;
}

class ConvolutionBackwardUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
  static void ExpectStatuses(const std::vector<BwdUt> &cases) {
    for (const BwdUt &c : cases) EXPECT_EQ(c.Phase1(), c.expect) << c.name;
  }
};

TEST_F(ConvolutionBackwardUt, VendorCasesOfSection63) { ExpectStatuses(VendorCases()); }

TEST_F(ConvolutionBackwardUt, EachCheckStep) { ExpectStatuses(CheckStepCases()); }

TEST_F(ConvolutionBackwardUt, NullWorkspaceSizeAndExecutor) {
  BwdUt c = CheckStepCases()[0];
  Descriptors owned;
  const Ints s = {1, 1}, op = {0, 0}, bs = {6};
  aclIntArray *a = aclCreateIntArray(s.data(), 2), *o = aclCreateIntArray(op.data(), 2),
              *b = aclCreateIntArray(bs.data(), 1);
  const bool m[3] = {true, true, true};
  aclBoolArray *mask = aclCreateBoolArray(m, 3);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnConvolutionBackwardGetWorkspaceSize(owned.Make(c.g), owned.Make(c.x), owned.Make(c.w), b, a, a, a,
                                                     false, o, 1, mask, 0, owned.Make(c.gi), owned.Make(c.gw),
                                                     owned.Make(c.gb), nullptr, &exec),
            kNp);
  EXPECT_EQ(aclnnConvolutionBackwardGetWorkspaceSize(owned.Make(c.g), owned.Make(c.x), owned.Make(c.w), b, a, a, a,
                                                     false, o, 1, mask, 0, owned.Make(c.gi), owned.Make(c.gw),
                                                     owned.Make(c.gb), &ws, nullptr),
            kNp);
  for (aclIntArray *x : {a, o, b}) aclDestroyIntArray(x);
  aclDestroyBoolArray(mask);
}

TEST_F(ConvolutionBackwardUt, MessagesNameTheArgument) {
  const std::pair<const char *, const char *> rows[] = {
      {"stride 0", "stride"},
      {"padding -1", "padding"},
      {"cubeMathType 4", "cubeMathType"},
      {"gradBias size", "gradBias"},
      {"empty: biasSizes value", "biasSizes"},
      {"CPU: a workspace beyond 2^50 bytes (one image's im2col)", "workspace fits in memory"},
  };
  const std::vector<BwdUt> cases = CheckStepCases();
  for (const auto &row : rows) {
    int found = 0;
    for (const BwdUt &c : cases) {
      if (c.name != row.first) continue;
      EXPECT_EQ(c.Phase1(), kPi) << c.name;
      ExpectErrorMessage(row.second);
      ++found;
    }
    EXPECT_EQ(found, 1) << row.first;
  }
}

// The small vendor cases also compute (shapes and attributes as in §6.3).
TEST_F(ConvolutionBackwardUt, SmallVendorCasesCompute) {
  int computed = 0;
  for (const BwdUt &c : VendorCases()) {
    if (c.expect != kOk || NumelOf(c.g.shape) > 20000 || NumelOf(c.x.shape) > 20000 || NumelOf(c.x.shape) == 0 ||
        NumelOf(c.w.shape) == 0)
      continue;
    ConvBwdSpec s;
    s.x = c.x.shape, s.w = c.w.shape, s.stride = c.s, s.padding = c.p, s.dilation = c.d, s.groups = c.groups;
    s.transposed = c.transposed, s.cmt = c.cmt;
    s.gType = c.g.dtype, s.xType = c.x.dtype, s.wType = c.w.dtype, s.giType = c.gi.dtype, s.gwType = c.gw.dtype;
    s.gbType = c.gb.dtype;
    for (int i = 0; i < 3; ++i) s.mask[i] = c.mask[i];
    ASSERT_EQ(s.OutShape(), c.g.shape) << c.name;
    EXPECT_TRUE(BackwardMatches(s, RunConvBackward(s))) << c.name;
    ++computed;
  }
  EXPECT_GE(computed, 20);
}

}  // namespace
}  // namespace aclcpu_test::convolution_backward_ut_test
