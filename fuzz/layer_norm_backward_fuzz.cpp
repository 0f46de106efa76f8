// aclnnLayerNormBackward: a valid call of random rank, split and dtype combination, which the
// fuzzer may then break anywhere (tensors, normalizedShape, outputMask, thread count).
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclDataType statDtype = in.Pick({dtype, ACL_FLOAT});
  const auto rank = static_cast<size_t>(in.Range(1, 4));
  const auto normRank = static_cast<size_t>(in.Range(1, static_cast<int64_t>(rank)));
  std::vector<int64_t> dims;
  // Small dims, and one longer last dim now and then for the vector bodies and tails.
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(1, 6));
  if (in.OneIn(3)) dims.back() = in.Range(7, 300);
  const std::vector<int64_t> normShape(dims.end() - static_cast<long>(normRank), dims.end());
  std::vector<int64_t> statDims(dims.begin(), dims.end() - static_cast<long>(normRank));
  statDims.resize(rank, 1);

  const aclTensor *gradOut = arena.Input(dims, dtype);
  const aclTensor *input = arena.Input(dims, dtype);
  aclIntArray *normalizedShape = arena.IntArray(normShape);
  const aclTensor *mean = arena.Input(statDims, statDtype);
  const aclTensor *rstd = arena.Input(statDims, statDtype);
  const aclTensor *weight = in.OneIn(4) ? nullptr : arena.Input(normShape, statDtype);
  const aclTensor *bias = in.OneIn(4) ? nullptr : arena.Input(normShape, statDtype);
  aclBoolArray *outputMask = arena.BoolArray({!in.OneIn(4), !in.OneIn(4), !in.OneIn(4)});
  aclTensor *gradInput = arena.Output(dims, in.Pick({dtype, ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  aclTensor *gradWeight = arena.Output(normShape, in.Pick({statDtype, ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  aclTensor *gradBias = arena.Output(normShape, in.Pick({statDtype, ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));

  return aclnnLayerNormBackwardGetWorkspaceSize(gradOut, input, normalizedShape, mean, rstd, weight, bias, outputMask,
                                                gradInput, gradWeight, gradBias, workspaceSize, executor);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnLayerNormBackward", Phase1, aclnnLayerNormBackward);
}
