// PReLU in one streaming pass: each span of self is read once (staged through an L1-sized fp32
// buffer when it is not dense fp32), out is written once. No reductions, so any block split and any
// thread count give the same bits.
#include <algorithm>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/prelu/prelu_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "ops/prelu/prelu_plan.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// out = x > 0 ? x : w * x over n dense fp32 values: the select form, so a NaN or infinite weight
// leaves positive x unchanged, NaN x stays NaN and x = -0 gives w * -0. kRowWeight: one weight per
// element (wRow), else the scalar w. One fp32 multiply: exact for FLOAT16/BF16 operands.
template <bool kRowWeight>
void ForwardSpan(const float *HWY_RESTRICT x, const float *HWY_RESTRICT wRow, float w, int64_t n,
                 float *HWY_RESTRICT out) {
  int64_t k = 0;
#if HWY_TARGET != HWY_SCALAR
  const hn::ScalableTag<float> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto zero = hn::Zero(df);
  const auto scalarWeight = hn::Set(df, w);
  for (; k + lanes <= n; k += lanes) {
    const auto vx = hn::LoadU(df, x + k);
    const auto vw = kRowWeight ? hn::LoadU(df, wRow + k) : scalarWeight;
    hn::StoreU(hn::IfThenElse(hn::Gt(vx, zero), vx, hn::Mul(vw, vx)), df, out + k);
  }
#endif
  for (; k < n; ++k) {
    const float wk = kRowWeight ? wRow[k] : w;
    out[k] = x[k] > 0.0f ? x[k] : wk * x[k];
  }
}

using ForwardSpanFn = void (*)(const float *, const float *, float, int64_t, float *);
ForwardSpanFn SelectForwardSpan(bool rowWeight) { return rowWeight ? ForwardSpan<true> : ForwardSpan<false>; }

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "base/convert.h"
#include "base/half.h"
#include "base/parallel.h"

namespace aclcpu {

HWY_EXPORT(SelectForwardSpan);

namespace {

constexpr int64_t kSpan = kPreluSpan;

bool DenseF32(const TensorView &v) { return v.dtype == DType::kF32 && v.IsContiguous(); }

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
        span_(HWY_DYNAMIC_DISPATCH(SelectForwardSpan)(p.map.layout == PreluLayout::kRows)),
        selfDirect_(DenseF32(p.self)),
        outDirect_(DenseF32(p.out) && !p.roundThroughPromoted) {}

  // Elements [first, first + n) of the flattened tensors, with one weight per element (wRow) or `w`.
  void Run(int64_t first, int64_t n, const float *wRow, float w, float *stage) const {
    for (int64_t k = 0; k < n; k += kSpan) {
      const int64_t len = std::min(kSpan, n - k), at = first + k;
      const float *x = selfDirect_ ? static_cast<const float *>(b_.self) + p_.self.offset + at : stage;
      if (!selfDirect_) ReadFlatAsF32(p_.self, b_.self, at, len, stage);
      float *out = outDirect_ ? static_cast<float *>(b_.out) + p_.out.offset + at : stage + kSpan;
      span_(x, wRow != nullptr ? wRow + k : nullptr, w, len, out);
      if (p_.roundThroughPromoted) RoundThrough(p_.promoted, out, len);
      if (!outDirect_) WriteFlatFromF32(p_.out, b_.out, at, len, out);
    }
  }

 private:
  const PreluPlan &p_;
  const PreluBuffers &b_;
  decltype(HWY_DYNAMIC_DISPATCH(SelectForwardSpan)(false)) span_;
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
  });
}

}  // namespace aclcpu
#endif  // HWY_ONCE
