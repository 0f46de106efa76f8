#include "ops/activation/prelu_backward/prelu_backward_check.h"

#include <algorithm>
#include <string>

#include "base/check.h"
#include "base/meta_objects.h"
#include "ops/activation/prelu_family/prelu_weight_map.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnPreluBackward";
constexpr size_t kMaxDims = 8;

aclnnStatus CheckDTypes(const OpCheck &check, const PreluBackwardArgs &a) {
  // The A2/A3 list (the emulated SoC, Ascend910B); the Atlas training 910 would lack BF16.
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.gradOutput, "gradOutput", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.weight, "weight", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.gradInput, "gradInput", a.self, "self"));
  return check.SameDType(a.gradWeight, "gradWeight", a.self, "self");
}

// NumPy broadcasting of gradOutput against self: must succeed and give exactly self's shape.
aclnnStatus CheckBroadcast(const OpCheck &check, const PreluBackwardArgs &a) {
  const std::vector<int64_t> &s = a.self->viewDims, &g = a.gradOutput->viewDims;
  const size_t rank = std::max(s.size(), g.size());
  std::vector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t ds = i < rank - s.size() ? 1 : s[i - (rank - s.size())];
    const int64_t dg = i < rank - g.size() ? 1 : g[i - (rank - g.size())];
    if (ds != dg && ds != 1 && dg != 1) {
      return check.Invalid("gradOutput broadcastable to self " + ShapeOf(a.self), ShapeOf(a.gradOutput));
    }
    out[i] = ds == 1 ? dg : ds;
  }
  if (out != s) {
    return check.Invalid("gradOutput that broadcasts to exactly self's shape " + ShapeOf(a.self),
                         ShapeOf(a.gradOutput) + " (broadcast shape " + ShapeString(out) + ")");
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckShapes(const OpCheck &check, const PreluBackwardArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.gradOutput, "gradOutput", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.self, "self", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.weight, "weight", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.gradInput, "gradInput", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.gradWeight, "gradWeight", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradInput, "gradInput", a.self, "self"));
  const int64_t weights = Numel(*a.weight);
  if (weights != 1) {
    const std::vector<int64_t> &s = a.self->viewDims;
    if (s.empty()) return check.Invalid("a 1-element weight for a 0-D self", std::to_string(weights) + " elements");
    const int64_t channels = PreluChannels(s);
    if (weights != channels) {
      return check.Invalid("weight with 1 or C = " + std::to_string(channels) + " elements (self dim 1)",
                           std::to_string(weights) + " elements " + ShapeOf(a.weight));
    }
    if (a.gradWeight->viewDims != std::vector<int64_t>{channels}) {
      return check.Invalid("gradWeight of shape [" + std::to_string(channels) + "]", ShapeOf(a.gradWeight));
    }
  } else {
    ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradWeight, "gradWeight", a.weight, "weight"));
  }
  return CheckBroadcast(check, a);
}

}  // namespace

aclnnStatus CheckPreluBackward(const PreluBackwardArgs &a, bool *compute) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradWeight, "gradWeight"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a));
  // Empty: success with nothing written (gradWeight is not zero-filled, as on the device).
  *compute = !IsEmpty(*a.gradOutput) && !IsEmpty(*a.self) && !IsEmpty(*a.weight);
  return ACLNN_SUCCESS;
}

aclnnStatus CheckPreluBackwardStrict(const PreluBackwardArgs &a) {
  const OpCheck check(kOp);
  return check.ViewsFitStorage({{a.gradOutput, "gradOutput"},
                                {a.self, "self"},
                                {a.weight, "weight"},
                                {a.gradInput, "gradInput"},
                                {a.gradWeight, "gradWeight"}});
}

}  // namespace aclcpu
