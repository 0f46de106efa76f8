// Every vendor unit-test case of pad-prelu-forward.md §3.7 with its status (the vendor's successful
// cases also run phase 2 here and are checked against the float64 reference), plus the rules of §3.4
// no vendor case covers.
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_prelu.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"
#include "prelu/prelu_tester.h"

namespace aclcpu_test::prelu_ut_test {
namespace {

// A phase-1 case in §3.7's notation: self, weight, out (out = self's shape and dtype unless given).
struct PreluForwardCase {
  Desc self, weight, out;
  mutable Descriptors owned;

  PreluForwardCase(std::vector<int64_t> shape, std::vector<int64_t> w, aclDataType t = ACL_FLOAT,
                   aclFormat f = ACL_FORMAT_ND)
      : self(D(shape, t, f)), weight(D(w, t, f)), out(D(shape, t, f)) {}

  aclnnStatus Phase1() const {
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus status =
        aclnnPreluGetWorkspaceSize(owned.Make(self), owned.Make(weight), owned.Make(out), &ws, &exec);
    if (status == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    return status;
  }
};

class PreluUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Cases that succeed are also computed end to end.
void ExpectComputes(PreluForwardTester t) { ExpectMatchesReference(t.Run()); }

TEST_F(PreluUt, Case1Nchw) {
  EXPECT_EQ(PreluForwardCase({1, 16, 4, 4}, {16}, ACL_FLOAT, ACL_FORMAT_NCHW).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({1, 16, 4, 4}).Weight({16}));
}

TEST_F(PreluUt, CaseNhwc1) {
  EXPECT_EQ(PreluForwardCase({1, 16, 4, 16}, {16}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({1, 16, 4, 16}).Weight({16}));
}

TEST_F(PreluUt, CaseNchw) {
  EXPECT_EQ(PreluForwardCase({1, 8, 4, 4}, {8}, ACL_FLOAT, ACL_FORMAT_NCHW).Phase1(), ACLNN_SUCCESS);
}

TEST_F(PreluUt, CaseHwcn1And2FormatsAreNotChecked) {
  EXPECT_EQ(PreluForwardCase({1, 16, 4, 4}, {16}, ACL_FLOAT, ACL_FORMAT_HWCN).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PreluForwardCase({1, 4, 16, 4}, {4}, ACL_FLOAT, ACL_FORMAT_HWCN).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({1, 4, 16, 4}).Weight({4}));
}

TEST_F(PreluUt, CaseNcdhw) {
  EXPECT_EQ(PreluForwardCase({1, 16, 4, 4, 7}, {16}, ACL_FLOAT, ACL_FORMAT_NCDHW).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({1, 16, 4, 4, 7}).Weight({16}));
}

TEST_F(PreluUt, CaseEmptySucceedsAndWritesNothing) {
  EXPECT_EQ(PreluForwardCase({1, 16, 0, 4}, {16}).Phase1(), ACLNN_SUCCESS);
  const auto o = PreluForwardTester().Self({1, 16, 0, 4}).Weight({16}).Run();
  EXPECT_EQ(o.status, ACLNN_SUCCESS);
  EXPECT_EQ(o.workspaceSize, 0u);
  EXPECT_TRUE(o.out.empty());
}

TEST_F(PreluUt, Case2Float16) {
  EXPECT_EQ(PreluForwardCase({1, 8, 4, 4}, {8}, ACL_FLOAT16).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({1, 8, 4, 4}).Weight({8}).DType(ACL_FLOAT16));
}

TEST_F(PreluUt, Case4And6) {
  EXPECT_EQ(PreluForwardCase({4, 8, 2, 4}, {8}).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PreluForwardCase({4, 8, 4}, {8}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({4, 8, 2, 4}).Weight({8}));
  ExpectComputes(PreluForwardTester().Self({4, 8, 4}).Weight({8}));
}

TEST_F(PreluUt, Case5Ndhwc) {
  EXPECT_EQ(PreluForwardCase({1, 2, 3, 4, 5}, {2}, ACL_FLOAT, ACL_FORMAT_NDHWC).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({1, 2, 3, 4, 5}).Weight({2}));
}

TEST_F(PreluUt, Ascend910B2CaseBf16) {
  EXPECT_EQ(PreluForwardCase({4, 8, 4}, {8}, ACL_BF16).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({4, 8, 4}).Weight({8}).DType(ACL_BF16));
}

TEST_F(PreluUt, CaseNullEachTensor) {
  PreluForwardCase noSelf({2, 3}, {3}), noWeight({2, 3}, {3}), noOut({2, 3}, {3});
  noSelf.self = Null();
  noWeight.weight = Null();
  noOut.out = Null();
  EXPECT_EQ(noSelf.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("self");
  EXPECT_EQ(noWeight.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(noOut.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(PreluUt, CaseNineDim) {
  EXPECT_EQ(PreluForwardCase({1, 8, 1, 1, 1, 1, 1, 1, 2}, {8}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self");
}

TEST_F(PreluUt, CaseWeight1SelfDim4FormatsDiffer) {
  PreluForwardCase c({2, 4, 3, 5}, {1});
  c.out.format = ACL_FORMAT_NHWC;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({2, 4, 3, 5}).Weight({1}));
}

TEST_F(PreluUt, CaseWeightGt1SelfDim1) {
  EXPECT_EQ(PreluForwardCase({4}, {2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("weight with 1 or C = 1 elements");
}

TEST_F(PreluUt, CaseWeightGt1SelfDimGt1AnyWeightShape) {
  EXPECT_EQ(PreluForwardCase({2, 6}, {2, 3}).Phase1(), ACLNN_SUCCESS);
  ExpectComputes(PreluForwardTester().Self({2, 6}).Weight({2, 3}));
}

// ---- §3.4 rules no vendor case covers ----------------------------------------------------------

TEST_F(PreluUt, NullWorkspaceSizeOrExecutorIs161001) {
  Descriptors owned;
  aclTensor *self = owned.Make(D({2, 3})), *weight = owned.Make(D({3})), *out = owned.Make(D({2, 3}));
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnPreluGetWorkspaceSize(self, weight, out, nullptr, &exec), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("workspaceSize");
  // The device checks only workspaceSize; the CPU reports a null executor too (docs/compat.md).
  EXPECT_EQ(aclnnPreluGetWorkspaceSize(self, weight, out, &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("executor");
  // workspaceSize comes first, before the tensors.
  EXPECT_EQ(aclnnPreluGetWorkspaceSize(nullptr, weight, out, nullptr, &exec), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("workspaceSize");
}

TEST_F(PreluUt, DtypesOutsideTheListAre161002InOrder) {
  for (aclDataType bad : {ACL_DOUBLE, ACL_INT32, ACL_INT8, ACL_COMPLEX64}) {
    PreluForwardCase s({2, 3}, {3}), w({2, 3}, {3}), o({2, 3}, {3});
    s.self.dtype = bad;
    w.weight.dtype = bad;
    o.out.dtype = bad;
    EXPECT_EQ(s.Phase1(), ACLNN_ERR_PARAM_INVALID);
    ExpectErrorMessage("self dtype");
    EXPECT_EQ(w.Phase1(), ACLNN_ERR_PARAM_INVALID);
    ExpectErrorMessage("weight dtype");
    EXPECT_EQ(o.Phase1(), ACLNN_ERR_PARAM_INVALID);
    ExpectErrorMessage("out dtype");
  }
  // A dtype error is reported before a shape error.
  PreluForwardCase both({2, 3}, {5});
  both.out.dtype = ACL_DOUBLE;
  EXPECT_EQ(both.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out dtype");
}

TEST_F(PreluUt, MixedDtypesAreAccepted) {
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  for (aclDataType s : types) {
    for (aclDataType w : types) {
      for (aclDataType o : types) {
        PreluForwardCase c({2, 3, 5}, {3});
        c.self.dtype = s;
        c.weight.dtype = w;
        c.out.dtype = o;
        EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS) << s << " " << w << " " << o;
      }
    }
  }
}

TEST_F(PreluUt, ShapeRules) {
  PreluForwardCase outShape({2, 3, 4}, {3});
  outShape.out.shape = {2, 3, 5};
  EXPECT_EQ(outShape.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out");
  PreluForwardCase nineDimWeight({2, 3}, {1, 1, 1, 1, 1, 1, 1, 1, 3});
  EXPECT_EQ(nineDimWeight.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("weight");
  EXPECT_EQ(PreluForwardCase({2, 3, 4}, {4}).Phase1(), ACLNN_ERR_PARAM_INVALID);  // 4 is not C = 3
  EXPECT_EQ(PreluForwardCase({}, {1}).Phase1(), ACLNN_SUCCESS);                   // 0-D self, one weight
  EXPECT_EQ(PreluForwardCase({}, {2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(PreluForwardCase({5}, {1, 1}).Phase1(), ACLNN_SUCCESS);  // §5 Q6: any 1-element weight shape
  // An empty weight passes only with C = 0, and then nothing is computed.
  EXPECT_EQ(PreluForwardCase({2, 0, 3}, {0}).Phase1(), ACLNN_SUCCESS);
}

}  // namespace
}  // namespace aclcpu_test::prelu_ut_test
