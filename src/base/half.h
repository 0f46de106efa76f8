// Scalar fp16/bf16 <-> fp32 conversions (IEEE, round to nearest even). Header-only so that every
// layer shares one definition; the vector versions in convert.cpp must agree with these bit for bit.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace aclcpu {

inline float BitsToF32(uint32_t bits) {
  float out;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

inline uint32_t F32ToBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

inline float F16ToF32(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exponent = (h >> 10) & 0x1Fu;
  uint32_t mantissa = h & 0x3FFu;
  if (exponent == 0x1F) return BitsToF32(sign | 0x7F800000u | (mantissa << 13));
  if (exponent != 0) return BitsToF32(sign | ((exponent + 112) << 23) | (mantissa << 13));
  if (mantissa == 0) return BitsToF32(sign);
  exponent = 113;  // subnormal: shift the leading one into the implicit position
  while ((mantissa & 0x400u) == 0) {
    mantissa <<= 1;
    --exponent;
  }
  return BitsToF32(sign | (exponent << 23) | ((mantissa & 0x3FFu) << 13));
}

inline uint16_t F32ToF16(float value) {
  const uint32_t bits = F32ToBits(value);
  const auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t absBits = bits & 0x7FFFFFFFu;
  if (absBits > 0x7F800000u) return static_cast<uint16_t>(sign | 0x7E00u | ((absBits >> 13) & 0x3FFu));  // NaN
  if (absBits >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // rounds to infinity
  if (absBits < 0x38800000u) {                                               // fp16 subnormal or zero
    const int shift = 126 - static_cast<int>(absBits >> 23);
    if (shift > 24) return sign;
    const uint32_t mantissa = (absBits & 0x7FFFFFu) | 0x800000u;
    uint32_t half = mantissa >> shift;
    const uint32_t rest = mantissa & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1u) != 0)) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  const uint32_t rounded = absBits + 0xFFFu + ((absBits >> 13) & 1u);
  return static_cast<uint16_t>(sign | ((rounded - 0x38000000u) >> 13));
}

inline float BF16ToF32(uint16_t b) { return BitsToF32(static_cast<uint32_t>(b) << 16); }

inline uint16_t F32ToBF16(float value) {
  const uint32_t bits = F32ToBits(value);
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((bits >> 16) | 0x40u);  // quiet NaN
  return static_cast<uint16_t>((bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16);
}

// The two 16-bit storage types as distinct element types, so that a kernel is written once for its three storage
// types (float, BF16Elem, F16Elem) and overloads pick the conversions (the vector ones: load_as_f32-inl.h,
// store_from_f32-inl.h).
struct BF16Elem {
  uint16_t bits;
};
struct F16Elem {
  uint16_t bits;
};
inline float Decode(float v) { return v; }
inline float Decode(BF16Elem v) { return BF16ToF32(v.bits); }
inline float Decode(F16Elem v) { return F16ToF32(v.bits); }
inline float Encode(float v, const float *) { return v; }
inline BF16Elem Encode(float v, const BF16Elem *) { return {F32ToBF16(v)}; }
inline F16Elem Encode(float v, const F16Elem *) { return {F32ToF16(v)}; }

// double -> fp32 rounding to odd. A double sum destined for fp16/bf16 goes through fp32 this way so
// that the later round-to-nearest-even to fp16/bf16 equals one direct rounding of the double.
inline float F64ToF32RoundToOdd(double v) {
  const float f = static_cast<float>(v);
  if (std::isnan(v) || static_cast<double>(f) == v) return f;
  uint32_t bits = F32ToBits(f);
  // Rounded away from zero: one step back toward it. The magnitude bits (below the sign) drop by one, which is
  // nextafter(f, 0) for every nonzero f (an infinity becomes the largest finite value) without the libm call that
  // cost a fifth of a BF16 convolution backward's time.
  if (std::fabs(static_cast<double>(f)) > std::fabs(v)) bits -= 1u;
  return BitsToF32(bits | 1u);
}

}  // namespace aclcpu
