// Phase-1 cases of aclnnGroupNormSwishGrad: the vendor's tiling UT shapes of norm-ops.md §1.11 and
// every validation rule of §1.5 (device steps 1-4, then the CPU's 161002 rules) with its code.
#include "aclnn/opdev/op_errno.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"
#include "group_norm_swish_grad/group_norm_swish_grad_tester.h"

namespace aclcpu_test::group_norm_swish_grad_ut_test {
namespace {

// A phase-1 case: dy/x of `shape`, mean/rstd [N, G], gamma/beta/dgamma/dbeta [C], all one dtype.
struct GnCase {
  Desc dy, mean, rstd, x, gamma, beta, dx, dgamma, dbeta;
  int64_t groups;
  mutable Descriptors owned;
  mutable uint64_t workspaceSize = 0;

  GnCase(std::vector<int64_t> shape, std::vector<int64_t> stats, int64_t g, aclDataType t = ACL_FLOAT)
      : dy(D(shape, t)),
        mean(D(stats, t)),
        rstd(D(stats, t)),
        x(D(shape, t)),
        gamma(D({shape.size() > 1 ? shape[1] : 1}, t)),
        beta(D({shape.size() > 1 ? shape[1] : 1}, t)),
        dx(D(shape, t)),
        dgamma(D({shape.size() > 1 ? shape[1] : 1}, t)),
        dbeta(D({shape.size() > 1 ? shape[1] : 1}, t)),
        groups(g) {}

