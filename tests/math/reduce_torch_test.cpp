// aclnnReduceSum / aclnnMean against PyTorch's at::sum / at::mean with the same dtype on random problems:
// floating and complex dtypes, shapes of rank 1-4, random dims subsets (some negative), keepDims, dense and
// transposed views, long rows. Our max error against the float64 sum is at most PyTorch's plus one ulp of the
// dtype at the reference's largest magnitude (DOUBLE inputs on a grid where float64 sums are exact).
#include <ATen/ATen.h>

#include <random>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "common/test_tensor.h"
#include "common/torch_convert.h"

namespace aclcpu_test::reduce_torch_test {
namespace {

class ReduceTorchParity : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ReduceTorchParity, SumAndMean) {
  const aclDataType t = GetParam();
  std::mt19937_64 rng(static_cast<uint64_t>(t) * 977 + 3);
  const std::vector<std::vector<int64_t>> shapes = {{1000},       {33, 70},   {5, 6, 7},
                                                    {3, 4, 5, 6}, {2, 40000}, {17, 3, 300}};
  for (int iter = 0; iter < 48; ++iter) {
    const std::vector<int64_t> shape = shapes[static_cast<size_t>(iter) % shapes.size()];
    const auto rank = static_cast<int64_t>(shape.size());
    std::vector<int64_t> dims;
    for (int64_t d = 0; d < rank; ++d)
      if (rng() % 2) dims.push_back(rng() % 2 ? d - rank : d);
    const bool keep = rng() % 2 != 0, mean = iter % 2 != 0;
    const Layout layout = iter % 3 == 0 ? Layout::Transposed(shape.size()) : Layout::Dense();
    DeviceTensor self(shape, t, layout);
    const int k = self.components();
    std::vector<double> in = RandomValues(rng, self.numel() * k, -4, 4);
    // DOUBLE: multiples of 2^-20, so that float64 sums are exact and the reference is the true value.
    for (double &x : in) x = t == ACL_DOUBLE ? std::ldexp(std::round(std::ldexp(x, 20)), -20) : RoundTo(t, x);
    self.Fill(in);
    const at::Tensor x = ToTorch(in, shape, t);
    const at::Tensor torchOut = mean ? at::mean(x, dims, keep, TorchType(t)) : at::sum(x, dims, keep, TorchType(t));
    const at::Tensor ref64 = mean ? at::mean(x.to(t == ACL_COMPLEX64 ? at::kComplexDouble : at::kDouble), dims, keep)
                                  : at::sum(x.to(t == ACL_COMPLEX64 ? at::kComplexDouble : at::kDouble), dims, keep);
    std::vector<int64_t> outShape(torchOut.sizes().begin(), torchOut.sizes().end());
    DeviceTensor out(outShape, t);
    aclIntArray *d = aclCreateIntArray(dims.data(), dims.size());
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    const aclnnStatus st = mean ? aclnnMeanGetWorkspaceSize(self.get(), d, keep, t, out.get(), &ws, &exec)
                                : aclnnReduceSumGetWorkspaceSize(self.get(), d, keep, t, out.get(), &ws, &exec);
    aclDestroyIntArray(d);
    ASSERT_EQ(st, ACLNN_SUCCESS);
    ASSERT_EQ(RunPhase2(mean ? aclnnMean : aclnnReduceSum, ws, exec), ACLNN_SUCCESS);
    EXPECT_TRUE(NoWorseThanTorch(out.Read(), FromTorch(torchOut), FromTorch(ref64), t))
        << (mean ? "mean " : "sum ") << DTypeLabel(t) << " iteration " << iter;
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, ReduceTorchParity,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64),
                         [](const ::testing::TestParamInfo<aclDataType> &info) { return DTypeLabel(info.param); });

}  // namespace
}  // namespace aclcpu_test::reduce_torch_test
