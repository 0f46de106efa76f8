// aclnnConvolutionBackward against PyTorch's at::convolution_backward on random problems (1-D/2-D/3-D, groups,
// stride, padding, dilation, transposed with outputPadding, random outputMask, padded views): FLOAT with
// cubeMathType 0 and BF16 (PyTorch has no CPU bf16 transposed backward); for each wanted output our largest error
// against the float64 at::convolution_backward of the same stored values is at most PyTorch's plus one ulp. And a
// cascade: aclnnConvolution's output y as the gradient of 0.5 * sum(y^2), aclnnConvolutionBackward against autograd.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/torch_convert.h"
#include "conv/convolution_backward_tester.h"

namespace aclcpu_test::convolution_backward_torch_test {
namespace {

using Ints = std::vector<int64_t>;

class ConvolutionBackwardTorch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

std::tuple<at::Tensor, at::Tensor, at::Tensor> TorchBackward(const ConvBwdSpec &s, const std::vector<double> &g,
                                                             const std::vector<double> &x, const std::vector<double> &w,
                                                             aclDataType t) {
  const Ints op = s.outputPadding.empty() ? Ints(s.stride.size(), 0) : s.outputPadding;
  const Ints gShape = s.OutShape();
  const std::vector<int64_t> biasSizes = {gShape[1]};
  return at::convolution_backward(ToTorch(g, gShape, t), ToTorch(x, s.x, t), ToTorch(w, s.w, t), biasSizes, s.stride,
                                  s.padding, s.dilation, s.transposed, op, s.groups, {s.mask[0], s.mask[1], s.mask[2]});
}

ConvBwdSpec RandomSpec(std::mt19937_64 &rng, bool transposed) {
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  const int spatial = static_cast<int>(pick(1, 3));
  ConvBwdSpec s;
  s.groups = pick(1, 2);
  s.transposed = transposed;
  s.x = {pick(1, 3), s.groups * pick(1, 16)};
  s.w = transposed ? Ints{s.x[1], pick(1, 6)} : Ints{s.groups * pick(1, 6), s.x[1] / s.groups};
  for (int d = 0; d < spatial; ++d) {
    const int64_t k = pick(1, 3), dil = pick(1, 2), stride = pick(1, 2);
    const int64_t pad = transposed ? std::min(pick(0, 1), dil * (k - 1)) : pick(0, 1);
    s.w.push_back(k), s.stride.push_back(stride), s.dilation.push_back(dil), s.padding.push_back(pad);
    s.x.push_back(std::max<int64_t>(dil * (k - 1) + 1 - 2 * pad, 1) + pick(0, spatial == 3 ? 3 : 12));
    s.outputPadding.push_back(transposed ? pick(0, stride - 1) : 0);
  }
  for (int m = 0; m < 3; ++m) s.mask[m] = pick(0, 3) != 0;
  if (pick(0, 2) == 0) s.xLayout = s.gLayout = Layout::Padded(s.x.size());
  return s;
}

void CheckAgainstTorch(aclDataType dtype, int problems, uint64_t seed, bool transposed) {
  at::set_num_threads(2);
  std::mt19937_64 rng(seed);
  static const char *names[] = {"gradInput", "gradWeight", "gradBias"};
  int compared = 0;
  for (int c = 0; c < problems; ++c) {
    ConvBwdSpec s = RandomSpec(rng, transposed);
    s.All(dtype);
    s.cmt = 0;
    s.seed = seed + static_cast<uint64_t>(c);
    const Ints gShape = s.OutShape();
    if (*std::min_element(gShape.begin() + 2, gShape.end()) <= 0) continue;
    const ConvBwdResult r = RunConvBackward(s, false);
    const std::string what = "case " + std::to_string(c) + " x " + ::testing::PrintToString(s.x) + " w " +
                             ::testing::PrintToString(s.w) + " groups " + std::to_string(s.groups);
    ASSERT_EQ(r.status, ACLNN_SUCCESS) << what << ": " << aclGetRecentErrMsg();
    const auto ref = TorchBackward(s, r.g, r.x, r.w, ACL_DOUBLE);
    std::tuple<at::Tensor, at::Tensor, at::Tensor> theirs;
    try {
      theirs = TorchBackward(s, r.g, r.x, r.w, dtype);
    } catch (const std::exception &) {
      GTEST_SKIP() << "PyTorch has no CPU convolution_backward for " << DTypeLabel(dtype);
    }
    const at::Tensor refs[3] = {std::get<0>(ref), std::get<1>(ref), std::get<2>(ref)};
    const at::Tensor torchs[3] = {std::get<0>(theirs), std::get<1>(theirs), std::get<2>(theirs)};
    for (int o = 0; o < 3; ++o)
      if (s.mask[o])
        EXPECT_TRUE(NoWorseThanTorch(r.out[o], FromTorch(torchs[o]), FromTorch(refs[o]), dtype))
            << what << " " << names[o];
    ++compared;
  }
  EXPECT_GE(compared, problems * 3 / 4);
}

TEST_F(ConvolutionBackwardTorch, FloatRandomProblems) { CheckAgainstTorch(ACL_FLOAT, 40, 4000, false); }

TEST_F(ConvolutionBackwardTorch, TransposedFloatRandomProblems) { CheckAgainstTorch(ACL_FLOAT, 30, 5000, true); }

TEST_F(ConvolutionBackwardTorch, Bf16RandomProblems) { CheckAgainstTorch(ACL_BF16, 30, 6000, false); }

// Long sums: gradWeight adds 4 images x 1600 pixels, gradInput 32 x 9 taps.
TEST_F(ConvolutionBackwardTorch, LongSumsFloat) {
  at::set_num_threads(2);
  for (bool transposed : {false, true}) {
    ConvBwdSpec s;
    s.x = {4, 16, 40, 40}, s.w = transposed ? Ints{16, 32, 3, 3} : Ints{32, 16, 3, 3};
    s.stride = {1, 1}, s.padding = {1, 1}, s.dilation = {1, 1}, s.transposed = transposed;
    const ConvBwdResult r = RunConvBackward(s, false);
    ASSERT_EQ(r.status, ACLNN_SUCCESS);
    const auto ref = TorchBackward(s, r.g, r.x, r.w, ACL_DOUBLE), theirs = TorchBackward(s, r.g, r.x, r.w, ACL_FLOAT);
    EXPECT_TRUE(NoWorseThanTorch(r.out[0], FromTorch(std::get<0>(theirs)), FromTorch(std::get<0>(ref)), ACL_FLOAT));
    EXPECT_TRUE(NoWorseThanTorch(r.out[1], FromTorch(std::get<1>(theirs)), FromTorch(std::get<1>(ref)), ACL_FLOAT));
    EXPECT_TRUE(NoWorseThanTorch(r.out[2], FromTorch(std::get<2>(theirs)), FromTorch(std::get<2>(ref)), ACL_FLOAT));
  }
}

// Larger problems, which run on oneDNN's convolutions (conv_dnnl.h) as PyTorch's do: gradInput as one library sum
// per pixel, gradWeight per call of N/4 images (or one) added in double; 1, 2, 4 and 8 images.
TEST_F(ConvolutionBackwardTorch, LargeProblemsOnOneDnn) {
  at::set_num_threads(2);
  const std::vector<std::pair<Ints, Ints>> shapes = {
      {{4, 64, 16, 16}, {64, 64, 3, 3}}, {{4, 96, 10, 12}, {128, 96, 3, 3}}, {{4, 64, 7, 7}, {512, 64, 1, 1}}};
  for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
    for (size_t i = 0; i < shapes.size(); ++i) {
      ConvBwdSpec s;
      s.x = shapes[i].first, s.w = shapes[i].second;
      const int64_t k = s.w[2];
      s.stride = {1, 1}, s.padding = {k / 2, k / 2}, s.dilation = {1, 1};
      s.All(dtype);
      s.seed = 9000 + i;
      if (i == 1) s.gLayout = s.xLayout = Layout::Padded(4);
      const ConvBwdResult r = RunConvBackward(s, false);
      ASSERT_EQ(r.status, ACLNN_SUCCESS) << aclGetRecentErrMsg();
      const auto ref = TorchBackward(s, r.g, r.x, r.w, ACL_DOUBLE), theirs = TorchBackward(s, r.g, r.x, r.w, dtype);
      const at::Tensor refs[3] = {std::get<0>(ref), std::get<1>(ref), std::get<2>(ref)};
      const at::Tensor torchs[3] = {std::get<0>(theirs), std::get<1>(theirs), std::get<2>(theirs)};
      for (int o = 0; o < 3; ++o)
        EXPECT_TRUE(NoWorseThanTorch(r.out[o], FromTorch(torchs[o]), FromTorch(refs[o]), dtype))
            << "shape " << i << " " << DTypeLabel(dtype) << " output " << o;
    }
  }
}

// Forward then backward: y = aclnnConvolution(x, w, b); the loss 0.5 * sum(y^2) has gradOutput y, so
// aclnnConvolutionBackward(y, x, w) must match autograd (float64 reference; PyTorch's fp32 autograd as the bar).
TEST_F(ConvolutionBackwardTorch, ForwardBackwardCascadeAgainstAutograd) {
  at::set_num_threads(2);
  std::mt19937_64 rng(8000);
  for (int c = 0; c < 12; ++c) {
    const bool transposed = c % 3 == 2;
    ConvBwdSpec s = RandomSpec(rng, transposed);
    s.mask[0] = s.mask[1] = s.mask[2] = true;
    s.gLayout = s.xLayout = Layout::Dense();
    const Ints yShape = s.OutShape();
    if (*std::min_element(yShape.begin() + 2, yShape.end()) <= 0) continue;
    const aclFormat f = ConvFormat(s.x.size());
    DeviceTensor x(s.x, ACL_FLOAT, Layout::Dense(), f), w(s.w, ACL_FLOAT, Layout::Dense(), f);
    DeviceTensor b({yShape[1]}, ACL_FLOAT, Layout::Dense(), ACL_FORMAT_ND), y(yShape, ACL_FLOAT, Layout::Dense(), f);
    DeviceTensor gi(s.x, ACL_FLOAT, Layout::Dense(), f), gw(s.w, ACL_FLOAT, Layout::Dense(), f);
    DeviceTensor gb({yShape[1]}, ACL_FLOAT, Layout::Dense(), ACL_FORMAT_ND);
    x.Fill(RandomValues(rng, x.numel(), -1, 1));
    w.Fill(RandomValues(rng, w.numel(), -1, 1));
    b.Fill(RandomValues(rng, b.numel(), -1, 1));
    const Ints bs = {yShape[1]};
    aclIntArray *stride = aclCreateIntArray(s.stride.data(), s.stride.size());
    aclIntArray *padding = aclCreateIntArray(s.padding.data(), s.padding.size());
    aclIntArray *dilation = aclCreateIntArray(s.dilation.data(), s.dilation.size());
    aclIntArray *outputPadding = aclCreateIntArray(s.outputPadding.data(), s.outputPadding.size());
    aclIntArray *biasSizes = aclCreateIntArray(bs.data(), 1);
    const bool maskValues[3] = {true, true, true};
    aclBoolArray *mask = aclCreateBoolArray(maskValues, 3);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    aclnnStatus st = aclnnConvolutionGetWorkspaceSize(x.get(), w.get(), b.get(), stride, padding, dilation, transposed,
                                                      outputPadding, s.groups, y.get(), 0, &ws, &exec);
    if (st == ACLNN_SUCCESS) st = RunPhase2(aclnnConvolution, ws, exec);
    ASSERT_EQ(st, ACLNN_SUCCESS) << aclGetRecentErrMsg();
    st = aclnnConvolutionBackwardGetWorkspaceSize(y.get(), x.get(), w.get(), biasSizes, stride, padding, dilation,
                                                  transposed, outputPadding, static_cast<int>(s.groups), mask, 0,
                                                  gi.get(), gw.get(), gb.get(), &ws, &exec);
    if (st == ACLNN_SUCCESS) st = RunPhase2(aclnnConvolutionBackward, ws, exec);
    for (aclIntArray *a : {stride, padding, dilation, outputPadding, biasSizes}) aclDestroyIntArray(a);
    aclDestroyBoolArray(mask);
    ASSERT_EQ(st, ACLNN_SUCCESS) << aclGetRecentErrMsg();

    auto autograd = [&](aclDataType t) {
      at::Tensor tx = ToTorch(x.Read(), s.x, t).set_requires_grad(true);
      at::Tensor tw = ToTorch(w.Read(), s.w, t).set_requires_grad(true);
      at::Tensor tb = ToTorch(b.Read(), {yShape[1]}, t).set_requires_grad(true);
      at::Tensor ty =
          at::convolution(tx, tw, tb, s.stride, s.padding, s.dilation, transposed, s.outputPadding, s.groups);
      (0.5 * (ty * ty).sum()).backward();
      return std::vector<std::vector<double>>{FromTorch(tx.grad()), FromTorch(tw.grad()), FromTorch(tb.grad())};
    };
    const auto ref = autograd(ACL_DOUBLE), theirs = autograd(ACL_FLOAT);
    const std::vector<double> ours[3] = {gi.Read(), gw.Read(), gb.Read()};
    for (int o = 0; o < 3; ++o)
      EXPECT_TRUE(NoWorseThanTorch(ours[o], theirs[o], ref[o], ACL_FLOAT)) << "case " << c << " output " << o;
  }
}

}  // namespace
}  // namespace aclcpu_test::convolution_backward_torch_test
