// aclnnGroupNormSwishGrad against a float64 reference: ranks 2-8, group counts, channels per group
// near 1, 16 and 4000, plane sizes around the vector width and the piece size, all dtypes, both
// require flags, several swish scales, strided views, thread-count determinism, the spec example.
#include "common/simd_targets.h"
#include "group_norm_swish_grad/group_norm_swish_grad_tester.h"

namespace aclcpu_test::group_norm_swish_grad_numeric_test {
namespace {

const aclDataType kDTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

TEST(GroupNormSwishGradNumeric, SpecExampleValues) {
  // norm-ops.md §1.10: dy = x = 1..24 of shape [2, 3, 4], mean = rstd = 2, gamma = beta = 2, G = 1.
  std::vector<double> ramp(24);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<double>(i + 1);
  DeviceTensor dy({2, 3, 4}, ACL_FLOAT), x({2, 3, 4}, ACL_FLOAT), mean({2, 1}, ACL_FLOAT), rstd({2, 1}, ACL_FLOAT);
  DeviceTensor gamma({3}, ACL_FLOAT), beta({3}, ACL_FLOAT), dx({2, 3, 4}, ACL_FLOAT), dgamma({3}, ACL_FLOAT),
      dbeta({3}, ACL_FLOAT);
  dy.Fill(ramp);
  x.Fill(ramp);
  mean.Fill({2, 2});
  rstd.Fill({2, 2});
  gamma.Fill({2, 2, 2});
  beta.Fill({2, 2, 2});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnGroupNormSwishGradGetWorkspaceSize(dy.get(), mean.get(), rstd.get(), x.get(), gamma.get(), beta.get(),
                                                    1, nullptr, 1.0, true, true, dx.get(), dgamma.get(), dbeta.get(),
                                                    &ws, &exec),
            0);
  ASSERT_EQ(RunPhase2(aclnnGroupNormSwishGrad, ws, exec), 0);
  const std::vector<double> expectDx = {634.1020,   -16.9835,   -673.7368,  -1330.0531,  -1986.2344,  -2642.4095,
                                        -3298.5845, -3954.7594, -4610.9344, -5267.1093,  -5923.2842,  -6579.4592,
                                        -55843.333, -60914.000, -65984.667, -71055.333,  -76126.000,  -81196.667,
                                        -86267.333, -91338.000, -96408.667, -101479.333, -106550.000, -111620.667};
  const std::vector<double> expectDgamma = {1482.2621, 2696.0003, 4424.0000}, expectDbeta = {67.1294, 100.0001, 132.0};
  const std::vector<double> gotDx = dx.Read(), gotDgamma = dgamma.Read(), gotDbeta = dbeta.Read();
  // The spec prints 4 decimals (3 for the large values) of the float64 result.
  for (size_t i = 0; i < 24; ++i) EXPECT_NEAR(gotDx[i], expectDx[i], 1e-6 * std::fabs(expectDx[i]) + 6e-4) << i;
  for (size_t c = 0; c < 3; ++c) {
    EXPECT_NEAR(gotDgamma[c], expectDgamma[c], 1e-6 * expectDgamma[c] + 6e-4) << c;
    EXPECT_NEAR(gotDbeta[c], expectDbeta[c], 1e-6 * expectDbeta[c] + 6e-4) << c;
  }
}

TEST(GroupNormSwishGradNumeric, RanksTwoToEightAllDtypes) {
  const std::vector<std::vector<int64_t>> shapes = {{3, 8},
                                                    {2, 6, 7},
                                                    {2, 4, 3, 5},
                                                    {1, 6, 2, 3, 4},
                                                    {2, 4, 1, 2, 3, 2},
                                                    {1, 2, 2, 1, 3, 1, 2},
                                                    {1, 4, 1, 2, 1, 2, 1, 3}};
  for (aclDataType t : kDTypes) {
    for (const auto &shape : shapes) {
      for (int64_t g : {int64_t{1}, int64_t{2}, shape[1]}) {
        GroupNormSwishGradTester tester;
        tester.Shape(shape).Groups(g).DType(t).Seed(static_cast<uint64_t>(shape.size() * 10 + g));
        SCOPED_TRACE(std::string(DTypeLabel(t)) + " rank " + std::to_string(shape.size()) + " G " + std::to_string(g));
        ExpectMatchesReference(tester, tester.Run());
      }
    }
  }
}

TEST(GroupNormSwishGradNumeric, PlaneSizesAroundVectorWidthsAndPieces) {
  for (aclDataType t : kDTypes) {
    for (int64_t hw : {1, 7, 16, 17, 64, 2047, 2049, 4097, 8193}) {
      GroupNormSwishGradTester tester;
      tester.Shape({2, 4, hw}).Groups(2).DType(t).Seed(static_cast<uint64_t>(hw));
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " HxW " + std::to_string(hw));
      ExpectMatchesReference(tester, tester.Run());
    }
  }
}

