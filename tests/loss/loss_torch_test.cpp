// The loss family against PyTorch (at::mse_loss, at::mse_loss_backward, at::nll_loss_forward / backward,
// at::cross_entropy_loss with at::log_softmax) on random problems: shapes, strided views, reductions, weights,
// ignoreIndex, label smoothing. Criterion: our largest error against a float64 reference is at most PyTorch's
// (in the same dtype, or in fp32 rounded once where PyTorch has no CPU kernel for it) plus one ulp of the output
// dtype. Then forward -> backward cascades (MseLoss, NLLLoss) against autograd in float64.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "common/torch_convert.h"
#include "loss/loss_test_util.h"

namespace aclcpu_test::loss_torch_test {
namespace {

enum class Fn { kMse, kMseBackward, kNll, kNllBackward, kCrossEntropy };
const char *FnName(Fn f) {
  static const char *const names[] = {"Mse", "MseBackward", "Nll", "NllBackward", "CrossEntropy"};
  return names[static_cast<int>(f)];
}

Layout RandomLayout(std::mt19937_64 &rng, size_t rank) {
  switch (rng() % 3) {
    case 0: return Layout::Transposed(rank);
    case 1: return Layout::Padded(rank, 1);
    default: return Layout::Dense();
  }
}

std::vector<int64_t> RandomShape(std::mt19937_64 &rng) {
  const int rank = 1 + static_cast<int>(rng() % 3);
  std::vector<int64_t> shape;
  for (int d = 0; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (rank == 1 ? 3000 : 60)));
  return shape;
}

// PyTorch in `t`, or in fp32 and rounded to `t` where it has no CPU kernel for `t`.
template <class F>
std::vector<double> TorchIn(aclDataType t, F f) {
  try {
    return FromTorch(f(TorchType(t)).to(at::kDouble));
  } catch (const std::exception &) {
    return FromTorch(f(at::kFloat).to(TorchType(t)).to(at::kDouble));
  }
}

at::Tensor Long(const std::vector<int64_t> &v) {
  return at::tensor(at::ArrayRef<int64_t>(v), at::TensorOptions().dtype(at::kLong));
}

class LossTorchParity : public ::testing::TestWithParam<std::tuple<Fn, aclDataType>> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(LossTorchParity, RandomCasesNoWorseThanTorch) {
  const auto [fn, dtype] = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(777 + 13 * static_cast<int>(fn) + static_cast<int>(dtype));
  for (int c = 0; c < 60; ++c) {
    const int64_t reduction = static_cast<int64_t>(rng() % 3);
    const std::string label =
        std::string(FnName(fn)) + " case " + std::to_string(c) + " reduction " + std::to_string(reduction);
    std::vector<double> ours, theirs, ref;
    if (fn == Fn::kMse || fn == Fn::kMseBackward) {
      const std::vector<int64_t> shape = RandomShape(rng);
      DeviceTensor x(shape, dtype, RandomLayout(rng, shape.size())), y(shape, dtype, RandomLayout(rng, shape.size()));
      DeviceTensor g(shape, dtype, RandomLayout(rng, shape.size()));
      x.Fill(RandomValues(rng, x.numel(), -3, 3));
      y.Fill(RandomValues(rng, y.numel(), -3, 3));
      g.Fill(RandomValues(rng, g.numel(), -1, 1));
      const bool backward = fn == Fn::kMseBackward;
      DeviceTensor out(backward || reduction == 0 ? shape : std::vector<int64_t>{}, dtype,
                       RandomLayout(rng, backward || reduction == 0 ? shape.size() : 0));
      const aclnnStatus st =
          backward ? RunLoss(
                         0,
                         [&](uint64_t *ws, aclOpExecutor **e) {
                           return aclnnMseLossBackwardGetWorkspaceSize(g.get(), x.get(), y.get(), reduction, out.get(),
                                                                       ws, e);
                         },
                         aclnnMseLossBackward)
                   : RunLoss(
                         0,
                         [&](uint64_t *ws, aclOpExecutor **e) {
                           return aclnnMseLossGetWorkspaceSize(x.get(), y.get(), reduction, out.get(), ws, e);
                         },
                         aclnnMseLoss);
      ASSERT_EQ(st, ACLNN_SUCCESS) << aclGetRecentErrMsg();
      ours = out.Read();
      const std::vector<double> vx = x.Read(), vy = y.Read(), vg = g.Read();
      const auto f = [&](at::ScalarType t) {
        const at::Tensor a = ToTorch(vx, shape, ACL_DOUBLE).to(t), b = ToTorch(vy, shape, ACL_DOUBLE).to(t);
        return backward ? at::mse_loss_backward(ToTorch(vg, shape, ACL_DOUBLE).to(t), a, b, reduction)
                        : at::mse_loss(a, b, reduction);
      };
      theirs = TorchIn(dtype, f);
      ref = FromTorch(f(at::kDouble));
    } else {
      const int64_t rows = 1 + static_cast<int64_t>(rng() % 400), classes = 1 + static_cast<int64_t>(rng() % 300);
      const int64_t ignoreIndex = rng() % 2 == 0 ? -100 : static_cast<int64_t>(rng() % classes);
      const std::vector<int64_t> shape = {rows, classes};
      DeviceTensor x(shape, dtype, RandomLayout(rng, 2));
      x.Fill(RandomValues(rng, x.numel(), fn == Fn::kCrossEntropy ? -8 : -5, fn == Fn::kCrossEntropy ? 8 : 0));
      const std::vector<int64_t> t = RandomTargets(rng, rows, classes, 0.1, ignoreIndex);
      IndexTensor target(t, {rows}, ACL_INT64, rng() % 2 == 0);
      const aclDataType weightType = fn == Fn::kCrossEntropy ? ACL_FLOAT : dtype;
      DeviceTensor w({classes}, weightType);
      w.Fill(RandomValues(rng, classes, 0.2, 2));
      const std::vector<double> vx = x.Read(), vw = w.Read();
      const at::Tensor tt = Long(t);
      if (fn == Fn::kCrossEntropy) {
        static const char *const names[] = {"none", "mean", "sum"};
        const bool withWeight = rng() % 2 == 0;
        const double smoothing = rng() % 2 == 0 ? 0.0 : static_cast<double>(static_cast<float>(0.25));
        DeviceTensor loss(reduction == 0 ? std::vector<int64_t>{rows} : std::vector<int64_t>{1}, dtype);
        DeviceTensor logProb(shape, dtype, RandomLayout(rng, 2)), z({1}, dtype), lse({rows}, dtype);
        ASSERT_EQ(RunLoss(
                      0,
                      [&](uint64_t *ws, aclOpExecutor **e) {
                        return aclnnCrossEntropyLossGetWorkspaceSize(
                            x.get(), target.get(), withWeight ? w.get() : nullptr, const_cast<char *>(names[reduction]),
                            ignoreIndex, smoothing, 0.0, false, loss.get(), logProb.get(), z.get(), lse.get(), ws, e);
                      },
                      aclnnCrossEntropyLoss),
                  ACLNN_SUCCESS)
            << aclGetRecentErrMsg();
        const auto f = [&](at::ScalarType s) {
          const at::Tensor in = ToTorch(vx, shape, ACL_DOUBLE).to(s);
          const at::Tensor wt = withWeight ? ToTorch(vw, {classes}, ACL_DOUBLE).to(s) : at::Tensor();
          return at::cross_entropy_loss(in, tt, wt, reduction, ignoreIndex, smoothing).reshape({-1});
        };
        const auto lp = [&](at::ScalarType s) { return at::log_softmax(ToTorch(vx, shape, ACL_DOUBLE).to(s), 1); };
        EXPECT_TRUE(NoWorseThanTorch(logProb.Read(), TorchIn(dtype, lp), FromTorch(lp(at::kDouble)), dtype))
            << label << " logProb";
        ours = loss.Read();
        theirs = TorchIn(dtype, f);
        ref = FromTorch(f(at::kDouble));
      } else {
        const bool backward = fn == Fn::kNllBackward;
        const std::vector<int64_t> outShape = reduction == 0 ? std::vector<int64_t>{rows} : std::vector<int64_t>{};
        DeviceTensor out(outShape, dtype), tw({1}, dtype), g(outShape, dtype),
            gradIn(shape, dtype, RandomLayout(rng, 2));
        g.Fill(RandomValues(rng, g.numel(), -1, 1));
        double total = 0.0;
        for (int64_t n = 0; n < rows; ++n) total += t[n] == ignoreIndex ? 0.0 : vw[t[n]];
        tw.Fill({total});
        const std::vector<double> vg = g.Read(), vtw = tw.Read();
        if (backward) {
          ASSERT_EQ(RunLoss(
                        0,
                        [&](uint64_t *ws, aclOpExecutor **e) {
                          return aclnnNLLLossBackwardGetWorkspaceSize(g.get(), x.get(), target.get(), w.get(),
                                                                      reduction, ignoreIndex, tw.get(), gradIn.get(),
                                                                      ws, e);
                        },
                        aclnnNLLLossBackward),
                    ACLNN_SUCCESS)
              << aclGetRecentErrMsg();
          ours = gradIn.Read();
        } else {
          ASSERT_EQ(RunLoss(
                        0,
                        [&](uint64_t *ws, aclOpExecutor **e) {
                          return aclnnNLLLossGetWorkspaceSize(x.get(), target.get(), w.get(), reduction, ignoreIndex,
                                                              out.get(), tw.get(), ws, e);
                        },
                        aclnnNLLLoss),
                    ACLNN_SUCCESS)
              << aclGetRecentErrMsg();
          ours = out.Read();
        }
        const auto f = [&](at::ScalarType s) {
          const at::Tensor in = ToTorch(vx, shape, ACL_DOUBLE).to(s), wt = ToTorch(vw, {classes}, ACL_DOUBLE).to(s);
          if (!backward) return std::get<0>(at::nll_loss_forward(in, tt, wt, reduction, ignoreIndex));
          return at::nll_loss_backward(ToTorch(vg, outShape, ACL_DOUBLE).to(s), in, tt, wt, reduction, ignoreIndex,
                                       ToTorch(vtw, {}, ACL_DOUBLE).to(s));
        };
        theirs = TorchIn(dtype, f);
        ref = FromTorch(f(at::kDouble));
      }
    }
    EXPECT_TRUE(NoWorseThanTorch(ours, theirs, ref, dtype)) << label;
  }
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, LossTorchParity,
                         ::testing::Combine(::testing::Values(Fn::kMse, Fn::kMseBackward, Fn::kNll, Fn::kNllBackward,
                                                              Fn::kCrossEntropy),
                                            ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16)),
                         [](const auto &info) {
                           return std::string(FnName(std::get<0>(info.param))) + "_" +
                                  DTypeLabel(std::get<1>(info.param));
                         });

