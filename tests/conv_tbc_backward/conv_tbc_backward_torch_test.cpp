// Parity with PyTorch's at::conv_tbc_backward (cubeMathType 0, one dtype per case, as the vendor's
// ST golden runs it) on random problems: our max error against float64 is at most PyTorch's plus
// one ulp, for gradInput, gradWeight and gradBias.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "common/torch_convert.h"
#include "conv_tbc_backward/conv_tbc_backward_tester.h"

namespace aclcpu_test::conv_tbc_backward_torch_test {
namespace {

class ConvTbcBackwardTorchParity : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

bool TorchRuns(aclDataType dtype) {
  try {
    const auto t = TorchType(dtype);
    at::conv_tbc_backward(at::ones({3, 2, 4}, t), at::ones({3, 2, 3}, t), at::ones({1, 3, 4}, t), at::ones({4}, t), 0);
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

TEST_P(ConvTbcBackwardTorchParity, RandomCases) {
  const aclDataType dtype = GetParam();
  // Where PyTorch 1.13 has no CPU kernel for the dtype (fp16 matmul), it runs as the vendor's golden
  // does: inputs upcast to fp32, results cast back.
  const aclDataType torchType = TorchRuns(dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(909 + static_cast<int>(dtype));
  const auto pick = [&](int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(rng() % (hi - lo + 1)); };
  int ran = 0;
  for (int c = 0; c < 200; ++c) {
    // One case in eight has long sums (T * B in the thousands) where accumulation order matters.
    const bool longSums = c % 8 == 7;
    const int64_t t = longSums ? pick(100, 300) : pick(1, 40), b = longSums ? pick(8, 16) : pick(1, 8);
    const int64_t cin = pick(1, longSums ? 48 : 80), cout = pick(1, longSums ? 48 : 80), k = pick(1, 5);
    const int64_t pad = pick(std::max<int64_t>(0, (k - t) / 2), 3 + std::max<int64_t>(0, (k - t) / 2));
    if (t + 2 * pad - k + 1 < 1) continue;
    ConvTbcTester tester;
    tester.Shape(t, b, cin, cout, k, pad).DType(dtype).Seed(rng());
    const ConvTbcOutputs ours = tester.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();
    const auto result = at::conv_tbc_backward(ToTorch(tester.selfValues, tester.selfShape(), torchType),
                                              ToTorch(tester.inputValues, tester.inputShape(), torchType),
                                              ToTorch(tester.weightValues, tester.weightShape(), torchType),
                                              at::zeros({cout}, TorchType(torchType)), pad);
    const std::vector<double> theirDx = FromTorch(std::get<0>(result).to(TorchType(dtype)));
    const std::vector<double> theirDw = FromTorch(std::get<1>(result).to(TorchType(dtype)));
    const std::vector<double> theirDb = FromTorch(std::get<2>(result).to(TorchType(dtype)));
    SCOPED_TRACE(::testing::Message() << "case " << c << ": T " << t << " B " << b << " Cin " << cin << " Cout " << cout
                                      << " K " << k << " pad " << pad);
    EXPECT_TRUE(NoWorseThanTorch(ours.dx, theirDx, ours.exactDx, dtype)) << "gradInput";
    EXPECT_TRUE(NoWorseThanTorch(ours.dw, theirDw, ours.exactDw, dtype)) << "gradWeight";
    EXPECT_TRUE(NoWorseThanTorch(ours.db, theirDb, ours.exactDb, dtype)) << "gradBias";
    ++ran;
  }
  EXPECT_GE(ran, 200 - 10);
}

INSTANTIATE_TEST_SUITE_P(Dtypes, ConvTbcBackwardTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::conv_tbc_backward_torch_test
