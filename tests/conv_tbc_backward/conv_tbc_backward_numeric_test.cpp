// aclnnConvTbcBackward against the float64 reference: the §3.8 example, the shape grid
// (T, B, Cin, Cout in {1, 3, 17, 64}, K in {1, 2, 3, 7}, pad in {0, 1, K, T + 3}), mixed dtypes, the
// four cubeMathTypes on every promoted dtype, strided views, tiles and chunks, thread counts.
#include "conv_tbc_backward/conv_tbc_backward_tester.h"

namespace aclcpu_test::conv_tbc_backward_numeric_test {
namespace {

class ConvTbcBackwardNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_F(ConvTbcBackwardNumeric, SpecExampleValues) {
  ConvTbcTester t;
  const ConvTbcOutputs out = t.Shape(5, 1, 2, 2, 1, 0).CubeMathType(1).Range(1, 1).Run();
  ASSERT_EQ(out.status, 0) << aclGetRecentErrMsg();
  EXPECT_EQ(out.dx, std::vector<double>(10, 2.0));
  EXPECT_EQ(out.dw, std::vector<double>(4, 5.0));
  EXPECT_EQ(out.db, std::vector<double>(2, 5.0));
}

TEST_F(ConvTbcBackwardNumeric, ShapeGrid) {
  const int64_t sizes[] = {1, 3, 17, 64};
  int ran = 0, rotation = 0;
  for (int64_t t : sizes) {
    for (int64_t k : {1, 2, 3, 7}) {
      for (int64_t pad : {int64_t{0}, int64_t{1}, k, t + 3}) {
        if (t + 2 * pad - k + 1 < 1) continue;  // self would be empty: rejected (UT)
        const int64_t b = sizes[rotation % 4], cin = sizes[(rotation / 4) % 4], cout = sizes[(rotation + 1) % 4];
        ++rotation;
        ConvTbcTester tester;
        tester.Shape(t, b, cin, cout, k, pad).Seed(static_cast<uint64_t>(rotation));
        SCOPED_TRACE(::testing::Message()
                     << "T " << t << " B " << b << " Cin " << cin << " Cout " << cout << " K " << k << " pad " << pad);
        ExpectMatchesReference(tester, tester.Run());
        ++ran;
      }
    }
  }
  EXPECT_GE(ran, 50);
}

TEST_F(ConvTbcBackwardNumeric, MixedDtypes) {
  const aclDataType f = ACL_FLOAT, h = ACL_FLOAT16, b = ACL_BF16;
  const aclDataType combos[][6] = {{h, f, f, f, f, f}, {f, b, f, b, f, h}, {h, b, h, b, b, b},
                                   {b, b, f, h, b, f}, {h, h, h, f, f, f}, {b, b, b, f, h, f}};
  int seed = 0;
  for (const auto &c : combos) {
    for (int8_t cmt : {0, 2}) {
      ConvTbcTester t;
      t.Shape(17, 3, 17, 64, 3, 1).Types(c[0], c[1], c[2], c[3], c[4], c[5]).CubeMathType(cmt).Seed(++seed);
      SCOPED_TRACE(::testing::Message() << "combo " << seed);
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST_F(ConvTbcBackwardNumeric, EveryCubeMathTypeOnEveryDtype) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (int8_t cmt = 0; cmt <= 3; ++cmt) {
      ConvTbcTester t;
      t.Shape(17, 3, 17, 64, 3, 1).DType(dtype).CubeMathType(cmt).Seed(static_cast<uint64_t>(cmt) + 10);
      SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " cubeMathType " << int{cmt});
      ExpectMatchesReference(t, t.Run());
    }
  }
}

// HF32 keeps 11 explicit mantissa bits with ties away from zero: 1 + 2^-12 is a tie and becomes
// 1 + 2^-11 under cubeMathType 1 and 3; 0 keeps it. USE_FP16 rounds fp32 operands to fp16 and
// gradInput to fp16 as well.
TEST_F(ConvTbcBackwardNumeric, RoundingOfEachCubeMathTypeIsTheDevices) {
  const double tie = 1 + std::ldexp(1.0, -12);
  EXPECT_EQ(RoundToHf32(tie), 1 + std::ldexp(1.0, -11));
  EXPECT_EQ(RoundToHf32(-tie), -(1 + std::ldexp(1.0, -11)));
  for (int8_t cmt = 0; cmt <= 3; ++cmt) {
    ConvTbcTester t;
    t.Shape(1, 1, 1, 1, 1, 0).CubeMathType(cmt).Range(tie, tie);
    const ConvTbcOutputs out = t.Run();
    ASSERT_EQ(out.status, 0);
    const double operand = cmt == 0 ? tie : cmt == 2 ? RoundTo(ACL_FLOAT16, tie) : 1 + std::ldexp(1.0, -11);
    EXPECT_EQ(out.dw[0], static_cast<float>(operand * operand)) << "cubeMathType " << int{cmt};
    EXPECT_EQ(out.dx[0], cmt == 2 ? RoundTo(ACL_FLOAT16, operand * operand) : static_cast<float>(operand * operand));
    EXPECT_EQ(out.db[0], static_cast<float>(tie)) << "gradBias uses the un-rounded self";
  }
}

TEST_F(ConvTbcBackwardNumeric, StridedViews) {
  int seed = 0;
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
    for (const Layout &in : {Layout::Dense(), Layout::Padded(3), Layout::Transposed(3)}) {
      for (const Layout &out : {Layout::Dense(), Layout::Padded(3, 5), Layout::Transposed(3)}) {
        ConvTbcTester t;
        t.Shape(9, 4, 17, 12, 3, 2).DType(dtype).InLayout(in).OutLayout(out).Seed(++seed);
        SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " layout case " << seed);
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

// Cin and Cout beyond one 256 tile, T*B rows beyond one row tile, inner sums over many chunks.
TEST_F(ConvTbcBackwardNumeric, TilesAndChunks) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
    ConvTbcTester t;
    t.Shape(40, 16, 300, 270, 3, 1).DType(dtype).Seed(7);
    SCOPED_TRACE(DTypeLabel(dtype));
    ExpectMatchesReference(t, t.Run());
  }
}

TEST_F(ConvTbcBackwardNumeric, BitIdenticalForOneAndTwoThreads) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
    ConvTbcTester one, two;
    one.Shape(40, 16, 300, 270, 3, 1).DType(dtype).Seed(3).Threads(1).WithoutReference();
    two.Shape(40, 16, 300, 270, 3, 1).DType(dtype).Seed(3).Threads(2).WithoutReference();
    const ConvTbcOutputs a = one.Run(), b = two.Run();
    ASSERT_EQ(a.status, 0);
    ASSERT_EQ(b.status, 0);
    EXPECT_TRUE(a.dxBytes == b.dxBytes) << DTypeLabel(dtype);
    EXPECT_TRUE(a.dwBytes == b.dwBytes) << DTypeLabel(dtype);
    EXPECT_TRUE(a.dbBytes == b.dbBytes) << DTypeLabel(dtype);
  }
}

