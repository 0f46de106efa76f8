// aclnnRmsNorm, aclnnRmsNormGrad and aclnnAddRmsNorm (docs/ops/rms_norm.md): a valid call of random rank,
// gamma rank, dtype row and (AddRmsNorm) mode, which the fuzzer may then break anywhere (tensors, epsilon,
// thread count).
#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

int g_api = 0;  // 0 RmsNorm, 1 RmsNormGrad, 2 AddRmsNorm: the phase-2 function of the current input

aclnnStatus Phase1Of(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclDataType gammaDtype = in.Pick({dtype, ACL_FLOAT});
  const auto rank = static_cast<size_t>(in.Range(1, 4));
  const auto gammaRank = static_cast<size_t>(in.Range(1, static_cast<int64_t>(rank)));
  std::vector<int64_t> dims;
  // Small dims (0 now and then: the empty paths), and one longer last dim for the vector bodies.
  for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(in.OneIn(8) ? 0 : 1, 6));
  if (in.OneIn(3)) dims.back() = in.Range(7, 300);
  const std::vector<int64_t> gammaDims(dims.end() - static_cast<long>(gammaRank), dims.end());
  std::vector<int64_t> rstdDims(dims.begin(), dims.end() - static_cast<long>(gammaRank));
  rstdDims.resize(rank, 1);
  const double eps = in.Pick({1e-6, 0.0, 0.1, -1.0});
  g_api = static_cast<int>(in.Range(0, 2));
  switch (g_api) {
    case 1: {
      const aclTensor *dy = arena.Input(dims, dtype);
      const aclTensor *x = arena.Input(dims, dtype);
      const aclTensor *rstd = arena.Input(rstdDims, ACL_FLOAT);
      const aclTensor *gamma = arena.Input(gammaDims, gammaDtype);
      aclTensor *dx = arena.Output(dims, dtype);
      aclTensor *dgamma = arena.Output(gammaDims, ACL_FLOAT);
      return aclnnRmsNormGradGetWorkspaceSize(dy, x, rstd, gamma, dx, dgamma, workspaceSize, executor);
    }
    case 2: {
      const int mode = static_cast<int>(in.Range(0, 2));  // rstdOut and xOut, xOut only, neither
      const std::vector<int64_t> fusedGamma = {1, dims.back()};
      const aclTensor *x1 = arena.Input(dims, dtype);
      const aclTensor *x2 = arena.Input(dims, dtype);
      const aclTensor *gamma = arena.Input(mode == 0 ? gammaDims : fusedGamma, dtype);
      aclTensor *y = arena.Output(dims, dtype);
      aclTensor *rstd = mode == 0 ? arena.Output(rstdDims, ACL_FLOAT) : nullptr;
      aclTensor *xOut = mode < 2 ? arena.Output(dims, dtype) : nullptr;
      return aclnnAddRmsNormGetWorkspaceSize(x1, x2, gamma, eps, y, rstd, xOut, workspaceSize, executor);
    }
    default: {
      const aclTensor *x = arena.Input(dims, dtype);
      const aclTensor *gamma = arena.Input(gammaDims, gammaDtype);
      aclTensor *y = arena.Output(dims, dtype);
      aclTensor *rstd = arena.Output(rstdDims, ACL_FLOAT);
      return aclnnRmsNormGetWorkspaceSize(x, gamma, eps, y, rstd, workspaceSize, executor);
    }
  }
}

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclnnStatus status = Phase1Of(in, arena, workspaceSize, executor);
  // The device's tiling failure (561002) is the generated ops' documented refusal of bad shapes and epsilon.
  return status == ACLNN_ERR_INNER_TILING_ERROR ? ACLNN_ERR_PARAM_INVALID : status;
}

aclnnStatus Phase2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  switch (g_api) {
    case 1: return aclnnRmsNormGrad(workspace, workspaceSize, executor, stream);
    case 2: return aclnnAddRmsNorm(workspace, workspaceSize, executor, stream);
    default: return aclnnRmsNorm(workspace, workspaceSize, executor, stream);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnRmsNorm", Phase1, Phase2);
}
