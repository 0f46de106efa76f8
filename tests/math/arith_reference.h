// The tests' own model of the arithmetic family (Add, Sub, Mul, Div and their scalar and in-place forms)
// and of the value conversions under it, written from the spec (common-rules.md §3, ops-index.md §1) and
// the conversion rules documented in src/base/pointwise/element_convert.h, without calling the library:
// an element value (exact for every dtype in scope), rounding to each floating format, conversion to
// each storage dtype, the promotion tables, and one element of each operator computed the way the
// vendor's op_api file composes its kernels (cast to the promoted dtype, compute, cast to out).
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>

#include "aclnn/acl_meta.h"

namespace aclcpu_test {

// One element: integers and bool exactly in `i`, floating and complex values in `z`.
struct Num {
  bool integral = false;
  int64_t i = 0;
  std::complex<double> z;

  static Num I(int64_t v) {
    Num n;
    n.integral = true;
    n.i = v;
    return n;
  }
  static Num F(double re, double im = 0) {
    Num n;
    n.z = {re, im};
    return n;
  }
  double Real() const { return integral ? static_cast<double>(i) : z.real(); }
};

inline bool IsFloatDT(aclDataType t) { return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16 || t == ACL_DOUBLE; }
inline bool IsComplexDT(aclDataType t) { return t == ACL_COMPLEX64 || t == ACL_COMPLEX128; }
inline bool IsIntDT(aclDataType t) {  // bool excluded
  switch (t) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_INT64:
    case ACL_UINT64: return true;
    default: return false;
  }
}

// A binary floating format: significand digits (hidden bit included) and the normal exponent range.
struct FloatFormat {
  int digits, emin, emax;
};
constexpr FloatFormat kFmtF16{11, -14, 15}, kFmtBF16{8, -126, 127}, kFmtF32{24, -126, 127}, kFmtF64{53, -1022, 1023};

inline FloatFormat FormatOf(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: return kFmtF16;
    case ACL_BF16: return kFmtBF16;
    case ACL_FLOAT:
    case ACL_COMPLEX64: return kFmtF32;
    default: return kFmtF64;
  }
}

inline double MaxFinite(FloatFormat f) { return std::ldexp(2.0 - std::ldexp(1.0, 1 - f.digits), f.emax); }

// x rounded once to the format, to nearest even (subnormals and overflow to infinity included).
inline double RoundToFormat(double x, FloatFormat f) {
  if (x == 0 || !std::isfinite(x)) return x;
  const int e = std::max(std::ilogb(x), f.emin);
  const double r = std::ldexp(std::nearbyint(std::ldexp(x, f.digits - 1 - e)), e - f.digits + 1);
  if (std::fabs(r) > MaxFinite(f)) return std::copysign(HUGE_VAL, x);
  return r == 0 ? std::copysign(0.0, x) : r;
}

// An integer rounded once to the format (to nearest even), with no intermediate double rounding.
inline double RoundIntToFormat(int64_t v, FloatFormat f) {
  const bool negative = v < 0;
  uint64_t m = negative ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  int bits = 0;
  for (uint64_t t = m; t != 0; t >>= 1) ++bits;
  double r;
  if (bits <= f.digits) {
    r = static_cast<double>(m);
  } else {
    const int shift = bits - f.digits;
    uint64_t q = m >> shift;
    const uint64_t rest = m & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
    if (rest > half || (rest == half && (q & 1) != 0)) ++q;
    r = std::ldexp(static_cast<double>(q), shift);
  }
  if (r > MaxFinite(f)) r = HUGE_VAL;
  return negative ? -r : r;
}

// The documented float -> integer rule (PyTorch's x86-64 conversion): toward zero; NaN or a value out of
// the range gives the range's minimum.
inline int64_t FloatToI64Ref(double x) {
  if (!(x >= -0x1p63 && x < 0x1p63)) return INT64_MIN;
  return static_cast<int64_t>(x);
}
inline int64_t FloatToI32Ref(double x) {
  if (!(x >= -0x1p31 && x < 0x1p31)) return INT32_MIN;
  return static_cast<int64_t>(x);
}

