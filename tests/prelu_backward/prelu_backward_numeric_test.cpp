// aclnnPreluBackward against the float64 reference: ranks 1-8, both weight kinds and weight shapes,
// broadcast gradOutput patterns, NaN/+-inf/zeros, all dtypes, strided views, both internal layouts
// (long planes and short rows), thread counts, and the spec's example.
#include "common/test_tensor.h"
#include "prelu_backward/prelu_backward_tester.h"

namespace aclcpu_test::prelu_backward_numeric_test {
namespace {

class PreluBackwardNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

const aclDataType kDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

TEST_F(PreluBackwardNumeric, RanksOneToEightBothWeightKinds) {
  uint64_t seed = 11;
  for (aclDataType dtype : kDtypes) {
    for (size_t rank = 0; rank <= 8; ++rank) {
      std::vector<int64_t> shape;
      for (size_t d = 0; d < rank; ++d) shape.push_back(static_cast<int64_t>(1 + (d * 5 + 3) % 4));
      SCOPED_TRACE(std::string(DTypeLabel(dtype)) + " rank " + std::to_string(rank));
      PreluTester single;
      single.Self(shape).Weight({1}).DType(dtype).Seed(seed++);
      ExpectMatchesReference(single, single.Run());
      if (rank >= 2) {
        PreluTester perChannel;
        perChannel.Self(shape).Weight({shape[1]}).DType(dtype).Seed(seed++);
        ExpectMatchesReference(perChannel, perChannel.Run());
      }
    }
  }
}

TEST_F(PreluBackwardNumeric, BothLayoutsAndManyPieces) {
  struct Case {
    std::vector<int64_t> self, weight;
  };
  // Planes of 1 (rows layout), 63/64 around the switch, long planes split into several pieces, one
  // weight over a tensor split into several pieces.
  for (const Case &c : {Case{{300, 33}, {33}}, Case{{5, 7, 63}, {7}}, Case{{5, 7, 64}, {7}}, Case{{2, 3, 70001}, {3}},
                        Case{{3, 70001}, {1}}, Case{{7, 256, 1}, {256}}, Case{{4096, 17}, {17}}}) {
    for (aclDataType dtype : kDtypes) {
      PreluTester t;
      t.Self(c.self).Weight(c.weight).DType(dtype).Seed(3);
      SCOPED_TRACE(DTypeLabel(dtype));
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST_F(PreluBackwardNumeric, BroadcastGradOutput) {
  const std::vector<int64_t> self = {4, 3, 5, 6};
  for (const std::vector<int64_t> &go :
       std::vector<std::vector<int64_t>>{{1, 3, 5, 6}, {4, 1, 5, 6}, {4, 3, 1, 1}, {6}, {5, 1}, {1}, {}, {3, 1, 6}}) {
    for (aclDataType dtype : kDtypes) {
      PreluTester t;
      t.Self(self).GradOutput(go).Weight({3}).DType(dtype).Seed(go.size() + 1);
      ExpectMatchesReference(t, t.Run());
      PreluTester s;
      s.Self(self).GradOutput(go).Weight({1}).DType(dtype).Seed(go.size() + 2);
      ExpectMatchesReference(s, s.Run());
    }
  }
}

TEST_F(PreluBackwardNumeric, NanInfAndZeros) {
  for (aclDataType dtype : kDtypes) {
    for (const std::vector<int64_t> &w : std::vector<std::vector<int64_t>>{{1}, {8}}) {
      PreluTester t;
      t.Self({6, 8, 40}).Weight(w).DType(dtype).Specials(0.05).Seed(9);
      ExpectMatchesReference(t, t.Run());
    }
  }
  // A channel with one NaN x gets a NaN gradWeight; x = +-0 takes the weight branch.
  PreluTester t;
  t.Self({2, 2, 3}).Weight({2}).Specials(0.3).Seed(4);
  ExpectMatchesReference(t, t.Run());
}

TEST_F(PreluBackwardNumeric, WeightShapes) {
  for (const std::vector<int64_t> &w : std::vector<std::vector<int64_t>>{{6}, {1, 6, 1, 1}, {2, 3}, {6, 1}}) {
    PreluTester t;
    t.Self({3, 6, 4, 5}).Weight(w).Seed(w.size());
    ExpectMatchesReference(t, t.Run());
  }
  for (const std::vector<int64_t> &w : std::vector<std::vector<int64_t>>{{1, 1, 1}, {1}}) {
    PreluTester t;
    t.Self({3, 6, 4, 5}).Weight(w).Seed(w.size() + 10);
    ExpectMatchesReference(t, t.Run());
  }
}

TEST_F(PreluBackwardNumeric, StridedViews) {
  for (aclDataType dtype : kDtypes) {
    for (int variant = 1; variant < 4; ++variant) {
      PreluTester t;
      t.Self({3, 4, 9, 70}).Weight(variant == 2 ? std::vector<int64_t>{1} : std::vector<int64_t>{4}).DType(dtype);
      if (variant & 1) t.DataLayout(Layout::Transposed(4));
      if (variant & 2) t.OutLayout(Layout::Padded(4));
      SCOPED_TRACE(variant);
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST_F(PreluBackwardNumeric, BitIdenticalForOneAndTwoThreads) {
  struct Case {
    std::vector<int64_t> self, weight;
  };
  for (const Case &c : {Case{{4, 16, 3000}, {16}}, Case{{2000, 40}, {40}}, Case{{5, 100000}, {1}}}) {
    for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
      PreluTester one, two;
      one.Self(c.self).Weight(c.weight).DType(dtype).Seed(21).Threads(1);
      two.Self(c.self).Weight(c.weight).DType(dtype).Seed(21).Threads(2);
      const PreluOutputs a = one.Run(), b = two.Run();
      ASSERT_EQ(a.status, 0);
      ASSERT_EQ(b.status, 0);
      EXPECT_EQ(a.dxBytes, b.dxBytes);
      EXPECT_EQ(a.dwBytes, b.dwBytes);
    }
  }
}

// §2.5: self (4,2) = 0..7, weight [0.5, 0.5], gradOutput ones -> gradInput 0.5, 1 x 7; gradWeight 0, 0.
TEST_F(PreluBackwardNumeric, SpecExample) {
  aclrtSetDevice(0);
  DeviceTensor go({4, 2}, ACL_FLOAT), x({4, 2}, ACL_FLOAT), w({2}, ACL_FLOAT), gi({4, 2}, ACL_FLOAT),
      gw({2}, ACL_FLOAT);
  x.Fill({0, 1, 2, 3, 4, 5, 6, 7});
  go.Fill(std::vector<double>(8, 1.0));
  w.Fill({0.5, 0.5});
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(go.get(), x.get(), w.get(), gi.get(), gw.get(), &ws, &exec), 0);
  ASSERT_EQ(RunPhase2(aclnnPreluBackward, ws, exec), 0);
  EXPECT_EQ(gi.Read(), (std::vector<double>{0.5, 1, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(gw.Read(), (std::vector<double>{0, 0}));
}

}  // namespace
}  // namespace aclcpu_test::prelu_backward_numeric_test
