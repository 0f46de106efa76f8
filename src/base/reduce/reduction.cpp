#include "base/reduce/reduction.h"

#include <algorithm>
#include <cstring>

#include "base/executor.h"
#include "base/parallel.h"
#include "base/pointwise/runs.h"

namespace aclcpu {
namespace {

// Fewer elements than this per thread are not worth waking another thread for.
constexpr int64_t kMinElementsPerThread = 32768;
// Outputs per block of the pass that adds the chunk sums of long reductions.
constexpr int64_t kCombineOutputs = 256;
// Every buffer slot is sized for the widest compute value (complex128).
constexpr size_t kSlot = 16;
// Pairwise summation adds runs of this many values one after the other.
constexpr int64_t kPairwiseBase = 32;

ComputeType AccumulatorOf(DType dtype) {
  switch (dtype) {
    case DType::kF16:
    case DType::kBF16:
    case DType::kF32:
    case DType::kF64: return ComputeType::kF64;
    case DType::kC64:
    case DType::kC128: return ComputeType::kC128;
    default: return ComputeType::kI64;
  }
}

// Sums start from -0.0 (so a sum of -0s is -0) and add without compensation terms (an infinity stays
// one, inf + -inf is NaN, NaN propagates).
template <class T>
T NegativeZero();
template <>
double NegativeZero<double>() {
  return -0.0;
}
template <>
c128 NegativeZero<c128>() {
  return c128(-0.0, -0.0);
}

template <class T>
T Pairwise(const T *x, int64_t n) {
  if (n <= kPairwiseBase) {
    T s = NegativeZero<T>();
    for (int64_t i = 0; i < n; ++i) s += x[i];
    return s;
  }
  const int64_t half = n / 2;
  return Pairwise(x, half) + Pairwise(x + half, n - half);
}

// Integer sums wrap around modulo 2^64.
int64_t WrappingSum(const int64_t *x, int64_t n) {
  uint64_t s = 0;
  for (int64_t i = 0; i < n; ++i) s += static_cast<uint64_t>(x[i]);
  return static_cast<int64_t>(s);
}

// The accumulator value of one output or chunk, in the plan's accumulator type.
union AccValue {
  double f;
  int64_t i;
  c128 c;
  AccValue() : c() {}
};

AccValue StartValue(ComputeType acc) {
  AccValue v;
  if (acc == ComputeType::kF64)
    v.f = -0.0;
  else if (acc == ComputeType::kI64)
    v.i = 0;
  else
    v.c = NegativeZero<c128>();
  return v;
}

void Accumulate(ComputeType acc, AccValue *total, const AccValue &part) {
  if (acc == ComputeType::kF64)
    total->f += part.f;
  else if (acc == ComputeType::kI64)
    total->i = static_cast<int64_t>(static_cast<uint64_t>(total->i) + static_cast<uint64_t>(part.i));
  else
    total->c += part.c;
}

class Reducer {
 public:
  Reducer(const ReducePlan &p, const void *in, void *out, void *workspace)
      : p_(p),
        in_(static_cast<const char *>(in)),
        out_(static_cast<char *>(out)),
        ws_(static_cast<char *>(workspace)) {}

  void Run() const {
    if (p_.outer == 0) return;
    if (p_.numChunks <= 1) {
      ParallelFor(p_.numBlocks, p_.threads, [&](int64_t block, int thread) {
        const int64_t first = block * p_.outputsPerBlock, last = std::min(p_.outer, first + p_.outputsPerBlock);
        AccValue *vals = OutValues(thread);
        for (int64_t j = first; j < last; ++j) {
          AccValue total = StartValue(p_.acc);
          Accumulate(p_.acc, &total, ChunkSum(InputOffsetOf(j), 0, thread));
          vals[j - first] = Finish(total);
        }
        StoreOutputs(first, last - first, thread);
      });
      return;
    }
    auto *partials = reinterpret_cast<AccValue *>(ws_ + p_.scratchStride * static_cast<size_t>(p_.threads));
    ParallelFor(p_.numBlocks, p_.threads, [&](int64_t item, int thread) {
      partials[item] = ChunkSum(InputOffsetOf(item / p_.numChunks), item % p_.numChunks, thread);
    });
    ParallelFor(p_.numCombineBlocks, p_.threads, [&](int64_t block, int thread) {
      const int64_t first = block * p_.combinePerBlock, last = std::min(p_.outer, first + p_.combinePerBlock);
      AccValue *vals = OutValues(thread);
      for (int64_t j = first; j < last; ++j) {
        AccValue total = StartValue(p_.acc);
        for (int64_t c = 0; c < p_.numChunks; ++c) Accumulate(p_.acc, &total, partials[j * p_.numChunks + c]);
        vals[j - first] = Finish(total);
      }
      StoreOutputs(first, last - first, thread);
    });
  }

