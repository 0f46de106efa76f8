// Every vendor unit-test case of pad-prelu-forward.md §1.7 (phase 1, as in the vendor's suite), each
// validation rule of §1.4 in its order with its status and message, and the CPU's answers to §5.
#include "aclnn/opdev/op_errno.h"
#include "common/pad2d_forward_case.h"

namespace aclcpu_test::reflection_pad2d_ut_test {
namespace {

constexpr PadKind kReflect = PadKind::kReflect;

class ReflectionPad2dUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

PadForwardCase Case(std::vector<int64_t> in, std::vector<int64_t> pad, std::vector<int64_t> out,
                    aclDataType t = ACL_FLOAT16) {
  return PadForwardCase(kReflect, in, pad, out, t);
}

TEST_F(ReflectionPad2dUt, Case01) { EXPECT_EQ(Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7}).Phase1(), ACLNN_SUCCESS); }

TEST_F(ReflectionPad2dUt, Case02EmptyRank3) {
  EXPECT_EQ(Case({0, 3, 10}, {2, 2, 2, 2}, {0, 7, 14}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("3-D");
}

TEST_F(ReflectionPad2dUt, Case03NullSelfOrPadding) {
  PadForwardCase a = Case({2, 4, 3}, {2, 2, 2, 2}, {2, 8, 7});
  a.self = Null();
  EXPECT_EQ(a.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("self");
  PadForwardCase b = Case({2, 4, 3}, {2, 2, 2, 2}, {2, 8, 7});
  b.paddingPresent = false;
  EXPECT_EQ(b.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("padding");
}

TEST_F(ReflectionPad2dUt, Case04NullOut) {
  PadForwardCase c = Case({2, 4, 3}, {2, 2, 2, 2}, {2, 8, 7});
  c.out = Null();
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("out");
}

TEST_F(ReflectionPad2dUt, Case05PaddingLength3) {
  EXPECT_EQ(Case({2, 4, 3}, {2, 2, 2}, {2, 8, 7}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("padding of length 4");
}

TEST_F(ReflectionPad2dUt, Case06Rank2) {
  EXPECT_EQ(Case({4, 3}, {2, 2, 2, 2}, {8, 7}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("rank 3 or 4");
}

TEST_F(ReflectionPad2dUt, Case07RankMismatch) {
  EXPECT_EQ(Case({1, 4, 3}, {2, 2, 2, 2}, {1, 1, 4, 3}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out of the rank of self");
}

TEST_F(ReflectionPad2dUt, Case08SelfFormatUndefined) {
  PadForwardCase c = Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7});
  c.self.format = ACL_FORMAT_UNDEFINED;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out format equal to self format");
}

TEST_F(ReflectionPad2dUt, Case09SupportedDtypes) {
  for (aclDataType t : {ACL_FLOAT16, ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_INT16}) {
    EXPECT_EQ(Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7}, t).Phase1(), ACLNN_SUCCESS) << t;
  }
}

TEST_F(ReflectionPad2dUt, Case10SelfUint16) {
  PadForwardCase c = Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7});
  c.self.dtype = ACL_UINT16;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self");
}

TEST_F(ReflectionPad2dUt, Case11OutUint16) {
  PadForwardCase c = Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7});
  c.out.dtype = ACL_UINT16;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out");
}

TEST_F(ReflectionPad2dUt, Case12OutDtypeDiffers) {
  PadForwardCase c = Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7});
  c.out.dtype = ACL_FLOAT;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out dtype");
}

