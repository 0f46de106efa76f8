#include <cmath>
#include <complex>
#include <cstring>
#include <type_traits>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/activation/activation_family/activation_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// The shared vector math after highway.h, once per target.
#include "base/load_as_f32-inl.h"
#include "base/store_from_f32-inl.h"
#include "base/vector_exp-inl.h"
#include "hwy/contrib/math/math-inl.h"

#include "ops/activation/activation_family/activation_kernels.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// ---- the math, on vectors -----------------------------------------------------------------------

constexpr double kTwoSqrt2OverPi = 1.5957691216057308;  // 2 sqrt(2/pi): tanh(u) = 2 sigmoid(2u) - 1
constexpr double kGeluCubic = 0.044715;
constexpr double kInvSqrt2 = 0.70710678118654752;
constexpr double kInvSqrt2Pi = 0.39894228040143268;  // 1 / sqrt(2 pi)

// sigmoid(z) and 1 - sigmoid(z) without cancellation: from e = e^-|z| (never overflows), one is 1/(1+e),
// the other e/(1+e), by the sign of z.
template <class D, class V>
HWY_INLINE void SigmoidPair(D d, V z, V e, V *s, V *complement) {
  const V r = hn::Div(hn::Set(d, 1.0), hn::Add(hn::Set(d, 1.0), e));
  const V er = hn::Mul(e, r);
  const auto nonNegative = hn::Ge(z, hn::Zero(d));
  *s = hn::IfThenElse(nonNegative, r, er);
  *complement = hn::IfThenElse(nonNegative, er, r);
}

// At x = +-inf the products x * (something that underflowed to 0) are NaN; the limits are these.
template <class D, class V>
HWY_INLINE V AtInfinity(D d, V x, V value, V atPlusInf, V atMinusInf) {
  return hn::IfThenElse(hn::IsInf(x), hn::IfThenElse(hn::Gt(x, hn::Zero(d)), atPlusInf, atMinusInf), value);
}

struct SigmoidMath {  // fp32
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return hn::Div(hn::Set(d, 1.0f), hn::Add(hn::Set(d, 1.0f), vexp::Exp(d, hn::Neg(x))));
  }
};
struct SiluMath {  // fp32
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return hn::Div(x, hn::Add(hn::Set(d, 1.0f), vexp::Exp(d, hn::Neg(x))));
  }
};
struct SiluGradMath {  // fp32: g s (1 + x (1 - s))
  template <class D, class V>
  HWY_INLINE V operator()(D d, V g, V x) const {
    V s, c;
    SigmoidPair(d, x, vexp::Exp(d, hn::Neg(hn::Abs(x))), &s, &c);
    const V slope = hn::Mul(s, hn::Add(hn::Set(d, 1.0f), hn::Mul(x, c)));
    return hn::Mul(g, AtInfinity(d, x, slope, hn::Set(d, 1.0f), hn::Zero(d)));
  }
};
// a * b - p exactly, for p = fl(a * b): one fused multiply-add, or Dekker's product (halves of 12 bits) on
// targets without one, so that the hi + lo forms below are as accurate on every CPU.
template <class D, class V>
HWY_INLINE V ProductError(D d, V a, V b, V p) {
#if HWY_NATIVE_FMA
  (void)d;
  return hn::MulSub(a, b, p);
#else
  const V split = hn::Set(d, 4097.0f);
  const V ca = hn::Mul(split, a), cb = hn::Mul(split, b);
  const V aHi = hn::Sub(ca, hn::Sub(ca, a)), bHi = hn::Sub(cb, hn::Sub(cb, b));
  const V aLo = hn::Sub(a, aHi), bLo = hn::Sub(b, bHi);
  return hn::Add(hn::Add(hn::Add(hn::Sub(hn::Mul(aHi, bHi), p), hn::Mul(aHi, bLo)), hn::Mul(aLo, bHi)),
                 hn::Mul(aLo, bLo));
#endif
}

