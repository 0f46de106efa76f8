// aclnnLayerNorm, aclnnLayerNormWithImplMode and aclnnFastLayerNorm: a valid call of random rank,
// split, dtype combination and optionals, which the fuzzer may then break anywhere (tensors,
// normalizedShape, implMode, thread count). Phase 2 is always another of the three functions than
// the phase-1 one: any of them runs an executor from any other.
#include "aclnnop/aclnn_layer_norm.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

int g_api = 0;  // the phase-1 function of the current input, for the phase-2 pick

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclDataType paramDtype = in.Pick({dtype, ACL_FLOAT});
  const auto rank = static_cast<size_t>(in.Range(1, 4));
  const auto normRank = static_cast<size_t>(in.Range(1, static_cast<int64_t>(rank)));
  std::vector<int64_t> dims;
  // Small dims (0 now and then: the empty paths), and one longer last dim for the vector bodies.
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(in.OneIn(8) ? 0 : 1, 6));
  if (in.OneIn(3)) dims.back() = in.Range(7, 300);
  const std::vector<int64_t> normShape(dims.end() - static_cast<long>(normRank), dims.end());
  std::vector<int64_t> statDims(dims.begin(), dims.end() - static_cast<long>(normRank));
  statDims.resize(rank, 1);

  const aclTensor *input = arena.Input(dims, dtype);
  aclIntArray *normalizedShape = arena.IntArray(normShape);
  const aclTensor *weight = in.OneIn(4) ? nullptr : arena.Input(normShape, paramDtype);
  const aclTensor *bias = in.OneIn(4) ? nullptr : arena.Input(normShape, paramDtype);
  const double eps = in.Pick({1e-5, 1e-12, 0.0, 0.1});
  aclTensor *out = arena.Output(dims, in.Pick({dtype, ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  aclTensor *mean = in.OneIn(4) ? nullptr : arena.Output(statDims, in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  aclTensor *rstd = in.OneIn(4) ? nullptr : arena.Output(statDims, in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  g_api = static_cast<int>(in.Range(0, 2));
  switch (g_api) {
    case 1: {
      const auto implMode = static_cast<int32_t>(in.Range(-1, 3));
      return aclnnLayerNormWithImplModeGetWorkspaceSize(input, normalizedShape, weight, bias, eps, out, mean, rstd,
                                                        implMode, workspaceSize, executor);
    }
    case 2:
      return aclnnFastLayerNormGetWorkspaceSize(input, normalizedShape, weight, bias, eps, out, mean, rstd,
                                                workspaceSize, executor);
    default:
      return aclnnLayerNormGetWorkspaceSize(input, normalizedShape, weight, bias, eps, out, mean, rstd, workspaceSize,
                                            executor);
  }
}

aclnnStatus Phase2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  switch (g_api) {
    case 1: return aclnnFastLayerNorm(workspace, workspaceSize, executor, stream);
    case 2: return aclnnLayerNorm(workspace, workspaceSize, executor, stream);
    default: return aclnnLayerNormWithImplMode(workspace, workspaceSize, executor, stream);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnLayerNorm", Phase1, Phase2);
}
