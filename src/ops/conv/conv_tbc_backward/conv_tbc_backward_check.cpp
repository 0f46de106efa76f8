#include "ops/conv/conv_tbc_backward/conv_tbc_backward_check.h"

#include <string>

#include "base/check.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnConvTbcBackward";

aclnnStatus CheckDTypes(const OpCheck &check, const ConvTbcBackwardArgs &a) {
  // A2/A3 cube list; there is no dtype-equality rule on A2: mixed dtypes are promoted (§3.5).
  const auto floats = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.input, "input", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.weight, "weight", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradInput, "gradInput", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradWeight, "gradWeight", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradBias, "gradBias", floats));
  return check.DTypeIn(a.bias, "bias", floats);
}

aclnnStatus CheckFormats(const OpCheck &check, const ConvTbcBackwardArgs &a) {
  // Labels only: the data is always (T, B, C) / (K, Cin, Cout) whatever the label says.
  const auto tbc = {ACL_FORMAT_ND, ACL_FORMAT_NCL};
  ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.self, "self", tbc));
  ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.input, "input", tbc));
  ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.weight, "weight", tbc));
  ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.gradInput, "gradInput", tbc));
  ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.gradWeight, "gradWeight", tbc));
  ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.bias, "bias", {ACL_FORMAT_ND}));
  return check.FormatIn(a.gradBias, "gradBias", {ACL_FORMAT_ND});
}

aclnnStatus CheckShapes(const OpCheck &check, const ConvTbcBackwardArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.self, "self", 3));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.input, "input", 3));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.weight, "weight", 3));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.bias, "bias", 1));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.gradBias, "gradBias", 1));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.gradInput, "gradInput", 3));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.gradWeight, "gradWeight", 3));
  const std::vector<int64_t> &in = a.input->viewDims, &w = a.weight->viewDims;
  if (in[2] != w[1]) {
    return check.Invalid("input dim 2 (Cin) equal to weight dim 1", ShapeOf(a.input) + " and " + ShapeOf(a.weight));
  }
  if (a.bias->viewDims[0] != w[2]) {
    return check.Invalid("bias of weight dim 2 (Cout) elements", ShapeOf(a.bias) + " with weight " + ShapeOf(a.weight));
  }
  if (a.pad < 0) return check.Invalid("pad >= 0", std::to_string(a.pad));
  // t = T + 2 pad + 1 - K; a pad this large would overflow it (the device does not check).
  int64_t t = 0;
  if (in[0] < 0 || w[0] < 0 || __builtin_mul_overflow(a.pad, 2, &t) || __builtin_add_overflow(t, in[0], &t) ||
      __builtin_add_overflow(t, 1, &t)) {
    return check.Invalid("T + 2 * pad + 1 representable in int64",
                         "T " + std::to_string(in[0]) + ", pad " + std::to_string(a.pad));
  }
  t -= w[0];  // both non-negative: no overflow
  if (t < 0) {
    return check.Invalid("input dim 0 + 2 * pad + 1 - weight dim 0 >= 0", std::to_string(t));
  }
  const std::vector<int64_t> expectSelf = {t, in[1], w[2]};
  if (a.self->viewDims != expectSelf) {
    return check.Invalid("self of shape " + ShapeString(expectSelf) + " (T + 2 * pad - K + 1, B, Cout)",
                         ShapeOf(a.self));
  }
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradInput, "gradInput", a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradWeight, "gradWeight", a.weight, "weight"));
  return check.SameShape(a.gradBias, "gradBias", a.bias, "bias");
}

}  // namespace

aclnnStatus CheckConvTbcBackward(const ConvTbcBackwardArgs &a) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.bias, "bias"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradWeight, "gradWeight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradBias, "gradBias"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckFormats(check, a));
  // Checked before any shape rule, so an empty self is an error whatever its rank (§3.4 step 4).
  if (IsEmpty(*a.self)) return check.Invalid("a non-empty self", ShapeOf(a.self));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a));
  if (a.cubeMathType < 0 || a.cubeMathType > 3) {
    return check.Invalid("cubeMathType in [0, 3] (KEEP_DTYPE, ALLOW_FP32_DOWN_PRECISION, USE_FP16, USE_HF32)",
                         std::to_string(a.cubeMathType));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckConvTbcBackwardStrict(const ConvTbcBackwardArgs &a) {
  const OpCheck check(kOp);
  return check.ViewsFitStorage({{a.self, "self"},
                                {a.input, "input"},
                                {a.weight, "weight"},
                                {a.gradInput, "gradInput"},
                                {a.gradWeight, "gradWeight"},
                                {a.gradBias, "gradBias"}});
}

}  // namespace aclcpu
