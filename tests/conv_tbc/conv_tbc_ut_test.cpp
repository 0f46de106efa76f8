// Every vendor unit-test case of conv-tbc-forward.md §10 with its status (the successful ones also
// run phase 2 here and are checked against the float64 reference), plus each rule of the CPU
// validation order of §4 no vendor case covers, with its code and message.
#include <limits>

#include "aclnn/opdev/op_errno.h"
#include "common/ut_descriptors.h"
#include "conv_tbc/conv_tbc_tester.h"

namespace aclcpu_test::conv_tbc_ut_test {
namespace {

// A phase-1 case in §10's notation: FLOAT16, ND, cubeMathType 1, self (16,16,8), weight (3,8,16),
// bias (16), output (16,16,16), pad 1.
struct FwdCase {
  Desc self = D({16, 16, 8}, ACL_FLOAT16), weight = D({3, 8, 16}, ACL_FLOAT16), bias = D({16}, ACL_FLOAT16);
  Desc output = D({16, 16, 16}, ACL_FLOAT16);
  int64_t pad = 1;
  int8_t cubeMathType = 1;
  bool nullWorkspaceSize = false, nullExecutor = false;
  mutable Descriptors owned;

  FwdCase &All(aclDataType t, aclFormat f = ACL_FORMAT_ND) {
    for (Desc *d : {&self, &weight, &bias, &output}) d->dtype = t, d->format = f;
    return *this;
  }
  aclnnStatus Phase1() const {
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus status =
        aclnnConvTbcGetWorkspaceSize(owned.Make(self), owned.Make(weight), owned.Make(bias), pad, owned.Make(output),
                                     cubeMathType, nullWorkspaceSize ? nullptr : &ws, nullExecutor ? nullptr : &exec);
    if (status == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    return status;
  }
};

class ConvTbcUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

void ExpectRejected(const FwdCase &c, aclnnStatus code, const std::string &needle) {
  EXPECT_EQ(c.Phase1(), code);
  ExpectErrorMessage(needle);
}

void ExpectComputes(ConvTbcForwardTester t) { ExpectMatchesReference(t, t.Run()); }

TEST_F(ConvTbcUt, DefaultCaseSucceeds) {
  EXPECT_EQ(FwdCase().Phase1(), ACLNN_SUCCESS);
  ExpectComputes(ConvTbcForwardTester().Shape(16, 16, 8, 16, 3, 1).DType(ACL_FLOAT16).CubeMathType(1));
}

TEST_F(ConvTbcUt, BiasDimError) {
  FwdCase c;
  c.bias = D({1, 1, 16}, ACL_FLOAT16);
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "bias of rank 1");
}

TEST_F(ConvTbcUt, EmptyTensor1KIsZero) {
  FwdCase c;
  c.self = D({0, 0, 0}, ACL_FLOAT16), c.weight = D({0, 0, 0}, ACL_FLOAT16), c.bias = D({0}, ACL_FLOAT16);
  c.output = D({3, 0, 0}, ACL_FLOAT16);
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "(K) > 0");
}

TEST_F(ConvTbcUt, EmptyTensor2CinZeroGivesTheBias) {
  FwdCase c;
  c.self = D({16, 16, 0}, ACL_FLOAT16), c.weight = D({3, 0, 16}, ACL_FLOAT16), c.bias = D({16}, ACL_FLOAT);
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  ExpectComputes(
      ConvTbcForwardTester().Shape(16, 16, 0, 16, 3, 1).DType(ACL_FLOAT16).BiasType(ACL_FLOAT).CubeMathType(1));
}

TEST_F(ConvTbcUt, EmptyTensor3PadRule) {
  FwdCase c;
  c.self = D({1, 16, 8}, ACL_FLOAT16), c.weight = D({4, 8, 16}, ACL_FLOAT16), c.bias = D({16}, ACL_FLOAT);
  c.output = D({0, 16, 16}, ACL_FLOAT16);
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "T + pad >= K");
}