// GELU's tanh form as x sigmoid(z), z = x (a + b x^2) with a = 2 sqrt(2/pi), b = 0.044715 a, in fp32: z is
// formed as hi + lo (error-free products, a two-sum, a and b as fp32 pairs), so that
// e^-|z| = e^-|hi| (1 - lo) keeps the relative accuracy of the result in the tail, where |z| reaches 87 (z
// rounded once would cost up to ~40 ulp there). Out: sigmoid(z), 1 - sigmoid(z).
constexpr double kGeluB = kTwoSqrt2OverPi * kGeluCubic;
constexpr float kGeluAHi = static_cast<float>(kTwoSqrt2OverPi);
constexpr float kGeluALo = static_cast<float>(kTwoSqrt2OverPi - kGeluAHi);
constexpr float kGeluBHi = static_cast<float>(kGeluB);
constexpr float kGeluBLo = static_cast<float>(kGeluB - kGeluBHi);
template <class D, class V>
HWY_INLINE void GeluSigmoid(D d, V x, V *s, V *complement) {
  const V a = hn::Set(d, kGeluAHi), b = hn::Set(d, kGeluBHi);
  const V x2 = hn::Mul(x, x);
  const V x2Lo = ProductError(d, x, x, x2);
  const V q = hn::Mul(b, x2);
  const V qLo = hn::Add(ProductError(d, b, x2, q), hn::MulAdd(b, x2Lo, hn::Mul(hn::Set(d, kGeluBLo), x2)));
  const V p = hn::Add(a, q);
  const V t = hn::Sub(p, a);
  const V pLo = hn::Add(hn::Add(hn::Sub(a, hn::Sub(p, t)), hn::Sub(q, t)), hn::Add(hn::Set(d, kGeluALo), qLo));
  const V zHi = hn::Mul(x, p);
  const V zLo = hn::MulAdd(x, pLo, ProductError(d, x, p, zHi));
  // |z| = |zHi| + lo; beyond fp32 (zHi infinite) the low part is meaningless.
  const V lo = hn::IfThenZeroElse(hn::IsInf(zHi), hn::IfThenElse(hn::Lt(x, hn::Zero(d)), hn::Neg(zLo), zLo));
  const V e0 = vexp::Exp(d, hn::Neg(hn::Abs(zHi)));
  // |.|: e0 (1 - lo) is never negative, but an emulated fused negative multiply-add (valgrind's) may give -0
  // for e0 = 0, and the sign of a zero reaches the result (x * -0).
  SigmoidPair(d, x, hn::Abs(hn::NegMulAdd(e0, lo, e0)), s, complement);  // z has x's sign
}
struct GeluTanhMath {  // fp32: x sigmoid(z)
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    V s, c;
    GeluSigmoid(d, x, &s, &c);
    return AtInfinity(d, x, hn::Mul(x, s), x, hn::Set(d, -0.0f));
  }
};
struct GeluTanhGradMath {  // double: g (s + x s (1 - s) z')
  template <class D, class V>
  HWY_INLINE V operator()(D d, V g, V x) const {
    const V x2 = hn::Mul(x, x);
    const V z =
        hn::Mul(hn::Mul(hn::Set(d, kTwoSqrt2OverPi), x), hn::Add(hn::Set(d, 1.0), hn::Mul(hn::Set(d, kGeluCubic), x2)));
    const V dz =
        hn::Mul(hn::Set(d, kTwoSqrt2OverPi), hn::Add(hn::Set(d, 1.0), hn::Mul(hn::Set(d, 3 * kGeluCubic), x2)));
    V s, c;
    // Highway's Exp takes no NaN and nothing beyond int32 once divided by ln2 (vector_exp-inl.h): e^-1000 is 0.
    const V negAbsZ = hn::Max(hn::Neg(hn::Abs(z)), hn::Set(d, -1000.0));
    const V e = hn::IfThenElse(hn::IsNaN(z), z, hn::Exp(d, hn::IfThenZeroElse(hn::IsNaN(z), negAbsZ)));
    SigmoidPair(d, z, e, &s, &c);
    const V slope = hn::Add(s, hn::Mul(hn::Mul(x, hn::Mul(s, c)), dz));
    return hn::Mul(g, AtInfinity(d, x, slope, hn::Set(d, 1.0), hn::Zero(d)));
  }
};
// GELU's erf form in fp32: Phi(x) = 0.5 erfc(u) for x <= 0, 1 - 0.5 erfc(u) above, u = |x| / sqrt 2, with
// erfc(u) = 1 - u P(u^2) below u = 0.5 and e^(-u^2) t Q(t), t = 2 / (2 + u), above (fitted by
// tools/fit_gelu_erf.py: relative errors of the fp32 evaluation 1.8e-7 and 3e-7). e^(-u^2) = e^(-x^2 / 2) keeps
// its accuracy where x^2 / 2 reaches 87 through x^2 = hi + lo (exact). Also gives
// e^(-x^2 / 2) (the derivative's density).
constexpr float kErfP[7] = {0.000108198932f, -0.000850654906f, 0.00522326957f, -0.0268661082f,
                            0.112837911f,    -0.376126379f,    1.12837923f};
