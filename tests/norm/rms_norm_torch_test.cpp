// Parity with PyTorch (docs/ops/rms_norm.md §4 Q6): the composite y = x * rsqrt(mean(x^2, trailing k dims) + eps)
// * gamma computed by PyTorch in fp32 from the (16-bit or fp32) inputs, and its autograd for RmsNormGrad. Reference:
// the same composite in float64 with eps narrowed to float as the ops do. Rule (NoWorseThanTorch): our max error
// against the reference is at most PyTorch's plus one ulp of the output dtype, on every random case. AddRmsNorm: x =
// x1 + x2 rounded to the dtype (§3.2, §4 Q2), then the same composite. Last, the training step: our RmsNorm's rstd
// fed unchanged into our RmsNormGrad against autograd of the composite.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"
#include "common/test_tensor.h"
#include "common/torch_convert.h"

namespace aclcpu_test::rms_norm_torch_test {
namespace {

struct Pair {
  aclDataType x, gamma;
};
const Pair kRows[] = {{ACL_FLOAT16, ACL_FLOAT},
                      {ACL_BF16, ACL_FLOAT},
                      {ACL_FLOAT16, ACL_FLOAT16},
                      {ACL_FLOAT, ACL_FLOAT},
                      {ACL_BF16, ACL_BF16}};

std::string PairName(const ::testing::TestParamInfo<Pair> &info) {
  return std::string(DTypeLabel(info.param.x)) + "_" + DTypeLabel(info.param.gamma);
}

std::vector<double> Rounded(aclDataType t, std::vector<double> v) {
  for (double &e : v) e = RoundTo(t, e);
  return v;
}

// A random problem: rank 1..4, gamma rank k in 1..rank, trailing dim up to 300; every tenth many short rows.
constexpr int kCases = 40;
std::vector<int64_t> RandomShape(std::mt19937_64 &rng, int c, size_t *k) {
  const int rank = 1 + static_cast<int>(rng() % 4);
  std::vector<int64_t> shape;
  for (int d = 0; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 300 : 9)));
  *k = 1 + rng() % static_cast<size_t>(rank);
  if (c % 10 == 9) {
    shape = {128 + static_cast<int64_t>(rng() % 512), 1 + static_cast<int64_t>(rng() % 70)};
    *k = 1;
  }
  return shape;
}

double RandomEps(std::mt19937_64 &rng, int c) {
  return c % 3 == 0 ? 1e-6 : c % 3 == 1 ? 1e-5 : std::ldexp(1.0, -static_cast<int>(rng() % 30));
}

std::vector<int64_t> TrailingDims(size_t rank, size_t k) {
  std::vector<int64_t> dims;
  for (size_t i = rank - k; i < rank; ++i) dims.push_back(static_cast<int64_t>(i));
  return dims;
}

std::vector<int64_t> StatShape(const std::vector<int64_t> &shape, size_t k) {
  std::vector<int64_t> s(shape.begin(), shape.end() - static_cast<std::ptrdiff_t>(k));
  s.resize(shape.size(), 1);
  return s;
}

// The composite in `type` (kFloat: PyTorch's peer, kDouble: the reference); returns y (in x's dtype for the peer)
// and rstd.
std::pair<std::vector<double>, std::vector<double>> Composite(const std::vector<double> &x,
                                                              const std::vector<double> &g,
                                                              const std::vector<int64_t> &shape, size_t k, double eps,
                                                              at::ScalarType type, aclDataType outType) {
  const std::vector<int64_t> gs(shape.end() - static_cast<std::ptrdiff_t>(k), shape.end());
  const at::Tensor xt = ToTorch(x, shape, ACL_DOUBLE).to(type), gt = ToTorch(g, gs, ACL_DOUBLE).to(type);
  const at::Tensor r = at::rsqrt(xt.pow(2).mean(TrailingDims(shape.size(), k), /*keepdim=*/true) + eps);
  const at::Tensor y = xt * r * gt;
  return {FromTorch(type == at::kDouble ? y : y.to(TorchType(outType))), FromTorch(r)};
}

class RmsNormTorchParity : public ::testing::TestWithParam<Pair> {};

