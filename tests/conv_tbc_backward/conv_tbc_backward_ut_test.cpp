// Every vendor unit-test case of pad-prelu-convtbc.md §3.9 with its status (the vendor's successful
// cases also run phase 2 here and are checked against the float64 reference), plus each rule of
// §3.4 no vendor case covers, with its code and message.
#include <limits>

#include "aclnn/opdev/op_errno.h"
#include "common/ut_descriptors.h"
#include "conv_tbc_backward/conv_tbc_backward_tester.h"

namespace aclcpu_test::conv_tbc_backward_ut_test {
namespace {

// A phase-1 case in §3.9's notation: input (5,1,2), weight (1,2,2), self (5,1,2), bias (2), pad 0,
// cubeMathType 1, outputs shaped like their inputs.
struct TbcCase {
  Desc self = D({5, 1, 2}), input = D({5, 1, 2}), weight = D({1, 2, 2}), bias = D({2});
  Desc gradInput = D({5, 1, 2}), gradWeight = D({1, 2, 2}), gradBias = D({2});
  int64_t pad = 0;
  int8_t cubeMathType = 1;
  bool nullWorkspaceSize = false, nullExecutor = false;
  mutable Descriptors owned;

  TbcCase &All(aclDataType t, aclFormat f = ACL_FORMAT_ND) {
    for (Desc *d : {&self, &input, &weight, &bias, &gradInput, &gradWeight, &gradBias}) d->dtype = t, d->format = f;
    return *this;
  }
  aclnnStatus Phase1() const {
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus status = aclnnConvTbcBackwardGetWorkspaceSize(
        owned.Make(self), owned.Make(input), owned.Make(weight), owned.Make(bias), pad, cubeMathType,
        owned.Make(gradInput), owned.Make(gradWeight), owned.Make(gradBias), nullWorkspaceSize ? nullptr : &ws,
        nullExecutor ? nullptr : &exec);
    if (status == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    return status;
  }
};

class ConvTbcBackwardUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Phase 1 fails with `code` and a message naming `needle`.
void ExpectRejected(const TbcCase &c, aclnnStatus code, const std::string &needle) {
  EXPECT_EQ(c.Phase1(), code);
  ExpectErrorMessage(needle);
}

void ExpectComputes(ConvTbcTester t) { ExpectMatchesReference(t, t.Run()); }

TEST_F(ConvTbcBackwardUt, CaseNormalFp16Ncl) {
  TbcCase c;
  c.All(ACL_FLOAT16, ACL_FORMAT_NCL);
  c.bias.format = c.gradBias.format = ACL_FORMAT_ND;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  ExpectComputes(ConvTbcTester().DType(ACL_FLOAT16).CubeMathType(1));
}

TEST_F(ConvTbcBackwardUt, CaseNullptr) {
  for (Desc TbcCase::*member : {&TbcCase::self, &TbcCase::input, &TbcCase::weight, &TbcCase::bias}) {
    TbcCase c;
    c.*member = Null();
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  }
}

TEST_F(ConvTbcBackwardUt, CaseEmptyTensorBatchIsRejectedBecauseSelfIsEmpty) {
  TbcCase c;
  c.input = c.gradInput = D({5, 0, 2});
  c.self = D({5, 0, 2});
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "non-empty self");
}

TEST_F(ConvTbcBackwardUt, CaseDtypeSupportFp32Ncl) {
  TbcCase c;
  c.All(ACL_FLOAT, ACL_FORMAT_NCL);
  c.bias.format = c.gradBias.format = ACL_FORMAT_ND;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  ExpectComputes(ConvTbcTester().CubeMathType(1));
}

TEST_F(ConvTbcBackwardUt, CaseDtypeNotSupport) {
  for (aclDataType t : {ACL_DOUBLE, ACL_INT32, ACL_COMPLEX64, ACL_COMPLEX128, ACL_DT_UNDEFINED, ACL_HIFLOAT8}) {
    TbcCase c;
    c.All(t);
    ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "self");
  }
}

TEST_F(ConvTbcBackwardUt, CaseFormatFailed) {
  TbcCase c;
  c.input.format = ACL_FORMAT_NCHW;
  c.bias.format = c.gradBias.format = ACL_FORMAT_NCL;
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "input");
}

