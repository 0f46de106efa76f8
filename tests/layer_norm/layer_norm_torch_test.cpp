// Parity with PyTorch: aclnnLayerNorm against at::native_layer_norm on random problems (our max
// error against float64 must not exceed PyTorch's by more than one ulp of the output dtype), and
// the layer step: our forward's mean/rstd fed unchanged into our aclnnLayerNormBackward, against
// PyTorch autograd (at::native_layer_norm + at::native_layer_norm_backward) on the same inputs.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "aclnnop/aclnn_layer_norm_backward.h"
#include "common/torch_convert.h"
#include "layer_norm/layer_norm_tester.h"

namespace aclcpu_test::layer_norm_torch_test {
namespace {

// PyTorch 1.13 has no Half LayerNorm kernel on CPU: for f16 it gets what the vendor's golden does
// (inputs upcast to fp32, results cast back).
aclDataType TorchComputeType(aclDataType t) { return t == ACL_FLOAT16 ? ACL_FLOAT : t; }

at::Tensor Cast(const at::Tensor &t, aclDataType to) { return t.to(TorchType(to)); }

std::vector<int64_t> RandomShape(std::mt19937_64 &rng, int c, size_t *k) {
  const int rank = 1 + static_cast<int>(rng() % 4);
  std::vector<int64_t> shape;
  for (int d = 0; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 300 : 9)));
  *k = 1 + rng() % static_cast<size_t>(rank);
  if (c % 10 == 9) {  // many short rows
    shape = {512 + static_cast<int64_t>(rng() % 2048), 1 + static_cast<int64_t>(rng() % 70)};
    *k = 1;
  }
  return shape;
}

class LayerNormTorchParity : public ::testing::TestWithParam<aclDataType> {};

TEST_P(LayerNormTorchParity, RandomCases) {
  const aclDataType dtype = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(4242 + static_cast<int>(dtype));
  int ran = 0;
  for (int c = 0; c < 200; ++c) {
    size_t k = 1;
    const std::vector<int64_t> shape = RandomShape(rng, c, &k);
    const bool weight = rng() % 4 != 0, bias = rng() % 4 != 0;
    const double eps = c % 3 == 0 ? 1e-5 : std::ldexp(1.0, -static_cast<int>(rng() % 40));
    const double shift = c % 7 == 3 ? 50.0 : 0.0;  // some rows with a mean far above their spread
    LayerNormTester t;
    t.Shape(shape)
        .NormDims(k)
        .InputDType(dtype)
        .StatDType(dtype)
        .Optionals(weight, bias, true, true)
        .Eps(eps)
        .Values(shift - 3, shift + 3)
        .Seed(rng());
    const LayerNormOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();

    const std::vector<int64_t> ns(shape.end() - static_cast<long>(k), shape.end());
    const aclDataType tt = TorchComputeType(dtype);
    const at::Tensor w = weight ? ToTorch(t.weightValues, ns, tt) : at::Tensor();
    const at::Tensor b = bias ? ToTorch(t.biasValues, ns, tt) : at::Tensor();
    auto result = at::native_layer_norm(ToTorch(t.xValues, shape, tt), ns, w, b, eps);
    const std::vector<double> theirs[3] = {FromTorch(Cast(std::get<0>(result), dtype)),
                                           FromTorch(Cast(std::get<1>(result), dtype)),
                                           FromTorch(Cast(std::get<2>(result), dtype))};
    const std::vector<double> *mine[3] = {&ours.y, &ours.mean, &ours.rstd};
    const std::vector<double> *refs[3] = {&ours.refY, &ours.refMean, &ours.refRstd};
    const char *names[3] = {"out", "mean", "rstd"};
    for (int o = 0; o < 3; ++o) {
      EXPECT_TRUE(NoWorseThanTorch(*mine[o], theirs[o], *refs[o], dtype))
          << names[o] << " case " << c << " rank " << shape.size() << " k " << k << " eps " << eps;
    }
    ++ran;
  }
  EXPECT_EQ(ran, 200);
}

