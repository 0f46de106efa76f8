// Parity with PyTorch's at::prelu_backward on random problems, for every dtype PyTorch 1.13 runs:
// on the same inputs our max error against float64 is at most PyTorch's plus one ulp.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "common/torch_convert.h"
#include "prelu_backward/prelu_backward_tester.h"

namespace aclcpu_test::prelu_backward_torch_test {
namespace {

class PreluBackwardTorchParity : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

bool TorchRuns(aclDataType dtype) {
  try {
    const auto t = TorchType(dtype);
    at::prelu_backward(at::ones({2, 3, 4}, t), at::ones({2, 3, 4}, t), at::ones({3}, t));
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

TEST_P(PreluBackwardTorchParity, RandomCases) {
  const aclDataType dtype = GetParam();
  // Where PyTorch 1.13 has no CPU kernel for the dtype (fp16, bf16), it is compared as the vendor's
  // golden runs it: inputs upcast to fp32, the result cast back.
  const aclDataType torchType = TorchRuns(dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(505 + static_cast<int>(dtype));
  int ran = 0;
  for (int c = 0; c < 200; ++c) {
    const int rank = 1 + static_cast<int>(rng() % 5);
    std::vector<int64_t> shape;
    for (int d = 0; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 90 : 9)));
    const bool perChannel = rank >= 2 && rng() % 3 != 0;
    const std::vector<int64_t> weight = perChannel ? std::vector<int64_t>{shape[1]} : std::vector<int64_t>{1};
    PreluTester t;
    t.Self(shape).Weight(weight).DType(dtype).Seed(rng());
    const PreluOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();
    const auto result = at::prelu_backward(ToTorch(t.dyValues, shape, torchType), ToTorch(t.xValues, shape, torchType),
                                           ToTorch(t.weightValues, weight, torchType));
    const std::vector<double> theirDx = FromTorch(std::get<0>(result).to(TorchType(dtype)));
    const std::vector<double> theirDw = FromTorch(std::get<1>(result).to(TorchType(dtype)));
    // gradInput's float64 value is x > 0 ? g : w * g before rounding.
    std::vector<double> exactDx(ours.refDx.size());
    const int64_t n = static_cast<int64_t>(exactDx.size());
    const int64_t channels = shape.size() >= 2 ? shape[1] : 1;
    const int64_t inner = shape.size() >= 2 ? n / (shape[0] * channels) : 1;
    for (int64_t i = 0; i < n; ++i) {
      const double x = t.xValues[static_cast<size_t>(i)], g = t.dyValues[static_cast<size_t>(i)];
      const double w = t.weightValues[perChannel ? static_cast<size_t>((i / inner) % channels) : 0];
      exactDx[static_cast<size_t>(i)] = x > 0 ? g : w * g;
    }
    EXPECT_LE(FiniteMaxDiff(ours.dx, exactDx), FiniteMaxDiff(theirDx, exactDx) + UlpAt(dtype, MaxAbs(exactDx)))
        << "gradInput case " << c;
    EXPECT_LE(FiniteMaxDiff(ours.dw, ours.refDwExact),
              FiniteMaxDiff(theirDw, ours.refDwExact) + UlpAt(dtype, MaxAbs(ours.refDwExact)))
        << "gradWeight case " << c;
    ++ran;
  }
  EXPECT_EQ(ran, 200);
}

INSTANTIATE_TEST_SUITE_P(Dtypes, PreluBackwardTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::prelu_backward_torch_test
