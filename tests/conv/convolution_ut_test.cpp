// The vendor's unit-test cases of docs/ops/convolution.md §6.1 (aclnnConvolution) and §6.2 (aclnnConvDepthwise2d)
// with their A2 statuses, as tables, plus one row per CPU check step no vendor case covers. Large vendor shapes run
// phase 1 only; the computing cases run both phases against the float64 reference.
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/ut_descriptors.h"
#include "conv/convolution_tester.h"

namespace aclcpu_test::convolution_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS, kPi = ACLNN_ERR_PARAM_INVALID, kNp = ACLNN_ERR_PARAM_NULLPTR;
constexpr aclnnStatus kTransposed = kOk;  // a transposed case the device computes

const aclDataType F32 = ACL_FLOAT, F16 = ACL_FLOAT16, B16 = ACL_BF16;
const aclFormat NCL = ACL_FORMAT_NCL, NCHW = ACL_FORMAT_NCHW, NCDHW = ACL_FORMAT_NCDHW, NHWC = ACL_FORMAT_NHWC,
                ND = ACL_FORMAT_ND;

using Ints = std::vector<int64_t>;

struct ConvUt {
  std::string name;
  Desc x, w, b, y;
  Ints s, p, d, op;
  int64_t g = 1;
  bool transposed = false;
  int8_t cmt = 1;
  aclnnStatus expect = kOk;
  bool nullArrays = false;

