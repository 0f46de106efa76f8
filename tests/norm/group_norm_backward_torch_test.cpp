// Parity with PyTorch (docs/ops/group_norm.md §4 item 8): at::native_group_norm_backward with the statistics taken
// as given, on random SD-UNet-like and odd shapes, every dtype, gamma sometimes null, every outputMask; then the
// training cascade aclnnGroupNorm -> aclnnGroupNormBackward against PyTorch autograd of group_norm. Reference: the
// same ATen calls in float64 on the same (rounded) inputs. Rule: our max error against it on each output is no worse
// than PyTorch's plus one ulp of the dtype (NoWorseThanTorch).
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <array>
#include <string>
#include <tuple>
#include <vector>

#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_backward.h"
#include "common/test_tensor.h"
#include "common/torch_convert.h"

namespace aclcpu_test::group_norm_backward_torch_test {
namespace {

struct Grads {
  std::vector<double> dx, dgamma, dbeta;
};

// native_group_norm_backward in `type`. PyTorch 1.13's CPU kernel has no FLOAT16 (and, depending on the build, no
// BF16) path: then its answer is the fp32 computation rounded to the dtype, what a caller upcasting would get.
Grads TorchBackward(const at::Tensor &dy, const at::Tensor &x, const at::Tensor &mean, const at::Tensor &rstd,
                    const c10::optional<at::Tensor> &gamma, int64_t n, int64_t c, int64_t hw, int64_t groups,
                    at::ScalarType type, std::array<bool, 3> mask) {
  auto run = [&](at::ScalarType t) {
    // PyTorch 1.13 needs a gamma for gradGamma/gradBeta (it shapes them like it): ones, what a null gamma means.
    const at::Tensor g = gamma.has_value() ? gamma->to(t) : at::ones({c}, at::TensorOptions().dtype(t));
    return at::native_group_norm_backward(dy.to(t), x.to(t), mean.to(t), rstd.to(t), g, n, c, hw, groups, mask);
  };
  std::tuple<at::Tensor, at::Tensor, at::Tensor> r;
  try {
    r = run(type);
  } catch (const c10::Error &) {
    r = run(at::kFloat);
    r = {std::get<0>(r).defined() ? std::get<0>(r).to(type) : at::Tensor(),
         std::get<1>(r).defined() ? std::get<1>(r).to(type) : at::Tensor(),
         std::get<2>(r).defined() ? std::get<2>(r).to(type) : at::Tensor()};
  }
  auto values = [](const at::Tensor &t) { return t.defined() ? FromTorch(t) : std::vector<double>(); };
  return {values(std::get<0>(r)), values(std::get<1>(r)), values(std::get<2>(r))};
}

struct Problem {
  std::vector<int64_t> shape;
  int64_t groups;
};

TEST(GroupNormBackwardTorchParity, RandomShapesEveryDtypeNoWorseThanPyTorch) {
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(2718);
  const Problem fixed[] = {{{2, 320, 16, 16}, 32}, {{2, 640, 8, 8}, 32}, {{4, 1280, 8, 8}, 32}, {{2, 320, 32, 32}, 32}};
  const aclDataType dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  int ran = 0;
  for (int k = 0; k < 60; ++k) {
    Problem p;
    if (k < 12) {
      p = fixed[k % 4];
    } else {  // odd shapes: ranks 2-5, planes that are no multiple of a vector
      const int rank = 2 + static_cast<int>(rng() % 4);
      p.groups = 1 + static_cast<int64_t>(rng() % 5);
      p.shape = {1 + static_cast<int64_t>(rng() % 3), p.groups * (1 + static_cast<int64_t>(rng() % 7))};
      for (int d = 2; d < rank; ++d) p.shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 45 : 5)));
    }
    const aclDataType t = dtypes[k % 3];
    const int64_t n = p.shape[0], c = p.shape[1], hw = NumelOf(p.shape) / (n * c);
    const bool withGamma = k % 5 != 2;
    const std::array<bool, 3> mask = k % 7 == 6   ? std::array<bool, 3>{false, true, true}
                                     : k % 7 == 5 ? std::array<bool, 3>{true, false, false}
                                                  : std::array<bool, 3>{true, true, true};
    auto rounded = [&](std::vector<double> v) {
      for (double &e : v) e = RoundTo(t, e);
      return v;
    };
    const std::vector<double> xv = rounded(RandomValues(rng, NumelOf(p.shape), -2, 4)),
                              dyv = rounded(RandomValues(rng, NumelOf(p.shape), -1, 1)),
                              gv = rounded(RandomValues(rng, c, -2, 2));
    // The statistics a forward pass in this dtype saves: float64 ones rounded to it.
    const at::Tensor xt = ToTorch(xv, p.shape, ACL_DOUBLE);
    const auto fwd = at::native_group_norm(xt, {}, {}, n, c, hw, p.groups, 1e-5);
    const std::vector<double> meanv = rounded(FromTorch(std::get<1>(fwd))),
                              rstdv = rounded(FromTorch(std::get<2>(fwd)));

