#include "ops/norm/layer_norm/layer_norm_check.h"

#include <string>
#include <vector>

#include "base/check.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

constexpr size_t kMaxDims = 8;
const std::initializer_list<aclDataType> kFloats = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};

// weight/bias: in L, and FLOAT or the input's dtype.
aclnnStatus CheckParamDType(const OpCheck &check, const aclTensor *param, const char *name, const aclTensor *input) {
  if (param == nullptr) return ACLNN_SUCCESS;
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(param, name, kFloats));
  if (param->dataType != ACL_FLOAT && param->dataType != input->dataType) {
    return check.Invalid(std::string(name) + " dtype FLOAT or equal to input dtype " + DTypeName(input->dataType),
                         DTypeName(param->dataType));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckWeightEqualsBias(const OpCheck &check, const LayerNormArgs &a) {
  if (a.weight != nullptr && a.bias != nullptr && a.weight->dataType != a.bias->dataType) {
    return check.Invalid("weightOptional and biasOptional of one dtype",
                         DTypeName(a.weight->dataType) + " and " + DTypeName(a.bias->dataType));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckOutDTypes(const OpCheck &check, const LayerNormArgs &a, bool fastOrder) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.out, "out", kFloats));
  const aclTensor *first = fastOrder ? a.rstd : a.mean;
  const aclTensor *second = fastOrder ? a.mean : a.rstd;
  const char *firstName = fastOrder ? "rstdOutOptional" : "meanOutOptional";
  const char *secondName = fastOrder ? "meanOutOptional" : "rstdOutOptional";
  if (first != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(first, firstName, kFloats));
  if (second != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(second, secondName, kFloats));
  return ACLNN_SUCCESS;
}

