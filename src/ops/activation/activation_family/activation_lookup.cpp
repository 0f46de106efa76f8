// Lookup tables for activations on FLOAT16/BF16 storage (activation_kernels.h): the one-input maths read their
// 16-bit result; the gradients of the form g * slope(x) read slope(x) as fp32 and multiply. The loops are compiled
// per SIMD target (Highway's foreach_target).
#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/activation/activation_family/activation_lookup.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/load_as_f32-inl.h"
#include "base/pointwise/element_convert.h"
#include "base/store_from_f32-inl.h"
#include "ops/activation/activation_family/activation_kernels.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// y[k] = table[x[k]] for k < n, four elements per 64-bit load and store (a load, a lookup and a store per element
// ran at ~1.3 cycles per element; AVX-512 gathers of the table measured slower still on this Zen 5).
void LookupRun(const uint16_t *HWY_RESTRICT table, int64_t n, const uint16_t *x, uint16_t *y) {
  int64_t k = 0;
  for (; k + 4 <= n; k += 4) {
    uint64_t in4;
    std::memcpy(&in4, x + k, sizeof in4);
    const uint64_t out4 = uint64_t{table[in4 & 0xFFFF]} | uint64_t{table[(in4 >> 16) & 0xFFFF]} << 16 |
                          uint64_t{table[(in4 >> 32) & 0xFFFF]} << 32 | uint64_t{table[in4 >> 48]} << 48;
    std::memcpy(y + k, &out4, sizeof out4);
  }
  for (; k < n; ++k) y[k] = table[x[k]];
}

