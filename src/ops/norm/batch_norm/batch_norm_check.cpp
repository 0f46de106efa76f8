#include "ops/norm/batch_norm/batch_norm_check.h"

#include <string>

#include "base/meta_objects.h"

namespace aclcpu {

const std::vector<aclDataType> &BnFloatTypes() {
  static const std::vector<aclDataType> kFloats = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  return kFloats;
}

aclnnStatus CheckChannelVector(const OpCheck &check, const aclTensor *t, const char *name, int64_t c) {
  if (t == nullptr) return ACLNN_SUCCESS;
  if (t->viewDims.size() != 1 || t->viewDims[0] != c) {
    return check.Invalid(std::string(name) + " of shape [C] = [" + std::to_string(c) + "]", ShapeOf(t));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckBnRank(const OpCheck &check, const aclTensor *t, const char *name) {
  if (t->viewDims.size() < 2 || t->viewDims.size() > static_cast<size_t>(kMaxRank)) {
    return check.Invalid(std::string(name) + " of rank 2 to 8", ShapeOf(t));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckBatchNormNulls(const OpCheck &check, const BatchNormArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.output, "output"));
  if (a.training) {
    ACLCPU_RETURN_IF_ERROR(check.NotNull(a.saveMean, "saveMean"));
    ACLCPU_RETURN_IF_ERROR(check.NotNull(a.saveInvstd, "saveInvstd"));
  }
  return ACLNN_SUCCESS;
}

namespace {

aclnnStatus CheckDTypes(const OpCheck &check, const BatchNormArgs &a) {
  const auto &floats = BnFloatTypes();
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.input, "input", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.output, "output", floats));
  if (a.training) {
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.saveMean, "saveMean", floats));
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.saveInvstd, "saveInvstd", floats));
  }
  const NamedTensor optionals[] = {
      {a.weight, "weight"}, {a.bias, "bias"}, {a.runningMean, "runningMean"}, {a.runningVar, "runningVar"}};
  for (const NamedTensor &t : optionals) {
    if (t.tensor != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(t.tensor, t.name, floats));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckFormats(const OpCheck &check, const BatchNormArgs &a) {
  if (a.input->format != a.output->format) {
    return check.Invalid("input and output in the same format",
                         FormatName(a.input->format) + " and " + FormatName(a.output->format));
  }
  for (const NamedTensor t : {NamedTensor{a.input, "input"}, NamedTensor{a.output, "output"}}) {
    if (t.tensor->viewDims.size() == 5 && t.tensor->format != ACL_FORMAT_NCDHW) {
      return check.Invalid(std::string("a 5-D ") + t.name + " in format NCDHW", FormatName(t.tensor->format));
    }
  }
  return check.PublicFormat(a.input, "input");
}

}  // namespace

aclnnStatus CheckBatchNorm(const OpCheck &check, const BatchNormArgs &a) {
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckFormats(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckBnRank(check, a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(CheckBnRank(check, a.output, "output"));
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.output, "output", a.input, "input"));
  const int64_t c = a.input->viewDims[1];
  ACLCPU_RETURN_IF_ERROR(CheckChannelVector(check, a.weight, "weight", c));
  ACLCPU_RETURN_IF_ERROR(CheckChannelVector(check, a.bias, "bias", c));
  ACLCPU_RETURN_IF_ERROR(CheckChannelVector(check, a.runningMean, "runningMean", c));
  ACLCPU_RETURN_IF_ERROR(CheckChannelVector(check, a.runningVar, "runningVar", c));
  if (a.training) {
    ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.saveMean, "saveMean", {c}, "[C]"));
    ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.saveInvstd, "saveInvstd", {c}, "[C]"));
  }
  // The element count must fit in int64 (a stride-0 view can name more elements than any memory holds).
  if (Numel(*a.input) == INT64_MAX) return check.Invalid("input with fewer than 2^63 elements", ShapeOf(a.input));
  return ACLNN_SUCCESS;
}

}  // namespace aclcpu
