// aclnnPrelu against PyTorch's at::prelu on random problems (bit for bit: both are one product and one
// rounding), and the forward -> backward cascade: our forward output, unchanged, is the gradOutput of
// our aclnnPreluBackward (the gradient of 0.5 * sum(prelu(x, w)^2)), compared with PyTorch autograd
// on the same inputs.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "aclnnop/aclnn_prelu_backward.h"
#include "common/torch_convert.h"
#include "prelu/prelu_tester.h"

namespace aclcpu_test::prelu_torch_test {
namespace {

class PreluTorchParity : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

// Where PyTorch 1.13 has no CPU kernel for the dtype, it runs as the vendor's golden does: inputs
// upcast to fp32 (exact), the result cast back once.
bool TorchRuns(aclDataType dtype) {
  try {
    const auto t = TorchType(dtype);
    auto x = at::ones({2, 3, 4}, t).requires_grad_(), w = at::ones({3}, t).requires_grad_();
    at::prelu(x, w).sum().backward();
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

// A random shape of rank 1-5 and a weight of 1 or C elements (C = dim 1).
void RandomProblem(std::mt19937_64 &rng, std::vector<int64_t> *shape, std::vector<int64_t> *weight) {
  const int rank = 1 + static_cast<int>(rng() % 5);
  shape->clear();
  for (int d = 0; d < rank; ++d) shape->push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 90 : 9)));
  const bool perChannel = rank >= 2 && rng() % 3 != 0;
  *weight = {perChannel ? (*shape)[1] : 1};
}

TEST_P(PreluTorchParity, RandomCasesBitForBit) {
  const aclDataType dtype = GetParam();
  const aclDataType torchType = TorchRuns(dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(707 + static_cast<int>(dtype));
  int ran = 0;
  for (int c = 0; c < 200; ++c) {
    std::vector<int64_t> shape, weight;
    RandomProblem(rng, &shape, &weight);
    PreluForwardTester t;
    t.Self(shape).Weight(weight).DType(dtype).Specials(c % 4 == 0 ? 0.02 : 0.0).Seed(rng());
    const PreluForwardOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();
    const std::vector<double> theirs =
        FromTorch(at::prelu(ToTorch(t.xValues, shape, torchType), ToTorch(t.weightValues, weight, torchType))
                      .to(TorchType(dtype)));
    ASSERT_EQ(theirs.size(), ours.out.size());
    for (size_t i = 0; i < theirs.size(); ++i) {
      ASSERT_TRUE(SameBitsAsDouble(ours.out[i], theirs[i])) << "case " << c << " element " << i;
    }
    ExpectMatchesReference(ours);
    ++ran;
  }
  EXPECT_EQ(ran, 200);
}

TEST_P(PreluTorchParity, ForwardThenBackwardCascade) {
  const aclDataType dtype = GetParam();
  const aclDataType torchType = TorchRuns(dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(909 + static_cast<int>(dtype));
  for (int c = 0; c < 60; ++c) {
    std::vector<int64_t> shape, weight;
    RandomProblem(rng, &shape, &weight);
    std::vector<double> xs = RandomValues(rng, NumelOf(shape), -3, 3),
                        ws = RandomValues(rng, NumelOf(weight), -1.5, 1.5);
    for (double &v : xs) v = RoundTo(dtype, v);
    for (double &v : ws) v = RoundTo(dtype, v);
    // Ours: forward, then backward with the forward's output tensor itself as gradOutput.
    DeviceTensor x(shape, dtype), w(weight, dtype), y(shape, dtype), dx(shape, dtype), dw(weight, dtype);
    x.Fill(xs);
    w.Fill(ws);
    uint64_t size = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnPreluGetWorkspaceSize(x.get(), w.get(), y.get(), &size, &exec), 0);
    ASSERT_EQ(RunPhase2(aclnnPrelu, size, exec), 0);
    ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(y.get(), x.get(), w.get(), dx.get(), dw.get(), &size, &exec), 0);
    ASSERT_EQ(RunPhase2(aclnnPreluBackward, size, exec), 0);
    const std::vector<double> ourY = y.Read(), ourDx = dx.Read(), ourDw = dw.Read();
    // PyTorch: y = prelu(x, w), then autograd with gradient y (rounded to the dtype, as ours is).
    const at::Tensor xt = ToTorch(xs, shape, torchType).requires_grad_(),
                     wt = ToTorch(ws, weight, torchType).requires_grad_();
    const at::Tensor yt = at::prelu(xt, wt);
    const at::Tensor yRounded = yt.detach().to(TorchType(dtype));
    yt.backward(yRounded.to(TorchType(torchType)));
    ASSERT_EQ(FromTorch(yRounded).size(), ourY.size());
    const std::vector<double> theirY = FromTorch(yRounded);
    for (size_t i = 0; i < ourY.size(); ++i) ASSERT_TRUE(SameBitsAsDouble(ourY[i], theirY[i])) << "y, case " << c;
    const std::vector<double> theirDx = FromTorch(xt.grad().to(TorchType(dtype)));
    const std::vector<double> theirDw = FromTorch(wt.grad().to(TorchType(dtype)));
    // float64 gradients of the same chain: dy = y as stored.
    const int64_t n = NumelOf(shape), channels = shape.size() >= 2 ? shape[1] : 1;
    const int64_t inner = shape.size() >= 2 ? n / (shape[0] * channels) : 1;
    std::vector<double> exactDx(static_cast<size_t>(n)), exactDw(ws.size(), 0.0);
    for (int64_t i = 0; i < n; ++i) {
      const size_t k = weight[0] == 1 ? 0 : static_cast<size_t>((i / inner) % channels);
      const double xi = xs[static_cast<size_t>(i)], g = ourY[static_cast<size_t>(i)];
      exactDx[static_cast<size_t>(i)] = xi > 0 ? g : ws[k] * g;
      if (!(xi > 0)) exactDw[k] += xi * g;
    }
    EXPECT_LE(FiniteMaxDiff(ourDx, exactDx), FiniteMaxDiff(theirDx, exactDx) + UlpAt(dtype, MaxAbs(exactDx)))
        << "gradInput, case " << c;
    EXPECT_LE(FiniteMaxDiff(ourDw, exactDw), FiniteMaxDiff(theirDw, exactDw) + UlpAt(dtype, MaxAbs(exactDw)))
        << "gradWeight, case " << c;
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, PreluTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::prelu_torch_test
