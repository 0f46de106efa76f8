// Parity with PyTorch (docs/ops/group_norm.md §4 item 8): at::native_group_norm (then z * sigmoid(z) for
// aclnnGroupNormSilu) on random FLOAT problems, gamma/beta sometimes null. Reference: the same ATen call in float64
// on the same (fp32) inputs with eps narrowed to float as the op does. Rule: our max error against it on out, mean
// and rstd is no worse than PyTorch's fp32 error plus one fp32 ulp (NoWorseThanTorch).
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <string>
#include <tuple>
#include <vector>

#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_silu.h"
#include "common/test_tensor.h"
#include "common/torch_convert.h"

namespace aclcpu_test::group_norm_torch_test {
namespace {

struct Result {
  std::vector<double> out, mean, rstd;
};

Result TorchGroupNorm(const at::Tensor &x, const c10::optional<at::Tensor> &gamma,
                      const c10::optional<at::Tensor> &beta, int64_t groups, double eps, bool silu,
                      at::ScalarType type) {
  const int64_t n = x.size(0), c = x.size(1), hw = x.numel() / (n * c);
  auto cast = [type](const c10::optional<at::Tensor> &t) {
    return t.has_value() ? c10::optional<at::Tensor>(t->to(type)) : c10::optional<at::Tensor>();
  };
  auto result = at::native_group_norm(x.to(type), cast(gamma), cast(beta), n, c, hw, groups, eps);
  const at::Tensor z = std::get<0>(result);
  return {FromTorch(silu ? z * at::sigmoid(z) : z), FromTorch(std::get<1>(result)), FromTorch(std::get<2>(result))};
}

TEST(GroupNormTorchParity, RandomFloatCasesNoWorseThanPyTorch) {
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(4242);
  const double epsilons[] = {1e-5, 1e-6, 1e-3, 0.1};
  int ran = 0;
  for (int k = 0; k < 100; ++k) {
    const bool silu = k % 2 == 1;
    const int rank = 2 + static_cast<int>(rng() % 4);
    const int64_t groups = 1 + static_cast<int64_t>(rng() % 4);
    std::vector<int64_t> shape = {1 + static_cast<int64_t>(rng() % 3), groups * (1 + static_cast<int64_t>(rng() % 6))};
    for (int d = 2; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 40 : 6)));
    const int64_t n = shape[0], c = shape[1], hw = NumelOf(shape) / (n * c);
    const bool withGamma = k % 5 != 3, withBeta = k % 7 != 5;
    const double eps = epsilons[rng() % 4];
    const double lo = k % 3 == 0 ? -5 : -1, hi = k % 3 == 0 ? 5 : 3;  // sometimes a mean away from zero

    std::vector<double> xv = RandomValues(rng, NumelOf(shape), lo, hi), gv = RandomValues(rng, c, -2, 2),
                        bv = RandomValues(rng, c, -1, 1);
    for (std::vector<double> *v : {&xv, &gv, &bv})
      for (double &e : *v) e = RoundTo(ACL_FLOAT, e);
    DeviceTensor x(shape, ACL_FLOAT), gamma({c}, ACL_FLOAT), beta({c}, ACL_FLOAT), out(shape, ACL_FLOAT),
        mean({n, groups}, ACL_FLOAT), rstd({n, groups}, ACL_FLOAT);
    x.Fill(xv);
    gamma.Fill(gv);
    beta.Fill(bv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    aclTensor *g = withGamma ? gamma.get() : nullptr, *b = withBeta ? beta.get() : nullptr;
    const aclnnStatus status = silu ? aclnnGroupNormSiluGetWorkspaceSize(x.get(), g, b, groups, eps, out.get(),
                                                                         mean.get(), rstd.get(), &ws, &exec)
                                    : aclnnGroupNormGetWorkspaceSize(x.get(), g, b, n, c, hw, groups, eps, out.get(),
                                                                     mean.get(), rstd.get(), &ws, &exec);
    ASSERT_EQ(status, 0) << "case " << k << ": " << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(silu ? aclnnGroupNormSilu : aclnnGroupNorm, ws, exec), 0) << "case " << k;
    const Result ours{out.Read(), mean.Read(), rstd.Read()};

    const at::Tensor xt = ToTorch(xv, shape, ACL_FLOAT);
    const c10::optional<at::Tensor> gt =
        withGamma ? c10::optional<at::Tensor>(ToTorch(gv, {c}, ACL_FLOAT)) : c10::optional<at::Tensor>();
    const c10::optional<at::Tensor> bt =
        withBeta ? c10::optional<at::Tensor>(ToTorch(bv, {c}, ACL_FLOAT)) : c10::optional<at::Tensor>();
    const double eps32 = static_cast<float>(eps);  // the op narrows eps to float; so does the reference
    const Result theirs = TorchGroupNorm(xt, gt, bt, groups, eps32, silu, at::kFloat);
    const Result ref = TorchGroupNorm(xt, gt, bt, groups, eps32, silu, at::kDouble);
    const std::string label = std::string(silu ? "GroupNormSilu" : "GroupNorm") + " case " + std::to_string(k);
    EXPECT_TRUE(NoWorseThanTorch(ours.out, theirs.out, ref.out, ACL_FLOAT)) << label << " out";
    EXPECT_TRUE(NoWorseThanTorch(ours.mean, theirs.mean, ref.mean, ACL_FLOAT)) << label << " mean";
    EXPECT_TRUE(NoWorseThanTorch(ours.rstd, theirs.rstd, ref.rstd, ACL_FLOAT)) << label << " rstd";
    ++ran;
  }
  EXPECT_EQ(ran, 100);
}

}  // namespace
}  // namespace aclcpu_test::group_norm_torch_test
