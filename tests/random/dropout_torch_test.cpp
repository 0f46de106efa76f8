// Parity with PyTorch (docs/ops/dropout.md §4.2): DoMask given our mask against libtorch's x * mask / (1 - p) in
// the input's dtype (what torch.nn.functional.dropout computes once the mask is drawn). Reference: the same in
// float64 with the unrounded 1 - p. Rule (NoWorseThanTorch): our max error against the reference is at most
// PyTorch's plus one ulp of the output dtype, on every random case; dropped elements are exactly 0 in both.
// And the keep rate of our GenMaskV2 against torch.bernoulli's on the same sizes: both within binomial bounds.
#include <ATen/ATen.h>

#include <random>
#include <string>
#include <vector>

#include "common/torch_convert.h"
#include "random/dropout_tester.h"

namespace aclcpu_test::dropout_torch_test {
namespace {

class DropoutTorchParity : public ::testing::TestWithParam<aclDataType> {};

TEST_P(DropoutTorchParity, DoMaskGivenOurMask) {
  const aclDataType t = GetParam();
  std::mt19937_64 rng(static_cast<uint64_t>(t) * 31 + 1);
  for (int c = 0; c < 40; ++c) {
    const int rank = 1 + static_cast<int>(rng() % 4);
    std::vector<int64_t> shape;
    for (int d = 0; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 300 : 12)));
    const double p = std::uniform_real_distribution<double>(0.02, 0.95)(rng);
    const int64_t n = NumelOf(shape);
    SCOPED_TRACE("case " + std::to_string(c) + " p " + std::to_string(p) + " n " + std::to_string(n));
    const Layout layout = c % 3 == 0   ? Layout::Transposed(shape.size())
                          : c % 3 == 1 ? Layout::Padded(shape.size())
                                       : Layout();
    DeviceTensor x(shape, t, layout), y(shape, t), mask({MaskBytes(n)}, ACL_UINT8);
    x.Fill(RandomValues(rng, n, -8, 8));
    const std::vector<double> xs = x.Read();
    const std::vector<uint8_t> bits = GenMask({shape, p, static_cast<int64_t>(rng()), c});
    WriteBytes(mask, bits);
    ASSERT_EQ(DoMask(x, mask, p, y), ACLNN_SUCCESS);
    const std::vector<double> ours = y.Read();

    std::vector<double> keep(static_cast<size_t>(n)), ref(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      keep[static_cast<size_t>(i)] = MaskBit(bits, i);
      ref[static_cast<size_t>(i)] = xs[static_cast<size_t>(i)] * MaskBit(bits, i) / (1 - p);
    }
    const at::Tensor tx = ToTorch(xs, shape, t), tm = ToTorch(keep, shape, t);
    const std::vector<double> torch = FromTorch(tx * tm / (1 - p));
    EXPECT_TRUE(NoWorseThanTorch(ours, torch, ref, t));
    for (int64_t i = 0; i < n; ++i) {
      if (MaskBit(bits, i) == 0) ASSERT_EQ(ours[static_cast<size_t>(i)], 0.0) << "element " << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(DTypes, DropoutTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) { return DTypeLabel(info.param); });

// Our mask's keep rate and torch.bernoulli's (as F.dropout draws it) on the same sizes: both Binomial(N, 1 - p),
// both within 5 standard deviations of the mean.
TEST(DropoutTorchKeepRate, SameDistributionAsTorchBernoulli) {
  at::manual_seed(7);
  const int64_t n = int64_t{1} << 20;
  for (const double p : {0.1, 0.5, 0.8}) {
    const std::vector<uint8_t> bits = GenMask({{n}, p, 123, 4});
    double ours = 0;
    for (int64_t i = 0; i < n; ++i) ours += MaskBit(bits, i);
    const double torch = at::bernoulli(at::full({n}, 1 - p, at::kFloat)).sum().item<double>();
    const double mean = n * (1 - p), sd = std::sqrt(n * p * (1 - p));
    EXPECT_LE(std::fabs(ours - mean), 5 * sd) << "p " << p;
    EXPECT_LE(std::fabs(torch - mean), 5 * sd) << "p " << p;
  }
}

}  // namespace
}  // namespace aclcpu_test::dropout_torch_test