    DeviceTensor dy(p.shape, t), x(p.shape, t), mean({n, p.groups}, t), rstd({n, p.groups}, t), gamma({c}, t),
        dx(p.shape, t), dgamma({c}, t), dbeta({c}, t);
    dy.Fill(dyv);
    x.Fill(xv);
    mean.Fill(meanv);
    rstd.Fill(rstdv);
    gamma.Fill(gv);
    const bool maskValues[3] = {mask[0], mask[1], mask[2]};
    aclBoolArray *maskArray = aclCreateBoolArray(maskValues, 3);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnGroupNormBackwardGetWorkspaceSize(dy.get(), x.get(), mean.get(), rstd.get(),
                                                     withGamma ? gamma.get() : nullptr, n, c, hw, p.groups, maskArray,
                                                     dx.get(), dgamma.get(), dbeta.get(), &ws, &exec),
              0)
        << "case " << k << ": " << aclGetRecentErrMsg();
    aclDestroyBoolArray(maskArray);
    ASSERT_EQ(RunPhase2(aclnnGroupNormBackward, ws, exec), 0) << "case " << k;
    const Grads ours{dx.Read(), dgamma.Read(), dbeta.Read()};

    const at::Tensor dyt = ToTorch(dyv, p.shape, ACL_DOUBLE), meant = ToTorch(meanv, {n, p.groups}, ACL_DOUBLE),
                     rstdt = ToTorch(rstdv, {n, p.groups}, ACL_DOUBLE);
    const c10::optional<at::Tensor> gt =
        withGamma ? c10::optional<at::Tensor>(ToTorch(gv, {c}, ACL_DOUBLE)) : c10::optional<at::Tensor>();
    const Grads theirs = TorchBackward(dyt, xt, meant, rstdt, gt, n, c, hw, p.groups, TorchType(t), mask);
    const Grads ref = TorchBackward(dyt, xt, meant, rstdt, gt, n, c, hw, p.groups, at::kDouble, mask);
    const std::string label = std::string(DTypeLabel(t)) + " case " + std::to_string(k);
    if (mask[0]) EXPECT_TRUE(NoWorseThanTorch(ours.dx, theirs.dx, ref.dx, t)) << label << " gradInput";
    if (mask[1]) EXPECT_TRUE(NoWorseThanTorch(ours.dgamma, theirs.dgamma, ref.dgamma, t)) << label << " gradGamma";
    if (mask[2]) EXPECT_TRUE(NoWorseThanTorch(ours.dbeta, theirs.dbeta, ref.dbeta, t)) << label << " gradBeta";
    ++ran;
  }
  EXPECT_EQ(ran, 60);
}

