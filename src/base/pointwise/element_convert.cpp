#include "base/pointwise/element_convert.h"

#include <cmath>
#include <cstring>
#include <type_traits>

#include "base/convert.h"
#include "base/half.h"

namespace aclcpu {
namespace {

template <DType T>
struct Storage;
#define ACLCPU_STORAGE(tag, ctype) \
  template <>                      \
  struct Storage<DType::tag> {     \
    using type = ctype;            \
  };
ACLCPU_STORAGE(kF32, float)
ACLCPU_STORAGE(kF16, uint16_t)
ACLCPU_STORAGE(kBF16, uint16_t)
ACLCPU_STORAGE(kF64, double)
ACLCPU_STORAGE(kC64, c64)
ACLCPU_STORAGE(kC128, c128)
ACLCPU_STORAGE(kBool, uint8_t)
ACLCPU_STORAGE(kI8, int8_t)
ACLCPU_STORAGE(kU8, uint8_t)
ACLCPU_STORAGE(kI16, int16_t)
ACLCPU_STORAGE(kI32, int32_t)
ACLCPU_STORAGE(kI64, int64_t)
ACLCPU_STORAGE(kU16, uint16_t)
ACLCPU_STORAGE(kU32, uint32_t)
ACLCPU_STORAGE(kU64, uint64_t)
#undef ACLCPU_STORAGE

template <class C>
constexpr bool kIsComplex = std::is_same_v<C, c64> || std::is_same_v<C, c128>;

// PyTorch's x86-64 float -> integer conversion (cvttsd2si): toward zero; NaN and out-of-range values
// give the "integer indefinite" INT_MIN of the conversion's width.
int64_t FloatToI64(double x) {
  if (!(x >= -0x1p63 && x < 0x1p63)) return INT64_MIN;
  return static_cast<int64_t>(x);
}
int32_t FloatToI32(double x) {
  if (!(x >= -0x1p31 && x < 0x1p31)) return INT32_MIN;
  return static_cast<int32_t>(x);
}

// An int64 as fp32 rounded to odd (the lost bits only set the last kept bit), so that rounding it again
// to a 16-bit float is the one correct rounding of the integer; through double it would round twice
// above 2^53.
float I64ToF32RoundToOdd(int64_t v) {
  const uint64_t magnitude = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  if (magnitude < (uint64_t{1} << 24)) return static_cast<float>(v);
  const int shift = 64 - __builtin_clzll(magnitude) - 24;
  uint64_t kept = magnitude >> shift;
  if ((magnitude & ((uint64_t{1} << shift) - 1)) != 0) kept |= 1;
  const float f = std::ldexp(static_cast<float>(kept), shift);  // 24 bits: exact
  return v < 0 ? -f : f;
}

// Between compute types.
template <class To, class From>
To ComputeCast(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (kIsComplex<From> && kIsComplex<To>) {
    return To(static_cast<typename To::value_type>(v.real()), static_cast<typename To::value_type>(v.imag()));
  } else if constexpr (kIsComplex<From>) {
    return ComputeCast<To>(v.real());
  } else if constexpr (kIsComplex<To>) {
    return To(ComputeCast<typename To::value_type>(v), 0);
  } else if constexpr (std::is_same_v<To, int64_t> && std::is_integral_v<From>) {
    return static_cast<int64_t>(v);  // UINT64 keeps its bits
  } else if constexpr (std::is_same_v<To, int64_t>) {
    return FloatToI64(static_cast<double>(v));
  } else {
    return static_cast<To>(v);
  }
}

// A storage element as its natural value (16-bit floats widen exactly; bool is 0 or 1; integers as
// int64, UINT64 as itself).
template <DType T>
auto Canonical(typename Storage<T>::type s) {
  if constexpr (T == DType::kF16) {
    return F16ToF32(s);
  } else if constexpr (T == DType::kBF16) {
    return BF16ToF32(s);
  } else if constexpr (T == DType::kBool) {
    return static_cast<int64_t>(s != 0);
  } else if constexpr (T == DType::kU64) {
    return s;  // unsigned, so that floating conversions see values from 2^63 up as they are
  } else if constexpr (std::is_integral_v<typename Storage<T>::type>) {
    return static_cast<int64_t>(s);
  } else {
    return s;
  }
}

// A compute value stored as dtype T (the rules in element_convert.h).
template <DType T, class C>
typename Storage<T>::type Narrow(C v) {
  using S = typename Storage<T>::type;
  if constexpr (T == DType::kBool) {
    if constexpr (kIsComplex<C>) {
      return static_cast<S>(v.real() != 0 || v.imag() != 0);
    } else {
      return static_cast<S>(v != 0);
    }
  } else if constexpr (kIsComplex<C> && !kIsComplex<S>) {
    return Narrow<T>(v.real());
  } else if constexpr (T == DType::kF16 || T == DType::kBF16) {
    float f;
    if constexpr (std::is_same_v<C, float>) {
      f = v;
    } else if constexpr (std::is_same_v<C, int64_t>) {
      f = I64ToF32RoundToOdd(v);  // one rounding of the integer to 16 bits
    } else {
      f = F64ToF32RoundToOdd(static_cast<double>(v));  // one rounding of the double to 16 bits
    }
    return T == DType::kF16 ? F32ToF16(f) : F32ToBF16(f);
  } else if constexpr (std::is_integral_v<S>) {
    if constexpr (std::is_same_v<C, int64_t>) {
      return static_cast<S>(static_cast<uint64_t>(v));  // the low bits
    } else if constexpr (sizeof(S) == 8 || std::is_same_v<S, uint32_t>) {
      return static_cast<S>(static_cast<uint64_t>(FloatToI64(static_cast<double>(v))));
    } else {
      return static_cast<S>(static_cast<uint32_t>(FloatToI32(static_cast<double>(v))));
    }
  } else {
    return ComputeCast<S>(v);
  }
}

template <DType T, class C>
void LoadLoop(const void *src, int64_t stride, void *dst, int64_t n) {
  const auto *s = static_cast<const typename Storage<T>::type *>(src);
  auto *d = static_cast<C *>(dst);
  for (int64_t i = 0; i < n; ++i) d[i] = ComputeCast<C>(Canonical<T>(s[i * stride]));
}

template <DType T, class C>
void StoreLoop(const void *src, void *dst, int64_t stride, int64_t n) {
  const auto *s = static_cast<const C *>(src);
  auto *d = static_cast<typename Storage<T>::type *>(dst);
  for (int64_t i = 0; i < n; ++i) d[i * stride] = Narrow<T>(s[i]);
}

inline int64_t Magnitude(int64_t v) { return v < 0 ? -v : v; }

template <DType T, class C>
void LoadTileLoop(const void *src, int64_t rowStride, int64_t colStride, void *dst, int64_t h, int64_t w) {
  const auto *s = static_cast<const typename Storage<T>::type *>(src);
  auto *d = static_cast<C *>(dst);
  if (Magnitude(colStride) <= Magnitude(rowStride)) {
    for (int64_t i = 0; i < h; ++i)
      for (int64_t j = 0; j < w; ++j) d[i * w + j] = ComputeCast<C>(Canonical<T>(s[i * rowStride + j * colStride]));
  } else {
    for (int64_t j = 0; j < w; ++j)
      for (int64_t i = 0; i < h; ++i) d[i * w + j] = ComputeCast<C>(Canonical<T>(s[i * rowStride + j * colStride]));
  }
}

template <DType T, class C>
void StoreTileLoop(const void *src, void *dst, int64_t rowStride, int64_t colStride, int64_t h, int64_t w) {
  const auto *s = static_cast<const C *>(src);
  auto *d = static_cast<typename Storage<T>::type *>(dst);
  if (Magnitude(colStride) <= Magnitude(rowStride)) {
    for (int64_t i = 0; i < h; ++i)
      for (int64_t j = 0; j < w; ++j) d[i * rowStride + j * colStride] = Narrow<T>(s[i * w + j]);
  } else {
    for (int64_t j = 0; j < w; ++j)
      for (int64_t i = 0; i < h; ++i) d[i * rowStride + j * colStride] = Narrow<T>(s[i * w + j]);
  }
}

template <class From, class To>
void ConvertLoop(const void *src, void *dst, int64_t n) {
  const auto *s = static_cast<const From *>(src);
  auto *d = static_cast<To *>(dst);
  for (int64_t i = 0; i < n; ++i) d[i] = ComputeCast<To>(s[i]);
}

// Calls f.template operator()<C>() with the C++ type of a compute type.
template <class F>
void WithComputeType(ComputeType t, F &&f) {
  switch (t) {
    case ComputeType::kF32: f(float{}); break;
    case ComputeType::kF64: f(double{}); break;
    case ComputeType::kI64: f(int64_t{}); break;
    case ComputeType::kC64: f(c64{}); break;
    case ComputeType::kC128: f(c128{}); break;
  }
}

// Calls f(std::integral_constant<DType, T>) for a storage dtype (nothing for kOther).
template <class F>
void WithDType(DType t, F &&f) {
  switch (t) {
#define ACLCPU_CASE(tag) \
  case DType::tag: f(std::integral_constant<DType, DType::tag>{}); break;
    ACLCPU_CASE(kF32)
    ACLCPU_CASE(kF16)
    ACLCPU_CASE(kBF16)
    ACLCPU_CASE(kF64)
    ACLCPU_CASE(kC64)
    ACLCPU_CASE(kC128)
    ACLCPU_CASE(kBool)
    ACLCPU_CASE(kI8)
    ACLCPU_CASE(kU8)
    ACLCPU_CASE(kI16)
    ACLCPU_CASE(kI32)
    ACLCPU_CASE(kI64)
    ACLCPU_CASE(kU16)
    ACLCPU_CASE(kU32)
    ACLCPU_CASE(kU64)
#undef ACLCPU_CASE
    default: break;
  }
}

}  // namespace

ComputeType ComputeTypeOf(DType t) {
  switch (t) {
    case DType::kF32:
    case DType::kF16:
    case DType::kBF16: return ComputeType::kF32;
    case DType::kF64: return ComputeType::kF64;
    case DType::kC64: return ComputeType::kC64;
    case DType::kC128: return ComputeType::kC128;
    default: return ComputeType::kI64;
  }
}

ComputeType ConversionComputeType(DType from, DType to) {
  if (from != DType::kU64) return ComputeTypeOf(from);
  switch (to) {
    case DType::kF32:
    case DType::kF16:
    case DType::kBF16:
    case DType::kF64: return ComputeType::kF64;
    case DType::kC64:
    case DType::kC128: return ComputeType::kC128;
    default: return ComputeType::kI64;
  }
}

void LoadRun(DType type, const void *src, int64_t stride, ComputeType to, void *dst, int64_t n) {
  if (n <= 0) return;
  if (stride == 1 && to == ComputeType::kF32 && (type == DType::kF16 || type == DType::kBF16 || type == DType::kF32)) {
    LoadAsF32(type, src, static_cast<float *>(dst), n);  // SIMD
    return;
  }
  WithDType(type, [&](auto tag) {
    WithComputeType(to, [&](auto c) { LoadLoop<decltype(tag)::value, decltype(c)>(src, stride, dst, n); });
  });
}

void StoreRun(ComputeType from, const void *src, DType type, void *dst, int64_t stride, int64_t n) {
  if (n <= 0) return;
  if (stride == 1 && from == ComputeType::kF32 &&
      (type == DType::kF16 || type == DType::kBF16 || type == DType::kF32)) {
    StoreFromF32(type, static_cast<const float *>(src), dst, n);  // SIMD, round to nearest even
    return;
  }
  WithDType(type, [&](auto tag) {
    WithComputeType(from, [&](auto c) { StoreLoop<decltype(tag)::value, decltype(c)>(src, dst, stride, n); });
  });
}

void LoadTile(DType type, const void *src, int64_t rowStride, int64_t colStride, ComputeType to, void *dst, int64_t h,
              int64_t w) {
  if (h <= 0 || w <= 0) return;
  WithDType(type, [&](auto tag) {
    WithComputeType(
        to, [&](auto c) { LoadTileLoop<decltype(tag)::value, decltype(c)>(src, rowStride, colStride, dst, h, w); });
  });
}

void StoreTile(ComputeType from, const void *src, DType type, void *dst, int64_t rowStride, int64_t colStride,
               int64_t h, int64_t w) {
  if (h <= 0 || w <= 0) return;
  WithDType(type, [&](auto tag) {
    WithComputeType(
        from, [&](auto c) { StoreTileLoop<decltype(tag)::value, decltype(c)>(src, dst, rowStride, colStride, h, w); });
  });
}

void ConvertComputeRun(ComputeType from, const void *src, ComputeType to, void *dst, int64_t n) {
  if (n <= 0) return;
  if (from == to) {
    std::memmove(dst, src, static_cast<size_t>(n) * ComputeSize(from));
    return;
  }
  WithComputeType(
      from, [&](auto f) { WithComputeType(to, [&](auto t) { ConvertLoop<decltype(f), decltype(t)>(src, dst, n); }); });
}

}  // namespace aclcpu