// The low bits of v that an integer dtype keeps, as that dtype's value (UINT64 as its bits).
inline int64_t WrapTo(int64_t v, aclDataType t) {
  const auto u = static_cast<uint64_t>(v);
  switch (t) {
    case ACL_INT8: return static_cast<int8_t>(static_cast<uint8_t>(u));
    case ACL_UINT8: return static_cast<uint8_t>(u);
    case ACL_INT16: return static_cast<int16_t>(static_cast<uint16_t>(u));
    case ACL_UINT16: return static_cast<uint16_t>(u);
    case ACL_INT32: return static_cast<int32_t>(static_cast<uint32_t>(u));
    case ACL_UINT32: return static_cast<uint32_t>(u);
    default: return v;
  }
}

// A value converted to a storage dtype by the documented rules (element_convert.h): integers to floating
// types round to nearest even once; floating to floating rounds once; floating to integer as above (the
// int64 range for 64-bit and UINT32 targets, the int32 range otherwise, then the low bits); integer
// narrowing keeps the low bits; anything to BOOL is "not zero" (NaN is true); complex to real takes the
// real part; real to complex has imaginary part 0.
inline Num ConvertRef(const Num &v, aclDataType to) {
  if (to == ACL_BOOL) return Num::I(v.integral ? v.i != 0 : (v.z.real() != 0 || v.z.imag() != 0));
  if (IsIntDT(to)) {
    if (v.integral) return Num::I(WrapTo(v.i, to));
    const bool wide = to == ACL_INT64 || to == ACL_UINT64 || to == ACL_UINT32;
    return Num::I(WrapTo(wide ? FloatToI64Ref(v.z.real()) : FloatToI32Ref(v.z.real()), to));
  }
  const FloatFormat f = FormatOf(to);
  if (v.integral) return Num::F(RoundIntToFormat(v.i, f));
  if (IsComplexDT(to)) return Num::F(RoundToFormat(v.z.real(), f), RoundToFormat(v.z.imag(), f));
  return Num::F(RoundToFormat(v.z.real(), f));
}

// Bit-level equality of two values of the same dtype: NaN matches NaN, zeros must agree in sign.
inline bool SameValue(const Num &a, const Num &b) {
  if (a.integral != b.integral) return false;
  if (a.integral) return a.i == b.i;
  const auto same = [](double x, double y) {
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return x == y && std::signbit(x) == std::signbit(y);
  };
  return same(a.z.real(), b.z.real()) && same(a.z.imag(), b.z.imag());
}

inline std::string ToString(const Num &v) {
  if (v.integral) return std::to_string(v.i);
  char buf[96];
  if (v.z.imag() == 0 && !std::signbit(v.z.imag())) {
    std::snprintf(buf, sizeof buf, "%.17g", v.z.real());
  } else {
    std::snprintf(buf, sizeof buf, "(%.17g, %.17g)", v.z.real(), v.z.imag());
  }
  return buf;
}

// ---- promotion (common-rules.md §3.1, §3.3) --------------------------------------------------------

inline int IntRank(aclDataType t) {  // widening order of the signed integers
  switch (t) {
    case ACL_INT8: return 1;
    case ACL_INT16: return 2;
    case ACL_INT32: return 3;
    case ACL_INT64: return 4;
    default: return 0;
  }
}

// PromoteType for the 12 dtypes of the family (ACL_DT_UNDEFINED for any other pair of different dtypes).
inline aclDataType PromoteRef(aclDataType a, aclDataType b) {
  if (a == b) return a;
  const auto inFamily = [](aclDataType t) {
    return IsFloatDT(t) || IsComplexDT(t) || t == ACL_BOOL ||
           (IsIntDT(t) && t != ACL_UINT16 && t != ACL_UINT32 && t != ACL_UINT64);
  };
  if (!inFamily(a) || !inFamily(b)) return ACL_DT_UNDEFINED;
  if (IsComplexDT(a) || IsComplexDT(b)) {
    if (a == ACL_COMPLEX128 || b == ACL_COMPLEX128 || a == ACL_DOUBLE || b == ACL_DOUBLE) return ACL_COMPLEX128;
    return ACL_COMPLEX64;
  }
  if (IsFloatDT(a) || IsFloatDT(b)) {
    if (a == ACL_DOUBLE || b == ACL_DOUBLE) return ACL_DOUBLE;
    if (a == ACL_FLOAT || b == ACL_FLOAT) return ACL_FLOAT;
    if (IsFloatDT(a) && IsFloatDT(b)) return ACL_FLOAT;  // FLOAT16 with BF16
    return IsFloatDT(a) ? a : b;
  }
  if (a == ACL_BOOL) return b;
  if (b == ACL_BOOL) return a;
  if (a == ACL_UINT8 || b == ACL_UINT8) {
    const aclDataType s = a == ACL_UINT8 ? b : a;
    return s == ACL_INT8 ? ACL_INT16 : s;
  }
  return IntRank(a) > IntRank(b) ? a : b;
}

