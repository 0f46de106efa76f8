// aclnnConvTbcBackward: a valid call of random time, batch, channels, kernel width, pad and dtype,
// which the fuzzer may then break anywhere (tensors, pad, cubeMathType, thread count).
#include <algorithm>

#include "aclnnop/aclnn_convolution_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const int64_t time = in.Range(1, 12), batch = in.Range(1, 4);
  const int64_t inChannels = in.OneIn(4) ? in.Range(1, 80) : in.Range(1, 8);
  const int64_t outChannels = in.OneIn(4) ? in.Range(1, 80) : in.Range(1, 8);
  const int64_t kernelWidth = in.Range(1, 4);
  int64_t pad = in.Range(0, 3);
  const int64_t outTime = std::max<int64_t>(time + 2 * pad - kernelWidth + 1, 0);
  if (in.OneIn(16)) pad = in.Pick<int64_t>({-1, -100, int64_t{1} << 40, INT64_MAX, INT64_MIN});
  const auto cubeMathType = static_cast<int8_t>(in.OneIn(8) ? in.Range(-128, 127) : in.Range(0, 3));

  const aclTensor *self = arena.Input({outTime, batch, outChannels}, dtype);
  const aclTensor *input = arena.Input({time, batch, inChannels}, dtype);
  const aclTensor *weight = arena.Input({kernelWidth, inChannels, outChannels}, dtype);
  const aclTensor *bias = arena.Input({outChannels}, dtype);
  aclTensor *gradInput = arena.Output({time, batch, inChannels}, dtype);
  aclTensor *gradWeight = arena.Output({kernelWidth, inChannels, outChannels}, dtype);
  aclTensor *gradBias = arena.Output({outChannels}, dtype);

  return aclnnConvTbcBackwardGetWorkspaceSize(self, input, weight, bias, pad, cubeMathType, gradInput, gradWeight,
                                              gradBias, workspaceSize, executor);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnConvTbcBackward", Phase1, aclnnConvTbcBackward);
}
