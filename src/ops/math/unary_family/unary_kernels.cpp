#include <cmath>
#include <complex>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/math/unary_family/unary_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// Highway's contrib math after highway.h, once per target.
#include "base/pointwise/fused16-inl.h"
#include "base/vector_exp-inl.h"
#include "hwy/contrib/math/math-inl.h"

#include "ops/math/unary_family/unary_kernels.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// fp32 in, f(double) out rounded once to fp32: Highway's double exp and tanh are within 1 and 4 double
// ulps, far below the fp32 rounding. NaN passes through (Highway's Exp would give 0 for it).
template <class F>
void F32ViaDouble(int64_t n, const float *HWY_RESTRICT x, float *HWY_RESTRICT o, const F &fn) {
  const auto f = [&fn](auto d, auto v) HWY_ATTR { return hn::IfThenElse(hn::IsNaN(v), v, fn(d, v)); };
  const hn::ScalableTag<double> dd;
  const hn::Rebind<float, decltype(dd)> df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes)
    hn::StoreU(hn::DemoteTo(df, f(dd, hn::PromoteTo(dd, hn::LoadU(df, x + k)))), df, o + k);
  if (k < n) {  // the tail through a full vector of padding
    HWY_ALIGN double tail[HWY_MAX_BYTES / sizeof(double)] = {};
    for (int64_t i = k; i < n; ++i) tail[i - k] = x[i];
    hn::Store(f(dd, hn::Load(dd, tail)), dd, tail);
    for (int64_t i = k; i < n; ++i) o[i] = static_cast<float>(tail[i - k]);
  }
}

// fp32 arithmetic within 0.55 ulp (base/vector_exp-inl.h).
void F32Exp(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const float *HWY_RESTRICT x = static_cast<const float *>(in[0]);
  float *HWY_RESTRICT o = static_cast<float *>(out);
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) hn::StoreU(vexp::Exp(d, hn::LoadU(d, x + k)), d, o + k);
  if (k < n) {  // the tail through a full vector of padding
    HWY_ALIGN float tail[hn::MaxLanes(d)] = {};
    for (int64_t i = k; i < n; ++i) tail[i - k] = x[i];
    hn::Store(vexp::Exp(d, hn::Load(d, tail)), d, tail);
    for (int64_t i = k; i < n; ++i) o[i] = tail[i - k];
  }
}
void F32Tanh(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  F32ViaDouble(n, static_cast<const float *>(in[0]), static_cast<float *>(out),
               [](auto d, auto v) { return hn::Tanh(d, v); });
}
void F32Rsqrt(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  F32ViaDouble(n, static_cast<const float *>(in[0]), static_cast<float *>(out),
               [](auto d, auto v) { return hn::Div(hn::Set(d, 1.0), hn::Sqrt(v)); });
}
void F32Sqrt(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const float *HWY_RESTRICT x = static_cast<const float *>(in[0]);
  float *o = static_cast<float *>(out);
  for (int64_t k = 0; k < n; ++k) o[k] = std::sqrt(x[k]);  // IEEE: correctly rounded
}
// gradOutput * (1 - output^2) in double, rounded once.
void F32TanhGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const float *HWY_RESTRICT g = static_cast<const float *>(in[0]);
  const float *HWY_RESTRICT y = static_cast<const float *>(in[1]);
  float *o = static_cast<float *>(out);
  for (int64_t k = 0; k < n; ++k) {
    const double yk = y[k];
    o[k] = static_cast<float>(static_cast<double>(g[k]) * (1.0 - yk * yk));
  }
}
void F64TanhGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const double *HWY_RESTRICT g = static_cast<const double *>(in[0]);
  const double *HWY_RESTRICT y = static_cast<const double *>(in[1]);
  double *o = static_cast<double *>(out);
  for (int64_t k = 0; k < n; ++k) o[k] = g[k] * (1.0 - y[k] * y[k]);
}