// CanCast: false exactly for complex -> non-complex, floating -> integer, and non-bool -> bool.
inline bool CanCastRef(aclDataType from, aclDataType to) {
  if (IsComplexDT(from) && !IsComplexDT(to)) return false;
  if (IsFloatDT(from) && IsIntDT(to)) return false;
  return !(to == ACL_BOOL && from != ACL_BOOL);
}

// The Add/Sub alpha rule: a BOOL promotion needs an integral or BOOL alpha, any other a castable one.
inline bool AlphaAllowedRef(aclDataType alpha, aclDataType promoted) {
  if (promoted == ACL_BOOL) return alpha == ACL_BOOL || IsIntDT(alpha);
  return CanCastRef(alpha, promoted);
}

// The A2 tensor-scalar promotions: Adds/Subs, Muls, Divs.
inline aclDataType PromoteAddsRef(aclDataType self, aclDataType scalar, aclDataType out) {
  if (IsComplexDT(self) || IsComplexDT(scalar)) return PromoteRef(self, scalar);
  if (IsFloatDT(self)) return self;
  if (scalar == ACL_DOUBLE && out == ACL_FLOAT) return ACL_FLOAT;
  if (IsFloatDT(scalar) || self == ACL_BOOL) return PromoteRef(self, scalar);
  return self;
}
inline aclDataType PromoteMulsRef(aclDataType self, aclDataType scalar, aclDataType out) {
  if (IsComplexDT(self) || IsComplexDT(scalar)) return PromoteRef(self, scalar);
  if (IsFloatDT(self)) return self == ACL_BF16 ? ACL_FLOAT : self;
  if ((self == ACL_BOOL && scalar == ACL_DOUBLE) || (scalar == ACL_DOUBLE && out == ACL_FLOAT)) return ACL_FLOAT;
  if (IsFloatDT(scalar) || self == ACL_BOOL) return PromoteRef(self, scalar);
  return self;
}
// Divs: the dtype the quotient is computed in. The vendor's mixed-dtype pairs go to a RealDiv whose
// result is FLOAT; a floating or complex self keeps its dtype; int32 / int32 and bool / bool use kernels
// that return FLOAT; a complex scalar promotes.
inline aclDataType PromoteDivsRef(aclDataType self, aclDataType scalar) {
  const auto pair = [&](aclDataType a, aclDataType b) { return self == a && scalar == b; };
  if (pair(ACL_FLOAT16, ACL_FLOAT) || pair(ACL_FLOAT, ACL_FLOAT16) || pair(ACL_BF16, ACL_FLOAT) ||
      pair(ACL_FLOAT, ACL_BF16) || pair(ACL_BF16, ACL_DOUBLE) || pair(ACL_FLOAT16, ACL_BF16) ||
      pair(ACL_BF16, ACL_FLOAT16))
    return ACL_FLOAT;
  aclDataType p = IsFloatDT(self) || IsComplexDT(self) ? self : ACL_FLOAT;
  if (IsComplexDT(scalar)) p = PromoteRef(p, scalar);
  return p;
}

// ---- one element of each operator --------------------------------------------------------------------

enum class ArithKind { kAdd, kSub, kMul, kDiv };

inline const char *KindName(ArithKind k) {
  switch (k) {
    case ArithKind::kAdd: return "add";
    case ArithKind::kSub: return "sub";
    case ArithKind::kMul: return "mul";
    default: return "div";
  }
}

