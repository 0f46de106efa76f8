#include "ops/conv/conv_family/conv_gemm.h"

#include <algorithm>

#include "base/convert.h"
#include "base/executor.h"
#include "base/gemm.h"
#include "base/parallel.h"
#include "ops/conv/conv_family/im2col.h"

namespace aclcpu {
namespace {

// No workspace beyond this (2^50 bytes) could exist: such a problem is refused in phase 1.
constexpr int64_t kMaxWorkspaceBytes = int64_t{1} << 50;
// im2col rows per parallel block: a fixed cut of the rows, so the copy never depends on the thread count.
constexpr int64_t kColRowsPerBlock = 16;

// Bytes of a dense fp32 (or `esize`) buffer of a * b * c elements, aligned; false past kMaxWorkspaceBytes.
bool BufferBytes(int64_t a, int64_t b, int64_t c, int64_t esize, size_t *bytes) {
  int64_t n = 0;
  if (__builtin_mul_overflow(a, b, &n) || __builtin_mul_overflow(n, c, &n) || __builtin_mul_overflow(n, esize, &n) ||
      n > kMaxWorkspaceBytes)
    return false;
  *bytes = AlignUp(static_cast<size_t>(n));
  return true;
}

// The step between consecutive output pixels when the spatial dims of `v` (from dim 2 on) are one strided
// run in row-major order; false otherwise.
bool PixelStep(const TensorView &v, int64_t *step) {
  int64_t s = 0;
  for (int d = v.rank - 1; d >= 2 && s == 0; --d)
    if (v.dims[d] != 1) s = v.strides[d];
  if (s == 0) s = 1;
  int64_t expected = s;
  for (int d = v.rank - 1; d >= 2; --d) {
    if (v.dims[d] != 1 && v.strides[d] != expected) return false;
    expected *= v.dims[d];
  }
  *step = s;
  return true;
}

}  // namespace

ConvNumerics ConvNumericsFor(DType input, DType weight, int8_t cubeMathType) {
  ConvNumerics n;
  if (cubeMathType == kCubeUseFp16) {
    n.rounding = input == DType::kF16 && weight == DType::kF16 ? OperandRounding::kNone : OperandRounding::kF16;
    n.kernelType = DType::kF16;
    n.biasToF16 = true;
    return n;
  }
  const DType p = input == weight ? input : DType::kF32;
  if (p == DType::kF32) {
    const bool hf32 = cubeMathType == kCubeAllowFp32DownPrecision || cubeMathType == kCubeUseHf32;
    n.rounding = hf32 ? OperandRounding::kHf32 : OperandRounding::kNone;
    return n;
  }
  // fp16 and bf16 values are exact in fp32 and their products exact in fp32: an fp32 GEMM of the values.
  n.kernelType = p;
  n.biasToF16 = p == DType::kF16;
  return n;
}

ConvNumerics TransposedConvNumericsFor(DType input, DType weight, DType out, int8_t cubeMathType) {
  ConvNumerics n = ConvNumericsFor(input, weight, cubeMathType);
  if (cubeMathType != kCubeUseFp16 && out == DType::kF32) n.kernelType = DType::kOther;
  n.biasToF16 = false;  // only an fp16 bias meets an fp16 kernel: the cast changes nothing
  return n;
}

ConvGemmPlan PlanConvGemm(const ConvGeometry &geo, const ConvNumerics &numerics, const TensorView &input,
                          const TensorView &weight, const TensorView *bias, const TensorView &output) {
  ConvGemmPlan p;
  p.dnnl = PlanDnnlConv(ConvPass::kForward, geo, numerics.rounding, numerics.kernelType, input, weight, bias, output);
  if (p.dnnl.usable) {
    p.workspaceBytes = p.dnnl.workspaceBytes;
    p.threads = p.dnnl.threads;
    return p;
  }
  p.geo = geo;
  p.numerics = numerics;
  p.input = input;
  p.weight = weight;
  p.hasBias = bias != nullptr;
  if (bias != nullptr) p.bias = *bias;
  p.output = output;
  const int64_t m = geo.CoutPerGroup(), pixels = geo.OutVolume();
  int64_t inStep = 0, outStep = 0;
  const bool outRun = PixelStep(output, &outStep);
  const bool inPlace = geo.IsPointwise() && outRun && PixelStep(input, &inStep);
  // A bias joins the sum as its first K term, against a row of ones in im2col. A pointwise FLOAT problem reads
  // its input in place instead, and the engine starts each output's double sum with the bias (rounded once with
  // the rest, as the device rounds a bias that joins the accumulation).
  p.biasStartsSum = inPlace && p.hasBias && numerics.kernelType == DType::kOther && output.dtype == DType::kF32 &&
                    FloatChainLength(geo.PatchRows()) > 0;
  p.pointwise = inPlace && (!p.hasBias || p.biasStartsSum);
  p.k = geo.PatchRows() + (p.BiasInRows() ? 1 : 0);
  p.viaTemp = !outRun;

  size_t weightBytes = 0, colBytes = 0, tempBytes = 0;
  if (!BufferBytes(geo.cout, p.k, 1, sizeof(float), &weightBytes) ||
      (!p.pointwise && !BufferBytes(geo.groups, p.k, pixels, sizeof(float), &colBytes)) ||
      (p.viaTemp && !BufferBytes(geo.cout, pixels, 1, static_cast<int64_t>(DTypeSize(output.dtype)), &tempBytes))) {
    p.tooLarge = true;
    return p;
  }

  GemmShape shape;
  shape.m = m;
  shape.n = pixels;
  shape.k = p.k;
  GemmMatrixView a, b, out;
  a.dtype = b.dtype = DType::kF32;
  a.rowStride = p.k;
  a.colStride = 1;
  out.dtype = output.dtype;
  CubeNumerics cube;  // operands arrive rounded: the engine only has to round the result
  cube.gemmType = DType::kF32;
  cube.kernelType = numerics.kernelType;
  if (p.pointwise) {  // batch dims (N, G); the input image is the right-hand matrix as it is
    shape.batchRank = 2;
    shape.batchDims[0] = geo.n;
    shape.batchDims[1] = geo.groups;
    a.batchStrides[1] = m * p.k;
    b.dtype = input.dtype;
    b.offset = input.offset;
    b.batchStrides[0] = input.strides[0];
    b.batchStrides[1] = geo.CinPerGroup() * input.strides[1];
    b.rowStride = input.strides[1];
    b.colStride = inStep;
    out.offset = output.offset;
    out.batchStrides[0] = output.strides[0];
    out.batchStrides[1] = m * output.strides[1];
    out.rowStride = output.strides[1];
    out.colStride = outStep;
    cube.rounding = numerics.rounding;  // the engine rounds the input as it stages it (the weight again: a no-op)
  } else {  // batch dim G over one image's im2col; image n is reached by moving out's base address
    shape.batchRank = 1;
    shape.batchDims[0] = geo.groups;
    a.batchStrides[0] = m * p.k;
    b.batchStrides[0] = p.k * pixels;
    b.rowStride = pixels;
    b.colStride = 1;
    if (p.viaTemp) {
      out.batchStrides[0] = m * pixels;
      out.rowStride = pixels;
      out.colStride = 1;
    } else {
      out.offset = output.offset;
      out.batchStrides[0] = m * output.strides[1];
      out.rowStride = output.strides[1];
      out.colStride = outStep;
    }
  }
  GemmMatrixView biasColumn;  // bias[g * m + row], the same for every pixel
  if (p.biasStartsSum) {
    biasColumn.dtype = bias->dtype;
    biasColumn.offset = bias->offset;
    biasColumn.batchStrides[1] = m * bias->strides[0];
    biasColumn.rowStride = bias->strides[0];
  }
  PrepareGemm(false);
  p.gemm = PlanBatchedGemm(shape, a, b, out, cube, p.biasStartsSum ? &biasColumn : nullptr, 1.0, 1.0);
  if (p.gemm.tooLarge || p.gemm.workspaceBytes > static_cast<size_t>(kMaxWorkspaceBytes)) {
    p.tooLarge = true;
    return p;
  }
  p.threads = p.gemm.threads;
  p.weightOffset = p.gemm.workspaceBytes;
  p.colOffset = p.weightOffset + weightBytes;
  p.tempOffset = p.colOffset + colBytes;
  p.workspaceBytes = p.tempOffset + tempBytes;
  return p;
}

bool RunConvGemm(const ConvGemmPlan &p, const void *input, const void *weight, const void *bias, void *output,
                 void *workspace) {
  if (p.dnnl.usable) return RunDnnlConv(p.dnnl, input, weight, bias, output, workspace);
  char *ws = static_cast<char *>(workspace);
  auto *weightRows = reinterpret_cast<float *>(ws + p.weightOffset);
  StageWeightRows(p.geo, p.weight, weight, p.BiasInRows() ? &p.bias : nullptr, bias, p.numerics.biasToF16,
                  p.numerics.rounding, p.k, weightRows);
  if (p.pointwise)
    return RunBatchedGemm(p.gemm, weightRows, input, output, p.biasStartsSum ? bias : nullptr, workspace);

  auto *col = reinterpret_cast<float *>(ws + p.colOffset);
  void *temp = ws + p.tempOffset;
  const int64_t colRows = p.geo.groups * p.k, blocks = CeilDiv(colRows, kColRowsPerBlock);
  const auto outSize = static_cast<int64_t>(DTypeSize(p.output.dtype));
  for (int64_t n = 0; n < p.geo.n; ++n) {
    ParallelFor(blocks, p.threads, [&](int64_t block, int) {
      const int64_t first = block * kColRowsPerBlock;
      BuildColRows(p.geo, p.input, input, n, p.hasBias, p.numerics.rounding, p.k, first,
                   std::min(kColRowsPerBlock, colRows - first), col);
    });
    if (p.viaTemp) {
      if (!RunBatchedGemm(p.gemm, weightRows, col, temp, nullptr, workspace)) return false;
      TensorView image = p.output;
      image.offset += n * image.strides[0];
      image.dims[0] = 1;
      ScatterElements(image, output, 0, image.Numel(), temp);
    } else {
      char *imageOut = static_cast<char *>(output) + n * p.output.strides[0] * outSize;
      if (!RunBatchedGemm(p.gemm, weightRows, col, imageOut, nullptr, workspace)) return false;
    }
  }
  return true;
}

}  // namespace aclcpu
