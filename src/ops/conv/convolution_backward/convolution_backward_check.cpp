#include "ops/conv/convolution_backward/convolution_backward_check.h"

#include <limits>
#include <string>
#include <vector>

#include "base/check.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

constexpr const char *kOp = "aclnnConvolutionBackward";
const auto kFloats = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

std::string Ints(const aclIntArray *a) {
  std::string s = "[";
  for (size_t i = 0; i < a->values.size(); ++i) s += (i ? ", " : "") + std::to_string(a->values[i]);
  return s + "]";
}

int64_t Dim(const aclTensor *t, size_t d) { return d < t->viewDims.size() ? t->viewDims[d] : 0; }

// Step 1: the nulls; the mask's size is reported as a null argument (161001), as the vendor does.
aclnnStatus CheckNulls(const OpCheck &check, const ConvolutionBackwardArgs &a, bool mask[3]) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradOutput, "gradOutput"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.stride, "stride"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.padding, "padding"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.dilation, "dilation"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.outputPadding, "outputPadding"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.outputMask, "outputMask"));
  if (a.outputMask->values.size() != 3) {
    (void)check.Invalid("outputMask of 3 entries", std::to_string(a.outputMask->values.size()) + " entries");
    return ACLNN_ERR_PARAM_NULLPTR;
  }
  for (int i = 0; i < 3; ++i) mask[i] = a.outputMask->values[i] != 0;
  if (mask[0]) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradInput, "gradInput"));
  if (mask[1]) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradWeight, "gradWeight"));
  if (mask[2]) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.gradBias, "gradBias"));
  return ACLNN_SUCCESS;
}

aclnnStatus CheckDTypes(const OpCheck &check, const ConvolutionBackwardArgs &a) {
  for (const NamedTensor &t : {NamedTensor{a.gradOutput, "gradOutput"},
                               {a.input, "input"},
                               {a.weight, "weight"},
                               {a.gradInput, "gradInput"},
                               {a.gradWeight, "gradWeight"},
                               {a.gradBias, "gradBias"}})
    if (t.tensor != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(t.tensor, t.name, kFloats));
  return ACLNN_SUCCESS;
}

// Step 3: the format by rank (3: ND or NCL, 4: NCHW, 5: NCDHW; other ranks fail here); a non-transposed
// gradBias is ND.
aclnnStatus CheckFormats(const OpCheck &check, const ConvolutionBackwardArgs &a) {
  for (const NamedTensor &t : {NamedTensor{a.gradOutput, "gradOutput"},
                               {a.input, "input"},
                               {a.weight, "weight"},
                               {a.gradInput, "gradInput"},
                               {a.gradWeight, "gradWeight"}}) {
    if (t.tensor == nullptr) continue;
    const size_t rank = t.tensor->viewDims.size();
    if (rank == 3) {
      ACLCPU_RETURN_IF_ERROR(check.FormatIn(t.tensor, t.name, {ACL_FORMAT_ND, ACL_FORMAT_NCL}));
    } else if (rank == 4) {
      ACLCPU_RETURN_IF_ERROR(check.FormatIn(t.tensor, t.name, {ACL_FORMAT_NCHW}));
    } else if (rank == 5) {
      ACLCPU_RETURN_IF_ERROR(check.FormatIn(t.tensor, t.name, {ACL_FORMAT_NCDHW}));
    } else {
      return check.Invalid(std::string(t.name) + " of rank 3, 4 or 5", ShapeOf(t.tensor));
    }
  }
  if (!a.transposed && a.gradBias != nullptr)
    ACLCPU_RETURN_IF_ERROR(check.FormatIn(a.gradBias, "gradBias", {ACL_FORMAT_ND}));
  return ACLNN_SUCCESS;
}

aclnnStatus AllAtLeast(const OpCheck &check, const aclIntArray *a, const char *name, int64_t min) {
  for (int64_t v : a->values)
    if (v < min)
      return check.Invalid(std::string("every ") + name + " value >= " + std::to_string(min),
                           std::string(name) + " " + Ints(a));
  return ACLNN_SUCCESS;
}

