// Phase-1 cases of aclnnGroupNormSwish: the vendor's tiling and infershape UTs of norm-forward.md
// §2.11 (the kernel UTs computed), and every validation rule of §2.4 with its code and order:
// nulls and dtype/format 161001/161002, all-empty success, the tiling's 561002, the CPU's 161002.
#include "aclnn/opdev/op_errno.h"
#include "common/test_tensor.h"
#include "common/ut_descriptors.h"
#include "group_norm_swish/group_norm_swish_tester.h"

namespace aclcpu_test::group_norm_swish_ut_test {
namespace {

// A phase-1 case: x of `shape` and dtype xt, gamma/beta [C] of dtype gt, y = x, mean/rstd `stats`.
struct GnsCase {
  Desc x, gamma, beta, y, mean, rstd;
  int64_t groups;
  mutable Descriptors owned;
  mutable uint64_t workspaceSize = 0;

  GnsCase(std::vector<int64_t> shape, std::vector<int64_t> stats, int64_t g, aclDataType xt = ACL_FLOAT,
          aclDataType gt = ACL_FLOAT)
      : x(D(shape, xt)),
        gamma(D({shape.size() > 1 ? shape[1] : 1}, gt)),
        beta(D({shape.size() > 1 ? shape[1] : 1}, gt)),
        y(D(shape, xt)),
        mean(D(stats, gt)),
        rstd(D(stats, gt)),
        groups(g) {}

