// Parity with PyTorch on random problems: the swish gradient through libtorch autograd of
// z * sigmoid(s * z), with z the GroupNorm output built from the given statistics, then
// at::native_group_norm_backward. On the same inputs our max error against float64 must not
// exceed PyTorch's by more than one ulp of the output dtype.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "common/torch_convert.h"
#include "group_norm_swish_grad/group_norm_swish_grad_tester.h"

namespace aclcpu_test::group_norm_swish_grad_torch_test {
namespace {

struct TorchResult {
  std::vector<double> dx, dgamma, dbeta;
};

// PyTorch's GN + swish backward in `type` (fp32 when PyTorch lacks the kernel: the vendor golden's
// choice), results cast back to the tester's dtype.
TorchResult TorchGroupNormSwishGrad(const GroupNormSwishGradTester &t, at::ScalarType type) {
  const std::vector<int64_t> &shape = t.shape();
  const int64_t n = shape[0], c = shape[1], g = t.groups(), hw = NumelOf(shape) / (n * c);
  const aclDataType dt = t.dtype();
  auto as = [&](const std::vector<double> &v, const std::vector<int64_t> &s) { return ToTorch(v, s, dt).to(type); };
  const at::Tensor x = as(t.xValues, shape), dy = as(t.dyValues, shape);
  const at::Tensor mean = as(t.meanValues, {n, g}), rstd = as(t.rstdValues, {n, g});
  const at::Tensor gamma = as(t.gammaValues, {c}), beta = as(t.betaValues, {c});
  std::vector<int64_t> channelShape(shape.size(), 1);
  channelShape[1] = c;
  const at::Tensor xhat = ((x.reshape({n, g, -1}) - mean.unsqueeze(-1)) * rstd.unsqueeze(-1)).reshape(shape);
  at::Tensor z = (xhat * gamma.reshape(channelShape) + beta.reshape(channelShape)).detach().requires_grad_(true);
  const at::Tensor y = z * at::sigmoid(z * static_cast<float>(t.scale()));
  y.backward(dy);
  const at::Tensor dz = z.grad().detach();
  auto result = at::native_group_norm_backward(dz, x, mean, rstd, gamma, n, c, hw, g, {true, true, true});
  const auto back = TorchType(dt);
  return {FromTorch(std::get<0>(result).to(back)), FromTorch(std::get<1>(result).to(back)),
          FromTorch(std::get<2>(result).to(back))};
}

class GroupNormSwishGradTorchParity : public ::testing::TestWithParam<aclDataType> {};

TEST_P(GroupNormSwishGradTorchParity, RandomCases) {
  const aclDataType dtype = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(4242 + static_cast<int>(dtype));
  const double scales[] = {0.1, 1.0, 2.0, -0.5};
  int ran = 0;
  for (int k = 0; k < 200; ++k) {
    const int rank = 2 + static_cast<int>(rng() % 4);
    const int64_t groups = 1 + static_cast<int64_t>(rng() % 4);
    std::vector<int64_t> shape = {1 + static_cast<int64_t>(rng() % 3), groups * (1 + static_cast<int64_t>(rng() % 6))};
    for (int d = 2; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 40 : 6)));
    GroupNormSwishGradTester t;
    t.Shape(shape).Groups(groups).DType(dtype).Scale(scales[rng() % 4]).Seed(rng());
    if (k % 5 == 4) t.Values(-5, 5).RandomStats(true);  // the vendor ST's value ranges
    const GroupNormSwishGradOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();

    // PyTorch 1.13 lacks some reduced-precision CPU kernels here; then it gets the golden's fp32.
    TorchResult theirs;
    try {
      theirs = TorchGroupNormSwishGrad(t, TorchType(dtype));
    } catch (const std::exception &) {
      theirs = TorchGroupNormSwishGrad(t, at::kFloat);
    }
    const std::vector<double> *refs[3] = {&ours.refDx, &ours.refDgamma, &ours.refDbeta};
    const std::vector<double> *mine[3] = {&ours.dx, &ours.dgamma, &ours.dbeta};
    const std::vector<double> *torch[3] = {&theirs.dx, &theirs.dgamma, &theirs.dbeta};
    const char *names[3] = {"dx", "dgamma", "dbeta"};
    for (int o = 0; o < 3; ++o) {
      EXPECT_TRUE(NoWorseThanTorch(*mine[o], *torch[o], *refs[o], dtype))
          << names[o] << " case " << k << " rank " << rank << " G " << groups << " s " << t.scale();
    }
    ++ran;
  }
  EXPECT_EQ(ran, 200);
}

INSTANTIATE_TEST_SUITE_P(Dtypes, GroupNormSwishGradTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::group_norm_swish_grad_torch_test
