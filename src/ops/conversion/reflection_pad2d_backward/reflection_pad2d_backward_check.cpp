#include "ops/conversion/reflection_pad2d_backward/reflection_pad2d_backward_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReflectionPad2dBackward";

}  // namespace

aclnnStatus CheckReflectionPad2dBackward(const ReflectionPad2dBackwardArgs &a, bool *compute) {
  return CheckPad2dBackward(kOp, PadMode::kReflect, a, compute);
}

aclnnStatus CheckReflectionPad2dBackwardStrict(const ReflectionPad2dBackwardArgs &a) {
  return CheckPad2dBackwardStrict(kOp, a);
}

}  // namespace aclcpu