TEST_F(ConvTbcUt, EmptyTensor4BiasIsNotCout) {
  FwdCase c;
  c.self = D({32, 2, 16}, ACL_FLOAT16), c.weight = D({3, 16, 64}, ACL_FLOAT16), c.bias = D({0}, ACL_FLOAT);
  c.output = D({30, 2, 64}, ACL_FLOAT16), c.pad = 0;
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "bias of weight dim 2 (Cout) elements");
}

TEST_F(ConvTbcUt, EmptyTensor6EmptyOutputIsANoOp) {
  FwdCase c;
  c.self = D({0, 2, 16}, ACL_FLOAT16), c.weight = D({1, 16, 64}, ACL_FLOAT16), c.bias = D({64}, ACL_FLOAT);
  c.output = D({0, 2, 64}, ACL_FLOAT16), c.pad = 0;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  ConvTbcForwardTester t;
  t.Shape(0, 2, 16, 64, 1, 0).DType(ACL_FLOAT16).BiasType(ACL_FLOAT).CubeMathType(1);
  const ConvTbcForwardOutputs out = t.Run();
  EXPECT_EQ(out.status, 0);
  EXPECT_EQ(out.workspaceSize, 0u);
}

TEST_F(ConvTbcUt, EmptyTensor7CinMismatch) {
  FwdCase c;
  c.self = D({32, 2, 0}, ACL_FLOAT16), c.weight = D({3, 16, 64}, ACL_FLOAT16), c.bias = D({64}, ACL_FLOAT16);
  c.output = D({30, 2, 64}, ACL_FLOAT16), c.pad = 0;
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "(Cin) equal to self dim 2");
}

TEST_F(ConvTbcUt, EmptyTensor10KIsZero) {
  FwdCase c;
  c.self = D({32, 2, 16}, ACL_FLOAT16), c.weight = D({0, 16, 64}, ACL_FLOAT16), c.bias = D({64}, ACL_FLOAT16);
  c.output = D({30, 2, 64}, ACL_FLOAT16), c.pad = 0;
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "(K) > 0");
}

TEST_F(ConvTbcUt, DimError) {
  FwdCase c;
  c.self = D({16, 16, 8, 4}, ACL_FLOAT16, ACL_FORMAT_NCHW), c.weight = D({3, 8, 16, 4}, ACL_FLOAT16, ACL_FORMAT_NCHW);
  c.output = D({16, 16, 16, 4}, ACL_FLOAT16, ACL_FORMAT_NCHW);
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "self of rank 3");
}

TEST_F(ConvTbcUt, DimErrorChannel1) {
  FwdCase c;
  c.weight = D({3, 10, 16}, ACL_FLOAT16);
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "(Cin) equal to self dim 2");
}

TEST_F(ConvTbcUt, DimErrorChannel2) {
  FwdCase c;
  c.bias = D({8}, ACL_FLOAT16);
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "bias of weight dim 2");
}

TEST_F(ConvTbcUt, NullptrError) {
  FwdCase c;
  c.self = Null();
  ExpectRejected(c, ACLNN_ERR_PARAM_NULLPTR, "self");
}

// ---- the rules of §4 beyond the vendor cases ----------------------------------------------------

TEST_F(ConvTbcUt, NullsInOrderThenOutParameters) {
  for (Desc FwdCase::*member : {&FwdCase::self, &FwdCase::weight, &FwdCase::bias, &FwdCase::output}) {
    FwdCase c;
    c.*member = Null();
    c.All(ACL_DOUBLE);  // a null is reported before any dtype rule
    c.*member = Null();
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  }
  FwdCase ws;
  ws.nullWorkspaceSize = true;
  ws.self.dtype = ACL_DOUBLE;  // the out parameters come before the dtypes too
  ExpectRejected(ws, ACLNN_ERR_PARAM_NULLPTR, "workspaceSize");
  FwdCase ex;
  ex.nullExecutor = true;
  ExpectRejected(ex, ACLNN_ERR_PARAM_NULLPTR, "executor");
}

