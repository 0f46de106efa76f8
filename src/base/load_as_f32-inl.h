// Per-target vector loads of FLOAT16 and BF16 elements as fp32, for kernels that convert in
// registers instead of staging a converted copy. Highway's -inl convention: include after
// hwy/highway.h in a file compiled once per target (foreach_target.h); the guard toggles per target.
#if defined(ACLCPU_BASE_LOAD_AS_F32_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLCPU_BASE_LOAD_AS_F32_INL_H_
#undef ACLCPU_BASE_LOAD_AS_F32_INL_H_
#else
#define ACLCPU_BASE_LOAD_AS_F32_INL_H_
#endif

#include <cstdint>

#include "base/half.h"
#include "hwy/highway.h"

// Highway 1.0.3 emulates fp16 conversions on targets without F16C, and the emulation is wrong at
// the edges (infinity promotes to 65536, demotion truncates), so only F16C/AVX-512 targets take the
// vector path; the others use the exact scalar routines. Evaluated per target where it is used.
#define ACLCPU_HARDWARE_F16 (HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2)

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {

// One vector of BF16 elements as fp32: bf16 is the top half of an fp32, so widening and shifting
// is exact.
template <class D>
HWY_INLINE hwy::HWY_NAMESPACE::Vec<D> LoadBF16AsF32(D d, const uint16_t *HWY_RESTRICT src) {
  namespace hn = hwy::HWY_NAMESPACE;
  const hn::RebindToUnsigned<D> du32;
  const hn::Rebind<uint16_t, D> du16;
  return hn::BitCast(d, hn::ShiftLeft<16>(hn::PromoteTo(du32, hn::LoadU(du16, src))));
}

// One vector of FLOAT16 elements as fp32, exact on every target (see ACLCPU_HARDWARE_F16).
template <class D>
HWY_INLINE hwy::HWY_NAMESPACE::Vec<D> LoadF16AsF32(D d, const uint16_t *HWY_RESTRICT src) {
  namespace hn = hwy::HWY_NAMESPACE;
#if ACLCPU_HARDWARE_F16
  return hn::PromoteTo(d, hn::LoadU(hn::Rebind<hwy::float16_t, D>(), reinterpret_cast<const hwy::float16_t *>(src)));
#else
  HWY_ALIGN float lanes[HWY_MAX_BYTES / sizeof(float)];
  for (size_t i = 0; i < hn::Lanes(d); ++i) lanes[i] = F16ToF32(src[i]);
  return hn::Load(d, lanes);
#endif
}

// A vector of elements of any storage type as fp32 lanes, by the element type (base/half.h).
template <class D>
HWY_INLINE hwy::HWY_NAMESPACE::Vec<D> LoadAsF32(D d, const float *HWY_RESTRICT src) {
  return hwy::HWY_NAMESPACE::LoadU(d, src);
}
template <class D>
HWY_INLINE hwy::HWY_NAMESPACE::Vec<D> LoadAsF32(D d, const BF16Elem *HWY_RESTRICT src) {
  return LoadBF16AsF32(d, &src->bits);
}
template <class D>
HWY_INLINE hwy::HWY_NAMESPACE::Vec<D> LoadAsF32(D d, const F16Elem *HWY_RESTRICT src) {
  return LoadF16AsF32(d, &src->bits);
}

// Elements 0 .. 2·Lanes(dd) − 1 of src widened exactly to two double vectors, from one fp32 vector where the target
// has half vectors (one widening load instead of two).
template <class DD, class S>
HWY_INLINE void LoadAsF64Pair(DD dd, const S *HWY_RESTRICT src, hwy::HWY_NAMESPACE::Vec<DD> *lo,
                              hwy::HWY_NAMESPACE::Vec<DD> *hi) {
  namespace hn = hwy::HWY_NAMESPACE;
  const hn::Rebind<float, DD> dh;
#if HWY_TARGET == HWY_SCALAR
  *lo = hn::PromoteTo(dd, LoadAsF32(dh, src));
  *hi = hn::PromoteTo(dd, LoadAsF32(dh, src + 1));
#else
  const auto v = LoadAsF32(hn::Repartition<float, DD>(), src);
  *lo = hn::PromoteTo(dd, hn::LowerHalf(dh, v));
  *hi = hn::PromoteTo(dd, hn::UpperHalf(dh, v));
#endif
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