TEST_F(ConvTbcBackwardUt, CaseFormatSucc0Fp16Nd) {
  TbcCase c;
  c.All(ACL_FLOAT16);
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST_F(ConvTbcBackwardUt, CaseFormatSucc1InputsNclOutputsNd) {
  TbcCase c;
  c.self.format = c.input.format = c.weight.format = ACL_FORMAT_NCL;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST_F(ConvTbcBackwardUt, CaseShape0InputBatchDiffersFromSelf) {
  TbcCase c;
  c.input = c.gradInput = D({5, 0, 2});
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "self of shape");
}

TEST_F(ConvTbcBackwardUt, Ascend950SelfSizeZero) {
  TbcCase c;
  c.self = D({0, 1, 2});
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "non-empty self");
}

// Empty input or weight: zero gradInput/gradWeight; gradBias is the true sum of self (the device
// writes the constant B * t, docs/compat.md), so self is random here, not ones.
TEST_F(ConvTbcBackwardUt, EmptyWeight) {
  TbcCase c;
  c.weight = c.gradWeight = D({0, 2, 2});
  c.self = D({6, 1, 2});
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  ConvTbcTester t;
  const ConvTbcOutputs out = t.Shape(5, 1, 2, 2, 0, 0).Run();
  ExpectMatchesReference(t, out);
  for (double v : out.dx) EXPECT_EQ(v, 0.0);
  EXPECT_TRUE(out.dw.empty());
}

TEST_F(ConvTbcBackwardUt, EmptyInput) {
  TbcCase c;
  c.input = c.gradInput = D({0, 1, 2});
  c.self = D({2, 1, 2});
  c.pad = 1;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  ConvTbcTester t;
  const ConvTbcOutputs out = t.Shape(0, 1, 2, 2, 1, 1).Run();
  ExpectMatchesReference(t, out);
  for (double v : out.dw) EXPECT_EQ(v, 0.0);
}

TEST_F(ConvTbcBackwardUt, EmptyInputAndWeight) {
  TbcCase c;
  c.input = c.gradInput = D({0, 1, 2});
  c.weight = c.gradWeight = D({0, 2, 2});
  c.self = D({1, 1, 2});
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  ConvTbcTester t;
  ExpectMatchesReference(t, t.Shape(0, 1, 2, 2, 0, 0).Run());
}

TEST_F(ConvTbcBackwardUt, Ascend950By3dFp16AndWithPad) {
  TbcCase c;
  c.All(ACL_FLOAT16);
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  TbcCase p;
  p.weight = p.gradWeight = D({3, 2, 2});
  p.pad = 1;
  EXPECT_EQ(p.Phase1(), ACLNN_SUCCESS);
  ExpectComputes(ConvTbcTester().Shape(5, 1, 2, 2, 3, 1).CubeMathType(1));
}

// ---- rules of §3.4 no vendor case covers -------------------------------------------------------

TEST_F(ConvTbcBackwardUt, NullOutputsAndOutParameters) {
  for (Desc TbcCase::*member : {&TbcCase::gradInput, &TbcCase::gradWeight, &TbcCase::gradBias}) {
    TbcCase c;
    c.*member = Null();
    ExpectRejected(c, ACLNN_ERR_PARAM_NULLPTR, "nullptr");
  }
  TbcCase ws;
  ws.nullWorkspaceSize = true;
  ExpectRejected(ws, ACLNN_ERR_PARAM_NULLPTR, "workspaceSize");
  TbcCase ex;
  ex.nullExecutor = true;
  ExpectRejected(ex, ACLNN_ERR_PARAM_NULLPTR, "executor");
}

TEST_F(ConvTbcBackwardUt, MixedDtypesArePromotedNotRejected) {
  TbcCase c;
  c.self.dtype = ACL_FLOAT16;
  c.weight.dtype = ACL_BF16;
  c.gradBias.dtype = ACL_BF16;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  TbcCase bad;
  bad.gradWeight.dtype = ACL_INT8;
  ExpectRejected(bad, ACLNN_ERR_PARAM_INVALID, "gradWeight");
  TbcCase badBias;
  badBias.bias.dtype = ACL_DOUBLE;
  ExpectRejected(badBias, ACLNN_ERR_PARAM_INVALID, "bias");
}

TEST_F(ConvTbcBackwardUt, BiasAndGradBiasMustBeNd) {
  TbcCase c;
  c.gradBias.format = ACL_FORMAT_NCL;
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "gradBias");
  TbcCase w;
  w.weight.format = ACL_FORMAT_NHWC;
  ExpectRejected(w, ACLNN_ERR_PARAM_INVALID, "weight");
}

