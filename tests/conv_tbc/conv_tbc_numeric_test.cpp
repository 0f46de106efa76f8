// aclnnConvTbc against the float64 reference written in conv_tbc_tester.h: the spec's check vectors
// and example, a shape grid (T, B, Cin, Cout in {1, 3, 17, 64}, K in {1, 2, 3, 7}, pad in
// {0, 1, K, T + 3}), channel counts around the vector widths, every cubeMathType on every dtype
// and bias dtype, strided views, empty tensors, tiles and chunks, and 1 vs 2 threads.
#include "conv_tbc/conv_tbc_tester.h"

namespace aclcpu_test::conv_tbc_numeric_test {
namespace {

class ConvTbcNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// conv-tbc-forward.md §2: exact in every dtype and cubeMathType.
TEST_F(ConvTbcNumeric, SpecCheckVectors) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (int8_t cmt = 0; cmt <= 4; ++cmt) {
      SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " cubeMathType " << int{cmt});
      ConvTbcForwardTester small;
      small.Shape(3, 1, 1, 1, 2, 1).DType(dtype).CubeMathType(cmt).Values({1, 2, 3}, {10, 1}, {0.5});
      const ConvTbcForwardOutputs a = small.Run();
      ASSERT_EQ(a.status, 0) << aclGetRecentErrMsg();
      EXPECT_EQ(a.y, (std::vector<double>{1.5, 12.5, 23.5, 30.5}));

      std::vector<double> x, w;
      for (int t = 0; t < 4; ++t)
        for (int b = 0; b < 2; ++b)
          for (int c = 0; c < 2; ++c) x.push_back((4 * t + 2 * b + c) / 4.0);
      for (int k = 0; k < 3; ++k)
        for (int ci = 0; ci < 2; ++ci)
          for (int co = 0; co < 3; ++co) w.push_back((6 * k + 3 * ci + co - 8) / 8.0);
      ConvTbcForwardTester big;
      big.Shape(4, 2, 2, 3, 3, 1).DType(dtype).CubeMathType(cmt).Values(x, w, {1, -1, 0.25});
      const ConvTbcForwardOutputs b = big.Run();
      ASSERT_EQ(b.status, 0) << aclGetRecentErrMsg();
      EXPECT_EQ(b.y, (std::vector<double>{2.625,   0.9375,  2.5,   3.25,    1.8125,  3.625,  3.71875, 2.5625,
                                          4.65625, 3.53125, 2.75,  5.21875, 3.34375, 2.9375, 5.78125, 3.15625,
                                          3.125,   6.34375, -2.75, -3.4375, -0.875,  -3.625, -4.0625, -1.25}));
    }
  }
}

// §9: all ones, pad 1, cubeMathType 1 → every element 7.
TEST_F(ConvTbcNumeric, SpecExampleValues) {
  ConvTbcForwardTester t;
  const ConvTbcForwardOutputs out = t.Shape(2, 2, 3, 4, 3, 1).CubeMathType(1).Range(1, 1).Run();
  ASSERT_EQ(out.status, 0) << aclGetRecentErrMsg();
  EXPECT_EQ(out.y, std::vector<double>(16, 7.0));
}

TEST_F(ConvTbcNumeric, ShapeGrid) {
  const int64_t sizes[] = {1, 3, 17, 64};
  int ran = 0, rotation = 0;
  for (int64_t t : sizes) {
    for (int64_t k : {1, 2, 3, 7}) {
      for (int64_t pad : {int64_t{0}, int64_t{1}, k, t + 3}) {
        if (t + pad < k) continue;  // the device's pad rule (UT empty_tensor_3)
        const int64_t b = sizes[rotation % 4], cin = sizes[(rotation / 4) % 4], cout = sizes[(rotation + 1) % 4];
        const aclDataType dtype = rotation % 3 == 0 ? ACL_FLOAT : rotation % 3 == 1 ? ACL_BF16 : ACL_FLOAT16;
        ++rotation;
        ConvTbcForwardTester tester;
        tester.Shape(t, b, cin, cout, k, pad).DType(dtype).Seed(static_cast<uint64_t>(rotation));
        SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " T " << t << " B " << b << " Cin " << cin << " Cout "
                                          << cout << " K " << k << " pad " << pad);
        ExpectMatchesReference(tester, tester.Run());
        ++ran;
      }
    }
  }
  EXPECT_GE(ran, 50);
}

// Channel counts on both sides of the SIMD widths (4, 8, 16, 32 lanes) and of the chunk edges.
TEST_F(ConvTbcNumeric, ChannelsAroundVectorWidths) {
  int seed = 0;
  for (int64_t c : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129}) {
    for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
      ConvTbcForwardTester t;
      t.Shape(6, 3, c, 65 - c % 64, 3, 1).DType(dtype).Seed(static_cast<uint64_t>(++seed));
      SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " Cin " << c);
      ExpectMatchesReference(t, t.Run());
      ConvTbcForwardTester u;
      u.Shape(5, 2, 9, c, 2, 0).DType(dtype).Seed(static_cast<uint64_t>(++seed));
      SCOPED_TRACE(::testing::Message() << " Cout " << c);
      ExpectMatchesReference(u, u.Run());
    }
  }
}

