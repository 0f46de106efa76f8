// Parity with PyTorch: at::native_group_norm followed by z * sigmoid(s * z) on random problems of
// every dtype row (our max error against float64 no worse than PyTorch's + 1 ulp), and the
// forward -> aclnnGroupNormSwishGrad cascade against PyTorch autograd of the same chain.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "common/torch_convert.h"
#include "group_norm_swish/group_norm_swish_tester.h"

namespace aclcpu_test::group_norm_swish_torch_test {
namespace {

struct TorchForward {
  at::Tensor y, mean, rstd;
};

// GroupNorm + swish in `type` (x, gamma and beta converted to it).
TorchForward TorchGroupNormSwish(const at::Tensor &x, const at::Tensor &gamma, const at::Tensor &beta, int64_t groups,
                                 double eps, bool swish, double scale, at::ScalarType type) {
  const int64_t n = x.size(0), c = x.size(1), hw = x.numel() / std::max<int64_t>(n * c, 1);
  auto result = at::native_group_norm(x.to(type), gamma.to(type), beta.to(type), n, c, hw, groups,
                                      static_cast<double>(static_cast<float>(eps)));
  const at::Tensor z = std::get<0>(result);
  const at::Tensor y = swish ? z * at::sigmoid(z * static_cast<double>(static_cast<float>(scale))) : z;
  return {y, std::get<1>(result), std::get<2>(result)};
}

struct Row {
  aclDataType x, gamma;
};

std::string RowName(const Row &r) {
  return std::string(DTypeLabel(r.x)) + (r.gamma == r.x ? "" : std::string("_gamma_") + DTypeLabel(r.gamma));
}

class GroupNormSwishTorchParity : public ::testing::TestWithParam<Row> {};

TEST_P(GroupNormSwishTorchParity, RandomCases) {
  const Row row = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(777 + 10 * static_cast<int>(row.x) + static_cast<int>(row.gamma));
  const double scales[] = {1.0, 0.5, -1.0, 2.0, 0.0};
  const double epsilons[] = {1e-5, 1e-3, 0.1};
  int ran = 0;
  for (int k = 0; k < 200; ++k) {
    const int rank = 2 + static_cast<int>(rng() % 4);
    const int64_t groups = 1 + static_cast<int64_t>(rng() % 4);
    std::vector<int64_t> shape = {1 + static_cast<int64_t>(rng() % 3), groups * (1 + static_cast<int64_t>(rng() % 6))};
    for (int d = 2; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 40 : 6)));
    GroupNormSwishTester t;
    t.Shape(shape).Groups(groups).DType(row.x).GammaDType(row.gamma).Seed(rng());
    t.Swish(rng() % 4 != 0, scales[rng() % 5]).Eps(epsilons[rng() % 3]);
    if (k % 5 == 4) t.Values(-5, 5);  // the vendor ST's value range
    if (k % 7 == 3) t.XLayout(Layout::Padded(shape.size())).YLayout(Layout::Transposed(shape.size()));
    const GroupNormSwishOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();

    const int64_t c = shape[1];
    const at::Tensor x = ToTorch(t.xValues, shape, row.x);
    const at::Tensor gamma = ToTorch(t.gammaValues, {c}, row.gamma), beta = ToTorch(t.betaValues, {c}, row.gamma);
    // A PyTorch user with mixed dtypes computes in fp32; PyTorch 1.13 lacks some reduced-precision
    // CPU kernels, and then it gets the golden's fp32 too.
    TorchForward theirs;
    const at::ScalarType type = row.x == row.gamma ? TorchType(row.x) : at::kFloat;
    try {
      theirs = TorchGroupNormSwish(x, gamma, beta, groups, t.eps(), t.swish(), t.scale(), type);
    } catch (const std::exception &) {
      theirs = TorchGroupNormSwish(x, gamma, beta, groups, t.eps(), t.swish(), t.scale(), at::kFloat);
    }
    const std::vector<double> y = FromTorch(theirs.y.to(TorchType(row.x)));
    const std::vector<double> mean = FromTorch(theirs.mean.to(TorchType(row.gamma)));
    const std::vector<double> rstd = FromTorch(theirs.rstd.to(TorchType(row.gamma)));
    EXPECT_TRUE(NoWorseThanTorch(ours.y, y, ours.refY, row.x)) << "y case " << k;
    EXPECT_TRUE(NoWorseThanTorch(ours.mean, mean, ours.refMean, row.gamma)) << "mean case " << k;
    EXPECT_TRUE(NoWorseThanTorch(ours.rstd, rstd, ours.refRstd, row.gamma)) << "rstd case " << k;
    ++ran;
  }
  EXPECT_EQ(ran, 200);
}

