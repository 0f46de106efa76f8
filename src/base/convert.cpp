// Vector dtype conversions, compiled once per SIMD target and dispatched at run time (Highway).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "base/convert.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/convert.h"
#include "base/half.h"
#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// ACLCPU_HARDWARE_F16 (load_as_f32-inl.h): only F16C/AVX-512 targets convert fp16 in vectors.

void LoadF16Row(const uint16_t *src, float *dst, int64_t n) {
  int64_t i = 0;
#if ACLCPU_HARDWARE_F16
  const hn::ScalableTag<float> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  for (; i + lanes <= n; i += lanes) hn::StoreU(LoadF16AsF32(df, src + i), df, dst + i);
#endif
  for (; i < n; ++i) dst[i] = F16ToF32(src[i]);
}

void LoadBF16Row(const uint16_t *src, float *dst, int64_t n) {
  const hn::ScalableTag<float> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) hn::StoreU(LoadBF16AsF32(df, src + i), df, dst + i);
  for (; i < n; ++i) dst[i] = BF16ToF32(src[i]);
}

void StoreBF16Row(const float *src, uint16_t *dst, int64_t n) {
  const hn::ScalableTag<float> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) StoreF32AsBF16(df, hn::LoadU(df, src + i), dst + i);
  for (; i < n; ++i) dst[i] = F32ToBF16(src[i]);
}

void StoreF16Row(const float *src, uint16_t *dst, int64_t n) {
  int64_t i = 0;
#if ACLCPU_HARDWARE_F16
  const hn::ScalableTag<float> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  for (; i + lanes <= n; i += lanes) StoreF32AsF16(df, hn::LoadU(df, src + i), dst + i);
#endif
  for (; i < n; ++i) dst[i] = F32ToF16(src[i]);
}

int64_t CurrentTarget() { return static_cast<int64_t>(HWY_TARGET); }

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>
#include <cstring>

namespace aclcpu {

HWY_EXPORT(LoadF16Row);
HWY_EXPORT(LoadBF16Row);
HWY_EXPORT(StoreF16Row);
HWY_EXPORT(StoreBF16Row);
HWY_EXPORT(CurrentTarget);

void LoadAsF32(DType type, const void *src, float *dst, int64_t n) {
  switch (type) {
    case DType::kF16: HWY_DYNAMIC_DISPATCH(LoadF16Row)(static_cast<const uint16_t *>(src), dst, n); break;
    case DType::kBF16: HWY_DYNAMIC_DISPATCH(LoadBF16Row)(static_cast<const uint16_t *>(src), dst, n); break;
    default: std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float)); break;
  }
}

void StoreFromF32(DType type, const float *src, void *dst, int64_t n) {
  switch (type) {
    case DType::kF16: HWY_DYNAMIC_DISPATCH(StoreF16Row)(src, static_cast<uint16_t *>(dst), n); break;
    case DType::kBF16: HWY_DYNAMIC_DISPATCH(StoreBF16Row)(src, static_cast<uint16_t *>(dst), n); break;
    default: std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float)); break;
  }
}

namespace {

float ReadAsF32(DType type, const void *base, int64_t offset) {
  switch (type) {
    case DType::kF16: return F16ToF32(static_cast<const uint16_t *>(base)[offset]);
    case DType::kBF16: return BF16ToF32(static_cast<const uint16_t *>(base)[offset]);
    case DType::kF64: return static_cast<float>(static_cast<const double *>(base)[offset]);
    default: return static_cast<const float *>(base)[offset];
  }
}

void WriteFromF32(DType type, void *base, int64_t offset, float value) {
  switch (type) {
    case DType::kF16: static_cast<uint16_t *>(base)[offset] = F32ToF16(value); break;
    case DType::kBF16: static_cast<uint16_t *>(base)[offset] = F32ToBF16(value); break;
    case DType::kF64: static_cast<double *>(base)[offset] = value; break;
    default: static_cast<float *>(base)[offset] = value; break;
  }
}

}  // namespace

void GatherAsF32(const TensorView &view, const void *base, int64_t first, int64_t n, float *dst) {
  if (n <= 0) return;
  StridedCursor cursor(view, first);
  for (int64_t i = 0; i < n; ++i, cursor.Next()) dst[i] = ReadAsF32(view.dtype, base, cursor.offset());
}

void ScatterFromF32(const TensorView &view, void *base, int64_t first, int64_t n, const float *src) {
  if (n <= 0) return;
  StridedCursor cursor(view, first);
  for (int64_t i = 0; i < n; ++i, cursor.Next()) WriteFromF32(view.dtype, base, cursor.offset(), src[i]);
}

void ReadFlatAsF32(const TensorView &view, const void *base, int64_t first, int64_t n, float *dst) {
  if (view.IsContiguous()) {
    LoadAsF32(view.dtype, ContiguousElement(view, base, first), dst, n);
  } else {
    GatherAsF32(view, base, first, n, dst);
  }
}

void WriteFlatFromF32(const TensorView &view, void *base, int64_t first, int64_t n, const float *src) {
  if (view.IsContiguous()) {
    StoreFromF32(view.dtype, src, ContiguousElement(view, base, first), n);
  } else {
    ScatterFromF32(view, base, first, n, src);
  }
}

void GatherElements(const TensorView &view, const void *base, int64_t first, int64_t n, void *dst) {
  if (n <= 0) return;
  const size_t size = DTypeSize(view.dtype);
  const auto *from = static_cast<const char *>(base);
  auto *to = static_cast<char *>(dst);
  StridedCursor cursor(view, first);
  for (int64_t i = 0; i < n; ++i, cursor.Next()) {
    std::memcpy(to + static_cast<size_t>(i) * size, from + cursor.offset() * static_cast<int64_t>(size), size);
  }
}

void ScatterElements(const TensorView &view, void *base, int64_t first, int64_t n, const void *src) {
  if (n <= 0) return;
  const size_t size = DTypeSize(view.dtype);
  auto *to = static_cast<char *>(base);
  const auto *from = static_cast<const char *>(src);
  StridedCursor cursor(view, first);
  for (int64_t i = 0; i < n; ++i, cursor.Next()) {
    std::memcpy(to + cursor.offset() * static_cast<int64_t>(size), from + static_cast<size_t>(i) * size, size);
  }
}

const char *ActiveSimdTarget() { return hwy::TargetName(HWY_DYNAMIC_DISPATCH(CurrentTarget)()); }

void ZeroFlat(const TensorView &view, void *base, int64_t n) {
  constexpr int64_t kSpan = 256;
  const float zeros[kSpan] = {};
  for (int64_t k = 0; k < n; k += kSpan) WriteFlatFromF32(view, base, k, std::min(kSpan, n - k), zeros);
}

}  // namespace aclcpu
#endif  // HWY_ONCE
