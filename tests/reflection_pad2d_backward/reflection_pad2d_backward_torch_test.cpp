// Parity with PyTorch's at::reflection_pad2d_backward on random problems, for every dtype PyTorch
// 1.13 runs: on the same inputs our max error against float64 is at most PyTorch's plus one ulp.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "common/pad2d_backward_tester.h"
#include "common/torch_convert.h"

namespace aclcpu_test {
namespace {

class ReflectionPad2dBackwardTorchParity : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

bool TorchRuns(aclDataType dtype) {
  try {
    const auto t = TorchType(dtype);
    at::reflection_pad2d_backward(at::zeros({1, 4, 4}, t), at::zeros({1, 2, 2}, t), {1, 1, 1, 1});
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

TEST_P(ReflectionPad2dBackwardTorchParity, RandomCases) {
  const aclDataType dtype = GetParam();
  // Where PyTorch 1.13 has no CPU kernel for the dtype (fp16, bf16), it is compared as the vendor's
  // golden runs it: inputs upcast to fp32, the result cast back.
  const aclDataType torchType = TorchRuns(dtype) ? dtype : ACL_FLOAT;
  at::set_num_threads(2);
  std::mt19937_64 rng(77 + static_cast<int>(dtype));
  int ran = 0;
  for (int c = 0; c < 200; ++c) {
    const int rank = 3 + static_cast<int>(rng() % 2);
    std::vector<int64_t> shape;
    for (int d = 0; d < rank - 2; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % 4));
    const int64_t h = 1 + static_cast<int64_t>(rng() % 40), w = 1 + static_cast<int64_t>(rng() % 70);
    shape.push_back(h);
    shape.push_back(w);
    auto pick = [&](int64_t size) {
      return static_cast<int64_t>(rng() % static_cast<uint64_t>(std::min<int64_t>(size, 8)));
    };
    const std::vector<int64_t> pad = {pick(w), pick(w), pick(h), pick(h)};
    PadTester t;
    t.Self(shape).Padding(pad).DType(dtype).Seed(rng());
    const PadOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();
    const at::Tensor self = at::zeros(shape, TorchType(torchType));
    const at::Tensor theirs =
        at::reflection_pad2d_backward(ToTorch(t.gradOutputValues, t.GradOutputShape(), torchType), self, pad)
            .to(TorchType(dtype));
    EXPECT_TRUE(NoWorseThanTorch(ours.gradInput, FromTorch(theirs), ours.reference, dtype)) << "case " << c;
    ++ran;
  }
  EXPECT_EQ(ran, 200);
}

INSTANTIATE_TEST_SUITE_P(Dtypes, ReflectionPad2dBackwardTorchParity,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test
