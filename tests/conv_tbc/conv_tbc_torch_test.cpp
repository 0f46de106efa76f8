// Parity with PyTorch's at::conv_tbc (cubeMathType 0, one dtype per case, as the vendor's ST golden
// runs it) on random problems: our max error against float64 is at most PyTorch's plus one ulp.
// And the forward -> backward cascade: our aclnnConvTbc output, unchanged, is the gradOutput of our
// aclnnConvTbcBackward (the gradient of 0.5 * sum(conv_tbc(x, W, b)^2)), compared with PyTorch
// autograd through at::conv_tbc on the same inputs.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "common/torch_convert.h"
#include "conv_tbc/conv_tbc_tester.h"

namespace aclcpu_test::conv_tbc_torch_test {
namespace {

class ConvTbcTorchParity : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

bool TorchRuns(aclDataType dtype) {
  try {
    const auto t = TorchType(dtype);
    auto x = at::ones({3, 2, 3}, t).requires_grad_(), w = at::ones({2, 3, 4}, t).requires_grad_();
    at::conv_tbc(x, w, at::ones({4}, t), 1).sum().backward();
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

struct Problem {
  int64_t t, b, cin, cout, k, pad;
};

// One case in eight has long sums (Cin and T * B in the hundreds) where accumulation order matters.
Problem RandomProblem(std::mt19937_64 &rng, int c) {
  const auto pick = [&](int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(rng() % (hi - lo + 1)); };
  const bool longSums = c % 8 == 7;
  Problem p{};
  p.t = longSums ? pick(50, 150) : pick(1, 40);
  p.b = longSums ? pick(4, 12) : pick(1, 8);
  p.cin = longSums ? pick(100, 400) : pick(1, 80);
  p.cout = pick(1, longSums ? 48 : 80);
  p.k = pick(1, 5);
  p.pad = pick(std::max<int64_t>(0, p.k - p.t), 3 + std::max<int64_t>(0, p.k - p.t));  // T + pad >= K
  return p;
}

TEST_P(ConvTbcTorchParity, RandomCases) {
  const aclDataType dtype = GetParam();
  // Where PyTorch 1.13 has no CPU kernel for the dtype (fp16 matmul), it runs as the vendor's golden
  // does: inputs upcast to fp32, the result cast back.
  const aclDataType torchType = TorchRuns(dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(1717 + static_cast<int>(dtype));
  for (int c = 0; c < 200; ++c) {
    const Problem p = RandomProblem(rng, c);
    ConvTbcForwardTester tester;
    tester.Shape(p.t, p.b, p.cin, p.cout, p.k, p.pad).DType(dtype).Seed(rng());
    const ConvTbcForwardOutputs ours = tester.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();
    const at::Tensor y = at::conv_tbc(ToTorch(tester.selfValues, tester.selfShape(), torchType),
                                      ToTorch(tester.weightValues, tester.weightShape(), torchType),
                                      ToTorch(tester.biasValues, {p.cout}, torchType), p.pad);
    const std::vector<double> theirs = FromTorch(y.to(TorchType(dtype)));
    SCOPED_TRACE(::testing::Message() << "case " << c << ": T " << p.t << " B " << p.b << " Cin " << p.cin << " Cout "
                                      << p.cout << " K " << p.k << " pad " << p.pad);
    EXPECT_TRUE(NoWorseThanTorch(ours.y, theirs, ours.exact, dtype));
  }
}

TEST_P(ConvTbcTorchParity, ForwardThenBackwardCascade) {
  const aclDataType dtype = GetParam();
  const aclDataType torchType = TorchRuns(dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(2929 + static_cast<int>(dtype));
  for (int c = 0; c < 60; ++c) {
    const Problem p = RandomProblem(rng, c % 8 == 7 ? c - 1 : c);  // short sums: the cascade, not BLAS order
    const std::vector<int64_t> xShape = {p.t, p.b, p.cin}, wShape = {p.k, p.cin, p.cout}, bShape = {p.cout};
    const std::vector<int64_t> yShape = {p.t + 2 * p.pad - p.k + 1, p.b, p.cout};
    std::vector<double> xs = RandomValues(rng, NumelOf(xShape), -1, 1), ws = RandomValues(rng, NumelOf(wShape), -1, 1),
                        bs = RandomValues(rng, p.cout, -1, 1);
    for (auto *v : {&xs, &ws, &bs})
      for (double &e : *v) e = RoundTo(dtype, e);
    // Ours: forward, then backward with the forward's output tensor itself as gradOutput.
    DeviceTensor x(xShape, dtype), w(wShape, dtype), b(bShape, dtype), y(yShape, dtype);
    DeviceTensor dx(xShape, dtype), dw(wShape, dtype), db(bShape, dtype);
    x.Fill(xs);
    w.Fill(ws);
    b.Fill(bs);
    uint64_t size = 0;
    aclOpExecutor *exec = nullptr;
    ASSERT_EQ(aclnnConvTbcGetWorkspaceSize(x.get(), w.get(), b.get(), p.pad, y.get(), 0, &size, &exec), 0);
    ASSERT_EQ(RunPhase2(aclnnConvTbc, size, exec), 0);
    ASSERT_EQ(aclnnConvTbcBackwardGetWorkspaceSize(y.get(), x.get(), w.get(), b.get(), p.pad, 0, dx.get(), dw.get(),
                                                   db.get(), &size, &exec),
              0)
        << aclGetRecentErrMsg();
    ASSERT_EQ(RunPhase2(aclnnConvTbcBackward, size, exec), 0);
    const std::vector<double> ourDx = dx.Read(), ourDw = dw.Read(), ourDb = db.Read();
    // PyTorch: y = conv_tbc(x, W, b), then autograd with gradient y (rounded to the dtype, as ours is).
    const at::Tensor xt = ToTorch(xs, xShape, torchType).requires_grad_(),
                     wt = ToTorch(ws, wShape, torchType).requires_grad_(),
                     bt = ToTorch(bs, bShape, torchType).requires_grad_();
    const at::Tensor yt = at::conv_tbc(xt, wt, bt, p.pad);
    yt.backward(yt.detach().to(TorchType(dtype)).to(TorchType(torchType)));
    const std::vector<double> theirDx = FromTorch(xt.grad().to(TorchType(dtype)));
    const std::vector<double> theirDw = FromTorch(wt.grad().to(TorchType(dtype)));
    const std::vector<double> theirDb = FromTorch(bt.grad().to(TorchType(dtype)));
    // float64 gradients of the same chain: y and the gradients in double from the stored inputs.
    const at::Tensor x64 = ToTorch(xs, xShape, ACL_DOUBLE), w64 = ToTorch(ws, wShape, ACL_DOUBLE);
    const at::Tensor y64 = at::conv_tbc(x64, w64, ToTorch(bs, bShape, ACL_DOUBLE), p.pad);
    const auto exact = at::conv_tbc_backward(y64, x64, w64, ToTorch(bs, bShape, ACL_DOUBLE), p.pad);
    SCOPED_TRACE(::testing::Message() << "case " << c << ": T " << p.t << " B " << p.b << " Cin " << p.cin << " Cout "
                                      << p.cout << " K " << p.k << " pad " << p.pad);
    EXPECT_TRUE(NoWorseThanTorch(ourDx, theirDx, FromTorch(std::get<0>(exact)), dtype)) << "gradInput";
    EXPECT_TRUE(NoWorseThanTorch(ourDw, theirDw, FromTorch(std::get<1>(exact)), dtype)) << "gradWeight";
    EXPECT_TRUE(NoWorseThanTorch(ourDb, theirDb, FromTorch(std::get<2>(exact)), dtype)) << "gradBias";
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, ConvTbcTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::conv_tbc_torch_test
