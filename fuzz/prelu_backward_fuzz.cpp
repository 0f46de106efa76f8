// aclnnPreluBackward: a valid call of random rank with one shared or one per-channel weight, which
// the fuzzer may then break anywhere (tensors, thread count).
#include "aclnnop/aclnn_prelu_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const auto rank = static_cast<size_t>(in.Range(1, 5));
  std::vector<int64_t> dims;
  // Small dims, and one longer last dim now and then for the vector bodies and tails.
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(1, 5));
  if (in.OneIn(3)) dims.back() = in.Range(6, 300);
  const std::vector<int64_t> weightDims{rank >= 2 && !in.OneIn(3) ? dims[1] : 1};

  const aclTensor *gradOutput = arena.Input(dims, dtype);
  const aclTensor *self = arena.Input(dims, dtype);
  const aclTensor *weight = arena.Input(weightDims, dtype);
  aclTensor *gradInput = arena.Output(dims, dtype);
  aclTensor *gradWeight = arena.Output(weightDims, dtype);

  return aclnnPreluBackwardGetWorkspaceSize(gradOutput, self, weight, gradInput, gradWeight, workspaceSize, executor);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnPreluBackward", Phase1, aclnnPreluBackward);
}
