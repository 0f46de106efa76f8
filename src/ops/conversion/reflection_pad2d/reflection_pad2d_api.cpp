// aclnnReflectionPad2dGetWorkspaceSize / aclnnReflectionPad2d: validate, then the pad family's copy plan.
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "base/check.h"
#include "base/executor.h"
#include "ops/conversion/pad2d_family/pad2d_forward_op.h"
#include "ops/conversion/reflection_pad2d/reflection_pad2d_check.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReflectionPad2d";

aclnnStatus Plan(const ReflectionPad2dArgs &a, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  bool compute = false;
  ACLCPU_RETURN_IF_ERROR(CheckReflectionPad2d(a, &compute));
  return CreatePad2dCopyExecutor(kOp, PadMode::kReflect, a.self, a.padding, a.out, compute, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnReflectionPad2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *padding, aclTensor *out,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor) {
  const aclcpu::ReflectionPad2dArgs args{self, padding, out};
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Plan(args, workspaceSize, executor); });
}

aclnnStatus aclnnReflectionPad2d(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 const aclrtStream stream) {
  return aclcpu::Guarded(aclcpu::kOp,
                         [&] { return aclcpu::RunExecutor(aclcpu::kOp, workspace, workspaceSize, executor, stream); });
}

}  // extern "C"