// alpha as the kernels of promoted dtype p take it: a float for the Axpy dtypes (FLOAT, FLOAT16, and Sub's
// BF16), otherwise the scalar converted to p. `isOne` is the A2 test !(float(alpha) > 1 || < 1).
struct AlphaRef {
  Num value;
  bool isOne = true;
};
inline AlphaRef AlphaFor(ArithKind kind, aclDataType p, const Num &alpha, aclDataType alphaType) {
  AlphaRef r;
  const double asFloat = ConvertRef(ConvertRef(alpha, alphaType), ACL_FLOAT).Real();
  r.isOne = !(asFloat > 1 || asFloat < 1);
  const bool axpy = p == ACL_FLOAT || p == ACL_FLOAT16 || (kind == ArithKind::kSub && p == ACL_BF16);
  r.value = axpy ? Num::F(asFloat) : ConvertRef(ConvertRef(alpha, alphaType), p);
  return r;
}

inline double R32(double x) { return RoundToFormat(x, kFmtF32); }

// self (op) other in promoted dtype p (the operands already of dtype p), before the cast to out: a value
// of dtype p, or for integer and bool division the FLOAT quotient.
inline Num ArithInPromoted(ArithKind kind, const Num &a, const Num &b, const AlphaRef &alpha, aclDataType p) {
  if (kind == ArithKind::kDiv && !IsFloatDT(p) && !IsComplexDT(p)) {
    const double fa = RoundIntToFormat(a.i, kFmtF32), fb = RoundIntToFormat(b.i, kFmtF32);
    return Num::F(R32(fa / fb));
  }
  if (p == ACL_FLOAT || p == ACL_FLOAT16 || p == ACL_BF16) {  // computed in fp32, rounded to p
    const double x = a.z.real(), y = b.z.real(), al = alpha.value.Real();
    double r = 0;
    switch (kind) {
      case ArithKind::kAdd: r = alpha.isOne ? R32(x + y) : R32(x + R32(al * y)); break;
      case ArithKind::kSub: r = alpha.isOne ? R32(x - y) : R32(x + R32(-al * y)); break;
      case ArithKind::kMul: r = R32(x * y); break;
      case ArithKind::kDiv: r = R32(x / y); break;
    }
    return ConvertRef(Num::F(r), p);
  }
  if (p == ACL_DOUBLE) {
    const double x = a.z.real(), y = b.z.real(), al = alpha.value.Real();
    switch (kind) {
      case ArithKind::kAdd: return Num::F(alpha.isOne ? x + y : x + al * y);
      case ArithKind::kSub: return Num::F(alpha.isOne ? x - y : x + (-al) * y);
      case ArithKind::kMul: return Num::F(x * y);
      default: return Num::F(x / y);
    }
  }
  if (IsComplexDT(p)) {
    const auto compute = [&](auto zero) -> Num {
      using C = decltype(zero);
      using R = typename C::value_type;
      const C x(static_cast<R>(a.z.real()), static_cast<R>(a.z.imag()));
      const C y(static_cast<R>(b.z.real()), static_cast<R>(b.z.imag()));
      const C al(static_cast<R>(alpha.value.z.real()), static_cast<R>(alpha.value.z.imag()));
      C r;
      switch (kind) {
        case ArithKind::kAdd: r = alpha.isOne ? x + y : x + al * y; break;
        case ArithKind::kSub: r = alpha.isOne ? x - y : x + (-al) * y; break;
        case ArithKind::kMul: r = x * y; break;
        case ArithKind::kDiv: r = x / y; break;
      }
      return Num::F(r.real(), r.imag());
    };
    return p == ACL_COMPLEX64 ? compute(std::complex<float>()) : compute(std::complex<double>());
  }
  // Integers and bool: two's-complement arithmetic, the low bits of p kept (bool: not zero).
  const auto x = static_cast<uint64_t>(a.i), y = static_cast<uint64_t>(b.i);
  const auto al = static_cast<uint64_t>(alpha.value.i);
  uint64_t r = 0;
  switch (kind) {
    case ArithKind::kAdd: r = x + al * y; break;
    case ArithKind::kSub: r = x - al * y; break;
    default: r = x * y; break;
  }
  return ConvertRef(Num::I(static_cast<int64_t>(r)), p);
}

// The whole element: operands cast to p (the vendor's l0 Cast), computed, cast to out.
inline Num ArithElement(ArithKind kind, const Num &a, const Num &b, const AlphaRef &alpha, aclDataType p,
                        aclDataType out) {
  return ConvertRef(ArithInPromoted(kind, ConvertRef(a, p), ConvertRef(b, p), alpha, p), out);
}

}  // namespace aclcpu_test