 private:
  char *Buffer(int thread, int slot) const {
    const size_t chunk = AlignUp(static_cast<size_t>(p_.chunkBuffer) * kSlot);
    const size_t outb = AlignUp(static_cast<size_t>(p_.outBuffer) * kSlot);
    char *base = ws_ + p_.scratchStride * static_cast<size_t>(thread);
    return slot < 3 ? base + chunk * static_cast<size_t>(slot)
                    : base + chunk * 3 + outb * static_cast<size_t>(slot - 3);
  }
  AccValue *OutValues(int thread) const { return reinterpret_cast<AccValue *>(Buffer(thread, 3)); }

  // Element offset of the first input element of output j (row-major over the kept dims).
  int64_t InputOffsetOf(int64_t j) const {
    int64_t off = p_.in.offset;
    for (int d = p_.keptRank - 1; d >= 0; --d) {
      off += (j % p_.keptDims[d]) * p_.keptStrides[d];
      j /= p_.keptDims[d];
    }
    return off;
  }

  AccValue ChunkSum(int64_t base, int64_t chunk, int thread) const {
    const int64_t first = chunk * kReduceChunk, n = std::min(kReduceChunk, p_.inner - first);
    char *accBuf = Buffer(thread, 0);
    const bool through = p_.loadThrough != DType::kOther;
    char *loadBuf = through ? Buffer(thread, 1) : accBuf;
    const ComputeType loadType = through ? p_.inCompute : p_.acc;
    const size_t loadSize = ComputeSize(loadType);
    const auto esize = static_cast<int64_t>(DTypeSize(p_.in.dtype));
    ForEachRun(p_.redRank, p_.redDims, p_.redStrides, base, first, n,
               [&](int64_t offset, int64_t stride, int64_t pos, int64_t len) {
                 LoadRun(p_.in.dtype, in_ + offset * esize, stride, loadType,
                         loadBuf + static_cast<size_t>(pos) * loadSize, len);
               });
    if (through) {  // the vendor casts the input to `dtype` first
      char *narrow = Buffer(thread, 2);
      StoreRun(p_.inCompute, loadBuf, p_.loadThrough, narrow, 1, n);
      LoadRun(p_.loadThrough, narrow, 1, p_.acc, accBuf, n);
    }
    AccValue v;
    if (p_.acc == ComputeType::kF64)
      v.f = Pairwise(reinterpret_cast<const double *>(accBuf), n);
    else if (p_.acc == ComputeType::kI64)
      v.i = WrappingSum(reinterpret_cast<const int64_t *>(accBuf), n);
    else
      v.c = Pairwise(reinterpret_cast<const c128 *>(accBuf), n);
    return v;
  }

  AccValue Finish(AccValue v) const {
    if (p_.kind != ReduceKind::kMean) return v;
    if (p_.acc == ComputeType::kF64)
      v.f /= static_cast<double>(p_.inner);
    else if (p_.acc == ComputeType::kI64)
      v.i /= p_.inner;  // toward zero (docs/ops/reductions.md)
    else
      v.c /= static_cast<double>(p_.inner);
    return v;
  }