  aclnnStatus Phase1() const {
    Descriptors owned;
    auto arr = [&](const Ints &v) { return nullArrays ? nullptr : aclCreateIntArray(v.data(), v.size()); };
    aclIntArray *sa = arr(s), *pa = arr(p), *da = arr(d), *oa = arr(op);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus st = aclnnConvolutionGetWorkspaceSize(owned.Make(x), owned.Make(w), owned.Make(b), sa, pa, da,
                                                            transposed, oa, g, owned.Make(y), cmt, &ws, &exec);
    if (st == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    for (aclIntArray *a : {sa, pa, da, oa})
      if (a != nullptr) aclDestroyIntArray(a);
    return st;
  }
};

// All four tensors of one dtype and format; bias null when its shape is empty.
ConvUt Case(std::string name, Ints x, Ints w, Ints b, Ints y, aclDataType t, aclFormat f, Ints s, Ints p, Ints d,
            int64_t g, aclnnStatus expect, bool transposed = false, Ints op = {}) {
  ConvUt c;
  c.name = std::move(name);
  c.x = D(x, t, f), c.w = D(w, t, f), c.y = D(y, t, f);
  c.b = b.empty() ? Null() : D(b, t, f);
  c.s = s, c.p = p, c.d = d, c.g = g, c.transposed = transposed, c.expect = expect;
  c.op = op.empty() ? Ints(s.size(), 0) : op;
  return c;
}

// §6.1's default 2-D case: in (2,16,32,16), w (16,16,3,3), bias (16), out (2,16,32,8), s [1,2], p [1,2], d [1,2].
ConvUt Conv2d(std::string name, aclDataType x, aclDataType w, aclDataType b, aclDataType y, aclnnStatus expect) {
  ConvUt c = Case(std::move(name), {2, 16, 32, 16}, {16, 16, 3, 3}, {16}, {2, 16, 32, 8}, x, NCHW, {1, 2}, {1, 2},
                  {1, 2}, 1, expect);
  c.w.dtype = w, c.b.dtype = b, c.y.dtype = y;
  return c;
}
// §6.1's default 2-D transposed case: in (2,16,32,18), w (16,16,3,3), out (2,16,32,20), s [1,1], p [1,1], d [1,2].
ConvUt Conv2dT(std::string name, aclDataType t, aclnnStatus expect) {
  return Case(std::move(name), {2, 16, 32, 18}, {16, 16, 3, 3}, {16}, {2, 16, 32, 20}, t, NCHW, {1, 1}, {1, 1}, {1, 2},
              1, expect, true);
}

std::vector<ConvUt> ConvolutionCases() {
  std::vector<ConvUt> v;
  for (aclDataType b : {F32, F16}) {
    v.push_back(Conv2d("test_conv2D_input_FP16_weight_FP16_output_FP32", F16, F16, b, F32, kOk));
    v.push_back(Conv2d("test_conv2D_input_FP32_weight_FP32_output_FP16", F32, F32, b, F16, kOk));
    v.push_back(Conv2d("test_conv2D_input_FP32_weight_FP16_output_FP16", F32, F16, b, F16, kOk));
    v.push_back(Conv2d("test_conv2D_input_FP32_weight_FP16_output_FP32", F32, F16, b, F32, kOk));
    v.push_back(Conv2d("test_conv2D_input_FP16_weight_FP32_output_FP32", F16, F32, b, F32, kOk));
    v.push_back(Conv2d("test_conv2D_input_FP16_weight_FP32_output_FP16", F16, F32, b, F16, kOk));
  }
  for (aclDataType t : {F16, F32, B16}) v.push_back(Conv2d("ascend910B2_test_conv2D_NCHW", t, t, t, t, kOk));
  ConvUt c = Conv2d("test_conv2D_weight_NHWC_error", F16, F16, F16, F16, kPi);
  c.w.format = NHWC;
  v.push_back(c);
  for (aclDataType t : {F32, F16}) {
    c = Case("test_conv2D_NHWC", {2, 32, 16, 16}, {16, 16, 3, 3}, {16}, {2, 32, 8, 16}, t, NHWC, {1, 2}, {1, 2}, {1, 2},
             1, kPi);
    c.w.format = c.b.format = NCHW;
    v.push_back(c);
  }
  for (aclDataType t : {F16, F32})
    v.push_back(Case("test_conv1D", {16, 16, 16}, {8, 16, 3}, {8}, {16, 8, 16}, t, NCL, {1}, {1}, {1}, 1, kOk));
  v.push_back(Case("test_specialConv1D_FP16_DATA_ONES", {16, 1, 64}, {3, 1, 64}, {1, 3, 1}, {16, 3, 1}, F16, NCL, {64},
                   {0}, {1}, 1, kPi));
  v.push_back(Case("test_specialConv1D_FP16", {16, 1, 64}, {8, 1, 64}, {1, 8, 1}, {16, 8, 1}, F16, NCL, {64}, {0}, {1},
                   1, kPi));
  for (aclDataType t : {F32, F16, B16}) v.push_back(Conv2dT("test_conv2DTranspose_NCHW", t, kTransposed));
  for (aclDataType t : {F32, F16}) {
    c = Case("test_conv2DTranspose_NHWC", {2, 32, 18, 16}, {16, 16, 3, 3}, {16}, {2, 32, 20, 16}, t, NHWC, {1, 1},
             {1, 1}, {1, 2}, 1, kPi, true);
    c.w.format = c.b.format = NCHW;
    v.push_back(c);
  }
  for (aclDataType t : {F16, F32})
    v.push_back(Case("test_conv1DTranspose", {2, 16, 32}, {16, 16, 3}, {16}, {2, 16, 35}, t, NCL, {1}, {1}, {2}, 1,
                     kTransposed, true, {1}));
  v.push_back(Case("test_conv1D_infershape_error", {16, 16, 16}, {8, 16, 3}, {1, 8, 1}, {16, 8, 17}, F16, NCL, {1}, {1},
                   {1}, 1, kPi));
  v.push_back(Case("test_conv2D_infershape_error", {2, 16, 32, 16}, {16, 16, 3, 3}, {1, 16, 1, 1}, {2, 16, 33, 9}, F16,
                   NCHW, {1, 2}, {1, 2}, {1, 2}, 1, kPi));
  v.push_back(Case("test_conv1DTranspose_infershape_error", {2, 16, 32}, {16, 16, 3}, {16}, {2, 16, 36}, F16, NCL, {1},
                   {1}, {2}, 1, kPi, true, {1}));
  c = Conv2dT("test_conv2DTranspose_infershape_error", F16, kPi);
  c.y.shape = {2, 16, 33, 21};
  v.push_back(c);
  for (aclDataType t : {ACL_INT8, ACL_INT32, ACL_UINT8, ACL_INT16, ACL_UINT16, ACL_UINT32, ACL_INT64, ACL_UINT64,
                        ACL_DOUBLE, ACL_BOOL, ACL_STRING, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16})
    v.push_back(
        Case("test_dataType_error", {16, 16, 16}, {8, 16, 3}, {1, 8, 1}, {16, 8, 16}, t, NCL, {1}, {1}, {1}, 1, kPi));
  const std::vector<aclFormat> formats = {ACL_FORMAT_UNDEFINED,
                                          NCHW,
                                          NHWC,
                                          ND,
                                          ACL_FORMAT_NC1HWC0,
                                          ACL_FORMAT_FRACTAL_Z,
                                          ACL_FORMAT_NC1HWC0_C04,
                                          ACL_FORMAT_HWCN,
                                          ACL_FORMAT_NDHWC,
                                          ACL_FORMAT_FRACTAL_NZ,
                                          NCDHW,
                                          ACL_FORMAT_NDC1HWC0,
                                          ACL_FRACTAL_Z_3D,
                                          NCL};
  for (aclFormat f : formats) {
    if (f != NCL)
      v.push_back(Case("test_1D_format_error", {16, 16, 16}, {8, 16, 3}, {1, 8, 1}, {16, 8, 16}, F16, f, {1}, {1}, {1},
                       1, kPi));
    if (f != NCHW)
      v.push_back(Case("test_2D_format_error", {2, 16, 32, 16}, {16, 16, 3, 3}, {1, 16, 1, 1}, {2, 16, 32, 8}, F16, f,
                       {1, 2}, {1, 2}, {1, 2}, 1, kPi));
  }
  for (aclFormat f : {NCL, NCDHW}) {
    c = Conv2d("test_dim_format_error", F16, F16, F16, F16, kPi);
    c.x.format = c.w.format = c.b.format = c.y.format = f;
    v.push_back(c);
  }
  c = Conv2d("test_input_weight_dim_error_1", F16, F16, F16, F16, kPi);
  c.w.shape = {16, 16, 3};
  v.push_back(c);
  v.push_back(Case("test_attr_dim_error", {2, 16, 32, 16}, {16, 16, 3, 3}, {1, 16, 1, 1}, {2, 16, 32, 8}, F16, NCHW,
                   {1, 2, 1}, {1, 2, 1}, {1, 2, 1}, 1, kPi));
  c = Conv2d("test_input_weight_dim_error_2", F16, F16, F16, F16, kPi);
  c.x.shape = {2, 16}, c.w.shape = {16, 16, 3, 3, 3, 3};
  v.push_back(c);
  c = Conv2dT("test_nullptr_error", F16, kNp);
  c.x = c.w = c.y = Null();
  c.nullArrays = true;
  v.push_back(c);
  c = Conv2dT("test_shape_error_2", F16, kPi);
  c.s = {-1, 0}, c.p = {-1, 1}, c.d = {-1, 0};
  v.push_back(c);
  v.push_back(Case("test_shape_error_3", {2, 16, 32, 16}, {16, 16, 48, 48}, {1, 16, 1, 1}, {2, 16, 32, 8}, F32, NCHW,
                   {1, 2}, {1, 2}, {1, 2}, 1, kPi));
  v.push_back(Case("test_shape_transpose_pass", {2, 16, 32, 16}, {16, 16, 48, 48}, {16}, {2, 16, 77, 122}, F32, NCHW,
                   {1, 2}, {1, 2}, {1, 2}, 1, kTransposed, true, {0, 1}));
  for (Ints bias : {Ints{1, 16}, Ints{1, 8, 1, 1}, Ints{2, 16, 2, 2}}) {
    c = Conv2d("test_bias_shape / equal_outChannel / noneChannel_equal_1", F16, F16, F16, F16, kPi);
    c.b.shape = bias;
    v.push_back(c);
  }
  c = Conv2dT("test_bias_shape_transpose", F16, kPi);
  c.b.shape = {1, 16};
  v.push_back(c);
  for (int64_t g : {0, 3}) {
    c = Conv2d("test_groups_1 / test_groups_2", F16, F16, F16, F16, kPi);
    c.b.shape = {1, 16, 1, 1}, c.g = g;
    v.push_back(c);
  }
  c = Conv2dT("test_weight_1stDim_transpose", F16, kPi);
  c.w.shape = {8, 16, 3, 3};
  v.push_back(c);
  c = Conv2dT("test_outputPadding_transpose", F16, kPi);
  c.op = {1, 2};
  v.push_back(c);
  c = Conv2d("test_channel_group", F16, F16, F16, F16, kPi);
  c.w.shape = {16, 4, 3, 3}, c.b.shape = {1, 16, 1, 1}, c.g = 2;
  v.push_back(c);
  v.push_back(Case("test_empty_tensor_conv2d_Batch", {0, 16, 32, 16}, {16, 16, 3, 3}, {1, 16, 1, 1}, {0, 16, 32, 8},
                   F32, NCHW, {1, 2}, {1, 2}, {1, 2}, 1, kPi));
  v.push_back(Case("test_empty_tensor_conv1d", {2, 0, 5}, {8, 0, 3}, {8}, {2, 0, 3}, F16, NCL, {1}, {0}, {1}, 1, kPi));
  v.push_back(Case("test_empty_tensor_conv2d", {0, 2, 1, 0}, {3, 2, 1, 1}, {3}, {0, 3, 5, 4}, F32, NCHW, {1, 1}, {2, 2},
                   {1, 1}, 1, kOk));
  v.push_back(Case("test_empty_tensor_conv2d_Channel", {2, 0, 32, 16}, {16, 0, 3, 3}, {1, 16, 1, 1}, {2, 16, 32, 8},
                   F32, NCHW, {1, 2}, {1, 2}, {1, 2}, 1, kPi));
  v.push_back(Case("test_empty_tensor_conv2d_Batch_Channel", {0, 0, 32, 16}, {16, 0, 3, 3}, {1, 16, 1, 1},
                   {0, 16, 32, 8}, F32, NCHW, {1, 2}, {1, 2}, {1, 2}, 1, kPi));
  c = Conv2dT("test_empty_tensor_conv2dTranspose_Batch", F16, kOk);  // nothing to compute: succeeds here too
  c.x.shape = {0, 16, 32, 18}, c.y.shape = {0, 16, 32, 20};
  v.push_back(c);
  c = Conv2dT("test_empty_tensor_conv2dTranspose_Channel", F16, kPi);
  c.x.shape = {2, 0, 32, 18}, c.w.shape = {0, 16, 3, 3};
  v.push_back(c);
  c = Conv2dT("ascend_test_empty_tensor_conv2dTranspose_H", F16, kPi);
  c.x.shape = {2, 16, 0, 18}, c.y.shape = {0, 16, 32, 20};
  v.push_back(c);
  c = Conv2dT("ascend_test_empty_tensor_conv2dTranspose_W", F16, kPi);
  c.w.shape = {16, 16, 3, 0}, c.y.shape = {0, 16, 32, 20};
  v.push_back(c);
  v.push_back(Case("ascend_test_empty_tensor_conv1dTranspose_L", {2, 16, 18}, {16, 16, 0}, {16}, {0, 16, 20}, F16, NCL,
                   {1}, {1}, {2}, 1, kPi, true, {0}));
  v.push_back(Case("test_conv2D_FP16_no_contiguous (phase 1)", {2, 2, 16, 32}, {2, 2, 3, 3}, {2}, {2, 2, 8, 32}, F16,
                   NCHW, {2, 1}, {2, 1}, {2, 1}, 1, kOk));
  for (aclDataType t : {F16, B16}) {
    const Ints x3 = {2, 2, 32, 32, 32}, w3 = {2, 2, 3, 3, 3};
    v.push_back(Case("ascend910B2_test_conv3DTranspose", x3, w3, {2}, x3, t, NCDHW, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1,
                     kTransposed, true));
    c = Case("ascend910B2_test_conv3DTranspose_NDHWC", x3, w3, {2}, x3, t, ACL_FORMAT_NDHWC, {1, 1, 1}, {1, 1, 1},
             {1, 1, 1}, 1, kPi, true);  // NDHWC: refused by the CPU (docs/compat.md)
    v.push_back(c);
    v.push_back(Case("ascend910B2_test_conv3DTranspose_pad_GE_kernel", {2, 2, 32, 32, 37}, {2, 2, 3, 3, 2}, {2},
                     {2, 2, 32, 32, 32}, t, NCDHW, {1, 1, 1}, {1, 1, 3}, {1, 1, 1}, 1, kPi, true));
    v.push_back(
        Case("ascend910B2_test_conv3D_bias", x3, w3, {2}, x3, t, NCDHW, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, kOk));
    v.push_back(
        Case("ascend910B2_test_conv3D_nonbias", x3, w3, {}, x3, t, NCDHW, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, kOk));
    v.push_back(Case("ascend910B2_test_conv3DTransPose_outputpadding", {2, 2, 32, 32, 11}, {2, 2, 1, 1, 1}, {},
                     {2, 2, 32, 32, 32}, t, NCDHW, {1, 1, 3}, {0, 0, 0}, {1, 1, 1}, 1, kTransposed, true, {0, 0, 1}));
  }
  // The other 3-D transposed rows ("none": the UT asserts nothing), FLOAT16 and BF16 alike.
  struct T3 {
    const char *name;
    Ints x, w, y, s, p, d, op;
    int64_t g;
    aclnnStatus expect;
  };
  const Ints one3 = {1, 1, 1}, zero3 = {0, 0, 0}, cube = {2, 2, 32, 32, 32};
  const std::vector<T3> t3 = {
      {"ascend910B2_test_conv3DTranspose_depthwise", cube, {2, 1, 3, 3, 3}, cube, one3, one3, one3, zero3, 2, kOk},
      {"ascend910B2_test_conv3DTranspose_dilation",
       {2, 2, 32, 32, 30},
       {2, 2, 3, 3, 3},
       cube,
       one3,
       one3,
       {1, 1, 2},
       zero3,
       1,
       kOk},
      {"ascend910B2_test_conv3DTranspose_stride",
       {2, 2, 32, 32, 11},
       {2, 2, 3, 3, 3},
       {2, 2, 32, 32, 31},
       {1, 1, 3},
       one3,
       one3,
       zero3,
       1,
       kOk},
      {"ascend910B2_test_conv3DTranspose_pad",
       {2, 2, 32, 32, 35},
       {2, 2, 3, 3, 4},
       cube,
       one3,
       {1, 1, 3},
       one3,
       zero3,
       1,
       kOk},
      // outputPadding 1 with stride 1 and dilation 1: not below either (§2's rule).
      {"ascend910B2_test_conv3DTranspose_outputPad",
       cube,
       {2, 2, 3, 3, 3},
       {2, 2, 32, 32, 33},
       one3,
       one3,
       one3,
       {0, 0, 1},
       1,
       kPi},
      {"ascend910B2_test_conv3DTranspose_kernel",
       {2, 2, 32, 32, 30},
       {2, 2, 3, 3, 5},
       cube,
       one3,
       one3,
       one3,
       zero3,
       1,
       kOk},
      {"ascend910B2_test_conv3DTranspose_strideD_GT_kernelD",
       {2, 2, 16, 32, 32},
       {2, 2, 1, 3, 3},
       {2, 2, 31, 32, 32},
       {2, 1, 1},
       {0, 1, 1},
       one3,
       zero3,
       1,
       kOk},
      // D: (11 - 1) * 2 + (2 - 1) + 1 = 22, not the 23 the UT's out has (§6.1's note calls it consistent).
      {"ascend910B2_test_conv3DTranspose_dout_limit",
       {2, 2, 11, 32, 32},
       {2, 2, 2, 3, 3},
       {2, 2, 23, 32, 32},
       {2, 1, 1},
       {0, 1, 1},
       one3,
       zero3,
       1,
       kPi},
      {"ascend910B2_test_conv3DTranspose_v1",
       {2, 2, 23, 11, 20},
       {2, 2, 1, 1, 3},
       {2, 2, 23, 21, 39},
       {1, 2, 2},
       {0, 0, 1},
       one3,
       zero3,
       1,
       kOk},
  };
  for (aclDataType t : {F16, B16})
    for (const T3 &r : t3)
      v.push_back(Case(r.name, r.x, r.w, {r.w[1] * r.g}, r.y, t, NCDHW, r.s, r.p, r.d, r.g, r.expect, true, r.op));
  v.push_back(Case("ascend910B2_test_conv2DTranspose_NCHW_SwitchHW", {1, 48, 1, 1100}, {48, 8, 1, 8}, {},
                   {1, 8, 1, 4404}, F32, NCHW, {1, 4}, {0, 0}, {1, 1}, 1, kTransposed, true));
  for (aclDataType t : {F16, F32, B16}) {
    c = Conv2dT("ascend910B2_test_conv2DTranspose_NCHW_pad4dim", t, kTransposed);
    c.p = {1, 1, 1, 1};
    v.push_back(c);
  }
  v.push_back(Case("ascend_test_conv1d_transpose_matmul", {4, 272, 1}, {272, 128, 73}, {}, {4, 128, 73}, F32, NCL, {8},
                   {0}, {1}, 1, kTransposed, true));
  v.push_back(Case("ascend910B2_test_conv3Dfp32_bias", {2, 2, 32, 32, 32}, {2, 2, 3, 3, 3}, {2}, {2, 2, 32, 32, 32},
                   F32, NCDHW, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, kOk));
  c = Conv2d("test_weight_spatial_dim", F16, F16, F16, F16, kPi);
  c.w.shape = {16, 16, 0, 3}, c.b.shape = {1, 16, 1, 1};
  v.push_back(c);
  c = Conv2d("test_conv2D_group_larger_1", F32, F32, F32, F32, kOk);
  c.w.shape = {16, 8, 3, 3}, c.g = 2;
  v.push_back(c);
  v.push_back(Case("ascend910B2_test_conv1DTranspose_NCHW_SwitchHW", {1, 48, 1100}, {48, 8, 8}, {}, {1, 8, 4404}, F32,
                   NCL, {4}, {0}, {1}, 1, kTransposed, true));
  c = Case("ascend910B2_test_Conv1D_l0_wrapper_error", {16, 16, 16}, {8, 16, 3}, {8}, {16, 8, 16}, B16, NCL, {1},
           {1, 1}, {1}, 1, kOk);
  c.y.dtype = F32;
  v.push_back(c);
  v.push_back(Case("ascend910B2_test_conv2D_C04", {320, 3, 224, 224}, {768, 3, 32, 32}, {}, {320, 768, 7, 7}, F16, NCHW,
                   {32, 32}, {0, 0}, {1, 1}, 1, kOk));
  v.push_back(Case("ascend910B2_test_conv2DTranposeV2To3D", {4, 320, 80, 80}, {320, 320, 3, 3}, {320}, {4, 320, 80, 80},
                   F32, NCHW, {1, 1}, {1, 1}, {1, 1}, 1, kTransposed, true));
  // conv2D_C04_BFLOAT16 (x, w, y BF16; a FLOAT sub-case), bias null, valid convolutions.
  const std::vector<std::pair<Ints, Ints>> c04 = {{{32, 3, 1, 224}, {64, 3, 1, 32}},
                                                  {{32, 3, 224, 224}, {64, 3, 32, 32}},
                                                  {{32, 1, 256, 256}, {64, 1, 128, 128}},
                                                  {{32, 3, 224, 224}, {64, 3, 32, 32}},
                                                  {{16, 1, 20, 32768}, {16, 1, 1, 32}}};
  const aclDataType c04Types[] = {B16, B16, B16, F32, B16};
  for (size_t i = 0; i < c04.size(); ++i) {
    const Ints &x = c04[i].first, &w = c04[i].second;
    v.push_back(Case("ascend910B2_test_conv2D_C04_BFLOAT16", x, w, {}, {x[0], w[0], x[2] - w[2] + 1, x[3] - w[3] + 1},
                     c04Types[i], NCHW, {1, 1}, {0, 0}, {1, 1}, 1, kOk));
  }
  // conv2D_with_asymmetric_pad: x / w / y / padding / stride per sub-case, bias of w dim 0.
  struct Asym {
    Ints x, w, y, p, s;
    aclDataType t;
  };
  const std::vector<Asym> asym = {
      {{16, 40, 120, 120}, {31, 40, 10, 10}, {16, 31, 30, 31}, {2, 4, 4, 6}, {4, 4}, B16},
      {{16, 40, 120, 120}, {31, 40, 10, 10}, {16, 31, 30, 30}, {3, 3}, {4, 4}, B16},
      {{16, 64, 1, 120}, {31, 64, 1, 10}, {16, 31, 1, 29}, {0, 2}, {4, 4}, F16},
      {{4, 32, 16, 4200}, {32, 32, 52, 52}, {4, 32, 3, 72}, {100, 102, 192, 204}, {64, 64}, B16},
      {{4, 32, 1, 4200}, {32, 32, 1, 52}, {4, 32, 1, 65}, {0, 0, 0, 0}, {64, 64}, F16},
      {{16, 32, 40, 40}, {16, 32, 4, 64}, {16, 16, 15, 1}, {10, 12}, {4, 4}, F32},
      {{16, 3, 224, 224}, {34, 3, 16, 16}, {16, 34, 59, 61}, {10, 14, 14, 18}, {4, 4}, B16}};
  for (const Asym &a : asym)
    v.push_back(Case("ascend910B2_test_conv2D_with_asymmetric_pad", a.x, a.w, {a.w[0]}, a.y, a.t, NCHW, a.s, a.p,
                     {1, 1}, 1, kOk));
  for (Ints p : {Ints{5, 6, 7}, Ints{5}})
    v.push_back(Case("ascend910B2_exception_conv2D_with_asymmetric_pad", {16, 16, 16, 16}, {16, 16, 4, 4}, {16},
                     {16, 16, 4, 4}, F16, NCHW, {4, 4}, p, {1, 1}, 1, kPi));
  v.push_back(Case("test_conv1D_with_asymmetric_pad", {16, 64, 122}, {31, 64, 10}, {31}, {16, 31, 30}, F32, NCL, {4},
                   {2, 2}, {1}, 1, kOk));
  c = Conv2d("test_conv2D_input_FP16_weight_FP16_output_FP32_bias_NHWC", F16, F16, F32, F32, kPi);
  c.b.format = NHWC;
  v.push_back(c);
  c = Case("test_conv3dv2_incorrect_soc_version_negative", {20, 16, 32, 256, 256}, {32, 16, 3, 3, 3}, {32},
           {20, 32, 30, 254, 254}, B16, NCDHW, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 1, kOk);
  c.b.format = ND;
  v.push_back(c);
  for (aclDataType t : {B16, F32, F16}) {
    c = Case("test_conv3dv2_groups_not_equal_1", {20, 16, 4, 32, 32}, {32, 8, 3, 3, 3}, {32}, {20, 32, 2, 30, 30}, t,
             NCDHW, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 2, kOk);
    c.b.format = ND;
    v.push_back(c);
    v.push_back(Case("ascend910B2_test_conv3D_pointwise_bias", {2, 2, 32, 32, 32}, {2, 2, 1, 1, 1}, {2},
                     {2, 2, 32, 32, 32}, t, NCDHW, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 1, kOk));
    v.push_back(Case("ascend910B2_test_conv3D_pointwise_nonbias", {2, 2, 32, 32, 32}, {2, 2, 1, 1, 1}, {},
                     {2, 2, 32, 32, 32}, t, NCDHW, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 1, kOk));
  }
  v.push_back(Case("test_conv2D_NCHW_splitW_1", {3, 1, 410, 410}, {1, 1, 51, 51}, {1}, {3, 1, 360, 360}, F16, NCHW,
                   {1, 1}, {0, 0}, {1, 1}, 1, kOk));
  v.push_back(Case("test_conv2D_NCHW_splitW_2", {1, 16, 1792, 896}, {3200, 16, 14, 14}, {3200}, {1, 3200, 128, 64}, F16,
                   NCHW, {14, 14}, {0, 0}, {1, 1}, 1, kOk));
  for (int8_t cmt : {2, 3}) {
    c = Case("ascend910B2_test_conv3dv2_bf16_use_fp16 / _use_hf32", {2, 2, 32, 32, 32}, {2, 2, 3, 3, 3}, {},
             {2, 2, 32, 32, 32}, B16, NCDHW, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, kOk);
    c.cmt = cmt;
    v.push_back(c);
  }
  c = Case("ascend910B2_test_conv3dv2_fp16_use_hf32", {2, 2, 32, 32, 32}, {2, 2, 3, 3, 3}, {}, {2, 2, 32, 32, 32}, F16,
           NCDHW, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 1, kOk);
  c.cmt = 3;
  v.push_back(c);
  c = Conv2d("ascend_test_conv2D_input_bf16_weight_bf16_output_bf16_usefp16", B16, B16, B16, B16, kOk);
  c.b.format = ND, c.cmt = 2;
  v.push_back(c);
  c = Conv2d("ascend_test_conv2D_input_HIF8 (A2: dtype)", ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_HIFLOAT8, kPi);
  v.push_back(c);
  v.push_back(Case("ascend_test_conv1d_transpose_with_bias", {1, 384, 258}, {384, 1, 3}, {384}, {1, 384, 256}, F32, NCL,
                   {1}, {2}, {1}, 384, kTransposed, true, {0}));
  return v;
}

// Each CPU check step of §5.1 (and §9's CPU decisions) no vendor case isolates.
std::vector<ConvUt> CheckStepCases() {
  std::vector<ConvUt> v;
  ConvUt c = Conv2d("step 1: bias may be null", F32, F32, F32, F32, kOk);
  c.b = Null();
  v.push_back(c);
  c = Conv2d("step 1: stride null", F32, F32, F32, F32, kNp);
  c.nullArrays = true;
  v.push_back(c);
  c = Conv2d("step 2: bias dtype", F32, F32, ACL_DOUBLE, F32, kPi);
  v.push_back(c);
  c = Conv2d("step 2: output dtype", F32, F32, F32, ACL_INT32, kPi);
  v.push_back(c);
  c = Conv2d("step 3: output rank", F32, F32, F32, F32, kPi);
  c.y.shape = {2, 16, 32, 8, 1};
  v.push_back(c);
  c = Conv2d("step 3: dilation length", F32, F32, F32, F32, kPi);
  c.d = {1};
  v.push_back(c);
  c = Conv2d("step 3: 2-D padding of 4 values", F32, F32, F32, F32, kOk);
  c.p = {1, 1, 2, 2};
  v.push_back(c);
  v.push_back(Case("step 3: 3-D padding of 6 values", {1, 2, 4, 4, 4}, {2, 2, 1, 1, 1}, {2}, {1, 2, 4, 4, 4}, F32,
                   NCDHW, {1, 1, 1}, {0, 0, 0, 0, 0, 0}, {1, 1, 1}, 1, kPi));
  c = Conv2d("step 4: input and output formats differ", F32, F32, F32, F32, kPi);
  c.y.format = ACL_FORMAT_NCL;
  v.push_back(c);
  c = Conv2d("step 4: bias ND accepted", F32, F32, F32, F32, kOk);
  c.b.format = ND;
  v.push_back(c);
  c = Conv2d("step 4: FRACTAL_Z weight (Q6)", F16, F16, F16, F16, kPi);
  c.w.format = ACL_FORMAT_FRACTAL_Z;
  v.push_back(c);
  c = Conv2d("step 5a: negative input dim", F32, F32, F32, F32, kPi);
  c.x.shape = {2, 16, -1, 16};
  v.push_back(c);
  c = Conv2d("step 5c: dilation 0", F32, F32, F32, F32, kPi);
  c.d = {1, 0};
  v.push_back(c);
  c = Conv2d("step 5 (Q1): negative padding", F32, F32, F32, F32, kPi);
  c.p = {-1, 2};
  v.push_back(c);
  c = Conv2d("step 5f: weight dim 0 not divisible by groups", F32, F32, F32, F32, kPi);
  c.x.shape = {2, 15, 32, 16}, c.w.shape = {16, 5, 3, 3}, c.g = 3;
  v.push_back(c);
  c = Conv2d("step 7: cubeMathType 5", F32, F32, F32, F32, kPi);
  c.cmt = 5;
  v.push_back(c);
  c = Conv2d("step 7: cubeMathType 4", F32, F32, F32, F32, kOk);
  c.cmt = 4;
  v.push_back(c);
  c = Conv2d("CPU: output view outside its storage", F32, F32, F32, F32, kPi);
  c.y.storage = {8};
  v.push_back(c);
  c = Conv2d("CPU: output elements overlap", F32, F32, F32, F32, kPi);
  c.y.strides = {0, 0, 0, 1};
  c.y.storage = {8};
  v.push_back(c);
  return v;
}

class ConvolutionUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

void ExpectStatuses(const std::vector<ConvUt> &cases) {
  for (const ConvUt &c : cases) {
    EXPECT_EQ(c.Phase1(), c.expect) << c.name << ": " << aclGetRecentErrMsg();
  }
}

TEST_F(ConvolutionUt, VendorCasesOfSection61) { ExpectStatuses(ConvolutionCases()); }

TEST_F(ConvolutionUt, EachCheckStep) { ExpectStatuses(CheckStepCases()); }

TEST_F(ConvolutionUt, NullWorkspaceSizeAndExecutor) {
  const ConvUt c = Conv2d("", F32, F32, F32, F32, kOk);
  Descriptors owned;
  const Ints one = {1, 1};
  aclIntArray *a = aclCreateIntArray(one.data(), 2);
  aclOpExecutor *exec = nullptr;
  uint64_t ws = 0;
  EXPECT_EQ(aclnnConvolutionGetWorkspaceSize(owned.Make(c.x), owned.Make(c.w), nullptr, a, a, a, false, a, 1,
                                             owned.Make(c.y), 1, nullptr, &exec),
            kNp);
  ExpectErrorMessage("workspaceSize");
  EXPECT_EQ(aclnnConvolutionGetWorkspaceSize(owned.Make(c.x), owned.Make(c.w), nullptr, a, a, a, false, a, 1,
                                             owned.Make(c.y), 1, &ws, nullptr),
            kNp);
  aclDestroyIntArray(a);
}

TEST_F(ConvolutionUt, MessagesNameTheArgument) {
  ConvUt c = Conv2d("", F16, F16, F16, F16, kPi);
  c.g = 0, c.b = Null();
  EXPECT_EQ(c.Phase1(), kPi);
  ExpectErrorMessage("groups > 0, but got 0");
  c = Conv2d("", F16, F16, F16, F16, kPi);
  c.p = {-1, 2};
  EXPECT_EQ(c.Phase1(), kPi);
  ExpectErrorMessage("padding [-1, 2]");
  c = Conv2d("", F16, F16, F16, F16, kPi);
  c.y.shape = {2, 16, 33, 9};
  EXPECT_EQ(c.Phase1(), kPi);
  ExpectErrorMessage("expected output shape [2,16,32,8]");
}

// The successful small vendor cases also compute, against the float64 reference.
TEST_F(ConvolutionUt, SmallVendorCasesCompute) {
  ConvSpec s;
  s.x = {2, 16, 32, 16}, s.w = {16, 16, 3, 3}, s.stride = {1, 2}, s.padding = {1, 2}, s.dilation = {1, 2}, s.cmt = 1;
  for (aclDataType t : {F32, F16, B16}) EXPECT_TRUE(MatchesReference(RunConv(ConvSpec(s).All(t)))) << DTypeLabel(t);
  ConvSpec mixed = s;
  mixed.xType = F16, mixed.wType = F32, mixed.bType = F16, mixed.yType = F16;
  EXPECT_TRUE(MatchesReference(RunConv(mixed)));
  ConvSpec grouped = s;
  grouped.w = {16, 8, 3, 3}, grouped.groups = 2;
  EXPECT_TRUE(MatchesReference(RunConv(grouped)));
  ConvSpec noContiguous;  // test_conv2D_FP16_no_contiguous
  noContiguous.x = {2, 2, 16, 32}, noContiguous.w = {2, 2, 3, 3}, noContiguous.stride = {2, 1};
  noContiguous.padding = {2, 1}, noContiguous.dilation = {2, 1}, noContiguous.cmt = 1;
  noContiguous.All(F16);
  noContiguous.xLayout = Layout::Transposed(4), noContiguous.wLayout = Layout::Padded(4);
  EXPECT_TRUE(MatchesReference(RunConv(noContiguous)));
  ConvSpec asym;  // test_conv1D_with_asymmetric_pad, scaled down in N
  asym.x = {2, 64, 122}, asym.w = {31, 64, 10}, asym.stride = {4}, asym.padding = {2, 2}, asym.dilation = {1};
  asym.cmt = 1;
  EXPECT_TRUE(MatchesReference(RunConv(asym)));
}

// The small transposed vendor cases compute too (test_conv2DTranspose_NCHW, test_conv1DTranspose,
// ascend910B2_test_conv2DTranspose_NCHW_pad4dim, ascend_test_conv1d_transpose_with_bias scaled down).
TEST_F(ConvolutionUt, TransposedVendorCasesCompute) {
  ConvSpec s;
  s.transposed = true, s.cmt = 1;
  s.x = {2, 16, 32, 18}, s.w = {16, 16, 3, 3}, s.stride = {1, 1}, s.padding = {1, 1}, s.dilation = {1, 2};
  for (aclDataType t : {F32, F16, B16}) EXPECT_TRUE(MatchesReference(RunConv(ConvSpec(s).All(t)))) << DTypeLabel(t);
  ConvSpec pad4 = s;
  pad4.padding = {1, 1, 1, 1};
  EXPECT_TRUE(MatchesReference(RunConv(pad4)));
  ConvSpec oneD = s;
  oneD.x = {2, 16, 32}, oneD.w = {16, 16, 3}, oneD.stride = {1}, oneD.padding = {1}, oneD.dilation = {2};
  oneD.outputPadding = {1};
  for (aclDataType t : {F16, F32}) EXPECT_TRUE(MatchesReference(RunConv(ConvSpec(oneD).All(t)))) << DTypeLabel(t);
  ConvSpec depthwise = s;
  depthwise.x = {1, 48, 66}, depthwise.w = {48, 1, 3}, depthwise.stride = {1}, depthwise.padding = {2};
  depthwise.dilation = {1}, depthwise.groups = 48, depthwise.cmt = 3;
  EXPECT_TRUE(MatchesReference(RunConv(depthwise)));
}

// §6.2: aclnnConvDepthwise2d.
struct DwUt {
  std::string name;
  Desc x = D({2, 16, 32, 16}, F16, NCHW), w = D({16, 1, 3, 3}, F16, NCHW), b = D({16}, F16, NCHW),
       y = D({2, 16, 32, 16}, F16, NCHW);
  Ints ks = {3, 3}, s = {1, 1}, p = {1, 1}, d = {1, 1};
  aclnnStatus expect = kOk;
  bool nullArrays = false, nullKernelSize = false;
  int8_t cmt = 1;

