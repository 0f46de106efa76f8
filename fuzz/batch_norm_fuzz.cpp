// aclnnBatchNorm and aclnnBatchNormBackward (docs/ops/batch_norm.md): a valid call of random rank, dtypes per
// tensor, training or inference and optionals, which the fuzzer may then break anywhere (tensors, momentum, eps,
// outputMask, thread count).
#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

bool g_backward = false;  // the phase-2 function of the current input

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  auto dtype = [&in] { return in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16}); };
  const auto rank = static_cast<size_t>(in.Range(2, 5));
  std::vector<int64_t> dims;
  // Small dims (0 now and then: the empty paths), and one longer last dim for the vector bodies.
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(in.OneIn(10) ? 0 : 1, 5));
  if (in.OneIn(3)) dims.back() = in.Range(6, 300);
  const std::vector<int64_t> channel = {dims[1]};
  const aclDataType xType = dtype();
  const bool training = !in.OneIn(3);
  const double eps = in.Pick({1e-5, 0.0, 0.1, -1.0});
  auto optional = [&](aclDataType t) { return in.OneIn(4) ? nullptr : arena.Input(channel, t); };
  auto optionalOut = [&](aclDataType t) { return in.OneIn(6) ? nullptr : arena.Output(channel, t); };
  g_backward = in.OneIn(2);
  if (g_backward) {
    const aclTensor *gradOut = arena.Input(dims, xType);
    const aclTensor *input = arena.Input(dims, xType);
    const aclTensor *weight = optional(dtype());
    const aclTensor *runningMean = optional(ACL_FLOAT), *runningVar = optional(ACL_FLOAT);
    const aclTensor *saveMean = optional(ACL_FLOAT), *saveInvstd = optional(ACL_FLOAT);
    aclBoolArray *mask = arena.BoolArray({!in.OneIn(4), !in.OneIn(4), !in.OneIn(4)});
    aclTensor *gradInput = arena.Output(dims, xType);
    aclTensor *gradWeight = optionalOut(ACL_FLOAT), *gradBias = optionalOut(ACL_FLOAT);
    return aclnnBatchNormBackwardGetWorkspaceSize(gradOut, input, weight, runningMean, runningVar, saveMean, saveInvstd,
                                                  training, eps, mask, gradInput, gradWeight, gradBias, workspaceSize,
                                                  executor);
  }
  const aclTensor *input = arena.Input(dims, xType);
  const aclTensor *weight = optional(dtype()), *bias = optional(dtype());
  aclTensor *runningMean = in.OneIn(4) ? nullptr : arena.Output(channel, dtype());
  aclTensor *runningVar = in.OneIn(4) ? nullptr : arena.Output(channel, dtype());
  aclTensor *output = arena.Output(dims, xType);
  aclTensor *saveMean = optionalOut(dtype()), *saveInvstd = optionalOut(dtype());
  const double momentum = in.Pick({0.1, 0.0, 1.0, -0.5});
  return aclnnBatchNormGetWorkspaceSize(input, weight, bias, runningMean, runningVar, training, momentum, eps, output,
                                        saveMean, saveInvstd, workspaceSize, executor);
}

aclnnStatus Phase2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  return g_backward ? aclnnBatchNormBackward(workspace, workspaceSize, executor, stream)
                    : aclnnBatchNorm(workspace, workspaceSize, executor, stream);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnBatchNorm", Phase1, Phase2);
}
