#include "ops/conv/conv_family/conv_dnnl.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "base/dnnl_context.h"
#include "base/executor.h"
#include "base/gemm.h"
#include "base/parallel.h"
#include "base/pointwise/element_convert.h"
#include "base/pointwise/runs.h"
#include "ops/conv/conv_family/im2col.h"

namespace aclcpu {
namespace {

using dnnl::memory;
using Dims = memory::dims;

// Backward weights: images whose fp32 gradients are computed side by side before they join the double sum, at
// most kRoundBytes of them (a fixed count: the sum's order never depends on the threads).
constexpr int64_t kImagesPerRound = 4;
constexpr int64_t kRoundBytes = int64_t{256} << 20;
constexpr int64_t kMinWeightCalls = 4;
// FLOAT forward and backward-data results with a shorter K run on the GEMM path, whose chained sums stay below
// PyTorch's error on the small problems PyTorch itself runs through its BLAS (conv_dnnl.h).
constexpr int64_t kMinFloatTerms = 512;
// Elements per parallel block of the HF32 rounding and of the additions to the double sum.
constexpr int64_t kElementsPerBlock = 16384;
// No buffer beyond this (2^40 bytes) is planned here; the GEMM path then decides (and refuses what is too large).
constexpr size_t kMaxBufferBytes = size_t{1} << 40;

bool DnnlType(DType t, memory::data_type *out) {
  if (t == DType::kF32)
    *out = memory::data_type::f32;
  else if (t == DType::kBF16)
    *out = memory::data_type::bf16;
  else
    return false;
  return true;
}

// One image of an N-d tensor view (N, C, *S) as a strided plain descriptor of batch 1; false for a negative
// stride or a dtype oneDNN does not hold here.
bool PlainImage(const TensorView &v, int64_t images, memory::desc *desc) {
  memory::data_type dt;
  if (!DnnlType(v.dtype, &dt) || v.strides[0] < 0) return false;
  Dims dims{images}, strides{images == 1 ? 1 : v.strides[0]};
  for (int d = 1; d < v.rank; ++d) {
    if (v.strides[d] < 0) return false;
    dims.push_back(v.dims[d]);
    strides.push_back(v.dims[d] == 1 ? 1 : v.strides[d]);
  }
  *desc = memory::desc(dims, dt, strides);
  return true;
}

// The weight (Cout, Cin/G, *K) as oneDNN's (Cout, Cin, *K) or grouped (G, Cout/G, Cin/G, *K) dims, with the
// view's strides.
bool PlainWeight(const TensorView &w, int64_t groups, memory::desc *desc) {
  memory::data_type dt;
  if (!DnnlType(w.dtype, &dt)) return false;
  Dims dims, strides;
  if (groups > 1) {
    dims.push_back(groups);
    strides.push_back(w.dims[0] / groups * w.strides[0]);
    dims.push_back(w.dims[0] / groups);
  } else {
    dims.push_back(w.dims[0]);
  }
  for (int d = 0; d < w.rank; ++d) {
    if (w.strides[d] < 0) return false;
    if (d > 0) dims.push_back(w.dims[d]);
    strides.push_back(w.strides[d]);
  }
  *desc = memory::desc(dims, dt, strides);
  return true;
}

struct ConvDescs {
  memory::desc src, weights, dst;
  Dims strides, dilates, padL, padR;
};

// The compute descriptors (layouts left to the library) of one image of the direct convolution.
ConvDescs ComputeDescs(const ConvGeometry &geo, int spatial, memory::data_type dt, memory::data_type dstType,
                       int64_t images, int channelBlock) {
  ConvDescs c;
  Dims src{images, geo.cin}, dst{images, geo.cout}, weights;
  if (geo.groups > 1)
    weights = {geo.groups, geo.CoutPerGroup(), geo.CinPerGroup()};
  else
    weights = {geo.cout, geo.cin};
  for (int d = kConvDims - spatial; d < kConvDims; ++d) {
    src.push_back(geo.in[d]);
    dst.push_back(geo.out[d]);
    weights.push_back(geo.kernel[d]);
    c.strides.push_back(geo.stride[d]);
    c.dilates.push_back(geo.dilation[d] - 1);
    c.padL.push_back(geo.padBefore[d]);
    c.padR.push_back((geo.out[d] - 1) * geo.stride[d] + geo.dilation[d] * (geo.kernel[d] - 1) + 1 - geo.in[d] -
                     geo.padBefore[d]);
  }
  // Channels in blocks (nCdhw16c, nCdhw8c): oneDNN's direct JIT kernels, which PyTorch's convolutions run. Left to
  // the library, a batch-1 problem got the channels-last brgemm kernels, whose fp32 sums over long channel runs
  // had 2-5x PyTorch's error (tests/conv/convolution_torch_test.cpp, LargeProblemsOnOneDnn).
  using tag = memory::format_tag;
  const auto blocked = channelBlock == 16 ? (spatial == 1   ? tag::nCw16c
                                             : spatial == 2 ? tag::nChw16c
                                                            : tag::nCdhw16c)
                                          : (spatial == 1   ? tag::nCw8c
                                             : spatial == 2 ? tag::nChw8c
                                                            : tag::nCdhw8c);
  c.src = memory::desc(src, dt, blocked);
  c.dst = memory::desc(dst, dstType, blocked);
  c.weights = memory::desc(weights, dt, memory::format_tag::any);
  return c;
}

dnnl::primitive_attr UserScratchpad() {
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

dnnl::reorder Reorder(const memory::desc &from, const memory::desc &to, size_t *scratch) {
  const dnnl::reorder::primitive_desc pd(DnnlEngine(), from, DnnlEngine(), to, UserScratchpad());
  *scratch = std::max(*scratch, pd.scratchpad_desc().get_size());
  return dnnl::reorder(pd);
}

// Only JIT kernels: oneDNN's reference convolution ("ref:any"), and its GEMM-based one over the reference GEMM
// ("gemm:ref", where the CPU has no JIT GEMM), are orders of magnitude slower than the GEMM path.
bool IsJit(const char *impl) { return std::strstr(impl, "ref") == nullptr; }

bool Fits(size_t bytes) { return bytes < kMaxBufferBytes; }

// Whether one image of each operand and of the result (and the weight) could be held at all: asked before the
// library plans kernels for a shape, which for absurd sizes takes unbounded time.
bool ImagesFit(const ConvGeometry &geo) {
  int64_t in = geo.cin * 4, out = geo.cout * 4, weight = geo.cout * 4;
  bool overflow = __builtin_mul_overflow(weight, geo.PatchRows(), &weight);
  for (int d = 0; d < kConvDims; ++d) {
    overflow = overflow || __builtin_mul_overflow(in, geo.in[d], &in) || __builtin_mul_overflow(out, geo.out[d], &out);
  }
  const auto limit = static_cast<int64_t>(kMaxBufferBytes);
  return !overflow && in < limit && out < limit && weight < limit;
}

// Where each plain element of the gradient lives in the kernel's blocked layout (conv_dnnl.h). A blocked offset is
// a sum of per-dim terms: for dim d and index x, (x / B_d) * stride_d plus, for each inner block k over d,
// ((x / (blocks of d inside k)) % size_k) * (elements inside block k). False for a layout that is not a plain
// blocking.
bool BuildOffsetTables(const memory::desc &blocked, int64_t groups, DnnlConvPlan *p) {
  const dnnl_memory_desc_t &md = blocked.data;
  if (md.format_kind != dnnl_blocked) return false;
  const dnnl_blocking_desc_t &b = md.format_desc.blocking;
  auto term = [&](int d, int64_t x) {
    int64_t outerBlock = 1;
    for (int k = 0; k < b.inner_nblks; ++k)
      if (b.inner_idxs[k] == d) outerBlock *= b.inner_blks[k];
    int64_t off = x / outerBlock * b.strides[d], inside = 1, after = 1;
    for (int k = b.inner_nblks - 1; k >= 0; --k) {  // innermost block first
      if (b.inner_idxs[k] == d) {
        off += x / after % b.inner_blks[k] * inside;
        after *= b.inner_blks[k];
      }
      inside *= b.inner_blks[k];
    }
    return off;
  };
  // Dims (G,) O, I, *K: the output channel c is (c / (O per group), c % (O per group)) when grouped.
  const int first = groups > 1 ? 2 : 1;
  const int64_t perGroup = md.dims[first - 1];
  p->outerOffsets.resize(static_cast<size_t>(groups * perGroup));
  for (int64_t c = 0; c < groups * perGroup; ++c)
    p->outerOffsets[static_cast<size_t>(c)] = groups > 1 ? term(0, c / perGroup) + term(1, c % perGroup) : term(0, c);
  int64_t inner = 1;
  for (int d = first; d < md.ndims; ++d) inner *= md.dims[d];
  p->innerOffsets.resize(static_cast<size_t>(inner));
  for (int64_t j = 0; j < inner; ++j) {
    int64_t rest = j, off = 0;
    for (int d = md.ndims - 1; d >= first; --d) {
      off += term(d, rest % md.dims[d]);
      rest /= md.dims[d];
    }
    p->innerOffsets[static_cast<size_t>(j)] = off;
  }
  return true;
}

// A dense fp32 descriptor with the dims of `plain`.
memory::desc DenseF32(const memory::desc &plain) {
  const Dims dims = plain.dims();
  Dims strides(dims.size());
  int64_t step = 1;
  for (size_t d = dims.size(); d-- > 0;) {
    strides[d] = step;
    step *= dims[d];
  }
  return memory::desc(dims, memory::data_type::f32, strides);
}

// Creates the primitive and reorders of `p` (its views set) with channels in blocks of channelBlock, BF16 operands
// on the fp32 kernels through dense fp32 copies when `widen` (DnnlConvPlan::widened); false where oneDNN has no JIT
// kernel for it.
bool CreatePrimitivesBlocked(DnnlConvPlan *p, const ConvGeometry &geo, DType kernelType, int channelBlock, bool widen,
                             size_t *scratch) {
  const int spatial = p->a.rank - 2;
  const bool bf16 = p->a.dtype == DType::kBF16 && p->b.dtype == DType::kBF16;
  const memory::data_type dt = bf16 && !widen ? memory::data_type::bf16 : memory::data_type::f32;
  if (bf16 != (kernelType == DType::kBF16) && p->pass != ConvPass::kBackwardWeights) return false;
  if (!bf16 && kernelType != DType::kOther && p->pass != ConvPass::kBackwardWeights) return false;
  const ConvDescs c = ComputeDescs(geo, spatial, dt, dt, p->imagesPerCall, channelBlock);
  const auto algo = dnnl::algorithm::convolution_direct;
  const dnnl::primitive_attr attr = UserScratchpad();
  const auto &engine = DnnlEngine();
  const bool weights = p->pass == ConvPass::kBackwardWeights;
  if (!PlainImage(p->a, p->imagesPerCall, &p->aPlain) ||
      !(weights ? PlainImage(p->b, p->imagesPerCall, &p->bPlain) : PlainWeight(p->b, geo.groups, &p->bPlain)))
    return false;
  if (!weights && !PlainImage(p->out, 1, &p->outPlain)) return false;  // backward weights: unblocked by tables
  p->widened = widen;
  if (widen) {
    p->aPlain = DenseF32(p->aPlain);
    p->bPlain = DenseF32(p->bPlain);
    if (!weights) p->outPlain = DenseF32(p->outPlain);
  }
  if (p->pass == ConvPass::kForward) {
    p->biasDesc = memory::desc({geo.cout}, memory::data_type::f32, memory::format_tag::x);
    const auto desc = p->hasBias
                          ? dnnl::convolution_forward::desc(dnnl::prop_kind::forward_training, algo, c.src, c.weights,
                                                            p->biasDesc, c.dst, c.strides, c.dilates, c.padL, c.padR)
                          : dnnl::convolution_forward::desc(dnnl::prop_kind::forward_training, algo, c.src, c.weights,
                                                            c.dst, c.strides, c.dilates, c.padL, c.padR);
    const dnnl::convolution_forward::primitive_desc pd(desc, attr, engine);
    if (!IsJit(pd.impl_info_str())) return false;
    p->aBlocked = pd.src_desc();
    p->bBlocked = pd.weights_desc();
    p->outBlocked = pd.dst_desc();
    p->scratchDesc = pd.scratchpad_desc();
    p->primitive = dnnl::convolution_forward(pd);
  } else {
    const dnnl::convolution_forward::primitive_desc hint(
        dnnl::convolution_forward::desc(dnnl::prop_kind::forward_training, algo, c.src, c.weights, c.dst, c.strides,
                                        c.dilates, c.padL, c.padR),
        engine);
    if (p->pass == ConvPass::kBackwardData) {
      const dnnl::convolution_backward_data::primitive_desc pd(
          dnnl::convolution_backward_data::desc(algo, c.src, c.weights, c.dst, c.strides, c.dilates, c.padL, c.padR),
          attr, engine, hint);
      if (!IsJit(pd.impl_info_str())) return false;
      p->aBlocked = pd.diff_dst_desc();
      p->bBlocked = pd.weights_desc();
      p->outBlocked = pd.diff_src_desc();
      p->scratchDesc = pd.scratchpad_desc();
      p->primitive = dnnl::convolution_backward_data(pd);
    } else {
      const memory::desc diffWeights(c.weights.dims(), memory::data_type::f32, memory::format_tag::any);
      const dnnl::convolution_backward_weights::primitive_desc pd(
          dnnl::convolution_backward_weights::desc(algo, c.src, diffWeights, c.dst, c.strides, c.dilates, c.padL,
                                                   c.padR),
          attr, engine, hint);
      if (!IsJit(pd.impl_info_str())) return false;
      p->aBlocked = pd.src_desc();
      p->bBlocked = pd.diff_dst_desc();
      p->outBlocked = pd.diff_weights_desc();
      p->scratchDesc = pd.scratchpad_desc();
      p->primitive = dnnl::convolution_backward_weights(pd);
      if (!BuildOffsetTables(p->outBlocked, geo.groups, p)) return false;
    }
  }
  *scratch = std::max(*scratch, p->scratchDesc.get_size());
  p->aIn = Reorder(p->aPlain, p->aBlocked, scratch);
  p->bIn = Reorder(p->bPlain, p->bBlocked, scratch);
  if (!weights) p->outBack = Reorder(p->outBlocked, p->outPlain, scratch);
  // One byte buffer serves as the scratchpad of each of them (a user scratchpad only has to be large enough).
  *scratch = std::max<size_t>(*scratch, 64);
  p->scratchDesc = memory::desc({static_cast<int64_t>(*scratch)}, memory::data_type::u8, memory::format_tag::x);
  return true;
}

// Blocks of 16 channels are the layout of oneDNN's AVX-512 kernels; an AVX2-only CPU has JIT kernels for blocks of
// 8 only (with 16 it offers the reference convolution, which IsJit refuses, and the problem went to the GEMM path
// at a third of the JIT kernel's speed: docs/performance.md). Such a CPU has no bf16 kernels either, and oneDNN's
// bf16 -> fp32 reorder there is its generic one (250x its fp32 reorder): BF16 problems then run on the fp32
// kernels, widened and narrowed by the engine's own conversion (DnnlConvPlan::widened), when the result is BF16
// (the kernel's rounding is then the store's). The first layout with a JIT kernel is taken, so the choice depends
// on the CPU and the shape, never on the thread count.
bool CreatePrimitives(DnnlConvPlan *p, const ConvGeometry &geo, DType kernelType, size_t *scratch) {
  // oneDNN throws where it has no implementation at all (bf16 without AVX-512): that layout is then out.
  auto attempt = [&](int channelBlock, bool widen) {
    try {
      return CreatePrimitivesBlocked(p, geo, kernelType, channelBlock, widen, scratch);
    } catch (const dnnl::error &) {
      return false;
    }
  };
  if (attempt(16, false) || attempt(8, false)) return true;
  const bool bf16 = p->a.dtype == DType::kBF16 && p->b.dtype == DType::kBF16;
  const bool bf16Result = p->pass == ConvPass::kBackwardWeights || p->out.dtype == DType::kBF16;
  return bf16 && bf16Result && attempt(8, true);
}

// Lays out the workspace; false when a part could not be held.
bool PlanWorkspace(DnnlConvPlan *p, size_t scratch) {
  const bool weights = p->pass == ConvPass::kBackwardWeights;
  size_t bytes = 0, part = 0;  // the shared parts, then one thread's part
  auto take = [](size_t *cursor, size_t size) {
    const size_t at = *cursor;
    *cursor += AlignUp(size);
    return at;
  };
  const size_t aSize = p->aBlocked.get_size(), bSize = p->bBlocked.get_size(), outSize = p->outBlocked.get_size();
  if (!Fits(aSize) || !Fits(bSize) || !Fits(outSize) || !Fits(scratch)) return false;
  if (!weights) p->bSharedOffset = take(&bytes, bSize);
  if (p->widened && !weights) p->wideWeightOffset = take(&bytes, p->bPlain.get_size());
  if (p->hasBias) p->biasOffset = take(&bytes, static_cast<size_t>(p->out.dims[1]) * sizeof(float));
  if (weights) {  // the round's blocked gradients, their blocked double sum, the plain double sum
    p->blockedElements = static_cast<int64_t>(outSize / sizeof(float));
    const int64_t imageBytes = static_cast<int64_t>(AlignUp(outSize));
    p->imagesPerRound = std::clamp<int64_t>(kRoundBytes / std::max<int64_t>(imageBytes, 1), 1, kImagesPerRound);
    p->imagesPerRound = std::min(p->imagesPerRound, p->images / p->imagesPerCall);
    const size_t roundBytes = static_cast<size_t>(imageBytes) * static_cast<size_t>(p->imagesPerRound);
    const size_t blockedSumBytes = static_cast<size_t>(p->blockedElements) * sizeof(double);
    const size_t sumBytes = p->outerOffsets.size() * p->innerOffsets.size() * sizeof(double);
    if (!Fits(roundBytes) || !Fits(blockedSumBytes) || !Fits(sumBytes)) return false;
    p->roundOffset = take(&bytes, roundBytes);
    p->blockedSumOffset = take(&bytes, blockedSumBytes);
    p->sumOffset = take(&bytes, sumBytes);
  }
  p->threadOffset = bytes;
  p->aBlockedOffset = take(&part, aSize);
  if (weights) p->bBlockedOffset = take(&part, bSize);
  if (!weights) p->outBlockedOffset = take(&part, outSize);  // backward weights: the kernel writes its round slot
  p->scratchOffset = take(&part, scratch);
  if (p->widened) {
    p->wideAOffset = take(&part, p->aPlain.get_size());
    if (weights) p->wideBOffset = take(&part, p->bPlain.get_size());
    if (!weights) p->wideOutOffset = take(&part, p->outPlain.get_size());
  }
  p->threadStride = part;
  p->workspaceBytes = bytes + part * static_cast<size_t>(p->threads);
  return Fits(p->workspaceBytes);
}

memory At(const memory::desc &desc, const void *base, size_t offset = 0) {
  return memory(desc, DnnlEngine(), const_cast<char *>(static_cast<const char *>(base)) + offset);
}

const char *ImageAt(const void *base, const TensorView &v, int64_t n) {  // image n's first element
  return static_cast<const char *>(base) + (v.offset + n * v.strides[0]) * static_cast<int64_t>(DTypeSize(v.dtype));
}

// Elements [first, first + count) (row-major) of view v (storage at base) into a dense fp32 run
// (DnnlConvPlan::widened), a strided run at a time: exact.
void WidenElements(const TensorView &v, const void *base, int64_t first, int64_t count, float *dense) {
  const auto esize = static_cast<int64_t>(DTypeSize(v.dtype));
  ForEachRun(v.rank, v.dims, v.strides, v.offset, first, count,
             [&](int64_t offset, int64_t stride, int64_t pos, int64_t length) {
               LoadRun(v.dtype, static_cast<const char *>(base) + offset * esize, stride, ComputeType::kF32,
                       dense + pos, length);
             });
}

// A dense fp32 run into elements [first, first + count) of view v, each rounded once (to nearest even) to v's dtype.
void NarrowElements(const float *dense, const TensorView &v, void *base, int64_t first, int64_t count) {
  const auto esize = static_cast<int64_t>(DTypeSize(v.dtype));
  ForEachRun(v.rank, v.dims, v.strides, v.offset, first, count,
             [&](int64_t offset, int64_t stride, int64_t pos, int64_t length) {
               StoreRun(ComputeType::kF32, dense + pos, v.dtype, static_cast<char *>(base) + offset * esize, stride,
                        length);
             });
}

// Elements per image (per output channel of a weight) of view v.
int64_t PerImage(const TensorView &v) { return v.Numel() / std::max<int64_t>(v.dims[0], 1); }

// HF32 (the only rounding planned here) of a blocked fp32 buffer of `bytes`, in fixed blocks.
void RoundBlocked(const DnnlConvPlan &p, void *buffer, size_t bytes, int threads) {
  if (p.rounding == OperandRounding::kNone) return;
  auto *v = static_cast<float *>(buffer);
  const auto n = static_cast<int64_t>(bytes / sizeof(float));
  ParallelFor(CeilDiv(n, kElementsPerBlock), threads, [&](int64_t block, int) {
    const int64_t first = block * kElementsPerBlock;
    RoundOperand(v + first, std::min(kElementsPerBlock, n - first), p.rounding);
  });
}

// Reorders one operand from the caller's view (at src) into the task's blocked copy (at to), rounded as the cube
// rounds its operands.
void StageOperand(const DnnlConvPlan &p, const dnnl::reorder &reorder, const memory::desc &plain, const char *src,
                  const memory::desc &blocked, char *to, const memory &scratch, dnnl::stream &stream) {
  reorder.execute(stream,
                  {{DNNL_ARG_FROM, At(plain, src)}, {DNNL_ARG_TO, At(blocked, to)}, {DNNL_ARG_SCRATCHPAD, scratch}});
  stream.wait();
  RoundBlocked(p, to, blocked.get_size(), 1);
}
}  // namespace

DnnlConvPlan PlanDnnlConv(ConvPass pass, const ConvGeometry &geo, OperandRounding rounding, DType kernelType,
                          const TensorView &a, const TensorView &b, const TensorView *bias, const TensorView &out) {
  DnnlConvPlan p;
  if (geo.transposed || (rounding != OperandRounding::kNone && rounding != OperandRounding::kHf32)) return p;
  if (out.dtype != DType::kF32 && out.dtype != DType::kBF16 && pass != ConvPass::kBackwardWeights) return p;
  // HF32 rounds fp32 operands: mixed ones stay on the GEMM path.
  if (rounding == OperandRounding::kHf32 && (a.dtype != DType::kF32 || b.dtype != DType::kF32)) return p;
  if (!ImagesFit(geo)) return p;
  p.pass = pass;
  p.images = geo.n;
  p.rounding = rounding;
  p.a = a;
  p.b = b;
  p.out = out;
  p.hasBias = bias != nullptr;
  if (bias != nullptr) p.bias = *bias;
  p.threads = PlanThreads();
  if (pass == ConvPass::kBackwardWeights) {
    // One image's sum over its pixels is the library's; with fewer than four images the double sum over images
    // would not make a FLOAT result clearly more accurate than one library sum over the batch (a 16-bit result's
    // rounding hides either).
    // Calls of imagesPerCall images, at least min(N, kMinWeightCalls) of them (a divisor of N: every call the same
    // primitive): a call sums its images' pixels in the kernel (in fp32, as PyTorch's kernel sums the whole batch),
    // the calls are added in double. Per image, a small image's gradient traffic outweighed its products.
    int64_t calls = std::min(geo.n, kMinWeightCalls);
    while (geo.n % calls != 0) ++calls;
    p.imagesPerCall = geo.n / calls;
  } else if (kernelType == DType::kOther &&
             (pass == ConvPass::kForward ? geo.PatchRows() : geo.CoutPerGroup() * geo.KernelVolume()) <
                 kMinFloatTerms) {
    return p;
  }
  try {
    const OneThreadForLibrary one;  // the primitives' blocking from the shape alone
    size_t scratch = 0;
    if (!CreatePrimitives(&p, geo, kernelType, &scratch) || !PlanWorkspace(&p, scratch)) return DnnlConvPlan{};
  } catch (const dnnl::error &) {
    return DnnlConvPlan{};
  }
  p.usable = true;
  return p;
}

bool RunDnnlConv(const DnnlConvPlan &p, const void *a, const void *b, const void *bias, void *out, void *workspace) {
  char *ws = static_cast<char *>(workspace);
  const char *weight = ImageAt(b, p.b, 0);
  if (p.widened) {  // the weight's dense fp32 copy, a block of output channels per task
    auto *dense = reinterpret_cast<float *>(ws + p.wideWeightOffset);
    const int64_t perChannel = PerImage(p.b), perTask = 16;
    ParallelFor(CeilDiv(p.b.dims[0], perTask), p.threads, [&](int64_t task, int) {
      const int64_t first = task * perTask * perChannel;
      WidenElements(p.b, b, first, std::min(perTask * perChannel, p.b.Numel() - first), dense + first);
    });
    weight = reinterpret_cast<const char *>(dense);
  }
  try {
    // The weight in the primitive's layout, once for all images (a pure reorder: any threads give its bits).
    const LibraryThreads threads(p.threads);
    p.bIn.execute(DnnlThreadStream(), {{DNNL_ARG_FROM, At(p.bPlain, weight)},
                                       {DNNL_ARG_TO, At(p.bBlocked, ws, p.bSharedOffset)},
                                       {DNNL_ARG_SCRATCHPAD, At(p.scratchDesc, ws, p.threadOffset + p.scratchOffset)}});
    DnnlThreadStream().wait();
  } catch (const dnnl::error &) {
    return false;
  }
  RoundBlocked(p, ws + p.bSharedOffset, p.bBlocked.get_size(), p.threads);
  if (p.hasBias) {
    LoadRun(p.bias.dtype, ImageAt(bias, p.bias, 0), p.bias.strides[0], ComputeType::kF32,
            reinterpret_cast<float *>(ws + p.biasOffset), p.bias.dims[0]);
  }
  const bool forward = p.pass == ConvPass::kForward;
  std::atomic<bool> failed{false};  // a library error in any image (set by any thread)
  ParallelFor(p.images, p.threads, [&](int64_t n, int thread) {
    char *mine = ws + p.threadOffset + p.threadStride * static_cast<size_t>(thread);
    try {
      const OneThreadForLibrary one;
      dnnl::stream &stream = DnnlThreadStream();
      const memory scratch = At(p.scratchDesc, mine, p.scratchOffset);
      const char *image = ImageAt(a, p.a, n);
      if (p.widened) {
        WidenElements(p.a, a, n * PerImage(p.a), PerImage(p.a), reinterpret_cast<float *>(mine + p.wideAOffset));
        image = mine + p.wideAOffset;
      }
      StageOperand(p, p.aIn, p.aPlain, image, p.aBlocked, mine + p.aBlockedOffset, scratch, stream);
      std::unordered_map<int, memory> args{
          {forward ? DNNL_ARG_SRC : DNNL_ARG_DIFF_DST, At(p.aBlocked, mine, p.aBlockedOffset)},
          {DNNL_ARG_WEIGHTS, At(p.bBlocked, ws, p.bSharedOffset)},
          {forward ? DNNL_ARG_DST : DNNL_ARG_DIFF_SRC, At(p.outBlocked, mine, p.outBlockedOffset)},
          {DNNL_ARG_SCRATCHPAD, scratch}};
      if (p.hasBias) args.emplace(DNNL_ARG_BIAS, At(p.biasDesc, ws, p.biasOffset));
      p.primitive.execute(stream, args);
      char *result = p.widened ? mine + p.wideOutOffset : const_cast<char *>(ImageAt(out, p.out, n));
      p.outBack.execute(stream, {{DNNL_ARG_FROM, At(p.outBlocked, mine, p.outBlockedOffset)},
                                 {DNNL_ARG_TO, At(p.outPlain, result)},
                                 {DNNL_ARG_SCRATCHPAD, scratch}});
      stream.wait();
      if (p.widened)
        NarrowElements(reinterpret_cast<const float *>(result), p.out, out, n * PerImage(p.out), PerImage(p.out));
    } catch (const dnnl::error &) {
      failed.store(true, std::memory_order_relaxed);
    }
  });
  return !failed.load();
}

namespace {

// sum (plain (Cout, Cin/G, *K) order) = the blocked double sum, an output channel per task.
void Unblock(const DnnlConvPlan &p, const double *blocked, double *sum) {
  const auto inner = static_cast<int64_t>(p.innerOffsets.size());
  ParallelFor(static_cast<int64_t>(p.outerOffsets.size()), p.threads, [&](int64_t c, int) {
    const double *from = blocked + p.outerOffsets[static_cast<size_t>(c)];
    double *to = sum + c * inner;
    for (int64_t j = 0; j < inner; ++j) to[j] = from[p.innerOffsets[static_cast<size_t>(j)]];
  });
}

}  // namespace

bool RunDnnlConvWeights(const DnnlConvPlan &p, const void *input, const void *gradOutput, void *workspace) {
  char *ws = static_cast<char *>(workspace);
  const size_t slotBytes = AlignUp(p.outBlocked.get_size());
  auto *blockedSum = reinterpret_cast<double *>(ws + p.blockedSumOffset);
  const int64_t elements = p.blockedElements, blocks = CeilDiv(elements, kElementsPerBlock);
  std::atomic<bool> failed{false};  // a library error in any image (set by any thread)
  const int64_t calls = p.images / p.imagesPerCall;
  for (int64_t first = 0; first < calls; first += p.imagesPerRound) {
    const int64_t count = std::min(p.imagesPerRound, calls - first);
    ParallelFor(count, p.threads, [&](int64_t i, int thread) {
      const int64_t n = (first + i) * p.imagesPerCall;  // the call's first image
      char *mine = ws + p.threadOffset + p.threadStride * static_cast<size_t>(thread);
      try {
        const OneThreadForLibrary one;
        dnnl::stream &stream = DnnlThreadStream();
        const memory scratch = At(p.scratchDesc, mine, p.scratchOffset);
        const char *images = ImageAt(input, p.a, n), *grads = ImageAt(gradOutput, p.b, n);
        if (p.widened) {
          const int64_t perA = PerImage(p.a), perB = PerImage(p.b);
          WidenElements(p.a, input, n * perA, p.imagesPerCall * perA, reinterpret_cast<float *>(mine + p.wideAOffset));
          WidenElements(p.b, gradOutput, n * perB, p.imagesPerCall * perB,
                        reinterpret_cast<float *>(mine + p.wideBOffset));
          images = mine + p.wideAOffset;
          grads = mine + p.wideBOffset;
        }
        StageOperand(p, p.aIn, p.aPlain, images, p.aBlocked, mine + p.aBlockedOffset, scratch, stream);
        StageOperand(p, p.bIn, p.bPlain, grads, p.bBlocked, mine + p.bBlockedOffset, scratch, stream);
        p.primitive.execute(stream, {{DNNL_ARG_SRC, At(p.aBlocked, mine, p.aBlockedOffset)},
                                     {DNNL_ARG_DIFF_DST, At(p.bBlocked, mine, p.bBlockedOffset)},
                                     {DNNL_ARG_DIFF_WEIGHTS, At(p.outBlocked, ws, p.roundOffset + i * slotBytes)},
                                     {DNNL_ARG_SCRATCHPAD, scratch}});
        stream.wait();
      } catch (const dnnl::error &) {
        failed.store(true, std::memory_order_relaxed);
      }
    });
    // The round's images join the blocked sum in image order (padding elements are zeros throughout).
    ParallelFor(blocks, p.threads, [&](int64_t block, int) {
      const int64_t lo = block * kElementsPerBlock, n = std::min(elements - lo, kElementsPerBlock);
      for (int64_t i = 0; i < count; ++i) {
        const auto *slot = reinterpret_cast<const float *>(ws + p.roundOffset + i * slotBytes);
        AddProductToSum(blockedSum + lo, slot + lo, n, first == 0 && i == 0);
      }
    });
  }
  Unblock(p, blockedSum, reinterpret_cast<double *>(ws + p.sumOffset));
  return !failed.load();
}

}  // namespace aclcpu
