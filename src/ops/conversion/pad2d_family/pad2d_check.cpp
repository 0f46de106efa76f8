#include "ops/conversion/pad2d_family/pad2d_check.h"

#include <string>

#include "base/meta_objects.h"

namespace aclcpu {

aclnnStatus CheckPaddingLength(const OpCheck &check, const aclIntArray *padding) {
  if (padding->values.size() == 4) return ACLNN_SUCCESS;
  return check.Invalid("padding of length 4 [left, right, top, bottom]",
                       "length " + std::to_string(padding->values.size()));
}

aclnnStatus CheckPadRank(const OpCheck &check, const aclTensor *self, const char *name) {
  const size_t rank = self->viewDims.size();
  if (rank >= 3 && rank <= 4) return ACLNN_SUCCESS;
  return check.Invalid(std::string(name) + " of rank 3 or 4", "rank " + std::to_string(rank) + " " + ShapeOf(self));
}

aclnnStatus CheckPadsBelowDims(const OpCheck &check, const aclTensor *self, const std::vector<int64_t> &pad) {
  const std::vector<int64_t> &dims = self->viewDims;
  const int64_t h = dims[dims.size() - 2], w = dims[dims.size() - 1];
  if (pad[0] < w && pad[1] < w && pad[2] < h && pad[3] < h) return ACLNN_SUCCESS;
  return check.Invalid("each pad smaller than the dim it pads (left, right < W = " + std::to_string(w) +
                           ", top, bottom < H = " + std::to_string(h) + ")",
                       "padding " + ShapeString(pad));
}

aclnnStatus PaddedShape(const OpCheck &check, const aclTensor *self, const std::vector<int64_t> &pad,
                        std::vector<int64_t> *padded) {
  *padded = self->viewDims;
  const size_t rank = padded->size();
  const int64_t extra[2][2] = {{pad[2], pad[3]}, {pad[0], pad[1]}};  // H: top, bottom; W: left, right
  for (int axis = 0; axis < 2; ++axis) {
    int64_t &dim = (*padded)[rank - 2 + static_cast<size_t>(axis)];
    int64_t sum = 0;
    if (__builtin_add_overflow(dim, extra[axis][0], &sum) || __builtin_add_overflow(sum, extra[axis][1], &sum) ||
        sum < 0) {
      return check.Invalid(std::string(axis == 0 ? "H + top + bottom" : "W + left + right") +
                               " between 0 and 2^63 - 1 (negative pads crop, but not past nothing)",
                           "self " + ShapeOf(self) + " with padding " + ShapeString(pad));
    }
    dim = sum;
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckPadEmpty(const OpCheck &check, const aclTensor *self, const aclTensor *padded, bool rank3EmptyFails,
                          bool *compute) {
  *compute = true;
  if (!IsEmpty(*self) && !IsEmpty(*padded)) return ACLNN_SUCCESS;
  const std::vector<int64_t> &dims = self->viewDims;
  if (rank3EmptyFails && dims.size() == 3) {
    return check.Invalid("no empty tensor in a 3-D (C, H, W) problem",
                         "self " + ShapeOf(self) + ", " + ShapeOf(padded));
  }
  for (size_t d = 1; d < dims.size(); ++d) {
    if (dims[d] == 0) return check.Invalid("self not empty in its dims after the first", ShapeOf(self));
  }
  *compute = false;
  return ACLNN_SUCCESS;
}

namespace {

aclnnStatus CheckBackwardDTypes(const OpCheck &check, const Pad2dBackwardArgs &a) {
  const auto supported = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradOutput, "gradOutput", supported));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", supported));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.gradInput, "gradInput", supported));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.gradOutput, "gradOutput", a.self, "self"));
  return check.SameDType(a.gradInput, "gradInput", a.self, "self");
}

aclnnStatus CheckBackwardFormats(const OpCheck &check, const Pad2dBackwardArgs &a) {
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

aclnnStatus CheckBackwardShapes(const OpCheck &check, PadMode mode, const Pad2dBackwardArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.SameShape(a.self, "self", a.gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(CheckPadRank(check, a.self, "self"));
  const std::vector<int64_t> &in = a.self->viewDims, &go = a.gradOutput->viewDims;
  const size_t rank = in.size();
  if (go.size() != rank) {
    return check.Invalid("gradOutput of the rank of self (" + std::to_string(rank) + ")",
                         "rank " + std::to_string(go.size()) + " " + ShapeOf(a.gradOutput));
  }
  if (a.gradInput->viewDims.size() != rank) {
    return check.Invalid("gradInput of the rank of self (" + std::to_string(rank) + ")", ShapeOf(a.gradInput));
  }
  ACLCPU_RETURN_IF_ERROR(CheckPaddingLength(check, a.padding));
  const std::vector<int64_t> &pad = a.padding->values;
  if (mode == PadMode::kReflect) ACLCPU_RETURN_IF_ERROR(CheckPadsBelowDims(check, a.self, pad));
  const int64_t left = pad[0], right = pad[1], top = pad[2], bottom = pad[3];
  if (a.gradOutput->dataType == ACL_BF16) {
    const bool nonNegative = left >= 0 && right >= 0 && top >= 0 && bottom >= 0;
    const bool small = (top == 0 && bottom == 0) || (left <= 7 && right <= 7 && top <= 7 && bottom <= 7);
    if (!nonNegative || !small) {
      return check.Invalid("for BF16, non-negative pads with top = bottom = 0 or all pads <= 7",
                           "padding " + ShapeString(pad));
    }
  }
  std::vector<int64_t> padded;
  ACLCPU_RETURN_IF_ERROR(PaddedShape(check, a.self, pad, &padded));
  if (go[rank - 2] != padded[rank - 2] || go[rank - 1] != padded[rank - 1]) {
    return check.Invalid("gradOutput last two dims [" + std::to_string(padded[rank - 2]) + ", " +
                             std::to_string(padded[rank - 1]) + "] (self's plus padding)",
                         ShapeOf(a.gradOutput));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckPad2dBackward(const char *op, PadMode mode, const Pad2dBackwardArgs &a, bool *compute) {
  const OpCheck check(op);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.padding, "padding"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradInput, "gradInput"));
  ACLCPU_RETURN_IF_ERROR(CheckBackwardDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckBackwardFormats(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckBackwardShapes(check, mode, a));
  const aclTensor *padded = IsEmpty(*a.gradInput) ? a.gradInput : a.gradOutput;
  return CheckPadEmpty(check, a.self, padded, mode == PadMode::kReplicate, compute);
}

aclnnStatus CheckPad2dBackwardStrict(const char *op, const Pad2dBackwardArgs &a) {
  const OpCheck check(op);
  const std::vector<int64_t> &in = a.self->viewDims, &go = a.gradOutput->viewDims;
  for (size_t d = 0; d + 2 < in.size(); ++d) {
    if (go[d] != in[d]) {
      return check.Invalid("gradOutput leading dims equal to self's " + ShapeString(in), ShapeOf(a.gradOutput));
    }
  }
  return check.ViewsFitStorage({{a.gradOutput, "gradOutput"}, {a.gradInput, "gradInput"}});
}

}  // namespace aclcpu