TEST_P(RmsNormTorchParity, RandomCases) {
  const Pair row = GetParam();
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(4242 + 10 * static_cast<int>(row.x) + static_cast<int>(row.gamma));
  int ran = 0;
  for (int c = 0; c < kCases; ++c) {
    size_t k = 1;
    const std::vector<int64_t> shape = RandomShape(rng, c, &k);
    const std::vector<int64_t> gs(shape.end() - static_cast<std::ptrdiff_t>(k), shape.end());
    const double eps = RandomEps(rng, c);
    const double shift = c % 7 == 3 ? 20.0 : 0.0;
    const std::vector<double> xv = Rounded(row.x, RandomValues(rng, NumelOf(shape), shift - 3, shift + 3));
    const std::vector<double> gv = Rounded(row.gamma, RandomValues(rng, NumelOf(gs), -2, 2));
    DeviceTensor x(shape, row.x), g(gs, row.gamma), y(shape, row.x), rstd(StatShape(shape, k), ACL_FLOAT);
    x.Fill(xv);
    g.Fill(gv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnRmsNormGetWorkspaceSize(x.get(), g.get(), eps, y.get(), rstd.get(), &ws, &exec), 0)
        << "case " << c << ": " << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnRmsNorm, ws, exec), 0);
    const double eps32 = static_cast<float>(eps);
    const auto theirs = Composite(xv, gv, shape, k, eps32, at::kFloat, row.x);
    const auto ref = Composite(xv, gv, shape, k, eps32, at::kDouble, row.x);
    EXPECT_TRUE(NoWorseThanTorch(y.Read(), theirs.first, ref.first, row.x)) << "y case " << c << " k " << k;
    EXPECT_TRUE(NoWorseThanTorch(rstd.Read(), theirs.second, ref.second, ACL_FLOAT)) << "rstd case " << c;
    ++ran;
  }
  EXPECT_EQ(ran, kCases);
}

INSTANTIATE_TEST_SUITE_P(Rows, RmsNormTorchParity, ::testing::ValuesIn(kRows), PairName);

// AddRmsNorm: x = x1 + x2 in fp32 rounded to the dtype (what xOut holds), then the composite.
class AddRmsNormTorchParity : public ::testing::TestWithParam<aclDataType> {};

