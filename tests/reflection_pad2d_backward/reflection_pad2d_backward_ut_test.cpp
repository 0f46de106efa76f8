// Every vendor unit-test case of pad-prelu-convtbc.md §1.6 (phase 1, as in the vendor's suite), each
// validation rule of §1.3 with its status and message, and the empty-tensor rules.
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include "common/pad2d_backward_case.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"

namespace aclcpu_test::reflection_pad2d_backward_ut_test {
namespace {

struct PadCase : PadBackwardCase {
  PadCase(std::vector<int64_t> go, std::vector<int64_t> in, std::vector<int64_t> pad, aclDataType t = ACL_FLOAT16)
      : PadBackwardCase(PadKind::kReflect, go, in, pad, t) {}
};

class ReflectionPad2dBackwardUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_F(ReflectionPad2dBackwardUt, Case03NullInputs) {
  for (int which = 0; which < 3; ++which) {
    PadCase c({2, 8, 7}, {2, 4, 3}, {2, 2, 2, 2});
    if (which == 0) c.gradOutput = Null();
    if (which == 1) c.self = Null();
    if (which == 2) c.paddingPresent = false;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR) << which;
  }
  ExpectErrorMessage("padding");
}

TEST_F(ReflectionPad2dBackwardUt, Case04NullGradInput) {
  PadCase c({2, 8, 7}, {2, 4, 3}, {2, 2, 2, 2});
  c.gradInput = Null();
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("gradInput");
}

TEST_F(ReflectionPad2dBackwardUt, Case05SelfDiffersFromGradInput) {
  PadCase c({2, 9, 7}, {2, 5, 3}, {2, 2, 2, 2});
  c.gradInput = D({2, 4, 3}, ACL_FLOAT16);
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self shape equal to gradInput shape");
}

TEST_F(ReflectionPad2dBackwardUt, Case06PaddingLength3) {
  EXPECT_EQ(PadCase({2, 8, 7}, {2, 4, 3}, {2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("padding of length 4");
}

TEST_F(ReflectionPad2dBackwardUt, Case07Rank2) {
  EXPECT_EQ(PadCase({8, 7}, {4, 3}, {2, 2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("rank 3 or 4");
}

TEST_F(ReflectionPad2dBackwardUt, Case08RankMismatch) {
  EXPECT_EQ(PadCase({8, 7}, {1, 4, 3}, {2, 2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput of the rank of self");
}

TEST_F(ReflectionPad2dBackwardUt, Case09SelfFormatUndefined) {
  PadCase c({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2});
  c.self.format = ACL_FORMAT_UNDEFINED;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("format equal to self format");
}

TEST_F(ReflectionPad2dBackwardUt, Case10EverySupportedDtype) {
  for (aclDataType t : {ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16}) {
    EXPECT_EQ(PadCase({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2}, t).Phase1(), ACLNN_SUCCESS) << t;
  }
}

TEST_F(ReflectionPad2dBackwardUt, Case11Int16) {
  EXPECT_EQ(PadCase({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2}, ACL_INT16).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput dtype in {FLOAT, FLOAT16, BF16, DOUBLE, COMPLEX64, COMPLEX128}");
}

TEST_F(ReflectionPad2dBackwardUt, Case12GradInputFloat) {
  PadCase c({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2});
  c.gradInput.dtype = ACL_FLOAT;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradInput dtype equal to self dtype FLOAT16");
}

TEST_F(ReflectionPad2dBackwardUt, Case13SelfFloat) {
  PadCase c({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2});
  c.self.dtype = ACL_FLOAT;
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput dtype equal to self dtype FLOAT");
}

TEST_F(ReflectionPad2dBackwardUt, Case14TopNotBelowH) {
  EXPECT_EQ(PadCase({1, 8, 6}, {1, 2, 4}, {1, 1, 3, 3}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("each pad smaller than the dim it pads");
}

TEST_F(ReflectionPad2dBackwardUt, Case15GradOutputShape) {
  EXPECT_EQ(PadCase({1, 5, 5}, {1, 2, 4}, {1, 1, 1, 1}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("gradOutput last two dims [4, 6]");
}

TEST_F(ReflectionPad2dBackwardUt, Case16EmptyH) {
  EXPECT_EQ(PadCase({3, 4, 14}, {3, 0, 10}, {2, 2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReflectionPad2dBackwardUt, Case18EmptyChannels4d) {
  EXPECT_EQ(PadCase({1, 0, 7, 14}, {1, 0, 3, 10}, {2, 2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("self not empty in its dims after the first");
}

TEST_F(ReflectionPad2dBackwardUt, Case19NegativeBottomButGradInputDiffers) {
  PadCase c({1, 1, 8, 7}, {1, 1, 7, 3}, {2, 2, 2, -1});
  c.gradInput = D({1, 1, 4, 3}, ACL_FLOAT16);
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

// ---- rules of §1.3 not covered by a vendor case ----

TEST_F(ReflectionPad2dBackwardUt, NullWorkspaceSizeOrExecutorIsChecked) {
  PadCase c({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2});
  aclOpExecutor *exec = nullptr;
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(c.padding.data(), 4),
                                                                         aclDestroyIntArray);
  EXPECT_EQ(aclnnReflectionPad2dBackwardGetWorkspaceSize(c.owned.Make(c.gradOutput), c.owned.Make(c.self), pad.get(),
                                                         c.owned.Make(c.gradInput), nullptr, &exec),
            ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("workspaceSize");
  uint64_t ws = 0;
  // Checked before the tensors: a null gradOutput still reports the executor pointer first.
  EXPECT_EQ(aclnnReflectionPad2dBackwardGetWorkspaceSize(nullptr, c.owned.Make(c.self), pad.get(),
                                                         c.owned.Make(c.gradInput), &ws, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("executor");
}

TEST_F(ReflectionPad2dBackwardUt, PrivateStorageFormatRejected) {
  for (aclFormat f : {ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z, ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_NDC1HWC0}) {
    PadCase c({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2});
    c.gradOutput.format = c.self.format = c.gradInput.format = f;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << f;
  }
  ExpectErrorMessage("public (non-blocked) storage format");
  PadCase nchw({1, 1, 8, 7}, {1, 1, 4, 3}, {2, 2, 2, 2});
  nchw.gradOutput.format = nchw.self.format = nchw.gradInput.format = ACL_FORMAT_NCHW;
  EXPECT_EQ(nchw.Phase1(), ACLNN_SUCCESS);
}

TEST_F(ReflectionPad2dBackwardUt, Rank5Rejected) {
  EXPECT_EQ(PadCase({1, 1, 1, 8, 7}, {1, 1, 1, 4, 3}, {2, 2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReflectionPad2dBackwardUt, GradInputRankChecked) {
  // self == gradInput shape is checked first, so a rank mismatch there is the shape rule.
  PadCase c({1, 8, 7}, {1, 4, 3}, {2, 2, 2, 2});
  c.gradInput = D({1, 1, 4, 3}, ACL_FLOAT16);
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReflectionPad2dBackwardUt, EachPadMustBeBelowItsDim) {
  EXPECT_EQ(PadCase({1, 4, 8}, {1, 4, 4}, {4, 0, 0, 0}).Phase1(), ACLNN_ERR_PARAM_INVALID);  // left = W
  EXPECT_EQ(PadCase({1, 4, 8}, {1, 4, 4}, {0, 4, 0, 0}).Phase1(), ACLNN_ERR_PARAM_INVALID);  // right = W
  EXPECT_EQ(PadCase({1, 8, 4}, {1, 4, 4}, {0, 0, 4, 0}).Phase1(), ACLNN_ERR_PARAM_INVALID);  // top = H
  EXPECT_EQ(PadCase({1, 8, 4}, {1, 4, 4}, {0, 0, 0, 4}).Phase1(), ACLNN_ERR_PARAM_INVALID);  // bottom = H
  EXPECT_EQ(PadCase({1, 10, 10}, {1, 4, 4}, {3, 3, 3, 3}).Phase1(), ACLNN_SUCCESS);          // size - 1
}

TEST_F(ReflectionPad2dBackwardUt, Bf16PadRule) {
  EXPECT_EQ(PadCase({1, 20, 24}, {1, 10, 10}, {7, 7, 5, 5}, ACL_BF16).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PadCase({1, 10, 26}, {1, 10, 10}, {8, 8, 0, 0}, ACL_BF16).Phase1(), ACLNN_SUCCESS);  // H pads zero
  EXPECT_EQ(PadCase({1, 20, 26}, {1, 10, 10}, {8, 8, 5, 5}, ACL_BF16).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("for BF16");
  EXPECT_EQ(PadCase({1, 10, 9}, {1, 10, 10}, {-1, 0, 0, 0}, ACL_BF16).Phase1(), ACLNN_ERR_PARAM_INVALID);
  // The same pads pass for other dtypes.
  EXPECT_EQ(PadCase({1, 20, 26}, {1, 10, 10}, {8, 8, 5, 5}, ACL_FLOAT).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PadCase({1, 10, 9}, {1, 10, 10}, {-1, 0, 0, 0}, ACL_FLOAT).Phase1(), ACLNN_SUCCESS);
}

TEST_F(ReflectionPad2dBackwardUt, EmptyBatchSucceedsWithNoWorkspace) {
  uint64_t ws = 99;
  aclOpExecutor *exec = nullptr;
  PadCase c({0, 2, 8, 7}, {0, 2, 4, 3}, {2, 2, 2, 2});
  ASSERT_EQ(c.Phase1(&ws, &exec), ACLNN_SUCCESS);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(aclnnReflectionPad2dBackward(nullptr, 0, exec, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  // 3-D: only C (dim 0) may be empty.
  EXPECT_EQ(PadCase({0, 8, 7}, {0, 4, 3}, {2, 2, 2, 2}).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(PadCase({2, 8, 4}, {2, 4, 0}, {0, 0, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(ReflectionPad2dBackwardUt, LeadingDimMismatchIsAnErrorHere) {
  // The device does not compare them (undefined result); the CPU reports it (docs/compat.md).
  EXPECT_EQ(PadCase({2, 8, 7}, {3, 4, 3}, {2, 2, 2, 2}).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("leading dims");
}

TEST_F(ReflectionPad2dBackwardUt, ViewOutsideStorageRejected) {
  PadCase c({1, 8, 7}, {1, 4, 3}, {2, 2, 2, 2});
  c.gradInput.storage = {11};  // 12 elements viewed
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("inside its storage");
}

}  // namespace
}  // namespace aclcpu_test::reflection_pad2d_backward_ut_test
