#include "ops/norm/layer_norm_backward/layer_norm_backward_check.h"

#include <string>

#include "base/check.h"
#include "base/meta_objects.h"
#include "ops/norm/layer_norm_family/layer_norm_shape.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnLayerNormBackward";
constexpr size_t kMaxDims = 8;

aclnnStatus CheckDTypes(const OpCheck &check, const LayerNormBackwardArgs &a) {
  const auto floats = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradOut, "gradOut", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.input, "input", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.mean, "mean", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.rstd, "rstd", floats));
  if (a.gradOut->dataType != a.input->dataType) {
    return check.Invalid("gradOut dtype equal to input dtype " + DTypeName(a.input->dataType),
                         DTypeName(a.gradOut->dataType));
  }
  if (a.weight != nullptr) {
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.weight, "weightOptional", floats));
    if (a.weight->dataType != ACL_FLOAT && a.weight->dataType != a.input->dataType) {
      return check.Invalid("weightOptional dtype FLOAT or equal to input dtype " + DTypeName(a.input->dataType),
                           DTypeName(a.weight->dataType));
    }
  }
  if (a.bias != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.bias, "biasOptional", floats));
  // Outputs are checked even when their mask bit is false, as on the device.
  if (a.gradInput != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradInput, "gradInputOut", floats));
  if (a.gradWeight != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradWeight, "gradWeightOut", floats));
  if (a.gradBias != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradBias, "gradBiasOut", floats));
  return ACLNN_SUCCESS;
}

aclnnStatus CheckParam(const OpCheck &check, const aclTensor *param, const char *name, const std::vector<int64_t> &ns) {
  if (param == nullptr) return ACLNN_SUCCESS;
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(param, name, kMaxDims));
  if (param->viewDims != ns) {
    return check.Invalid(std::string(name) + " shape equal to normalizedShape " + ShapeString(ns), ShapeOf(param));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckShapes(const OpCheck &check, const LayerNormBackwardArgs &a, const LayerNormBackwardShape &s) {
  const std::vector<int64_t> &ns = a.normalizedShape->values;
  const std::vector<int64_t> &in = a.input->viewDims;
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.gradOut, "gradOut", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.input, "input", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.mean, "mean", kMaxDims));
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.rstd, "rstd", kMaxDims));
  if (ns.size() > kMaxDims) {
    return check.Invalid("normalizedShape length <= 8", "length " + std::to_string(ns.size()));
  }
  if (s.mask[0]) ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.gradInput, "gradInputOut", kMaxDims));
  if (s.mask[1]) ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.gradWeight, "gradWeightOut", kMaxDims));
  if (s.mask[2]) ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.gradBias, "gradBiasOut", kMaxDims));
  if (ns.empty()) return check.Invalid("normalizedShape length >= 1", "an empty normalizedShape");
  if (in.size() < ns.size()) {
    return check.Invalid("input rank >= normalizedShape length " + std::to_string(ns.size()),
                         "rank " + std::to_string(in.size()));
  }
  // The device compares only entries [beginAxis, len(ns)); the rest is caught by the strict check.
  for (size_t i = static_cast<size_t>(s.beginAxis); i < ns.size(); ++i) {
    if (ns[i] != in[i + static_cast<size_t>(s.beginAxis)]) {
      return check.Invalid("normalizedShape " + ShapeString(ns) + " to match the trailing dims of input",
                           "input " + ShapeString(in));
    }
  }
  for (const auto *param : {a.weight, a.bias}) {
    if (param == nullptr) continue;
    const char *name = param == a.weight ? "weightOptional" : "biasOptional";
    ACLCPU_RETURN_IF_ERROR(CheckParam(check, param, name, ns));
  }
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradOut, "gradOut", a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.mean, "mean", a.rstd, "rstd"));
  if (Numel(*a.mean) != s.rows) {
    return check.Invalid("mean and rstd with " + std::to_string(s.rows) + " elements (one per row)",
                         std::to_string(Numel(*a.mean)) + " elements " + ShapeOf(a.mean));
  }
  if (s.mask[0]) ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradInput, "gradInputOut", a.input, "input"));
  const aclTensor *paramGrads[2] = {a.gradWeight, a.gradBias};
  const char *names[2] = {"gradWeightOut", "gradBiasOut"};
  for (int i = 0; i < 2; ++i) {
    if (s.mask[i + 1] && Numel(*paramGrads[i]) != s.cols) {
      return check.Invalid(std::string(names[i]) + " with " + std::to_string(s.cols) + " elements",
                           std::to_string(Numel(*paramGrads[i])) + " elements " + ShapeOf(paramGrads[i]));
    }
  }
  // Last, as in the other operators: every view the kernel touches lies inside its storage/block.
  return check.ViewsFitStorage({{a.gradOut, "gradOut"},
                                {a.input, "input"},
                                {a.mean, "mean"},
                                {a.rstd, "rstd"},
                                {a.weight, "weightOptional"},
                                {s.mask[0] ? a.gradInput : nullptr, "gradInputOut"},
                                {s.mask[1] ? a.gradWeight : nullptr, "gradWeightOut"},
                                {s.mask[2] ? a.gradBias : nullptr, "gradBiasOut"}});
}

}  // namespace

aclnnStatus CheckLayerNormBackward(const LayerNormBackwardArgs &a, LayerNormBackwardShape *s) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradOut, "gradOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.normalizedShape, "normalizedShape"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.mean, "mean"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.rstd, "rstd"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.outputMask, "outputMask"));
  if (a.outputMask->values.size() != 3) {
    return check.Invalid("outputMask of length 3", "length " + std::to_string(a.outputMask->values.size()));
  }
  for (int i = 0; i < 3; ++i) s->mask[i] = a.outputMask->values[i] != 0;
  if (s->mask[0]) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradInput, "gradInputOut (outputMask[0] is true)"));
  if (s->mask[1]) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradWeight, "gradWeightOut (outputMask[1] is true)"));
  if (s->mask[2]) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradBias, "gradBiasOut (outputMask[2] is true)"));

  // A negative beginAxis fails the rank check below.
  const LayerNormDims dims = LayerNormDimsOf(a.input->viewDims, a.normalizedShape->values.size());
  s->beginAxis = dims.beginAxis;
  s->rows = dims.rows;
  s->cols = dims.cols;
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  return CheckShapes(check, a, *s);
}

aclnnStatus CheckLayerNormBackwardStrict(const LayerNormBackwardArgs &a, const LayerNormBackwardShape &s) {
  const OpCheck check(kOp);
  const std::vector<int64_t> &ns = a.normalizedShape->values;
  const std::vector<int64_t> &in = a.input->viewDims;
  for (size_t i = 0; i < ns.size(); ++i) {
    if (ns[i] != in[i + static_cast<size_t>(s.beginAxis)]) {
      return check.Invalid("normalizedShape " + ShapeString(ns) + " equal to the trailing dims of input",
                           "input " + ShapeString(in));
    }
  }
  const aclTensor *used[] = {a.gradOut, a.input, a.mean, a.rstd, a.weight, a.gradInput, a.gradWeight, a.gradBias};
  for (const aclTensor *t : used) {
    if (t == nullptr) continue;
    for (int64_t d : t->viewDims)
      if (d < 0) return check.Invalid("non-negative dims", ShapeOf(t));
    if (t->strides.size() != t->viewDims.size()) return check.Invalid("one stride per dim", ShapeOf(t));
  }
  return ACLNN_SUCCESS;
}

}  // namespace aclcpu
