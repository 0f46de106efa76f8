// Numerics of the dropout pair (docs/ops/dropout.md §4): the Philox generator against the paper's known answers,
// the mask's layout against the stream it is defined by, its statistics (keep rate within binomial bounds,
// neighbouring bits, offsets and seeds uncorrelated), reproducibility and 1 vs 2 threads bitwise; DoMask against
// a float64 reference on random shapes, dtypes and strides, its prob 0/1 and IEEE special cases, and its threads.
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ops/random/random_family/philox.h"
#include "random/dropout_tester.h"

namespace aclcpu_test::dropout_numeric_test {
namespace {

// ---- the generator ---------------------------------------------------------------------------------------

// Random123's published known-answer vectors for Philox-4x32-10 (counter, key -> four words).
TEST(DropoutGenMaskNumeric, PhiloxKnownAnswers) {
  struct Kat {
    uint32_t counter[4], key[2], expected[4];
  };
  const Kat kats[] = {
      {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}},
      {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu},
       {0xffffffffu, 0xffffffffu},
       {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}},
      {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
       {0xa4093822u, 0x299f31d0u},
       {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}},
  };
  for (const Kat &k : kats) {
    const aclcpu::PhiloxWords got = aclcpu::Philox4x32x10(
        aclcpu::PhiloxWords{{k.counter[0], k.counter[1], k.counter[2], k.counter[3]}}, k.key[0], k.key[1]);
    for (int j = 0; j < 4; ++j) EXPECT_EQ(got.w[j], k.expected[j]) << "word " << j;
  }
  // The uniform map: (0, 1], never 0, and 1 only for the top words.
  EXPECT_EQ(aclcpu::PhiloxUniform(0), std::ldexp(1.0f, -33));
  EXPECT_EQ(aclcpu::PhiloxUniform(0xffffffffu), 1.0f);
  EXPECT_LT(aclcpu::PhiloxUniform(0x7fffffffu), 1.0f);
}

// Bit i of the mask is word i % 4 of the Philox group i / 4 of (seed, offset), compared with keep = 1 - p'
// (p' = prob in probDataType), least significant bit first.
TEST(DropoutGenMaskNumeric, MaskFollowsTheDefinedStream) {
  struct Case {
    int64_t seed, offset;
    double prob;
    aclDataType type;
  };
  for (const Case &c : {Case{1234, 0, 0.5, ACL_FLOAT}, Case{-7, int64_t{1} << 40, 0.1, ACL_FLOAT16},
                        Case{int64_t{0x123456789ab}, -3, 0.3, ACL_BF16}, Case{0, 5, 0.999, ACL_FLOAT}}) {
    SCOPED_TRACE(std::to_string(c.seed) + "/" + std::to_string(c.offset) + "/" + std::to_string(c.prob));
    const int64_t elements = 1000;
    const std::vector<uint8_t> mask = GenMask({{elements}, c.prob, c.seed, c.offset, c.type});
    ASSERT_EQ(static_cast<int64_t>(mask.size()), MaskBytes(elements));
    const float keep = static_cast<float>(1.0 - RoundTo(c.type, static_cast<float>(c.prob)));
    for (int64_t i = 0; i < 8 * MaskBytes(elements); ++i) {  // the bits past N are generated too
      const aclcpu::PhiloxWords g = aclcpu::PhiloxGroup(static_cast<uint64_t>(c.seed), static_cast<uint64_t>(c.offset),
                                                        static_cast<uint64_t>(i / 4));
      const float u = static_cast<float>(g.w[i % 4]) * std::ldexp(1.0f, -32) + std::ldexp(1.0f, -33);
      ASSERT_EQ(MaskBit(mask, i), u < keep ? 1 : 0) << "bit " << i;
    }
  }
}

double Ones(const std::vector<uint8_t> &mask, int64_t bits) {
  double n = 0;
  for (int64_t i = 0; i < bits; ++i) n += MaskBit(mask, i);
  return n;
}

// Pearson correlation of bits a[i] and b[i + lag] over `bits` positions.
double Correlation(const std::vector<uint8_t> &a, const std::vector<uint8_t> &b, int64_t bits, int64_t lag) {
  double sa = 0, sb = 0, sab = 0;
  const int64_t n = bits - lag;
  for (int64_t i = 0; i < n; ++i) {
    const int x = MaskBit(a, i), y = MaskBit(b, i + lag);
    sa += x;
    sb += y;
    sab += x * y;
  }
  const double ma = sa / n, mb = sb / n;
  const double cov = sab / n - ma * mb;
  return cov / std::sqrt(ma * (1 - ma) * mb * (1 - mb));
}

