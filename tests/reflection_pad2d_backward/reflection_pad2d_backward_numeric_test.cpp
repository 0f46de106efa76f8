// aclnnReflectionPad2dBackward against the float64 scatter reference: 3-D and 4-D, pads from 0 to
// size - 1 (and negative, cropping), H or W of 1, all six dtypes, strided views, thread counts, and
// the spec's example values.
#include "common/pad2d_backward_tester.h"
#include "common/test_tensor.h"

namespace aclcpu_test::reflection_pad2d_backward_numeric_test {
namespace {

class ReflectionPad2dBackwardNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

const aclDataType kAllDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};

TEST_F(ReflectionPad2dBackwardNumeric, SweepPadsSizesDtypes) {
  uint64_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {{3, 5, 6}, {2, 3, 8, 9}, {1, 1, 1, 9}, {2, 9, 1}, {1, 2, 17, 33}};
  for (aclDataType dtype : kAllDtypes) {
    for (const auto &shape : shapes) {
      const int64_t h = shape[shape.size() - 2], w = shape.back();
      for (int64_t pad = 0; pad < 8; ++pad) {
        // Each side gets its own pad within [0, size - 1]; bf16 keeps all pads <= 7 (its rule).
        const int64_t left = std::min(pad, w - 1), right = std::min((pad * 3) % 8, w - 1);
        const int64_t top = std::min((pad + 2) % 8, h - 1), bottom = std::min(pad, h - 1);
        PadTester t;
        t.Self(shape).Padding({left, right, top, bottom}).DType(dtype).Seed(seed++);
        const PadOutputs o = t.Run();
        SCOPED_TRACE(std::string(DTypeLabel(dtype)) + " pad " + std::to_string(pad));
        ExpectMatchesReference(t, o);
      }
    }
  }
}

TEST_F(ReflectionPad2dBackwardNumeric, PadsOfSizeMinusOneEverywhere) {
  for (aclDataType dtype : kAllDtypes) {
    PadTester t;
    t.Self({2, 3, 6, 5}).Padding({4, 4, 5, 5}).DType(dtype == ACL_BF16 ? ACL_FLOAT : dtype);
    ExpectMatchesReference(t, t.Run());
  }
  PadTester wide;
  wide.Self({1, 4, 40}).Padding({39, 39, 3, 3});  // mirrors overlap: cells with three column sources
  ExpectMatchesReference(wide, wide.Run());
}

TEST_F(ReflectionPad2dBackwardNumeric, NegativePadsCrop) {
  for (const std::vector<int64_t> &pad : std::vector<std::vector<int64_t>>{
           {-1, 0, 0, 0}, {-2, 1, -1, 2}, {2, -3, 1, -2}, {-3, -3, 0, 0}, {3, -5, -1, -1}}) {
    PadTester t;
    t.Self({2, 6, 7}).Padding(pad).DType(ACL_FLOAT);
    ExpectMatchesReference(t, t.Run());
  }
}

TEST_F(ReflectionPad2dBackwardNumeric, StridedGradOutputAndGradInput) {
  const std::vector<int64_t> shape = {2, 3, 7, 9};
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_COMPLEX64, ACL_DOUBLE}) {
    for (int variant = 0; variant < 4; ++variant) {
      PadTester t;
      t.Self(shape).Padding({2, 3, 1, 4}).DType(dtype);
      if (variant & 1) t.InLayout(variant == 3 ? Layout::Transposed(4) : Layout::Padded(4));
      if (variant & 2) t.OutLayout(variant == 3 ? Layout::Padded(4, 5) : Layout::Transposed(4));
      SCOPED_TRACE(variant);
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST_F(ReflectionPad2dBackwardNumeric, LargePlanesManyBlocks) {
  PadTester t;
  t.Self({3, 2, 130, 257}).Padding({7, 3, 6, 7}).Seed(7);
  ExpectMatchesReference(t, t.Run());
}

TEST_F(ReflectionPad2dBackwardNumeric, BitIdenticalForOneAndTwoThreads) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_COMPLEX128}) {
    PadTester one, two;
    one.Self({4, 3, 33, 65}).Padding({3, 2, 1, 3}).DType(dtype).Seed(5).Threads(1);
    two.Self({4, 3, 33, 65}).Padding({3, 2, 1, 3}).DType(dtype).Seed(5).Threads(2);
    const PadOutputs a = one.Run(), b = two.Run();
    ASSERT_EQ(a.status, 0);
    ASSERT_EQ(b.status, 0);
    EXPECT_EQ(a.bytes, b.bytes) << DTypeLabel(dtype);
  }
}

// §1.5's example: gradOutput (1,1,4,4) of ones, self (1,1,2,2), padding 1 on each side -> four 4.0.
// §1.2's doc example: gradOutput (1,1,7) of ones, self (1,1,5), padding [1,1,0,0] -> 1,2,1,2,1.
TEST_F(ReflectionPad2dBackwardNumeric, SpecExamplesWithOnes) {
  aclrtSetDevice(0);
  struct Example {
    std::vector<int64_t> go, self, pad;
    std::vector<double> expected;
  };
  for (const Example &e : {Example{{1, 1, 4, 4}, {1, 1, 2, 2}, {1, 1, 1, 1}, {4, 4, 4, 4}},
                           Example{{1, 1, 7}, {1, 1, 5}, {1, 1, 0, 0}, {1, 2, 1, 2, 1}}}) {
    DeviceTensor go(e.go, ACL_FLOAT), self(e.self, ACL_FLOAT), gi(e.self, ACL_FLOAT);
    go.Fill(std::vector<double>(static_cast<size_t>(go.numel()), 1.0));
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(e.pad.data(), 4),
                                                                           aclDestroyIntArray);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnReflectionPad2dBackwardGetWorkspaceSize(go.get(), self.get(), pad.get(), gi.get(), &ws, &exec), 0);
    ASSERT_EQ(RunPhase2(aclnnReflectionPad2dBackward, ws, exec), 0);
    EXPECT_EQ(gi.Read(), e.expected);
  }
}

TEST_F(ReflectionPad2dBackwardNumeric, EmptyGradOutputLeavesGradInputUntouched) {
  // Pads of -1 on both sides of W = 2 leave a gradOutput of width 0: success, nothing written.
  DeviceTensor go({1, 2, 0}, ACL_FLOAT), self({1, 2, 2}, ACL_FLOAT), gi({1, 2, 2}, ACL_FLOAT);
  const std::vector<unsigned char> before = gi.Bytes();
  const int64_t padValues[] = {-1, -1, 0, 0};
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(padValues, 4),
                                                                         aclDestroyIntArray);
  uint64_t ws = 1;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnReflectionPad2dBackwardGetWorkspaceSize(go.get(), self.get(), pad.get(), gi.get(), &ws, &exec), 0);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(aclnnReflectionPad2dBackward(nullptr, 0, exec, nullptr), 0);
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(gi.Bytes(), before);
}

}  // namespace
}  // namespace aclcpu_test::reflection_pad2d_backward_numeric_test
