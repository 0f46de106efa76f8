// Phase 1 of aclnnGroupNormBackward as a table (docs/ops/group_norm.md §2): the 28 vendor op_api UT cases
// (test_aclnn_group_norm_backward.cpp, §2.5) with the status the A2 gets, then our rows for each step of the check
// order (§2.4). Every tensor has real memory: a refused call must leave the outputs untouched and leave a message;
// an accepted one also runs phase 2, writing only the selected outputs. Then the empty-input case (nothing written).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_group_norm_backward.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::group_norm_backward_ut_test {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

// One phase-1 call. Defaults are the vendor UT defaults: N=2, C=3, HxW=4, group=1, gradOut = input = gradInput
// [2,3,4], gamma = gradGamma = gradBeta [3], mean = rstd [2,1], all FLOAT ND, outputMask {T,T,T}.
struct GnbRow {
  std::string name;
  Desc gradOut = D({2, 3, 4}), input = D({2, 3, 4}), mean = D({2, 1}), rstd = D({2, 1}), gamma = D({3});
  Desc gradInput = D({2, 3, 4}), gradGamma = D({3}), gradBeta = D({3});
  int64_t n = 2, c = 3, hw = 4, group = 1;
  std::vector<bool> mask = {true, true, true};
  bool nullMask = false, nullWorkspaceSize = false, nullExecutor = false;
  aclnnStatus expected = kOk;
  std::string needle;  // lower-case word the error message must contain
  bool zeroWorkspace = false;

  GnbRow &GradOut(Desc d) {
    gradOut = std::move(d);
    return *this;
  }
  GnbRow &Input(Desc d) {
    input = std::move(d);
    return *this;
  }
  GnbRow &Mean(Desc d) {
    mean = std::move(d);
    return *this;
  }
  GnbRow &Rstd(Desc d) {
    rstd = std::move(d);
    return *this;
  }
  GnbRow &Gamma(Desc d) {
    gamma = std::move(d);
    return *this;
  }
  GnbRow &GradInput(Desc d) {
    gradInput = std::move(d);
    return *this;
  }
  GnbRow &GradGamma(Desc d) {
    gradGamma = std::move(d);
    return *this;
  }
  GnbRow &GradBeta(Desc d) {
    gradBeta = std::move(d);
    return *this;
  }
  // gradOut, input and gradInput of `shape`.
  GnbRow &Data(std::vector<int64_t> shape) {
    gradOut.shape = input.shape = gradInput.shape = std::move(shape);
    return *this;
  }
  // gamma, gradGamma and gradBeta of `shape`.
  GnbRow &Params(std::vector<int64_t> shape) {
    gamma.shape = gradGamma.shape = gradBeta.shape = std::move(shape);
    return *this;
  }
  GnbRow &Stats(std::vector<int64_t> shape) {
    mean.shape = rstd.shape = std::move(shape);
    return *this;
  }
  GnbRow &AllDtype(aclDataType t) {
    for (Desc *d : {&gradOut, &input, &mean, &rstd, &gamma, &gradInput, &gradGamma, &gradBeta}) d->dtype = t;
    return *this;
  }
  GnbRow &Ncw(int64_t nn, int64_t cc, int64_t hxw) {
    n = nn;
    c = cc;
    hw = hxw;
    return *this;
  }
  GnbRow &Group(int64_t g) {
    group = g;
    return *this;
  }
  GnbRow &Mask(std::vector<bool> m) {
    mask = std::move(m);
    return *this;
  }
  GnbRow &NoMask() {
    nullMask = true;
    return *this;
  }
  GnbRow &NoWorkspaceSize() {
    nullWorkspaceSize = true;
    return *this;
  }
  GnbRow &NoExecutor() {
    nullExecutor = true;
    return *this;
  }
  GnbRow &Msg(std::string m) {
    needle = std::move(m);
    return *this;
  }
  GnbRow &ZeroWorkspace() {
    zeroWorkspace = true;
    return *this;
  }
};

