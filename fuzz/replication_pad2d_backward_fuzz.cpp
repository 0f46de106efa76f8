// aclnnReplicationPad2dBackward: a valid 3-D or 4-D call with random padding and dtype, which the
// fuzzer may then break anywhere (tensors, the padding array, thread count).
#include "aclnnop/aclnn_pad2d_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128});
  const int64_t height = in.OneIn(6) ? in.Range(10, 60) : in.Range(1, 9);
  const int64_t width = in.OneIn(4) ? in.Range(10, 100) : in.Range(1, 9);
  // Pads of any size (no rule bounds them but bf16's), sometimes negative (cropping).
  auto pad = [&](int64_t size) { return in.OneIn(8) ? -in.Range(0, size - 1) : in.Range(0, size + 12); };
  const int64_t left = pad(width), right = pad(width), top = pad(height), bottom = pad(height);
  std::vector<int64_t> selfDims{in.Range(1, 4), height, width};
  if (!in.OneIn(3)) selfDims.insert(selfDims.begin(), in.Range(1, 3));
  std::vector<int64_t> gradDims = selfDims;
  gradDims[gradDims.size() - 2] = std::max<int64_t>(0, height + top + bottom);
  gradDims[gradDims.size() - 1] = std::max<int64_t>(0, width + left + right);

  const aclTensor *gradOutput = arena.Input(gradDims, dtype);
  const aclTensor *self = arena.Input(selfDims, dtype);
  aclIntArray *padding = arena.IntArray({left, right, top, bottom});
  aclTensor *gradInput = arena.Output(selfDims, dtype);

  return aclnnReplicationPad2dBackwardGetWorkspaceSize(gradOutput, self, padding, gradInput, workspaceSize, executor);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnReplicationPad2dBackward", Phase1, aclnnReplicationPad2dBackward);
}
