#include "ops/conv/conv_family/im2col.h"

#include <algorithm>

#include "base/half.h"
#include "base/parallel.h"
#include "base/pointwise/element_convert.h"

namespace aclcpu {
namespace {

const char *ElementAt(const void *base, const TensorView &v, int64_t offset) {
  return static_cast<const char *>(base) + offset * static_cast<int64_t>(DTypeSize(v.dtype));
}

// The outputs o in [lo, hi) of one dim whose tap o * stride - pad + tapOffset lands inside [0, size).
void ValidRange(int64_t size, int64_t stride, int64_t pad, int64_t tapOffset, int64_t outSize, int64_t *lo,
                int64_t *hi) {
  const int64_t first = pad - tapOffset;  // the tap is at o * stride - first
  *lo = first <= 0 ? 0 : CeilDiv(first, stride);
  const int64_t last = size - 1 + first;  // o * stride <= last
  *hi = last < 0 ? 0 : last / stride + 1;
  *lo = std::min(*lo, outSize);
  *hi = std::clamp(*hi, *lo, outSize);
}

// The input index of output o and tap t along dim d, in the input spread out by `upsample`; false where the tap
// falls into the padding or between spread-out elements.
bool SpreadIndex(const ConvGeometry &geo, int d, int64_t o, int64_t t, int64_t *i) {
  const int64_t u = geo.upsample[d];
  const int64_t v = o * geo.stride[d] - geo.padBefore[d] + t * geo.dilation[d];
  if (v < 0 || v > (geo.in[d] - 1) * u || v % u != 0) return false;
  *i = v / u;
  return true;
}

// One output line of taps kw along the width: a strided run of the input line that starts at element `lineOffset`,
// zeros elsewhere.
void LoadLine(const ConvGeometry &geo, const TensorView &input, const void *base, int64_t lineOffset, int64_t step,
              int64_t kw, float *dst) {
  const int64_t width = geo.out[2];
  if (geo.upsample[2] == 1) {
    int64_t lo = 0, hi = 0;
    ValidRange(geo.in[2], geo.stride[2], geo.padBefore[2], kw * geo.dilation[2], width, &lo, &hi);
    std::fill(dst, dst + lo, 0.0f);
    if (hi > lo) {
      const int64_t iw = lo * geo.stride[2] - geo.padBefore[2] + kw * geo.dilation[2];
      // One element has no step: a width-1 view may carry any stride (the fuzz harness used INT64_MAX), and the
      // product with the conv stride would overflow; with more, (hi - lo - 1) steps lie inside the view.
      const int64_t runStep = hi - lo > 1 ? geo.stride[2] * step : 0;
      LoadRun(input.dtype, ElementAt(base, input, lineOffset + iw * step), runStep, ComputeType::kF32, dst + lo,
              hi - lo);
    }
    std::fill(dst + std::max(lo, hi), dst + width, 0.0f);
    return;
  }
  std::fill(dst, dst + width, 0.0f);  // transposed: one input element every `upsample` outputs at most
  for (int64_t ow = 0; ow < width; ++ow) {
    int64_t iw = 0;
    if (SpreadIndex(geo, 2, ow, kw, &iw))
      LoadRun(input.dtype, ElementAt(base, input, lineOffset + iw * step), 1, ComputeType::kF32, dst + ow, 1);
  }
}

}  // namespace

void SpatialStrides(const TensorView &v, int64_t strides[kConvDims]) {
  const int spatial = v.rank - 2, lead = kConvDims - spatial;
  for (int d = 0; d < kConvDims; ++d) strides[d] = d < lead ? 0 : v.strides[2 + d - lead];
}

void RoundOperand(float *v, int64_t n, OperandRounding rounding) {
  if (rounding == OperandRounding::kHf32) {
    RoundToHf32(v, n);
  } else if (rounding == OperandRounding::kF16) {
    for (int64_t i = 0; i < n; ++i) v[i] = F16ToF32(F32ToF16(v[i]));
  }
}

void StageWeightRows(const ConvGeometry &geo, const TensorView &weight, const void *weightBase, const TensorView *bias,
                     const void *biasBase, bool biasToF16, OperandRounding rounding, int64_t k, float *dst) {
  int64_t ks[kConvDims];
  SpatialStrides(weight, ks);
  const int64_t first = bias != nullptr ? 1 : 0;
  for (int64_t co = 0; co < geo.cout; ++co) {
    float *row = dst + co * k;
    if (bias != nullptr) {
      LoadRun(bias->dtype, ElementAt(biasBase, *bias, bias->offset + co * bias->strides[0]), 1, ComputeType::kF32, row,
              1);
      if (biasToF16) RoundOperand(row, 1, OperandRounding::kF16);
    }
    float *to = row + first;
    const int64_t coutG = geo.CoutPerGroup(), cinG = geo.CinPerGroup();
    // Where output channel co's taps of input channel 0 start, and the step between input channels: a transposed
    // weight is [g * Cin/G + ci, co % (Cout/G), taps], the direct one [co, ci, taps].
    const int64_t channelsAt =
        geo.transposed ? weight.offset + co / coutG * cinG * weight.strides[0] + co % coutG * weight.strides[1]
                       : weight.offset + co * weight.strides[0];
    const int64_t ciStride = weight.strides[geo.transposed ? 0 : 1];
    if (geo.KernelVolume() == 1) {  // one tap per channel: the row is one strided run (a call per tap cost 10 % of a
                                    // 1x1 backward's time at 1024 x 256 channels)
      LoadRun(weight.dtype, ElementAt(weightBase, weight, channelsAt), ciStride, ComputeType::kF32, to, cinG);
      RoundOperand(row + first, k - first, rounding);
      continue;
    }
    for (int64_t ci = 0; ci < cinG; ++ci) {
      for (int64_t kd = 0; kd < geo.kernel[0]; ++kd) {
        for (int64_t kh = 0; kh < geo.kernel[1]; ++kh) {
          int64_t off = channelsAt + ci * ciStride, step = ks[2];
          if (geo.transposed) {  // the taps flipped
            off += (geo.kernel[0] - 1 - kd) * ks[0] + (geo.kernel[1] - 1 - kh) * ks[1] + (geo.kernel[2] - 1) * ks[2];
            step = -ks[2];
          } else {
            off += kd * ks[0] + kh * ks[1];
          }
          LoadRun(weight.dtype, ElementAt(weightBase, weight, off), step, ComputeType::kF32, to, geo.kernel[2]);
          to += geo.kernel[2];
        }
      }
    }
    RoundOperand(row + first, k - first, rounding);
  }
}

void BuildColRows(const ConvGeometry &geo, const TensorView &input, const void *inputBase, int64_t n, bool withOnes,
                  OperandRounding rounding, int64_t k, int64_t firstRow, int64_t rows, float *col) {
  int64_t is[kConvDims];
  SpatialStrides(input, is);
  const int64_t pixels = geo.OutVolume(), kernelVolume = geo.KernelVolume();
  const int64_t plane = geo.out[1] * geo.out[2], line = geo.out[2];
  for (int64_t row = firstRow; row < firstRow + rows; ++row) {
    float *dst = col + row * pixels;
    const int64_t g = row / k;
    int64_t r = row % k;
    if (withOnes) {
      if (r == 0) {
        std::fill(dst, dst + pixels, 1.0f);
        continue;
      }
      --r;
    }
    const int64_t ci = r / kernelVolume, tap = r % kernelVolume;
    const int64_t kd = tap / (geo.kernel[1] * geo.kernel[2]), kh = tap / geo.kernel[2] % geo.kernel[1];
    const int64_t kw = tap % geo.kernel[2];
    const int64_t image = input.offset + n * input.strides[0] + (g * geo.CinPerGroup() + ci) * input.strides[1];
    for (int64_t od = 0; od < geo.out[0]; ++od) {
      int64_t id = 0;
      float *planeDst = dst + od * plane;
      if (!SpreadIndex(geo, 0, od, kd, &id)) {
        std::fill(planeDst, planeDst + plane, 0.0f);
        continue;
      }
      for (int64_t oh = 0; oh < geo.out[1]; ++oh) {
        int64_t ih = 0;
        float *lineDst = planeDst + oh * line;
        if (!SpreadIndex(geo, 1, oh, kh, &ih)) {
          std::fill(lineDst, lineDst + line, 0.0f);
          continue;
        }
        LoadLine(geo, input, inputBase, image + id * is[0] + ih * is[1], is[2], kw, lineDst);
      }
    }
    RoundOperand(dst, pixels, rounding);
  }
}

}  // namespace aclcpu
