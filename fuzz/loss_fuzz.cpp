// The loss family (docs/ops/loss.md): aclnnMseLoss, aclnnMseLossBackward, aclnnNLLLoss, aclnnNLLLossBackward and
// aclnnCrossEntropyLoss, a valid call of random shape, dtype and reduction, which the fuzzer may then break
// anywhere. Class-index targets are the one exception: their values must lie in [0, C) or be ignoreIndex (an
// out-of-range target fails the stream task by design), so the target tensor is made here with valid values
// over its own block and only its dtype and length are fuzzed.
#include <algorithm>
#include <cstring>

#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

int g_api = 0;  // 0 Mse, 1 MseBackward, 2 NLL, 3 NLLBackward, 4 CrossEntropy: phase 2 of the current input

// A 1-D (or 0-d) class-index tensor with valid values, freed after the call.
struct Targets {
  void *data = nullptr;
  aclTensor *tensor = nullptr;
  void Reset() {
    if (tensor != nullptr) aclDestroyTensor(tensor);
    if (data != nullptr) aclrtFree(data);
    tensor = nullptr;
    data = nullptr;
  }
};
Targets g_targets;

aclTensor *MakeTargets(FuzzInput &in, int64_t rows, bool zeroDim, int64_t classes, int64_t ignoreIndex,
                       aclDataType dtype) {
  const size_t size = aclDataTypeSize(dtype);
  const int64_t count = rows > 0 ? rows : 1;
  if (aclrtMalloc(&g_targets.data, static_cast<size_t>(count) * size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    return nullptr;
  }
  auto *bytes = static_cast<unsigned char *>(g_targets.data);
  for (int64_t n = 0; n < count; ++n) {
    // A UINT8 target cannot hold a negative ignoreIndex: those rows get a class instead.
    const bool canIgnore = dtype != ACL_UINT8 || (ignoreIndex >= 0 && ignoreIndex <= 255);
    const int64_t v = (classes == 0 || (canIgnore && in.OneIn(4))) ? ignoreIndex : in.Range(0, classes - 1);
    if (dtype == ACL_UINT8) {
      bytes[n] = static_cast<unsigned char>(v);
    } else if (dtype == ACL_INT32) {
      const auto w = static_cast<int32_t>(v);
      std::memcpy(bytes + n * 4, &w, 4);
    } else {
      std::memcpy(bytes + n * 8, &v, 8);
    }
  }
  const int64_t dims[] = {rows}, strides[] = {1}, storage[] = {count};
  g_targets.tensor =
      aclCreateTensor(dims, zeroDim ? 0 : 1, dtype, strides, 0, ACL_FORMAT_ND, storage, 1, g_targets.data);
  return g_targets.tensor;
}

aclnnStatus Phase1Of(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const int64_t reduction = in.OneIn(16) ? in.Range(-1, 3) : in.Range(0, 2);
  g_api = static_cast<int>(in.Range(0, 4));
  if (g_api <= 1) {
    const auto rank = static_cast<size_t>(in.Range(0, 4));
    std::vector<int64_t> dims, other;
    for (size_t d = 0; d < rank; ++d) dims.push_back(in.Range(in.OneIn(8) ? 0 : 1, 6));
    // At most 1024 elements on a side: a breaking that adds trailing 1s to one side ([N] vs [N, 1, 1]) broadcasts to
    // N x N elements (the last dim alone was bounded once: 6 x 5 x 843 then broadcast to 640 M elements, a
    // 3-minute call under ASan that timed the fuzz smoke run out).
    if (rank > 0 && in.OneIn(3)) dims.back() = in.Range(7, 1024);
    int64_t numel = 1;
    for (int64_t d : dims) numel *= d;
    if (numel > 1024) dims.back() = std::max<int64_t>(1, 1024 / (numel / dims.back()));
    other = dims;
    if (rank > 0 && in.OneIn(3)) other[in.Range(0, static_cast<int64_t>(rank) - 1)] = 1;  // broadcast
    const aclTensor *self = arena.Input(dims, dtype);
    const aclTensor *target = arena.Input(other, in.Pick({dtype, ACL_FLOAT}));
    if (g_api == 0) {
      aclTensor *out = arena.Output(reduction == 0 ? dims : std::vector<int64_t>{}, in.Pick({dtype, ACL_FLOAT}));
      return aclnnMseLossGetWorkspaceSize(self, target, reduction, out, workspaceSize, executor);
    }
    const aclTensor *grad = arena.Input(other, dtype);
    const aclTensor *sameTarget = arena.Input(dims, dtype);
    aclTensor *out = arena.Output(dims, in.Pick({dtype, ACL_FLOAT}));
    return aclnnMseLossBackwardGetWorkspaceSize(grad, self, sameTarget, reduction, out, workspaceSize, executor);
  }
  const bool batch = !in.OneIn(4) || g_api == 4;
  const int64_t rows = batch ? in.Range(in.OneIn(8) ? 0 : 1, 40) : 1;
  const int64_t classes = in.OneIn(3) ? in.Range(1, 3000) : in.Range(in.OneIn(16) ? 0 : 1, 9);
  const int64_t ignoreIndex = in.Pick<int64_t>({-100, 0, 1, 255});
  const aclDataType targetType = g_api == 4 ? ACL_INT64 : in.Pick({ACL_INT64, ACL_INT32, ACL_UINT8});
  const std::vector<int64_t> selfDims = batch ? std::vector<int64_t>{rows, classes} : std::vector<int64_t>{classes};
  const aclTensor *self = arena.Input(selfDims, dtype);
  const aclTensor *target = MakeTargets(in, rows + (in.OneIn(16) ? 1 : 0), !batch, classes, ignoreIndex, targetType);
  const std::vector<int64_t> lossDims = reduction == 0 && batch ? std::vector<int64_t>{rows} : std::vector<int64_t>{};
  if (g_api == 4) {
    static char names[][5] = {"none", "mean", "sum", "avg"};
    const aclTensor *weight = in.OneIn(2) ? arena.Input({classes}, ACL_FLOAT) : nullptr;
    const int64_t r = reduction < 0 ? 3 : reduction;
    aclTensor *loss = arena.Output(r == 0 ? std::vector<int64_t>{rows} : std::vector<int64_t>{1}, dtype);
    aclTensor *logProb = arena.Output(selfDims, dtype);
    aclTensor *zloss = arena.Output({1}, dtype);
    aclTensor *lse = arena.Output({rows}, dtype);
    const double smoothing = in.Pick({0.0, 0.1, 1.0, -0.5, 2.0});
    return aclnnCrossEntropyLossGetWorkspaceSize(self, target, weight, in.OneIn(8) ? nullptr : names[r], ignoreIndex,
                                                 smoothing, 0.0, false, loss, logProb, zloss, lse, workspaceSize,
                                                 executor);
  }
  const aclTensor *weight = arena.Input({classes}, dtype);
  if (g_api == 2) {
    aclTensor *out = arena.Output(lossDims, in.Pick({dtype, ACL_FLOAT}));
    aclTensor *totalWeight = arena.Output({1}, in.Pick({dtype, ACL_FLOAT}));
    return aclnnNLLLossGetWorkspaceSize(self, target, weight, reduction, ignoreIndex, out, totalWeight, workspaceSize,
                                        executor);
  }
  const aclTensor *grad = arena.Input(lossDims, dtype);
  const aclTensor *totalWeight = arena.Input({1}, dtype);
  aclTensor *out = arena.Output(selfDims, in.Pick({dtype, ACL_FLOAT}));
  return aclnnNLLLossBackwardGetWorkspaceSize(grad, self, target, weight, reduction, ignoreIndex, totalWeight, out,
                                              workspaceSize, executor);
}

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclnnStatus status = Phase1Of(in, arena, workspaceSize, executor);
  // The device's tiling failure (561002) is the generated op's documented refusal of bad shapes and attributes.
  return status == ACLNN_ERR_INNER_TILING_ERROR ? ACLNN_ERR_PARAM_INVALID : status;
}

aclnnStatus Phase2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  switch (g_api) {
    case 1: return aclnnMseLossBackward(workspace, workspaceSize, executor, stream);
    case 2: return aclnnNLLLoss(workspace, workspaceSize, executor, stream);
    case 3: return aclnnNLLLossBackward(workspace, workspaceSize, executor, stream);
    case 4: return aclnnCrossEntropyLoss(workspace, workspaceSize, executor, stream);
    default: return aclnnMseLoss(workspace, workspaceSize, executor, stream);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const int result = FuzzOperatorCall(data, size, "aclnnLoss", Phase1, Phase2);
  g_targets.Reset();
  return result;
}
