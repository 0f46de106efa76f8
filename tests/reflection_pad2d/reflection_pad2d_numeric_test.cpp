// aclnnReflectionPad2d against the spec's vectors (pad-prelu-forward.md §1.2, §1.6) and a byte-level
// reference over every dtype, size and layout: the output must be bit-exact.
#include "common/pad2d_forward_checks.h"

namespace aclcpu_test::reflection_pad2d_numeric_test {
namespace {

class ReflectionPad2dNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_F(ReflectionPad2dNumeric, SpecVectors) {
  EXPECT_EQ(PadValues(PadKind::kReflect, {1, 1, 3, 3}, Iota(9), {2, 2, 2, 2}),
            (std::vector<double>{8, 7, 6, 7, 8, 7, 6, 5, 4, 3, 4, 5, 4, 3, 2, 1, 0, 1, 2, 1, 0, 5, 4, 3, 4,
                                 5, 4, 3, 8, 7, 6, 7, 8, 7, 6, 5, 4, 3, 4, 5, 4, 3, 2, 1, 0, 1, 2, 1, 0}));
  EXPECT_EQ(PadValues(PadKind::kReflect, {1, 3, 4}, Iota(12), {3, 0, 1, 2}),
            (std::vector<double>{7,  6,  5, 4, 5, 6,  7,  3, 2, 1, 0, 1, 2, 3, 7, 6, 5, 4, 5, 6, 7,
                                 11, 10, 9, 8, 9, 10, 11, 7, 6, 5, 4, 5, 6, 7, 3, 2, 1, 0, 1, 2, 3}));
  // The example program's data (§1.6).
  EXPECT_EQ(PadValues(PadKind::kReflect, {1, 1, 2, 2}, {1, 2, 3, 4}, {1, 1, 1, 1}),
            (std::vector<double>{4, 3, 4, 3, 2, 1, 2, 1, 4, 3, 4, 3, 2, 1, 2, 1}));
}

TEST_F(ReflectionPad2dNumeric, EveryDtypeSizeAndLayoutIsBitExact) { CheckEveryDtypeSizeAndLayout(PadKind::kReflect); }
TEST_F(ReflectionPad2dNumeric, ThreadCountsGiveTheSameBytes) { CheckThreadCountsGiveTheSameBytes(PadKind::kReflect); }
TEST_F(ReflectionPad2dNumeric, LargeStreamedOutputIsBitExact) { CheckLargeStreamedOutputIsBitExact(PadKind::kReflect); }
TEST_F(ReflectionPad2dNumeric, NegativePadsCrop) { CheckNegativePadsCrop(PadKind::kReflect); }
TEST_F(ReflectionPad2dNumeric, EmptyWritesNothing) { CheckEmptyWritesNothing(PadKind::kReflect); }

}  // namespace
}  // namespace aclcpu_test::reflection_pad2d_numeric_test