  aclnnStatus Phase1(bool nullWorkspaceSize = false, bool nullExecutor = false) const {
    aclOpExecutor *exec = nullptr;
    const aclnnStatus status = aclnnGroupNormSwishGradGetWorkspaceSize(
        owned.Make(dy), owned.Make(mean), owned.Make(rstd), owned.Make(x), owned.Make(gamma), owned.Make(beta), groups,
        nullptr, 1.0, true, true, owned.Make(dx), owned.Make(dgamma), owned.Make(dbeta),
        nullWorkspaceSize ? nullptr : &workspaceSize, nullExecutor ? nullptr : &exec);
    if (status == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    return status;
  }
};

class GroupNormSwishGradUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// §1.11: the tiling UTs. Consistent shapes succeed; the three with mean.shape[1] != numGroups
// succeed on the device only because its tiling error is swallowed - here they are 161002.
TEST_F(GroupNormSwishGradUt, VendorTilingCases) {
  EXPECT_EQ(GnCase({12, 64, 128, 128}, {12, 32}, 32).Phase1(), ACLNN_SUCCESS);               // A2_A3_default_fast_path
  EXPECT_EQ(GnCase({12, 256000, 1, 1}, {12, 64}, 64).Phase1(), ACLNN_SUCCESS);               // explicit_deterministic
  EXPECT_EQ(GnCase({12, 256000, 1, 1}, {12, 64}, 64, ACL_FLOAT16).Phase1(), ACLNN_SUCCESS);  // 950 fp16
  EXPECT_EQ(GnCase({41, 128000, 1, 1}, {41, 64}, 64).Phase1(), ACLNN_SUCCESS);               // stage2_tail_repeat
  EXPECT_EQ(GnCase({10, 100, 1, 1}, {10, 10}, 10).Phase1(), ACLNN_SUCCESS);                  // tail_core_distribution
  EXPECT_EQ(GnCase({12, 64, 128, 128}, {12, 32}, 32).Phase1(), ACLNN_SUCCESS);               // tiling_0
  EXPECT_EQ(GnCase({1, 64, 128, 128}, {1, 32}, 32).Phase1(), ACLNN_SUCCESS);                 // tiling_1
  EXPECT_EQ(GnCase({1, 64, 128, 128}, {1, 32}, 32, ACL_BF16).Phase1(), ACLNN_SUCCESS);       // tiling_2
  EXPECT_EQ(GnCase({1, 2130, 1, 1664}, {1, 71}, 32, ACL_FLOAT16).Phase1(), ACLNN_ERR_PARAM_INVALID);  // tiling_3
  EXPECT_EQ(GnCase({32, 64, 1, 1}, {32, 64}, 32).Phase1(), ACLNN_ERR_PARAM_INVALID);                  // tiling_4
  EXPECT_EQ(GnCase({32, 64, 1, 1}, {32, 64}, 32, ACL_BF16).Phase1(), ACLNN_ERR_PARAM_INVALID);        // tiling_5
}

TEST_F(GroupNormSwishGradUt, VendorSuccessCaseRunsAgainstReference) {
  GroupNormSwishGradTester t;  // tail_core_distribution's shape with data
  t.Shape({10, 100, 1, 1}).Groups(10).Seed(3);
  ExpectMatchesReference(t, t.Run());
}

TEST_F(GroupNormSwishGradUt, NullTensorsInDeclarationOrder) {
  const char *names[] = {"dy", "mean", "rstd", "x", "gamma", "beta", "dxOut", "dgammaOut", "dbetaOut"};
  for (int i = 0; i < 9; ++i) {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    Desc *slots[] = {&c.dy, &c.mean, &c.rstd, &c.x, &c.gamma, &c.beta, &c.dx, &c.dgamma, &c.dbeta};
    *slots[i] = Null();
    if (i + 1 < 9) slots[i + 1]->dtype = ACL_DOUBLE;  // a later error must not win
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_NULLPTR) << names[i];
    ExpectErrorMessage(names[i]);
  }
  EXPECT_EQ(GnCase({2, 4, 3}, {2, 2}, 2).Phase1(true, false), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(GnCase({2, 4, 3}, {2, 2}, 2).Phase1(false, true), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(GroupNormSwishGradUt, DtypesMustBeOneOfThreeUniformLists) {
  for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) EXPECT_EQ(GnCase({2, 4, 3}, {2, 2}, 2, t).Phase1(), 0);
  EXPECT_EQ(GnCase({2, 4, 3}, {2, 2}, 2, ACL_DOUBLE).Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("dy dtype");
  EXPECT_EQ(GnCase({2, 4, 3}, {2, 2}, 2, ACL_INT32).Phase1(), ACLNN_ERR_PARAM_INVALID);
  const char *names[] = {"mean", "rstd", "x", "gamma", "beta", "dxOut", "dgammaOut", "dbetaOut"};
  for (int i = 0; i < 8; ++i) {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    Desc *slots[] = {&c.mean, &c.rstd, &c.x, &c.gamma, &c.beta, &c.dx, &c.dgamma, &c.dbeta};
    slots[i]->dtype = ACL_FLOAT16;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << names[i];
    ExpectErrorMessage(names[i]);
  }
}

TEST_F(GroupNormSwishGradUt, FormatsThatMapToNdOnly) {
  for (aclFormat f : {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NCDHW, ACL_FORMAT_NCL}) {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.x.format = f;
    EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS) << f;
  }
  for (aclFormat f : {ACL_FORMAT_NDHWC, ACL_FORMAT_NC, ACL_FORMAT_HWCN, ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_NZ}) {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.dgamma.format = f;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << f;
    ExpectErrorMessage("dgammaOut format");
  }
}

TEST_F(GroupNormSwishGradUt, AllOutputsEmptySucceedBeforeShapeRules) {
  GnCase c({0, 4, 3}, {5, 7}, 3);  // mean's shape and the group count are wrong, but nothing is computed
  c.gamma = D({0});
  c.beta = D({0});
  c.dgamma = D({0});
  c.dbeta = D({0});
  c.workspaceSize = 99;
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(c.workspaceSize, 0u);
}

TEST_F(GroupNormSwishGradUt, ShapeRulesInOrder) {
  auto expectInvalid = [](const GnCase &c, const char *needle) {
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << needle;
    ExpectErrorMessage(needle);
  };
  {
    GnCase c({8}, {1, 1}, 1);
    expectInvalid(c, "rank 2 to 8");
  }
  {
    GnCase c({1, 2, 1, 1, 1, 1, 1, 1, 1}, {1, 1}, 1);
    expectInvalid(c, "rank 2 to 8");
  }
  {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.x = D({2, 4, 4});
    expectInvalid(c, "x");
  }
  {
    GnCase c({2, 4, 3}, {2, 2, 1}, 2);
    expectInvalid(c, "mean of rank 2");
  }
  {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.rstd = D({2, 1});
    expectInvalid(c, "rstd");
  }
  {
    GnCase c({2, 4, 3}, {2, 1}, 2);
    expectInvalid(c, "[N, numGroups]");
  }
  {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.gamma = D({5});
    expectInvalid(c, "gamma of shape [C]");
  }
  {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.beta = D({4, 1});
    expectInvalid(c, "beta of shape [C]");
  }
  {
    GnCase c({2, 4, 3}, {2, 0}, 0);
    expectInvalid(c, "numGroups > 0");
  }
  {
    GnCase c({2, 6, 3}, {2, 4}, 4);
    expectInvalid(c, "divisible by numGroups");
  }
  {
    GnCase c({1, 4001, 1}, {1, 1}, 1);
    expectInvalid(c, "C / numGroups <= 4000");
  }
  {
    GnCase c({0, 4, 3}, {0, 2}, 2);  // dgamma/dbeta are not empty
    expectInvalid(c, "N > 0 and HxW > 0");
  }
  {
    GnCase c({2, 4, 0}, {2, 2}, 2);
    expectInvalid(c, "N > 0 and HxW > 0");
  }
  {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.dx = D({2, 4, 2});
    expectInvalid(c, "dxOut with 24 elements");
  }
  {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.dgamma = D({5});
    expectInvalid(c, "dgammaOut with 4 elements");
  }
  {
    GnCase c({2, 4, 3}, {2, 2}, 2);
    c.dbeta = D({3});
    expectInvalid(c, "dbetaOut with 4 elements");
  }
}

TEST_F(GroupNormSwishGradUt, OutputsNeedOnlyTheRightElementCount) {
  GnCase c({2, 4, 3}, {2, 2}, 2);
  c.dx = D({24});
  c.dgamma = D({4, 1});  // the vendor doc's own example uses [C, 1]
  c.dbeta = D({2, 2});
  EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS);
}

TEST_F(GroupNormSwishGradUt, ViewsOutsideTheirStorageAreRejected) {
  GnCase c({2, 4, 3}, {2, 2}, 2);
  c.x.storage = {20};
  EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID);
  ExpectErrorMessage("x");
}

}  // namespace
}  // namespace aclcpu_test::group_norm_swish_grad_ut_test
