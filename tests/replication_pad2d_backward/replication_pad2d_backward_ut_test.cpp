// Every vendor unit-test case of pad-prelu-forward.md §2.11 (phase 1, as in the vendor's suite), each
// validation rule of §2.8 (the ★ differences from the reflect twin in particular) with its status and
// message, and the empty-tensor rules.
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include "common/pad2d_backward_case.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::replication_pad2d_backward_ut_test {
namespace {

// The vendor's cases are fp16 ND, padding {2, 2, 2, 2} unless noted.
struct PadCase : PadBackwardCase {
  PadCase(std::vector<int64_t> go, std::vector<int64_t> in, std::vector<int64_t> pad = {2, 2, 2, 2},
          aclDataType t = ACL_FLOAT16)
      : PadBackwardCase(PadKind::kReplicate, go, in, pad, t) {}
};

class ReplicationPad2dBackwardUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_F(ReplicationPad2dBackwardUt, Case03NullInputs) {
  for (int which = 0; which < 3; ++which) {
    PadCase c({2, 8, 7}, {2, 4, 3});
    if (which == 0) c.gradOutput = Null();
    if (which == 1) c.self = Null();
    if (which == 2) c.paddingPresent = false;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR) << which;
  }
  ExpectErrorMessage("padding");
}

TEST_F(ReplicationPad2dBackwardUt, Case04NullGradInput) {
  PadCase c({2, 8, 7}, {2, 4, 3});
  c.gradInput = Null();
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("gradInput");
}

TEST_F(ReplicationPad2dBackwardUt, Case05SelfDiffersFromGradInput) {
  PadCase c({2, 9, 7}, {2, 5, 3});
  c.gradInput = D({2, 4, 3}, ACL_FLOAT16);
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self shape equal to gradInput shape");
}