  aclnnStatus Phase1(bool nullWorkspaceSize = false, bool nullExecutor = false) const {
    aclOpExecutor *exec = nullptr;
    char format[] = "NCHW";
    const aclnnStatus status = aclnnGroupNormSwishGetWorkspaceSize(
        owned.Make(x), owned.Make(gamma), owned.Make(beta), groups, format, 1e-5, false, 1.0, owned.Make(y),
        owned.Make(mean), owned.Make(rstd), nullWorkspaceSize ? nullptr : &workspaceSize,
        nullExecutor ? nullptr : &exec);
    if (status == ACLNN_SUCCESS) aclDestroyAclOpExecutor(exec);
    return status;
  }
};

class GroupNormSwishUt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// §2.11 test_group_norm_swish_tiling.cpp: G = 32, shapes [N, C, H, 1], mean/rstd [N * G]; all succeed.
TEST_F(GroupNormSwishUt, VendorTilingCases) {
  struct Shape {
    int64_t n, c, h;
  };
  const Shape shapes[] = {{1024, 32, 1}, {32, 64, 1024}, {32, 128, 8192}, {40, 262400, 64}};  // keys x11 ... x14
  const std::pair<aclDataType, aclDataType> dtypes[] = {
      {ACL_FLOAT16, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT, ACL_FLOAT}};  // keys 11x, 12x, 21x
  for (const auto &[xt, gt] : dtypes) {
    for (const Shape &s : shapes) {
      GnsCase c({s.n, s.c, s.h, 1}, {s.n * 32}, 32, xt, gt);
      EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS) << DTypeLabel(xt) << "/" << DTypeLabel(gt) << " N " << s.n;
    }
  }
  EXPECT_EQ(GnsCase({32, 64, 1024, 1}, {32 * 32}, 32, ACL_FLOAT16, ACL_FLOAT16).Phase1(), ACLNN_SUCCESS);  // _310P
}

// §2.11 test_group_norm_swish_infershape.cpp: y = x's shape and dtype, mean/rstd [N, G] of gamma's dtype.
TEST_F(GroupNormSwishUt, VendorInferShapeCase) {
  EXPECT_EQ(GnsCase({1, 1152, 64, 64}, {1, 32}, 32, ACL_FLOAT16, ACL_FLOAT16).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(GnsCase({1, 1152, 64, 64}, {1, 32}, 32, ACL_FLOAT16, ACL_FLOAT).Phase1(), ACLNN_SUCCESS);
}

// §2.11 kernel UTs (keys 211-214, f32, x U[-2, 2], gamma/beta U[1, 2] there; our tester's ranges):
// computed against the float64 reference. 213's 33.5 M elements are left to phase 1 above. 214's
// C = 8200 is not a multiple of 32 (the kernel UT sets its tiling by hand): here G = 8, groups of
// 32800 elements (the "large" template's chunked path on the device, 17 pieces here).
TEST_F(GroupNormSwishUt, VendorKernelCasesRunAgainstReference) {
  const std::vector<std::vector<int64_t>> shapes = {{1024, 32, 1, 1}, {32, 64, 1024, 1}, {32, 8200, 32, 1}};
  for (const auto &shape : shapes) {
    GroupNormSwishTester t;
    t.Shape(shape).Groups(shape[1] == 8200 ? 8 : 32).Values(-2, 2).Swish(false).Seed(static_cast<uint64_t>(shape[1]));
    SCOPED_TRACE("C " + std::to_string(shape[1]));
    ExpectMatchesReference(t, t.Run());
  }
}

TEST_F(GroupNormSwishUt, NullTensorsInDeclarationOrderThenWorkspaceSizeAndExecutor) {
  const char *names[] = {"x", "gamma", "beta", "yOut", "meanOut", "rstdOut"};
  for (int i = 0; i < 6; ++i) {
    GnsCase c({2, 4, 3}, {2, 2}, 2);
    Desc *slots[] = {&c.x, &c.gamma, &c.beta, &c.y, &c.mean, &c.rstd};
    *slots[i] = Null();
    if (i + 1 < 6) slots[i + 1]->dtype = ACL_DOUBLE;  // a later error must not win
    EXPECT_EQ(c.Phase1(true, true), ACLNN_ERR_PARAM_NULLPTR) << names[i];
    ExpectErrorMessage(names[i]);
  }
  EXPECT_EQ(GnsCase({2, 4, 3}, {2, 2}, 2).Phase1(true, false), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("workspaceSize");
  EXPECT_EQ(GnsCase({2, 4, 3}, {2, 2}, 2).Phase1(false, true), ACLNN_ERR_PARAM_NULLPTR);
  ExpectErrorMessage("executor");
  // Null pointers come before dtype errors.
  GnsCase c({2, 4, 3}, {2, 2}, 2, ACL_DOUBLE);
  EXPECT_EQ(c.Phase1(false, true), ACLNN_ERR_PARAM_NULLPTR);
}

// §2.3: the five accepted dtype rows succeed; everything else is 161002, before any shape rule.
TEST_F(GroupNormSwishUt, DTypeTable) {
  const std::pair<aclDataType, aclDataType> accepted[] = {{ACL_FLOAT16, ACL_FLOAT16},
                                                          {ACL_FLOAT, ACL_FLOAT},
                                                          {ACL_BF16, ACL_BF16},
                                                          {ACL_FLOAT16, ACL_FLOAT},
                                                          {ACL_BF16, ACL_FLOAT}};
  for (const auto &[xt, gt] : accepted) EXPECT_EQ(GnsCase({2, 4, 3}, {2, 2}, 2, xt, gt).Phase1(), ACLNN_SUCCESS);
  const std::pair<aclDataType, aclDataType> rejected[] = {{ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT, ACL_BF16},
                                                          {ACL_FLOAT16, ACL_BF16},  {ACL_BF16, ACL_FLOAT16},
                                                          {ACL_DOUBLE, ACL_DOUBLE}, {ACL_INT32, ACL_INT32}};
  for (const auto &[xt, gt] : rejected) {
    GnsCase c({2, 4, 3}, {2, 2}, 0, xt, gt);  // numGroups 0: the tiling error must not win
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << DTypeLabel(xt) << "/" << DTypeLabel(gt);
  }
  // Each other tensor off the table: beta != gamma, y != x, mean/rstd != gamma.
  const char *needles[] = {"beta dtype", "yOut dtype", "meanOut dtype", "rstdOut dtype"};
  for (int i = 0; i < 4; ++i) {
    GnsCase c({2, 4, 3}, {2, 2}, 0, ACL_FLOAT16, ACL_FLOAT);
    Desc *slots[] = {&c.beta, &c.y, &c.mean, &c.rstd};
    slots[i]->dtype = i == 1 ? ACL_FLOAT : ACL_FLOAT16;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << needles[i];
    ExpectErrorMessage(needles[i]);
  }
}

TEST_F(GroupNormSwishUt, FormatsThatMapToNdOnly) {
  for (aclFormat f : {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NCDHW, ACL_FORMAT_NCL}) {
    GnsCase c({2, 4, 3}, {2, 2}, 2);
    c.x.format = c.y.format = c.mean.format = f;
    EXPECT_EQ(c.Phase1(), ACLNN_SUCCESS) << f;
  }
  const char *names[] = {"x", "gamma", "beta", "yOut", "meanOut", "rstdOut"};
  for (int i = 0; i < 6; ++i) {
    GnsCase c({2, 4, 3}, {2, 2}, 0);
    Desc *slots[] = {&c.x, &c.gamma, &c.beta, &c.y, &c.mean, &c.rstd};
    slots[i]->format = i % 2 ? ACL_FORMAT_NC1HWC0 : ACL_FORMAT_NDHWC;
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << names[i];
    ExpectErrorMessage(std::string(names[i]) + " format");
  }
}

// §2.4 step 4: all three outputs empty -> success, workspace 0, before the tiling rules.
TEST_F(GroupNormSwishUt, AllOutputsEmptySucceedBeforeTiling) {
  GnsCase empty({0, 4, 3}, {0, 2}, 2);
  EXPECT_EQ(empty.Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(empty.workspaceSize, 0u);
  GnsCase badGroups({0, 4, 3}, {0, 3}, 3);  // C % G != 0, but nothing to write
  EXPECT_EQ(badGroups.Phase1(), ACLNN_SUCCESS);
  GnsCase rankOne({0}, {0}, 0);
  EXPECT_EQ(rankOne.Phase1(), ACLNN_SUCCESS);
  GnsCase dtypeFirst({0, 4, 3}, {0, 2}, 2, ACL_DOUBLE, ACL_DOUBLE);  // dtype errors come first
  EXPECT_EQ(dtypeFirst.Phase1(), ACLNN_ERR_PARAM_INVALID);
}

// §2.4 step 5: the tiling's rules, in its order, with the device's 561002.
TEST_F(GroupNormSwishUt, TilingRulesGive561002InOrder) {
  auto expectTiling = [](const GnsCase &c, const char *needle) {
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_INNER_TILING_ERROR) << needle;
    ExpectErrorMessage(needle);
  };
  expectTiling(GnsCase({6}, {2}, 2), "x of rank >= 2");
  GnsCase gammaRank({2, 4, 3}, {2, 2}, 0);
  gammaRank.gamma = D({4, 1});
  gammaRank.beta = D({5});  // gamma is checked first
  expectTiling(gammaRank, "gamma of shape [C]");
  GnsCase gammaSize({2, 4, 3}, {2, 2}, 0);
  gammaSize.gamma = D({3});
  expectTiling(gammaSize, "gamma of shape [C]");
  GnsCase betaSize({2, 4, 3}, {2, 2}, 0);
  betaSize.beta = D({5});
  expectTiling(betaSize, "beta of shape [C]");
  expectTiling(GnsCase({2, 4, 3}, {2, 2}, 0), "numGroups > 0");
  expectTiling(GnsCase({2, 4, 3}, {2, 2}, -2), "numGroups > 0");
  GnsCase indivisible({2, 4, 3}, {2, 3}, 3);
  indivisible.y = D({7});  // a CPU 161002 rule comes later
  expectTiling(indivisible, "divisible by numGroups");
  // No upper bound on C / G and no rank-8 limit in the tiling (the latter is the CPU's 161002).
  EXPECT_EQ(GnsCase({1, 8192, 1}, {1, 1}, 1).Phase1(), ACLNN_SUCCESS);
}

// The CPU's hardening rules after the tiling (§2.4 "CPU recommendation"): 161002.
TEST_F(GroupNormSwishUt, CpuRulesGive161002) {
  auto expectInvalid = [](const GnsCase &c, const char *needle) {
    EXPECT_EQ(c.Phase1(), ACLNN_ERR_PARAM_INVALID) << needle;
    ExpectErrorMessage(needle);
  };
  expectInvalid(GnsCase({1, 2, 1, 1, 1, 1, 1, 1, 2}, {1, 2}, 2), "x rank <= 8");
  GnsCase zeroN({0, 4, 3}, {2, 2}, 2);  // mean not empty
  expectInvalid(zeroN, "N > 0, C > 0 and HxW > 0");
  GnsCase zeroC({2, 0, 3}, {2, 1}, 1);
  expectInvalid(zeroC, "N > 0, C > 0 and HxW > 0");
  GnsCase zeroHw({2, 4, 0}, {2, 2}, 2);
  expectInvalid(zeroHw, "N > 0, C > 0 and HxW > 0");
  GnsCase ySize({2, 4, 3}, {2, 2}, 2);
  ySize.y = D({2, 4, 2});
  expectInvalid(ySize, "yOut with 24 elements");
  GnsCase meanSize({2, 4, 3}, {2, 3}, 2);
  expectInvalid(meanSize, "meanOut with 4 elements");
  GnsCase rstdSize({2, 4, 3}, {2, 2}, 2);
  rstdSize.rstd = D({5});
  expectInvalid(rstdSize, "rstdOut with 4 elements");
  GnsCase yRank({2, 4, 3}, {2, 2}, 2);
  yRank.y = D({1, 1, 1, 1, 1, 2, 4, 3, 1});
  expectInvalid(yRank, "yOut rank <= 8");
  // Any view of the right element count: [N * G], the example's [2, 1] with G = 1, y flattened.
  EXPECT_EQ(GnsCase({2, 4, 3}, {4}, 2).Phase1(), ACLNN_SUCCESS);
  EXPECT_EQ(GnsCase({2, 3, 4}, {2, 1}, 1).Phase1(), ACLNN_SUCCESS);
  GnsCase yFlat({2, 4, 3}, {2, 2}, 2);
  yFlat.y = D({24});
  EXPECT_EQ(yFlat.Phase1(), ACLNN_SUCCESS);
  // A view outside its storage.
  GnsCase outside({2, 4, 3}, {2, 2}, 2);
  outside.y.storage = {10};
  expectInvalid(outside, "yOut");
}

TEST_F(GroupNormSwishUt, AttributesAcceptAnyValue) {
  // dataFormat: null or any string is accepted and ignored; eps and swishScale take any value.
  DeviceTensor x({2, 4, 3}, ACL_FLOAT), gamma({4}, ACL_FLOAT), beta({4}, ACL_FLOAT), y({2, 4, 3}, ACL_FLOAT),
      mean({2, 2}, ACL_FLOAT), rstd({2, 2}, ACL_FLOAT);
  char nhwc[] = "NHWC", junk[] = "junk";
  for (char *format : {static_cast<char *>(nullptr), nhwc, junk}) {
    for (double eps : {0.0, -1.0, 1e30}) {
      for (double s : {0.0, -5.0, 1e40}) {
        uint64_t ws = 0;
        aclOpExecutor *exec = nullptr;
        EXPECT_EQ(aclnnGroupNormSwishGetWorkspaceSize(x.get(), gamma.get(), beta.get(), 2, format, eps, true, s,
                                                      y.get(), mean.get(), rstd.get(), &ws, &exec),
                  ACLNN_SUCCESS);
        aclDestroyAclOpExecutor(exec);
      }
    }
  }
}

TEST_F(GroupNormSwishUt, Phase2NullExecutor) {
  EXPECT_EQ(aclnnGroupNormSwish(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
}

}  // namespace
}  // namespace aclcpu_test::group_norm_swish_ut_test
