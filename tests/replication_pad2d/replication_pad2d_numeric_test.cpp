// aclnnReplicationPad2d against the spec's vectors (pad-prelu-forward.md §2.2, §2.4) and a
// byte-level reference over every dtype, size and layout: the output must be bit-exact.
#include "common/pad2d_forward_checks.h"

namespace aclcpu_test::replication_pad2d_numeric_test {
namespace {

class ReplicationPad2dNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_F(ReplicationPad2dNumeric, SpecVectors) {
  const std::vector<double> top = {0, 0, 0, 1, 2, 2, 2}, mid = {3, 3, 3, 4, 5, 5, 5}, bottom = {6, 6, 6, 7, 8, 8, 8};
  std::vector<double> expected;
  for (const auto *row : {&top, &top, &top, &mid, &bottom, &bottom, &bottom}) {
    expected.insert(expected.end(), row->begin(), row->end());
  }
  EXPECT_EQ(PadValues(PadKind::kReplicate, {1, 1, 3, 3}, Iota(9), {2, 2, 2, 2}), expected);
  EXPECT_EQ(PadValues(PadKind::kReplicate, {1, 3, 4}, Iota(12), {3, 0, 1, 2}),
            (std::vector<double>{0, 0, 0, 0, 1, 2,  3,  0, 0, 0, 0, 1, 2,  3,  4, 4, 4, 4, 5, 6,  7,
                                 8, 8, 8, 8, 9, 10, 11, 8, 8, 8, 8, 9, 10, 11, 8, 8, 8, 8, 9, 10, 11}));
  // The example program's data (§2.4).
  EXPECT_EQ(PadValues(PadKind::kReplicate, {1, 1, 2, 2}, {1, 2, 3, 4}, {1, 1, 1, 1}),
            (std::vector<double>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}));
}

TEST_F(ReplicationPad2dNumeric, EveryDtypeSizeAndLayoutIsBitExact) {
  CheckEveryDtypeSizeAndLayout(PadKind::kReplicate);
}
TEST_F(ReplicationPad2dNumeric, ThreadCountsGiveTheSameBytes) {
  CheckThreadCountsGiveTheSameBytes(PadKind::kReplicate);
}
TEST_F(ReplicationPad2dNumeric, LargeStreamedOutputIsBitExact) {
  CheckLargeStreamedOutputIsBitExact(PadKind::kReplicate);
}
TEST_F(ReplicationPad2dNumeric, NegativePadsCrop) { CheckNegativePadsCrop(PadKind::kReplicate); }
TEST_F(ReplicationPad2dNumeric, EmptyWritesNothing) { CheckEmptyWritesNothing(PadKind::kReplicate); }

}  // namespace
}  // namespace aclcpu_test::replication_pad2d_numeric_test