TEST_F(ConvTbcUt, DtypesInOrder) {
  for (aclDataType bad : {ACL_DOUBLE, ACL_INT32, ACL_INT8, ACL_COMPLEX64, ACL_DT_UNDEFINED}) {
    FwdCase c;
    c.bias.dtype = bad;
    c.self.dtype = ACL_DOUBLE;  // the bias is checked first
    ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "bias");
    FwdCase s;
    s.All(bad);
    s.bias.dtype = ACL_FLOAT;
    ExpectRejected(s, ACLNN_ERR_PARAM_INVALID, "self");
  }
  FwdCase w;
  w.weight.dtype = ACL_FLOAT;
  ExpectRejected(w, ACLNN_ERR_PARAM_INVALID, "weight dtype equal to self dtype");
  FwdCase o;
  o.output.dtype = ACL_BF16;
  o.self.shape = {16, 16, 8, 1};  // dtypes come before ranks
  ExpectRejected(o, ACLNN_ERR_PARAM_INVALID, "output dtype equal to weight dtype");
}

TEST_F(ConvTbcUt, EveryA2DtypeWithAnyBiasDtype) {
  const aclDataType floats[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  int seed = 0;
  for (aclDataType t : floats) {
    for (aclDataType b : floats) {
      FwdCase c;
      c.All(t);
      c.bias.dtype = b;
      EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
      ConvTbcForwardTester tester;
      tester.Shape(5, 2, 3, 4, 2, 1).DType(t).BiasType(b).Seed(++seed);
      ExpectComputes(tester);
    }
  }
}

TEST_F(ConvTbcUt, RanksBeforeFormats) {
  FwdCase c;
  c.weight = D({3, 8}, ACL_FLOAT16, ACL_FORMAT_NCHW);
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "weight of rank 3");
  FwdCase o;
  o.output = D({16, 16, 16, 1}, ACL_FLOAT16);
  ExpectRejected(o, ACLNN_ERR_PARAM_INVALID, "output of rank 3");
  FwdCase b;
  b.bias = D({}, ACL_FLOAT16);
  ExpectRejected(b, ACLNN_ERR_PARAM_INVALID, "bias of rank 1");
}

TEST_F(ConvTbcUt, FormatsNdOrNclAndTheBiasLabelIsFree) {
  FwdCase ncl;
  ncl.All(ACL_FLOAT16, ACL_FORMAT_NCL);
  EXPECT_EQ(ncl.Phase1(), ACLNN_SUCCESS);
  FwdCase biasNchw;
  biasNchw.bias.format = ACL_FORMAT_NCHW;
  EXPECT_EQ(biasNchw.Phase1(), ACLNN_SUCCESS);
  for (Desc FwdCase::*member : {&FwdCase::self, &FwdCase::weight, &FwdCase::output}) {
    FwdCase c;
    (c.*member).format = ACL_FORMAT_NCHW;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  }
  FwdCase s;
  s.self.format = ACL_FORMAT_NHWC;
  s.pad = -1;  // formats come before values
  ExpectRejected(s, ACLNN_ERR_PARAM_INVALID, "self");
}

TEST_F(ConvTbcUt, ValuesInOrder) {
  // bias == Cout before K > 0 before pad >= 0.
  FwdCase bias;
  bias.bias = D({15}, ACL_FLOAT16), bias.weight = D({0, 8, 16}, ACL_FLOAT16), bias.pad = -1;
  ExpectRejected(bias, ACLNN_ERR_PARAM_INVALID, "bias of weight dim 2");
  FwdCase k;
  k.weight = D({0, 8, 16}, ACL_FLOAT16), k.pad = -1;
  ExpectRejected(k, ACLNN_ERR_PARAM_INVALID, "(K) > 0");
  FwdCase pad;
  pad.pad = -1;
  ExpectRejected(pad, ACLNN_ERR_PARAM_INVALID, "pad >= 0");
  FwdCase huge;
  huge.pad = std::numeric_limits<int64_t>::max() / 2;
  ExpectRejected(huge, ACLNN_ERR_PARAM_INVALID, "representable in int64");
  // The pad rule before Cin and the output shape.
  FwdCase rule;
  rule.self = D({1, 16, 8}, ACL_FLOAT16), rule.weight = D({4, 10, 16}, ACL_FLOAT16);
  rule.output = D({0, 16, 16}, ACL_FLOAT16);
  ExpectRejected(rule, ACLNN_ERR_PARAM_INVALID, "T + pad >= K");
  // Cin before the output shape.
  FwdCase cin;
  cin.weight = D({3, 10, 16}, ACL_FLOAT16), cin.output = D({1, 1, 1}, ACL_FLOAT16);
  ExpectRejected(cin, ACLNN_ERR_PARAM_INVALID, "(Cin)");
  FwdCase shape;
  shape.output = D({15, 16, 16}, ACL_FLOAT16);
  ExpectRejected(shape, ACLNN_ERR_PARAM_INVALID, "output of shape [16,16,16]");
}