// Step 4: attribute values, before any length check.
aclnnStatus CheckParams(const OpCheck &check, const ConvolutionBackwardArgs &a) {
  ACLCPU_RETURN_IF_ERROR(AllAtLeast(check, a.stride, "stride", 1));
  ACLCPU_RETURN_IF_ERROR(AllAtLeast(check, a.padding, "padding", 0));
  ACLCPU_RETURN_IF_ERROR(AllAtLeast(check, a.dilation, "dilation", 1));
  const std::vector<int64_t> &op = a.outputPadding->values;
  if (a.transposed) {
    ACLCPU_RETURN_IF_ERROR(AllAtLeast(check, a.outputPadding, "outputPadding", 0));
    // 3-D: below the stride (the vendor indexes stride by outputPadding's index; a shorter stride is refused by
    // the length checks later, so only the pairs that exist are compared here).
    if (a.input->viewDims.size() == 5) {
      for (size_t i = 0; i < op.size() && i < a.stride->values.size(); ++i)
        if (op[i] >= a.stride->values[i])
          return check.Invalid("outputPadding below stride (transposed 3-D)",
                               "outputPadding " + Ints(a.outputPadding) + ", stride " + Ints(a.stride));
    }
  } else {
    for (int64_t v : op)
      if (v != 0)
        return check.Invalid("outputPadding all 0 (not transposed)", "outputPadding " + Ints(a.outputPadding));
  }
  if (a.groups < 1) return check.Invalid("groups >= 1", std::to_string(a.groups));
  return ACLNN_SUCCESS;
}

// The lengths of stride, dilation (r), padding and outputPadding (r, or 4 for 2-D).
aclnnStatus CheckLengths(const OpCheck &check, const ConvolutionBackwardArgs &a) {
  const size_t rank = a.input->viewDims.size(), r = rank - 2;
  if (a.stride->values.size() != r)
    return check.Invalid("stride of " + std::to_string(r) + " values", "stride " + Ints(a.stride));
  if (a.dilation->values.size() != r)
    return check.Invalid("dilation of " + std::to_string(r) + " values", "dilation " + Ints(a.dilation));
  const std::string allowed = std::to_string(r) + (rank == 4 ? " or 4" : "");
  const size_t pads = a.padding->values.size(), ops = a.outputPadding->values.size();
  if (pads != r && !(rank == 4 && pads == 4))
    return check.Invalid("padding of " + allowed + " values", "padding " + Ints(a.padding));
  if (ops != r && !(rank == 4 && ops == 4))
    return check.Invalid("outputPadding of " + allowed + " values", "outputPadding " + Ints(a.outputPadding));
  return ACLNN_SUCCESS;
}

// Per spatial dim: both pads (2-D: [top, bottom, left, right] or symmetric).
void PadsOf(const aclIntArray *padding, int spatial, int64_t before[3], int64_t after[3]) {
  const std::vector<int64_t> &v = padding->values;
  const bool pairs = static_cast<int>(v.size()) == 2 * spatial;
  for (int d = 0; d < spatial; ++d) {
    before[d] = pairs ? v[2 * d] : v[d];
    after[d] = pairs ? v[2 * d + 1] : v[d];
  }
}

