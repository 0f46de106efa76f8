// Parity with PyTorch's at::reflection_pad2d_backward on 200 random problems per dtype (PyTorch 1.13 has no fp16/bf16
// kernel: compared with its fp32 result cast back): our max error against float64 is at most PyTorch's
// plus one ulp. The body is the pad family's (common/pad2d_torch_checks.h); the cascade with the forward
// operator is in the forward's suite.
#include "common/pad2d_torch_checks.h"

namespace aclcpu_test::reflection_pad2d_backward_torch_test {
namespace {

class ReflectionPad2dBackwardTorchParity : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ReflectionPad2dBackwardTorchParity, RandomCases) { CheckBackwardParity(PadKind::kReflect, GetParam()); }

INSTANTIATE_TEST_SUITE_P(Dtypes, ReflectionPad2dBackwardTorchParity,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128),
                         [](const ::testing::TestParamInfo<aclDataType> &info) {
                           return std::string(DTypeLabel(info.param));
                         });

}  // namespace
}  // namespace aclcpu_test::reflection_pad2d_backward_torch_test
