// aclnnGroupNormSwishGrad and aclnnGroupNormBackward (the same kernel without the swish): a valid call of
// random rank, groups and dtype, which the fuzzer may then break anywhere (tensors, numGroups or N/C/HxW/group,
// dataFormat, swishScale, the require flags or outputMask, null gamma, thread count).
#include <cmath>
#include <limits>

#include "aclnnop/aclnn_group_norm_backward.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

bool g_plain = false;  // aclnnGroupNormBackward this input

aclnnStatus Phase1(FuzzInput &in, TensorArena &arena, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclDataType dtype = in.Pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
  const int64_t batch = in.Range(1, 4), groups = in.Range(1, 4);
  const int64_t channels = groups * in.Range(1, 4);
  std::vector<int64_t> dims{batch, channels};
  const int64_t spatialRank = in.Range(0, 3);
  for (int64_t d = 0; d < spatialRank; ++d) dims.push_back(in.Range(1, 5));
  if (spatialRank > 0 && in.OneIn(3)) dims.back() = in.Range(6, 200);

  const aclTensor *dy = arena.Input(dims, dtype);
  const aclTensor *mean = arena.Input({batch, groups}, dtype);
  const aclTensor *rstd = arena.Input({batch, groups}, dtype);
  const aclTensor *x = arena.Input(dims, dtype);
  const aclTensor *gamma = arena.Input({channels}, dtype);
  const aclTensor *beta = arena.Input({channels}, dtype);
  int64_t numGroups = groups;
  if (in.OneIn(16)) numGroups = in.Pick<int64_t>({0, -1, 3, 4001, int64_t{1} << 40, INT64_MIN});
  g_plain = in.OneIn(2);
  if (g_plain) {
    int64_t hw = 1;
    for (size_t d = 2; d < dims.size(); ++d) hw *= dims[d];
    const int64_t n = in.OneIn(16) ? in.Pick<int64_t>({0, -1, batch + 1}) : batch;
    const int64_t c = in.OneIn(16) ? in.Pick<int64_t>({-channels, channels + 1}) : channels;
    aclBoolArray *mask = arena.BoolArray({!in.OneIn(4), !in.OneIn(4), !in.OneIn(4)});
    aclTensor *gradInput = arena.Output(dims, dtype);
    aclTensor *gradGamma = arena.Output({channels}, dtype);
    aclTensor *gradBeta = arena.Output({channels}, dtype);
    return aclnnGroupNormBackwardGetWorkspaceSize(dy, x, mean, rstd, in.OneIn(4) ? nullptr : gamma, n, c, hw, numGroups,
                                                  mask, gradInput, gradGamma, gradBeta, workspaceSize, executor);
  }
  char nchw[] = "NCHW", other[] = "NHWC?";
  char *dataFormat = in.Pick<char *>({nullptr, nchw, other});
  const double swishScale = in.OneIn(8) ? in.Pick({0.0, -1.0, 1e300, std::numeric_limits<double>::quiet_NaN(),
                                                   std::numeric_limits<double>::infinity()})
                                        : 0.1 + static_cast<double>(in.Range(0, 19)) / 10.0;
  const bool dgammaIsRequire = !in.OneIn(4), dbetaIsRequire = !in.OneIn(4);
  aclTensor *dx = arena.Output(dims, dtype);
  aclTensor *dgamma = arena.Output({channels}, dtype);
  aclTensor *dbeta = arena.Output({channels}, dtype);

  return aclnnGroupNormSwishGradGetWorkspaceSize(dy, mean, rstd, x, gamma, beta, numGroups, dataFormat, swishScale,
                                                 dgammaIsRequire, dbetaIsRequire, dx, dgamma, dbeta, workspaceSize,
                                                 executor);
}

aclnnStatus Phase2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
  return g_plain ? aclnnGroupNormBackward(workspace, workspaceSize, executor, stream)
                 : aclnnGroupNormSwishGrad(workspace, workspaceSize, executor, stream);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnGroupNormSwishGrad", Phase1, Phase2);
}
