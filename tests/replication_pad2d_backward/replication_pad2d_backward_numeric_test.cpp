// aclnnReplicationPad2dBackward against the float64 scatter reference: 3-D and 4-D, pads from 0 to
// well past the dims (and negative, cropping), H or W of 1 (one cell collects a whole axis), all six
// dtypes, strided views, thread counts, and the spec's vectors.
#include "common/pad2d_backward_tester.h"
#include "common/test_tensor.h"

namespace aclcpu_test::replication_pad2d_backward_numeric_test {
namespace {

class ReplicationPad2dBackwardNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

const aclDataType kAllDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};

TEST_F(ReplicationPad2dBackwardNumeric, SweepPadsSizesDtypes) {
  uint64_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {{3, 5, 6}, {2, 3, 8, 9}, {1, 1, 1, 9}, {2, 9, 1}, {1, 2, 17, 33}};
  for (aclDataType dtype : kAllDtypes) {
    for (const auto &shape : shapes) {
      for (int64_t pad = 0; pad < 8; ++pad) {
        // Pads are not bounded by the dims; bf16 keeps them <= 7 (its rule).
        const std::vector<int64_t> padding = {pad, (pad * 3) % 8, (pad + 2) % 8, pad == 7 ? 0 : pad};
        PadTester t(PadKind::kReplicate);
        t.Self(shape).Padding(padding).DType(dtype).Seed(seed++);
        SCOPED_TRACE(std::string(DTypeLabel(dtype)) + " pad " + std::to_string(pad));
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

TEST_F(ReplicationPad2dBackwardNumeric, LargePadsAndSingleCellAxes) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_COMPLEX64}) {
    for (const auto &[shape, pad] : std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>>{
             {{2, 1, 1}, {30, 25, 40, 12}},       // one cell collects everything
             {{1, 3, 1, 70}, {9, 0, 20, 31}},     // H of 1: every output row lands on it
             {{1, 50, 1}, {33, 33, 0, 0}},        // W of 1
             {{2, 2, 6, 5}, {13, 11, 17, 9}}}) {  // corners collect (top + 1) x (left + 1)
      PadTester t(PadKind::kReplicate);
      t.Self(shape).Padding(pad).DType(dtype).Seed(9);
      SCOPED_TRACE(DTypeLabel(dtype));
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST_F(ReplicationPad2dBackwardNumeric, NegativePadsCrop) {
  for (const std::vector<int64_t> &pad : std::vector<std::vector<int64_t>>{
           {-1, 0, 0, 0}, {-2, 1, -1, 2}, {2, -3, 1, -2}, {-3, -3, 0, 0}, {3, -5, -1, -1}, {-6, 2, -5, 1}}) {
    for (aclDataType dtype : {ACL_FLOAT, ACL_COMPLEX128}) {
      PadTester t(PadKind::kReplicate);
      t.Self({2, 6, 7}).Padding(pad).DType(dtype);
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST_F(ReplicationPad2dBackwardNumeric, StridedGradOutputAndGradInput) {
  const std::vector<int64_t> shape = {2, 3, 7, 9};
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_COMPLEX64, ACL_DOUBLE}) {
    for (int variant = 0; variant < 4; ++variant) {
      PadTester t(PadKind::kReplicate);
      t.Self(shape).Padding({2, 3, 1, 4}).DType(dtype);
      if (variant & 1) t.InLayout(variant == 3 ? Layout::Transposed(4) : Layout::Padded(4));
      if (variant & 2) t.OutLayout(variant == 3 ? Layout::Padded(4, 5) : Layout::Transposed(4));
      SCOPED_TRACE(variant);
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST_F(ReplicationPad2dBackwardNumeric, LargePlanesManyBlocks) {
  PadTester t(PadKind::kReplicate);
  t.Self({3, 2, 130, 257}).Padding({7, 3, 6, 7}).Seed(7);
  ExpectMatchesReference(t, t.Run());
}

TEST_F(ReplicationPad2dBackwardNumeric, BitIdenticalForOneAndTwoThreads) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_COMPLEX128}) {
    PadTester one(PadKind::kReplicate), two(PadKind::kReplicate);
    one.Self({4, 3, 33, 65}).Padding({3, 2, 1, 3}).DType(dtype).Seed(5).Threads(1);
    two.Self({4, 3, 33, 65}).Padding({3, 2, 1, 3}).DType(dtype).Seed(5).Threads(2);
    const PadOutputs a = one.Run(), b = two.Run();
    ASSERT_EQ(a.status, 0);
    ASSERT_EQ(b.status, 0);
    EXPECT_EQ(a.bytes, b.bytes) << DTypeLabel(dtype);
  }
}

// §2.7's doc example and check vectors, and §2.10's example program (ones (1,1,4,4) -> four 4.0).
TEST_F(ReplicationPad2dBackwardNumeric, SpecVectors) {
  struct Example {
    std::vector<int64_t> go, self, pad;
    std::vector<double> gradOutput, expected;
  };
  auto iota = [](int n) {
    std::vector<double> v(static_cast<size_t>(n));
    std::iota(v.begin(), v.end(), 1.0);
    return v;
  };
  for (const Example &e :
       {Example{{1, 1, 7}, {1, 1, 5}, {1, 1, 0, 0}, std::vector<double>(7, 1.0), {2, 1, 1, 1, 2}},
        Example{{1, 1, 4, 4}, {1, 1, 2, 2}, {1, 1, 1, 1}, iota(16), {14, 22, 46, 54}},
        Example{{1, 4, 5}, {1, 3, 3}, {2, 0, 1, 0}, iota(20), {27, 13, 15, 36, 14, 15, 51, 19, 20}},
        Example{{1, 1, 4, 4}, {1, 1, 2, 2}, {1, 1, 1, 1}, std::vector<double>(16, 1.0), {4, 4, 4, 4}}}) {
    DeviceTensor go(e.go, ACL_FLOAT), self(e.self, ACL_FLOAT), gi(e.self, ACL_FLOAT);
    go.Fill(e.gradOutput);
    std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(e.pad.data(), 4),
                                                                           aclDestroyIntArray);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnReplicationPad2dBackwardGetWorkspaceSize(go.get(), self.get(), pad.get(), gi.get(), &ws, &exec), 0);
    ASSERT_EQ(RunPhase2(aclnnReplicationPad2dBackward, ws, exec), 0);
    EXPECT_EQ(gi.Read(), e.expected);
  }
}

// Infinite gradients (the ST's all-inf cases) stay infinite; an inf and a -inf in one cell give NaN.
TEST_F(ReplicationPad2dBackwardNumeric, InfinitiesPropagate) {
  DeviceTensor go({1, 1, 3, 3}, ACL_FLOAT), self({1, 1, 1, 1}, ACL_FLOAT), gi({1, 1, 1, 1}, ACL_FLOAT);
  const double inf = std::numeric_limits<double>::infinity();
  go.Fill(std::vector<double>(9, inf));
  const int64_t padValues[] = {1, 1, 1, 1};
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(padValues, 4),
                                                                         aclDestroyIntArray);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnReplicationPad2dBackwardGetWorkspaceSize(go.get(), self.get(), pad.get(), gi.get(), &ws, &exec), 0);
  ASSERT_EQ(RunPhase2(aclnnReplicationPad2dBackward, ws, exec), 0);
  EXPECT_EQ(gi.Read()[0], inf);
}

TEST_F(ReplicationPad2dBackwardNumeric, EmptyGradOutputLeavesGradInputUntouched) {
  DeviceTensor go({1, 1, 2, 0}, ACL_FLOAT), self({1, 1, 2, 2}, ACL_FLOAT), gi({1, 1, 2, 2}, ACL_FLOAT);
  const std::vector<unsigned char> before = gi.Bytes();
  const int64_t padValues[] = {-1, -1, 0, 0};
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> pad(aclCreateIntArray(padValues, 4),
                                                                         aclDestroyIntArray);
  uint64_t ws = 1;
  aclOpExecutor *exec = nullptr;
  ASSERT_EQ(aclnnReplicationPad2dBackwardGetWorkspaceSize(go.get(), self.get(), pad.get(), gi.get(), &ws, &exec), 0);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(RunPhase2(aclnnReplicationPad2dBackward, ws, exec), 0);
  EXPECT_EQ(gi.Bytes(), before);
}

}  // namespace
}  // namespace aclcpu_test::replication_pad2d_backward_numeric_test