// Training cascade in FLOAT: our GroupNorm forward saves mean/rstd, our GroupNormBackward takes them; against
// PyTorch autograd of group_norm in fp32 and, as the reference, in float64.
TEST(GroupNormBackwardTorchParity, ForwardThenBackwardCascadeMatchesAutograd) {
  aclInit(nullptr);
  at::set_num_threads(2);
  std::mt19937_64 rng(31415);
  const Problem problems[] = {{{2, 320, 16, 16}, 32}, {{2, 6, 7, 5}, 3}, {{3, 64, 9}, 8}, {{1, 4, 33}, 1}};
  for (const Problem &p : problems) {
    const int64_t n = p.shape[0], c = p.shape[1], hw = NumelOf(p.shape) / (n * c);
    const double eps = 1e-5;
    auto rounded = [](std::vector<double> v) {
      for (double &e : v) e = RoundTo(ACL_FLOAT, e);
      return v;
    };
    const std::vector<double> xv = rounded(RandomValues(rng, NumelOf(p.shape), -1, 3)),
                              dyv = rounded(RandomValues(rng, NumelOf(p.shape), -1, 1)),
                              gv = rounded(RandomValues(rng, c, -2, 2)), bv = rounded(RandomValues(rng, c, -1, 1));
    DeviceTensor x(p.shape, ACL_FLOAT), gamma({c}, ACL_FLOAT), beta({c}, ACL_FLOAT), y(p.shape, ACL_FLOAT),
        mean({n, p.groups}, ACL_FLOAT), rstd({n, p.groups}, ACL_FLOAT), dy(p.shape, ACL_FLOAT), dx(p.shape, ACL_FLOAT),
        dgamma({c}, ACL_FLOAT), dbeta({c}, ACL_FLOAT);
    x.Fill(xv);
    gamma.Fill(gv);
    beta.Fill(bv);
    dy.Fill(dyv);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnGroupNormGetWorkspaceSize(x.get(), gamma.get(), beta.get(), n, c, hw, p.groups, eps, y.get(),
                                             mean.get(), rstd.get(), &ws, &exec),
              0)
        << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnGroupNorm, ws, exec), 0);
    const bool all[3] = {true, true, true};
    aclBoolArray *mask = aclCreateBoolArray(all, 3);
    ASSERT_EQ(aclnnGroupNormBackwardGetWorkspaceSize(dy.get(), x.get(), mean.get(), rstd.get(), gamma.get(), n, c, hw,
                                                     p.groups, mask, dx.get(), dgamma.get(), dbeta.get(), &ws, &exec),
              0)
        << aclGetRecentErrMsg();
    aclDestroyBoolArray(mask);
    ASSERT_EQ(RunPhase2(aclnnGroupNormBackward, ws, exec), 0);
    const Grads ours{dx.Read(), dgamma.Read(), dbeta.Read()};

    auto autograd = [&](at::ScalarType type) {
      const at::Tensor xt = ToTorch(xv, p.shape, ACL_DOUBLE).to(type).requires_grad_(true);
      const at::Tensor gt = ToTorch(gv, {c}, ACL_DOUBLE).to(type).requires_grad_(true);
      const at::Tensor bt = ToTorch(bv, {c}, ACL_DOUBLE).to(type).requires_grad_(true);
      // eps narrowed to float, as the forward op does
      const at::Tensor out = at::group_norm(xt, p.groups, gt, bt, static_cast<float>(eps));
      out.backward(ToTorch(dyv, p.shape, ACL_DOUBLE).to(type));
      return Grads{FromTorch(xt.grad()), FromTorch(gt.grad()), FromTorch(bt.grad())};
    };
    const Grads theirs = autograd(at::kFloat), ref = autograd(at::kDouble);
    const std::string label = "shape " + std::to_string(n) + "x" + std::to_string(c) + "x" + std::to_string(hw);
    EXPECT_TRUE(NoWorseThanTorch(ours.dx, theirs.dx, ref.dx, ACL_FLOAT)) << label << " gradInput";
    EXPECT_TRUE(NoWorseThanTorch(ours.dgamma, theirs.dgamma, ref.dgamma, ACL_FLOAT)) << label << " gradGamma";
    EXPECT_TRUE(NoWorseThanTorch(ours.dbeta, theirs.dbeta, ref.dbeta, ACL_FLOAT)) << label << " gradBeta";
  }
}

}  // namespace
}  // namespace aclcpu_test::group_norm_backward_torch_test
