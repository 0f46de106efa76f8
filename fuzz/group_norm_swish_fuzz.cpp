// aclnnGroupNormSwish: a valid call of random rank, groups and dtype row (incl. the mixed
// FLOAT16/BF16 x with FLOAT gamma rows), which the fuzzer may then break anywhere (tensors,
// numGroups, dataFormat, eps, activateSwish, swishScale, thread count).
#include <cmath>
#include <limits>

#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

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
  aclTensor *y = arena.Output(dims, dtype);
  aclTensor *mean = arena.Output(
      in.OneIn(4) ? std::vector<int64_t>{batch * groups} : std::vector<int64_t>{batch, groups}, gammaDtype);
  aclTensor *rstd = arena.Output({batch, groups}, gammaDtype);

  const aclnnStatus status = aclnnGroupNormSwishGetWorkspaceSize(
      x, gamma, beta, numGroups, dataFormat, eps, activateSwish, swishScale, y, mean, rstd, workspaceSize, executor);
  // The device's tiling failure (561002) is this operator's documented refusal of bad shapes and group
  // counts: the shared checks see it as the parameter error it is.
  return status == ACLNN_ERR_INNER_TILING_ERROR ? ACLNN_ERR_PARAM_INVALID : status;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return FuzzOperatorCall(data, size, "aclnnGroupNormSwish", Phase1, aclnnGroupNormSwish);
}