constexpr int64_t kBits = int64_t{1} << 20;

// The number of kept elements is Binomial(N, keep): within 5 standard deviations (a false alarm every ~1.7 M runs).
TEST(DropoutGenMaskNumeric, KeepRateWithinBinomialBounds) {
  for (const aclDataType type : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (const double p : {0.001, 0.1, 0.25, 0.5, 0.7, 0.9, 0.99}) {
      SCOPED_TRACE(std::string(DTypeLabel(type)) + " p " + std::to_string(p));
      const std::vector<uint8_t> mask = GenMask({{kBits}, p, 42, 7, type});
      const double keep = 1.0 - RoundTo(type, static_cast<float>(p));
      const double mean = kBits * keep, sd = std::sqrt(kBits * keep * (1 - keep));
      EXPECT_LE(std::fabs(Ones(mask, kBits) - mean), 5 * sd);
    }
  }
}

// Neighbouring bits (within a word group, across groups, across bytes) are uncorrelated: |r| < 5 / sqrt(N).
TEST(DropoutGenMaskNumeric, NeighbouringBitsUncorrelated) {
  for (const double p : {0.1, 0.5}) {
    const std::vector<uint8_t> mask = GenMask({{kBits}, p, 2024, 0});
    for (const int64_t lag : {1, 2, 3, 4, 5, 8, 16, 128}) {
      EXPECT_LT(std::fabs(Correlation(mask, mask, kBits, lag)), 5 / std::sqrt(double(kBits)))
          << "p " << p << " lag " << lag;
    }
  }
}

// Different offsets (and seeds) give uncorrelated masks, also shifted by a few bits; the same (seed, offset) gives
// the same mask.
TEST(DropoutGenMaskNumeric, OffsetsAndSeedsGiveUncorrelatedMasks) {
  const std::vector<uint8_t> base = GenMask({{kBits}, 0.5, 99, 0});
  EXPECT_EQ(GenMask({{kBits}, 0.5, 99, 0}), base);
  struct Other {
    int64_t seed, offset;
  };
  for (const Other &o : {Other{99, 1}, Other{99, 2}, Other{99, int64_t{1} << 40}, Other{99, -1}, Other{100, 0},
                         Other{-99, 0}, Other{int64_t{99} + (int64_t{1} << 32), 0}}) {
    const std::vector<uint8_t> other = GenMask({{kBits}, 0.5, o.seed, o.offset});
    EXPECT_NE(other, base);
    for (const int64_t lag : {0, 1, 4, 32}) {
      EXPECT_LT(std::fabs(Correlation(base, other, kBits, lag)), 5 / std::sqrt(double(kBits)))
          << "seed " << o.seed << " offset " << o.offset << " lag " << lag;
    }
  }
}

// prob 0 and 1 are exact; a probability that rounds to 0 or 1 in probDataType behaves as the rounded one.
TEST(DropoutGenMaskNumeric, ExactEnds) {
  const int64_t n = 4096;
  for (const uint8_t b : GenMask({{n}, 0.0, 1, 2})) ASSERT_EQ(b, 0xFF);
  for (const uint8_t b : GenMask({{n}, 1.0, 1, 2})) ASSERT_EQ(b, 0x00);
  for (const uint8_t b : GenMask({{n}, 0.99999, 1, 2, ACL_FLOAT16})) ASSERT_EQ(b, 0x00);  // 1 in fp16
  for (const uint8_t b : GenMask({{n}, 1e-9, 1, 2, ACL_BF16})) ASSERT_EQ(b, 0xFF);        // keep rounds to 1.0f
}

// The same bytes for 1 and 2 threads, and through a strided out view as through a dense one.
TEST(DropoutGenMaskNumeric, ThreadsAndLayoutsGiveTheSameBytes) {
  const GenMaskCall one{{3, 100003}, 0.3, 5, 6, ACL_FLOAT, 1};
  GenMaskCall two = one;
  two.threads = 2;
  const std::vector<uint8_t> a = GenMask(one), b = GenMask(two);
  EXPECT_EQ(a, b);
  const int64_t bytes = MaskBytes(3 * 100003);
  ASSERT_EQ(bytes % 16, 0);
  const DeviceTensor strided({bytes / 16, 16}, ACL_UINT8, Layout::Transposed(2));
  ASSERT_EQ(GenMaskInto(two, strided), ACLNN_SUCCESS);
  EXPECT_EQ(ReadBytes(strided), a);
  const DeviceTensor padded({bytes}, ACL_UINT8, Layout::Padded(1, 5));
  ASSERT_EQ(GenMaskInto(one, padded), ACLNN_SUCCESS);
  EXPECT_EQ(ReadBytes(padded), a);
}

