// Lookup tables for the one-input activations on FLOAT16/BF16 storage (activation_kernels.h). The lookup loop is
// compiled per SIMD target (Highway's foreach_target): vector gathers where the target has them.
#include <cstdint>
#include <cstring>
#include <mutex>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/activation/activation_family/activation_lookup.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
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

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(LookupRun);

namespace {

constexpr int64_t kPatterns = 65536;  // every 16-bit input

// The maths worth a table: those whose fp32 evaluation costs more than a lookup (Relu does not).
constexpr ActivationOp kTabled[] = {ActivationOp::kSigmoid, ActivationOp::kSilu, ActivationOp::kGeluTanh,
                                    ActivationOp::kGeluErf};
constexpr int kNumTabled = sizeof(kTabled) / sizeof(kTabled[0]);

int TableIndex(ActivationOp op) {
  for (int i = 0; i < kNumTabled; ++i)
    if (kTabled[i] == op) return i;
  return -1;
}

// One table per math and 16-bit dtype, in static storage (zero pages until a table is built: 1 MiB of address
// space, 128 KiB of memory per table in use), built once per process.
struct Table {
  std::once_flag built;
  alignas(64) uint16_t values[kPatterns + 2];  // + the padding a 32-bit gather of the last entry reads
};
Table g_tables[kNumTabled][2];

// out[k] = table[in[k]]: the fused kernel's result for that input, read instead of computed. `out` may alias the
// input (each element is read before it is written).
template <int kIndex, bool kBF16>
void Lookup(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  HWY_DYNAMIC_DISPATCH(LookupRun)
  (g_tables[kIndex][kBF16].values, n, static_cast<const uint16_t *>(in[0]), static_cast<uint16_t *>(out));
}

template <int kIndex>
constexpr PointwiseKernel kLookups[2] = {&Lookup<kIndex, false>, &Lookup<kIndex, true>};
constexpr const PointwiseKernel *kLookupKernels[kNumTabled] = {kLookups<0>, kLookups<1>, kLookups<2>, kLookups<3>};

}  // namespace

PointwiseKernel ActivationLookup16(ActivationOp op, DType storage) {
  const int index = TableIndex(op);
  if (index < 0 || (storage != DType::kF16 && storage != DType::kBF16)) return nullptr;
  const bool bf16 = storage == DType::kBF16;
  Table &table = g_tables[index][bf16];
  std::call_once(table.built, [&] {
    const Fused16Kernels fused = ActivationFused16(op);
    const PointwiseKernel kernel = bf16 ? fused.bf16 : fused.f16;
    constexpr int64_t kChunk = 4096;
    uint16_t inputs[kChunk];
    for (int64_t first = 0; first < kPatterns; first += kChunk) {
      for (int64_t k = 0; k < kChunk; ++k) inputs[k] = static_cast<uint16_t>(first + k);
      const void *in[1] = {inputs};
      kernel(kChunk, in, table.values + first, PointwiseParams{});
    }
  });
  return kLookupKernels[index][bf16];
}

}  // namespace aclcpu
#endif  // HWY_ONCE
