#include "ops/norm/group_norm_swish_family/group_norm_check.h"

#include <string>

#include "base/meta_objects.h"
#include "base/tensor_view.h"

namespace aclcpu {

aclnnStatus CheckGroupNormFormats(const OpCheck &check, const std::vector<NamedTensor> &tensors) {
  for (const NamedTensor &t : tensors) {
    ACLCPU_RETURN_IF_ERROR(check.FormatIn(
        t.tensor, t.name, {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NCDHW, ACL_FORMAT_NCL}));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckGroupRules(const OpCheck &check, int64_t c, int64_t numGroups, const aclTensor *gamma,
                            const aclTensor *beta, aclnnStatus status) {
  // check.Invalid reports the message; the status is the caller's.
  auto fail = [&](const std::string &rule, const std::string &got) {
    (void)check.Invalid(rule, got);
    return status;
  };
  const NamedTensor affine[] = {{gamma, "gamma"}, {beta, "beta"}};
  for (const NamedTensor &t : affine) {
    if (t.tensor->viewDims != std::vector<int64_t>{c}) {
      return fail(std::string(t.name) + " of shape [C] = " + ShapeString({c}), ShapeOf(t.tensor));
    }
  }
  if (numGroups <= 0) return fail("numGroups > 0", std::to_string(numGroups));
  if (c % numGroups != 0) {
    return fail("C divisible by numGroups", "C = " + std::to_string(c) + ", numGroups = " + std::to_string(numGroups));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckElementCount(const OpCheck &check, const aclTensor *t, const char *name, int64_t expected) {
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(t, name, kMaxRank));
  const int64_t got = Numel(*t);
  if (got == expected) return ACLNN_SUCCESS;
  return check.Invalid(std::string(name) + " with " + std::to_string(expected) + " elements",
                       std::to_string(got) + " elements " + ShapeOf(t));
}

}  // namespace aclcpu