void PrintTo(const GnbRow &r, std::ostream *os) { *os << r.name; }

GnbRow R(std::string name, aclnnStatus expected) {
  GnbRow r;
  r.name = std::move(name);
  r.expected = expected;
  return r;
}

const Desc kNone = Null();

const std::pair<aclDataType, const char *> kInvalidDtypes[] = {
    {ACL_DOUBLE, "DOUBLE"},       {ACL_UINT8, "UINT8"},          {ACL_INT8, "INT8"}, {ACL_INT16, "INT16"},
    {ACL_INT32, "INT32"},         {ACL_INT64, "INT64"},          {ACL_BOOL, "BOOL"}, {ACL_STRING, "STRING"},
    {ACL_COMPLEX64, "COMPLEX64"}, {ACL_COMPLEX128, "COMPLEX128"}};

void Add(std::vector<GnbRow> &r, std::vector<GnbRow> more) { r.insert(r.end(), more.begin(), more.end()); }

// ---- the vendor UT cases (§2.5), numbered as there --------------------------------------------------------------

std::vector<GnbRow> VendorRows() {
  std::vector<GnbRow> r = {
      R("v01_case_float_normal", kOk),
      R("v02_Ascend910B2_case_float_normal", kOk),
      R("v03_case_float16_normal", kOk).AllDtype(ACL_FLOAT16),
      R("v04_ascend910B2_case_bfloat16_normal", kOk).AllDtype(ACL_BF16),
  };
  for (const auto &[t, label] : kInvalidDtypes)
    r.push_back(R(std::string("v05_case_invalid_dtype_abnormal_") + label, kInvalid).AllDtype(t).Msg("gradout"));
  Add(r, {
             R("v06_case_gradout_not_1d_normal", kOk).AllDtype(ACL_FLOAT16).GradOut(D({24}, ACL_FLOAT16)),
             R("v07_case_1d_normal", kOk).Data({2}).Params({1}).Ncw(2, 1, 1),
             R("v08_case_2d_normal", kOk).Data({2, 3}).Ncw(2, 3, 1),
             R("v09_case_8d_normal", kOk).Data({2, 3, 4, 1, 1, 1, 1, 1}),
             R("v10_case_9d_abnormal", kInvalid).Data({2, 3, 4, 1, 1, 1, 1, 1, 1}).Msg("gradout"),
             R("v11_case_gradout_nullptr_abnormal", kNull).GradOut(kNone).Msg("gradout"),
             R("v12_case_input_nullptr_abnormal", kNull).Input(kNone).Msg("input"),
             R("v13_case_mean_nullptr_abnormal", kNull).Mean(kNone).Msg("mean"),
             R("v14_case_shape_not_same_normal", kOk)
                 .Input(D({2, 3, 4, 1, 1}))
                 .GradInput(D({2, 3, 4, 1, 1}))
                 .Gamma(D({1, 3}))
                 .GradGamma(D({1, 3}))
                 .GradBeta(D({1, 3})),
             R("v15_case_rstd_nullptr_abnormal", kNull).Rstd(kNone).Msg("rstd"),
             R("v16_case_gamma_nullptr_normal", kOk).Gamma(kNone),
             R("v17_case_gradinput_nullptr_normal", kOk).Mask({false, true, true}).GradInput(kNone),
             R("v18_case_dgamma_nullptr_normal", kOk).Mask({true, false, true}).GradGamma(kNone),
             R("v19_case_dbeta_nullptr_normal", kOk).Mask({true, true, false}).GradBeta(kNone),
             R("v20_case_diff_dtype_abnormal", kInvalid).Input(D({2, 3, 4}, ACL_FLOAT16)).Msg("input"),
             R("v21_case_group_not_gt0_abnormal", kInvalid).Group(0).Stats({2, 0}).Msg("group"),
             R("v22_case_gradout_numel_ne_abnormal", kInvalid).GradOut(D({2, 3, 5})).GradInput(D({2, 3, 5})),
             R("v23_case_gradout_shape_ne_gradinput_abnormal", kInvalid).GradInput(D({2, 3, 5})).Msg("gradinput"),
             R("v24_case_C_not_div_group_abnormal", kInvalid).Group(2).Msg("group"),
             R("v25_Ascend950PR_9599_case_float_normal", kInvalid).Mask({}).Msg("outputmask"),
             R("v26_Ascend950PR_9599_case_float_normal_2", kOk)
                 .Data({2, 4, 128})
                 .Params({4})
                 .Ncw(2, 4, 128)
                 .Group(2)
                 .Stats({2, 2}),
             R("v27_Ascend950PR_9599_case_float16_normal_3", kOk)
                 .AllDtype(ACL_FLOAT16)
                 .Data({2, 4, 128})
                 .Params({4})
                 .Ncw(2, 4, 128)
                 .Group(2)
                 .Stats({2, 2}),
             R("v28_Ascend950PR_9599_case_bfloat16_normal_4", kOk)
                 .AllDtype(ACL_BF16)
                 .Data({2, 4, 128})
                 .Params({4})
                 .Ncw(2, 4, 128)
                 .Group(2)
                 .Stats({2, 2}),
         });
  return r;
}

