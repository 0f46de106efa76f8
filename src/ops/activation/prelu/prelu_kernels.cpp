// PReLU in one streaming pass: each span of self is read once (staged through an L1-sized fp32
// buffer when it is not dense fp32), out is written once. No reductions, so any block split and any
// thread count give the same bits.
#include <algorithm>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/activation/prelu/prelu_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"
#include "ops/activation/prelu/prelu_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out = x > 0 ? x : w * x over n dense fp32 values: the select form, so a NaN or infinite weight
// leaves positive x unchanged, NaN x stays NaN and x = -0 gives w * -0. kRowWeight: one weight per
// element (wRow), else the scalar w. One fp32 multiply: exact for FLOAT16/BF16 operands.
// kStream: out is written with non-temporal stores where its vectors are aligned (no read-for-ownership
// of an output too large to stay in cache).
template <bool kRowWeight, bool kStream>
void ForwardSpan(const float *HWY_RESTRICT x, const float *HWY_RESTRICT wRow, float w, int64_t n,
                 float *HWY_RESTRICT out) {
  int64_t k = 0;
  auto scalar = [&](int64_t i) {
    const float wi = kRowWeight ? wRow[i] : w;
    out[i] = x[i] > 0.0f ? x[i] : wi * x[i];
  };
#if HWY_TARGET != HWY_SCALAR
  const hn::ScalableTag<float> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto zero = hn::Zero(df);
  const auto scalarWeight = hn::Set(df, w);
  auto vector = [&](int64_t i) HWY_ATTR {
    const auto vx = hn::LoadU(df, x + i);
    const auto vw = kRowWeight ? hn::LoadU(df, wRow + i) : scalarWeight;
    return hn::IfThenElse(hn::Gt(vx, zero), vx, hn::Mul(vw, vx));
  };
  if (kStream) {
    const auto vectorBytes = static_cast<uintptr_t>(lanes) * sizeof(float);
    for (; k < n && reinterpret_cast<uintptr_t>(out + k) % vectorBytes != 0; ++k) scalar(k);
    for (; k + lanes <= n; k += lanes) hn::Stream(vector(k), df, out + k);
  }
  for (; k + lanes <= n; k += lanes) hn::StoreU(vector(k), df, out + k);
#endif
  for (; k < n; ++k) scalar(k);
}

using ForwardSpanFn = void (*)(const float *, const float *, float, int64_t, float *);
ForwardSpanFn SelectForwardSpan(bool rowWeight, bool stream) {
  if (stream) return rowWeight ? ForwardSpan<true, true> : ForwardSpan<false, true>;
  return rowWeight ? ForwardSpan<true, false> : ForwardSpan<false, false>;
}

// The same over n dense FLOAT16 (kBF16: BF16) values in and out, converted in registers: one pass
// instead of three over staging buffers. The fp32 product is exact for 16-bit operands and is rounded
// once on the store, as WriteFlatFromF32 rounds. kStream: as ForwardSpan's.
template <bool kRowWeight, bool kBF16, bool kStream>
void ForwardSpan16(const uint16_t *HWY_RESTRICT x, const float *HWY_RESTRICT wRow, float w, int64_t n,
                   uint16_t *HWY_RESTRICT out) {
  int64_t k = 0;
  auto scalar = [&](int64_t i) {
    const float xi = kBF16 ? BF16ToF32(x[i]) : F16ToF32(x[i]), wi = kRowWeight ? wRow[i] : w;
    const float y = xi > 0.0f ? xi : wi * xi;
    out[i] = kBF16 ? F32ToBF16(y) : F32ToF16(y);
  };
#if HWY_TARGET != HWY_SCALAR
  const hn::ScalableTag<float> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto zero = hn::Zero(df);
  const auto scalarWeight = hn::Set(df, w);
  auto vector = [&](int64_t i) HWY_ATTR {
    const auto vx = kBF16 ? LoadBF16AsF32(df, x + i) : LoadF16AsF32(df, x + i);
    const auto vw = kRowWeight ? hn::LoadU(df, wRow + i) : scalarWeight;
    return hn::IfThenElse(hn::Gt(vx, zero), vx, hn::Mul(vw, vx));
  };
  if (kStream) {
    const auto vectorBytes = static_cast<uintptr_t>(lanes) * sizeof(uint16_t);
    for (; k < n && reinterpret_cast<uintptr_t>(out + k) % vectorBytes != 0; ++k) scalar(k);
    for (; k + lanes <= n; k += lanes) StreamF32As16<kBF16>(df, vector(k), out + k);
  }
  for (; k + lanes <= n; k += lanes) {
    if (kBF16) {
      StoreF32AsBF16(df, vector(k), out + k);
    } else {
      StoreF32AsF16(df, vector(k), out + k);
    }
  }
#endif
  for (; k < n; ++k) scalar(k);
}