TEST_P(AddRmsNormTorchParity, RandomCases) {
  const aclDataType t = GetParam();
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(777 + static_cast<int>(t));
  for (int c = 0; c < kCases; ++c) {
    size_t k = 1;
    const std::vector<int64_t> shape = RandomShape(rng, c, &k);
    const std::vector<int64_t> gs(shape.end() - static_cast<std::ptrdiff_t>(k), shape.end());
    const double eps = RandomEps(rng, c);
    const std::vector<double> x1v = Rounded(t, RandomValues(rng, NumelOf(shape), -3, 3));
    const std::vector<double> x2v = Rounded(t, RandomValues(rng, NumelOf(shape), -3, 3));
    const std::vector<double> gv = Rounded(t, RandomValues(rng, NumelOf(gs), -2, 2));
    DeviceTensor x1(shape, t), x2(shape, t), g(gs, t), y(shape, t), rstd(StatShape(shape, k), ACL_FLOAT), xo(shape, t);
    x1.Fill(x1v);
    x2.Fill(x2v);
    g.Fill(gv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(
        aclnnAddRmsNormGetWorkspaceSize(x1.get(), x2.get(), g.get(), eps, y.get(), rstd.get(), xo.get(), &ws, &exec), 0)
        << "case " << c << ": " << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnAddRmsNorm, ws, exec), 0);
    // PyTorch's sum: fp32 add of the inputs, cast to the dtype.
    const at::Tensor sumT = (ToTorch(x1v, shape, ACL_FLOAT) + ToTorch(x2v, shape, ACL_FLOAT)).to(TorchType(t));
    const std::vector<double> sum = FromTorch(sumT);
    const double eps32 = static_cast<float>(eps);
    const auto theirs = Composite(sum, gv, shape, k, eps32, at::kFloat, t);
    const auto ref = Composite(sum, gv, shape, k, eps32, at::kDouble, t);
    EXPECT_EQ(xo.Read(), sum) << "xOut case " << c;
    EXPECT_TRUE(NoWorseThanTorch(y.Read(), theirs.first, ref.first, t)) << "y case " << c << " k " << k;
    EXPECT_TRUE(NoWorseThanTorch(rstd.Read(), theirs.second, ref.second, ACL_FLOAT)) << "rstd case " << c;
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, AddRmsNormTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

// Autograd of the composite in `type` given dy: dx (in x's dtype for the peer) and dgamma.
std::pair<std::vector<double>, std::vector<double>> Autograd(const std::vector<double> &x, const std::vector<double> &g,
                                                             const std::vector<double> &dy,
                                                             const std::vector<int64_t> &shape, size_t k, double eps,
                                                             at::ScalarType type, aclDataType outType) {
  const std::vector<int64_t> gs(shape.end() - static_cast<std::ptrdiff_t>(k), shape.end());
  at::Tensor xt = ToTorch(x, shape, ACL_DOUBLE).to(type).requires_grad_(true);
  at::Tensor gt = ToTorch(g, gs, ACL_DOUBLE).to(type).requires_grad_(true);
  const at::Tensor y = xt * at::rsqrt(xt.pow(2).mean(TrailingDims(shape.size(), k), true) + eps) * gt;
  y.backward(ToTorch(dy, shape, ACL_DOUBLE).to(type));
  return {FromTorch(type == at::kDouble ? xt.grad() : xt.grad().to(TorchType(outType))), FromTorch(gt.grad())};
}

// RmsNormGrad alone: rstd = the exact rstd of x rounded to FLOAT (what a forward hands over).
class RmsNormGradTorchParity : public ::testing::TestWithParam<Pair> {};

TEST_P(RmsNormGradTorchParity, RandomCasesAgainstAutograd) {
  const Pair row = GetParam();
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(99 + 10 * static_cast<int>(row.x) + static_cast<int>(row.gamma));
  for (int c = 0; c < kCases; ++c) {
    size_t k = 1;
    const std::vector<int64_t> shape = RandomShape(rng, c, &k);
    const std::vector<int64_t> gs(shape.end() - static_cast<std::ptrdiff_t>(k), shape.end());
    const double eps = static_cast<float>(RandomEps(rng, c));
    const std::vector<double> xv = Rounded(row.x, RandomValues(rng, NumelOf(shape), -3, 3));
    const std::vector<double> dyv = Rounded(row.x, RandomValues(rng, NumelOf(shape), -1, 1));
    const std::vector<double> gv = Rounded(row.gamma, RandomValues(rng, NumelOf(gs), -2, 2));
    const std::vector<double> rstdv = Rounded(ACL_FLOAT, Composite(xv, gv, shape, k, eps, at::kDouble, row.x).second);
    DeviceTensor dy(shape, row.x), x(shape, row.x), rstd(StatShape(shape, k), ACL_FLOAT), g(gs, row.gamma),
        dx(shape, row.x), dg(gs, ACL_FLOAT);
    dy.Fill(dyv);
    x.Fill(xv);
    rstd.Fill(rstdv);
    g.Fill(gv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnRmsNormGradGetWorkspaceSize(dy.get(), x.get(), rstd.get(), g.get(), dx.get(), dg.get(), &ws, &exec),
              0)
        << "case " << c << ": " << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnRmsNormGrad, ws, exec), 0);
    const auto theirs = Autograd(xv, gv, dyv, shape, k, eps, at::kFloat, row.x);
    const auto ref = Autograd(xv, gv, dyv, shape, k, eps, at::kDouble, row.x);
    EXPECT_TRUE(NoWorseThanTorch(dx.Read(), theirs.first, ref.first, row.x)) << "dx case " << c << " k " << k;
    EXPECT_TRUE(NoWorseThanTorch(dg.Read(), theirs.second, ref.second, ACL_FLOAT)) << "dgamma case " << c;
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, RmsNormGradTorchParity, ::testing::ValuesIn(kRows), PairName);