// ---- our rows: each step of §2.4 --------------------------------------------------------------------------------

std::vector<GnbRow> OrderRows() {
  const aclDataType f16 = ACL_FLOAT16, bf16 = ACL_BF16, f32 = ACL_FLOAT;
  return {
      // 1. workspaceSize / executor first of all
      R("s1_null_workspace_size", kNull).NoWorkspaceSize().Msg("workspacesize"),
      R("s1_null_executor", kNull).NoExecutor().Msg("executor"),
      R("s1_null_executor_before_null_gradout", kNull).NoExecutor().GradOut(kNone).Msg("executor"),
      // 2. gradOut, input, mean, rstd in this order; gamma may be null
      R("s2_null_gradout_before_null_input", kNull).GradOut(kNone).Input(kNone).Msg("gradout"),
      R("s2_null_mean_before_null_rstd", kNull).Mean(kNone).Rstd(kNone).Msg("mean"),
      R("s2_null_rstd_before_mask", kNull).Rstd(kNone).NoMask().Msg("rstd"),
      R("s2_gamma_null_float16", kOk).AllDtype(f16).Gamma(kNone),
      // 3. the mask: every failure 161002, a selected null output included (doc says 161001; code wins)
      R("s3_mask_null", kInvalid).NoMask().Msg("outputmask"),
      R("s3_mask_of_two", kInvalid).Mask({true, true}).Msg("outputmask"),
      R("s3_mask_of_four", kInvalid).Mask({true, true, true, true}).Msg("outputmask"),
      R("s3_selected_gradinput_null", kInvalid).GradInput(kNone).Msg("gradinput"),
      R("s3_selected_gradgamma_null", kInvalid).GradGamma(kNone).Msg("gradgammaout"),
      R("s3_selected_gradbeta_null", kInvalid).GradBeta(kNone).Msg("gradbetaout"),
      R("s3_mask_before_dtype", kInvalid).GradInput(kNone).Input(D({2, 3, 4}, f16)).Msg("gradinput"),
      R("s3_all_unselected_all_null", kOk)
          .Mask({false, false, false})
          .GradInput(kNone)
          .GradGamma(kNone)
          .GradBeta(kNone),
      // 4. dtypes: everything is gradOut's; unselected outputs are ignored
      R("s4_gradout_double", kInvalid).GradOut(D({2, 3, 4}, ACL_DOUBLE)).Msg("gradout"),
      R("s4_mean_float16", kInvalid).Mean(D({2, 1}, f16)).Msg("mean"),
      R("s4_rstd_bfloat16", kInvalid).Rstd(D({2, 1}, bf16)).Msg("rstd"),
      R("s4_float_stats_float16_data", kInvalid).AllDtype(f16).Mean(D({2, 1}, f32)).Rstd(D({2, 1}, f32)).Msg("mean"),
      R("s4_gamma_float_data_bfloat16", kInvalid).AllDtype(bf16).Gamma(D({3}, f32)).Msg("gamma"),
      R("s4_gradinput_float16", kInvalid).GradInput(D({2, 3, 4}, f16)).Msg("gradinput"),
      R("s4_gradgamma_float16", kInvalid).GradGamma(D({3}, f16)).Msg("gradgammaout"),
      R("s4_gradbeta_bfloat16", kInvalid).GradBeta(D({3}, bf16)).Msg("gradbetaout"),
      R("s4_unselected_output_dtype_ignored", kOk).Mask({true, false, true}).GradGamma(D({3}, ACL_INT32)),
      R("s4_dtype_before_group", kInvalid).Mean(D({2, 1}, f16)).Group(0).Msg("mean"),
      // 5. attributes on the parameters
      R("s5_group_negative", kInvalid).Group(-1).Msg("group"),
      R("s5_group_equals_C", kOk).Group(3).Stats({2, 3}),
      R("s5_channels_per_group_8000", kOk).Data({1, 8000, 1}).Params({8000}).Ncw(1, 8000, 1).Stats({1, 1}),
      R("s5_channels_per_group_8001", kInvalid)
          .Data({1, 8001, 1})
          .Params({8001})
          .Ncw(1, 8001, 1)
          .Stats({1, 1})
          .Msg("8000"),
      R("s5_C_240001", kInvalid)
          .Data({1, 240001, 1})
          .Params({240001})
          .Ncw(1, 240001, 1)
          .Group(240001)
          .Stats({1, 240001})
          .Msg("240000"),
      R("s5_C_240000_group_30", kOk).Data({1, 240000, 1}).Params({240000}).Ncw(1, 240000, 1).Group(30).Stats({1, 30}),
      R("s5_group_before_rank", kInvalid).Group(0).Data({2, 3, 4, 1, 1, 1, 1, 1, 1}).Msg("group"),
      // 6. shapes: numels against the parameters, exact shapes of selected outputs
      R("s6_rank9_gradout", kInvalid).GradOut(D({2, 3, 4, 1, 1, 1, 1, 1, 1})).Msg("gradout"),
      R("s6_rank9_input_not_checked", kOk)
          .Input(D({2, 3, 4, 1, 1, 1, 1, 1, 1}))
          .GradInput(D({2, 3, 4, 1, 1, 1, 1, 1, 1})),
      R("s6_gradout_flat_input_3d", kOk).GradOut(D({24})),
      R("s6_input_numel", kInvalid).Input(D({2, 3, 5})).GradInput(D({2, 3, 5})).Msg("input"),
      R("s6_param_HxW_wrong", kInvalid).Ncw(2, 3, 5).Msg("gradout"),
      R("s6_mean_any_shape_of_N_group", kOk).Mean(D({2})).Rstd(D({1, 1, 2})),
      R("s6_mean_numel", kInvalid).Mean(D({3, 1})).Msg("mean"),
      R("s6_rstd_numel", kInvalid).Rstd(D({2, 2})).Msg("rstd"),
      R("s6_gamma_numel", kInvalid).Gamma(D({4})).Msg("gamma"),
      R("s6_gamma_3_by_1_with_outputs_3_by_1", kOk).Params({3, 1}),
      R("s6_gradgamma_not_gamma_shape", kInvalid).Gamma(D({1, 3})).Msg("gradgammaout"),
      R("s6_gradbeta_not_gamma_shape", kInvalid).GradBeta(D({3, 1})).Msg("gradbetaout"),
      R("s6_gamma_null_gradgamma_must_be_C", kInvalid).Gamma(kNone).GradGamma(D({1, 3})).Msg("gradgammaout"),
      R("s6_gradinput_same_numel_other_shape", kInvalid).GradInput(D({2, 12})).Msg("gradinput"),
      R("s6_unselected_shapes_ignored", kOk).Mask({false, true, false}).GradInput(D({5})).GradBeta(D({7})),
      R("s6_gradinput_before_gradgamma", kInvalid).GradInput(D({24})).GradGamma(D({4})).Msg("gradinput"),
      R("s6_N_overflow", kInvalid).Ncw(int64_t{1} << 62, 4, 4).Msg("overflow"),
      // 7. empty data after every check: success, workspace 0, nothing written
      R("s7_empty_HxW", kOk).Data({2, 3, 0}).Ncw(2, 3, 0).ZeroWorkspace(),
      R("s7_empty_N", kOk).Data({0, 3, 4}).Ncw(0, 3, 4).Stats({0, 1}).ZeroWorkspace(),
      R("s7_empty_after_dtype", kInvalid).Data({2, 3, 0}).Ncw(2, 3, 0).Mean(D({2, 1}, f16)),
      R("s7_empty_after_gradgamma_shape", kInvalid).Data({2, 3, 0}).Ncw(2, 3, 0).GradGamma(D({4})),
      // CPU rule (docs/compat.md): C and HxW both negative would pass the numel checks
      R("cpu_negative_C_and_HxW", kInvalid).Gamma(kNone).Mask({true, false, false}).Ncw(2, -3, -4).Msg("hxw"),
      // formats are never checked
      R("formats_unchecked", kOk)
          .GradOut(D({2, 3, 4}, f32, ACL_FORMAT_NC1HWC0))
          .Input(D({2, 3, 4}, f32, ACL_FORMAT_NHWC))
          .Mean(D({2, 1}, f32, ACL_FORMAT_FRACTAL_NZ)),
  };
}

