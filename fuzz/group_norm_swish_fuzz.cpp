// aclnnGroupNormSwish, aclnnGroupNorm and aclnnGroupNormSilu (one kernel): a valid call of random rank, groups
// and dtype row (incl. the mixed FLOAT16/BF16 x with FLOAT gamma rows, statistics in gamma's or x's dtype,
// null gamma/beta for the latter two), which the fuzzer may then break anywhere (tensors, numGroups,
// dataFormat, eps, activateSwish, swishScale, N/C/HxW, thread count).
#include <cmath>
#include <limits>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_silu.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

Phase2Fn g_phase2 = nullptr;
aclnnStatus Phase2(void *workspace, uint64_t size, aclOpExecutor *executor, aclrtStream stream) {
  return g_phase2(workspace, size, executor, stream);
}

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const aclDataType gammaDtype = dtype != ACL_FLOAT && in.OneIn(3) ? ACL_FLOAT : dtype;
  const int64_t batch = in.Range(in.OneIn(16) ? 0 : 1, 4), groups = in.Range(1, 4);
  const int64_t channels = groups * in.Range(1, 4);
  std::vector<int64_t> dims{batch, channels};
  const int64_t spatialRank = in.Range(0, 3);
  for (int64_t d = 0; d < spatialRank; ++d) dims.push_back(in.Range(1, 5));
  if (spatialRank > 0 && in.OneIn(3)) dims.back() = in.Range(6, 2100);

  const aclTensor *x = arena.Input(dims, dtype);
  const aclTensor *gamma = arena.Input({channels}, gammaDtype);
  const aclTensor *beta = arena.Input({channels}, gammaDtype);
  int64_t numGroups = groups;
  if (in.OneIn(16)) numGroups = in.Pick<int64_t>({0, -1, 3, 4001, int64_t{1} << 40, INT64_MIN});
  char nchw[] = "NCHW", other[] = "NHWC?";
  char *dataFormat = in.Pick<char *>({nullptr, nchw, other});
  const double eps = in.OneIn(8) ? in.Pick({0.0, -1.0, 1e300, std::numeric_limits<double>::quiet_NaN()}) : 1e-5;
  const bool activateSwish = !in.OneIn(4);
  const double swishScale = in.OneIn(8) ? in.Pick({0.0, -1.0, 1e300, std::numeric_limits<double>::quiet_NaN(),
                                                   std::numeric_limits<double>::infinity()})
                                        : -2.0 + static_cast<double>(in.Range(0, 40)) / 10.0;
  const int op = static_cast<int>(in.Range(0, 2));  // GroupNormSwish, GroupNorm, GroupNormSilu
  const aclDataType statDtype = op == 0 || in.OneIn(8) ? gammaDtype : dtype;
  aclTensor *y = arena.Output(dims, dtype);
  aclTensor *mean =
      arena.Output(in.OneIn(4) ? std::vector<int64_t>{batch * groups} : std::vector<int64_t>{batch, groups}, statDtype);
  aclTensor *rstd = arena.Output({batch, groups}, statDtype);
  if (op == 1) {
    int64_t hw = 1;
    for (size_t d = 2; d < dims.size(); ++d) hw *= dims[d];
    g_phase2 = aclnnGroupNorm;
    return aclnnGroupNormGetWorkspaceSize(
        x, in.OneIn(4) ? nullptr : gamma, in.OneIn(4) ? nullptr : beta, in.OneIn(16) ? in.Range(-1, 5) : batch,
        in.OneIn(16) ? in.Range(-1, 9) : channels, in.OneIn(16) ? in.Range(-1, 9) : hw, numGroups, eps, y, mean, rstd,
        workspaceSize, executor);
  }
  if (op == 2) {
    g_phase2 = aclnnGroupNormSilu;
    return aclnnGroupNormSiluGetWorkspaceSize(x, in.OneIn(4) ? nullptr : gamma, in.OneIn(4) ? nullptr : beta, numGroups,
                                              eps, y, mean, rstd, workspaceSize, executor);
  }
  g_phase2 = aclnnGroupNormSwish;
  const aclnnStatus status = aclnnGroupNormSwishGetWorkspaceSize(
      x, gamma, beta, numGroups, dataFormat, eps, activateSwish, swishScale, y, mean, rstd, workspaceSize, executor);
  // The device's tiling failure (561002) is this operator's documented refusal of bad shapes and group
  // counts: the shared checks see it as the parameter error it is.
  return status == ACLNN_ERR_INNER_TILING_ERROR ? ACLNN_ERR_PARAM_INVALID : status;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnGroupNormSwish", Phase1, Phase2);
}
