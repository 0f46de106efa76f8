// aclnnSigmoid, aclnnInplaceSigmoid: out = 1 / (1 + e^-self) (docs/ops/activations.md §7). Any self
// dtype of the list pairs with any out dtype of its list; integer and BOOL selfs compute in out's dtype.
#include <vector>

#include "aclnnop/aclnn_sigmoid.h"
#include "base/meta_objects.h"
#include "base/phase2_entry.h"
#include "ops/activation/activation_family/activation_launch.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnSigmoid";
constexpr const char *kInplaceOp = "aclnnInplaceSigmoid";

const std::vector<aclDataType> kSelfDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE, ACL_INT8,
                                              ACL_INT16,     ACL_INT32,      ACL_INT64,  ACL_BOOL,
                                              ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16,   ACL_UINT8};
const std::vector<aclDataType> kOutDtypes = {ACL_FLOAT,     ACL_FLOAT16,    ACL_DOUBLE,
                                             ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

bool In(aclDataType t, const std::vector<aclDataType> &list) {
  for (aclDataType x : list)
    if (x == t) return true;
  return false;
}

// workspaceSize, executor -> null self, out -> self dtype, out dtype in their lists -> shapes equal ->
// rank <= 8 -> empty.
aclnnStatus Sigmoid(const char *op, const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                    aclOpExecutor **executor) {
  const OpCheck check(op);
  const bool inplace = self == out;
  const char *selfName = inplace ? "selfRef" : "self";
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(self, selfName));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(out, inplace ? "selfRef" : "out"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(self, selfName, kSelfDtypes));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(out, inplace ? "selfRef" : "out", kOutDtypes));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(out, "out", self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(self, selfName, kMaxRank));
  return LaunchActivation({op,
                           ActivationOp::kSigmoid,
                           {{self, selfName}},
                           {out, inplace ? "selfRef" : "out"},
                           In(self->dataType, kOutDtypes) ? self->dataType : out->dataType},
                          workspaceSize, executor);
}

aclnnStatus InplaceSigmoid(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  const OpCheck check(kInplaceOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(workspaceSize, "workspaceSize"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(executor, "executor"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(selfRef, "selfRef"));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(selfRef, "selfRef", kOutDtypes));
  return Sigmoid(kInplaceOp, selfRef, selfRef, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

extern "C" {

aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kOp, [&] { return aclcpu::Sigmoid(aclcpu::kOp, self, out, workspaceSize, executor); });
}

aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor) {
  return aclcpu::Guarded(aclcpu::kInplaceOp, [&] { return aclcpu::InplaceSigmoid(selfRef, workspaceSize, executor); });
}

ACLCPU_PHASE2_ENTRY(aclnnSigmoid, aclcpu::kOp)
ACLCPU_PHASE2_ENTRY(aclnnInplaceSigmoid, aclcpu::kInplaceOp)

}  // extern "C"