std::vector<GnbRow> AllRows() {
  std::vector<GnbRow> r = VendorRows();
  Add(r, OrderRows());
  return r;
}

// A tensor of a row with memory behind it, every byte kPattern, so a write that should not happen shows.
class BackedTensor {
 public:
  static constexpr unsigned char kPattern = 0x3C;  // 1.1757 in FLOAT/BF16 halves, finite in FLOAT16
  explicit BackedTensor(const Desc &d) {
    if (!d.present) return;
    bytes_ =
        std::max<size_t>(static_cast<size_t>(std::max<int64_t>(NumelOf(d.shape), 0)) * aclDataTypeSize(d.dtype), 1);
    EXPECT_EQ(aclrtMalloc(&data_, bytes_, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclrtMemset(data_, bytes_, kPattern, bytes_);
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

class GroupNormBackwardUt : public ::testing::TestWithParam<GnbRow> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(GroupNormBackwardUt, Phase1Status) {
  const GnbRow &row = GetParam();
  BackedTensor gradOut(row.gradOut), input(row.input), mean(row.mean), rstd(row.rstd), gamma(row.gamma);
  BackedTensor gradInput(row.gradInput), gradGamma(row.gradGamma), gradBeta(row.gradBeta);
  bool maskValues[4] = {};
  for (size_t i = 0; i < row.mask.size(); ++i) maskValues[i] = row.mask[i];
  aclBoolArray *mask = row.nullMask ? nullptr : aclCreateBoolArray(maskValues, row.mask.size());
  (void)aclGetRecentErrMsg();
  uint64_t ws = 12345;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = aclnnGroupNormBackwardGetWorkspaceSize(
      gradOut.get(), input.get(), mean.get(), rstd.get(), gamma.get(), row.n, row.c, row.hw, row.group, mask,
      gradInput.get(), gradGamma.get(), gradBeta.get(), row.nullWorkspaceSize ? nullptr : &ws,
      row.nullExecutor ? nullptr : &exec);
  const std::string message = aclGetRecentErrMsg();
  if (mask != nullptr) aclDestroyBoolArray(mask);
  ASSERT_EQ(status, row.expected) << (status != kOk ? message : std::string("success"));
  const BackedTensor *outputs[3] = {&gradInput, &gradGamma, &gradBeta};
  if (status == kOk) {
    ASSERT_NE(exec, nullptr);
    if (row.zeroWorkspace) {
      EXPECT_EQ(ws, 0u);
    }
    EXPECT_EQ(RunPhase2(aclnnGroupNormBackward, ws, exec), kOk) << aclGetRecentErrMsg();
    // Unselected outputs are never touched; selected ones of non-empty data are written (except a gradBeta that
    // sums one pattern value per channel, N * HxW = 1, and so equals it).
    const bool empty = NumelOf(row.gradOut.shape) == 0;
    for (size_t i = 0; i < 3; ++i) {
      if (!row.mask[i] || empty) {
        EXPECT_TRUE(outputs[i]->Untouched()) << "output " << i << " written";
      } else if (i < 2 || row.n * row.hw > 1) {
        EXPECT_FALSE(outputs[i]->Untouched()) << "output " << i << " not written";
      }
    }
    return;
  }
  EXPECT_FALSE(message.empty()) << "a refused call leaves a message for aclGetRecentErrMsg";
  if (!row.needle.empty()) {
    EXPECT_NE(Lower(message).find(row.needle), std::string::npos) << "message: " << message;
  }
  for (const BackedTensor *o : outputs) EXPECT_TRUE(o->Untouched()) << "an output written by a refused call";
}

INSTANTIATE_TEST_SUITE_P(Rows, GroupNormBackwardUt, ::testing::ValuesIn(AllRows()),
                         [](const ::testing::TestParamInfo<GnbRow> &info) { return info.param.name; });

// A view that still needs more than 8 dims after merging (input's rank is not bounded by the vendor) is refused
// with a message rather than misread (docs/compat.md); a 9-D contiguous one merges and runs.
TEST(GroupNormBackwardUtViews, NineDimInputThatCannotMergeIsRefused) {
  aclInit(nullptr);
  const std::vector<int64_t> shape = {2, 3, 2, 2, 2, 2, 2, 2, 2};
  std::vector<int64_t> strides(9);
  int64_t running = 1;
  for (size_t d = 9; d-- > 0;) {
    strides[d] = running * 2;  // every dim strided: nothing merges
    running *= shape[d] * 2;
  }
  const int64_t elements = running;
  void *data = nullptr;
  ASSERT_EQ(aclrtMalloc(&data, static_cast<size_t>(elements) * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclTensor *input =
      aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, &elements, 1, data);
  DeviceTensor gradOut({2, 3, 128}, ACL_FLOAT), mean({2, 1}, ACL_FLOAT), rstd({2, 1}, ACL_FLOAT),
      gradGamma({3}, ACL_FLOAT);
  const bool maskValues[3] = {false, true, false};
  aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnGroupNormBackwardGetWorkspaceSize(gradOut.get(), input, mean.get(), rstd.get(), nullptr, 2, 3, 128, 1,
                                                   mask, nullptr, gradGamma.get(), nullptr, &ws, &exec),
            kInvalid);
  ExpectErrorMessage("input");
  aclDestroyBoolArray(mask);
  aclDestroyTensor(input);
  aclrtFree(data);
}

TEST(GroupNormBackwardUtPhase2, NullExecutorIsNullptrError) {
  aclInit(nullptr);
  EXPECT_EQ(aclnnGroupNormBackward(nullptr, 0, nullptr, nullptr), kNull);
}

}  // namespace
}  // namespace aclcpu_test::group_norm_backward_ut_test
