// Every vendor unit-test case of pad-prelu-forward.md §2.5 (phase 1, as in the vendor's suite), each
// validation rule of §2.3 in its order with its status and message, and the CPU's answers to §5.
#include "aclnn/opdev/op_errno.h"
#include "common/pad2d_forward_case.h"

namespace aclcpu_test::replication_pad2d_ut_test {
namespace {

class ReplicationPad2dUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

PadForwardCase Case(std::vector<int64_t> in, std::vector<int64_t> out, std::vector<int64_t> pad = {2, 2, 2, 2},
                    aclDataType t = ACL_FLOAT16) {
  return PadForwardCase(PadKind::kReplicate, in, pad, out, t);
}

TEST_F(ReplicationPad2dUt, Case01) { EXPECT_EQ(Case({1, 1, 4, 3}, {1, 1, 8, 7}).Phase1(), ACLNN_SUCCESS); }

TEST_F(ReplicationPad2dUt, Case02EmptyBatchSucceeds) {
  EXPECT_EQ(Case({0, 1, 3, 10}, {0, 1, 7, 14}).Phase1(), ACLNN_SUCCESS);
}

TEST_F(ReplicationPad2dUt, Case03NullSelfOrPadding) {
  PadForwardCase a = Case({2, 4, 3}, {2, 8, 7});
  a.self = Null();
  EXPECT_EQ(a.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("self");
  PadForwardCase b = Case({2, 4, 3}, {2, 8, 7});
  b.paddingPresent = false;
  EXPECT_EQ(b.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("padding");
}

TEST_F(ReplicationPad2dUt, Case04NullOut) {
  PadForwardCase c = Case({2, 4, 3}, {2, 8, 7});
  c.out = Null();
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("out");
}

TEST_F(ReplicationPad2dUt, Case05PaddingLength3) {
  EXPECT_EQ(Case({2, 4, 3}, {2, 8, 7}, {2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("padding of length 4");
}

TEST_F(ReplicationPad2dUt, Case06Rank2) {
  EXPECT_EQ(Case({4, 3}, {8, 7}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("rank 3 or 4");
}

TEST_F(ReplicationPad2dUt, Case07RankMismatch) {
  EXPECT_EQ(Case({1, 4, 3}, {1, 1, 8, 7}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out of the rank of self");
}

TEST_F(ReplicationPad2dUt, Case08SelfFormatUndefined) {
  PadForwardCase c = Case({1, 1, 4, 3}, {1, 1, 8, 7});
  c.self.format = ACL_FORMAT_UNDEFINED;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out format equal to self format");
}

TEST_F(ReplicationPad2dUt, Case11OutDtypeDiffers) {
  PadForwardCase c = Case({1, 1, 4, 3}, {1, 1, 8, 7});
  c.out.dtype = ACL_FLOAT;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out dtype");
}

TEST_F(ReplicationPad2dUt, Case12OutShape) {
  EXPECT_EQ(Case({1, 2, 4}, {1, 2, 4}, {1, 1, 1, 1}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out of shape [1,4,6]");
}

TEST_F(ReplicationPad2dUt, Case13EmptyChannels) {
  EXPECT_EQ(Case({1, 0, 3, 10}, {1, 0, 7, 14}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self not empty in its dims after the first");
}

TEST_F(ReplicationPad2dUt, Case14EmptyRank3) {
  EXPECT_EQ(Case({0, 3, 10}, {0, 7, 14}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("3-D");
}

TEST_F(ReplicationPad2dUt, Case15LeadingDim) {
  EXPECT_EQ(Case({1, 1, 3, 10}, {2, 1, 7, 14}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("out of shape [1,1,7,14]");
}

TEST_F(ReplicationPad2dUt, Case16LastDim) {
  EXPECT_EQ(Case({1, 1, 3, 10}, {1, 1, 7, 15}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReplicationPad2dUt, CaseEachSupportedDtype) {  // case_float32, _int32, _int64, _int8, _uint8, _double
  for (aclDataType t : {ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_INT8, ACL_UINT8, ACL_DOUBLE}) {
    EXPECT_EQ(Case({1, 1, 4, 3}, {1, 1, 8, 7}, {2, 2, 2, 2}, t).Phase1(), ACLNN_SUCCESS) << t;
  }
}

TEST_F(ReplicationPad2dUt, CaseFloat32Rank5) {
  EXPECT_EQ(Case({1, 2, 4, 3, 5}, {1, 2, 6, 7, 5}, {1, 1, 2, 2}, ACL_FLOAT).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("rank 3 or 4");
}

// ---- rules beyond the vendor's cases ----

TEST_F(ReplicationPad2dUt, EveryA2DtypeSucceedsAndOthersFail) {
  for (aclDataType t : PadForwardDTypes(PadKind::kReplicate)) {
    EXPECT_EQ(Case({2, 3, 4, 5}, {2, 3, 7, 8}, {1, 2, 3, 0}, t).Phase1(), ACLNN_SUCCESS) << t;
  }
  // BOOL is an Ascend 950 addition, not on the A2.
  for (aclDataType t : {ACL_BOOL, ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_COMPLEX32}) {
    EXPECT_EQ(Case({2, 3, 4, 5}, {2, 3, 7, 8}, {1, 2, 3, 0}, t).Phase1(), ACLNN_ERR_PARAM_INVALID) << t;
  }
}

TEST_F(ReplicationPad2dUt, FormatIsCheckedBeforeDtype) {
  PadForwardCase c = Case({1, 1, 4, 3}, {1, 1, 8, 7});
  c.out.format = ACL_FORMAT_NCHW;
  c.out.dtype = ACL_FLOAT;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("format");
}

TEST_F(ReplicationPad2dUt, PadsLargerThanTheDimsAreAccepted) {
  EXPECT_EQ(Case({1, 2, 3}, {1, 2 + 9 + 1, 3 + 5 + 7}, {5, 7, 9, 1}).Phase1(), ACLNN_SUCCESS);
}

// §5 Q1: negative pads crop, but no padded dim may be negative or overflow.
TEST_F(ReplicationPad2dUt, NegativePadsCropDownToZero) {
  EXPECT_EQ(Case({1, 4, 5}, {1, 1, 2}, {-2, -1, -1, -2}).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(Case({1, 4, 5}, {1, 0, 5}, {0, 0, -4, 0}).Phase1(), ACLNN_ERR_PARAM_INVALID);  // rank 3, out empty
  EXPECT_EQ(Case({1, 1, 4, 5}, {1, 1, 0, 5}, {0, 0, -4, 0}).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(Case({1, 4, 5}, {1, 4, 0}, {-3, -3, 0, 0}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("W + left + right between 0 and 2^63 - 1");
  EXPECT_EQ(Case({1, 4, 5}, {1, 4, 5}, {INT64_MAX, INT64_MAX, 0, 0}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReplicationPad2dUt, NullWorkspaceSizeOrExecutorComesFirst) {
  PadForwardCase c = Case({1, 1, 4, 3}, {1, 1, 8, 7});
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(c.padding.data(), 4),
                                                                         aclDestroyIntArray);
  aclOpExecutor *exec = nullptr;
  uint64_t ws = 0;
  // Before the null self.
  EXPECT_EQ(aclnnReplicationPad2dGetWorkspaceSize(nullptr, pad.get(), c.owned.Make(c.out), nullptr, &exec),
            ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("workspaceSize");
  EXPECT_EQ(aclnnReplicationPad2dGetWorkspaceSize(nullptr, pad.get(), c.owned.Make(c.out), &ws, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("executor");
}

}  // namespace
}  // namespace aclcpu_test::replication_pad2d_ut_test