constexpr float kErfcQ[10] = {-0.0298171025f, 0.0645144954f, 0.0673344955f, -0.276458979f, 0.155197367f,
                              0.0172451679f,  0.193378136f,  0.244165123f,  0.282327622f,  0.282086104f};
template <size_t N, class D, class V>
HWY_INLINE V Horner(D d, const float (&c)[N], V v) {
  V r = hn::Set(d, c[0]);
  for (size_t i = 1; i < N; ++i) r = hn::MulAdd(r, v, hn::Set(d, c[i]));
  return r;
}
template <class D, class V>
HWY_INLINE V NormalCdf(D d, V x, V *gauss) {
  const V x2 = hn::Mul(x, x);
  const V x2Lo = hn::IfThenZeroElse(hn::IsInf(x2), ProductError(d, x, x, x2));
  const V e0 = vexp::Exp(d, hn::Mul(x2, hn::Set(d, -0.5f)));
  *gauss = hn::Abs(hn::NegMulAdd(e0, hn::Mul(x2Lo, hn::Set(d, 0.5f)), e0));  // |.|: see GeluSigmoid
  const V u = hn::Mul(hn::Abs(x), hn::Set(d, static_cast<float>(kInvSqrt2)));
  const V erfSmall = hn::Mul(u, Horner(d, kErfP, hn::Mul(u, u)));
  const V t = hn::Div(hn::Set(d, 2.0f), hn::Add(hn::Set(d, 2.0f), u));
  const V erfcLarge = hn::Mul(*gauss, hn::Mul(t, Horner(d, kErfcQ, t)));
  const V erfc = hn::IfThenElse(hn::Lt(u, hn::Set(d, 0.5f)), hn::Sub(hn::Set(d, 1.0f), erfSmall), erfcLarge);
  const V half = hn::Mul(hn::Set(d, 0.5f), erfc);
  return hn::IfThenElse(hn::Gt(x, hn::Zero(d)), hn::Sub(hn::Set(d, 1.0f), half), half);
}
struct GeluErfMath {  // fp32: x Phi(x)
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    V gauss;
    const V cdf = NormalCdf(d, x, &gauss);
    return AtInfinity(d, x, hn::Mul(x, cdf), x, hn::Set(d, -0.0f));
  }
};
struct GeluErfGradMath {  // fp32: g (Phi(x) + x e^(-x^2/2) / sqrt(2 pi))
  template <class D, class V>
  HWY_INLINE V operator()(D d, V g, V x) const {
    V gauss;
    const V cdf = NormalCdf(d, x, &gauss);
    const V slope = hn::MulAdd(hn::Mul(x, hn::Set(d, static_cast<float>(kInvSqrt2Pi))), gauss, cdf);
    return hn::Mul(g, AtInfinity(d, x, slope, hn::Set(d, 1.0f), hn::Zero(d)));
  }
};
struct SigmoidGradMath {  // double: g y (1 - y)
  template <class D, class V>
  HWY_INLINE V operator()(D d, V g, V y) const {
    return hn::Mul(hn::Mul(g, y), hn::Sub(hn::Set(d, 1.0), y));
  }
};
struct ReluMath {  // exact: NaN and -0 pass through
  template <class D, class V>
  HWY_INLINE V operator()(D d, V x) const {
    return hn::IfThenZeroElse(hn::Lt(x, hn::Zero(d)), x);
  }
};
struct ThresholdGradMath {  // exact: self > t ? g : +0 (a NaN self gives 0)
  float threshold;
  template <class D, class V>
  HWY_INLINE V operator()(D d, V g, V self) const {
    return hn::And(g, hn::VecFromMask(d, hn::Gt(self, hn::Set(d, threshold))));
  }
};

// ---- the loops ----------------------------------------------------------------------------------

enum class Storage { kF32, kF16, kBF16 };

template <Storage S>
using StorageElem = std::conditional_t<S == Storage::kF32, float, uint16_t>;