template <class T>
void Neg(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const T *HWY_RESTRICT x = static_cast<const T *>(in[0]);
  T *o = static_cast<T *>(out);
  for (int64_t k = 0; k < n; ++k) o[k] = -x[k];
}
void F32Neg(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { Neg<float>(n, in, out, p); }
void F64Neg(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { Neg<double>(n, in, out, p); }
void C64Neg(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { Neg<c64>(n, in, out, p); }
void C128Neg(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { Neg<c128>(n, in, out, p); }
// Integers negate with wrap-around (-INT_MIN is INT_MIN in the promoted dtype).
void I64Neg(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const uint64_t *HWY_RESTRICT x = static_cast<const uint64_t *>(in[0]);
  uint64_t *o = static_cast<uint64_t *>(out);
  for (int64_t k = 0; k < n; ++k) o[k] = 0 - x[k];
}

// FLOAT16/BF16 runs (PointwisePlan::fused): the fp32 kernels' vector steps in registers. (Rsqrt, Tanh and
// TanhBackward evaluate in double and stay on the staged path.)
template <bool kBF16, UnaryOp kOp>
void Fused16Unary(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  Fused16Loop<kBF16, 1>(n, in, out, [](auto d, auto x) HWY_ATTR {
    if constexpr (kOp == UnaryOp::kExp) {
      return vexp::Exp(d, x);
    } else if constexpr (kOp == UnaryOp::kSqrt) {
      return hn::Sqrt(x);
    } else {
      return hn::Neg(x);
    }
  });
}
#define ACLCPU_FUSED16(name, bf16)                                                         \
  void name##Exp(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {  \
    Fused16Unary<bf16, UnaryOp::kExp>(n, in, out, p);                                      \
  }                                                                                        \
  void name##Sqrt(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    Fused16Unary<bf16, UnaryOp::kSqrt>(n, in, out, p);                                     \
  }                                                                                        \
  void name##Neg(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {  \
    Fused16Unary<bf16, UnaryOp::kNeg>(n, in, out, p);                                      \
  }
ACLCPU_FUSED16(F16Fused, false)
ACLCPU_FUSED16(BF16Fused, true)
#undef ACLCPU_FUSED16

// 1/sqrt(x) rounded once for double: formed in long double (x87's 64-bit significand; quad on AArch64),
// where the two roundings of 1/sqrt stay far below the double's.
double Rsqrt(double x) { return static_cast<double>(1.0L / std::sqrt(static_cast<long double>(x))); }
template <class T>
T Rsqrt(T x) {
  return T(1) / std::sqrt(x);
}

// Scalar library functions for double and complex.
template <class T, UnaryOp kOp>
void Library(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const T *HWY_RESTRICT x = static_cast<const T *>(in[0]);
  T *o = static_cast<T *>(out);
  for (int64_t k = 0; k < n; ++k) {
    if constexpr (kOp == UnaryOp::kExp) o[k] = std::exp(x[k]);
    if constexpr (kOp == UnaryOp::kSqrt) o[k] = std::sqrt(x[k]);
    if constexpr (kOp == UnaryOp::kRsqrt) o[k] = Rsqrt(x[k]);
    if constexpr (kOp == UnaryOp::kTanh) o[k] = std::tanh(x[k]);
  }
}
#define ACLCPU_LIBRARY(T, name)                                                             \
  void name##Exp(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {   \
    Library<T, UnaryOp::kExp>(n, in, out, p);                                               \
  }                                                                                         \
  void name##Sqrt(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {  \
    Library<T, UnaryOp::kSqrt>(n, in, out, p);                                              \
  }                                                                                         \
  void name##Rsqrt(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    Library<T, UnaryOp::kRsqrt>(n, in, out, p);                                             \
  }                                                                                         \
  void name##Tanh(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {  \
    Library<T, UnaryOp::kTanh>(n, in, out, p);                                              \
  }
