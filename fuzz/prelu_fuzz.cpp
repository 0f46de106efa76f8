// aclnnPrelu: a valid call of random rank (0 to 5) with one shared or one per-channel weight and any of
// the three dtypes for each tensor, which the fuzzer may then break anywhere (tensors, thread count).
#include "aclnnop/aclnn_prelu.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType selfType = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclDataType weightType = in.OneIn(3) ? in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) : selfType;
  const aclDataType outType = in.OneIn(3) ? in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) : selfType;
  const auto rank = static_cast<size_t>(in.Range(0, 5));
  std::vector<int64_t> dims;
  // Small dims, and one longer last dim now and then for the vector bodies and tails.
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(1, 5));
  if (rank > 0 && in.OneIn(3)) dims.back() = in.Range(6, 300);
  const std::vector<int64_t> weightDims{rank >= 2 && !in.OneIn(3) ? dims[1] : 1};

  const aclTensor *self = arena.Input(dims, selfType);
  const aclTensor *weight = arena.Input(weightDims, weightType);
  aclTensor *out = arena.Output(dims, outType);
  return aclnnPreluGetWorkspaceSize(self, weight, out, workspaceSize, executor);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnPrelu", Phase1, aclnnPrelu);
}