template <Storage S, class DF>
HWY_INLINE hn::Vec<DF> LoadAsF32(DF df, const StorageElem<S> *HWY_RESTRICT p) {
  if constexpr (S == Storage::kF32) {
    return hn::LoadU(df, p);
  } else if constexpr (S == Storage::kBF16) {
    return LoadBF16AsF32(df, p);
  } else {
    return LoadF16AsF32(df, p);
  }
}
template <Storage S, class DF>
HWY_INLINE void StoreFromF32(DF df, hn::Vec<DF> v, StorageElem<S> *HWY_RESTRICT p) {
  if constexpr (S == Storage::kF32) {
    hn::StoreU(v, df, p);
  } else if constexpr (S == Storage::kBF16) {
    StoreF32AsBF16(df, v, p);
  } else {
    StoreF32AsF16(df, v, p);
  }
}

// How a kernel's math runs: on fp32 vectors, or on double vectors with its result rounded to fp32 first (so
// that a 16-bit result is that of the staged path, fp32 kernel then fp32 to 16 bits, bit for bit).
enum class Eval { kF32, kF64 };

// out[k] = math(in[0][k], ...) for k < n over fp32 values held as `S` (fp32, or FLOAT16/BF16 widened in
// registers and rounded once on store). The tail goes through zero-padded vectors; `out` may alias an input.
template <Storage S, Eval kEval, int kInputs, class Math>
HWY_INLINE void ActivationLoop(int64_t n, const void *const *in, void *out, const Math &math) {
  using T = StorageElem<S>;
  using DD = hn::ScalableTag<double>;
  using DF = std::conditional_t<kEval == Eval::kF32, hn::ScalableTag<float>, hn::Rebind<float, DD>>;
  const DF df;
  const auto lanes = static_cast<int64_t>(hn::Lanes(df));
  const T *x[2] = {static_cast<const T *>(in[0]), kInputs > 1 ? static_cast<const T *>(in[1]) : nullptr};
  T *o = static_cast<T *>(out);
  const auto apply = [&](const T *const *src, T *dst) HWY_ATTR {
    hn::Vec<DF> r;
    if constexpr (kEval == Eval::kF64) {
      const DD dd;
      if constexpr (kInputs == 1) {
        r = hn::DemoteTo(df, math(dd, hn::PromoteTo(dd, LoadAsF32<S>(df, src[0]))));
      } else {
        r = hn::DemoteTo(
            df, math(dd, hn::PromoteTo(dd, LoadAsF32<S>(df, src[0])), hn::PromoteTo(dd, LoadAsF32<S>(df, src[1]))));
      }
    } else if constexpr (kInputs == 1) {
      r = math(df, LoadAsF32<S>(df, src[0]));
    } else {
      r = math(df, LoadAsF32<S>(df, src[0]), LoadAsF32<S>(df, src[1]));
    }
    StoreFromF32<S>(df, r, dst);
  };
  int64_t k = 0;
  for (; k + lanes <= n; k += lanes) {
    const T *at[2] = {x[0] + k, kInputs > 1 ? x[1] + k : nullptr};
    apply(at, o + k);
  }
  if (k < n) {
    const size_t rest = static_cast<size_t>(n - k) * sizeof(T);
    HWY_ALIGN T pad[2][hn::MaxLanes(df)] = {};
    HWY_ALIGN T result[hn::MaxLanes(df)];
    const T *padded[2] = {pad[0], pad[1]};
    for (int i = 0; i < kInputs; ++i) std::memcpy(pad[i], x[i] + k, rest);
    apply(padded, result);
    std::memcpy(o + k, result, rest);
  }
}

// Kernels over the three storages of one math: F32<Name>, F16<Name>, BF16<Name>.
#define ACLCPU_ACTIVATION_KERNELS(Name, Math, eval, inputs)                               \
  void F32##Name(int64_t n, const void *const *in, void *out, const PointwiseParams &) {  \
    ActivationLoop<Storage::kF32, eval, inputs>(n, in, out, Math());                      \
  }                                                                                       \
  void F16##Name(int64_t n, const void *const *in, void *out, const PointwiseParams &) {  \
    ActivationLoop<Storage::kF16, eval, inputs>(n, in, out, Math());                      \
  }                                                                                       \
  void BF16##Name(int64_t n, const void *const *in, void *out, const PointwiseParams &) { \
    ActivationLoop<Storage::kBF16, eval, inputs>(n, in, out, Math());                     \
  }