// ---- DoMask ----------------------------------------------------------------------------------------------

// The float64 reference: keep = (float)(1 - p) in self's dtype; a kept element is self / keep rounded once to
// self's dtype, then cast to out's; a dropped one is 0.
std::vector<double> DoMaskReference(const std::vector<double> &x, const std::vector<uint8_t> &mask, double p,
                                    aclDataType selfType, aclDataType outType) {
  const double keep = RoundTo(selfType, static_cast<float>(1.0 - p));
  std::vector<double> out(x.size());
  const bool copy = std::fabs(p) <= 2.220446049250313e-16, zero = std::fabs(p - 1) <= 2.220446049250313e-16;
  for (size_t i = 0; i < x.size(); ++i) {
    double v = copy ? x[i] : zero ? 0.0 : MaskBit(mask, static_cast<int64_t>(i)) ? RoundTo(selfType, x[i] / keep) : 0.0;
    out[i] = RoundTo(outType, v);
  }
  return out;
}

// Equal values, NaN matching NaN.
::testing::AssertionResult SameValues(const std::vector<double> &got, const std::vector<double> &ref) {
  for (size_t i = 0; i < got.size(); ++i) {
    const bool same = std::isnan(ref[i]) ? std::isnan(got[i]) : got[i] == ref[i];
    if (!same) return ::testing::AssertionFailure() << "element " << i << ": got " << got[i] << ", expected " << ref[i];
  }
  return ::testing::AssertionSuccess();
}

struct DoCase {
  std::vector<int64_t> shape;
  aclDataType selfType, outType;
  double p;
  int layout;  // 0 dense, 1 padded, 2 transposed (self and out), 3 self transposed and mask padded
};

// Random shapes, dtypes, strides and probabilities against the float64 reference, bit for bit (a division
// rounded once is exact to reproduce).
TEST(DropoutDoMaskNumeric, MatchesFloat64Reference) {
  std::mt19937_64 rng(11);
  std::vector<DoCase> cases = {
      {{4, 2}, ACL_FLOAT, ACL_FLOAT, 0.5, 0},
      {{2, 16, 1, 3}, ACL_FLOAT16, ACL_FLOAT16, 0.1, 1},
      {{7, 33}, ACL_BF16, ACL_BF16, 0.3, 2},
      {{3, 5, 129}, ACL_FLOAT16, ACL_FLOAT, 0.9, 3},
      {{64, 70}, ACL_BF16, ACL_FLOAT, 0.25, 2},
      {{5000}, ACL_FLOAT, ACL_DOUBLE, 0.7, 1},
      {{1}, ACL_FLOAT, ACL_FLOAT16, 0.2, 0},
      {{}, ACL_BF16, ACL_BF16, 0.4, 0},
      {{2, 3, 4, 5, 6}, ACL_FLOAT, ACL_FLOAT, 0.01, 2},
      {{8193}, ACL_FLOAT16, ACL_FLOAT16, 0.6, 0},
  };
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  for (int k = 0; k < 12; ++k) {  // and random ones
    std::uniform_int_distribution<int64_t> dim(1, 40), rank(1, 4);
    std::vector<int64_t> shape(static_cast<size_t>(rank(rng)));
    for (int64_t &d : shape) d = dim(rng);
    const aclDataType t = types[rng() % 3];
    cases.push_back(
        {shape, t, rng() % 4 == 0 ? ACL_FLOAT : t, UniformReal(0.01, 0.99)(rng), static_cast<int>(rng() % 4)});
  }
  for (const DoCase &c : cases) {
    const size_t rank = c.shape.size();
    SCOPED_TRACE(std::string(DTypeLabel(c.selfType)) + "->" + DTypeLabel(c.outType) + " rank " + std::to_string(rank) +
                 " layout " + std::to_string(c.layout) + " p " + std::to_string(c.p));
    const Layout self = c.layout == 1 ? Layout::Padded(rank) : c.layout >= 2 ? Layout::Transposed(rank) : Layout();
    const Layout out = c.layout == 1 ? Layout::Padded(rank, 2) : c.layout == 2 ? Layout::Transposed(rank) : Layout();
    const int64_t n = NumelOf(c.shape);
    DeviceTensor x(c.shape, c.selfType, self), y(c.shape, c.outType, out);
    DeviceTensor mask({MaskBytes(n)}, ACL_UINT8, c.layout == 3 ? Layout::Padded(1, 7) : Layout());
    std::vector<double> values = RandomValues(rng, n, -4, 4);
    x.Fill(values);
    values = x.Read();
    const std::vector<uint8_t> bits = GenMask({c.shape, c.p, static_cast<int64_t>(rng()), 3});
    WriteBytes(mask, bits);
    ASSERT_EQ(DoMask(x, mask, c.p, y), ACLNN_SUCCESS);
    EXPECT_TRUE(SameValues(y.Read(), DoMaskReference(values, bits, c.p, c.selfType, c.outType)));
  }
}

