// aclnnPrelu against the float64 reference, element for element: ranks 0-8, both weight kinds and
// several weight shapes, sizes around the vector widths and the internal layouts, every combination
// of the three dtypes, NaN/+-inf/signed zeros in x and in the weight, strided views, thread counts,
// and the spec's example.
#include "common/test_tensor.h"
#include "prelu/prelu_tester.h"

namespace aclcpu_test::prelu_numeric_test {
namespace {

class PreluNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

const aclDataType kDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

TEST_F(PreluNumeric, RanksZeroToEightBothWeightKinds) {
  uint64_t seed = 31;
  for (aclDataType dtype : kDtypes) {
    for (size_t rank = 0; rank <= 8; ++rank) {
      std::vector<int64_t> shape;
      for (size_t d = 0; d < rank; ++d) shape.push_back(static_cast<int64_t>(1 + (d * 5 + 3) % 4));
      SCOPED_TRACE(std::string(DTypeLabel(dtype)) + " rank " + std::to_string(rank));
      ExpectMatchesReference(PreluForwardTester().Self(shape).Weight({1}).DType(dtype).Seed(seed++).Run());
      if (rank >= 2) {
        ExpectMatchesReference(PreluForwardTester().Self(shape).Weight({shape[1]}).DType(dtype).Seed(seed++).Run());
      }
    }
  }
}

// Every length from 1 to 70 (the scalar tails of 4-, 8- and 16-lane vectors), as one plane, as rows of
// per-channel weights, and around the switch between the two layouts (planes of 63 and 64).
TEST_F(PreluNumeric, SizesAroundTheVectorWidthsAndBothLayouts) {
  for (aclDataType dtype : kDtypes) {
    for (int64_t n = 1; n <= 70; ++n) {
      SCOPED_TRACE(std::string(DTypeLabel(dtype)) + " n " + std::to_string(n));
      ExpectMatchesReference(PreluForwardTester().Self({n}).Weight({1}).DType(dtype).Seed(n).Run());
      ExpectMatchesReference(PreluForwardTester().Self({2, 3, n}).Weight({3}).DType(dtype).Seed(n).Run());
      ExpectMatchesReference(PreluForwardTester().Self({3, n}).Weight({n}).DType(dtype).Seed(n).Run());
    }
    for (const std::vector<int64_t> &shape : std::vector<std::vector<int64_t>>{
             {5, 7, 63}, {5, 7, 64}, {2, 3, 70001}, {3, 70001}, {7, 256, 1}, {4096, 17}, {9, 5, 13000}}) {
      const int64_t channels = shape[1];
      ExpectMatchesReference(PreluForwardTester().Self(shape).Weight({channels}).DType(dtype).Seed(7).Run());
      ExpectMatchesReference(PreluForwardTester().Self(shape).Weight({1}).DType(dtype).Seed(8).Run());
    }
  }
}

// self, weight and out of any of the three dtypes: the product in the promoted dtype, then cast to
// out's (§3.5), special values included.
TEST_F(PreluNumeric, EveryDtypeCombination) {
  uint64_t seed = 100;
  for (aclDataType s : kDtypes) {
    for (aclDataType w : kDtypes) {
      for (aclDataType o : kDtypes) {
        SCOPED_TRACE(std::string(DTypeLabel(s)) + " " + DTypeLabel(w) + " -> " + DTypeLabel(o));
        ExpectMatchesReference(
            PreluForwardTester().Self({3, 5, 77}).Weight({5}).DTypes(s, w, o).Specials(0.02).Seed(seed++).Run());
        ExpectMatchesReference(PreluForwardTester().Self({40, 6}).Weight({6}).DTypes(s, w, o).Seed(seed++).Run());
      }
    }
  }
}

// A narrow promoted dtype rounds the product before the cast to a different out dtype: FLOAT16 x
// FLOAT16 into FLOAT is the FLOAT16 product, not the exact one.
TEST_F(PreluNumeric, NarrowPromotedDtypeRoundsTheProductFirst) {
  const double x = -1.0 - 1.0 / 1024, w = 1.0 + 1.0 / 1024;  // exact product needs 21 bits
  const auto o =
      PreluForwardTester().Self({1}).Weight({1}).DTypes(ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT).Values({x}, {w}).Run();
  ASSERT_EQ(o.status, 0);
  EXPECT_EQ(o.out[0], RoundTo(ACL_FLOAT16, x * w));
  EXPECT_NE(o.out[0], x * w);
}

TEST_F(PreluNumeric, SpecialValuesFollowTheSelectForm) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (aclDataType dtype : kDtypes) {
    SCOPED_TRACE(DTypeLabel(dtype));
    // x > 0 with an infinite or NaN weight stays x; NaN x stays NaN; -inf * 0 is NaN; +0 * -1 is -0.
    const struct {
      double x, w, expected;
    } cases[] = {{2.5, inf, 2.5},  {2.5, nan, 2.5},   {nan, 3.0, nan},   {inf, -2.0, inf},  {-inf, -2.0, inf},
                 {-inf, 0.0, nan}, {0.0, -1.0, -0.0}, {-0.0, 2.0, -0.0}, {-0.0, -1.0, 0.0}, {-2.0, -inf, inf}};
    for (const auto &c : cases) {
      const auto o = PreluForwardTester().Self({1}).Weight({1}).DType(dtype).Values({c.x}, {c.w}).Run();
      ASSERT_EQ(o.status, 0);
      EXPECT_TRUE(SameBitsAsDouble(o.out[0], c.expected)) << c.x << " * " << c.w << " gave " << o.out[0];
    }
    ExpectMatchesReference(PreluForwardTester().Self({6, 8, 40}).Weight({8}).DType(dtype).Specials(0.1).Seed(5).Run());
  }
}

TEST_F(PreluNumeric, WeightShapes) {
  for (const std::vector<int64_t> &w :
       std::vector<std::vector<int64_t>>{{6}, {1, 6, 1, 1}, {2, 3}, {6, 1}, {1, 1, 1}, {1}}) {
    ExpectMatchesReference(PreluForwardTester().Self({3, 6, 4, 5}).Weight(w).Seed(w.size()).Run());
  }
  // §5 Q6: a rank-1 self with a multi-dim one-element weight.
  ExpectMatchesReference(PreluForwardTester().Self({9}).Weight({1, 1}).Seed(3).Run());
}

TEST_F(PreluNumeric, StridedViews) {
  for (aclDataType dtype : kDtypes) {
    for (int variant = 1; variant < 4; ++variant) {
      PreluForwardTester t;
      t.Self({3, 4, 9, 70}).Weight(variant == 2 ? std::vector<int64_t>{1} : std::vector<int64_t>{4}).DType(dtype);
      if (variant & 1) t.DataLayout(Layout::Transposed(4));
      if (variant & 2) t.OutLayout(Layout::Padded(4));
      SCOPED_TRACE(variant);
      ExpectMatchesReference(t.Run());
    }
  }
}

// Dense outputs of 8 MiB or more are written with non-temporal stores (16-bit ones too), after a
// scalar head up to the vector alignment; odd lengths put the planes and rows at every alignment.
TEST_F(PreluNumeric, LargeDenseOutputsStreamed) {
  for (aclDataType dtype : kDtypes) {
    SCOPED_TRACE(DTypeLabel(dtype));
    ExpectMatchesReference(PreluForwardTester().Self({3, 5, 280001}).Weight({5}).DType(dtype).Seed(5).Run());
    ExpectMatchesReference(PreluForwardTester().Self({1400003, 3}).Weight({3}).DType(dtype).Seed(6).Run());
  }
}

TEST_F(PreluNumeric, BitIdenticalForOneAndTwoThreads) {
  struct Case {
    std::vector<int64_t> self, weight;
  };
  for (const Case &c : {Case{{4, 16, 3000}, {16}}, Case{{2000, 40}, {40}}, Case{{5, 100000}, {1}}}) {
    for (aclDataType dtype : kDtypes) {
      const auto one = PreluForwardTester().Self(c.self).Weight(c.weight).DType(dtype).Seed(21).Threads(1).Run();
      const auto two = PreluForwardTester().Self(c.self).Weight(c.weight).DType(dtype).Seed(21).Threads(2).Run();
      ASSERT_EQ(one.status, 0);
      ASSERT_EQ(two.status, 0);
      EXPECT_EQ(one.outBytes, two.outBytes);
      ExpectMatchesReference(two);
    }
  }
}

// §3.6: self (2,4) = {-2, 1, 2, -3, -4.7, 5.3, -6.9, 7}, weight {3}: the fp32 products of the example.
TEST_F(PreluNumeric, SpecExample) {
  const std::vector<double> x = {
      -2, 1, 2, -3, static_cast<float>(-4.7), static_cast<float>(5.3), static_cast<float>(-6.9), 7};
  const auto o = PreluForwardTester().Self({2, 4}).Weight({1}).Values(x, {3}).Run();
  ASSERT_EQ(o.status, 0);
  const double expected[] = {
      -6, 1, 2, -9, static_cast<float>(-4.7f * 3.0f), static_cast<float>(5.3f), static_cast<float>(-6.9f * 3.0f), 7};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(o.out[static_cast<size_t>(i)], expected[i]) << i;
  char printed[32];
  std::snprintf(printed, sizeof printed, "%f", o.out[4]);
  EXPECT_STREQ(printed, "-14.099999");
  std::snprintf(printed, sizeof printed, "%f", o.out[6]);
  EXPECT_STREQ(printed, "-20.700001");
}

}  // namespace
}  // namespace aclcpu_test::prelu_numeric_test