TEST_F(ReflectionPad2dUt, Case13PadNotSmallerThanH) {
  EXPECT_EQ(Case({1, 2, 4}, {1, 1, 3, 3}, {1, 8, 6}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("each pad smaller than the dim it pads");
}

TEST_F(ReflectionPad2dUt, Case14OutShape) {
  EXPECT_EQ(Case({1, 2, 4}, {1, 1, 1, 1}, {1, 2, 4}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out of shape [1,4,6]");
}

TEST_F(ReflectionPad2dUt, Case15EmptyHWithPad) {
  EXPECT_EQ(Case({3, 0, 10}, {2, 2, 2, 2}, {3, 4, 14}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReflectionPad2dUt, Case16EmptyBatchSucceeds) {
  EXPECT_EQ(Case({0, 1, 3, 10}, {2, 2, 2, 2}, {0, 1, 7, 14}).Phase1(), ACLNN_SUCCESS);
}

TEST_F(ReflectionPad2dUt, Case17EmptyChannels) {
  EXPECT_EQ(Case({1, 0, 3, 10}, {2, 2, 2, 2}, {1, 0, 7, 14}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self not empty in its dims after the first");
}

TEST_F(ReflectionPad2dUt, Case18Bf16) {
  EXPECT_EQ(Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7}, ACL_BF16).Phase1(), ACLNN_SUCCESS);
}

// ---- rules beyond the vendor's cases ----

TEST_F(ReflectionPad2dUt, EveryA2DtypeSucceedsAndOthersFail) {
  for (aclDataType t : PadForwardDTypes(kReflect)) {
    EXPECT_EQ(Case({2, 3, 4, 5}, {1, 2, 3, 0}, {2, 3, 7, 8}, t).Phase1(), ACLNN_SUCCESS) << t;
  }
  for (aclDataType t : {ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_STRING, ACL_COMPLEX32}) {
    EXPECT_EQ(Case({2, 3, 4, 5}, {1, 2, 3, 0}, {2, 3, 7, 8}, t).Phase1(), ACLNN_ERR_PARAM_INVALID) << t;
  }
}

TEST_F(ReflectionPad2dUt, DtypeIsCheckedBeforeFormat) {
  PadForwardCase c = Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7});
  c.self.format = ACL_FORMAT_NCHW;
  c.out.dtype = ACL_FLOAT;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out dtype");
}

TEST_F(ReflectionPad2dUt, FormatIsCheckedBeforeShape) {
  PadForwardCase c = Case({4, 3}, {2, 2, 2, 2}, {8, 7});
  c.out.format = ACL_FORMAT_NCHW;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("format");
}

TEST_F(ReflectionPad2dUt, Rank5Fails) {
  EXPECT_EQ(Case({1, 2, 4, 3, 5}, {1, 1, 1, 1}, {1, 2, 4, 5, 7}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("rank 3 or 4");
}

TEST_F(ReflectionPad2dUt, PadEqualToWFails) {
  EXPECT_EQ(Case({1, 4, 3}, {3, 0, 0, 0}, {1, 4, 6}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(Case({1, 4, 3}, {0, 0, 0, 4}, {1, 8, 3}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

// §5 Q2: out's leading dims are compared before the empty branch.
TEST_F(ReflectionPad2dUt, LeadingDimMismatchFailsEvenWhenEmpty) {
  EXPECT_EQ(Case({0, 1, 3, 10}, {2, 2, 2, 2}, {5, 1, 7, 14}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(Case({2, 1, 3, 10}, {2, 2, 2, 2}, {2, 3, 7, 14}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out of shape [2,1,7,14]");
}

// §5 Q1: negative pads crop (they pass the pad < dim rule), but no padded dim may be negative.
TEST_F(ReflectionPad2dUt, NegativePadsCropDownToZero) {
  EXPECT_EQ(Case({1, 4, 5}, {-2, 1, -1, -1}, {1, 2, 4}).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(Case({1, 1, 4, 5}, {-5, 0, 0, 0}, {1, 1, 4, 0}).Phase1(), ACLNN_SUCCESS);  // only out empty
  EXPECT_EQ(Case({1, 4, 5}, {-6, 0, 0, 0}, {1, 4, 0}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("W + left + right between 0 and 2^63 - 1");
  EXPECT_EQ(Case({1, 4, 5}, {0, 0, INT64_MIN, INT64_MIN}, {1, 0, 5}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReflectionPad2dUt, NullWorkspaceSizeOrExecutorIsReported) {
  PadForwardCase c = Case({1, 1, 4, 3}, {2, 2, 2, 2}, {1, 1, 8, 7});
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(c.padding.data(), 4),
                                                                         aclDestroyIntArray);
  aclOpExecutor *exec = nullptr;
  uint64_t ws = 0;
  EXPECT_EQ(aclnnReflectionPad2dGetWorkspaceSize(c.owned.Make(c.self), pad.get(), c.owned.Make(c.out), nullptr, &exec),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclnnReflectionPad2dGetWorkspaceSize(c.owned.Make(c.self), pad.get(), c.owned.Make(c.out), &ws, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(ReflectionPad2dUt, WorkspaceIsZero) {
  uint64_t ws = 123;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(Case({2, 3, 9, 9}, {3, 3, 3, 3}, {2, 3, 15, 15}).Phase1(&ws, &exec), ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  aclDestroyAclOpExecutor(exec);
}

}  // namespace
}  // namespace aclcpu_test::reflection_pad2d_ut_test