// prob 0 copies self (the mask is ignored), prob 1 writes zeros (NaN and infinities too); a kept NaN or infinity
// stays one, a dropped one becomes 0.
TEST(DropoutDoMaskNumeric, ExactEndsAndSpecials) {
  std::mt19937_64 rng(3);
  for (const aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE(DTypeLabel(t));
    const int64_t n = 300;
    DeviceTensor x({n}, t), mask({MaskBytes(n)}, ACL_UINT8);
    x.Fill(ValuesWithSpecials(rng, n, 0.3));
    const std::vector<double> values = x.Read();
    std::vector<uint8_t> bits(static_cast<size_t>(MaskBytes(n)));
    for (uint8_t &b : bits) b = static_cast<uint8_t>(rng());
    WriteBytes(mask, bits);
    for (const double p : {0.0, 1e-17, 1.0, 0.5}) {
      DeviceTensor y({n}, t);
      ASSERT_EQ(DoMask(x, mask, p, y), ACLNN_SUCCESS);
      EXPECT_TRUE(SameValues(y.Read(), DoMaskReference(values, bits, p, t, t))) << "p " << p;
    }
    DeviceTensor y({n}, t);
    ASSERT_EQ(DoMask(x, mask, 1.0, y), ACLNN_SUCCESS);
    for (const double v : y.Read()) ASSERT_EQ(v, 0.0);
  }
}

// The same bytes for 1 and 2 threads, on a problem of many blocks with a strided self.
TEST(DropoutDoMaskNumeric, OneAndTwoThreadsBitwise) {
  for (const aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const std::vector<int64_t> shape = {300, 1001};
    const int64_t n = NumelOf(shape);
    DeviceTensor x(shape, t, Layout::Transposed(2)), mask({MaskBytes(n)}, ACL_UINT8);
    std::mt19937_64 rng(5);
    x.Fill(RandomValues(rng, n, -10, 10));
    WriteBytes(mask, GenMask({shape, 0.35, 8, 9}));
    DeviceTensor one(shape, t), two(shape, t);
    ASSERT_EQ(DoMask(x, mask, 0.35, one, 1), ACLNN_SUCCESS);
    ASSERT_EQ(DoMask(x, mask, 0.35, two, 2), ACLNN_SUCCESS);
    EXPECT_EQ(one.Bytes(), two.Bytes()) << DTypeLabel(t);
  }
}

// GenMaskV2 then DoMask, as a training step runs dropout: about 1 - p of the elements survive, scaled by 1 / keep.
TEST(DropoutDoMaskNumeric, PipelineKeepsAboutOneMinusP) {
  const std::vector<int64_t> shape = {256, 1024};
  const int64_t n = NumelOf(shape);
  const double p = 0.2;
  DeviceTensor x(shape, ACL_FLOAT), mask({MaskBytes(n)}, ACL_UINT8), y(shape, ACL_FLOAT);
  x.Fill(std::vector<double>(static_cast<size_t>(n), 1.0));
  ASSERT_EQ(GenMaskInto({shape, p, 77, 0}, mask), ACLNN_SUCCESS);
  ASSERT_EQ(DoMask(x, mask, p, y), ACLNN_SUCCESS);
  double kept = 0;
  for (const double v : y.Read()) {
    if (v != 0) {
      ASSERT_EQ(v, static_cast<float>(1.0 / static_cast<float>(1 - p)));
      ++kept;
    }
  }
  EXPECT_LE(std::fabs(kept - n * (1 - p)), 5 * std::sqrt(n * p * (1 - p)));
}

}  // namespace
}  // namespace aclcpu_test::dropout_numeric_test