ACLCPU_ACTIVATION_KERNELS(Sigmoid, SigmoidMath, Eval::kF32, 1)
ACLCPU_ACTIVATION_KERNELS(Silu, SiluMath, Eval::kF32, 1)
ACLCPU_ACTIVATION_KERNELS(SiluGrad, SiluGradMath, Eval::kF32, 2)
ACLCPU_ACTIVATION_KERNELS(GeluTanh, GeluTanhMath, Eval::kF32, 1)
ACLCPU_ACTIVATION_KERNELS(GeluTanhGrad, GeluTanhGradMath, Eval::kF64, 2)
ACLCPU_ACTIVATION_KERNELS(GeluErf, GeluErfMath, Eval::kF32, 1)
ACLCPU_ACTIVATION_KERNELS(GeluErfGrad, GeluErfGradMath, Eval::kF32, 2)
ACLCPU_ACTIVATION_KERNELS(SigmoidGrad, SigmoidGradMath, Eval::kF64, 2)
ACLCPU_ACTIVATION_KERNELS(Relu, ReluMath, Eval::kF32, 1)
#undef ACLCPU_ACTIVATION_KERNELS

// The threshold is an fp32 value (the vendor's ToFloat); |t| <= FLT_EPSILON is 0 (its ReluGrad kernel).
template <Storage S>
void ThresholdGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ActivationLoop<S, Eval::kF32, 2>(n, in, out, ThresholdGradMath{static_cast<float>(p.f[0])});
}
void F32ThresholdGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ThresholdGrad<Storage::kF32>(n, in, out, p);
}
void F16ThresholdGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ThresholdGrad<Storage::kF16>(n, in, out, p);
}
void BF16ThresholdGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ThresholdGrad<Storage::kBF16>(n, in, out, p);
}

// Integers (int64 compute values): exact.
void I64Relu(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const int64_t *HWY_RESTRICT x = static_cast<const int64_t *>(in[0]);
  int64_t *o = static_cast<int64_t *>(out);
  for (int64_t k = 0; k < n; ++k) o[k] = x[k] < 0 ? 0 : x[k];
}
// The comparison in fp32, as the vendor's kernel (INT32 values beyond 2^24 round first).
void I64ThresholdGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  const int64_t *HWY_RESTRICT g = static_cast<const int64_t *>(in[0]);
  const int64_t *HWY_RESTRICT x = static_cast<const int64_t *>(in[1]);
  int64_t *o = static_cast<int64_t *>(out);
  const auto t = static_cast<float>(p.f[0]);
  for (int64_t k = 0; k < n; ++k) o[k] = static_cast<float>(x[k]) > t ? g[k] : 0;
}

