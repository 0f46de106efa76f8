// aclnnGroupNormSwish against a float64 reference: the spec example, ranks 2-8, every dtype row,
// group sizes around the vector widths and the piece size, swish on/off and its scale, large means,
// strided views (bit-identical to dense), 1 vs 2 threads bitwise, empty outputs, non-finite inputs.
#include <cstring>

#include "group_norm_swish/group_norm_swish_tester.h"

namespace aclcpu_test::group_norm_swish_numeric_test {
namespace {

struct DTypeRow {
  aclDataType x, gamma;
};
const DTypeRow kRows[] = {{ACL_FLOAT, ACL_FLOAT},
                          {ACL_FLOAT16, ACL_FLOAT16},
                          {ACL_BF16, ACL_BF16},
                          {ACL_FLOAT16, ACL_FLOAT},
                          {ACL_BF16, ACL_FLOAT}};

std::string RowLabel(const DTypeRow &r) { return std::string(DTypeLabel(r.x)) + "/" + DTypeLabel(r.gamma); }

TEST(GroupNormSwishNumeric, SpecExampleValues) {
  // norm-forward.md §2.10: x = 1..24 of [2, 3, 4], gamma = beta = 2, G = 1, eps 1e-5, swish scale 1;
  // y and mean/rstd ([2, 1]) pre-filled.
  std::vector<double> ramp(24);
  for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<double>(i + 1);
  DeviceTensor x({2, 3, 4}, ACL_FLOAT), gamma({3}, ACL_FLOAT), beta({3}, ACL_FLOAT), y({2, 3, 4}, ACL_FLOAT),
      mean({2, 1}, ACL_FLOAT), rstd({2, 1}, ACL_FLOAT);
  x.Fill(ramp);
  y.Fill(ramp);
  gamma.Fill({2, 2, 2});
  beta.Fill({2, 2, 2});
  mean.Fill({2, 2});
  rstd.Fill({2, 2});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  char format[] = "NCHW";
  ASSERT_EQ(aclnnGroupNormSwishGetWorkspaceSize(x.get(), gamma.get(), beta.get(), 1, format, 1e-5, true, 1.0, y.get(),
                                                mean.get(), rstd.get(), &ws, &exec),
            0);
  ASSERT_EQ(RunPhase2(aclnnGroupNormSwish, ws, exec), 0);
  const double expectY[] = {-0.277505, -0.214146, -0.0136962, 0.349984, 0.855016, 1.44843,
                            2.07908,   2.71497,   3.34215,    3.95728,  4.56162,  5.15767};
  const std::vector<double> gotY = y.Read(), gotMean = mean.Read(), gotRstd = rstd.Read();
  for (size_t i = 0; i < 24; ++i) EXPECT_NEAR(gotY[i], expectY[i % 12], 6e-6 * std::fabs(expectY[i % 12])) << i;
  // The CPU prints 5.157670 for elements 11 and 23 (the device's folded fp32 form gives 5.157669).
  EXPECT_EQ(std::string(std::to_string(gotY[11])), "5.157670");
  EXPECT_EQ(gotMean[0], 6.5);
  EXPECT_EQ(gotMean[1], 18.5);
  EXPECT_NEAR(gotRstd[0], 0.2896826, 1e-7);
  EXPECT_EQ(gotRstd[0], gotRstd[1]);
}

TEST(GroupNormSwishNumeric, RanksTwoToEightEveryDtypeRow) {
  const std::vector<std::vector<int64_t>> shapes = {{3, 8},
                                                    {2, 6, 7},
                                                    {2, 4, 3, 5},
                                                    {1, 6, 2, 3, 4},
                                                    {2, 4, 1, 2, 3, 2},
                                                    {1, 2, 2, 1, 3, 1, 2},
                                                    {1, 4, 1, 2, 1, 2, 1, 3}};
  for (const DTypeRow &row : kRows) {
    for (const auto &shape : shapes) {
      for (int64_t g : {int64_t{1}, int64_t{2}, shape[1]}) {
        for (bool swish : {true, false}) {
          GroupNormSwishTester t;
          t.Shape(shape).Groups(g).DType(row.x).GammaDType(row.gamma).Swish(swish, 1.0);
          t.Seed(static_cast<uint64_t>(shape.size() * 10 + g));
          SCOPED_TRACE(RowLabel(row) + " rank " + std::to_string(shape.size()) + " G " + std::to_string(g));
          ExpectMatchesReference(t, t.Run());
        }
      }
    }
  }
}

// Group sizes around the vector widths (4, 8, 16 lanes), the wide run's 256-element block and the
// 2048-element piece, one and several channels per group.
TEST(GroupNormSwishNumeric, SizesAroundVectorWidthsAndPieces) {
  const int64_t planes[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 255, 256, 257, 2047, 2048, 2049, 4097};
  for (const DTypeRow &row : kRows) {
    for (int64_t hw : planes) {
      for (int64_t d : {int64_t{1}, int64_t{3}}) {
        GroupNormSwishTester t;
        t.Shape({2, 2 * d, hw}).Groups(2).DType(row.x).GammaDType(row.gamma).Swish(true, 1.5);
        t.Seed(static_cast<uint64_t>(hw * 7 + d));
        SCOPED_TRACE(RowLabel(row) + " HxW " + std::to_string(hw) + " D " + std::to_string(d));
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

TEST(GroupNormSwishNumeric, SwishScalesAndEps) {
  for (const DTypeRow &row : kRows) {
    for (double s : {0.0, 1.0, -1.0, 0.25, 3.0, -5.0, 40.0}) {
      for (double eps : {1e-5, 0.5, 1e-12}) {
        GroupNormSwishTester t;
        t.Shape({3, 6, 37}).Groups(3).DType(row.x).GammaDType(row.gamma).Swish(true, s).Eps(eps).Seed(5);
        SCOPED_TRACE(RowLabel(row) + " s " + std::to_string(s) + " eps " + std::to_string(eps));
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

// A mean far from zero: x - mean keeps its accuracy (double in the FLOAT run, an fp32 pair in the
// 16-bit ones), and the moments come from double sums.
TEST(GroupNormSwishNumeric, LargeMeanSmallSpread) {
  for (const DTypeRow &row : kRows) {
    GroupNormSwishTester t;
    const double offset = row.x == ACL_FLOAT ? 1e4 : 100.0;
    t.Shape({2, 4, 300}).Groups(2).DType(row.x).GammaDType(row.gamma).Values(-1, 1, offset).Seed(9);
    SCOPED_TRACE(RowLabel(row));
    ExpectMatchesReference(t, t.Run());
  }
}

// Strided views give the same bytes as dense ones (the same values go through the same steps).
TEST(GroupNormSwishNumeric, StridedViewsMatchDenseBitwise) {
  for (const DTypeRow &row : kRows) {
    for (int variant = 0; variant < 4; ++variant) {
      GroupNormSwishTester dense, strided;
      for (GroupNormSwishTester *t : {&dense, &strided}) {
        t->Shape({2, 6, 5, 7}).Groups(3).DType(row.x).GammaDType(row.gamma).Swish(true, 0.7).Seed(11);
      }
      switch (variant) {
        case 0: strided.XLayout(Layout::Padded(4)); break;
        case 1: strided.YLayout(Layout::Transposed(4)); break;
        case 2:
          strided.XLayout(Layout::Transposed(4)).YLayout(Layout::Padded(4)).AffineLayout(Layout::Padded(1, 2));
          break;
        default: strided.StatsShape({2, 3}, Layout::Transposed(2)); break;
      }
      const GroupNormSwishOutputs a = dense.Run(), b = strided.Run();
      SCOPED_TRACE(RowLabel(row) + " variant " + std::to_string(variant));
      ExpectMatchesReference(strided, b);
      ASSERT_EQ(a.y.size(), b.y.size());
      for (size_t i = 0; i < a.y.size(); ++i) {
        ASSERT_EQ(std::memcmp(&a.y[i], &b.y[i], sizeof(double)), 0) << "y[" << i << "] " << a.y[i] << " " << b.y[i];
      }
      EXPECT_EQ(a.mean, b.mean);
      EXPECT_EQ(a.rstd, b.rstd);
    }
  }
}

TEST(GroupNormSwishNumeric, StatsAsFlatOrExampleShape) {
  GroupNormSwishTester t;
  t.Shape({4, 6, 9}).Groups(3).StatsShape({12}).Seed(2);
  ExpectMatchesReference(t, t.Run());
  GroupNormSwishTester u;
  u.Shape({2, 3, 4}).Groups(1).StatsShape({2, 1}).Seed(2);
  ExpectMatchesReference(u, u.Run());
}

TEST(GroupNormSwishNumeric, OneAndTwoThreadsBitwise) {
  for (const DTypeRow &row : kRows) {
    for (const std::vector<int64_t> &shape :
         {std::vector<int64_t>{3, 8, 33, 17}, std::vector<int64_t>{2, 4, 5000}, std::vector<int64_t>{1, 64, 3}}) {
      GroupNormSwishTester one, two;
      for (GroupNormSwishTester *t : {&one, &two}) {
        t->Shape(shape).Groups(4).DType(row.x).GammaDType(row.gamma).Swish(true, 1.0).Seed(21);
      }
      one.Threads(1);
      two.Threads(2);
      const GroupNormSwishOutputs a = one.Run(), b = two.Run();
      ASSERT_EQ(a.status, 0);
      ASSERT_EQ(b.status, 0);
      EXPECT_EQ(a.yBytes, b.yBytes) << RowLabel(row);
      EXPECT_EQ(a.meanBytes, b.meanBytes) << RowLabel(row);
      EXPECT_EQ(a.rstdBytes, b.rstdBytes) << RowLabel(row);
    }
  }
}

// All three outputs empty: success, workspace 0, nothing written (the outputs keep their fill).
TEST(GroupNormSwishNumeric, EmptyOutputsWriteNothing) {
  DeviceTensor x({0, 4, 3}, ACL_FLOAT), gamma({4}, ACL_FLOAT), beta({4}, ACL_FLOAT), y({0, 4, 3}, ACL_FLOAT),
      mean({0, 2}, ACL_FLOAT), rstd({0, 2}, ACL_FLOAT);
  gamma.Fill({1, 1, 1, 1});
  const std::vector<unsigned char> before = gamma.Bytes();
  uint64_t ws = 7;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnGroupNormSwishGetWorkspaceSize(x.get(), gamma.get(), beta.get(), 2, nullptr, 1e-5, true, 1.0, y.get(),
                                                mean.get(), rstd.get(), &ws, &exec),
            0);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(RunPhase2(aclnnGroupNormSwish, ws, exec), 0);
  EXPECT_EQ(gamma.Bytes(), before);
}

// A non-finite x makes its own group NaN (generic formula, no C == G shortcut) and no other.
TEST(GroupNormSwishNumeric, NonFiniteInputStaysInItsGroup) {
  for (const DTypeRow &row : kRows) {
    for (double bad : {std::nan(""), HUGE_VAL}) {
      GroupNormSwishTester t;
      t.Shape({2, 4, 1}).Groups(4).DType(row.x).GammaDType(row.gamma).PokeX(5, bad).Seed(4);
      const GroupNormSwishOutputs o = t.Run();
      ASSERT_EQ(o.status, 0);
      for (size_t i = 0; i < o.y.size(); ++i) {
        if (i == 5) {
          EXPECT_TRUE(std::isnan(o.y[i])) << RowLabel(row);
        } else {
          EXPECT_NEAR(o.y[i], o.refY[i], 1e-2 * (1 + std::fabs(o.refY[i]))) << RowLabel(row) << " " << i;
        }
      }
      EXPECT_TRUE(std::isnan(o.rstd[5]) || std::isnan(o.mean[5]) || std::isinf(o.mean[5])) << RowLabel(row);
    }
  }
}

}  // namespace
}  // namespace aclcpu_test::group_norm_swish_numeric_test
