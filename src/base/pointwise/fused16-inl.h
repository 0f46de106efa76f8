// The loop of a fused 16-bit kernel (PointwisePlan::fused): n FLOAT16 or BF16 elements per operand, each
// vector widened to fp32 in registers, computed, rounded once to nearest even and stored, so that a 16-bit
// operator reads and writes each element once with no staging copies (bf16 Add of 4096x4096 on 2 threads:
// 2.8 ms staged, where the conversions made each thread compute-bound). Per target, by Highway's -inl.h
// convention. Kernel-facing.
#if defined(ACLCPU_BASE_POINTWISE_FUSED16_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLCPU_BASE_POINTWISE_FUSED16_INL_H_
#undef ACLCPU_BASE_POINTWISE_FUSED16_INL_H_
#else
#define ACLCPU_BASE_POINTWISE_FUSED16_INL_H_
#endif

#include <cstdint>
#include <cstring>

#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {

template <bool kBF16, class D>
HWY_INLINE hwy::HWY_NAMESPACE::Vec<D> Load16AsF32(D d, const uint16_t *HWY_RESTRICT src) {
  if constexpr (kBF16) {
    return LoadBF16AsF32(d, src);
  } else {
    return LoadF16AsF32(d, src);
  }
}

template <bool kBF16, class D>
HWY_INLINE void StoreF32As16(D d, hwy::HWY_NAMESPACE::Vec<D> v, uint16_t *HWY_RESTRICT dst) {
  if constexpr (kBF16) {
    StoreF32AsBF16(d, v, dst);
  } else {
    StoreF32AsF16(d, v, dst);
  }
}

// out[k] = op(d, in[0][k], ..., in[kInputs - 1][k]) for k < n, with `op` a function of fp32 vectors. `out`
// may alias an input (each vector is loaded before it is stored). The tail goes through padded vectors.
template <bool kBF16, int kInputs, class Op>
HWY_INLINE void Fused16Loop(int64_t n, const void *const *in, void *out, const Op &op) {
  namespace hn = hwy::HWY_NAMESPACE;
  static_assert(kInputs >= 1 && kInputs <= 3, "one to three inputs");
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const uint16_t *x[3] = {};
  for (int i = 0; i < kInputs; ++i) x[i] = static_cast<const uint16_t *>(in[i]);
  auto *o = static_cast<uint16_t *>(out);
  const auto apply = [&](const uint16_t *const *src, int64_t k) HWY_ATTR {
    if constexpr (kInputs == 1) {
      return op(d, Load16AsF32<kBF16>(d, src[0] + k));
    } else if constexpr (kInputs == 2) {
      return op(d, Load16AsF32<kBF16>(d, src[0] + k), Load16AsF32<kBF16>(d, src[1] + k));
    } else {
      return op(d, Load16AsF32<kBF16>(d, src[0] + k), Load16AsF32<kBF16>(d, src[1] + k),
                Load16AsF32<kBF16>(d, src[2] + k));
    }
  };
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) StoreF32As16<kBF16>(d, apply(x, k), o + k);
  if (k < n) {
    const size_t rest = static_cast<size_t>(n - k) * sizeof(uint16_t);
    HWY_ALIGN uint16_t pad[3][hn::MaxLanes(d)] = {};
    HWY_ALIGN uint16_t result[hn::MaxLanes(d)];
    const uint16_t *padded[3] = {pad[0], pad[1], pad[2]};
    for (int i = 0; i < kInputs; ++i) std::memcpy(pad[i], x[i] + k, rest);
    StoreF32As16<kBF16>(d, apply(padded, 0), result);
    std::memcpy(o + k, result, rest);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
