#include "ops/conv/convolution/convolution_check.h"

#include <limits>
#include <string>
#include <vector>

#include "base/check.h"
#include "base/meta_objects.h"

namespace aclcpu {
namespace {

constexpr const char *kConvOp = "aclnnConvolution";
constexpr const char *kDepthwiseOp = "aclnnConvDepthwise2d";
const auto kFloats = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

std::string Ints(const aclIntArray *a) {
  std::string s = "[";
  for (size_t i = 0; i < a->values.size(); ++i) s += (i ? ", " : "") + std::to_string(a->values[i]);
  return s + "]";
}

// Per spatial dim: both pads (the 1-D [left, right] and 2-D [top, bottom, left, right] lists, else symmetric).
struct Pads {
  int64_t before[kConvDims] = {}, after[kConvDims] = {};
};
Pads PadsOf(const aclIntArray *padding, int spatial) {
  Pads p;
  const std::vector<int64_t> &v = padding->values;
  const bool pairs = static_cast<int>(v.size()) == 2 * spatial;
  for (int d = 0; d < spatial; ++d) {
    p.before[d] = pairs ? v[2 * d] : v[d];
    p.after[d] = pairs ? v[2 * d + 1] : v[d];
  }
  return p;
}

// O = (S + before + after - d (K - 1) - 1) / s + 1 in 128 bits (the device's integer division).
__int128 OutSize(int64_t s, int64_t before, int64_t after, int64_t k, int64_t d, int64_t stride) {
  const __int128 span =
      static_cast<__int128>(s) + before + after - static_cast<__int128>(d) * (static_cast<__int128>(k) - 1) - 1;
  return span / stride + 1;
}

aclnnStatus AllPositive(const OpCheck &check, const aclIntArray *a, const char *name) {
  for (int64_t v : a->values)
    if (v <= 0) return check.Invalid(std::string("every ") + name + " value > 0", std::string(name) + " " + Ints(a));
  return ACLNN_SUCCESS;
}

aclnnStatus LengthIs(const OpCheck &check, const aclIntArray *a, const char *name, size_t n, const char *why) {
  if (a->values.size() == n) return ACLNN_SUCCESS;
  return check.Invalid(std::string(name) + " of " + std::to_string(n) + " values (" + why + ")",
                       std::string(name) + " " + Ints(a));
}

aclnnStatus NonNegativeDims(const OpCheck &check, const aclTensor *t, const char *name, size_t first, size_t count) {
  for (size_t d = first; d < first + count && d < t->viewDims.size(); ++d)
    if (t->viewDims[d] < 0) return check.Invalid(std::string(name) + " without negative dims", ShapeOf(t));
  return ACLNN_SUCCESS;
}

// Step a) of the values: N, C >= 0 for input and weight, input spatial >= 0, weight spatial > 0.
aclnnStatus CheckDims(const OpCheck &check, const aclTensor *input, const char *inputName, const aclTensor *weight) {
  ACLCPU_RETURN_IF_ERROR(NonNegativeDims(check, input, inputName, 0, input->viewDims.size()));
  ACLCPU_RETURN_IF_ERROR(NonNegativeDims(check, weight, "weight", 0, 2));
  for (size_t d = 2; d < weight->viewDims.size(); ++d)
    if (weight->viewDims[d] <= 0) return check.Invalid("weight spatial dims > 0", ShapeOf(weight));
  return ACLNN_SUCCESS;
}

// Step d): the padded input holds the dilated kernel in every spatial dim (only when input has data).
aclnnStatus CheckKernelFits(const OpCheck &check, const aclTensor *input, const char *inputName,
                            const aclTensor *weight, const Pads &pads, const aclIntArray *dilation) {
  if (IsEmpty(*input)) return ACLNN_SUCCESS;
  for (size_t d = 0; d + 2 < input->viewDims.size(); ++d) {
    const int64_t s = input->viewDims[d + 2], k = weight->viewDims[d + 2], dil = dilation->values[d];
    if (OutSize(s, pads.before[d], pads.after[d], k, dil, 1) < 1) {
      return check.Invalid(
          std::string(inputName) + " spatial dim " + std::to_string(d) + " + padding >= dilation * (kernel - 1) + 1",
          "size " + std::to_string(s) + ", padding " + std::to_string(pads.before[d]) + "+" +
              std::to_string(pads.after[d]) + ", kernel " + std::to_string(k) + ", dilation " + std::to_string(dil));
    }
  }
  return ACLNN_SUCCESS;
}

// Step 6: out == (N, Cout, *O); with an empty input or weight, out is empty and no inferred dim is negative.
aclnnStatus CheckOutShape(const OpCheck &check, const aclTensor *input, const aclTensor *weight, const aclTensor *out,
                          const char *outName, int64_t cout, const Pads &pads, const aclIntArray *stride,
                          const aclIntArray *dilation, ConvGeometry *geo) {
  std::vector<int64_t> expect = {input->viewDims[0], cout};
  const int spatial = static_cast<int>(input->viewDims.size()) - 2;
  for (int d = 0; d < spatial; ++d) {
    const __int128 o = OutSize(input->viewDims[d + 2], pads.before[d], pads.after[d], weight->viewDims[d + 2],
                               dilation->values[d], stride->values[d]);
    if (o > std::numeric_limits<int64_t>::max() || o < std::numeric_limits<int64_t>::min())
      return check.Invalid("an output size representable in int64", "padding of " + ShapeOf(input));
    expect.push_back(static_cast<int64_t>(o));
  }
  const bool empty = IsEmpty(*input) || IsEmpty(*weight);
  if (empty) {
    for (int64_t v : expect)
      if (v < 0) return check.Invalid(std::string(outName) + " shape without negative dims", ShapeString(expect));
    if (!IsEmpty(*out)) return check.Invalid(std::string(outName) + " empty (input or weight is empty)", ShapeOf(out));
  }
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(out, outName, expect, "the convolution's output size"));
  const int lead = kConvDims - spatial;
  geo->n = input->viewDims[0];
  geo->cin = input->viewDims[1];
  geo->cout = cout;
  for (int d = 0; d < spatial; ++d) {
    geo->in[lead + d] = input->viewDims[d + 2];
    geo->kernel[lead + d] = weight->viewDims[d + 2];
    geo->out[lead + d] = expect[d + 2];
    geo->stride[lead + d] = stride->values[d];
    geo->padBefore[lead + d] = pads.before[d];
    geo->dilation[lead + d] = dilation->values[d];
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckCubeMathType(const OpCheck &check, int8_t cubeMathType) {
  if (cubeMathType >= 0 && cubeMathType <= 4) return ACLNN_SUCCESS;
  return check.Invalid(
      "cubeMathType in [0, 4] (KEEP_DTYPE, ALLOW_FP32_DOWN_PRECISION, USE_FP16, USE_HF32, "
      "USE_FP32_ADD)",
      std::to_string(cubeMathType));
}

aclnnStatus CheckNulls(const OpCheck &check, const ConvolutionArgs &a) {
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.stride, "stride"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.padding, "padding"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.dilation, "dilation"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.output, "output"));
  if (a.transposed) ACLCPU_RETURN_IF_ERROR(check.NotNull(a.outputPadding, "outputPadding"));
  return ACLNN_SUCCESS;
}

aclnnStatus CheckDTypes(const OpCheck &check, const ConvolutionArgs &a) {
  if (a.bias != nullptr) ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.bias, "bias", kFloats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.input, "input", kFloats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.weight, "weight", kFloats));
  return check.DTypeIn(a.output, "output", kFloats);
}

