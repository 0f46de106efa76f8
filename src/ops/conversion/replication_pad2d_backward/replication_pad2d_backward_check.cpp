#include "ops/conversion/replication_pad2d_backward/replication_pad2d_backward_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReplicationPad2dBackward";

}  // namespace

aclnnStatus CheckReplicationPad2dBackward(const ReplicationPad2dBackwardArgs &a, bool *compute) {
  return CheckPad2dBackward(kOp, PadMode::kReplicate, a, compute);
}

aclnnStatus CheckReplicationPad2dBackwardStrict(const ReplicationPad2dBackwardArgs &a) {
  return CheckPad2dBackwardStrict(kOp, a);
}

}  // namespace aclcpu
