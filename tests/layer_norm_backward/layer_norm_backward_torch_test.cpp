// Parity with PyTorch's at::native_layer_norm_backward on random problems: on the same inputs our
// max error against float64 must not exceed PyTorch's by more than one ulp of the output dtype.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "common/torch_convert.h"
#include "layer_norm_backward/layer_norm_backward_tester.h"

namespace aclcpu_test::layer_norm_backward_torch_test {
namespace {

class LayerNormBackwardTorchParity : public ::testing::TestWithParam<aclDataType> {};

TEST_P(LayerNormBackwardTorchParity, RandomCases) {
  const aclDataType dtype = GetParam();
  at::set_num_threads(2);
  std::mt19937_64 rng(2024 + static_cast<int>(dtype));
  int ran = 0;
  for (int c = 0; c < 200; ++c) {
    const int rank = 2 + static_cast<int>(rng() % 3);
    std::vector<int64_t> shape;
    for (int d = 0; d < rank; ++d) shape.push_back(1 + static_cast<int64_t>(rng() % (d == rank - 1 ? 300 : 12)));
    size_t k = 1 + rng() % static_cast<size_t>(rank - 1);
    if (c % 10 == 9) {  // many rows: the plan switches dgamma/dbeta to fp32 block partials
      shape = {1024 + static_cast<int64_t>(rng() % 3072), 1 + static_cast<int64_t>(rng() % 64)};
      k = 1;
    }
    const bool weight = rng() % 4 != 0;
    LayerNormBackwardTester t;
    t.Shape(shape)
        .NormDims(k)
        .InputDType(dtype)
        .StatDType(dtype)
        .OutDTypes(dtype, dtype, dtype)
        .Weight(weight)
        .Seed(rng());
    const LayerNormBackwardOutputs ours = t.Run();
    ASSERT_EQ(ours.status, 0) << aclGetRecentErrMsg();

    const std::vector<int64_t> ns(shape.end() - static_cast<long>(k), shape.end());
    std::vector<int64_t> statShape(shape.begin(), shape.end() - static_cast<long>(k));
    statShape.resize(shape.size(), 1);
    // PyTorch 1.13 has no Half kernel on CPU: for f16 it gets what the vendor's golden does (inputs
    // upcast to fp32, results cast back). It also needs a defined weight to produce dgamma; ones are
    // what a null weight means.
    const aclDataType torchType = dtype == ACL_FLOAT16 ? ACL_FLOAT : dtype;
    auto result = at::native_layer_norm_backward(
        ToTorch(t.dyValues, shape, torchType), ToTorch(t.xValues, shape, torchType), ns,
        ToTorch(t.meanValues, statShape, torchType), ToTorch(t.rstdValues, statShape, torchType),
        ToTorch(t.weightValues, ns, torchType), ToTorch(std::vector<double>(t.weightValues.size(), 0.0), ns, torchType),
        {true, true, true});
    if (dtype == ACL_FLOAT16) {
      result = std::make_tuple(std::get<0>(result).to(at::kHalf), std::get<1>(result).to(at::kHalf),
                               std::get<2>(result).to(at::kHalf));
    }
    const std::vector<double> *refs[3] = {&ours.refDx, &ours.refDw, &ours.refDb};
    const std::vector<double> *mine[3] = {&ours.dx, &ours.dw, &ours.db};
    const std::vector<double> theirs[3] = {FromTorch(std::get<0>(result)), FromTorch(std::get<1>(result)),
                                           FromTorch(std::get<2>(result))};
    const char *names[3] = {"dx", "dgamma", "dbeta"};
    for (int o = 0; o < 3; ++o) {
      EXPECT_TRUE(NoWorseThanTorch(*mine[o], theirs[o], *refs[o], dtype))
          << names[o] << " case " << c << " shape rank " << rank << " k " << k;
    }
    ++ran;
  }
  EXPECT_EQ(ran, 200);
}

INSTANTIATE_TEST_SUITE_P(Dtypes, LayerNormBackwardTorchParity, ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::layer_norm_backward_torch_test
