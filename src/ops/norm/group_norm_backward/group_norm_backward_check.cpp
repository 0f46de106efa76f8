#include "ops/norm/group_norm_backward/group_norm_backward_check.h"

#include <string>
#include <vector>

#include "base/check.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnGroupNormBackward";
constexpr int64_t kMaxChannelsPerGroup = 8000;  // A2 only (§2.4 step 5)
constexpr int64_t kMaxChannels = 240000;        // A2 only
const char *const kOutputNames[3] = {"gradInput", "gradGammaOut", "gradBetaOut"};

const aclTensor *Output(const GroupNormBackwardArgs &a, int i) {
  const aclTensor *outputs[3] = {a.gradInput, a.gradGamma, a.gradBeta};
  return outputs[i];
}

std::string Str(int64_t v) { return std::to_string(v); }

// Step 3 (CheckMaskNotNull): every failure, a selected null output included, is 161002.
aclnnStatus CheckMask(const OpCheck &check, const GroupNormBackwardArgs &a, bool mask[3]) {
  if (a.outputMask == nullptr) return check.Invalid("a non-null outputMask", "nullptr");
  if (a.outputMask->values.size() != 3) {
    return check.Invalid("outputMask of 3 values", Str(static_cast<int64_t>(a.outputMask->values.size())));
  }
  for (int i = 0; i < 3; ++i) {
    mask[i] = a.outputMask->values[static_cast<size_t>(i)] != 0;
    if (mask[i] && Output(a, i) == nullptr) {
      return check.Invalid(std::string("a non-null ") + kOutputNames[i] + " (outputMask[" + Str(i) + "] is true)",
                           "nullptr");
    }
  }
  return ACLNN_SUCCESS;
}

// Step 4: one dtype from {FLOAT, FLOAT16, BF16}, gradOut's, for every given tensor and selected output.
aclnnStatus CheckDTypes(const OpCheck &check, const GroupNormBackwardArgs &a, const bool mask[3]) {
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradOut, "gradOut", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.input, "input", a.gradOut, "gradOut"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.mean, "mean", a.gradOut, "gradOut"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.rstd, "rstd", a.gradOut, "gradOut"));
  if (a.gamma != nullptr) ACLCPU_RETURN_IF_ERROR(check.SameDType(a.gamma, "gamma", a.gradOut, "gradOut"));
  for (int i = 0; i < 3; ++i) {
    if (mask[i]) ACLCPU_RETURN_IF_ERROR(check.SameDType(Output(a, i), kOutputNames[i], a.gradOut, "gradOut"));
  }
  return ACLNN_SUCCESS;
}

// Step 5, on the parameters.
aclnnStatus CheckAttributes(const OpCheck &check, const GroupNormBackwardArgs &a) {
  if (a.group <= 0) return check.Invalid("group > 0", Str(a.group));
  const std::string cg = "C = " + Str(a.c) + ", group = " + Str(a.group);
  if (a.c % a.group != 0) return check.Invalid("C divisible by group", cg);
  if (a.c / a.group > kMaxChannelsPerGroup) return check.Invalid("C / group <= " + Str(kMaxChannelsPerGroup), cg);
  if (a.c > kMaxChannels) return check.Invalid("C <= " + Str(kMaxChannels), "C = " + Str(a.c));
  return ACLNN_SUCCESS;
}

// numel(t) == expected, where `expected` was formed from the parameters (-1 when their product overflows).
aclnnStatus CheckNumel(const OpCheck &check, const aclTensor *t, const char *name, int64_t expected,
                       const std::string &what) {
  const int64_t got = Numel(*t);
  if (got == expected) return ACLNN_SUCCESS;
  return check.Invalid(std::string(name) + " with " + what + " elements", Str(got) + " elements " + ShapeOf(t));
}

int64_t CheckedProduct(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? -1 : r;
}

// Step 6: numels against the parameters, exact shapes of the selected outputs.
aclnnStatus CheckShapes(const OpCheck &check, const GroupNormBackwardArgs &a, const bool mask[3]) {
  ACLCPU_RETURN_IF_ERROR(check.RankAtMost(a.gradOut, "gradOut", kMaxRank));
  const int64_t total = CheckedProduct(CheckedProduct(a.n, a.c), a.hw);
  const std::string nchw = "N * C * HxW = " + (total < 0 ? std::string("overflow") : Str(total));
  ACLCPU_RETURN_IF_ERROR(CheckNumel(check, a.gradOut, "gradOut", total, nchw));
  ACLCPU_RETURN_IF_ERROR(CheckNumel(check, a.input, "input", total, nchw));
  const int64_t stats = CheckedProduct(a.n, a.group);
  const std::string ng = "N * group = " + (stats < 0 ? std::string("overflow") : Str(stats));
  ACLCPU_RETURN_IF_ERROR(CheckNumel(check, a.mean, "mean", stats, ng));
  ACLCPU_RETURN_IF_ERROR(CheckNumel(check, a.rstd, "rstd", stats, ng));
  if (a.gamma != nullptr) ACLCPU_RETURN_IF_ERROR(CheckNumel(check, a.gamma, "gamma", a.c, "C = " + Str(a.c)));
  if (mask[0]) ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradInput, "gradInput", a.input, "input"));
  const std::vector<int64_t> paramShape = a.gamma != nullptr ? a.gamma->viewDims : std::vector<int64_t>{a.c};
  const char *paramWhat = a.gamma != nullptr ? "gamma's shape" : "[C] (gamma is null)";
  for (int i = 1; i < 3; ++i) {
    if (mask[i]) ACLCPU_RETURN_IF_ERROR(check.ShapeIs(Output(a, i), kOutputNames[i], paramShape, paramWhat));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckGroupNormBackward(const GroupNormBackwardArgs &a, GroupNormBackwardChecked *out) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradOut, "gradOut"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.mean, "mean"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.rstd, "rstd"));
  ACLCPU_RETURN_IF_ERROR(CheckMask(check, a, out->mask));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a, out->mask));
  ACLCPU_RETURN_IF_ERROR(CheckAttributes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a, out->mask));
  // Step 7: empty data (numel N * C * HxW == 0) is success with nothing written, selected outputs included.
  if (IsEmpty(*a.gradOut) || IsEmpty(*a.input)) return ACLNN_SUCCESS;
  // The numels match N * C * HxW > 0 and N * group >= 0, so N > 0 and C, HxW share a sign: refuse both negative
  // (which the device would read as a huge shape; docs/compat.md).
  if (a.c <= 0 || a.hw <= 0) {
    return check.Invalid("C > 0 and HxW > 0 for non-empty data", "C = " + Str(a.c) + ", HxW = " + Str(a.hw));
  }
  out->compute = out->mask[0] || out->mask[1] || out->mask[2];
  out->shape = {a.n, a.c, a.hw, a.group};
  return ACLNN_SUCCESS;
}

}  // namespace aclcpu