// §2.2 in float64 with rstd as given (M rows of N = numel(gamma) columns): dx and dgamma.
std::pair<std::vector<double>, std::vector<double>> GivenRstdBackward(const std::vector<double> &x,
                                                                      const std::vector<double> &g,
                                                                      const std::vector<double> &dy,
                                                                      const std::vector<double> &rstd) {
  const size_t n = g.size(), m = rstd.size();
  std::vector<double> dx(x.size()), dg(n, 0.0);
  for (size_t r = 0; r < m; ++r) {
    double c = 0;
    for (size_t j = 0; j < n; ++j) c += dy[r * n + j] * g[j] * x[r * n + j] * rstd[r];
    c /= static_cast<double>(n);
    for (size_t j = 0; j < n; ++j) {
      dx[r * n + j] = rstd[r] * (dy[r * n + j] * g[j] - x[r * n + j] * rstd[r] * c);
      dg[j] += dy[r * n + j] * x[r * n + j] * rstd[r];
    }
  }
  return {dx, dg};
}

// The training step: our RmsNorm's y and rstd, that rstd unchanged into our RmsNormGrad; against PyTorch's fp32
// autograd of the composite and the float64 one.
class RmsNormCascadeTorch : public ::testing::TestWithParam<Pair> {};

TEST_P(RmsNormCascadeTorch, ForwardThenBackwardAgainstAutograd) {
  const Pair row = GetParam();
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(31337 + 10 * static_cast<int>(row.x) + static_cast<int>(row.gamma));
  for (int c = 0; c < kCases; ++c) {
    size_t k = 1;
    const std::vector<int64_t> shape = RandomShape(rng, c, &k);
    const std::vector<int64_t> gs(shape.end() - static_cast<std::ptrdiff_t>(k), shape.end());
    const double eps = RandomEps(rng, c);
    const std::vector<double> xv = Rounded(row.x, RandomValues(rng, NumelOf(shape), -3, 3));
    const std::vector<double> dyv = Rounded(row.x, RandomValues(rng, NumelOf(shape), -1, 1));
    const std::vector<double> gv = Rounded(row.gamma, RandomValues(rng, NumelOf(gs), -2, 2));
    DeviceTensor x(shape, row.x), g(gs, row.gamma), y(shape, row.x), rstd(StatShape(shape, k), ACL_FLOAT),
        dy(shape, row.x), dx(shape, row.x), dg(gs, ACL_FLOAT);
    x.Fill(xv);
    g.Fill(gv);
    dy.Fill(dyv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnRmsNormGetWorkspaceSize(x.get(), g.get(), eps, y.get(), rstd.get(), &ws, &exec), 0)
        << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnRmsNorm, ws, exec), 0);
    ASSERT_EQ(aclnnRmsNormGradGetWorkspaceSize(dy.get(), x.get(), rstd.get(), g.get(), dx.get(), dg.get(), &ws, &exec),
              0)
        << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnRmsNormGrad, ws, exec), 0);
    const double eps32 = static_cast<float>(eps);
    const auto fwdTheirs = Composite(xv, gv, shape, k, eps32, at::kFloat, row.x);
    const auto fwdRef = Composite(xv, gv, shape, k, eps32, at::kDouble, row.x);
    const auto theirs = Autograd(xv, gv, dyv, shape, k, eps32, at::kFloat, row.x);
    const auto ref = Autograd(xv, gv, dyv, shape, k, eps32, at::kDouble, row.x);
    const std::string label = "case " + std::to_string(c) + " k " + std::to_string(k);
    EXPECT_TRUE(NoWorseThanTorch(y.Read(), fwdTheirs.first, fwdRef.first, row.x)) << "y " << label;
    // Diagnostic only: what the contract's FLOAT rstd costs by itself (the float64 backward, §2.2, fed our rstd).
    const auto fromRstd = GivenRstdBackward(xv, gv, dyv, rstd.Read());
    EXPECT_TRUE(NoWorseThanTorch(dx.Read(), theirs.first, ref.first, row.x))
        << "dx " << label << "; the FLOAT rstd alone costs " << MaxAbsDiff(fromRstd.first, ref.first);
    EXPECT_TRUE(NoWorseThanTorch(dg.Read(), theirs.second, ref.second, ACL_FLOAT))
        << "dgamma " << label << "; the FLOAT rstd alone costs " << MaxAbsDiff(fromRstd.second, ref.second);
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, RmsNormCascadeTorch, ::testing::ValuesIn(kRows), PairName);

}  // namespace
}  // namespace aclcpu_test::rms_norm_torch_test