INSTANTIATE_TEST_SUITE_P(Dtypes, LayerNormTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

// ---- The layer step: forward then backward ------------------------------------------------------

struct Cascade {
  std::vector<double> dx, dw, db;           // ours
  std::vector<double> refDx, refDw, refDb;  // float64 chain
};

// Our forward into mean/rstd tensors of `statType`, those same tensors into our backward.
Cascade RunOurs(const std::vector<int64_t> &shape, size_t k, aclDataType dtype, aclDataType statType, bool weight,
                double eps, const std::vector<double> &xv, const std::vector<double> &wv, const std::vector<double> &bv,
                const std::vector<double> &dyv) {
  const std::vector<int64_t> ns(shape.end() - static_cast<long>(k), shape.end());
  std::vector<int64_t> statShape(shape.begin(), shape.end() - static_cast<long>(k));
  statShape.resize(shape.size(), 1);
  DeviceTensor x(shape, dtype), w(ns, dtype), b(ns, dtype), y(shape, dtype), mean(statShape, statType),
      rstd(statShape, statType);
  DeviceTensor dy(shape, dtype), dx(shape, dtype), dw(ns, dtype), db(ns, dtype);
  x.Fill(xv);
  w.Fill(wv);
  b.Fill(bv);
  dy.Fill(dyv);
  std::unique_ptr<aclIntArray, aclnnStatus (*)(const aclIntArray *)> nsArray(aclCreateIntArray(ns.data(), ns.size()),
                                                                             aclDestroyIntArray);
  const bool maskValues[3] = {true, true, true};
  std::unique_ptr<aclBoolArray, aclnnStatus (*)(const aclBoolArray *)> mask(aclCreateBoolArray(maskValues, 3),
                                                                            aclDestroyBoolArray);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  EXPECT_EQ(aclnnLayerNormGetWorkspaceSize(x.get(), nsArray.get(), weight ? w.get() : nullptr, b.get(), eps, y.get(),
                                           mean.get(), rstd.get(), &ws, &exec),
            0)
      << aclGetRecentErrMsg();
  EXPECT_EQ(RunPhase2(aclnnLayerNorm, ws, exec), 0);
  EXPECT_EQ(aclnnLayerNormBackwardGetWorkspaceSize(dy.get(), x.get(), nsArray.get(), mean.get(), rstd.get(),
                                                   weight ? w.get() : nullptr, b.get(), mask.get(), dx.get(), dw.get(),
                                                   db.get(), &ws, &exec),
            0)
      << aclGetRecentErrMsg();
  EXPECT_EQ(RunPhase2(aclnnLayerNormBackward, ws, exec), 0);
  Cascade c;
  c.dx = dx.Read();
  c.dw = dw.Read();
  c.db = db.Read();
  return c;
}

// The float64 chain: exact statistics of x, then the backward formulas.
void Reference(int64_t m, int64_t n, double eps, const std::vector<double> &xv, const std::vector<double> &wv,
               const std::vector<double> &dyv, Cascade *c) {
  c->refDx.assign(static_cast<size_t>(m * n), 0);
  c->refDw.assign(static_cast<size_t>(n), 0);
  c->refDb.assign(static_cast<size_t>(n), 0);
  for (int64_t r = 0; r < m; ++r) {
    long double s = 0, s2 = 0;
    for (int64_t j = 0; j < n; ++j) s += xv[r * n + j];
    const double mu = static_cast<double>(s / n);
    for (int64_t j = 0; j < n; ++j) s2 += (xv[r * n + j] - mu) * (xv[r * n + j] - mu);
    const double rs = 1.0 / std::sqrt(static_cast<double>(s2 / n) + static_cast<float>(eps));
    double sumG = 0, sumGX = 0;
    for (int64_t j = 0; j < n; ++j) {
      const double xh = (xv[r * n + j] - mu) * rs, g = dyv[r * n + j] * wv[j];
      sumG += g;
      sumGX += g * xh;
      c->refDw[j] += dyv[r * n + j] * xh;
      c->refDb[j] += dyv[r * n + j];
    }
    for (int64_t j = 0; j < n; ++j) {
      const double xh = (xv[r * n + j] - mu) * rs, g = dyv[r * n + j] * wv[j];
      c->refDx[r * n + j] = rs * (g - xh * sumGX / n - sumG / n);
    }
  }
}

class LayerNormCascadeTorch : public ::testing::TestWithParam<aclDataType> {};

TEST_P(LayerNormCascadeTorch, ForwardThenBackwardAgainstAutograd) {
  const aclDataType dtype = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(777 + static_cast<int>(dtype));
  auto rounded = [dtype](std::vector<double> v) {
    for (double &e : v) e = RoundTo(dtype, e);
    return v;
  };
  for (int c = 0; c < 60; ++c) {
    size_t k = 1;
    const std::vector<int64_t> shape = RandomShape(rng, c, &k);
    const std::vector<int64_t> ns(shape.end() - static_cast<long>(k), shape.end());
    const int64_t n = NumelOf(ns), m = NumelOf(shape) / n;
    const bool weight = rng() % 4 != 0;
    // Statistics as PyTorch keeps them (its own dtype; FLOAT for f16, which it computes in fp32),
    // or FLOAT as norm-forward.md §1.15 advises. (f16 statistics of short rows are far less exact
    // than fp32 ones: a 2-element row's mean rounded to f16 moves xhat by up to rstd * 2^-12 |mean|.)
    const aclDataType statType = c % 2 == 0 ? ACL_FLOAT : TorchComputeType(dtype);
    const double eps = 1e-5;
    const auto xv = rounded(RandomValues(rng, m * n, -3, 3));
    const auto wv = weight ? rounded(RandomValues(rng, n, -2, 2)) : std::vector<double>(n, 1.0);
    const auto bv = rounded(RandomValues(rng, n, -1, 1));
    const auto dyv = rounded(RandomValues(rng, m * n, -1, 1));
    Cascade ours = RunOurs(shape, k, dtype, statType, weight, eps, xv, wv, bv, dyv);
    Reference(m, n, eps, xv, wv, dyv, &ours);

    const aclDataType tt = TorchComputeType(dtype);
    const at::Tensor x = ToTorch(xv, shape, tt), w = ToTorch(wv, ns, tt), b = ToTorch(bv, ns, tt);
    auto fwd = at::native_layer_norm(x, ns, w, b, eps);
    auto bwd = at::native_layer_norm_backward(ToTorch(dyv, shape, tt), x, ns, std::get<1>(fwd), std::get<2>(fwd), w, b,
                                              {true, true, true});
    const std::vector<double> theirs[3] = {FromTorch(Cast(std::get<0>(bwd), dtype)),
                                           FromTorch(Cast(std::get<1>(bwd), dtype)),
                                           FromTorch(Cast(std::get<2>(bwd), dtype))};
    const std::vector<double> *mine[3] = {&ours.dx, &ours.dw, &ours.db};
    const std::vector<double> *refs[3] = {&ours.refDx, &ours.refDw, &ours.refDb};
    const char *names[3] = {"dx", "dgamma", "dbeta"};
    for (int o = 0; o < 3; ++o) {
      EXPECT_TRUE(NoWorseThanTorch(*mine[o], theirs[o], *refs[o], dtype))
          << names[o] << " case " << c << " rank " << shape.size() << " k " << k << " stats " << DTypeLabel(statType);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, LayerNormCascadeTorch, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::layer_norm_torch_test