// The empty path's checks (§4): biasSizes, the "N or C is 0" rule, lengths, groups, then the transposed
// channel rule or the padded-input rule; then the CPU's: the outputs it writes have the shapes it writes.
aclnnStatus CheckEmptyPath(const OpCheck &check, const ConvolutionBackwardArgs &a, const bool mask[3]) {
  const int64_t goC = Dim(a.gradOutput, 1);
  if (mask[2]) {
    if (a.biasSizes == nullptr)
      return check.Invalid("a non-null biasSizes (empty tensors, gradBias wanted)", "nullptr");
    if (a.biasSizes->values.size() != 1) return check.Invalid("biasSizes of 1 value", "biasSizes " + Ints(a.biasSizes));
    const __int128 want =
        a.transposed ? static_cast<__int128>(Dim(a.weight, 1)) * a.groups : static_cast<__int128>(goC);
    if (a.biasSizes->values[0] != want)
      return check.Invalid(
          std::string("biasSizes equal to ") + (a.transposed ? "weight dim 1 * groups" : "gradOutput's channels"),
          "biasSizes " + Ints(a.biasSizes));
  }
  if (mask[0] && Dim(a.input, 0) != 0 && Dim(a.input, 1) != 0)
    return check.Invalid("input N or C of 0 (empty tensors, gradInput wanted)", ShapeOf(a.input));
  ACLCPU_RETURN_IF_ERROR(CheckLengths(check, a));
  // Groups: roles swap when transposed (x = gradOutput, y = input).
  const aclTensor *x = a.transposed ? a.gradOutput : a.input, *y = a.transposed ? a.input : a.gradOutput;
  const int64_t weightCout = Dim(a.weight, 0), weightCin = Dim(a.weight, 1), xC = Dim(x, 1);
  if (weightCout % a.groups != 0)
    return check.Invalid("weight dim 0 divisible by groups",
                         ShapeOf(a.weight) + ", groups " + std::to_string(a.groups));
  if (!(a.transposed && Dim(y, 0) == 0) && (xC != 0 || weightCin != 0)) {
    if (weightCin == 0 || xC % weightCin != 0 || xC / weightCin != a.groups)
      return check.Invalid(
          std::string(a.transposed ? "gradOutput" : "input") + " channels equal to weight dim 1 * groups",
          ShapeOf(x) + ", weight " + ShapeOf(a.weight) + ", groups " + std::to_string(a.groups));
  }
  // The CPU reads weight's and gradOutput's dims by input's rank: the ranks must agree.
  if (a.weight->viewDims.size() != a.input->viewDims.size() ||
      a.gradOutput->viewDims.size() != a.input->viewDims.size())
    return check.Invalid("gradOutput, input and weight of one rank",
                         ShapeOf(a.gradOutput) + ", " + ShapeOf(a.input) + ", " + ShapeOf(a.weight));
  if (a.transposed) {
    if (weightCout <= 0 || weightCout != Dim(a.input, 1))
      return check.Invalid("weight dim 0 > 0 and equal to input's channels (transposed)",
                           ShapeOf(a.weight) + " and " + ShapeOf(a.input));
  } else {
    // The vendor reads padding[i] per spatial dim (2-D with four values: top and bottom), symmetric.
    for (size_t i = 2; i < a.input->viewDims.size(); ++i) {
      const int64_t p = a.padding->values[i - 2], d = a.dilation->values[i - 2], k = a.weight->viewDims[i];
      if (static_cast<__int128>(a.input->viewDims[i]) + 2 * static_cast<__int128>(p) <
          (static_cast<__int128>(k) - 1) * d + 1)
        return check.Invalid("input spatial dim + 2 * padding >= dilation * (kernel - 1) + 1",
                             ShapeOf(a.input) + ", padding " + Ints(a.padding) + ", weight " + ShapeOf(a.weight));
    }
  }
  // CPU: gradWeight is written with zeros and gradBias with the sum of gradOutput (§9 Q4).
  if (mask[1] && !IsEmpty(*a.gradWeight))
    ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.gradWeight, "gradWeight", a.weight->viewDims, "weight's shape"));
  if (mask[2]) {
    ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.gradBias, "gradBias", {a.biasSizes->values[0]}, "biasSizes"));
    if (!IsEmpty(*a.gradOutput) && goC != a.biasSizes->values[0])
      return check.Invalid("gradOutput's channels equal to biasSizes (its sum is gradBias)",
                           ShapeOf(a.gradOutput) + ", biasSizes " + Ints(a.biasSizes));
  }
  return ACLNN_SUCCESS;
}

