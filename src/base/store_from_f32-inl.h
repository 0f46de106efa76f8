// Per-target vector stores of fp32 lanes as FLOAT16 or BF16 elements, rounded to nearest even, for
// kernels that convert in registers instead of staging an fp32 copy. The counterpart of
// load_as_f32-inl.h, with the same include convention and the same ACLCPU_HARDWARE_F16 rule.
#if defined(ACLCPU_BASE_STORE_FROM_F32_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLCPU_BASE_STORE_FROM_F32_INL_H_
#undef ACLCPU_BASE_STORE_FROM_F32_INL_H_
#else
#define ACLCPU_BASE_STORE_FROM_F32_INL_H_
#endif

#include <cstdint>

#include "base/cpu_features.h"
#include "base/half.h"
#include "base/load_as_f32-inl.h"  // ACLCPU_HARDWARE_F16
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {

// One vector of fp32 lanes as BF16 bits: the scalar F32ToBF16's
// bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16, with a NaN kept quiet.
//
// Highway 1.0.3 has no bf16 rounding instruction, so this is ~9 integer vector operations. A whole 512-bit vector on
// a CPU with AVX512_BF16 takes VCVTNEPS2BF16 instead: the same formula and the same quiet NaN, except that the
// instruction reads fp32 subnormals as zero, so a vector holding one (fpclass, one operation) takes the integer path.
// Checked on all 2^32 fp32 inputs against the integer path (identical bits); tests/base_test.cpp compares random
// and edge values with the scalar rounding on every target. (Inline assembly: the AVX-512 targets' attributes do
// not include avx512bf16, and the intrinsic needs them.)
template <class D>
HWY_INLINE hwy::HWY_NAMESPACE::Vec<hwy::HWY_NAMESPACE::Rebind<uint16_t, D>> F32ToBF16Bits(
    D /*d*/, hwy::HWY_NAMESPACE::Vec<D> v) {
  namespace hn = hwy::HWY_NAMESPACE;
#if HWY_ARCH_X86 && (HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL)
  if constexpr (hn::MaxLanes(D()) == 16) {
    if (kCpuHasAvx512Bf16 && _mm512_fpclass_ps_mask(v.raw, 0x20 /* subnormal */) == 0) {
      __m256i bits16;
      asm("vcvtneps2bf16 %1, %0" : "=v"(bits16) : "v"(v.raw));
      return hn::Vec<hn::Rebind<uint16_t, D>>{bits16};
    }
  }
#endif
  const hn::RebindToUnsigned<D> du32;
  const hn::RebindToSigned<D> di32;
  const hn::Rebind<uint16_t, D> du16;
  const auto bits = hn::BitCast(du32, v);
  const auto rounded = hn::ShiftRight<16>(
      hn::Add(hn::Add(bits, hn::Set(du32, 0x7FFFu)), hn::And(hn::ShiftRight<16>(bits), hn::Set(du32, 1u))));
  const auto nan = hn::Or(hn::ShiftRight<16>(bits), hn::Set(du32, 0x40u));
  const auto out = hn::IfThenElse(hn::RebindMask(du32, hn::IsNaN(v)), nan, rounded);
  return hn::DemoteTo(du16, hn::BitCast(di32, out));
}

template <class D>
HWY_INLINE void StoreF32AsBF16(D d, hwy::HWY_NAMESPACE::Vec<D> v, uint16_t *HWY_RESTRICT dst) {
  const hwy::HWY_NAMESPACE::Rebind<uint16_t, D> du16;
  hwy::HWY_NAMESPACE::StoreU(F32ToBF16Bits(d, v), du16, dst);
}

// One vector of fp32 lanes as FLOAT16 elements, exact on every target (see ACLCPU_HARDWARE_F16).
template <class D>
HWY_INLINE void StoreF32AsF16([[maybe_unused]] D d, hwy::HWY_NAMESPACE::Vec<D> v, uint16_t *HWY_RESTRICT dst) {
  namespace hn = hwy::HWY_NAMESPACE;
#if ACLCPU_HARDWARE_F16
  const hn::Rebind<hwy::float16_t, D> dh;
  hn::StoreU(hn::DemoteTo(dh, v), dh, reinterpret_cast<hwy::float16_t *>(dst));
#else
  HWY_ALIGN float lanes[HWY_MAX_BYTES / sizeof(float)];
  hn::Store(v, d, lanes);
  for (size_t i = 0; i < hn::Lanes(d); ++i) dst[i] = F32ToF16(lanes[i]);
#endif
}

// A vector of fp32 lanes stored as elements of any storage type, by the element type (base/half.h).
template <class D>
HWY_INLINE void StoreFromF32(D d, hwy::HWY_NAMESPACE::Vec<D> v, float *HWY_RESTRICT dst) {
  hwy::HWY_NAMESPACE::StoreU(v, d, dst);
}
template <class D>
HWY_INLINE void StoreFromF32(D d, hwy::HWY_NAMESPACE::Vec<D> v, BF16Elem *HWY_RESTRICT dst) {
  StoreF32AsBF16(d, v, &dst->bits);
}
template <class D>
HWY_INLINE void StoreFromF32(D d, hwy::HWY_NAMESPACE::Vec<D> v, F16Elem *HWY_RESTRICT dst) {
  StoreF32AsF16(d, v, &dst->bits);
}

// StoreF32AsBF16 / StoreF32AsF16 with a non-temporal store: dst must be aligned to the 16-bit
// vector's size. (Without hardware fp16 conversion the FLOAT16 store stays a regular one.)
template <bool kBF16, class D>
HWY_INLINE void StreamF32As16(D d, hwy::HWY_NAMESPACE::Vec<D> v, uint16_t *HWY_RESTRICT dst) {
  namespace hn = hwy::HWY_NAMESPACE;
  const hn::Rebind<uint16_t, D> du16;
  if constexpr (kBF16) {
    hn::Stream(F32ToBF16Bits(d, v), du16, dst);
  } else {
#if ACLCPU_HARDWARE_F16
    const hn::Rebind<hwy::float16_t, D> dh;
    hn::Stream(hn::BitCast(du16, hn::DemoteTo(dh, v)), du16, dst);
#else
    StoreF32AsF16(d, v, dst);
#endif
  }
}

// StoreFromF32 with a non-temporal store, by the element type: dst aligned to the stored vector's size.
template <class D>
HWY_INLINE void StreamFromF32(D d, hwy::HWY_NAMESPACE::Vec<D> v, float *HWY_RESTRICT dst) {
  hwy::HWY_NAMESPACE::Stream(v, d, dst);
}
template <class D>
HWY_INLINE void StreamFromF32(D d, hwy::HWY_NAMESPACE::Vec<D> v, BF16Elem *HWY_RESTRICT dst) {
  StreamF32As16<true>(d, v, &dst->bits);
}
template <class D>
HWY_INLINE void StreamFromF32(D d, hwy::HWY_NAMESPACE::Vec<D> v, F16Elem *HWY_RESTRICT dst) {
  StreamF32As16<false>(d, v, &dst->bits);
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
