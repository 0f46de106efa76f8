// Every vendor unit-test case of norm-forward.md §1.11 for aclnnLayerNorm, aclnnLayerNormWithImplMode
// and aclnnFastLayerNorm (phase 1 only, as in the vendor's suites), plus the validation order of
// §1.5 / §1.13 and the CPU's choices (docs/compat.md).
#include <memory>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::layer_norm_ut_test {
namespace {

enum class Api { kPlain, kImplMode, kFast };
const Api kApis[] = {Api::kPlain, Api::kImplMode, Api::kFast};
const char *ApiName(Api a) {
  return a == Api::kPlain      ? "aclnnLayerNorm"
         : a == Api::kImplMode ? "aclnnLayerNormWithImplMode"
                               : "aclnnFastLayerNorm";
}

// A case in the notation of §1.11: f32 ND, out = in, w = b = ns, mean = rstd = m.
struct UtCase {
  Desc input, weight, bias, out, mean, rstd;
  std::vector<int64_t> ns;
  bool nsPresent = true;
  int32_t implMode = 0;
  double eps = 1e-12;

  UtCase(std::vector<int64_t> in, std::vector<int64_t> normalized, std::vector<int64_t> m)
      : input(D(in)), weight(D(normalized)), bias(D(normalized)), out(D(in)), mean(D(m)), rstd(D(m)), ns(normalized) {}

  UtCase &AllDType(aclDataType t) {
    for (Desc *d : {&input, &weight, &bias, &out, &mean, &rstd}) d->dtype = t;
    return *this;
  }
  UtCase &AllFormat(aclFormat f) {
    for (Desc *d : {&input, &weight, &bias, &out, &mean, &rstd}) d->format = f;
    return *this;
  }

  mutable Descriptors owned;

  aclnnStatus Phase1(Api api, uint64_t *ws = nullptr, aclOpExecutor **exec = nullptr) const {
    auto make = [this](const Desc &d) { return owned.Make(d); };
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> nsArray(
        nsPresent ? aclCreateIntArray(ns.data(), ns.size()) : nullptr, aclDestroyIntArray);
    uint64_t localWs = 0;
    aclOpExecutor *localExec = nullptr;
    uint64_t *w = ws != nullptr ? ws : &localWs;
    aclOpExecutor **e = exec != nullptr ? exec : &localExec;
    aclnnStatus status;
    switch (api) {
      case Api::kImplMode:
        status = aclnnLayerNormWithImplModeGetWorkspaceSize(make(input), nsArray.get(), make(weight), make(bias), eps,
                                                            make(out), make(mean), make(rstd), implMode, w, e);
        break;
      case Api::kFast:
        status = aclnnFastLayerNormGetWorkspaceSize(make(input), nsArray.get(), make(weight), make(bias), eps,
                                                    make(out), make(mean), make(rstd), w, e);
        break;
      default:
        status = aclnnLayerNormGetWorkspaceSize(make(input), nsArray.get(), make(weight), make(bias), eps, make(out),
                                                make(mean), make(rstd), w, e);
    }
    if (status == ACLNN_SUCCESS && exec == nullptr) aclDestroyAclOpExecutor(localExec);  // never run
    return status;
  }
  // The same expectation from all three functions (the §1.11 "analogues").
  void ExpectAll(aclnnStatus expected) const {
    for (Api api : kApis) EXPECT_EQ(Phase1(api), expected) << ApiName(api);
  }
};

TEST(LayerNormUt, Case01Float32Nd) { UtCase({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1}).ExpectAll(ACLNN_SUCCESS); }

TEST(LayerNormUt, Float32Nchw) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.AllFormat(ACL_FORMAT_NCHW).ExpectAll(ACLNN_SUCCESS);
}

TEST(LayerNormUt, Case02DoubleRejected) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.AllDType(ACL_DOUBLE).ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("aclnnLayerNorm: expected input dtype in {FLOAT16, FLOAT, BF16}, but got DOUBLE");
}

TEST(LayerNormUt, Case03InputDtypeUint64) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.AllDType(ACL_UINT64).AllFormat(ACL_FORMAT_NCHW).ExpectAll(ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, Case04WeightDtypeUint64) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.weight.dtype = c.bias.dtype = ACL_UINT64;
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("weightOptional dtype");
}

TEST(LayerNormUt, Case05BiasDtypeUint64) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.bias.dtype = ACL_UINT64;
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("biasOptional dtype");
}

TEST(LayerNormUt, Case06WeightBiasDiffDtype) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.bias.dtype = ACL_FLOAT16;
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, Case07OutDtypeUint64) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.out.dtype = c.mean.dtype = c.rstd.dtype = ACL_UINT64;
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("out dtype");
}