  // Writes the finished values of outputs [first, first + m) (dense in the thread's out buffer) to out.
  void StoreOutputs(int64_t first, int64_t m, int thread) const {
    // Pack the accumulator values densely in the accumulator's compute type.
    const AccValue *vals = OutValues(thread);
    char *packed = Buffer(thread, 4);
    const size_t accSize = ComputeSize(p_.acc);
    for (int64_t k = 0; k < m; ++k) std::memcpy(packed + static_cast<size_t>(k) * accSize, &vals[k], accSize);
    const char *src = packed;
    ComputeType srcType = p_.acc;
    if (p_.roundThrough != DType::kOther) {
      char *narrow = Buffer(thread, 5);
      srcType = ComputeTypeOf(p_.roundThrough);
      StoreRun(p_.acc, packed, p_.roundThrough, narrow, 1, m);
      // The packed values are no longer needed: reload the rounded ones in their place.
      LoadRun(p_.roundThrough, narrow, 1, srcType, packed, m);
    }
    const size_t srcSize = ComputeSize(srcType);
    const auto esize = static_cast<int64_t>(DTypeSize(p_.out.dtype));
    for (int64_t k = 0; k < m; ++k)
      StoreRun(srcType, src + static_cast<size_t>(k) * srcSize, p_.out.dtype, out_ + p_.out.OffsetOf(first + k) * esize,
               1, 1);
  }

  const ReducePlan &p_;
  const char *in_;
  char *out_;
  char *ws_;
};

}  // namespace

ReducePlan PlanReduce(ReduceKind kind, const TensorView &in, uint32_t reduced, DType dtype, const TensorView &out) {
  ReducePlan p;
  p.kind = kind;
  p.in = in;
  p.out = out;
  p.acc = AccumulatorOf(dtype);
  p.inCompute = ComputeTypeOf(in.dtype);
  p.loadThrough = dtype != in.dtype ? dtype : DType::kOther;
  p.roundThrough = dtype != out.dtype ? dtype : DType::kOther;
  // Size-1 dims dropped; adjacent dims of each set merged when one stride steps over both.
  const auto push = [](int *rank, int64_t *dims, int64_t *strides, int64_t dim, int64_t stride) {
    if (*rank > 0 && strides[*rank - 1] == stride * dim) {
      dims[*rank - 1] *= dim;
      strides[*rank - 1] = stride;
      return;
    }
    dims[*rank] = dim;
    strides[*rank] = stride;
    ++*rank;
  };
  p.outer = 1;
  p.inner = 1;
  for (int d = 0; d < in.rank; ++d) {
    if ((reduced >> d) & 1u)
      p.inner *= in.dims[d];
    else
      p.outer *= in.dims[d];
    if (in.dims[d] == 1) continue;
    if ((reduced >> d) & 1u)
      push(&p.redRank, p.redDims, p.redStrides, in.dims[d], in.strides[d]);
    else
      push(&p.keptRank, p.keptDims, p.keptStrides, in.dims[d], in.strides[d]);
  }
  if (p.outer == 0 || p.inner == 0) return p;  // the operators fill or skip empty problems themselves
  p.numChunks = CeilDiv(p.inner, kReduceChunk);
  if (p.numChunks == 1) {
    p.outputsPerBlock = std::max<int64_t>(1, kReduceChunk / p.inner);
    p.numBlocks = CeilDiv(p.outer, p.outputsPerBlock);
    p.chunkBuffer = p.inner;
    p.outBuffer = std::min(p.outputsPerBlock, p.outer);
  } else {
    p.numBlocks = p.outer * p.numChunks;  // one chunk each
    p.combinePerBlock = kCombineOutputs;
    p.numCombineBlocks = CeilDiv(p.outer, kCombineOutputs);
    p.chunkBuffer = kReduceChunk;
    p.outBuffer = std::min(kCombineOutputs, p.outer);
    p.partialsBytes = AlignUp(static_cast<size_t>(p.outer * p.numChunks) * sizeof(AccValue));
  }
  const int64_t numel = p.outer * p.inner;
  p.threads =
      static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(PlanThreads(), CeilDiv(numel, kMinElementsPerThread))));
  p.scratchStride = AlignUp(static_cast<size_t>(p.chunkBuffer) * kSlot) * 3 +
                    AlignUp(static_cast<size_t>(p.outBuffer) * std::max(kSlot, sizeof(AccValue))) * 3;
  p.workspaceBytes = p.scratchStride * static_cast<size_t>(p.threads) + p.partialsBytes;
  return p;
}

void RunReduce(const ReducePlan &plan, const void *in, void *out, void *workspace) {
  Reducer(plan, in, out, workspace).Run();
}

}  // namespace aclcpu