aclnnStatus CheckRanks(const OpCheck &check, const std::vector<NamedTensor> &tensors) {
  for (const NamedTensor &t : tensors) {
    if (t.tensor != nullptr) ACLCPU_RETURN_IF_ERROR(check.RankAtMost(t.tensor, t.name, kMaxDims));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckNsLength(const OpCheck &check, const std::vector<int64_t> &ns) {
  if (ns.size() > kMaxDims) return check.Invalid("normalizedShape length <= 8", "length " + std::to_string(ns.size()));
  return ACLNN_SUCCESS;
}
aclnnStatus CheckNsNotEmpty(const OpCheck &check, const std::vector<int64_t> &ns) {
  if (ns.empty()) return check.Invalid("normalizedShape length >= 1", "an empty normalizedShape");
  return ACLNN_SUCCESS;
}
aclnnStatus CheckInputRank(const OpCheck &check, const LayerNormArgs &a) {
  const size_t len = a.normalizedShape->values.size();
  if (a.input->viewDims.size() < len) {
    return check.Invalid("input rank >= normalizedShape length " + std::to_string(len),
                         "rank " + std::to_string(a.input->viewDims.size()));
  }
  return ACLNN_SUCCESS;
}
aclnnStatus CheckParamRank(const OpCheck &check, const aclTensor *param, const char *name, size_t len) {
  if (param != nullptr && param->viewDims.size() != len) {
    return check.Invalid(std::string(name) + " rank equal to normalizedShape length " + std::to_string(len),
                         "rank " + std::to_string(param->viewDims.size()));
  }
  return ACLNN_SUCCESS;
}

// Per index i: ns[i] == input's dim beginAxis + i, then weight's dim i, then bias's dim i; then
// out.shape == input.shape.
aclnnStatus CheckShapesMatch(const OpCheck &check, const LayerNormArgs &a, int beginAxis) {
  const std::vector<int64_t> &ns = a.normalizedShape->values;
  const std::vector<int64_t> &in = a.input->viewDims;
  for (size_t i = 0; i < ns.size(); ++i) {
    if (ns[i] != in[static_cast<size_t>(beginAxis) + i]) {
      return check.Invalid("normalizedShape " + ShapeString(ns) + " equal to the trailing dims of input",
                           "input " + ShapeString(in));
    }
    if (a.weight != nullptr && a.weight->viewDims[i] != ns[i]) {
      return check.Invalid("weightOptional shape equal to normalizedShape " + ShapeString(ns), ShapeOf(a.weight));
    }
    if (a.bias != nullptr && a.bias->viewDims[i] != ns[i]) {
      return check.Invalid("biasOptional shape equal to normalizedShape " + ShapeString(ns), ShapeOf(a.bias));
    }
  }
  return check.SameShape(a.out, "out", a.input, "input");
}

aclnnStatus CheckImplMode(const OpCheck &check, const LayerNormArgs &a) {
  if (a.implMode < 0 || a.implMode > 2) {
    return check.Invalid("implMode 0 (high precision), 1 (high performance) or 2 (keep fp16)",
                         std::to_string(a.implMode));
  }
  if (a.implMode == 2) {
    for (const NamedTensor t : {NamedTensor{a.input, "input"}, NamedTensor{a.weight, "weightOptional"},
                                NamedTensor{a.bias, "biasOptional"}}) {
      if (t.tensor != nullptr && t.tensor->dataType != ACL_FLOAT16) {
        return check.Invalid(std::string("FLOAT16 ") + t.name + " with implMode 2 (keep fp16)",
                             DTypeName(t.tensor->dataType));
      }
    }
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckPlainOrder(const OpCheck &check, LayerNormVariant variant, const LayerNormArgs &a, int beginAxis) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.input, "input", kFloats));
  ACLCPU_RETURN_IF_ERROR(CheckParamDType(check, a.weight, "weightOptional", a.input));
  ACLCPU_RETURN_IF_ERROR(CheckParamDType(check, a.bias, "biasOptional", a.input));
  ACLCPU_RETURN_IF_ERROR(CheckWeightEqualsBias(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckOutDTypes(check, a, false));
  const std::vector<int64_t> &ns = a.normalizedShape->values;
  ACLCPU_RETURN_IF_ERROR(CheckRanks(check, {{a.input, "input"},
                                            {a.out, "out"},
                                            {a.weight, "weightOptional"},
                                            {a.bias, "biasOptional"},
                                            {a.mean, "meanOutOptional"},
                                            {a.rstd, "rstdOutOptional"}}));
  ACLCPU_RETURN_IF_ERROR(CheckNsLength(check, ns));
  ACLCPU_RETURN_IF_ERROR(CheckNsNotEmpty(check, ns));
  ACLCPU_RETURN_IF_ERROR(CheckInputRank(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckParamRank(check, a.weight, "weightOptional", ns.size()));
  ACLCPU_RETURN_IF_ERROR(CheckParamRank(check, a.bias, "biasOptional", ns.size()));
  ACLCPU_RETURN_IF_ERROR(CheckShapesMatch(check, a, beginAxis));
  if (variant == LayerNormVariant::kWithImplMode) ACLCPU_RETURN_IF_ERROR(CheckImplMode(check, a));
  return ACLNN_SUCCESS;
}

aclnnStatus CheckFastOrder(const OpCheck &check, const LayerNormArgs &a, int beginAxis) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.input, "input", kFloats));
  ACLCPU_RETURN_IF_ERROR(CheckParamDType(check, a.weight, "weightOptional", a.input));
  ACLCPU_RETURN_IF_ERROR(CheckWeightEqualsBias(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckParamDType(check, a.bias, "biasOptional", a.input));
  ACLCPU_RETURN_IF_ERROR(CheckOutDTypes(check, a, true));
  const std::vector<int64_t> &ns = a.normalizedShape->values;
  ACLCPU_RETURN_IF_ERROR(CheckNsNotEmpty(check, ns));
  ACLCPU_RETURN_IF_ERROR(CheckRanks(check, {{a.out, "out"},
                                            {a.input, "input"},
                                            {a.weight, "weightOptional"},
                                            {a.rstd, "rstdOutOptional"},
                                            {a.mean, "meanOutOptional"},
                                            {a.bias, "biasOptional"}}));
  ACLCPU_RETURN_IF_ERROR(CheckNsLength(check, ns));
  ACLCPU_RETURN_IF_ERROR(CheckParamRank(check, a.weight, "weightOptional", ns.size()));
  ACLCPU_RETURN_IF_ERROR(CheckInputRank(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckParamRank(check, a.bias, "biasOptional", ns.size()));
  return CheckShapesMatch(check, a, beginAxis);
}

// meanOut/rstdOut: the keep-dims shape [A1..Ai, 1..1], or a single element when M == 1.
aclnnStatus CheckStatShape(const OpCheck &check, const aclTensor *stat, const char *name, const LayerNormArgs &a,
                           const LayerNormDims &dims) {
  if (stat == nullptr) return ACLNN_SUCCESS;
  std::vector<int64_t> keep = a.input->viewDims;
  for (size_t i = static_cast<size_t>(dims.beginAxis); i < keep.size(); ++i) keep[i] = 1;
  if (stat->viewDims == keep || (dims.rows == 1 && Numel(*stat) == 1)) return ACLNN_SUCCESS;
  return check.Invalid(std::string(name) + " of shape " + ShapeString(keep), ShapeOf(stat));
}

}  // namespace

aclnnStatus CheckLayerNorm(const char *op, LayerNormVariant variant, const LayerNormArgs &a, LayerNormDims *dims) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.normalizedShape, "normalizedShape"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.out, "out"));
  *dims = LayerNormDimsOf(a.input->viewDims, a.normalizedShape->values.size());
  if (variant == LayerNormVariant::kFast) return CheckFastOrder(check, a, dims->beginAxis);
  return CheckPlainOrder(check, variant, a, dims->beginAxis);
}

aclnnStatus CheckLayerNormOutputs(const char *op, LayerNormVariant variant, const LayerNormArgs &a,
                                  const LayerNormDims &dims) {
  const OpCheck check(op);
  if (variant == LayerNormVariant::kFast && a.out->dataType != a.input->dataType) {
    return check.Invalid("out dtype equal to input dtype " + DTypeName(a.input->dataType), DTypeName(a.out->dataType));
  }
  ACLCPU_RETURN_IF_ERROR(CheckStatShape(check, a.mean, "meanOutOptional", a, dims));
  return CheckStatShape(check, a.rstd, "rstdOutOptional", a, dims);
}

}  // namespace aclcpu