aclnnStatus RankIn3To5(const OpCheck &check, const aclTensor *t, const char *name) {
  const size_t r = t->viewDims.size();
  if (r >= 3 && r <= 5) return ACLNN_SUCCESS;
  return check.Invalid(std::string(name) + " of rank 3, 4 or 5 (N, C and 1-3 spatial dims)", ShapeOf(t));
}

// Transposed: weight dim 1 * groups, in 128 bits (groups is not yet checked where the bias size uses it).
__int128 OutChannels(const ConvolutionArgs &a) {
  return a.transposed ? static_cast<__int128>(a.weight->viewDims[1]) * a.groups : a.weight->viewDims[0];
}

std::string ToString(__int128 v) {
  return v > std::numeric_limits<int64_t>::max() || v < std::numeric_limits<int64_t>::min()
             ? std::string("(beyond int64)")
             : std::to_string(static_cast<int64_t>(v));
}

aclnnStatus CheckRanks(const OpCheck &check, const ConvolutionArgs &a) {
  ACLCPU_RETURN_IF_ERROR(RankIn3To5(check, a.input, "input"));
  ACLCPU_RETURN_IF_ERROR(RankIn3To5(check, a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(RankIn3To5(check, a.output, "output"));
  const size_t rank = a.input->viewDims.size(), spatial = rank - 2;
  if (a.weight->viewDims.size() != rank)
    return check.Invalid("weight of input's rank " + std::to_string(rank), ShapeOf(a.weight));
  if (a.output->viewDims.size() != rank)
    return check.Invalid("output of input's rank " + std::to_string(rank), ShapeOf(a.output));
  if (a.bias != nullptr) {
    ACLCPU_RETURN_IF_ERROR(check.RankIs(a.bias, "bias", 1));
    if (a.bias->viewDims[0] != OutChannels(a))
      return check.Invalid("bias of " + ToString(OutChannels(a)) + " elements (the output channels)", ShapeOf(a.bias));
  }
  ACLCPU_RETURN_IF_ERROR(LengthIs(check, a.stride, "stride", spatial, "one per spatial dim"));
  ACLCPU_RETURN_IF_ERROR(LengthIs(check, a.dilation, "dilation", spatial, "one per spatial dim"));
  const size_t pads = a.padding->values.size();
  const bool pairsAllowed = spatial == 2 || (spatial == 1 && !a.transposed);
  if (pads != spatial && !(pairsAllowed && pads == 2 * spatial)) {
    return check.Invalid("padding of " + std::to_string(spatial) +
                             (pairsAllowed ? " or " + std::to_string(2 * spatial) : std::string()) + " values",
                         "padding " + Ints(a.padding));
  }
  if (a.transposed)
    ACLCPU_RETURN_IF_ERROR(LengthIs(check, a.outputPadding, "outputPadding", spatial, "one per spatial dim"));
  return ACLNN_SUCCESS;
}

aclnnStatus CheckFormats(const OpCheck &check, const ConvolutionArgs &a) {
  if (a.input->format != a.output->format) {
    return check.Invalid("output in input's format " + FormatName(a.input->format),
                         "output format " + FormatName(a.output->format));
  }
  if (a.bias != nullptr) {
    ACLCPU_RETURN_IF_ERROR(
        check.FormatIn(a.bias, "bias", {ACL_FORMAT_ND, ACL_FORMAT_NCL, ACL_FORMAT_NCHW, ACL_FORMAT_NCDHW}));
  }
  // NDHWC 3-D passes the A2 check (the device transposes it); the CPU takes NCDHW only (docs/compat.md).
  const size_t rank = a.input->viewDims.size();
  const aclFormat want = rank == 3 ? ACL_FORMAT_NCL : rank == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_NCDHW;
  for (const NamedTensor &t : {NamedTensor{a.input, "input"}, {a.weight, "weight"}, {a.output, "output"}})
    ACLCPU_RETURN_IF_ERROR(check.FormatIn(t.tensor, t.name, {want}));
  return ACLNN_SUCCESS;
}

// Transposed: outputPadding >= 0 and below stride or dilation (PyTorch's rule).
aclnnStatus CheckOutputPadding(const OpCheck &check, const ConvolutionArgs &a) {
  for (size_t d = 0; d < a.outputPadding->values.size(); ++d) {
    const int64_t op = a.outputPadding->values[d];
    if (op >= a.stride->values[d] && op >= a.dilation->values[d])
      return check.Invalid(
          "outputPadding smaller than stride or dilation",
          "outputPadding " + Ints(a.outputPadding) + ", stride " + Ints(a.stride) + ", dilation " + Ints(a.dilation));
    if (op < 0) return check.Invalid("outputPadding >= 0", "outputPadding " + Ints(a.outputPadding));
  }
  return ACLNN_SUCCESS;
}

// Transposed (A2, non-empty tensors): (K - 1) * d - p <= 255 per dim as the vendor reads it (2-D: padding[0] and
// padding[1] even for four values; 3-D also >= 0, on H and W).
aclnnStatus CheckPadWindow(const OpCheck &check, const ConvolutionArgs &a) {
  if (IsEmpty(*a.input) || IsEmpty(*a.weight)) return ACLNN_SUCCESS;
  const size_t spatial = a.input->viewDims.size() - 2;
  for (size_t d = spatial == 3 ? 1 : 0; d < spatial; ++d) {
    const __int128 window =
        (static_cast<__int128>(a.weight->viewDims[d + 2]) - 1) * a.dilation->values[d] - a.padding->values[d];
    if (window > 255 || (spatial == 3 && window < 0))
      return check.Invalid(
          "(kernel - 1) * dilation - padding in " + std::string(spatial == 3 ? "[0, 255]" : "<= 255"),
          "weight " + ShapeOf(a.weight) + ", dilation " + Ints(a.dilation) + ", padding " + Ints(a.padding));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckValues(const OpCheck &check, const ConvolutionArgs &a, const Pads &pads) {
  ACLCPU_RETURN_IF_ERROR(CheckDims(check, a.input, "input", a.weight));
  ACLCPU_RETURN_IF_ERROR(AllPositive(check, a.stride, "stride"));
  ACLCPU_RETURN_IF_ERROR(AllPositive(check, a.dilation, "dilation"));
  // The op_api lets negative padding through to the kernel, which fails (§9 Q1): refused here.
  for (int64_t p : a.padding->values)
    if (p < 0) return check.Invalid("every padding value >= 0", "padding " + Ints(a.padding));
  if (!a.transposed) ACLCPU_RETURN_IF_ERROR(CheckKernelFits(check, a.input, "input", a.weight, pads, a.dilation));
  if (a.groups <= 0) return check.Invalid("groups > 0", std::to_string(a.groups));
  const int64_t cin = a.input->viewDims[1];
  if (a.transposed) {
    if (a.weight->viewDims[0] != cin)
      return check.Invalid("weight dim 0 equal to input's channels (transposed)",
                           ShapeOf(a.weight) + " and " + ShapeOf(a.input));
    ACLCPU_RETURN_IF_ERROR(CheckOutputPadding(check, a));
  } else if (static_cast<__int128>(a.weight->viewDims[1]) * a.groups != cin) {
    return check.Invalid("weight dim 1 * groups equal to input's channels",
                         ShapeOf(a.weight) + ", groups " + std::to_string(a.groups) + ", input " + ShapeOf(a.input));
  }
  if (a.weight->viewDims[0] % a.groups != 0)
    return check.Invalid("weight dim 0 divisible by groups",
                         ShapeOf(a.weight) + ", groups " + std::to_string(a.groups));
  if (a.transposed && cin == 0) return check.Invalid("input channels > 0 (transposed)", ShapeOf(a.input));
  if (a.transposed) ACLCPU_RETURN_IF_ERROR(CheckPadWindow(check, a));
  return ACLNN_SUCCESS;
}

// Transposed output size per spatial dim: (S - 1) s - (before + after) + d (K - 1) + outputPadding + 1.
aclnnStatus CheckTransposedOutShape(const OpCheck &check, const ConvolutionArgs &a, const Pads &pads,
                                    ConvGeometry *geo) {
  if (OutChannels(a) > std::numeric_limits<int64_t>::max())
    return check.Invalid("weight dim 1 * groups representable in int64", ShapeOf(a.weight));
  std::vector<int64_t> expect = {a.input->viewDims[0], static_cast<int64_t>(OutChannels(a))};
  for (size_t d = 0; d + 2 < a.input->viewDims.size(); ++d) {
    const __int128 o =
        (static_cast<__int128>(a.input->viewDims[d + 2]) - 1) * a.stride->values[d] - pads.before[d] - pads.after[d] +
        static_cast<__int128>(a.dilation->values[d]) * (static_cast<__int128>(a.weight->viewDims[d + 2]) - 1) +
        a.outputPadding->values[d] + 1;
    if (o > std::numeric_limits<int64_t>::max() || o < std::numeric_limits<int64_t>::min())
      return check.Invalid("an output size representable in int64", "stride " + Ints(a.stride));
    expect.push_back(static_cast<int64_t>(o));
  }
  if (IsEmpty(*a.input) || IsEmpty(*a.weight)) {
    for (int64_t v : expect)
      if (v < 0) return check.Invalid("output shape without negative dims", ShapeString(expect));
    if (!IsEmpty(*a.output)) return check.Invalid("output empty (input or weight is empty)", ShapeOf(a.output));
  }
  ACLCPU_RETURN_IF_ERROR(check.ShapeIs(a.output, "output", expect, "the transposed convolution's output size"));
  // The direct convolution it runs as: stride 1, padding d (K - 1) - p, over the input spread out by the stride.
  const int spatial = static_cast<int>(a.input->viewDims.size()) - 2, lead = kConvDims - spatial;
  geo->n = expect[0];
  geo->cin = a.input->viewDims[1];
  geo->cout = expect[1];
  geo->transposed = true;
  for (int d = 0; d < spatial; ++d) {
    geo->in[lead + d] = a.input->viewDims[d + 2];
    geo->kernel[lead + d] = a.weight->viewDims[d + 2];
    geo->out[lead + d] = expect[d + 2];
    geo->upsample[lead + d] = a.stride->values[d];
    geo->dilation[lead + d] = a.dilation->values[d];
    const __int128 pad =
        static_cast<__int128>(a.dilation->values[d]) * (static_cast<__int128>(a.weight->viewDims[d + 2]) - 1) -
        pads.before[d];
    if (pad > std::numeric_limits<int64_t>::max() || pad < std::numeric_limits<int64_t>::min())
      return check.Invalid("dilation * (kernel - 1) - padding representable in int64", "dilation " + Ints(a.dilation));
    geo->padBefore[lead + d] = static_cast<int64_t>(pad);
  }
  return ACLNN_SUCCESS;
}

aclnnStatus CheckStorage(const OpCheck &check, const aclTensor *in, const char *inName, const aclTensor *weight,
                         const aclTensor *bias, const aclTensor *out, const char *outName) {
  ACLCPU_RETURN_IF_ERROR(check.ViewsFitStorage({{in, inName}, {weight, "weight"}, {bias, "bias"}, {out, outName}}));
  // Threads write disjoint tiles of out: no element of out may share memory with another.
  return IsEmpty(*out) ? ACLNN_SUCCESS : check.NoSelfOverlap(out, outName);
}

}  // namespace

aclnnStatus CheckConvolution(const ConvolutionArgs &a, ConvGeometry *geo) {
  const OpCheck check(kConvOp);
  ACLCPU_RETURN_IF_ERROR(CheckNulls(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckDTypes(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckRanks(check, a));
  ACLCPU_RETURN_IF_ERROR(CheckFormats(check, a));
  const Pads pads = PadsOf(a.padding, static_cast<int>(a.input->viewDims.size()) - 2);
  ACLCPU_RETURN_IF_ERROR(CheckValues(check, a, pads));
  if (a.transposed) {
    ACLCPU_RETURN_IF_ERROR(CheckTransposedOutShape(check, a, pads, geo));
  } else {
    ACLCPU_RETURN_IF_ERROR(CheckOutShape(check, a.input, a.weight, a.output, "output", a.weight->viewDims[0], pads,
                                         a.stride, a.dilation, geo));
  }
  geo->groups = a.groups;
  ACLCPU_RETURN_IF_ERROR(CheckCubeMathType(check, a.cubeMathType));
  return CheckStorage(check, a.input, "input", a.weight, a.bias, a.output, "output");
}

aclnnStatus CheckConvDepthwise2d(const ConvDepthwise2dArgs &a, ConvGeometry *geo) {
  const OpCheck check(kDepthwiseOp);
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.weight, "weight"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.stride, "stride"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.padding, "padding"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.dilation, "dilation"));
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.out, "out"));
  // The device dereferences kernelSize unchecked (§9 Q7).
  ACLCPU_RETURN_IF_ERROR(check.NotNull(a.kernelSize, "kernelSize"));
  // Dtypes: bias in the list and equal to self's; self, weight, out in the list and all equal.
  if (a.bias != nullptr) {
    ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.bias, "bias", kFloats));
    ACLCPU_RETURN_IF_ERROR(check.SameDType(a.bias, "bias", a.self, "self"));
  }
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.self, "self", kFloats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.weight, "weight", kFloats));
  ACLCPU_RETURN_IF_ERROR(check.DTypeIn(a.out, "out", kFloats));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.weight, "weight", a.self, "self"));
  ACLCPU_RETURN_IF_ERROR(check.SameDType(a.out, "out", a.weight, "weight"));
  // Ranks and lengths.
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.self, "self", 4));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.weight, "weight", 4));
  ACLCPU_RETURN_IF_ERROR(check.RankIs(a.out, "out", 4));
  if (a.bias != nullptr) ACLCPU_RETURN_IF_ERROR(check.RankIs(a.bias, "bias", 1));
  ACLCPU_RETURN_IF_ERROR(LengthIs(check, a.stride, "stride", 2, "height, width"));
  ACLCPU_RETURN_IF_ERROR(LengthIs(check, a.dilation, "dilation", 2, "height, width"));
  ACLCPU_RETURN_IF_ERROR(LengthIs(check, a.padding, "padding", 2, "height, width"));
  // Formats.
  for (const NamedTensor &t : {NamedTensor{a.self, "self"}, {a.weight, "weight"}, {a.out, "out"}})
    ACLCPU_RETURN_IF_ERROR(check.FormatIn(t.tensor, t.name, {ACL_FORMAT_NCHW}));
  // Values.
  const Pads pads = PadsOf(a.padding, 2);
  ACLCPU_RETURN_IF_ERROR(CheckDims(check, a.self, "self", a.weight));
  ACLCPU_RETURN_IF_ERROR(AllPositive(check, a.stride, "stride"));
  ACLCPU_RETURN_IF_ERROR(AllPositive(check, a.dilation, "dilation"));
  for (int64_t p : a.padding->values)
    if (p < 0) return check.Invalid("every padding value >= 0", "padding " + Ints(a.padding));
  ACLCPU_RETURN_IF_ERROR(CheckKernelFits(check, a.self, "self", a.weight, pads, a.dilation));
  const int64_t cin = a.self->viewDims[1], cout = a.weight->viewDims[0];
  if (a.weight->viewDims[1] != 0 && a.weight->viewDims[1] != 1)
    return check.Invalid("weight dim 1 of 0 or 1 (one input channel per filter)", ShapeOf(a.weight));
  if (cin != 0 && cout % cin != 0)
    return check.Invalid("weight dim 0 a multiple of self's channels", ShapeOf(a.weight) + " and " + ShapeOf(a.self));
  if (a.bias != nullptr && a.bias->viewDims[0] != cout)
    return check.Invalid("bias of " + std::to_string(cout) + " elements (weight dim 0)", ShapeOf(a.bias));
  ACLCPU_RETURN_IF_ERROR(CheckOutShape(check, a.self, a.weight, a.out, "out", cout, pads, a.stride, a.dilation, geo));
  ACLCPU_RETURN_IF_ERROR(CheckCubeMathType(check, a.cubeMathType));
  // kernelSize: redundant with weight's (kH, kW), compared as the device does (its size too, §9 Q7).
  ACLCPU_RETURN_IF_ERROR(LengthIs(check, a.kernelSize, "kernelSize", 2, "height, width"));
  if (a.kernelSize->values[0] != a.weight->viewDims[2] || a.kernelSize->values[1] != a.weight->viewDims[3])
    return check.Invalid("kernelSize equal to weight's (kH, kW)",
                         "kernelSize " + Ints(a.kernelSize) + " and weight " + ShapeOf(a.weight));
  geo->groups = cin > 0 ? cin : 1;
  return CheckStorage(check, a.self, "self", a.weight, a.bias, a.out, "out");
}

}  // namespace aclcpu
