#include "ops/norm/batch_norm_backward/batch_norm_backward_check.h"

#include <string>

#include "base/meta_objects.h"
#include "ops/norm/batch_norm/batch_norm_check.h"

namespace aclcpu {
namespace {

bool Selected(const BatchNormBackwardArgs &a, size_t i) { return a.outputMask->values[i] != 0; }

aclnnStatus CheckDTypes(const OpCheck &check, const BatchNormBackwardArgs &a) {
  const auto &floats = BnFloatTypes();
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradOut, "gradOut", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.input, "input", floats));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.input, "input", a.gradOut, "gradOut"));
  const NamedTensor outputs[] = {{a.gradInput, "gradInput"}, {a.gradWeight, "gradWeight"}, {a.gradBias, "gradBias"}};
  for (size_t i = 0; i < 3; ++i) {
    if (Selected(a, i)) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(outputs[i].tensor, outputs[i].name, floats));
  }
  const NamedTensor optionals[] = {{a.weight, "weight"},
                                   {a.runningMean, "runningMean"},
                                   {a.runningVar, "runningVar"},
                                   {a.saveMean, "saveMean"},
                                   {a.saveInvstd, "saveInvstd"}};
  for (const NamedTensor &t : optionals) {
    if (t.tensor != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(t.tensor, t.name, floats));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckFormats(const OpCheck &check, const BatchNormBackwardArgs &a) {
  if (a.gradOut->format != a.input->format) {
    return check.Invalid("gradOut and input in the same format",
                         FormatName(a.gradOut->format) + " and " + FormatName(a.input->format));
  }
  if (Selected(a, 0) && a.gradInput->format != a.gradOut->format) {
    return check.Invalid("gradInput in gradOut's format",
                         FormatName(a.gradInput->format) + " and " + FormatName(a.gradOut->format));
  }
  ACLCPU_RETURN_IF_ERROR(check.PublicFormat(a.gradOut, "gradOut"));
  return check.PublicFormat(a.input, "input");
}

// Not checked on A2 (950 only), checked here: the kernel reads and writes C elements of each (docs/compat.md),
// through a view of at most 8 dims (the fuzz harness found a saveMean of rank 12).
aclnnStatus CheckNumelIsC(const OpCheck &check, const aclTensor *t, const char *name, int64_t c) {
  if (t != nullptr) ACLCPU_RETURN_IF_ERROR(check.RankAtMost(t, name, kMaxRank));
  if (t != nullptr && Numel(*t) != c) {
    return check.Invalid(std::string(name) + " of C = " + std::to_string(c) + " elements", ShapeOf(t));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckBatchNormBackwardMask(const OpCheck &check, const BatchNormBackwardArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.outputMask, "outputMask"));
  const size_t size = a.outputMask->values.size();
  if (size == 0) {
    // The vendor's CheckMaskNotNull reports an empty mask as a null pointer (161001, UT empty_mask).
    (void)check.Invalid("outputMask of 3 entries", "an empty outputMask");
    return ACLNN_ERR_PARAM_NULLPTR;
  }
  // A2 reads entries 1 and 2 of a shorter mask beyond its end (docs/compat.md): refused here.
  if (size != 3) return check.Invalid("outputMask of 3 entries", std::to_string(size) + " entries");
  if (Selected(a, 0)) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradInput, "gradInput"));
  if (Selected(a, 1)) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradWeight, "gradWeight"));
  if (Selected(a, 2)) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradBias, "gradBias"));
  return ACLNN_SUCCESS;
}

aclnnStatus CheckBatchNormBackward(const OpCheck &check, const BatchNormBackwardArgs &a) {
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckFormats(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckBnRank(check, a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(CheckBnRank(check, a.gradOut, "gradOut"));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradOut, "gradOut", a.input, "input"));
  if (Selected(a, 0)) {
    ACLCPU_RETURN_IF_ERROR(CheckBnRank(check, a.gradInput, "gradInput"));
    ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradInput, "gradInput", a.gradOut, "gradOut"));
  }
  const int64_t c = a.input->viewDims[1];
  ACLCPU_RETURN_IF_ERROR(CheckChannelVector(check, a.weight, "weight", c));
  ACLCPU_RETURN_IF_ERROR(CheckChannelVector(check, a.runningMean, "runningMean", c));
  ACLCPU_RETURN_IF_ERROR(CheckChannelVector(check, a.runningVar, "runningVar", c));
  if (a.training) {  // inference does not read them (and A2 accepts any shape there)
    ACLCPU_RETURN_IF_ERROR(CheckNumelIsC(check, a.saveMean, "saveMean", c));
    ACLCPU_RETURN_IF_ERROR(CheckNumelIsC(check, a.saveInvstd, "saveInvstd", c));
  }
  if (Selected(a, 1)) ACLCPU_RETURN_IF_ERROR(CheckNumelIsC(check, a.gradWeight, "gradWeight", c));
  if (Selected(a, 2)) ACLCPU_RETURN_IF_ERROR(CheckNumelIsC(check, a.gradBias, "gradBias", c));
  if (Numel(*a.input) == INT64_MAX) return check.Invalid("input with fewer than 2^63 elements", ShapeOf(a.input));
  return ACLNN_SUCCESS;
}

}  // namespace aclcpu