TEST_F(ReplicationPad2dBackwardUt, Case06PaddingLength3) {
  EXPECT_EQ(PadCase({2, 8, 7}, {2, 4, 3}, {2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("padding of length 4");
}

TEST_F(ReplicationPad2dBackwardUt, Case07Rank2) {
  EXPECT_EQ(PadCase({8, 7}, {4, 3}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("rank 3 or 4");
}

TEST_F(ReplicationPad2dBackwardUt, Case08RankMismatch) {
  EXPECT_EQ(PadCase({8, 7}, {1, 4, 3}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput of the rank of self");
}

TEST_F(ReplicationPad2dBackwardUt, Case09SelfFormatUndefined) {
  PadCase c({1, 1, 8, 7}, {1, 1, 4, 3});
  c.self.format = ACL_FORMAT_UNDEFINED;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("format equal to self format");
}

// The vendor's assertion is commented out; its code returns SUCCESS for each.
TEST_F(ReplicationPad2dBackwardUt, Case10EverySupportedDtype) {
  for (aclDataType t : {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16}) {
    EXPECT_EQ(PadCase({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2}, t).Phase1(), ACLNN_SUCCESS) << t;
  }
}

TEST_F(ReplicationPad2dBackwardUt, Case11Int16) {
  EXPECT_EQ(PadCase({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2}, ACL_INT16).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput dtype in {FLOAT, FLOAT16, BF16, DOUBLE, COMPLEX64, COMPLEX128}");
}

TEST_F(ReplicationPad2dBackwardUt, Case12GradInputFloat) {
  PadCase c({1, 1, 8, 7}, {1, 1, 4, 3});
  c.gradInput.dtype = ACL_FLOAT;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradInput dtype equal to self dtype FLOAT16");
}

TEST_F(ReplicationPad2dBackwardUt, Case13SelfFloat) {
  PadCase c({1, 1, 8, 7}, {1, 1, 4, 3});
  c.self.dtype = ACL_FLOAT;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput dtype equal to self dtype FLOAT");
}

TEST_F(ReplicationPad2dBackwardUt, Case14GradOutputWidth) {
  EXPECT_EQ(PadCase({1, 5, 5}, {1, 2, 4}, {1, 1, 1, 1}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput last two dims [4, 6]");
}

// ---- rules of §2.8 not covered by a vendor case ----

TEST_F(ReplicationPad2dBackwardUt, NullWorkspaceSizeOrExecutorComesFirst) {
  PadCase c({1, 1, 8, 7}, {1, 1, 4, 3});
  aclOpExecutor *exec = nullptr;
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(c.padding.data(), 4),
                                                                         aclDestroyIntArray);
  EXPECT_EQ(aclnnReplicationPad2dBackwardGetWorkspaceSize(nullptr, c.owned.Make(c.self), pad.get(),
                                                          c.owned.Make(c.gradInput), nullptr, &exec),
            ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("workspaceSize");
  uint64_t ws = 0;
  EXPECT_EQ(aclnnReplicationPad2dBackwardGetWorkspaceSize(nullptr, c.owned.Make(c.self), pad.get(),
                                                          c.owned.Make(c.gradInput), &ws, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("executor");
}

// ★ No pad < dim rule: pads may exceed the dims, as in PyTorch.
TEST_F(ReplicationPad2dBackwardUt, PadsMayExceedTheDims) {
  EXPECT_EQ(PadCase({1, 4 + 9 + 3, 3 + 5 + 6}, {1, 4, 3}, {5, 6, 9, 3}).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PadCase({1, 1 + 20, 1}, {1, 1, 1}, {0, 0, 10, 10}, ACL_FLOAT).Phase1(), ACLNN_SUCCESS);
}

TEST_F(ReplicationPad2dBackwardUt, Bf16PadRule) {
  EXPECT_EQ(PadCase({1, 20, 24}, {1, 10, 10}, {7, 7, 5, 5}, ACL_BF16).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PadCase({1, 10, 30}, {1, 10, 10}, {12, 8, 0, 0}, ACL_BF16).Phase1(), ACLNN_SUCCESS);  // H pads zero
  EXPECT_EQ(PadCase({1, 20, 26}, {1, 10, 10}, {8, 8, 5, 5}, ACL_BF16).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("for BF16");
  EXPECT_EQ(PadCase({1, 10, 9}, {1, 10, 10}, {-1, 0, 0, 0}, ACL_BF16).Phase1(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(PadCase({1, 20, 26}, {1, 10, 10}, {8, 8, 5, 5}, ACL_FLOAT).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PadCase({1, 10, 9}, {1, 10, 10}, {-1, 0, 0, 0}, ACL_FLOAT).Phase1(), ACLNN_SUCCESS);
}

TEST_F(ReplicationPad2dBackwardUt, PrivateStorageFormatRejected) {
  for (aclFormat f : {ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z, ACL_FORMAT_FRACTAL_NZ}) {
    PadCase c({1, 1, 8, 7}, {1, 1, 4, 3});
    c.gradOutput.format = c.self.format = c.gradInput.format = f;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << f;
  }
  ExpectErrorMessage("public (non-blocked) storage format");
}

// ★ Edge mode: any empty rank-3 problem fails; rank 4 allows only an empty N.
TEST_F(ReplicationPad2dBackwardUt, EmptyTensorRules) {
  EXPECT_EQ(PadCase({0, 8, 7}, {0, 4, 3}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("3-D");
  uint64_t ws = 99;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(PadCase({0, 2, 8, 7}, {0, 2, 4, 3}).Phase1(&ws, &exec), ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(aclnnReplicationPad2dBackward(nullptr, 0, exec, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(PadCase({1, 0, 8, 7}, {1, 0, 4, 3}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(PadCase({1, 2, 8, 4}, {1, 2, 4, 0}, {2, 2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

// §5 Q3: gradOutput's leading dims are compared (the device does not).
TEST_F(ReplicationPad2dBackwardUt, LeadingDimMismatchIsAnError) {
  EXPECT_EQ(PadCase({2, 8, 7}, {3, 4, 3}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("leading dims");
}

// §5 Q1: a padded dim below zero, or past int64, is 161002.
TEST_F(ReplicationPad2dBackwardUt, NegativeOrOverflowingPaddedDims) {
  EXPECT_EQ(PadCase({1, 4, 0}, {1, 4, 3}, {-2, -2, 0, 0}, ACL_FLOAT).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("W + left + right between 0 and 2^63 - 1");
  EXPECT_EQ(PadCase({1, 4, 3}, {1, 4, 3}, {INT64_MAX, INT64_MAX, 0, 0}, ACL_FLOAT).Phase1(), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(PadCase({1, 4, 3}, {1, 4, 3}, {0, 0, INT64_MIN, INT64_MIN}, ACL_FLOAT).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReplicationPad2dBackwardUt, ViewOutsideStorageRejected) {
  PadCase c({1, 8, 7}, {1, 4, 3});
  c.gradInput.storage = {11};
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("inside its storage");
}

}  // namespace
}  // namespace aclcpu_test::replication_pad2d_backward_ut_test