TEST(GroupNormSwishGradNumeric, ChannelsPerGroupNearOneSixteenAndTheLimit) {
  const std::vector<std::pair<std::vector<int64_t>, int64_t>> cases = {
      {{2, 15, 9}, 15}, {{2, 32, 9}, 2}, {{1, 48, 5}, 3}, {{1, 4000, 2}, 1}, {{2, 3999, 3}, 1}, {{1, 8000, 1}, 2}};
  for (const auto &[shape, g] : cases) {
    GroupNormSwishGradTester tester;
    tester.Shape(shape).Groups(g).Seed(static_cast<uint64_t>(shape[1]));
    SCOPED_TRACE("C " + std::to_string(shape[1]) + " G " + std::to_string(g));
    ExpectMatchesReference(tester, tester.Run());
  }
}

TEST(GroupNormSwishGradNumeric, SwishScalesAndRequireFlags) {
  for (aclDataType t : kDTypes) {
    for (double s : {0.1, 1.0, 2.0, -0.5}) {
      for (int req = 0; req < 4; ++req) {
        const bool dgamma = (req & 1) != 0, dbeta = (req & 2) != 0;
        GroupNormSwishGradTester tester;
        tester.Shape({2, 6, 4, 5}).Groups(3).DType(t).Scale(s).Require(dgamma, dbeta).Seed(static_cast<uint64_t>(req));
        SCOPED_TRACE(std::string(DTypeLabel(t)) + " s " + std::to_string(s) + " req " + std::to_string(req));
        ExpectMatchesReference(tester, tester.Run(), dgamma, dbeta);
      }
    }
  }
}

TEST(GroupNormSwishGradNumeric, StridedInputsAndOutputs) {
  for (aclDataType t : kDTypes) {
    for (int variant = 0; variant < 6; ++variant) {
      GroupNormSwishGradTester tester;
      tester.Shape({2, 4, 5, 6}).Groups(2).DType(t).Seed(31);
      if (variant == 0) tester.DataLayout(Layout::Padded(4)).OutLayout(Layout::Transposed(4));
      if (variant == 1) tester.DataLayout(Layout::Transposed(4)).OutLayout(Layout::Padded(4));
      if (variant == 2) tester.ParamShape({4, 1});
      // One side strided: FLOAT16/BF16 sweeps convert dense tensors in registers and stage the others.
      if (variant == 3) tester.OutLayout(Layout::Transposed(4));
      if (variant == 4) tester.DataLayout(Layout::Padded(4));
      if (variant == 5) tester.DyLayout(Layout::Padded(4));
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " variant " + std::to_string(variant));
      ExpectMatchesReference(tester, tester.Run());
    }
  }
}

TEST(GroupNormSwishGradNumeric, VendorStStyleRandomStatistics) {
  // The vendor's ST draws every tensor from [-5, 5]: negative rstd, statistics unrelated to x and
  // |mean * rstd| up to 25 (the xhat form of sweep B).
  for (aclDataType t : kDTypes) {
    for (uint64_t seed = 0; seed < 4; ++seed) {
      GroupNormSwishGradTester tester;
      tester.Shape({3, 12, 17}).Groups(seed % 2 == 0 ? 1 : 12).DType(t).Values(-5, 5).RandomStats(true).Seed(seed);
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " seed " + std::to_string(seed));
      ExpectMatchesReference(tester, tester.Run());
    }
  }
}

TEST(GroupNormSwishGradNumeric, SwishArgumentsPastTheClampLimits) {
  // |u| = |s z| up to ~2000: the vector code clamps u to [-80, 86] before its exp (sigmoid saturated
  // on both sides); the elements near either limit and past it must still match the reference.
  for (aclDataType t : kDTypes) {
    for (const double scale : {1.0, -0.5}) {
      GroupNormSwishGradTester tester;
      tester.Shape({2, 8, 600}).Groups(2).DType(t).Scale(scale).Values(-10, 10).RandomStats(true).Seed(77);
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " scale " + std::to_string(scale));
      ExpectMatchesReference(tester, tester.Run());
    }
  }
}

