// aclnnConvolutionBackward against the float64 reference of convolution_backward_tester.h (the device's operand
// roundings of docs/ops/convolution.md §4): 1x1, 3x3, strided, padded (incl. 4-value), dilated, grouped, depthwise,
// transposed with outputPadding, 1-D/2-D/3-D; every dtype combination and cubeMathType; every outputMask; empty
// batch and empty channels; strided and transposed views; 1 and 2 threads bit-identical.
#include <random>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "conv/convolution_backward_tester.h"

namespace aclcpu_test::convolution_backward_numeric_test {
namespace {

using Ints = std::vector<int64_t>;

class ConvolutionBackwardNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

ConvBwdSpec Spec(Ints x, Ints w, Ints stride, Ints padding, Ints dilation, int64_t groups = 1, bool transposed = false,
                 Ints outputPadding = {}) {
  ConvBwdSpec s;
  s.x = std::move(x), s.w = std::move(w), s.stride = std::move(stride), s.padding = std::move(padding);
  s.dilation = std::move(dilation), s.groups = groups, s.transposed = transposed;
  s.outputPadding = std::move(outputPadding);
  return s;
}

std::vector<ConvBwdSpec> Shapes() {
  return {
      Spec({2, 8, 5, 7}, {6, 8, 1, 1}, {1, 1}, {0, 0}, {1, 1}),                    // 1x1
      Spec({2, 8, 9, 7}, {6, 8, 3, 3}, {1, 1}, {1, 1}, {1, 1}),                    // 3x3, padded
      Spec({2, 6, 9, 8}, {6, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 6),                 // depthwise
      Spec({2, 6, 9, 8}, {12, 1, 3, 3}, {2, 1}, {1, 0}, {1, 1}, 6),                // depthwise, multiplier 2
      Spec({1, 8, 9, 8}, {6, 4, 3, 2}, {1, 2}, {2, 1}, {1, 1}, 2),                 // grouped
      Spec({2, 4, 12, 11}, {5, 4, 3, 3}, {1, 1}, {2, 2}, {2, 3}),                  // dilated
      Spec({2, 4, 13, 11}, {5, 4, 3, 2}, {3, 2}, {0, 0}, {1, 1}),                  // strided (rows left over)
      Spec({2, 3, 10, 9}, {4, 3, 4, 3}, {2, 2}, {1, 3, 0, 2}, {1, 1}),             // 4-value padding
      Spec({3, 5, 17}, {4, 5, 3}, {2}, {1}, {1}),                                  // 1-D
      Spec({2, 3, 5, 6, 7}, {4, 3, 2, 3, 2}, {1, 2, 1}, {1, 0, 1}, {1, 1, 2}),     // 3-D
      Spec({1, 4, 3, 4, 5}, {6, 2, 1, 1, 1}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 2),  // 3-D pointwise, grouped
      Spec({1, 64, 6, 5}, {8, 64, 3, 3}, {1, 1}, {1, 1}, {1, 1}),                  // K 576
      Spec({2, 3, 30, 31}, {4, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}),                  // 930 pixels: long chains
      Spec({2, 6, 5, 4}, {6, 4, 3, 3}, {2, 2}, {1, 1}, {1, 1}, 1, true, {1, 0}),   // transposed, outputPadding
      Spec({2, 6, 5, 4}, {6, 2, 3, 2}, {2, 1}, {1, 0}, {2, 1}, 3, true, {1, 0}),   // transposed, grouped, dilated
      Spec({2, 4, 7}, {4, 3, 3}, {3}, {1}, {1}, 1, true, {2}),                     // transposed 1-D
      Spec({1, 4, 2, 3, 3}, {4, 2, 2, 2, 2}, {2, 1, 2}, {0, 1, 1}, {1, 1, 1}, 1, true, {1, 0, 1}),  // transposed 3-D
      Spec({2, 4, 5, 5}, {4, 3, 3, 3}, {1, 1}, {3, 3}, {1, 1}, 1, true),  // transposed, padding beyond the kernel
  };
}

TEST_F(ConvolutionBackwardNumeric, ShapesAndAttributes) {
  const std::vector<ConvBwdSpec> specs = Shapes();
  for (size_t i = 0; i < specs.size(); ++i) {
    ConvBwdSpec s = specs[i];
    s.seed = i;
    EXPECT_TRUE(BackwardMatches(s, RunConvBackward(s))) << "case " << i;
  }
}

TEST_F(ConvolutionBackwardNumeric, EveryDTypeAndCubeMathType) {
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  int i = 0;
  for (int g = 0; g < 3; ++g)
    for (int x = 0; x < 3; ++x)
      for (int w = 0; w < 3; ++w)
        for (int8_t cmt = 0; cmt <= 3; ++cmt) {
          for (bool transposed : {false, true}) {
            ConvBwdSpec s = transposed ? Spec({2, 6, 4, 5}, {6, 2, 3, 2}, {2, 1}, {1, 0}, {1, 1}, 2, true)
                                       : Spec({2, 6, 7, 6}, {4, 3, 3, 2}, {1, 2}, {1, 1}, {1, 1}, 2);
            s.gType = types[g], s.xType = types[x], s.wType = types[w], s.cmt = cmt;
            s.giType = types[(g + x) % 3], s.gwType = types[(x + w + cmt) % 3], s.gbType = types[(w + cmt) % 3];
            s.seed = static_cast<uint64_t>(++i);
            EXPECT_TRUE(BackwardMatches(s, RunConvBackward(s)))
                << DTypeLabel(s.gType) << DTypeLabel(s.xType) << DTypeLabel(s.wType) << " cmt " << int(cmt)
                << " transposed " << transposed;
          }
        }
}

TEST_F(ConvolutionBackwardNumeric, EveryOutputMask) {
  for (int m = 0; m < 8; ++m) {
    for (bool transposed : {false, true}) {
      ConvBwdSpec s = transposed ? Spec({2, 6, 4, 5}, {6, 2, 3, 2}, {2, 1}, {1, 0}, {1, 1}, 2, true)
                                 : Spec({2, 4, 7, 6}, {6, 2, 3, 2}, {1, 2}, {1, 1}, {1, 1}, 2);
      for (int i = 0; i < 3; ++i) s.mask[i] = (m >> i) & 1;
      EXPECT_TRUE(BackwardMatches(s, RunConvBackward(s))) << "mask " << m << " transposed " << transposed;
    }
  }
}

TEST_F(ConvolutionBackwardNumeric, StridedAndTransposedViews) {
  for (int layout = 0; layout < 2; ++layout) {
    for (size_t i : {1, 4, 9, 14}) {
      ConvBwdSpec s = Shapes()[i];
      const size_t r = s.x.size();
      const Layout l = layout == 0 ? Layout::Padded(r) : Layout::Transposed(r);
      s.gLayout = s.xLayout = s.wLayout = s.giLayout = s.gwLayout = l;
      s.seed = 100 + i;
      EXPECT_TRUE(BackwardMatches(s, RunConvBackward(s))) << "case " << i << " layout " << layout;
    }
  }
}

// N = 0: nothing to compute; gradWeight and gradBias are zeros, gradInput (empty) untouched.
TEST_F(ConvolutionBackwardNumeric, EmptyBatch) {
  for (bool transposed : {false, true}) {
    ConvBwdSpec s = transposed ? Spec({0, 6, 4, 5}, {6, 2, 3, 2}, {2, 1}, {1, 0}, {1, 1}, 2, true)
                               : Spec({0, 4, 7, 6}, {6, 2, 3, 2}, {1, 2}, {1, 1}, {1, 1}, 2);
    const ConvBwdResult r = RunConvBackward(s);
    ASSERT_EQ(r.status, ACLNN_SUCCESS);
    EXPECT_TRUE(r.out[0].empty());
    for (int o = 1; o < 3; ++o)
      for (double v : r.out[o]) EXPECT_EQ(v, 0.0);
  }
}

// Cin = 0 with data in gradOutput: gradBias is its sum (§9 Q4: the device writes zeros).
TEST_F(ConvolutionBackwardNumeric, EmptyChannelsGradBiasIsTheSum) {
  ConvBwdSpec s = Spec({2, 0, 5, 5}, {4, 0, 3, 3}, {1, 1}, {0, 0}, {1, 1});
  const ConvBwdResult r = RunConvBackward(s);
  ASSERT_EQ(r.status, ACLNN_SUCCESS);
  ASSERT_EQ(r.out[2].size(), 4u);
  for (int64_t c = 0; c < 4; ++c) {
    double sum = 0;
    for (int64_t b = 0; b < 2; ++b)
      for (int64_t q = 0; q < 9; ++q) sum += r.g[static_cast<size_t>((b * 4 + c) * 9 + q)];
    EXPECT_EQ(r.out[2][static_cast<size_t>(c)], RoundTo(ACL_FLOAT, sum)) << c;
  }
}

TEST_F(ConvolutionBackwardNumeric, RandomProblems) {
  std::mt19937_64 rng(7);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  for (int i = 0; i < 40; ++i) {
    const int sp = static_cast<int>(pick(1, 3));
    const int64_t groups = pick(1, 3), transposed = pick(0, 1);
    ConvBwdSpec s;
    s.transposed = transposed != 0, s.groups = groups;
    s.x = {pick(1, 3), groups * pick(1, 3)};
    s.w = transposed ? Ints{s.x[1], pick(1, 3)} : Ints{groups * pick(1, 3), s.x[1] / groups};
    for (int d = 0; d < sp; ++d) {
      const int64_t k = pick(1, 3), dil = pick(1, 2), st = pick(1, 3);
      s.w.push_back(k), s.stride.push_back(st), s.dilation.push_back(dil);
      const int64_t p = pick(0, transposed ? dil * (k - 1) : 2);
      s.padding.push_back(p);
      s.x.push_back(pick(std::max<int64_t>(1, dil * (k - 1) + 1 - 2 * p), 7));
      s.outputPadding.push_back(transposed ? pick(0, st - 1) : 0);
    }
    bool positive = true;
    for (int64_t v : s.OutShape()) positive = positive && v > 0;
    if (!positive) continue;
    s.gType = types[pick(0, 2)], s.xType = types[pick(0, 2)], s.wType = types[pick(0, 2)];
    s.giType = types[pick(0, 2)], s.gwType = types[pick(0, 2)], s.gbType = types[pick(0, 2)];
    s.cmt = static_cast<int8_t>(pick(0, 3));
    for (int m = 0; m < 3; ++m) s.mask[m] = pick(0, 3) != 0;
    s.seed = 1000 + static_cast<uint64_t>(i);
    // §9 Q8: 3-D, groups > 1, a FLOAT gradWeight: refused under USE_FP16 or with 16-bit inputs.
    const aclDataType p = PromoteFloat(PromoteFloat(s.gType, s.xType), s.wType);
    if (sp == 3 && groups > 1 && s.mask[1] && s.gwType == ACL_FLOAT && (s.cmt == 2 || p != ACL_FLOAT)) {
      EXPECT_EQ(RunConvBackward(s).status, ACLNN_ERR_PARAM_INVALID) << "problem " << i;
      continue;
    }
    EXPECT_TRUE(BackwardMatches(s, RunConvBackward(s))) << "problem " << i;
  }
}

TEST_F(ConvolutionBackwardNumeric, OneAndTwoThreadsBitIdentical) {
  std::vector<ConvBwdSpec> specs;
  for (size_t i : {1, 2, 4, 12, 14, 16}) specs.push_back(Shapes()[i]);
  // Several tiles of every product: 1600 pixels, K of 288 and 1600, 4608 gradWeight elements.
  specs.push_back(Spec({2, 16, 40, 40}, {32, 16, 3, 3}, {1, 1}, {1, 1}, {1, 1}));
  specs.push_back(Spec({2, 32, 40, 40}, {32, 16, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 1, true));
  for (size_t i = 0; i < specs.size(); ++i) {
    ConvBwdSpec s = specs[i];
    s.seed = 50 + i;
    s.threads = 1;
    const ConvBwdResult one = RunConvBackward(s, false);
    s.threads = 2;
    const ConvBwdResult two = RunConvBackward(s, false);
    ASSERT_EQ(one.status, ACLNN_SUCCESS);
    for (int o = 0; o < 3; ++o) EXPECT_EQ(one.out[o], two.out[o]) << "case " << i << " output " << o;
  }
}

// Problems that run on oneDNN's convolutions (conv_dnnl.h): gradInput (FLOAT: K >= 512), gradWeight per call of
// N/4 images (or one) added in double; padded views; FLOAT with and
// without HF32, BF16. Each against the float64 reference and 1 vs 2 threads bitwise.
TEST_F(ConvolutionBackwardNumeric, OneDnnPathMatchesReferenceOnAnyThreads) {
  const std::vector<ConvBwdSpec> specs = {
      Spec({4, 32, 10, 9}, {64, 32, 3, 3}, {1, 1}, {1, 1}, {1, 1}),
      Spec({5, 48, 9, 11}, {96, 48, 3, 3}, {2, 1}, {1, 2}, {1, 2}),
      Spec({4, 64, 6, 7}, {512, 64, 1, 1}, {1, 1}, {0, 0}, {1, 1}),
      Spec({4, 16, 30}, {64, 16, 9}, {2}, {4}, {1}),
      Spec({4, 16, 4, 5, 4}, {32, 16, 3, 3, 3}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}),
      Spec({2, 48, 8, 8}, {64, 48, 3, 3}, {1, 1}, {1, 1}, {1, 1}),
      Spec({8, 16, 6, 5}, {32, 16, 3, 3}, {1, 1}, {1, 1}, {1, 1}),  // gradWeight: 4 calls of 2 images
  };
  for (size_t i = 0; i < specs.size(); ++i) {
    for (int variant = 0; variant < 3; ++variant) {  // FLOAT, FLOAT with HF32, BF16
      ConvBwdSpec s = specs[i];
      s.All(variant == 2 ? ACL_BF16 : ACL_FLOAT);
      s.cmt = variant == 1 ? 1 : 0;
      s.seed = 400 + i;
      if (i % 2 == 1) s.gLayout = s.xLayout = Layout::Padded(s.x.size());
      s.threads = 1;
      const ConvBwdResult one = RunConvBackward(s);
      EXPECT_TRUE(BackwardMatches(s, one)) << "case " << i << " variant " << variant;
      s.threads = 2;
      const ConvBwdResult two = RunConvBackward(s, false);
      for (int o = 0; o < 3; ++o) EXPECT_EQ(one.out[o], two.out[o]) << "case " << i << " output " << o;
    }
  }
}

}  // namespace
}  // namespace aclcpu_test::convolution_backward_numeric_test
