#include "ops/conv/convolution_backward/convolution_backward_plan.h"

#include <algorithm>

#include "base/executor.h"
#include "base/gemm.h"
#include "base/parallel.h"
#include "base/pointwise/element_convert.h"
#include "ops/conv/conv_family/im2col.h"

namespace aclcpu {
namespace {

// No workspace beyond this (2^50 bytes) could exist: such a problem is refused in phase 1.
constexpr int64_t kMaxWorkspaceBytes = int64_t{1} << 50;
// im2col rows per parallel block (a fixed cut: the copy never depends on the thread count).
constexpr int64_t kColRowsPerBlock = 16;
// gradWeight elements per block of the per-image additions to the double sum.
constexpr int64_t kSumElementsPerBlock = 4096;
// Rows of gradWeight per block of its final conversion.
constexpr int64_t kRowsPerStoreBlock = 64;
constexpr int64_t kStoreBlock = 16384;  // elements of a dense gradWeight per block

bool BufferBytes(int64_t a, int64_t b, int64_t c, int64_t esize, size_t *bytes) {
  int64_t n = 0;
  if (__builtin_mul_overflow(a, b, &n) || __builtin_mul_overflow(n, c, &n) || __builtin_mul_overflow(n, esize, &n) ||
      n > kMaxWorkspaceBytes)
    return false;
  *bytes = AlignUp(static_cast<size_t>(n));
  return true;
}

DType Promote(DType a, DType b) { return a == b ? a : DType::kF32; }

char *ElementAt(void *base, const TensorView &v, int64_t offset) {
  return static_cast<char *>(base) + offset * static_cast<int64_t>(DTypeSize(v.dtype));
}
const char *ElementAt(const void *base, const TensorView &v, int64_t offset) {
  return static_cast<const char *>(base) + offset * static_cast<int64_t>(DTypeSize(v.dtype));
}

// Calls f(row, elementOffset) for every run along the last dim of `v`, rows in row-major order, dims listed in
// `skip` held at index `fixed` (used to walk one channel of a tensor).
template <class F>
void ForEachRow(const TensorView &v, int skip, int64_t fixed, const F &f) {
  if (v.Numel() == 0) return;
  int64_t idx[kMaxRank] = {};
  const int last = v.rank - 1;
  int64_t rows = 1;
  for (int d = 0; d < last; ++d)
    if (d != skip) rows *= v.dims[d];
  const int64_t base = v.offset + (skip >= 0 ? fixed * v.strides[skip] : 0);
  for (int64_t row = 0; row < rows; ++row) {
    int64_t off = base;
    for (int d = 0; d < last; ++d)
      if (d != skip) off += idx[d] * v.strides[d];
    f(row, off);
    for (int d = last - 1; d >= 0; --d) {
      if (d == skip) continue;
      if (++idx[d] < v.dims[d]) break;
      idx[d] = 0;
    }
  }
}

// v (row-major) = src, one rounding from double; `repeat`: the same row for every run (zeros). Rows in fixed
// blocks for the threads (a 640x640x3x3 gradWeight's conversion was a tenth of its backward on one thread).
void StoreRows(const TensorView &v, void *base, const double *src, bool repeat, int threads) {
  if (!repeat && v.IsContiguous()) {  // one run (a kernel's rows are only kw elements long)
    const int64_t total = v.Numel();
    ParallelFor(CeilDiv(total, kStoreBlock), threads, [&](int64_t block, int) {
      const int64_t first = block * kStoreBlock;
      StoreRun(ComputeType::kF64, src + first, v.dtype, ElementAt(base, v, v.offset + first), 1,
               std::min(kStoreBlock, total - first));
    });
    return;
  }
  const int last = v.rank - 1;
  const int64_t width = v.dims[last], rows = width == 0 ? 0 : v.Numel() / width;
  ParallelFor(CeilDiv(rows, kRowsPerStoreBlock), threads, [&](int64_t block, int) {
    for (int64_t row = block * kRowsPerStoreBlock; row < std::min(rows, (block + 1) * kRowsPerStoreBlock); ++row) {
      int64_t off = v.offset, rest = row;
      for (int d = last - 1; d >= 0; --d) {
        off += rest % v.dims[d] * v.strides[d];
        rest /= v.dims[d];
      }
      StoreRun(ComputeType::kF64, src + (repeat ? 0 : row * width), v.dtype, ElementAt(base, v, off), v.strides[last],
               width);
    }
  });
}

// Image n of y (channels [c0, c0 + count)) as dense fp32 rows of P pixels, rounded as the cube rounds operands.
void StageImageRows(const ConvGeometry &geo, const TensorView &y, const void *base, int64_t n, int64_t c0,
                    int64_t count, OperandRounding rounding, float *dst) {
  int64_t ss[kConvDims];
  SpatialStrides(y, ss);
  const int64_t pixels = geo.OutVolume(), width = geo.out[2];
  for (int64_t c = c0; c < c0 + count; ++c) {
    float *row = dst + c * pixels;
    const int64_t image = y.offset + n * y.strides[0] + c * y.strides[1];
    for (int64_t od = 0; od < geo.out[0]; ++od)
      for (int64_t oh = 0; oh < geo.out[1]; ++oh)
        LoadRun(y.dtype, ElementAt(base, y, image + od * ss[0] + oh * ss[1]), width > 1 ? ss[2] : 0, ComputeType::kF32,
                row + (od * geo.out[1] + oh) * width, width);
    RoundOperand(row, pixels, rounding);
  }
}

// The transposed convolution that gives x's gradient from y's: stride 1 over y spread out by the stride,
// padding d (K - 1) - p, the weight flipped with its channel dims swapped (conv_geometry.h).
ConvGeometry TransposedOf(const ConvGeometry &d) {
  ConvGeometry t;
  t.n = d.n;
  t.cin = d.cout;
  t.cout = d.cin;
  t.groups = d.groups;
  t.transposed = true;
  for (int i = 0; i < kConvDims; ++i) {
    t.in[i] = d.out[i];
    t.out[i] = d.in[i];
    t.kernel[i] = d.kernel[i];
    t.upsample[i] = d.stride[i];
    t.dilation[i] = d.dilation[i];
    t.padBefore[i] = d.dilation[i] * (d.kernel[i] - 1) - d.padBefore[i];
  }
  return t;
}

bool PlanGradWeight(ConvBackwardPlan *p, size_t *bytes) {
  const ConvGeometry &d = p->direct;
  p->k = d.PatchRows();
  const int64_t m = d.CoutPerGroup(), pixels = d.OutVolume();
  size_t colBytes = 0, rowsBytes = 0, sumBytes = 0;
  if (!BufferBytes(d.groups * p->k, pixels, 1, sizeof(float), &colBytes) ||
      !BufferBytes(d.cout, pixels, 1, sizeof(float), &rowsBytes) ||
      !BufferBytes(d.cout, p->k, 1, sizeof(double), &sumBytes))
    return false;
  GemmShape shape;
  shape.batchRank = 1;
  shape.batchDims[0] = d.groups;
  shape.m = m;
  shape.n = p->k;
  shape.k = pixels;
  GemmMatrixView a, b, sum;
  a.dtype = b.dtype = DType::kF32;
  a.batchStrides[0] = m * pixels;
  a.rowStride = pixels;
  a.colStride = 1;
  b.batchStrides[0] = p->k * pixels;  // col^T: K runs along col's rows of pixels
  b.rowStride = 1;
  b.colStride = pixels;
  sum.dtype = DType::kF64;
  sum.batchStrides[0] = m * p->k;
  sum.rowStride = p->k;
  sum.colStride = 1;
  CubeNumerics cube;  // operands arrive rounded; the result is the double sum of fp32 chains
  cube.gemmType = DType::kF32;
  PrepareGemm(false);
  p->weightGemm = PlanBatchedGemm(shape, a, b, sum, cube);
  if (p->weightGemm.tooLarge || p->weightGemm.workspaceBytes > static_cast<size_t>(kMaxWorkspaceBytes)) return false;
  p->colOffset = p->weightGemm.workspaceBytes;
  p->rowsOffset = p->colOffset + colBytes;
  p->imageOffset = p->rowsOffset + rowsBytes;
  p->sumOffset = p->imageOffset + sumBytes;
  *bytes = std::max(*bytes, p->sumOffset + sumBytes);
  return true;
}

void RunGradBias(const ConvBackwardPlan &p, const void *gradOutput, void *gradBias, char *ws) {
  const TensorView &g = p.gradOutput;
  // gradBias's size: gradOutput's channels, or on the empty path biasSizes (gradOutput then may be empty).
  const int64_t width = g.dims[g.rank - 1], channels = p.gradBias.dims[0];
  auto *scratch = reinterpret_cast<double *>(ws + p.biasScratchOffset);
  const size_t perThread = AlignUp(static_cast<size_t>(std::max<int64_t>(width, 1)) * sizeof(double)) / sizeof(double);
  ParallelFor(channels, p.threads, [&](int64_t c, int thread) {
    double *line = scratch + static_cast<size_t>(thread) * perThread, sum = 0.0;
    // rank 3: the channel's rows are its images; otherwise images then the leading spatial dims.
    ForEachRow(g, 1, c, [&](int64_t, int64_t off) {
      LoadRun(g.dtype, ElementAt(gradOutput, g, off), width > 1 ? g.strides[g.rank - 1] : 0, ComputeType::kF64, line,
              width);
      for (int64_t i = 0; i < width; ++i) sum += line[i];
    });
    StoreRun(ComputeType::kF64, &sum, p.gradBias.dtype,
             ElementAt(gradBias, p.gradBias, p.gradBias.offset + c * p.gradBias.strides[0]), 1, 1);
  });
}

bool RunGradWeight(const ConvBackwardPlan &p, const void *x, const void *y, void *gradWeight, char *ws) {
  const ConvGeometry &d = p.direct;
  const TensorView &xv = p.transposed ? p.gradOutput : p.input, &yv = p.transposed ? p.input : p.gradOutput;
  auto *col = reinterpret_cast<float *>(ws + p.colOffset);
  auto *rows = reinterpret_cast<float *>(ws + p.rowsOffset);
  auto *image = reinterpret_cast<double *>(ws + p.imageOffset);
  auto *sum = reinterpret_cast<double *>(ws + p.sumOffset);
  const int64_t elements = d.cout * p.k, sumBlocks = CeilDiv(elements, kSumElementsPerBlock);
  const int64_t colRows = d.groups * p.k, colBlocks = CeilDiv(colRows, kColRowsPerBlock);
  const int64_t rowBlocks = CeilDiv(d.cout, kColRowsPerBlock);
  for (int64_t n = 0; n < d.n; ++n) {  // images in order: the double sum's order is fixed
    ParallelFor(colBlocks + rowBlocks, p.threads, [&](int64_t block, int) {
      if (block < colBlocks) {
        const int64_t first = block * kColRowsPerBlock;
        BuildColRows(d, xv, x, n, false, p.numerics.rounding, p.k, first, std::min(kColRowsPerBlock, colRows - first),
                     col);
      } else {
        const int64_t first = (block - colBlocks) * kColRowsPerBlock;
        StageImageRows(d, yv, y, n, first, std::min(kColRowsPerBlock, d.cout - first), p.numerics.rounding, rows);
      }
    });
    if (!RunBatchedGemm(p.weightGemm, rows, col, image, nullptr, ws)) return false;
    ParallelFor(sumBlocks, p.threads, [&](int64_t block, int) {
      const int64_t first = block * kSumElementsPerBlock, last = std::min(elements, first + kSumElementsPerBlock);
      for (int64_t i = first; i < last; ++i) sum[i] = n == 0 ? image[i] : sum[i] + image[i];
    });
  }
  StoreRows(p.gradWeight, gradWeight, sum, false, p.threads);
  return true;
}

}  // namespace

ConvBackwardPlan PlanConvBackward(const ConvGeometry &direct, bool transposed, bool empty, const bool mask[3],
                                  const ConvBackwardTensors &t, int8_t cubeMathType) {
  ConvBackwardPlan p;
  p.direct = direct;
  p.transposed = transposed;
  p.empty = empty;
  p.gradOutput = *t.gradOutput;
  p.input = *t.input;
  p.weight = *t.weight;
  p.gradInput = *t.gradInput;
  p.gradWeight = *t.gradWeight;
  p.gradBias = *t.gradBias;
  p.wantInput = mask[0] && !empty && p.gradInput.Numel() > 0;
  p.wantWeight = mask[1] && p.gradWeight.Numel() > 0;
  p.wantBias = mask[2] && p.gradBias.Numel() > 0;
  p.threads = PlanThreads();
  const DType promoted = Promote(Promote(p.gradOutput.dtype, p.input.dtype), p.weight.dtype);
  p.numerics = ConvNumericsFor(promoted, promoted, cubeMathType);
  p.numerics.biasToF16 = false;
  size_t bytes = 0, line = 0;
  if (p.wantBias) {  // one line of gradOutput per thread
    const int64_t width = std::max<int64_t>(p.gradOutput.dims[p.gradOutput.rank - 1], 1);
    if (!BufferBytes(width, 1, 1, sizeof(double), &line)) {
      p.tooLarge = true;
      return p;
    }
    bytes = line * static_cast<size_t>(p.threads);
  }
  if (p.wantWeight && empty) {  // a zero row for every run of gradWeight
    if (!BufferBytes(p.gradWeight.dims[p.gradWeight.rank - 1], 1, 1, sizeof(double), &line)) {
      p.tooLarge = true;
      return p;
    }
    bytes = std::max(bytes, line);
  }
  if (p.wantInput && !transposed) {
    p.inputDnnl = PlanDnnlConv(ConvPass::kBackwardData, direct, p.numerics.rounding, p.numerics.kernelType,
                               p.gradOutput, p.weight, nullptr, p.gradInput);
    bytes = std::max(bytes, p.inputDnnl.workspaceBytes);
  }
  if (p.wantWeight && !empty && !transposed) {
    p.weightDnnl = PlanDnnlConv(ConvPass::kBackwardWeights, direct, p.numerics.rounding, DType::kOther, p.input,
                                p.gradOutput, nullptr, p.gradWeight);
    bytes = std::max(bytes, p.weightDnnl.workspaceBytes);
  }
  if (p.wantInput && !p.inputDnnl.usable) {
    const ConvGeometry geo = transposed ? direct : TransposedOf(direct);
    p.inputPlan = PlanConvGemm(geo, p.numerics, p.gradOutput, p.weight, nullptr, p.gradInput);
    if (p.inputPlan.tooLarge) {
      p.tooLarge = true;
      return p;
    }
    bytes = std::max(bytes, p.inputPlan.workspaceBytes);
  }
  if (p.wantWeight && !empty && !p.weightDnnl.usable && !PlanGradWeight(&p, &bytes)) {
    p.tooLarge = true;
    return p;
  }
  p.workspaceBytes = bytes;
  return p;
}

bool RunConvBackward(const ConvBackwardPlan &p, void *const addrs[6], void *workspace) {
  char *ws = static_cast<char *>(workspace);
  // The three results come one after another and share the workspace.
  if (p.wantBias) RunGradBias(p, addrs[0], addrs[5], ws);
  if (p.wantInput) {
    const bool done = p.inputDnnl.usable ? RunDnnlConv(p.inputDnnl, addrs[0], addrs[2], nullptr, addrs[3], workspace)
                                         : RunConvGemm(p.inputPlan, addrs[0], addrs[2], nullptr, addrs[3], workspace);
    if (!done) return false;
  }
  if (!p.wantWeight) return true;
  if (p.empty) {
    auto *zeros = reinterpret_cast<double *>(ws);
    std::fill(zeros, zeros + p.gradWeight.dims[p.gradWeight.rank - 1], 0.0);
    StoreRows(p.gradWeight, addrs[4], zeros, true, p.threads);
    return true;
  }
  if (p.weightDnnl.usable) {
    if (!RunDnnlConvWeights(p.weightDnnl, addrs[1], addrs[0], workspace)) return false;
    StoreRows(p.gradWeight, addrs[4], reinterpret_cast<const double *>(ws + p.weightDnnl.sumOffset), false, p.threads);
    return true;
  }
  return RunGradWeight(p, p.transposed ? addrs[0] : addrs[1], p.transposed ? addrs[1] : addrs[0], addrs[4], ws);
}

}  // namespace aclcpu
