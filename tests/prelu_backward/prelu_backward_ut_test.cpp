// Every vendor unit-test case of pad-prelu-convtbc.md §2.6 with its status (the vendor's successful
// cases also run phase 2 here and are checked against the float64 reference), plus the rules of
// §2.3 no vendor case covers.
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_prelu_backward.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"
#include "prelu_backward/prelu_backward_tester.h"

namespace aclcpu_test::prelu_backward_ut_test {
namespace {

// A phase-1 case in §2.6's notation: go/self/weight/gradInput/gradWeight, fp32 ND by default.
struct PreluCase {
  Desc gradOutput, self, weight, gradInput, gradWeight;
  mutable Descriptors owned;

  PreluCase(std::vector<int64_t> shape, std::vector<int64_t> w, std::vector<int64_t> gw, aclDataType t = ACL_FLOAT,
            aclFormat f = ACL_FORMAT_ND)
      : gradOutput(D(shape, t, f)),
        self(D(shape, t, f)),
        weight(D(w, t, f)),
        gradInput(D(shape, t, f)),
        gradWeight(D(gw, t, f)) {}

  aclnnStatus Phase1() const {
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus status =
        aclnnPreluBackwardGetWorkspaceSize(owned.Make(gradOutput), owned.Make(self), owned.Make(weight),
                                           owned.Make(gradInput), owned.Make(gradWeight), &ws, &exec);
    if (status == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    return status;
  }
};

class PreluBackwardUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

const std::vector<int64_t> kShape = {2, 2, 3, 2};

// Cases that succeed are also computed end to end.
void ExpectComputes(PreluTester t) { ExpectMatchesReference(t, t.Run()); }

TEST_F(PreluBackwardUt, Case001Float) {
  EXPECT_EQ(PreluCase(kShape, {2}, {2}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self(kShape).Weight({2}));
}

TEST_F(PreluBackwardUt, Case002To005FormatsAreNotChecked) {
  EXPECT_EQ(PreluCase(kShape, {2}, {2}, ACL_FLOAT16, ACL_FORMAT_NCHW).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PreluCase(kShape, {2}, {2}, ACL_FLOAT16, ACL_FORMAT_NHWC).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PreluCase(kShape, {2}, {2}, ACL_FLOAT, ACL_FORMAT_NDHWC).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PreluCase(kShape, {2}, {2}, ACL_FLOAT, ACL_FORMAT_NCDHW).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self(kShape).Weight({2}).DType(ACL_FLOAT16));
}

TEST_F(PreluBackwardUt, Case006EmptyBatch) { EXPECT_EQ(PreluCase({0, 2, 3, 2}, {2}, {2}).Phase1(), ACLNN_SUCCESS); }

TEST_F(PreluBackwardUt, Case007To011NullTensors) {
  for (int which = 0; which < 5; ++which) {
    PreluCase c(kShape, {2}, {2});
    Desc *slots[] = {&c.gradOutput, &c.self, &c.weight, &c.gradInput, &c.gradWeight};
    *slots[which] = Null();
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR) << which;
  }
  ExpectErrorMessage("gradWeight");
}

TEST_F(PreluBackwardUt, Case012Double) {
  EXPECT_EQ(PreluCase(kShape, {2}, {2}, ACL_DOUBLE).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self dtype in {FLOAT, FLOAT16, BF16}");
}

TEST_F(PreluBackwardUt, Case013To016OneTensorFloatRestHalf) {
  for (int which = 0; which < 4; ++which) {
    PreluCase c(kShape, {2}, {2}, ACL_FLOAT16);
    Desc *slots[] = {&c.gradOutput, &c.weight, &c.gradInput, &c.gradWeight};
    slots[which]->dtype = ACL_FLOAT;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << which;
  }
  ExpectErrorMessage("gradWeight dtype equal to self dtype FLOAT16");
}

TEST_F(PreluBackwardUt, Case017BroadcastOneToZero) {
  PreluCase c({0, 2, 3, 2}, {2}, {2});
  c.gradOutput = D({1, 2, 3, 2});
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST_F(PreluBackwardUt, Case018AllEmpty) { EXPECT_EQ(PreluCase({0, 2, 3, 2}, {2}, {2}).Phase1(), ACLNN_SUCCESS); }

TEST_F(PreluBackwardUt, Case019EmptyWeightWithChannels) {
  EXPECT_EQ(PreluCase(kShape, {0}, {2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("weight with 1 or C = 2 elements");
}

TEST_F(PreluBackwardUt, Case020GradInputDiffersFromSelf) {
  PreluCase c(kShape, {2}, {2});
  c.self = D({2, 2, 4, 2});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradInput shape equal to self shape");
}

TEST_F(PreluBackwardUt, Case021AlsoWrongWeight) {
  PreluCase c(kShape, {3}, {2});
  c.self = D({2, 2, 4, 2});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(PreluBackwardUt, Case022SingleWeight) {
  EXPECT_EQ(PreluCase({2, 4, 3, 2}, {1}, {1}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self({2, 4, 3, 2}).Weight({1}));
}

TEST_F(PreluBackwardUt, Case023SingleWeight2d) {
  EXPECT_EQ(PreluCase({2, 4, 3, 2}, {1, 1}, {1, 1}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self({2, 4, 3, 2}).Weight({1, 1}));
}

TEST_F(PreluBackwardUt, Case024SingleWeightGradWeightShapeDiffers) {
  EXPECT_EQ(PreluCase({2, 4, 3, 2}, {1, 1}, {1}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradWeight shape equal to weight shape");
}

TEST_F(PreluBackwardUt, Case025WeightOfAnyShapeWithCElements) {
  EXPECT_EQ(PreluCase({2, 4, 3, 2}, {2, 2}, {4}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self({2, 4, 3, 2}).Weight({2, 2}));
}

TEST_F(PreluBackwardUt, Case026NonContiguousViews) {
  PreluCase c({3, 5, 6}, {5}, {5});
  c.gradOutput.strides = c.self.strides = {30, 1, 5};
  c.gradOutput.storage = c.self.storage = {3, 6, 5};
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  Layout transposed;
  transposed.order = {0, 2, 1};  // strides (30, 1, 5) over storage (3, 6, 5)
  ExpectComputes(PreluTester().Self({3, 5, 6}).Weight({5}).DataLayout(transposed));
}

TEST_F(PreluBackwardUt, Case027GradOutputRank9) {
  PreluCase c(kShape, {2}, {2});
  c.gradOutput = D({1, 2, 3, 4, 5, 6, 7, 8, 9});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput rank <= 8");
}

TEST_F(PreluBackwardUt, Case028SelfRank9) {
  PreluCase c(kShape, {2}, {2});
  c.self = D({1, 2, 3, 4, 5, 6, 7, 8, 9});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self rank <= 8");
}

TEST_F(PreluBackwardUt, Case029BroadcastLargerThanSelf) {
  PreluCase c({1, 2, 3, 2}, {2}, {2});
  c.gradOutput = D({2, 2, 3, 2});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("broadcasts to exactly self's shape");
}

TEST_F(PreluBackwardUt, Case030Bf16) {
  EXPECT_EQ(PreluCase(kShape, {2}, {2}, ACL_BF16).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self(kShape).Weight({2}).DType(ACL_BF16));
}

TEST_F(PreluBackwardUt, Case031Rank8) {
  const std::vector<int64_t> shape = {1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(PreluCase(shape, {2}, {2}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self(shape).Weight({2}));
}

TEST_F(PreluBackwardUt, Case032Large2d) {
  EXPECT_EQ(PreluCase({1024, 1024}, {1024}, {1024}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self({1024, 1024}).Weight({1024}));
}

TEST_F(PreluBackwardUt, Case033LargeValues) {
  EXPECT_EQ(PreluCase({2, 4, 6, 8}, {4}, {4}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluTester().Self({2, 4, 6, 8}).Weight({4}));
}

// ---- §2.3 rules without a vendor case ----

TEST_F(PreluBackwardUt, PerChannelWeightNeedsGradWeightOfShapeC) {
  EXPECT_EQ(PreluCase({2, 4, 3}, {1, 4, 1}, {1, 4, 1}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradWeight of shape [4]");
  EXPECT_EQ(PreluCase({2, 4, 3}, {1, 4, 1}, {4}).Phase1(), ACLNN_SUCCESS);
}

TEST_F(PreluBackwardUt, RankOneSelfTakesOnlyOneWeight) {
  EXPECT_EQ(PreluCase({7}, {1}, {1}).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PreluCase({7}, {7}, {7}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(PreluCase({}, {1}, {1}).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PreluCase({}, {2}, {2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("0-D self");
}

TEST_F(PreluBackwardUt, GradOutputNotBroadcastable) {
  PreluCase c({2, 3, 4}, {3}, {3});
  c.gradOutput = D({2, 3, 5});
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput broadcastable to self");
}

TEST_F(PreluBackwardUt, NullWorkspaceSizeOrExecutorIsChecked) {
  PreluCase c(kShape, {2}, {2});
  aclOpExecutor *exec = nullptr;
  uint64_t ws = 0;
  aclTensor *t[5] = {c.owned.Make(c.gradOutput), c.owned.Make(c.self), c.owned.Make(c.weight),
                     c.owned.Make(c.gradInput), c.owned.Make(c.gradWeight)};
  EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(t[0], t[1], t[2], t[3], t[4], nullptr, &exec), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(t[0], t[1], t[2], t[3], t[4], &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("executor");
}

TEST_F(PreluBackwardUt, EmptyInputsWriteNothing) {
  DeviceTensor go({2, 0, 3}, ACL_FLOAT), x({2, 0, 3}, ACL_FLOAT), w({0}, ACL_FLOAT), gi({2, 0, 3}, ACL_FLOAT),
      gw({0}, ACL_FLOAT);
  uint64_t ws = 5;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(go.get(), x.get(), w.get(), gi.get(), gw.get(), &ws, &exec), 0);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(aclnnPreluBackward(nullptr, 0, exec, nullptr), 0);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  // Single weight with an empty self: gradWeight keeps its contents (the device does not zero it).
  DeviceTensor x2({0, 4}, ACL_FLOAT), go2({0, 4}, ACL_FLOAT), gi2({0, 4}, ACL_FLOAT), w2({1}, ACL_FLOAT),
      gw2({1}, ACL_FLOAT);
  const std::vector<unsigned char> before = gw2.Bytes();
  ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(go2.get(), x2.get(), w2.get(), gi2.get(), gw2.get(), &ws, &exec), 0);
  EXPECT_EQ(aclnnPreluBackward(nullptr, 0, exec, nullptr), 0);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(gw2.Bytes(), before);
}

}  // namespace
}  // namespace aclcpu_test::prelu_backward_ut_test