ACLCPU_LIBRARY(double, F64)
ACLCPU_LIBRARY(c64, C64)
ACLCPU_LIBRARY(c128, C128)
#undef ACLCPU_LIBRARY

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

#define ACLCPU_EXPORT_ALL(name) \
  HWY_EXPORT(name##Neg);        \
  HWY_EXPORT(name##Exp);        \
  HWY_EXPORT(name##Sqrt);       \
  HWY_EXPORT(name##Rsqrt);      \
  HWY_EXPORT(name##Tanh);
ACLCPU_EXPORT_ALL(F32)
ACLCPU_EXPORT_ALL(F64)
ACLCPU_EXPORT_ALL(C64)
ACLCPU_EXPORT_ALL(C128)
#undef ACLCPU_EXPORT_ALL
HWY_EXPORT(I64Neg);
HWY_EXPORT(F16FusedExp);
HWY_EXPORT(F16FusedSqrt);
HWY_EXPORT(F16FusedNeg);
HWY_EXPORT(BF16FusedExp);
HWY_EXPORT(BF16FusedSqrt);
HWY_EXPORT(BF16FusedNeg);

Fused16Kernels UnaryFused16(UnaryOp op) {
  if (!hwy::GetChosenTarget().IsInitialized()) hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  switch (op) {
    case UnaryOp::kExp: return {&HWY_DYNAMIC_DISPATCH(F16FusedExp), &HWY_DYNAMIC_DISPATCH(BF16FusedExp)};
    case UnaryOp::kSqrt: return {&HWY_DYNAMIC_DISPATCH(F16FusedSqrt), &HWY_DYNAMIC_DISPATCH(BF16FusedSqrt)};
    case UnaryOp::kNeg: return {&HWY_DYNAMIC_DISPATCH(F16FusedNeg), &HWY_DYNAMIC_DISPATCH(BF16FusedNeg)};
    default: return {};
  }
}
HWY_EXPORT(F32TanhGrad);
HWY_EXPORT(F64TanhGrad);

PointwiseKernel UnaryKernel(UnaryOp op, ComputeType t) {
  // Resolve the target now, so that the pointer is the target's own function, not the first-call wrapper.
  if (!hwy::GetChosenTarget().IsInitialized()) hwy::GetChosenTarget().Update(hwy::SupportedTargets());
#define ACLCPU_PICK(name)                                            \
  switch (op) {                                                      \
    case UnaryOp::kNeg: return &HWY_DYNAMIC_DISPATCH(name##Neg);     \
    case UnaryOp::kExp: return &HWY_DYNAMIC_DISPATCH(name##Exp);     \
    case UnaryOp::kSqrt: return &HWY_DYNAMIC_DISPATCH(name##Sqrt);   \
    case UnaryOp::kRsqrt: return &HWY_DYNAMIC_DISPATCH(name##Rsqrt); \
    case UnaryOp::kTanh: return &HWY_DYNAMIC_DISPATCH(name##Tanh);   \
    default: return nullptr;                                         \
  }
  if (op == UnaryOp::kTanhGrad) {
    if (t == ComputeType::kF32) return &HWY_DYNAMIC_DISPATCH(F32TanhGrad);
    if (t == ComputeType::kF64) return &HWY_DYNAMIC_DISPATCH(F64TanhGrad);
    return nullptr;
  }
  switch (t) {
    case ComputeType::kF32: ACLCPU_PICK(F32)
    case ComputeType::kF64: ACLCPU_PICK(F64)
    case ComputeType::kC64: ACLCPU_PICK(C64)
    case ComputeType::kC128: ACLCPU_PICK(C128)
    case ComputeType::kI64: return op == UnaryOp::kNeg ? &HWY_DYNAMIC_DISPATCH(I64Neg) : nullptr;
  }
#undef ACLCPU_PICK
  return nullptr;
}

}  // namespace aclcpu
#endif  // HWY_ONCE
