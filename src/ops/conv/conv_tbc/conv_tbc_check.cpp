#include "ops/conv/conv_tbc/conv_tbc_check.h"

#include <string>
#include <vector>

#include "base/check.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnConvTbc";

aclnnStatus CheckDTypes(const OpCheck &check, const ConvTbcArgs &a) {
  // A2/A3 cube list; self, weight and output share one dtype, the bias may be any of the three.
  const auto floats = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.bias, "bias", floats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", floats));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.weight, "weight", a.self, "self"));
  return check.SameDType(a.output, "output", a.weight, "weight");
}

aclnnStatus CheckRanks(const OpCheck &check, const ConvTbcArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.self, "self", 3));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.weight, "weight", 3));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.output, "output", 3));
  return check.RankIs(a.bias, "bias", 1);
}

aclnnStatus CheckFormats(const OpCheck &check, const ConvTbcArgs &a) {
  // Labels only: the data is always (T, B, C) / (K, Cin, Cout). The bias label is not checked on A2.
  const auto tbc = {ACL_FORMAT_ND, ACL_FORMAT_NCL};
  ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.self, "self", tbc));
  ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.weight, "weight", tbc));
  return check.FormatIn(a.output, "output", tbc);
}

aclnnStatus NoNegativeDims(const OpCheck &check, const aclTensor *t, const char *name) {
  for (int64_t d : t->viewDims) {
    if (d < 0) return check.Invalid(std::string(name) + " without negative dims", ShapeOf(t));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckValues(const OpCheck &check, const ConvTbcArgs &a) {
  ACLCPU_RETURN_IF_ERROR(NoNegativeDims(check, a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(NoNegativeDims(check, a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(NoNegativeDims(check, a.output, "output"));
  const std::vector<int64_t> &x = a.self->viewDims, &w = a.weight->viewDims;
  if (a.bias->viewDims[0] != w[2]) {
    return check.Invalid("bias of weight dim 2 (Cout) elements", ShapeOf(a.bias) + " with weight " + ShapeOf(a.weight));
  }
  if (w[0] <= 0) return check.Invalid("weight dim 0 (K) > 0", ShapeOf(a.weight));
  if (a.pad < 0) return check.Invalid("pad >= 0", std::to_string(a.pad));
  // Tout = T + 2 pad + 1 - K; a pad this large would overflow it (the device does not check).
  int64_t span = 0;
  if (__builtin_mul_overflow(a.pad, 2, &span) || __builtin_add_overflow(span, x[0], &span) ||
      __builtin_add_overflow(span, 1, &span)) {
    return check.Invalid("T + 2 * pad + 1 representable in int64",
                         "T " + std::to_string(x[0]) + ", pad " + std::to_string(a.pad));
  }
  // The device counts the pad once here (conv-tbc-forward.md §14 Q1), and only when self has data.
  if (!IsEmpty(*a.self) && x[0] + a.pad - w[0] < 0) {
    return check.Invalid(
        "self dim 0 + pad >= weight dim 0 (T + pad >= K)",
        "T " + std::to_string(x[0]) + ", pad " + std::to_string(a.pad) + ", K " + std::to_string(w[0]));
  }
  if (w[1] != x[2]) {
    return check.Invalid("weight dim 1 (Cin) equal to self dim 2", ShapeOf(a.weight) + " and " + ShapeOf(a.self));
  }
  const std::vector<int64_t> expect = {span - w[0], x[1], w[2]};
  if (a.output->viewDims != expect) {
    return check.Invalid("output of shape " + ShapeString(expect) + " (T + 2 * pad - K + 1, B, Cout)",
                         ShapeOf(a.output));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckConvTbc(const ConvTbcArgs &a) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckRanks(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckFormats(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckValues(check, a));
  if (a.cubeMathType < 0 || a.cubeMathType > 4) {
    return check.Invalid(
        "cubeMathType in [0, 4] (KEEP_DTYPE, ALLOW_FP32_DOWN_PRECISION, USE_FP16, USE_HF32, USE_FP32_ADD)",
        std::to_string(a.cubeMathType));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckConvTbcStrict(const ConvTbcArgs &a) {
  const OpCheck check(kOp);
  return check.ViewsFitStorage({{a.self, "self"}, {a.weight, "weight"}, {a.bias, "bias"}, {a.output, "output"}});
}

}  // namespace aclcpu