  DwUt &All(aclDataType t) {
    for (Desc *e : {&x, &w, &b, &y}) e->dtype = t;
    return *this;
  }
  aclnnStatus Phase1() const {
    Descriptors owned;
    auto arr = [&](const Ints &v) { return nullArrays ? nullptr : aclCreateIntArray(v.data(), v.size()); };
    aclIntArray *ka = nullKernelSize ? nullptr : aclCreateIntArray(ks.data(), ks.size());
    aclIntArray *sa = arr(s), *pa = arr(p), *da = arr(d);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus st = aclnnConvDepthwise2dGetWorkspaceSize(owned.Make(x), owned.Make(w), ka, owned.Make(b), sa, pa,
                                                                da, owned.Make(y), cmt, &ws, &exec);
    if (st == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    for (aclIntArray *a : {ka, sa, pa, da})
      if (a != nullptr) aclDestroyIntArray(a);
    return st;
  }
};

DwUt Dw(std::string name, aclnnStatus expect) {
  DwUt c;
  c.name = std::move(name);
  c.expect = expect;
  return c;
}

std::vector<DwUt> DepthwiseCases() {
  std::vector<DwUt> v;
  const std::vector<std::array<aclDataType, 4>> mixes = {
      {F16, F16, F32, F16}, {F32, F32, F16, F32}, {F32, F16, F16, F32}, {F32, F16, F32, F32}};  // x, w, y, b
  for (const auto &m : mixes) {
    DwUt c = Dw("test_input_*_weight_*_output_* (dtype mix)", kPi);
    c.x.dtype = m[0], c.w.dtype = m[1], c.y.dtype = m[2], c.b.dtype = m[3];
    v.push_back(c);
  }
  for (aclDataType t : {F32, F16, B16}) v.push_back(Dw("test_NCHW / ascend910B2_test_1971", kOk).All(t));
  for (aclDataType t : {F32, F16}) {
    DwUt c = Dw("test_NHWC", kPi).All(t);
    c.x.shape = c.y.shape = {2, 32, 16, 16}, c.x.format = c.y.format = NHWC;
    v.push_back(c);
    c = Dw("test_NCL", kPi).All(t);
    c.w = D({16, 1, 3}, t, NCL);
    v.push_back(c);
    c = Dw("test_kernelSize_err", kPi).All(t);
    c.x.shape = c.y.shape = {2, 32, 16, 16}, c.ks = {5, 5};
    v.push_back(c);
  }
  DwUt c = Dw("test_infershape_error", kPi);
  c.y.shape = {2, 16, 33, 9};
  v.push_back(c);
  c = Dw("test_input_weight_dim_error_1", kPi);
  c.w.shape = {16, 1, 3};
  v.push_back(c);
  c = Dw("test_attr_dim_error", kPi);
  c.s = c.p = c.d = {1, 1, 1};
  v.push_back(c);
  c = Dw("test_input_weight_dim_error_2", kPi);
  c.x.shape = {1, 2, 16, 32, 16}, c.w.shape = {1, 16, 1, 3, 3};
  v.push_back(c);
  c = Dw("test_nullptr_error", kNp);
  c.x = c.w = c.y = Null();
  c.nullArrays = true;
  v.push_back(c);
  c = Dw("test_bias_nullptr", kOk);
  c.b = Null();
  v.push_back(c);
  c = Dw("test_shape_error_2", kPi);
  c.s = {-1, 0}, c.p = {-1, 1}, c.d = {-1, 0};
  v.push_back(c);
  c = Dw("test_shape_error_3", kPi).All(F32);
  c.w.shape = {16, 1, 48, 48}, c.ks = {48, 48};
  v.push_back(c);
  c = Dw("test_bias_shape", kPi);
  c.b.shape = {1, 16};
  v.push_back(c);
  c = Dw("test_bias_equal_outChannel", kPi);
  c.b.shape = {8};
  v.push_back(c);
  c = Dw("test_weight_1stDim", kPi);
  c.w.shape = {8, 1, 3, 3};
  v.push_back(c);
  c = Dw("test_channel_group", kPi);
  c.w.shape = {16, 2, 3, 3};
  v.push_back(c);
  c = Dw("test_empty_tensor_Batch", kOk).All(F32);
  c.x.shape = {0, 16, 32, 16}, c.y.shape = {0, 16, 32, 16};
  v.push_back(c);
  c = Dw("test_empty_tensor_Channel", kPi).All(F32);
  c.x.shape = {2, 0, 32, 16}, c.y.shape = {2, 0, 32, 16};
  v.push_back(c);
  c = Dw("test_weight_spatial_dim", kPi);
  c.w.shape = {16, 1, 0, 3}, c.ks = {0, 3};
  v.push_back(c);
  // CPU check steps.
  c = Dw("step 1 (Q7): kernelSize null", kNp);
  c.nullKernelSize = true;
  v.push_back(c);
  c = Dw("step 8 (Q7): kernelSize of one value", kPi);
  c.ks = {3};
  v.push_back(c);
  c = Dw("step 2: bias dtype differs from self", kPi);
  c.b.dtype = F32;
  v.push_back(c);
  c = Dw("step 3: padding of four values", kPi);
  c.p = {1, 1, 1, 1};
  v.push_back(c);
  c = Dw("step 5 (Q1): negative padding", kPi);
  c.p = {-1, 1};
  v.push_back(c);
  c = Dw("step 5: channel multiplier 2", kOk);
  c.w.shape = {32, 1, 3, 3}, c.b.shape = {32}, c.y.shape = {2, 32, 32, 16};
  v.push_back(c);
  c = Dw("step 7: cubeMathType -1", kPi);
  c.cmt = -1;
  v.push_back(c);
  return v;
}

TEST_F(ConvolutionUt, ConvDepthwise2dVendorCasesAndCheckSteps) {
  for (const DwUt &c : DepthwiseCases()) EXPECT_EQ(c.Phase1(), c.expect) << c.name << ": " << aclGetRecentErrMsg();
}

TEST_F(ConvolutionUt, ConvDepthwise2dComputes) {
  ConvSpec s;
  s.x = {2, 16, 32, 16}, s.w = {16, 1, 3, 3}, s.stride = {1, 1}, s.padding = {1, 1}, s.dilation = {1, 1}, s.cmt = 1;
  s.depthwise = true;
  for (aclDataType t : {F32, F16, B16}) EXPECT_TRUE(MatchesReference(RunConv(ConvSpec(s).All(t)))) << DTypeLabel(t);
  ConvSpec strided = ConvSpec(s).All(F16);  // test_FP16_no_contiguous
  strided.x = {2, 2, 16, 32}, strided.w = {2, 1, 3, 3};
  strided.xLayout = Layout::Transposed(4), strided.wLayout = Layout::Padded(4);
  EXPECT_TRUE(MatchesReference(RunConv(strided)));
}

}  // namespace
}  // namespace aclcpu_test::convolution_ut_test