TEST(GroupNormSwishGradNumeric, NonFiniteInputsReachEveryOutputTheyFeed) {
  // A NaN x inside a vector body (group 0 of sample 0) and an infinite dy in a tail (group 1 of
  // sample 1): every output the float64 reference makes non-finite must be non-finite here (the
  // vector exp gives garbage for NaN, so NaN must travel through u), and every other output must
  // stay finite and accurate.
  const std::vector<int64_t> shape = {2, 4, 70};  // 70 = whole vectors plus a tail at any width
  for (aclDataType t : kDTypes) {
    GroupNormSwishGradTester tester;
    tester.Shape(shape).Groups(2).DType(t).Seed(61).PokeX(3, std::nan("")).PokeDy(280 + 2 * 70 + 68, INFINITY);
    const GroupNormSwishGradOutputs o = tester.Run();
    ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
    SCOPED_TRACE(DTypeLabel(t));
    const std::vector<double> *got[3] = {&o.dx, &o.dgamma, &o.dbeta};
    const std::vector<double> *ref[3] = {&o.refDx, &o.refDgamma, &o.refDbeta};
    const std::vector<double> *scale[3] = {&o.dxScale, &o.dgammaScale, &o.dbetaScale};
    int nonFinite = 0;
    for (int k = 0; k < 3; ++k) {
      for (size_t i = 0; i < got[k]->size(); ++i) {
        const double v = (*got[k])[i], r = (*ref[k])[i];
        if (!std::isfinite(r)) {
          ++nonFinite;
          EXPECT_FALSE(std::isfinite(v)) << "output " << k << " [" << i << "] = " << v << ", reference " << r;
        } else {
          const double tol = 32 * Epsilon(ACL_FLOAT) * (*scale[k])[i] + UlpAt(t, std::fabs(r));
          EXPECT_LE(std::fabs(v - r), tol) << "output " << k << " [" << i << "] = " << v << ", reference " << r;
        }
      }
    }
    EXPECT_EQ(nonFinite, 2 * 140 + 2 + 2);  // two groups of dx, one channel each of dgamma and dbeta
  }
}

TEST(GroupNormSwishGradNumeric, LargeGroupRecomputesDz) {
  // S = 2 x 140001 > the stash limit: sweep B recomputes dL/dz piece by piece; pieces straddle the
  // channel boundary. FLOAT16/BF16 recompute from the 16-bit elements, fp32 from the tensor. With dx
  // or dy strided, only one of the two sweeps converts x in registers and the other stages it.
  for (aclDataType t : kDTypes) {
    for (int variant = 0; variant < 3; ++variant) {
      GroupNormSwishGradTester tester;
      tester.Shape({1, 2, 140001}).Groups(1).DType(t).Seed(41);
      if (variant == 1) tester.OutLayout(Layout::Padded(3));
      if (variant == 2) tester.DyLayout(Layout::Padded(3));
      SCOPED_TRACE(std::string(DTypeLabel(t)) + " variant " + std::to_string(variant));
      ExpectMatchesReference(tester, tester.Run());
    }
  }
}

TEST(GroupNormSwishGradNumeric, EverySimdTarget) {
  // All dtypes: FLOAT16/BF16 are converted in sweep A's registers, by a scalar fallback on targets
  // without F16C.
  ForEachSimdTarget([] {
    for (aclDataType t : kDTypes) {
      GroupNormSwishGradTester tester;
      tester.Shape({2, 4, 37}).Groups(2).DType(t).Seed(51);
      SCOPED_TRACE(DTypeLabel(t));
      ExpectMatchesReference(tester, tester.Run());
    }
  });
}

TEST(GroupNormSwishGradNumeric, BitIdenticalForOneAndTwoThreads) {
  for (aclDataType t : kDTypes) {
    GroupNormSwishGradTester one, two;
    one.Shape({5, 12, 33}).Groups(3).DType(t).Seed(61).Threads(1);
    two.Shape({5, 12, 33}).Groups(3).DType(t).Seed(61).Threads(2);
    const GroupNormSwishGradOutputs a = one.Run(), b = two.Run();
    ASSERT_EQ(a.status, 0);
    ASSERT_EQ(b.status, 0);
    EXPECT_EQ(a.dxBytes, b.dxBytes);
    EXPECT_EQ(a.dgammaBytes, b.dgammaBytes);
    EXPECT_EQ(a.dbetaBytes, b.dbetaBytes);
  }
}

TEST(GroupNormSwishGradNumeric, AllOutputsEmptySucceedWithoutWriting) {
  DeviceTensor dy({0, 4, 3}, ACL_FLOAT), x({0, 4, 3}, ACL_FLOAT), mean({0, 2}, ACL_FLOAT), rstd({0, 2}, ACL_FLOAT);
  DeviceTensor gamma({0}, ACL_FLOAT), beta({0}, ACL_FLOAT), dx({0, 4, 3}, ACL_FLOAT), dgamma({0}, ACL_FLOAT),
      dbeta({0}, ACL_FLOAT);
  uint64_t ws = 123;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnGroupNormSwishGradGetWorkspaceSize(dy.get(), mean.get(), rstd.get(), x.get(), gamma.get(), beta.get(),
                                                    2, nullptr, 1.0, true, true, dx.get(), dgamma.get(), dbeta.get(),
                                                    &ws, &exec),
            0);
  EXPECT_EQ(ws, 0u);
  EXPECT_EQ(RunPhase2(aclnnGroupNormSwishGrad, ws, exec), 0);
}

}  // namespace
}  // namespace aclcpu_test::group_norm_swish_grad_numeric_test