TEST_F(ConvTbcNumeric, EveryCubeMathTypeOnEveryDtypeAndBiasDtype) {
  int seed = 0;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (aclDataType biasType : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      for (int8_t cmt = 0; cmt <= 4; ++cmt) {
        ConvTbcForwardTester t;
        t.Shape(17, 3, 17, 64, 3, 1).DType(dtype).BiasType(biasType).CubeMathType(cmt).Seed(++seed);
        SCOPED_TRACE(::testing::Message()
                     << DTypeLabel(dtype) << " bias " << DTypeLabel(biasType) << " cubeMathType " << int{cmt});
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

// HF32 keeps 11 explicit mantissa bits with ties away from zero: 1 + 2^-12 is a tie and becomes
// 1 + 2^-11 under cubeMathType 1 and 3; 0 and 4 keep it (the fp32 product is rounded in its fp32
// chain). The fp32 bias 1 + 2^-20 is not HF32-rounded. USE_FP16 rounds the operands and the bias to
// fp16 (both become 1) and the result to fp16 before it is widened back to fp32.
TEST_F(ConvTbcNumeric, RoundingOfEachCubeMathTypeIsTheDevices) {
  const double tie = 1 + std::ldexp(1.0, -12), hf = 1 + std::ldexp(1.0, -11), bias = 1 + std::ldexp(1.0, -20);
  for (int8_t cmt = 0; cmt <= 4; ++cmt) {
    ConvTbcForwardTester t;
    t.Shape(1, 1, 1, 1, 1, 0).CubeMathType(cmt).Values({tie}, {tie}, {bias});
    const ConvTbcForwardOutputs out = t.Run();
    ASSERT_EQ(out.status, 0);
    double expect = 2.0;
    if (cmt == 0 || cmt == 4) expect = static_cast<double>(static_cast<float>(tie * tie)) + bias;
    if (cmt == 1 || cmt == 3) expect = hf * hf + bias;
    EXPECT_EQ(out.y[0], static_cast<float>(expect)) << "cubeMathType " << int{cmt};
  }
  // USE_FP16 on BF16 rounds twice: 1 + 2^-8 + 2^-12 becomes 1 + 2^-8 in fp16, a bf16 tie that goes
  // to even (1); one rounding straight to bf16 would give 1 + 2^-7.
  ConvTbcForwardTester bf;
  bf.Shape(1, 1, 1, 1, 1, 0)
      .DType(ACL_BF16)
      .CubeMathType(2)
      .Values({1}, {1}, {std::ldexp(1.0, -8) + std::ldexp(1.0, -12)});
  const ConvTbcForwardOutputs out = bf.Run();
  ASSERT_EQ(out.status, 0);
  EXPECT_EQ(out.y[0], 1.0);
}

TEST_F(ConvTbcNumeric, StridedViews) {
  int seed = 0;
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
    for (const Layout &in : {Layout::Dense(), Layout::Padded(3), Layout::Transposed(3)}) {
      for (const Layout &out : {Layout::Dense(), Layout::Padded(3, 5), Layout::Transposed(3)}) {
        ConvTbcForwardTester t;
        t.Shape(9, 4, 17, 12, 3, 2).DType(dtype).InLayout(in).OutLayout(out).Seed(++seed);
        SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " layout case " << seed);
        ExpectMatchesReference(t, t.Run());
      }
    }
  }
}

// Empty sums are the bias cast once from its dtype (no fp16 compute rounding); empty outputs are
// left untouched.
TEST_F(ConvTbcNumeric, EmptyTensors) {
  const double notFp16 = 1 + std::ldexp(1.0, -13);  // exact in fp32, not in fp16
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE(DTypeLabel(dtype));
    ConvTbcForwardTester cin0;  // Cin = 0
    cin0.Shape(5, 2, 0, 3, 2, 0).DType(dtype).BiasType(ACL_FLOAT).CubeMathType(2).Values({}, {}, {notFp16, -2, 0.5});
    const ConvTbcForwardOutputs a = cin0.Run();
    ExpectMatchesReference(cin0, a);
    if (dtype == ACL_FLOAT) {
      EXPECT_EQ(a.y[0], static_cast<float>(notFp16));
    }
    ConvTbcForwardTester t0;  // T = 0 with 2 pad >= K: Tout = 2
    t0.Shape(0, 3, 4, 5, 3, 2).DType(dtype).BiasType(ACL_BF16).Seed(3);
    const ConvTbcForwardOutputs b = t0.Run();
    ASSERT_EQ(b.y.size(), 2u * 3 * 5);
    ExpectMatchesReference(t0, b);
    for (auto shape : {std::vector<int64_t>{4, 0, 3, 5, 2, 1}, std::vector<int64_t>{4, 2, 3, 0, 2, 1},
                       std::vector<int64_t>{0, 2, 3, 5, 3, 1}}) {  // B = 0, Cout = 0, Tout = 0
      ConvTbcForwardTester none;
      none.Shape(shape[0], shape[1], shape[2], shape[3], shape[4], shape[5]).DType(dtype);
      const ConvTbcForwardOutputs c = none.Run();
      EXPECT_EQ(c.status, 0) << aclGetRecentErrMsg();
      EXPECT_EQ(c.workspaceSize, 0u);
      EXPECT_TRUE(c.y.empty());
    }
  }
}

