// aclnnThresholdBackward: out = self > threshold ? gradOutput : 0, broadcast (docs/ops/activations.md
// §10). A threshold within FLT_EPSILON of 0 is 0, as the vendor's ReluGrad path.
#include <cfloat>
#include <cmath>

#include "aclnnop/aclnn_threshold_backward.h"
#include "base/dtype_rules.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "base/scalar_value.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnThresholdBackward";

// workspaceSize, executor -> null threshold, out, gradOutput, self -> dtypes (gradOutput, self in the
// list, equal, out equal) -> ranks <= 8 -> broadcast(self, gradOutput) == out shape -> empty.
aclnnStatus ThresholdBackward(const aclTensor *gradOutput, const aclTensor *self, const aclScalar *threshold,
                              aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(threshold, "threshold"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, "out"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, "self"));
  const std::initializer_list<aclDataType> dtypes = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_BF16};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(gradOutput, "gradOutput", dtypes));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, "self", dtypes));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(gradOutput, "gradOutput", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(out, "out", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(gradOutput, "gradOutput", kMaxRank));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, "self", kMaxRank));
  std::vector<int64_t> shape;
  ACLCPU_RETURN_IF_ERROR(check.Broadcast(self, "self", gradOutput, "gradOutput", &shape));
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, "out", shape, "the broadcast shape of self and gradOutput"));
  PointwiseParams params;
  const float t = ScalarToFloat(*threshold);
  params.f[0] = std::fabs(t) <= FLT_EPSILON ? 0.0 : t;
  return LaunchActivation({kOp,
                           ActivationOp::kThresholdGrad,
                           {{gradOutput, "gradOutput"}, {self, "self"}},
                           {out, "out"},
                           self->dataType,
                           params},
                          workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                   const aclScalar *threshold, aclTensor *out, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] {
    return aclcpu::ThresholdBackward(gradOutput, self, threshold, out, workspaceSize, executor);
  });
}

ACLCPU_PHASE2_ENTRY(aclnnThresholdBackward, aclcpu::kOp)

}  // extern "C"