// Step 7: ranks, non-empty gradOutput and weight, the outputs' shapes, the attribute lengths.
aclnnStatus CheckShapes(const OpCheck &check, const ConvolutionBackwardArgs &a) {
  const size_t rank = a.input->viewDims.size();
  if (a.gradOutput->viewDims.size() != rank)
    return check.Invalid("gradOutput of input's rank " + std::to_string(rank), ShapeOf(a.gradOutput));
  if (a.weight->viewDims.size() != rank)
    return check.Invalid("weight of input's rank " + std::to_string(rank), ShapeOf(a.weight));
  if (IsEmpty(*a.gradOutput) || IsEmpty(*a.weight))
    return check.Invalid("non-empty gradOutput and weight", ShapeOf(a.gradOutput) + ", " + ShapeOf(a.weight));
  if (a.gradInput != nullptr) ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradInput, "gradInput", a.input, "input"));
  if (a.gradWeight != nullptr) ACLCPU_RETURN_IF_ERROR(check.SameShape(a.gradWeight, "gradWeight", a.weight, "weight"));
  if (a.gradBias != nullptr) {
    ACLCPU_RETURN_IF_ERROR(check.RankIs(a.gradBias, "gradBias", 1));
    if (a.gradBias->viewDims[0] != a.gradOutput->viewDims[1])
      return check.Invalid("gradBias of gradOutput's " + std::to_string(a.gradOutput->viewDims[1]) + " channels",
                           ShapeOf(a.gradBias));
  }
  ACLCPU_RETURN_IF_ERROR(CheckLengths(check, a));
  // CPU: the vendor never compares the batch sizes; the CPU reads image n of both.
  if (a.gradOutput->viewDims[0] != a.input->viewDims[0])
    return check.Invalid("gradOutput with input's batch size " + std::to_string(a.input->viewDims[0]),
                         ShapeOf(a.gradOutput));
  return ACLNN_SUCCESS;
}

// Step 8: channels and groups (x = input, y = gradOutput; swapped when transposed).
aclnnStatus CheckChannels(const OpCheck &check, const ConvolutionBackwardArgs &a) {
  const aclTensor *x = a.transposed ? a.gradOutput : a.input, *y = a.transposed ? a.input : a.gradOutput;
  const char *xName = a.transposed ? "gradOutput" : "input", *yName = a.transposed ? "input" : "gradOutput";
  const int64_t xC = x->viewDims[1], yC = y->viewDims[1], wCout = a.weight->viewDims[0], wCin = a.weight->viewDims[1];
  if (yC != wCout)
    return check.Invalid(std::string(yName) + " channels equal to weight dim 0",
                         ShapeOf(y) + " and weight " + ShapeOf(a.weight));
  if (wCin == 0 || xC % wCin != 0)
    return check.Invalid(std::string(xName) + " channels divisible by weight dim 1",
                         ShapeOf(x) + " and weight " + ShapeOf(a.weight));
  if (xC / wCin != a.groups)
    return check.Invalid(std::string(xName) + " channels equal to weight dim 1 * groups",
                         ShapeOf(x) + ", weight " + ShapeOf(a.weight) + ", groups " + std::to_string(a.groups));
  if (xC == a.groups && (yC < a.groups || yC % a.groups != 0))
    return check.Invalid(std::string(yName) + " channels a multiple of groups (depthwise)",
                         ShapeOf(y) + ", groups " + std::to_string(a.groups));
  // CPU: every group has the same number of filters (the vendor checks it only on the empty path).
  if (wCout % a.groups != 0)
    return check.Invalid("weight dim 0 divisible by groups",
                         ShapeOf(a.weight) + ", groups " + std::to_string(a.groups));
  return ACLNN_SUCCESS;
}

// Step 8 (3-D) and the CPU's rule for 1-D/2-D (§9 Q3): y's spatial size is the convolution's of x's.
aclnnStatus CheckSpatial(const OpCheck &check, const ConvolutionBackwardArgs &a, ConvGeometry *geo) {
  const aclTensor *x = a.transposed ? a.gradOutput : a.input, *y = a.transposed ? a.input : a.gradOutput;
  const int spatial = static_cast<int>(x->viewDims.size()) - 2, lead = kConvDims - spatial;
  int64_t before[3] = {}, after[3] = {};
  PadsOf(a.padding, spatial, before, after);
  for (int d = 0; d < spatial; ++d) {
    const int64_t s = x->viewDims[d + 2], k = a.weight->viewDims[d + 2], dil = a.dilation->values[d];
    const __int128 span = static_cast<__int128>(s) + before[d] + after[d] -
                          static_cast<__int128>(dil) * (static_cast<__int128>(k) - 1) - 1;
    if (span < 0)
      return check.Invalid(
          std::string(a.transposed ? "gradOutput" : "input") + " spatial dim + padding >= dilation * (kernel - 1) + 1",
          ShapeOf(x) + ", padding " + Ints(a.padding) + ", weight " + ShapeOf(a.weight));
    const __int128 o = span / a.stride->values[d] + 1;
    if (o != y->viewDims[d + 2])
      return check.Invalid(std::string(a.transposed ? "input" : "gradOutput") + " spatial dim " + std::to_string(d) +
                               " of " + std::to_string(static_cast<int64_t>(o)) + " (the convolution's size)",
                           ShapeOf(y));
    geo->in[lead + d] = s;
    geo->kernel[lead + d] = k;
    geo->out[lead + d] = y->viewDims[d + 2];
    geo->stride[lead + d] = a.stride->values[d];
    geo->padBefore[lead + d] = before[d];
    geo->dilation[lead + d] = dil;
  }
  geo->n = x->viewDims[0];
  geo->cin = x->viewDims[1];
  geo->cout = y->viewDims[1];
  geo->groups = a.groups;
  return ACLNN_SUCCESS;
}