TEST_F(ConvTbcBackwardUt, Ranks) {
  TbcCase self;
  self.self = D({5, 2});
  ExpectRejected(self, ACLNN_ERR_PARAM_INVALID, "self of rank 3");
  TbcCase bias;
  bias.bias = D({1, 2});
  ExpectRejected(bias, ACLNN_ERR_PARAM_INVALID, "bias of rank 1");
  TbcCase gw;
  gw.gradWeight = D({1, 2, 2, 1});
  ExpectRejected(gw, ACLNN_ERR_PARAM_INVALID, "gradWeight of rank 3");
}

TEST_F(ConvTbcBackwardUt, ChannelMismatches) {
  TbcCase cin;
  cin.input = cin.gradInput = D({5, 1, 3});
  ExpectRejected(cin, ACLNN_ERR_PARAM_INVALID, "Cin");
  TbcCase cout;
  cout.bias = D({3});
  ExpectRejected(cout, ACLNN_ERR_PARAM_INVALID, "Cout");
}

TEST_F(ConvTbcBackwardUt, PadRules) {
  TbcCase negative;
  negative.pad = -1;
  ExpectRejected(negative, ACLNN_ERR_PARAM_INVALID, "pad >= 0");
  TbcCase huge;
  huge.pad = std::numeric_limits<int64_t>::max() / 2;
  ExpectRejected(huge, ACLNN_ERR_PARAM_INVALID, "representable");
  TbcCase tooLongFilter;  // K = 9 > T + 2 pad + 1 = 6
  tooLongFilter.weight = tooLongFilter.gradWeight = D({9, 2, 2});
  ExpectRejected(tooLongFilter, ACLNN_ERR_PARAM_INVALID, ">= 0");
  TbcCase wrongSelf;  // pad 2 makes t = 9
  wrongSelf.pad = 2;
  ExpectRejected(wrongSelf, ACLNN_ERR_PARAM_INVALID, "self of shape [9,1,2]");
}

TEST_F(ConvTbcBackwardUt, OutputShapes) {
  TbcCase gi;
  gi.gradInput = D({5, 2, 1});
  ExpectRejected(gi, ACLNN_ERR_PARAM_INVALID, "gradInput");
  TbcCase gb;
  gb.gradBias = D({3});
  ExpectRejected(gb, ACLNN_ERR_PARAM_INVALID, "gradBias");
}

TEST_F(ConvTbcBackwardUt, CubeMathTypeRange) {
  for (int8_t cmt : {-1, 4, 127}) {
    TbcCase c;
    c.cubeMathType = cmt;
    ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "cubeMathType");
  }
  for (int8_t cmt : {0, 1, 2, 3}) {
    TbcCase c;
    c.cubeMathType = cmt;
    EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  }
}

TEST_F(ConvTbcBackwardUt, ViewsMustFitTheirStorage) {
  TbcCase c;
  c.input.storage = {9};  // 10 elements viewed
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "input view");
  TbcCase overflow;
  overflow.gradWeight.strides = {std::numeric_limits<int64_t>::max() / 2, 2, 1};
  overflow.gradWeight.shape = {1, 2, 2};
  overflow.gradWeight.storage = {4};
  overflow.pad = 0;
  EXPECT_EQ(overflow.Phase1(), ACLNN_SUCCESS);  // dim 0 has one element: the huge stride is never used
  overflow.gradWeight.strides = {2, std::numeric_limits<int64_t>::max() / 2, 1};
  ExpectRejected(overflow, ACLNN_ERR_PARAM_INVALID, "gradWeight");
}

// Shapes whose element counts overflow int64 are rejected before anything is sized from them;
// aclCreateTensor refuses to invent contiguous strides that overflow.
TEST_F(ConvTbcBackwardUt, OverflowingShapes) {
  const int64_t huge = int64_t{1} << 62;
  const std::vector<int64_t> unstridable = {4, huge, 4};
  EXPECT_EQ(
      aclCreateTensor(unstridable.data(), 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, unstridable.data(), 3, nullptr),
      nullptr);
  TbcCase c;
  c.self = c.input = c.gradInput = D({huge, 4, 2});
  ExpectRejected(c, ACLNN_ERR_PARAM_INVALID, "fits in int64");
}

}  // namespace
}  // namespace aclcpu_test::conv_tbc_backward_ut_test