using ForwardSpan16Fn = void (*)(const uint16_t *, const float *, float, int64_t, uint16_t *);
ForwardSpan16Fn SelectForwardSpan16(bool rowWeight, bool bf16, bool stream) {
  static const ForwardSpan16Fn kTable[8] = {ForwardSpan16<false, false, false>, ForwardSpan16<false, false, true>,
                                            ForwardSpan16<false, true, false>,  ForwardSpan16<false, true, true>,
                                            ForwardSpan16<true, false, false>,  ForwardSpan16<true, false, true>,
                                            ForwardSpan16<true, true, false>,   ForwardSpan16<true, true, true>};
  return kTable[(rowWeight ? 4 : 0) + (bf16 ? 2 : 0) + (stream ? 1 : 0)];
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "base/convert.h"
#include "base/half.h"
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectForwardSpan);
HWY_EXPORT(SelectForwardSpan16);

namespace {

constexpr int64_t kSpan = kPreluSpan;

// The value a float becomes when stored as `type` (FLOAT16 or BF16) and read back.
void RoundThrough(DType type, float *values, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    values[i] = type == DType::kF16 ? F16ToF32(F32ToF16(values[i])) : BF16ToF32(F32ToBF16(values[i]));
  }
}

class ChunkRunner {
 public:
  ChunkRunner(const PreluPlan &p, const PreluBuffers &b)
      : p_(p),
        b_(b),
        span_(HWY_DYNAMIC_DISPATCH(SelectForwardSpan)(p.map.layout == PreluLayout::kRows, p.streamOut)),
        span16_(p.dense16 ? HWY_DYNAMIC_DISPATCH(SelectForwardSpan16)(p.map.layout == PreluLayout::kRows,
                                                                      p.self.dtype == DType::kBF16, p.streamOut)
                          : nullptr),
        selfDirect_(p.self.IsDenseF32()),
        outDirect_(p.out.IsDenseF32() && !p.roundThroughPromoted) {}

  // Elements [first, first + n) of the flattened tensors, with one weight per element (wRow) or `w`.
  void Run(int64_t first, int64_t n, const float *wRow, float w, float *stage) const {
    if (span16_ != nullptr) {
      span16_(static_cast<const uint16_t *>(ContiguousElement(p_.self, b_.self, first)), wRow, w, n,
              static_cast<uint16_t *>(ContiguousElement(p_.out, b_.out, first)));
      return;
    }
    for (int64_t k = 0; k < n; k += kSpan) {
      const int64_t len = std::min(kSpan, n - k), at = first + k;
      const float *x = selfDirect_ ? static_cast<const float *>(ContiguousElement(p_.self, b_.self, at)) : stage;
      if (!selfDirect_) ReadFlatAsF32(p_.self, b_.self, at, len, stage);
      float *out = outDirect_ ? static_cast<float *>(ContiguousElement(p_.out, b_.out, at)) : stage + kSpan;
      span_(x, wRow != nullptr ? wRow + k : nullptr, w, len, out);
      if (p_.roundThroughPromoted) RoundThrough(p_.promoted, out, len);
      if (!outDirect_) WriteFlatFromF32(p_.out, b_.out, at, len, out);
    }
  }

 private:
  const PreluPlan &p_;
  const PreluBuffers &b_;
  decltype(HWY_DYNAMIC_DISPATCH(SelectForwardSpan)(false, false)) span_;
  decltype(HWY_DYNAMIC_DISPATCH(SelectForwardSpan16)(false, false, false)) span16_;
  bool selfDirect_, outDirect_;
};

}  // namespace

void RunPrelu(const PreluPlan &p, const PreluBuffers &b, void *workspace) {
  if (!p.compute) return;
  auto *ws = static_cast<char *>(workspace);
  auto *weights = reinterpret_cast<float *>(ws + p.weightOffset);
  LoadPreluWeights(p.map, p.weight, b.weight, weights);
  const ChunkRunner runner(p, b);
  const PreluWeightMap &m = p.map;
  const int64_t elements = p.self.Numel();
  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    auto *stage = reinterpret_cast<float *>(ws + p.stageOffset + p.stageStride * static_cast<size_t>(thread));
    const int64_t last = std::min(elements, (block + 1) * p.blockElements);
    // Chunks end where the weight changes: at a plane's end, or at a row's end (kRows).
    for (int64_t at = block * p.blockElements; at < last;) {
      if (m.layout == PreluLayout::kPlanes) {
        const int64_t plane = at / m.planeSize, end = std::min(last, (plane + 1) * m.planeSize);
        runner.Run(at, end - at, nullptr, weights[plane % m.weights], stage);
        at = end;
      } else {
        const int64_t row = at / m.rowLength, end = std::min(last, (row + 1) * m.rowLength);
        runner.Run(at, end - at, weights + (at - row * m.rowLength), 0.0f, stage);
        at = end;
      }
    }
    if (p.streamOut) FenceStreamingStores();
  });
}

}  // namespace aclcpu
#endif  // HWY_ONCE
