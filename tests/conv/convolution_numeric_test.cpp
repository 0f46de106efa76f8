// aclnnConvolution and aclnnConvDepthwise2d against a float64 reference (convolution_tester.h) that applies the
// device's operand roundings of docs/ops/convolution.md §2.1: 1x1 (the in-place path), 3x3, depthwise, grouped,
// dilated, strided, padded (symmetric and asymmetric), 1-D/2-D/3-D, empty batch, large K; every dtype combination
// and cubeMathType; strided and transposed input, weight and output views; 1 and 2 threads bit-identical.
#include <random>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "conv/convolution_tester.h"

namespace aclcpu_test::convolution_numeric_test {
namespace {

using Ints = std::vector<int64_t>;

class ConvolutionNumeric : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

ConvSpec Spec(Ints x, Ints w, Ints stride, Ints padding, Ints dilation, int64_t groups = 1) {
  ConvSpec s;
  s.x = std::move(x), s.w = std::move(w), s.stride = std::move(stride), s.padding = std::move(padding);
  s.dilation = std::move(dilation), s.groups = groups;
  return s;
}

TEST_F(ConvolutionNumeric, ShapesAndAttributes) {
  const std::vector<ConvSpec> specs = {
      Spec({2, 8, 5, 7}, {6, 8, 1, 1}, {1, 1}, {0, 0}, {1, 1}),                    // 1x1
      Spec({2, 96, 4, 5}, {10, 96, 1, 1}, {1, 1}, {0, 0}, {1, 1}),                 // 1x1, chained K (bias in the sum)
      Spec({2, 24, 5, 3}, {6, 12, 1, 1}, {1, 1}, {0, 0}, {1, 1}, 2),               // 1x1, chained K, grouped
      Spec({2, 8, 9, 7}, {6, 8, 3, 3}, {1, 1}, {1, 1}, {1, 1}),                    // 3x3, padded
      Spec({2, 6, 9, 8}, {6, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 6),                 // depthwise
      Spec({2, 6, 9, 8}, {12, 1, 3, 3}, {2, 1}, {1, 0}, {1, 1}, 6),                // depthwise, multiplier 2
      Spec({1, 8, 9, 8}, {6, 4, 3, 2}, {1, 2}, {2, 1}, {1, 1}, 2),                 // grouped
      Spec({2, 4, 12, 11}, {5, 4, 3, 3}, {1, 1}, {2, 2}, {2, 3}),                  // dilated
      Spec({2, 4, 13, 11}, {5, 4, 3, 2}, {3, 2}, {0, 0}, {1, 1}),                  // strided
      Spec({2, 3, 10, 9}, {4, 3, 4, 3}, {2, 2}, {1, 3, 0, 2}, {1, 1}),             // asymmetric 2-D padding
      Spec({3, 5, 17}, {4, 5, 3}, {2}, {1}, {1}),                                  // 1-D
      Spec({2, 5, 17}, {4, 5, 4}, {3}, {0, 2}, {2}),                               // 1-D, [left, right]
      Spec({2, 3, 5, 6, 7}, {4, 3, 2, 3, 2}, {1, 2, 1}, {1, 0, 1}, {1, 1, 2}),     // 3-D
      Spec({1, 4, 3, 4, 5}, {6, 2, 1, 1, 1}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}, 2),  // 3-D pointwise, grouped
      Spec({1, 256, 6, 5}, {8, 256, 3, 3}, {1, 1}, {1, 1}, {1, 1}),                // large K (2304)
      Spec({2, 3, 1, 1}, {4, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}),  // every tap but the centre in padding
  };
  for (size_t i = 0; i < specs.size(); ++i) {
    for (bool bias : {true, false}) {
      ConvSpec s = specs[i];
      s.bias = bias, s.seed = i;
      EXPECT_TRUE(MatchesReference(RunConv(s))) << "case " << i << " bias " << bias;
    }
  }
}

TEST_F(ConvolutionNumeric, EveryDTypeAndCubeMathType) {
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  // Every (input, weight) pair with every cubeMathType; out and bias dtypes rotate through the three.
  for (int x = 0; x < 3; ++x) {
    for (int w = 0; w < 3; ++w) {
      for (int8_t cmt = 0; cmt <= 4; ++cmt) {
        ConvSpec s = Spec({2, 6, 7, 6}, {4, 3, 3, 2}, {1, 2}, {1, 1}, {1, 1}, 2);
        s.xType = types[x], s.wType = types[w], s.yType = types[(x + w + cmt) % 3], s.bType = types[(w + cmt) % 3];
        s.cmt = cmt;
        s.seed = static_cast<uint64_t>(cmt);
        EXPECT_TRUE(MatchesReference(RunConv(s))) << DTypeLabel(s.xType) << " " << DTypeLabel(s.wType) << " -> "
                                                  << DTypeLabel(s.yType) << " cmt " << int{cmt};
      }
    }
  }
}

// HF32 (cubeMathType 1, 3) and USE_FP16 (2) change fp32 results: the reference sees the rounded operands.
TEST_F(ConvolutionNumeric, CubeMathTypeRoundsTheOperands) {
  ConvSpec s = Spec({1, 16, 6, 6}, {4, 16, 3, 3}, {1, 1}, {1, 1}, {1, 1});
  const ConvResult keep = RunConv(s);
  s.cmt = 1;
  const ConvResult hf32 = RunConv(s);
  s.cmt = 2;
  const ConvResult fp16 = RunConv(s);
  EXPECT_TRUE(MatchesReference(hf32));
  EXPECT_TRUE(MatchesReference(fp16));
  EXPECT_NE(keep.y, hf32.y);
  EXPECT_NE(keep.y, fp16.y);
}

TEST_F(ConvolutionNumeric, StridedAndTransposedViews) {
  for (int v = 0; v < 4; ++v) {
    ConvSpec s = Spec({2, 6, 8, 7}, {4, 3, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 2);
    s.All(v % 2 == 0 ? ACL_FLOAT : ACL_FLOAT16);
    s.xLayout = v < 2 ? Layout::Transposed(4) : Layout::Padded(4);
    s.wLayout = v < 2 ? Layout::Padded(4) : Layout::Transposed(4);
    s.yLayout = v == 1 ? Layout::Transposed(4) : v == 2 ? Layout::Padded(4) : Layout::Dense();
    EXPECT_TRUE(MatchesReference(RunConv(s))) << "views " << v;
  }
  // The 1x1 path reads the input in place; a transposed input view goes through im2col.
  ConvSpec p = Spec({2, 8, 5, 7}, {6, 8, 1, 1}, {1, 1}, {0, 0}, {1, 1});
  p.bias = false;
  p.xLayout = Layout::Padded(4);
  EXPECT_TRUE(MatchesReference(RunConv(p)));
  p.xLayout = Layout::Transposed(4);
  EXPECT_TRUE(MatchesReference(RunConv(p)));
}

TEST_F(ConvolutionNumeric, EmptyBatchAndEmptyOutput) {
  ConvSpec s = Spec({0, 4, 6, 6}, {3, 4, 3, 3}, {1, 1}, {1, 1}, {1, 1});
  const ConvResult r = RunConv(s);
  EXPECT_EQ(r.status, ACLNN_SUCCESS);
  EXPECT_EQ(r.workspaceSize, 0u);
  ConvSpec c = Spec({2, 4, 6, 6}, {0, 4, 3, 3}, {1, 1}, {1, 1}, {1, 1});  // Cout 0
  EXPECT_EQ(RunConv(c).status, ACLNN_SUCCESS);
}

TEST_F(ConvolutionNumeric, RandomProblems) {
  std::mt19937_64 rng(7);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  for (int i = 0; i < 40; ++i) {
    const int spatial = static_cast<int>(pick(1, 3));
    const int64_t groups = pick(1, 3);
    ConvSpec s;
    s.x = {pick(1, 2), groups * pick(1, 4)};
    s.w = {groups * pick(1, 3), s.x[1] / groups};
    for (int d = 0; d < spatial; ++d) {
      const int64_t k = pick(1, 3), dil = pick(1, 2), pad = pick(0, 2);
      s.w.push_back(k);
      s.stride.push_back(pick(1, 3));
      s.dilation.push_back(dil);
      s.padding.push_back(pad);
      s.x.push_back(std::max<int64_t>(dil * (k - 1) + 1 - 2 * pad, 1) + pick(0, spatial == 3 ? 3 : 8));
    }
    s.groups = groups;
    s.bias = pick(0, 1) == 1;
    s.xType = types[pick(0, 2)], s.wType = types[pick(0, 2)], s.yType = types[pick(0, 2)];
    s.bType = types[pick(0, 2)];
    s.cmt = static_cast<int8_t>(pick(0, 4));
    s.seed = static_cast<uint64_t>(i);
    if (pick(0, 3) == 0) s.xLayout = Layout::Padded(s.x.size());
    EXPECT_TRUE(MatchesReference(RunConv(s))) << "problem " << i;
  }
}

TEST_F(ConvolutionNumeric, ConvDepthwise2dMatchesTheReference) {
  for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (int8_t cmt : {0, 1, 2}) {
      ConvSpec s = Spec({2, 5, 9, 7}, {10, 1, 3, 2}, {2, 1}, {1, 1}, {1, 2});
      s.depthwise = true, s.cmt = cmt;
      s.All(t);
      EXPECT_TRUE(MatchesReference(RunConv(s))) << DTypeLabel(t) << " cmt " << int{cmt};
    }
  }
}

ConvSpec TransposedSpec(Ints x, Ints w, Ints stride, Ints padding, Ints dilation, Ints outputPadding,
                        int64_t groups = 1) {
  ConvSpec s = Spec(std::move(x), std::move(w), std::move(stride), std::move(padding), std::move(dilation), groups);
  s.transposed = true;
  s.outputPadding = std::move(outputPadding);
  return s;
}

TEST_F(ConvolutionNumeric, TransposedShapesAndAttributes) {
  const std::vector<ConvSpec> specs = {
      TransposedSpec({2, 6, 5, 4}, {6, 4, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 0}),        // stride 2, outputPadding
      TransposedSpec({2, 6, 5, 4}, {6, 2, 3, 2}, {1, 3}, {0, 1}, {2, 1}, {1, 2}, 3),     // grouped, dilated
      TransposedSpec({1, 4, 6, 5}, {4, 3, 2, 3}, {2, 1}, {1, 2, 0, 1}, {1, 1}, {0, 0}),  // 4-value padding
      TransposedSpec({1, 4, 6, 5}, {4, 3, 2, 2}, {3, 3}, {3, 2}, {1, 1}, {2, 0}),        // padding > d (K - 1)
      TransposedSpec({2, 5, 7}, {5, 3, 3}, {3}, {1}, {1}, {2}),                          // 1-D
      TransposedSpec({1, 3, 3, 4, 2}, {3, 2, 2, 3, 2}, {2, 1, 2}, {0, 1, 1}, {1, 2, 1}, {1, 0, 1}),  // 3-D
      TransposedSpec({1, 64, 3, 3}, {64, 5, 3, 3}, {1, 1}, {0, 0}, {1, 1}, {0, 0}),                  // K 576
      TransposedSpec({2, 24, 5, 3}, {24, 5, 1, 1}, {1, 1}, {0, 0}, {1, 1}, {0, 0}, 2),  // 1x1: pointwise, grouped
      TransposedSpec({2, 36, 5, 4}, {36, 2, 1, 1}, {2, 2}, {0, 0}, {1, 1}, {1, 1}, 3),  // 1x1 strided: im2col, grouped
  };
  for (size_t i = 0; i < specs.size(); ++i) {
    for (bool bias : {true, false}) {
      ConvSpec s = specs[i];
      s.bias = bias, s.seed = 100 + i;
      EXPECT_TRUE(MatchesReference(RunConv(s))) << "case " << i << " bias " << bias;
    }
  }
}

TEST_F(ConvolutionNumeric, TransposedDTypesAndCubeMathTypes) {
  const aclDataType types[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  for (int x = 0; x < 3; ++x) {
    for (int y = 0; y < 3; ++y) {
      for (int8_t cmt = 0; cmt <= 4; cmt += 2) {
        ConvSpec s = TransposedSpec({2, 4, 4, 3}, {4, 3, 2, 3}, {2, 1}, {1, 1}, {1, 1}, {1, 0});
        s.xType = s.wType = types[x], s.yType = types[y], s.bType = types[(x + cmt) % 3], s.cmt = cmt;
        if (cmt == 4) s.wType = types[(x + 1) % 3], s.cmt = 1;  // a mixed pair under HF32
        EXPECT_TRUE(MatchesReference(RunConv(s))) << DTypeLabel(s.xType) << " " << DTypeLabel(s.wType) << " -> "
                                                  << DTypeLabel(s.yType) << " cmt " << int{s.cmt};
      }
    }
  }
  ConvSpec views = TransposedSpec({2, 4, 5, 4}, {4, 2, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {0, 1}, 2);
  views.xLayout = Layout::Transposed(4), views.wLayout = Layout::Padded(4), views.yLayout = Layout::Padded(4);
  EXPECT_TRUE(MatchesReference(RunConv(views)));
}

// Tiles and im2col blocks are cut by the shape only: one and two threads give the same bits.
TEST_F(ConvolutionNumeric, OneAndTwoThreadsAreBitIdentical) {
  const std::vector<ConvSpec> specs = {
      Spec({2, 64, 20, 18}, {48, 64, 3, 3}, {1, 1}, {1, 1}, {1, 1}),
      Spec({1, 32, 30, 30}, {32, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 32),
      Spec({2, 96, 12, 12}, {64, 96, 1, 1}, {1, 1}, {0, 0}, {1, 1}),
      TransposedSpec({2, 32, 10, 9}, {32, 24, 3, 3}, {2, 2}, {1, 1}, {1, 1}, {1, 1}),
  };
  for (size_t i = 0; i < specs.size(); ++i) {
    for (aclDataType t : {ACL_FLOAT, ACL_BF16}) {
      ConvSpec s = specs[i];
      s.All(t);
      s.bias = i != 2;
      s.threads = 1;
      const ConvResult one = RunConv(s, false);
      s.threads = 2;
      const ConvResult two = RunConv(s, false);
      ASSERT_EQ(one.status, ACLNN_SUCCESS);
      EXPECT_EQ(one.y, two.y) << "case " << i << " " << DTypeLabel(t);
    }
  }
}

// Problems that run on oneDNN's convolutions (conv_dnnl.h): FLOAT with K >= 512, BF16 at any K; padded and
// transposed views; FLOAT with and without HF32 (cubeMathType 1). Each against the float64 reference and 1 vs 2 threads
// bitwise.
TEST_F(ConvolutionNumeric, OneDnnPathMatchesReferenceOnAnyThreads) {
  const std::vector<ConvSpec> specs = {
      Spec({2, 64, 12, 11}, {32, 64, 3, 3}, {1, 1}, {1, 1}, {1, 1}),               // K 576
      Spec({3, 96, 9, 10}, {48, 96, 3, 3}, {2, 1}, {1, 0, 2, 1}, {2, 1}),          // strided, dilated, asymmetric
      Spec({2, 512, 7, 6}, {32, 512, 1, 1}, {1, 1}, {0, 0}, {1, 1}),               // 1x1, K 512
      Spec({2, 64, 40}, {32, 64, 9}, {2}, {4}, {1}),                               // 1-D
      Spec({1, 64, 5, 6, 5}, {16, 64, 3, 3, 3}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}),  // 3-D
      Spec({2, 32, 9, 8}, {32, 1, 3, 3}, {1, 1}, {1, 1}, {1, 1}, 32),              // depthwise (BF16 only)
  };
  for (size_t i = 0; i < specs.size(); ++i) {
    for (int variant = 0; variant < 3; ++variant) {  // FLOAT, FLOAT with HF32, BF16
      ConvSpec s = specs[i];
      s.All(variant == 2 ? ACL_BF16 : ACL_FLOAT);
      s.cmt = variant == 1 ? 1 : 0;
      s.bias = i % 2 == 0;
      s.seed = 300 + i;
      if (i % 2 == 1) s.xLayout = Layout::Padded(s.x.size());
      if (i == 2) s.yLayout = Layout::Transposed(s.x.size());
      s.threads = 1;
      const ConvResult one = RunConv(s);
      EXPECT_TRUE(MatchesReference(one)) << "case " << i << " variant " << variant;
      s.threads = 2;
      EXPECT_EQ(one.y, RunConv(s, false).y) << "case " << i << " variant " << variant;
    }
  }
}

}  // namespace
}  // namespace aclcpu_test::convolution_numeric_test
