// aclnnReplicationPad2d against at::replication_pad2d on 200 random problems per dtype (bytes equal), and the
// forward -> backward cascade against PyTorch autograd.
#include "common/pad2d_torch_checks.h"

namespace aclcpu_test::replication_pad2d_torch_test {
namespace {

class ReplicationPad2dTorchParity : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ReplicationPad2dTorchParity, RandomCasesAreByteEqual) { CheckForwardParity(PadKind::kReplicate, GetParam()); }

INSTANTIATE_TEST_SUITE_P(Dtypes, ReplicationPad2dTorchParity,
                         ::testing::ValuesIn(PadForwardDTypes(PadKind::kReplicate)),
                         [](const ::testing::TestParamInfo<aclDataType> &info) { return DTypeLabel(info.param); });

class ReplicationPad2dCascade : public ::testing::TestWithParam<aclDataType> {
 protected:
  static void SetUpTestSuite() { aclInit(nullptr); }
};

TEST_P(ReplicationPad2dCascade, ForwardThenBackwardMatchesAutograd) { CheckCascade(PadKind::kReplicate, GetParam()); }

INSTANTIATE_TEST_SUITE_P(Dtypes, ReplicationPad2dCascade,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128),
                         [](const ::testing::TestParamInfo<aclDataType> &info) { return DTypeLabel(info.param); });

}  // namespace
}  // namespace aclcpu_test::replication_pad2d_torch_test