// More rows than one row tile, Cout beyond one 512 tile, Cin over several 128-term chunks, a pad
// larger than K (output rows with no tap: the bias alone).
TEST_F(ConvTbcNumeric, TilesAndChunks) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
    ConvTbcForwardTester t;
    t.Shape(34, 16, 300, 520, 2, 3).DType(dtype).Seed(7);
    SCOPED_TRACE(DTypeLabel(dtype));
    ExpectMatchesReference(t, t.Run());
  }
}

// Weight rows of 4 KiB (1024 fp32 or 2048 bf16 columns) are staged with padded rows; with strided
// and transposed weights too.
TEST_F(ConvTbcNumeric, WeightRowsOf4KiBAreStagedPadded) {
  int seed = 0;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (const Layout &in : {Layout::Dense(), Layout::Padded(3), Layout::Transposed(3)}) {
      ConvTbcForwardTester t;
      t.Shape(5, 2, 9, dtype == ACL_BF16 ? 2048 : 1024, 2, 1).DType(dtype).InLayout(in).Seed(++seed);
      SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " layout case " << seed);
      ExpectMatchesReference(t, t.Run());
    }
  }
}

TEST_F(ConvTbcNumeric, BitIdenticalForOneAndTwoThreads) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
    for (int8_t cmt : {0, 1}) {
      ConvTbcForwardTester one, two;
      one.Shape(40, 16, 300, 270, 3, 1).DType(dtype).CubeMathType(cmt).Seed(3).Threads(1).WithoutReference();
      two.Shape(40, 16, 300, 270, 3, 1).DType(dtype).CubeMathType(cmt).Seed(3).Threads(2).WithoutReference();
      const ConvTbcForwardOutputs a = one.Run(), b = two.Run();
      ASSERT_EQ(a.status, 0);
      ASSERT_EQ(b.status, 0);
      EXPECT_TRUE(a.bytes == b.bytes) << DTypeLabel(dtype);
    }
  }
}

// IEEE special values (issue 32): a product of infinities is an infinity of the right sign, inf + (-inf)
// is NaN, NaN propagates, and outputs no special value reaches stay finite and accurate. The vendor's
// ST case 203 first: BF16 x and W all -inf, FLOAT16 bias all +inf, so every output is +inf (oneDNN's
// bf16 GEMM made it NaN for the odd Cin 15). Then random placements on every dtype and cubeMathType,
// with odd and even channel counts (the library's bf16 GEMM pads odd inner dimensions) and a Cin of
// several fp32 chains.
TEST_F(ConvTbcNumeric, InfinitiesAndNaNFollowIeee) {
  {
    ConvTbcForwardTester t;
    t.Shape(9, 1, 15, 16, 2, 0).DType(ACL_BF16).BiasType(ACL_FLOAT16).CubeMathType(0);
    t.Values(std::vector<double>(9 * 15, -HUGE_VAL), std::vector<double>(2 * 15 * 16, -HUGE_VAL),
             std::vector<double>(16, HUGE_VAL));
    const ConvTbcForwardOutputs out = t.Run();
    ASSERT_EQ(out.status, 0) << aclGetRecentErrMsg();
    for (size_t i = 0; i < out.y.size(); ++i) ASSERT_EQ(out.y[i], HUGE_VAL) << "output[" << i << "]";
  }
  struct Shape {
    int64_t t, b, cin, cout, k, pad;
  };
  std::mt19937_64 rng(32);
  for (const Shape &s : {Shape{4, 2, 3, 5, 2, 1}, Shape{3, 3, 16, 4, 3, 0}, Shape{2, 2, 71, 3, 1, 0}}) {
    for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      for (int8_t cmt = 0; cmt <= 4; ++cmt) {
        for (double special : {0.03, 0.3}) {
          ConvTbcForwardTester t;
          t.Shape(s.t, s.b, s.cin, s.cout, s.k, s.pad).DType(dtype).CubeMathType(cmt);
          t.Values(ValuesWithSpecials(rng, s.t * s.b * s.cin, special),
                   ValuesWithSpecials(rng, s.k * s.cin * s.cout, special), ValuesWithSpecials(rng, s.cout, special));
          SCOPED_TRACE(::testing::Message() << DTypeLabel(dtype) << " cubeMathType " << int{cmt} << " Cin " << s.cin
                                            << " specials " << special);
          ExpectMatchesReference(t, t.Run());
        }
      }
    }
  }
}

}  // namespace
}  // namespace aclcpu_test::conv_tbc_numeric_test
