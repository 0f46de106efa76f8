// aclnnConvTbc: a valid call of random time, batch, channels, kernel width, pad, dtype and bias
// dtype, which the fuzzer may then break anywhere (tensors, pad, cubeMathType, thread count).
#include <algorithm>

#include "aclnnop/aclnn_convolution.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclDataType biasType = in.OneIn(2) ? dtype : in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const int64_t time = in.OneIn(8) ? 0 : in.Range(1, 12), batch = in.Range(in.OneIn(8) ? 0 : 1, 4);
  const int64_t inChannels = in.OneIn(4) ? in.Range(0, 80) : in.Range(1, 8);
  const int64_t outChannels = in.OneIn(4) ? in.Range(0, 80) : in.Range(1, 8);
  const int64_t kernelWidth = in.Range(1, 4);
  int64_t pad = in.Range(0, 3);
  const int64_t outTime = std::max<int64_t>(time + 2 * pad - kernelWidth + 1, 0);
  if (in.OneIn(16)) pad = in.Pick<int64_t>({-1, -100, int64_t{1} << 40, INT64_MAX, INT64_MIN});
  const auto cubeMathType = static_cast<int8_t>(in.OneIn(8) ? in.Range(-128, 127) : in.Range(0, 4));

  const aclTensor *self = arena.Input({time, batch, inChannels}, dtype);
  const aclTensor *weight = arena.Input({kernelWidth, inChannels, outChannels}, dtype);
  const aclTensor *bias = arena.Input({outChannels}, biasType);
  aclTensor *output = arena.Output({outTime, batch, outChannels}, dtype);

  return aclnnConvTbcGetWorkspaceSize(self, weight, bias, pad, output, cubeMathType, workspaceSize, executor);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnConvTbc", Phase1, aclnnConvTbc);
}