// DOUBLE and complex Sigmoid and SigmoidGrad: the library's functions, element by element.
template <class T>
void ScalarSigmoid(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const T *HWY_RESTRICT x = static_cast<const T *>(in[0]);
  T *o = static_cast<T *>(out);
  for (int64_t k = 0; k < n; ++k) o[k] = T(1) / (T(1) + std::exp(-x[k]));
}
// The plain product, as the vendor's kernel (PyTorch conjugates y (1 - y) for complex values).
template <class T>
void ScalarSigmoidGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &) {
  const T *HWY_RESTRICT g = static_cast<const T *>(in[0]);
  const T *HWY_RESTRICT y = static_cast<const T *>(in[1]);
  T *o = static_cast<T *>(out);
  for (int64_t k = 0; k < n; ++k) o[k] = g[k] * y[k] * (T(1) - y[k]);
}
void F64Sigmoid(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ScalarSigmoid<double>(n, in, out, p);
}
void C64Sigmoid(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ScalarSigmoid<c64>(n, in, out, p);
}
void C128Sigmoid(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ScalarSigmoid<c128>(n, in, out, p);
}
void F64SigmoidGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ScalarSigmoidGrad<double>(n, in, out, p);
}
void C64SigmoidGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ScalarSigmoidGrad<c64>(n, in, out, p);
}
void C128SigmoidGrad(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  ScalarSigmoidGrad<c128>(n, in, out, p);
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

#define ACLCPU_EXPORT_STORAGES(Name) \
  HWY_EXPORT(F32##Name);             \
  HWY_EXPORT(F16##Name);             \
  HWY_EXPORT(BF16##Name);
ACLCPU_EXPORT_STORAGES(Sigmoid)
ACLCPU_EXPORT_STORAGES(Silu)
ACLCPU_EXPORT_STORAGES(SiluGrad)
ACLCPU_EXPORT_STORAGES(GeluTanh)
ACLCPU_EXPORT_STORAGES(GeluTanhGrad)
ACLCPU_EXPORT_STORAGES(GeluErf)
ACLCPU_EXPORT_STORAGES(GeluErfGrad)
ACLCPU_EXPORT_STORAGES(SigmoidGrad)
ACLCPU_EXPORT_STORAGES(Relu)
ACLCPU_EXPORT_STORAGES(ThresholdGrad)
#undef ACLCPU_EXPORT_STORAGES
HWY_EXPORT(I64Relu);
HWY_EXPORT(I64ThresholdGrad);
HWY_EXPORT(F64Sigmoid);
HWY_EXPORT(C64Sigmoid);
HWY_EXPORT(C128Sigmoid);
HWY_EXPORT(F64SigmoidGrad);
HWY_EXPORT(C64SigmoidGrad);
HWY_EXPORT(C128SigmoidGrad);

namespace {
// Resolve the target now, so that each pointer is the target's own function, not the first-call wrapper.
void ChooseTarget() {
  if (!hwy::GetChosenTarget().IsInitialized()) hwy::GetChosenTarget().Update(hwy::SupportedTargets());
}
}  // namespace

#define ACLCPU_PICK_STORAGE(prefix)                                                         \
  switch (op) {                                                                             \
    case ActivationOp::kSigmoid: return &HWY_DYNAMIC_DISPATCH(prefix##Sigmoid);             \
    case ActivationOp::kSilu: return &HWY_DYNAMIC_DISPATCH(prefix##Silu);                   \
    case ActivationOp::kSiluGrad: return &HWY_DYNAMIC_DISPATCH(prefix##SiluGrad);           \
    case ActivationOp::kGeluTanh: return &HWY_DYNAMIC_DISPATCH(prefix##GeluTanh);           \
    case ActivationOp::kGeluTanhGrad: return &HWY_DYNAMIC_DISPATCH(prefix##GeluTanhGrad);   \
    case ActivationOp::kGeluErf: return &HWY_DYNAMIC_DISPATCH(prefix##GeluErf);             \
    case ActivationOp::kGeluErfGrad: return &HWY_DYNAMIC_DISPATCH(prefix##GeluErfGrad);     \
    case ActivationOp::kSigmoidGrad: return &HWY_DYNAMIC_DISPATCH(prefix##SigmoidGrad);     \
    case ActivationOp::kRelu: return &HWY_DYNAMIC_DISPATCH(prefix##Relu);                   \
    case ActivationOp::kThresholdGrad: return &HWY_DYNAMIC_DISPATCH(prefix##ThresholdGrad); \
  }                                                                                         \
  return nullptr;

namespace {
PointwiseKernel F32Kernel(ActivationOp op){ACLCPU_PICK_STORAGE(F32)} PointwiseKernel
    F16Kernel(ActivationOp op){ACLCPU_PICK_STORAGE(F16)} PointwiseKernel BF16Kernel(ActivationOp op) {
  ACLCPU_PICK_STORAGE(BF16)
}
}  // namespace
#undef ACLCPU_PICK_STORAGE

PointwiseKernel ActivationKernel(ActivationOp op, ComputeType t) {
  ChooseTarget();
  const bool sigmoid = op == ActivationOp::kSigmoid, sigmoidGrad = op == ActivationOp::kSigmoidGrad;
  switch (t) {
    case ComputeType::kF32: return F32Kernel(op);
    case ComputeType::kF64:
      if (sigmoid) return &HWY_DYNAMIC_DISPATCH(F64Sigmoid);
      return sigmoidGrad ? &HWY_DYNAMIC_DISPATCH(F64SigmoidGrad) : nullptr;
    case ComputeType::kC64:
      if (sigmoid) return &HWY_DYNAMIC_DISPATCH(C64Sigmoid);
      return sigmoidGrad ? &HWY_DYNAMIC_DISPATCH(C64SigmoidGrad) : nullptr;
    case ComputeType::kC128:
      if (sigmoid) return &HWY_DYNAMIC_DISPATCH(C128Sigmoid);
      return sigmoidGrad ? &HWY_DYNAMIC_DISPATCH(C128SigmoidGrad) : nullptr;
    case ComputeType::kI64:
      if (op == ActivationOp::kRelu) return &HWY_DYNAMIC_DISPATCH(I64Relu);
      return op == ActivationOp::kThresholdGrad ? &HWY_DYNAMIC_DISPATCH(I64ThresholdGrad) : nullptr;
  }
  return nullptr;
}

Fused16Kernels ActivationFused16(ActivationOp op) {
  ChooseTarget();
  return {F16Kernel(op), BF16Kernel(op)};
}

}  // namespace aclcpu
#endif  // HWY_ONCE