DType Promote(DType a, DType b) { return a == b ? a : DType::kF32; }

// Step 9 (§9 Q8): a 3-D fp32 gradWeight with groups > 1 under USE_FP16 or with a 16-bit promoted dtype.
aclnnStatus CheckGroupedFp32GradWeight(const OpCheck &check, const ConvolutionBackwardArgs &a, const bool mask[3]) {
  if (a.input->viewDims.size() != 5 || !mask[1] || a.groups <= 1 || a.gradWeight->dataType != ACL_FLOAT)
    return ACLNN_SUCCESS;
  if (a.cubeMathType == 2)
    return check.Invalid("cubeMathType 0, 1 or 3 for a FLOAT gradWeight with groups > 1 (3-D)", "2 (USE_FP16)");
  const DType p =
      Promote(Promote(ToDType(a.gradOutput->dataType), ToDType(a.input->dataType)), ToDType(a.weight->dataType));
  if (p != DType::kF32)
    return check.Invalid(
        "FLOAT inputs for a FLOAT gradWeight with groups > 1 (3-D)",
        DTypeName(a.gradOutput->dataType) + ", " + DTypeName(a.input->dataType) + ", " + DTypeName(a.weight->dataType));
  return ACLNN_SUCCESS;
}

// The CPU's own: views inside their storage; the outputs it writes without self-overlap.
aclnnStatus CheckStorage(const OpCheck &check, const ConvolutionBackwardArgs &a, const bool mask[3]) {
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{a.gradOutput, "gradOutput"},
                                                {a.input, "input"},
                                                {a.weight, "weight"},
                                                {mask[0] ? a.gradInput : nullptr, "gradInput"},
                                                {mask[1] ? a.gradWeight : nullptr, "gradWeight"},
                                                {mask[2] ? a.gradBias : nullptr, "gradBias"}}));
  const NamedTensor outs[] = {{a.gradInput, "gradInput"}, {a.gradWeight, "gradWeight"}, {a.gradBias, "gradBias"}};
  for (int i = 0; i < 3; ++i)
    if (mask[i] && !IsEmpty(*outs[i].tensor)) ACLCPU_RETURN_IF_ERROR(check.NoSelfOverlap(outs[i].tensor, outs[i].name));
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus CheckConvolutionBackward(const ConvolutionBackwardArgs &a, ConvBackwardProblem *problem) {
  const OpCheck check(kOp);
  bool *mask = problem->mask;
  ACLCPU_RETURN_IF_ERROR(CheckNulls(check, a, mask));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckFormats(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckParams(check, a));
  if (a.cubeMathType < 0 || a.cubeMathType > 3)
    return check.Invalid("cubeMathType in [0, 3] (KEEP_DTYPE, ALLOW_FP32_DOWN_PRECISION, USE_FP16, USE_HF32)",
                         std::to_string(a.cubeMathType));
  problem->empty = IsEmpty(*a.input) || IsEmpty(*a.weight);
  if (problem->empty) {
    ACLCPU_RETURN_IF_ERROR(CheckEmptyPath(check, a, mask));
    return CheckStorage(check, a, mask);
  }
  ACLCPU_RETURN_IF_ERROR(CheckShapes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckChannels(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckSpatial(check, a, &problem->direct));
  ACLCPU_RETURN_IF_ERROR(CheckGroupedFp32GradWeight(check, a, mask));
  return CheckStorage(check, a, mask);
}

}  // namespace aclcpu