// IEEE special values (issue 32): a product of infinities is an infinity of the right sign, inf + (-inf)
// is NaN, NaN propagates, and outputs no special value reaches stay finite and accurate, for all three
// gradients on every dtype and cubeMathType. Odd and even inner dimensions (rows for gradWeight, Cout for
// gradInput: oneDNN's bf16 GEMM pads odd ones) and sums of several fp32 chains.
TEST_F(ConvTbcBackwardNumeric, InfinitiesAndNaNFollowIeee) {
  struct Shape {
    int64_t t, b, cin, cout, k, pad;
  };
  std::mt19937_64 rng(32);
  for (const Shape &s : {Shape{5, 1, 3, 5, 2, 1}, Shape{4, 2, 4, 16, 3, 1}, Shape{40, 3, 2, 3, 1, 0}}) {
    for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      for (int8_t cmt = 0; cmt <= 3; ++cmt) {
        for (double special : {0.03, 0.3}) {
          ConvTbcTester t;
          t.Shape(s.t, s.b, s.cin, s.cout, s.k, s.pad).DType(dtype).CubeMathType(cmt);
          t.Values(ValuesWithSpecials(rng, t.tOut() * s.b * s.cout, special),
                   ValuesWithSpecials(rng, s.t * s.b * s.cin, special),
                   ValuesWithSpecials(rng, s.k * s.cin * s.cout, special));
          SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " cubeMathType " << int{cmt} << " T " << s.t
                                            << " Cout " << s.cout << " specials " << special);
          ExpectMatchesReference(t, t.Run());
        }
      }
    }
  }
}

}  // namespace
}  // namespace aclcpu_test::conv_tbc_backward_numeric_test