class LossCascade : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Our forward, then our backward fed with the forward's outputs (NLL: its totalWeight), against autograd of
// sum(g * loss) in float64; criterion as above against PyTorch's autograd in the dtype (or fp32).
TEST_P(LossCascade, MseAndNllForwardThenBackwardAgainstAutograd) {
  const aclDataType dtype = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(31 + static_cast<int>(dtype));
  for (int c = 0; c < 30; ++c) {
    const int64_t reduction = static_cast<int64_t>(rng() % 3);
    const int64_t rows = 1 + static_cast<int64_t>(rng() % 200), classes = 1 + static_cast<int64_t>(rng() % 100);
    const std::vector<int64_t> shape = {rows, classes};
    const std::vector<int64_t> lossShape = reduction == 0 ? shape : std::vector<int64_t>{};
    // MseLoss
    DeviceTensor x(shape, dtype), y(shape, dtype), loss(lossShape, dtype), g(lossShape, dtype), dx(shape, dtype);
    x.Fill(RandomValues(rng, x.numel(), -2, 2));
    y.Fill(RandomValues(rng, y.numel(), -2, 2));
    g.Fill(RandomValues(rng, g.numel(), -1, 1));
    ASSERT_EQ(RunLoss(
                  0,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnMseLossGetWorkspaceSize(x.get(), y.get(), reduction, loss.get(), ws, e);
                  },
                  aclnnMseLoss),
              ACLNN_SUCCESS);
    // The backward's gradOutput has the loss's shape; reduction none broadcasts it elementwise.
    ASSERT_EQ(RunLoss(
                  0,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnMseLossBackwardGetWorkspaceSize(g.get(), x.get(), y.get(), reduction, dx.get(), ws, e);
                  },
                  aclnnMseLossBackward),
              ACLNN_SUCCESS);
    const std::vector<double> vx = x.Read(), vy = y.Read(), vg = g.Read();
    const auto mseGrad = [&](at::ScalarType s) {
      at::Tensor xt = ToTorch(vx, shape, ACL_DOUBLE).to(s).requires_grad_();
      const at::Tensor l = at::mse_loss(xt, ToTorch(vy, shape, ACL_DOUBLE).to(s), reduction);
      (l * ToTorch(vg, lossShape, ACL_DOUBLE).to(s)).sum().backward();
      return xt.grad();
    };
    EXPECT_TRUE(NoWorseThanTorch(dx.Read(), TorchIn(dtype, mseGrad), FromTorch(mseGrad(at::kDouble)), dtype))
        << "Mse cascade case " << c;
    // NLLLoss
    const std::vector<int64_t> t = RandomTargets(rng, rows, classes, 0.2, -100);
    IndexTensor target(t, {rows}, ACL_INT64);
    DeviceTensor w({classes}, dtype),
        nllOut(reduction == 0 ? std::vector<int64_t>{rows} : std::vector<int64_t>{}, dtype), tw({1}, dtype),
        ng(reduction == 0 ? std::vector<int64_t>{rows} : std::vector<int64_t>{}, dtype), ndx(shape, dtype);
    w.Fill(RandomValues(rng, classes, 0.2, 2));
    ng.Fill(RandomValues(rng, ng.numel(), -1, 1));
    tw.Fill({0.0});
    ASSERT_EQ(RunLoss(
                  0,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnNLLLossGetWorkspaceSize(x.get(), target.get(), w.get(), reduction, -100, nllOut.get(),
                                                        tw.get(), ws, e);
                  },
                  aclnnNLLLoss),
              ACLNN_SUCCESS);
    if (reduction == 0) {  // none leaves totalWeightOut unwritten; the backward does not read it then
      EXPECT_EQ(tw.Read()[0], 0.0);
    }
    ASSERT_EQ(RunLoss(
                  0,
                  [&](uint64_t *ws, aclOpExecutor **e) {
                    return aclnnNLLLossBackwardGetWorkspaceSize(ng.get(), x.get(), target.get(), w.get(), reduction,
                                                                -100, tw.get(), ndx.get(), ws, e);
                  },
                  aclnnNLLLossBackward),
              ACLNN_SUCCESS);
    const std::vector<double> vw = w.Read(), vng = ng.Read();
    const auto nllGrad = [&](at::ScalarType s) {
      at::Tensor xt = ToTorch(vx, shape, ACL_DOUBLE).to(s).requires_grad_();
      const at::Tensor l = at::nll_loss(xt, Long(t), ToTorch(vw, {classes}, ACL_DOUBLE).to(s), reduction, -100);
      (l * ToTorch(vng, ng.shape(), ACL_DOUBLE).to(s)).sum().backward();
      return xt.grad();
    };
    EXPECT_TRUE(NoWorseThanTorch(ndx.Read(), TorchIn(dtype, nllGrad), FromTorch(nllGrad(at::kDouble)), dtype))
        << "NLL cascade case " << c;
  }
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, LossCascade, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const auto &info) { return std::string(DTypeLabel(info.param)); });

}  // namespace
}  // namespace aclcpu_test::loss_torch_test