TEST(LayerNormUt, Case08HwcnAllReduce) {
  UtCase c({3, 2, 1, 16}, {3, 2, 1, 16}, {1, 1, 1, 1});
  c.AllFormat(ACL_FORMAT_HWCN).ExpectAll(ACLNN_SUCCESS);
  UtCase w({3, 5, 1, 16}, {3, 5, 1, 16}, {1, 1, 1, 1});  // the WithImplMode suite's shape
  EXPECT_EQ(w.AllFormat(ACL_FORMAT_HWCN).Phase1(Api::kImplMode), ACLNN_SUCCESS);
}

TEST(LayerNormUt, Case09Ndhwc) {
  UtCase({2, 3, 4, 5, 6}, {3, 4, 5, 6}, {2, 1, 1, 1, 1}).AllFormat(ACL_FORMAT_NDHWC).ExpectAll(ACLNN_SUCCESS);
}

TEST(LayerNormUt, Case10Ncdhw) {
  UtCase({2, 2, 2, 2, 2}, {2, 2}, {2, 2, 2, 1, 1}).AllFormat(ACL_FORMAT_NCDHW).ExpectAll(ACLNN_SUCCESS);
}

TEST(LayerNormUt, Case11EmptyRows) {
  UtCase c({0, 2, 7, 18}, {7, 18}, {0, 2, 1, 1});
  c.ExpectAll(ACLNN_SUCCESS);
  uint64_t ws = 1;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(c.Phase1(Api::kPlain, &ws, &exec), ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  aclDestroyAclOpExecutor(exec);
}

TEST(LayerNormUt, Case12EmptyColumns) {
  UtCase({2, 0, 4}, {0, 4}, {2, 1, 1}).ExpectAll(ACLNN_SUCCESS);  // values: LayerNormNumeric.EmptyColumns...
}

TEST(LayerNormUt, Case13InputRankTooLarge) {
  UtCase c({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2}, {1, 1, 1, 1, 1, 1, 1, 1, 1, 2}, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, Case14EmptyNormalizedShape) {
  UtCase c({2, 6, 5, 6}, {}, {2, 6, 5, 6});
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("normalizedShape length >= 1");
}

TEST(LayerNormUt, Case15WeightRankDiffersFromNormalizedShape) {
  UtCase c({2, 6, 5, 6}, {5, 6}, {2, 6, 1, 1});
  c.weight = c.bias = D({6, 5, 6});
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("weightOptional rank equal to normalizedShape length 2");
}

TEST(LayerNormUt, Case16InputAndNormalizedShapeDiffer) {
  UtCase c({2, 6, 5, 6}, {7, 8}, {2, 6, 1, 1});
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("normalizedShape [7,8] equal to the trailing dims of input");
}

TEST(LayerNormUt, Case17WeightAndBiasShapesDiffer) {
  UtCase c({2, 2}, {2}, {2, 1});
  c.bias = D({3});
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("biasOptional shape equal to normalizedShape");
}

// On the A2 these are ViewCopy failures (561103); the CPU reports 161002 (docs/compat.md).
TEST(LayerNormUt, Case18MeanShape) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.mean = D({3, 1, 1, 1});
  EXPECT_EQ(c.Phase1(Api::kPlain), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("meanOutOptional of shape [2,1,1,1]");
  EXPECT_EQ(c.Phase1(Api::kFast), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, Case19RstdShape) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.rstd = D({2, 1, 5, 1});
  EXPECT_EQ(c.Phase1(Api::kPlain), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("rstdOutOptional of shape [2,1,1,1]");
}

TEST(LayerNormUt, Case20To22NullRequired) {
  for (int which = 0; which < 3; ++which) {
    UtCase c({7, 8, 9}, {8, 9}, {7, 1, 1});
    if (which == 0) c.input = Null();
    if (which == 1) c.nsPresent = false;
    if (which == 2) c.out = Null();
    c.ExpectAll(ACLNN_ERR_PARAM_NULLPTR);
  }
}

TEST(LayerNormUt, Case23To24NullStatistics) {
  UtCase a({7, 8, 9}, {8, 9}, {7, 1, 1});
  a.mean = Null();
  a.ExpectAll(ACLNN_SUCCESS);
  UtCase b({7, 8, 9}, {8, 9}, {7, 1, 1});
  b.rstd = Null();
  b.ExpectAll(ACLNN_SUCCESS);
}

TEST(LayerNormUt, Case25Float16MixDtype) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.AllFormat(ACL_FORMAT_NCHW);
  c.input.dtype = c.out.dtype = ACL_FLOAT16;
  c.ExpectAll(ACLNN_SUCCESS);
}

TEST(LayerNormUt, Case26Bfloat16MixDtype) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.input.dtype = c.out.dtype = ACL_BF16;
  c.ExpectAll(ACLNN_SUCCESS);
}

// The WithImplMode suite's extra cases.
TEST(LayerNormUt, ImplModeFloat16Nd) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.AllDType(ACL_FLOAT16).implMode = 2;
  EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_SUCCESS);
  c.implMode = 1;
  EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_SUCCESS);
}