TEST_F(ConvTbcUt, NegativeDims) {
  const std::vector<int64_t> dims = {16, -1, 8}, strides = {8, 8, 1}, storage = {128};
  aclTensor *t =
      aclCreateTensor(dims.data(), 3, ACL_FLOAT16, strides.data(), 0, ACL_FORMAT_ND, storage.data(), 1, nullptr);
  if (t == nullptr) GTEST_SKIP() << "aclCreateTensor refuses negative dims";
  Descriptors owned;
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnConvTbcGetWorkspaceSize(t, owned.Make(D({3, 8, 16}, ACL_FLOAT16)), owned.Make(D({15}, ACL_FLOAT16)), 1,
                                         owned.Make(D({16, 16, 16}, ACL_FLOAT16)), 1, &ws, &exec),
            ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self without negative dims");  // before the bias rule
  aclDestroyTensor(t);
}

// The device's pad rule counts the pad once: T = 2, K = 4, pad = 1 has Tout = 1 but is rejected while
// self has data, and passes when self is empty.
TEST_F(ConvTbcUt, PadRuleOnlyForSelfWithData) {
  FwdCase c;
  c.self = D({2, 16, 8}, ACL_FLOAT16), c.weight = D({4, 8, 16}, ACL_FLOAT16), c.output = D({1, 16, 16}, ACL_FLOAT16);
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "T + pad >= K");
  c.self = D({2, 0, 8}, ACL_FLOAT16), c.output = D({1, 0, 16}, ACL_FLOAT16);
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  FwdCase t0;  // T = 0 with 2 pad >= K: the output is the bias
  t0.self = D({0, 16, 8}, ACL_FLOAT16), t0.output = D({0, 16, 16}, ACL_FLOAT16);
  t0.pad = 1;  // Tout = 0 + 2 - 3 + 1 = 0
  EXPECT_EQ(t0.Phase1(), ACLNN_SUCCESS);
  t0.pad = 0;  // Tout = -2: no output shape matches
  ExpectRejected(t0, ACLNN_ERR_PARAM_INVALID, "output of shape");
}

TEST_F(ConvTbcUt, CubeMathTypeZeroToFour) {
  for (int8_t cmt = 0; cmt <= 4; ++cmt) {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      FwdCase c;
      c.All(t);
      c.cubeMathType = cmt;
      EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS) << int{cmt};
    }
  }
  for (int8_t cmt : {int8_t{-1}, int8_t{5}, int8_t{127}}) {
    FwdCase c;
    c.cubeMathType = cmt;
    ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "cubeMathType in [0, 4]");
  }
}

TEST_F(ConvTbcUt, ViewsMustFitTheirStorage) {
  FwdCase c;
  c.self.storage = {16 * 16 * 8 - 1};
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "self view");
  FwdCase b;
  b.bias.storage = {15};
  ExpectRejected(b, ACLNN_ERR_PARAM_INVALID, "bias view");
  FwdCase o;
  o.output.strides = {256, 16, std::numeric_limits<int64_t>::max() / 2};
  o.output.storage = {4096};
  ExpectRejected(o, ACLNN_ERR_PARAM_INVALID, "output");
}

TEST_F(ConvTbcUt, OverflowingShapes) {
  const int64_t huge = int64_t{1} << 62;
  FwdCase c;
  c.self = D({huge, 4, 8}, ACL_FLOAT16);
  c.output = D({huge, 4, 16}, ACL_FLOAT16);
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

}  // namespace
}  // namespace aclcpu_test::conv_tbc_ut_test
