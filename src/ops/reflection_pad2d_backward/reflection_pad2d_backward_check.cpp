#include "ops/reflection_pad2d_backward/reflection_pad2d_backward_check.h"

#include <string>

#include "base/check.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnReflectionPad2dBackward";

aclnnStatus CheckDTypes(const OpCheck &check, const ReflectionPad2dBackwardArgs &a) {
  const auto supported = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradOutput, "gradOutput", supported));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", supported));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradInput, "gradInput", supported));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.gradOutput, "gradOutput", a.self, "self"));
  return check.SameDType(a.gradInput, "gradInput", a.self, "self");
}

aclnnStatus CheckFormats(const OpCheck &check, const ReflectionPad2dBackwardArgs &a) {
  const aclTensor *tensors[] = {a.gradOutput, a.self, a.gradInput};
  const char *names[] = {"gradOutput", "self", "gradInput"};
  for (int i = 0; i < 3; ++i) ACLCPU_RETURN_IF_ERROR(check.PublicFormat(tensors[i], names[i]));
  for (int i = 0; i < 3; i += 2) {
    if (tensors[i]->format != a.self->format) {
      return check.Invalid(std::string(names[i]) + " format equal to self format " + FormatName(a.self->format),
                           FormatName(tensors[i]->format));
    }
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckShapes(const OpCheck &check, const ReflectionPad2dBackwardArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.self, "self", a.gradInput, "gradInput"));
  const std::vector<int64_t> &in = a.self->viewDims, &go = a.gradOutput->viewDims;
  const size_t rank = in.size();
  if (rank < 3 || rank > 4)
    return check.Invalid("self of rank 3 or 4", "rank " + std::to_string(rank) + " " + ShapeOf(a.self));
  if (go.size() != rank) {
    return check.Invalid("gradOutput of the rank of self (" + std::to_string(rank) + ")",
                         "rank " + std::to_string(go.size()) + " " + ShapeOf(a.gradOutput));
  }
  if (a.gradInput->viewDims.size() != rank) {
    return check.Invalid("gradInput of the rank of self (" + std::to_string(rank) + ")", ShapeOf(a.gradInput));
  }
  const std::vector<int64_t> &pad = a.padding->values;
  if (pad.size() != 4)
    return check.Invalid("padding of length 4 [left, right, top, bottom]", "length " + std::to_string(pad.size()));
  const int64_t h = in[rank - 2], w = in[rank - 1];
  const int64_t left = pad[0], right = pad[1], top = pad[2], bottom = pad[3];
  if (left >= w || right >= w || top >= h || bottom >= h) {
    return check.Invalid("each pad smaller than the dim it pads (left, right < W = " + std::to_string(w) +
                             ", top, bottom < H = " + std::to_string(h) + ")",
                         "padding " + ShapeString(pad));
  }
  if (a.gradOutput->dataType == ACL_BF16) {
    const bool nonNegative = left >= 0 && right >= 0 && top >= 0 && bottom >= 0;
    const bool small = (top == 0 && bottom == 0) || (left <= 7 && right <= 7 && top <= 7 && bottom <= 7);
    if (!nonNegative || !small) {
      return check.Invalid("for BF16, non-negative pads with top = bottom = 0 or all pads <= 7",
                           "padding " + ShapeString(pad));
    }
  }
  if (go[rank - 2] != h + top + bottom || go[rank - 1] != w + left + right) {
    return check.Invalid("gradOutput last two dims [" + std::to_string(h + top + bottom) + ", " +
                             std::to_string(w + left + right) + "] (self's plus padding)",
                         ShapeOf(a.gradOutput));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckReflectionPad2dBackward(const ReflectionPad2dBackwardArgs &a, bool *compute) {
  const OpCheck check(kOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.padding, "padding"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckFormats(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a));
  *compute = true;
  if (IsEmpty(*a.gradOutput) || IsEmpty(*a.self) || IsEmpty(*a.gradInput)) {
    const std::vector<int64_t> &in = a.self->viewDims;
    // Only an empty leading dim (N, or C of a 3-D self) or an empty gradOutput/gradInput is allowed.
    for (size_t d = 1; d < in.size(); ++d) {
      if (in[d] == 0) return check.Invalid("self not empty in its dims after the first", ShapeOf(a.self));
    }
    *compute = false;
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckReflectionPad2dBackwardStrict(const ReflectionPad2dBackwardArgs &a) {
  const OpCheck check(kOp);
  const std::vector<int64_t> &in = a.self->viewDims, &go = a.gradOutput->viewDims;
  for (size_t d = 0; d + 2 < in.size(); ++d) {
    if (go[d] != in[d]) {
      return check.Invalid("gradOutput leading dims equal to self's " + ShapeString(in), ShapeOf(a.gradOutput));
    }
  }
  return check.ViewsFitStorage({{a.gradOutput, "gradOutput"}, {a.gradInput, "gradInput"}});
}

}  // namespace aclcpu