TEST(LayerNormUt, ImplModeThreeRejected) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.implMode = 3;
  EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("aclnnLayerNormWithImplMode: expected implMode 0 (high precision), 1 (high performance) or 2");
  c.implMode = -1;
  EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, ImplModeTwoNeedsFloat16) {
  UtCase c({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  c.implMode = 2;
  EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("FLOAT16 input with implMode 2");
  UtCase w({2, 6, 5, 6}, {6, 5, 6}, {2, 1, 1, 1});
  w.AllDType(ACL_FLOAT16).implMode = 2;
  w.weight.dtype = w.bias.dtype = ACL_FLOAT;
  EXPECT_EQ(w.Phase1(Api::kImplMode), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("FLOAT16 weightOptional with implMode 2");
}

TEST(LayerNormUt, ImplModeBeit3SingleRead) {
  UtCase c({1024, 52, 1024}, {1024}, {1024, 52, 1});
  c.input.dtype = c.weight.dtype = c.bias.dtype = c.out.dtype = ACL_BF16;
  EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_SUCCESS);
}

TEST(LayerNormUt, ImplModeNullWeightOrBias) {
  for (int which = 0; which < 2; ++which) {
    UtCase c({2, 1, 512}, {512}, {2, 1, 1});
    (which == 0 ? c.weight : c.bias) = Null();
    EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_SUCCESS);
    UtCase d({2, 1, 512}, {512}, {2, 1, 1});  // bf16 input, the other param FLOAT
    d.input.dtype = d.out.dtype = ACL_BF16;
    (which == 0 ? d.weight : d.bias) = Null();
    EXPECT_EQ(d.Phase1(Api::kImplMode), ACLNN_SUCCESS);
  }
}

// ---- Order of the checks (§1.5; §1.13 for Fast) -------------------------------------------------

TEST(LayerNormUt, OrderDTypesBeforeShapes) {
  UtCase c({2, 6}, {7}, {2, 1});
  c.input.dtype = c.out.dtype = ACL_DOUBLE;
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("input dtype");
}

TEST(LayerNormUt, OrderWeightRulesBeforeBias) {
  UtCase c({2, 6}, {6}, {2, 1});
  c.weight.dtype = ACL_BF16;  // not FLOAT and not input's dtype
  c.bias.dtype = ACL_UINT8;
  EXPECT_EQ(c.Phase1(Api::kPlain), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("weightOptional dtype FLOAT or equal to input dtype FLOAT");
}

TEST(LayerNormUt, OrderFastChecksWeightEqualsBiasBeforeBiasRules) {
  // bias FLOAT16 with FLOAT input: the bias rule fails, but Fast checks weight == bias first.
  UtCase c({2, 6}, {6}, {2, 1});
  c.bias.dtype = ACL_FLOAT16;
  EXPECT_EQ(c.Phase1(Api::kFast), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("weightOptional and biasOptional of one dtype");
  EXPECT_EQ(c.Phase1(Api::kPlain), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("biasOptional dtype FLOAT or equal to input dtype");
}

TEST(LayerNormUt, OrderParamDTypeMustMatchInput) {
  UtCase c({2, 6}, {6}, {2, 1});
  c.weight.dtype = c.bias.dtype = ACL_FLOAT16;  // input FLOAT
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, OrderOutputDTypesAny) {
  // out/mean/rstd may be any of L, independently (the result is cast), except Fast's out.
  UtCase c({2, 6}, {6}, {2, 1});
  c.out.dtype = ACL_BF16;
  c.mean.dtype = ACL_FLOAT16;
  EXPECT_EQ(c.Phase1(Api::kPlain), ACLNN_SUCCESS);
  EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_SUCCESS);
  EXPECT_EQ(c.Phase1(Api::kFast), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("aclnnFastLayerNorm: expected out dtype equal to input dtype FLOAT, but got BF16");
}

TEST(LayerNormUt, OrderRanksBeforeNormalizedShape) {
  UtCase c({2, 6}, {}, {2, 1});
  c.out = D({1, 1, 1, 1, 1, 1, 1, 1, 1});
  EXPECT_EQ(c.Phase1(Api::kPlain), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out");
  // Fast checks len(ns) >= 1 first.
  EXPECT_EQ(c.Phase1(Api::kFast), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("normalizedShape length >= 1");
}

TEST(LayerNormUt, OrderNormalizedShapeTooLong) {
  UtCase c({2, 6}, {1, 1, 1, 1, 1, 1, 1, 1, 2, 6}, {2, 1});
  c.weight = c.bias = Null();
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("normalizedShape length <= 8");
}

TEST(LayerNormUt, OrderInputRankBeforeWeightRank) {
  UtCase c({6}, {2, 6}, {1});
  c.weight = c.bias = D({6});
  EXPECT_EQ(c.Phase1(Api::kPlain), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("input rank >= normalizedShape length 2");
  // Fast checks rank(weight) first.
  EXPECT_EQ(c.Phase1(Api::kFast), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("weightOptional rank equal to normalizedShape length 2");
}

TEST(LayerNormUt, OrderPerIndexShapeCheck) {
  // Index 0: ns matches input but weight does not; index 1: ns does not match input. Index 0 wins.
  UtCase c({3, 4, 5}, {4, 6}, {3, 1, 1});
  c.weight = D({9, 6});
  EXPECT_EQ(c.Phase1(Api::kPlain), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("weightOptional shape equal to normalizedShape [4,6]");
}

TEST(LayerNormUt, OrderOutShapeLast) {
  UtCase c({3, 4}, {4}, {3, 1});
  c.out = D({4, 3});
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("out");
}

TEST(LayerNormUt, OrderImplModeAfterShapes) {
  UtCase c({3, 4}, {5}, {3, 1});
  c.implMode = 7;
  EXPECT_EQ(c.Phase1(Api::kImplMode), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("normalizedShape [5]");
}

TEST(LayerNormUt, EmptyRowsExitBeforeStatShapes) {
  // M == 0 returns before the statistics' shapes are looked at (plain); Fast tests N == 0 first.
  UtCase c({0, 4}, {4}, {5, 5});
  c.ExpectAll(ACLNN_SUCCESS);
}

TEST(LayerNormUt, StatShapeSingleElementWhenOneRow) {
  UtCase c({1, 16}, {16}, {1});
  c.ExpectAll(ACLNN_SUCCESS);
  UtCase d({2, 16}, {16}, {2});
  d.ExpectAll(ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, NullWorkspaceSizeOrExecutor) {
  UtCase c({3, 4}, {4}, {3, 1});
  auto make = [&c](const Desc &d) { return c.owned.Make(d); };
  const int64_t ns[] = {4};
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> nsArray(aclCreateIntArray(ns, 1),
                                                                             aclDestroyIntArray);
  aclOpExecutor *exec = nullptr;
  uint64_t ws = 0;
  EXPECT_EQ(aclnnLayerNormGetWorkspaceSize(make(c.input), nsArray.get(), nullptr, nullptr, 1e-5, make(c.out), nullptr,
                                           nullptr, nullptr, &exec),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnFastLayerNormGetWorkspaceSize(make(c.input), nsArray.get(), nullptr, nullptr, 1e-5, make(c.out),
                                               nullptr, nullptr, &ws, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
}

TEST(LayerNormUt, NegativeDimsRejected) {
  UtCase c({2, -3}, {-3}, {2, 1});
  c.weight = c.bias = Null();
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, ViewOutsideStorageRejected) {
  UtCase c({3, 4}, {4}, {3, 1});
  c.input.storage = {5};
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
}

TEST(LayerNormUt, EmptyColumnsFillWalksBroadcastDimsOnce) {
  // N == 0 fills the statistics in their own shapes. A stride-0 dim of 2^40 elements is one element
  // to write; a view that overlaps itself otherwise is refused (found by the fuzzer as a hang).
  UtCase c({3, 0}, {0}, {3, 1});
  c.mean = D({1, int64_t{1} << 40});
  c.mean.strides = {1, 0};
  c.mean.storage = {1};
  c.ExpectAll(ACLNN_SUCCESS);
  c.mean = D({4, 4});
  c.mean.strides = {1, 1};
  c.mean.storage = {7};
  c.ExpectAll(ACLNN_ERR_PARAM_INVALID);
  c.Phase1(Api::kPlain);
  ExpectErrorMessage("meanOutOptional view whose elements do not overlap");
}

TEST(LayerNormUt, Phase2NullExecutor) {
  EXPECT_EQ(aclnnLayerNorm(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnLayerNormWithImplMode(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnFastLayerNorm(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
}

}  // namespace
}  // namespace aclcpu_test::layer_norm_ut_test