// y[k] = 16-bit(g[k] * slope[x[k]]) for k < n (slopes gathered: scalar loads into a buffer read back as a vector
// stalled on store forwarding, slower than computing): the fused kernel's last product (g times the slope)
// and its rounding, with the slope read instead of computed. The tail goes through zero-padded vectors, as the
// fused kernel's does. y may alias g or x (each vector is read before it is written).
template <bool kBF16>
void SlopeLookupRun(const float *HWY_RESTRICT slope, int64_t n, const uint16_t *g, const uint16_t *x, uint16_t *y) {
  const hn::ScalableTag<float> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  const hn::RebindToSigned<decltype(df)> di;
  const hn::Rebind<uint16_t, decltype(df)> d16;
  const auto product = [&](const uint16_t *gv, const uint16_t *xv, uint16_t *out) HWY_ATTR {
    const auto index = hn::BitCast(di, hn::PromoteTo(hn::RebindToUnsigned<decltype(df)>(), hn::LoadU(d16, xv)));
    const auto gradient = kBF16 ? LoadBF16AsF32(df, gv) : LoadF16AsF32(df, gv);
    const auto r = hn::Mul(gradient, hn::GatherIndex(df, slope, index));
    if constexpr (kBF16) {
      StoreF32AsBF16(df, r, out);
    } else {
      StoreF32AsF16(df, r, out);
    }
  };
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) product(g + k, x + k, y + k);
  if (k < n) {
    const size_t rest = static_cast<size_t>(n - k) * sizeof(uint16_t);
    HWY_ALIGN uint16_t gp[hn::MaxLanes(df)] = {}, xp[hn::MaxLanes(df)] = {}, result[hn::MaxLanes(df)];
    std::memcpy(gp, g + k, rest);
    std::memcpy(xp, x + k, rest);
    product(gp, xp, result);
    std::memcpy(y + k, result, rest);
  }
}
void SlopeLookupRunF16(const float *slope, int64_t n, const uint16_t *g, const uint16_t *x, uint16_t *y) {
  SlopeLookupRun<false>(slope, n, g, x, y);
}
void SlopeLookupRunBF16(const float *slope, int64_t n, const uint16_t *g, const uint16_t *x, uint16_t *y) {
  SlopeLookupRun<true>(slope, n, g, x, y);
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(LookupRun);
HWY_EXPORT(SlopeLookupRunF16);
HWY_EXPORT(SlopeLookupRunBF16);

namespace {

constexpr int64_t kPatterns = 65536;  // every 16-bit input

// The maths worth a table: those whose fp32 evaluation costs more than a lookup (Relu does not). Results: the
// one-input maths. Slopes: the gradients whose fused kernel ends in g * slope(x) with slope(x) in fp32 (the tanh
// form's derivative evaluates in double and rounds the product once: no fp32 slope to keep; SigmoidGrad takes y).
constexpr ActivationOp kResultOps[] = {ActivationOp::kSigmoid, ActivationOp::kSilu, ActivationOp::kGeluTanh,
                                       ActivationOp::kGeluErf};
constexpr ActivationOp kSlopeOps[] = {ActivationOp::kSiluGrad, ActivationOp::kGeluErfGrad};
constexpr int kNumResultOps = sizeof(kResultOps) / sizeof(kResultOps[0]);
constexpr int kNumSlopeOps = sizeof(kSlopeOps) / sizeof(kSlopeOps[0]);

template <size_t N>
int IndexIn(const ActivationOp (&ops)[N], ActivationOp op) {
  for (size_t i = 0; i < N; ++i)
    if (ops[i] == op) return static_cast<int>(i);
  return -1;
}

// One table per math and 16-bit dtype, in static storage (zero pages until a table is built; 128 KiB of memory
// per result table, 256 KiB per slope table in use), built once per process.
struct ResultTable {
  std::once_flag built;
  uint16_t values[kPatterns];
};
struct SlopeTable {
  std::once_flag built;
  alignas(64) float values[kPatterns];
};
ResultTable g_results[kNumResultOps][2];
SlopeTable g_slopes[kNumSlopeOps][2];

template <int kIndex, bool kBF16>
void ResultLookup(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  HWY_DYNAMIC_DISPATCH(LookupRun)
  (g_results[kIndex][kBF16].values, n, static_cast<const uint16_t *>(in[0]), static_cast<uint16_t *>(out));
}
template <int kIndex, bool kBF16>
void SlopeLookup(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const auto *g = static_cast<const uint16_t *>(in[0]), *x = static_cast<const uint16_t *>(in[1]);
  auto *y = static_cast<uint16_t *>(out);
  if constexpr (kBF16) {
    HWY_DYNAMIC_DISPATCH(SlopeLookupRunBF16)(g_slopes[kIndex][kBF16].values, n, g, x, y);
  } else {
    HWY_DYNAMIC_DISPATCH(SlopeLookupRunF16)(g_slopes[kIndex][kBF16].values, n, g, x, y);
  }
}

template <int kIndex>
constexpr PointwiseKernel kResultPair[2] = {&ResultLookup<kIndex, false>, &ResultLookup<kIndex, true>};
constexpr const PointwiseKernel *kResultKernels[kNumResultOps] = {kResultPair<0>, kResultPair<1>, kResultPair<2>,
                                                                  kResultPair<3>};
template <int kIndex>
constexpr PointwiseKernel kSlopePair[2] = {&SlopeLookup<kIndex, false>, &SlopeLookup<kIndex, true>};
constexpr const PointwiseKernel *kSlopeKernels[kNumSlopeOps] = {kSlopePair<0>, kSlopePair<1>};

// Every 16-bit pattern, in order.
std::vector<uint16_t> AllPatterns() {
  std::vector<uint16_t> v(kPatterns);
  for (int64_t k = 0; k < kPatterns; ++k) v[static_cast<size_t>(k)] = static_cast<uint16_t>(k);
  return v;
}

}  // namespace

PointwiseKernel ActivationLookup16(ActivationOp op, DType storage) {
  if (storage != DType::kF16 && storage != DType::kBF16) return nullptr;
  const bool bf16 = storage == DType::kBF16;
  if (const int index = IndexIn(kResultOps, op); index >= 0) {
    ResultTable &table = g_results[index][bf16];
    std::call_once(table.built, [&] {  // the fused kernel's own result for each input
      const Fused16Kernels fused = ActivationFused16(op);
      const std::vector<uint16_t> inputs = AllPatterns();
      const void *in[1] = {inputs.data()};
      (bf16 ? fused.bf16 : fused.f16)(kPatterns, in, table.values, PointwiseParams{});
    });
    return kResultKernels[index][bf16];
  }
  if (const int index = IndexIn(kSlopeOps, op); index >= 0) {
    SlopeTable &table = g_slopes[index][bf16];
    std::call_once(table.built, [&] {  // the FLOAT kernel at g = 1 on each input widened: slope(x) itself (1 * s = s)
      const std::vector<uint16_t> patterns = AllPatterns();
      std::vector<float> x(kPatterns), ones(kPatterns, 1.0f);
      LoadRun(storage, patterns.data(), 1, ComputeType::kF32, x.data(), kPatterns);
      const void *in[2] = {ones.data(), x.data()};
      ActivationKernel(op, ComputeType::kF32)(kPatterns, in, table.values, PointwiseParams{});
    });
    return kSlopeKernels[index][bf16];
  }
  return nullptr;
}

}  // namespace aclcpu
#endif  // HWY_ONCE