// Forward then backward on one tensor, as a training step runs them: our forward's y, mean and rstd
// (mean/rstd/gamma/beta cast to x's dtype for the mixed rows, as aclnnGroupNormSwishGrad takes one
// dtype) go unchanged into our aclnnGroupNormSwishGrad. Reference: float64 autograd of
// native_group_norm + z * sigmoid(s z); peer: the same chain in PyTorch in the dtype. Our error may
// exceed PyTorch's by one ulp plus what the contract's statistics cost by themselves (the float64
// backward fed our stored mean/rstd): PyTorch's autograd keeps fp32 statistics for 16-bit tensors,
// while the vendor's GroupNormSwishGrad takes them in x's dtype (8 or 11 bits).
TEST_P(GroupNormSwishTorchParity, CascadeIntoGroupNormSwishGrad) {
  const Row row = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(4321 + 10 * static_cast<int>(row.x) + static_cast<int>(row.gamma));
  const double scales[] = {1.0, 0.5, -1.0, 2.0};
  for (int k = 0; k < 60; ++k) {
    const int rank = 2 + static_cast<int>(rng() % 3);
    const int64_t groups = 1 + static_cast<int64_t>(rng() % 4);
    std::vector<int64_t> shape = {1 + static_cast<int64_t>(rng() % 3), groups * (1 + static_cast<int64_t>(rng() % 5))};
    for (int d = 2; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % 30));
    const int64_t n = shape[0], c = shape[1], numel = NumelOf(shape);
    const double s = scales[rng() % 4], eps = 1e-5;
    std::vector<double> xv = RandomValues(rng, numel, -3, 3), dyv = RandomValues(rng, numel, -1, 1);
    std::vector<double> gv = RandomValues(rng, c, -2, 2), bv = RandomValues(rng, c, -1, 1);
    for (double &v : xv) v = RoundTo(row.x, v);
    for (double &v : dyv) v = RoundTo(row.x, v);
    for (double &v : gv) v = RoundTo(row.gamma, v);
    for (double &v : bv) v = RoundTo(row.gamma, v);

    // Ours: forward.
    DeviceTensor x(shape, row.x), gamma({c}, row.gamma), beta({c}, row.gamma), y(shape, row.x);
    DeviceTensor mean({n, groups}, row.gamma), rstd({n, groups}, row.gamma);
    x.Fill(xv);
    gamma.Fill(gv);
    beta.Fill(bv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnGroupNormSwishGetWorkspaceSize(x.get(), gamma.get(), beta.get(), groups, nullptr, eps, true, s,
                                                  y.get(), mean.get(), rstd.get(), &ws, &exec),
              0);
    ASSERT_EQ(RunPhase2(aclnnGroupNormSwish, ws, exec), 0);
    // Ours: backward on the forward's outputs (the mixed rows' cast to x's dtype).
    const bool mixed = row.gamma != row.x;
    DeviceTensor meanX({n, groups}, row.x), rstdX({n, groups}, row.x), gammaX({c}, row.x), betaX({c}, row.x);
    if (mixed) {
      auto cast = [&](const std::vector<double> &v) {
        std::vector<double> r(v);
        for (double &e : r) e = RoundTo(row.x, e);
        return r;
      };
      meanX.Fill(cast(mean.Read()));
      rstdX.Fill(cast(rstd.Read()));
      gammaX.Fill(cast(gv));
      betaX.Fill(cast(bv));
    }
    DeviceTensor dy(shape, row.x), dx(shape, row.x), dgamma({c}, row.x), dbeta({c}, row.x);
    dy.Fill(dyv);
    ASSERT_EQ(aclnnGroupNormSwishGradGetWorkspaceSize(
                  dy.get(), (mixed ? meanX : mean).get(), (mixed ? rstdX : rstd).get(), x.get(),
                  (mixed ? gammaX : gamma).get(), (mixed ? betaX : beta).get(), groups, nullptr, s, true, true,
                  dx.get(), dgamma.get(), dbeta.get(), &ws, &exec),
              0)
        << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnGroupNormSwishGrad, ws, exec), 0);

    // PyTorch autograd: float64 reference and the peer in the dtype (fp32 where 1.13 lacks it).
    auto chain = [&](at::ScalarType type) {
      at::Tensor xt = ToTorch(xv, shape, ACL_DOUBLE).to(type).requires_grad_(true);
      at::Tensor gt = ToTorch(gv, {c}, ACL_DOUBLE).to(type).requires_grad_(true);
      at::Tensor bt = ToTorch(bv, {c}, ACL_DOUBLE).to(type).requires_grad_(true);
      const at::Tensor z = std::get<0>(at::native_group_norm(xt, gt, bt, n, c, numel / (n * c), groups, eps));
      const at::Tensor out = z * at::sigmoid(z * static_cast<double>(static_cast<float>(s)));
      out.backward(ToTorch(dyv, shape, ACL_DOUBLE).to(type));
      const auto back = TorchType(row.x);
      return std::vector<std::vector<double>>{FromTorch(out.detach().to(back)), FromTorch(xt.grad().to(back)),
                                              FromTorch(gt.grad().to(back)), FromTorch(bt.grad().to(back))};
    };
    auto exact = [&] {
      at::Tensor xt = ToTorch(xv, shape, ACL_DOUBLE).requires_grad_(true);
      at::Tensor gt = ToTorch(gv, {c}, ACL_DOUBLE).requires_grad_(true);
      at::Tensor bt = ToTorch(bv, {c}, ACL_DOUBLE).requires_grad_(true);
      const at::Tensor z = std::get<0>(at::native_group_norm(xt, gt, bt, n, c, numel / (n * c), groups,
                                                             static_cast<double>(static_cast<float>(eps))));
      const at::Tensor out = z * at::sigmoid(z * static_cast<double>(static_cast<float>(s)));
      out.backward(ToTorch(dyv, shape, ACL_DOUBLE));
      return std::vector<std::vector<double>>{FromTorch(out.detach()), FromTorch(xt.grad()), FromTorch(gt.grad()),
                                              FromTorch(bt.grad())};
    }();
    std::vector<std::vector<double>> peer;
    try {
      peer = chain(mixed ? at::kFloat : TorchType(row.x));
    } catch (const std::exception &) {
      peer = chain(at::kFloat);
    }
    // What the contract's inputs cost by themselves: the float64 backward given what our backward
    // got (stored mean/rstd; for the mixed rows those and gamma/beta cast to x's dtype), against the
    // exact chain.
    const std::vector<double> statMean = (mixed ? meanX : mean).Read(), statRstd = (mixed ? rstdX : rstd).Read();
    const std::vector<double> usedGamma = (mixed ? gammaX : gamma).Read(), usedBeta = (mixed ? betaX : beta).Read();
    const std::vector<std::vector<double>> fromStats = [&] {
      const at::Tensor xt = ToTorch(xv, shape, ACL_DOUBLE), gt = ToTorch(usedGamma, {c}, ACL_DOUBLE);
      const at::Tensor bt = ToTorch(usedBeta, {c}, ACL_DOUBLE);
      const at::Tensor m = ToTorch(statMean, {n, groups}, ACL_DOUBLE), r = ToTorch(statRstd, {n, groups}, ACL_DOUBLE);
      std::vector<int64_t> channelShape(shape.size(), 1);
      channelShape[1] = c;
      const at::Tensor xhat = ((xt.reshape({n, groups, -1}) - m.unsqueeze(-1)) * r.unsqueeze(-1)).reshape(shape);
      at::Tensor z = (xhat * gt.reshape(channelShape) + bt.reshape(channelShape)).detach().requires_grad_(true);
      const at::Tensor out = z * at::sigmoid(z * static_cast<double>(static_cast<float>(s)));
      out.backward(ToTorch(dyv, shape, ACL_DOUBLE));
      auto g =
          at::native_group_norm_backward(z.grad(), xt, m, r, gt, n, c, numel / (n * c), groups, {true, true, true});
      return std::vector<std::vector<double>>{exact[0], FromTorch(std::get<0>(g)), FromTorch(std::get<1>(g)),
                                              FromTorch(std::get<2>(g))};
    }();
    const std::vector<double> mine[4] = {y.Read(), dx.Read(), dgamma.Read(), dbeta.Read()};
    const char *names[4] = {"y", "dx", "dgamma", "dbeta"};
    for (size_t o = 0; o < 4; ++o) {
      const double ours = MaxAbsDiff(mine[o], exact[o]), torch = MaxAbsDiff(peer[o], exact[o]);
      // One ulp at the larger of the exact result and the one the backward was asked for.
      const double stats = MaxAbsDiff(fromStats[o], exact[o]);
      const double ulp = UlpAt(row.x, std::max(MaxAbs(exact[o]), MaxAbs(fromStats[o])));
      EXPECT_LE(ours, torch + stats + ulp)
          << names[o] << " case " << k << " rank " << shape.size() << " G " << groups << " s " << s
          << ": PyTorch's error " << torch << ", the contract's inputs' " << stats << ", 1 ulp " << ulp;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Rows, GroupNormSwishTorchParity,
                         ::testing::Values(Row{ACL_FLOAT, ACL_FLOAT}, Row{ACL_FLOAT16, ACL_FLOAT16},
                                           Row{ACL_BF16, ACL_BF16}, Row{ACL_FLOAT16, ACL_FLOAT},
                                           Row{ACL_BF16, ACL_FLOAT}),
                         [](const ::testing::TestParamInfo<Row> &info) { return RowName(info.param); });

}  // namespace
}  // namespace aclcpu_test::group_norm_swish_torch_test
