// The numeric checks both forward pads run (each op's numeric suite calls them with its kind):
// byte-exact copies on every dtype, size and layout, cropping pads, empty tensors, thread counts.
#pragma once

#include "aclnn/opdev/op_errno.h"
#include "common/pad2d_forward_tester.h"

namespace aclcpu_test {

// Shapes whose W runs around the vector widths (1..65 elements of 1..16 bytes), with pads of every
// size the op accepts, for every dtype, on dense, padded and transposed views.
inline void CheckEveryDtypeSizeAndLayout(PadKind kind) {
  std::mt19937_64 rng(5 + static_cast<int>(kind));
  const int64_t widths[] = {1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65};
  for (aclDataType t : PadForwardDTypes(kind)) {
    for (int64_t w : widths) {
      const int64_t h = 1 + static_cast<int64_t>(rng() % 9);
      auto pick = [&](int64_t dim) {  // reflect: below the dim; replicate: any size
        const int64_t bound = kind == PadKind::kReflect ? dim : dim + 5;
        return static_cast<int64_t>(rng() % static_cast<uint64_t>(bound));
      };
      const std::vector<int64_t> pad = {pick(w), pick(w), pick(h), pick(h)};
      const std::vector<int64_t> self = w % 2 ? std::vector<int64_t>{3, h, w} : std::vector<int64_t>{2, 2, h, w};
      const Layout layouts[] = {Layout::Dense(), Layout::Padded(self.size()), Layout::Transposed(self.size())};
      const int layout = static_cast<int>(w % 3);
      Pad2dForwardTester tester(kind);
      tester.Self(self).Padding(pad).DType(t).Seed(rng()).InLayout(layouts[layout]).OutLayout(layouts[2 - layout]);
      SCOPED_TRACE("dtype " + std::string(DTypeLabel(t)) + " W " + std::to_string(w) + " layout " +
                   std::to_string(layout));
      ExpectBitExact(tester.Run());
    }
  }
}

// Many rows and planes: several work blocks, each thread count gives the same bytes.
inline void CheckThreadCountsGiveTheSameBytes(PadKind kind) {
  for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_COMPLEX128}) {
    Pad2dForwardTester tester(kind);
    tester.Self({3, 5, 40, 130}).Padding({7, 3, 2, 9}).DType(t).Seed(11);
    const PadCopyOutputs one = tester.Threads(1).Run(), two = tester.Threads(2).Run();
    ExpectBitExact(one);
    ExpectBitExact(two);
    EXPECT_EQ(one.outStorage, two.outStorage) << DTypeLabel(t);
  }
}

// An out of at least 8 MiB is written with streaming stores (odd row lengths, so most rows start
// unaligned): still byte-exact, for either thread count.
inline void CheckLargeStreamedOutputIsBitExact(PadKind kind) {
  for (aclDataType t : {ACL_DOUBLE, ACL_COMPLEX128}) {
    Pad2dForwardTester tester(kind);
    const int64_t w = t == ACL_DOUBLE ? 517 : 263;
    tester.Self({2, 4, 260, w}).Padding({3, 2, 1, 4}).DType(t).Seed(13);
    const PadCopyOutputs one = tester.Threads(1).Run(), two = tester.Threads(2).Run();
    ExpectBitExact(one);
    ExpectBitExact(two);
  }
}

// Negative pads crop (PyTorch's semantics), alone or beside positive ones.
inline void CheckNegativePadsCrop(PadKind kind) {
  const std::vector<std::vector<int64_t>> pads = {{-1, 0, 0, 0}, {-2, 3, -1, 2}, {2, -3, 1, -2}, {-4, -1, -3, -1}};
  for (const auto &pad : pads) {
    Pad2dForwardTester tester(kind);
    tester.Self({2, 5, 6}).Padding(pad).DType(ACL_INT32).Seed(3);
    SCOPED_TRACE("pad " + std::to_string(pad[0]) + "," + std::to_string(pad[1]) + "," + std::to_string(pad[2]) + "," +
                 std::to_string(pad[3]));
    ExpectBitExact(tester.Run());
  }
}

// Empty N, or an out cropped to nothing: success, and no byte of out's storage changes.
inline void CheckEmptyWritesNothing(PadKind kind) {
  for (const auto &[self, pad] : std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>>{
           {{0, 2, 3, 4}, {1, 1, 1, 1}}, {{2, 2, 3, 4}, {-2, -2, 0, 0}}}) {
    Pad2dForwardTester tester(kind);
    const PadCopyOutputs o = tester.Self(self).Padding(pad).DType(ACL_FLOAT).Run();
    ASSERT_EQ(o.status, 0) << aclGetRecentErrMsg();
    for (unsigned char b : o.outStorage) ASSERT_EQ(b, 0xFF);
  }
}

// Runs a forward pad on float values and returns out's values (row-major).
inline std::vector<double> PadValues(PadKind kind, const std::vector<int64_t> &shape, const std::vector<double> &values,
                                     const std::vector<int64_t> &pad) {
  DeviceTensor self(shape, ACL_FLOAT), out(PaddedShape(shape, pad), ACL_FLOAT);
  self.Fill(values);
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> padding(aclCreateIntArray(pad.data(), 4),
                                                                             aclDestroyIntArray);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(Pad2dPhase1(kind)(self.get(), padding.get(), out.get(), &ws, &exec), ACLNN_SUCCESS);
  EXPECT_EQ(RunPhase2(Pad2dPhase2(kind), ws, exec), ACLNN_SUCCESS);
  return out.Read();
}

inline std::vector<double> Iota(int64_t n, double start = 0) {
  std::vector<double> v(static_cast<size_t>(n));
  std::iota(v.begin(), v.end(), start);
  return v;
}

}  // namespace aclcpu_test
