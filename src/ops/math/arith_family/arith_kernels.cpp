// Plain loops, compiled once per SIMD target by Highway's foreach_target so that the compiler
// vectorizes each for that target; -ffp-contract=off keeps a + alpha * b two roundings on every target.
#include <cstdint>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/math/arith_family/arith_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
// After highway.h, once per target.
#include "base/pointwise/fused16-inl.h"

#include "ops/math/arith_family/arith_kernels.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {

template <class T>
T AlphaOf(const PointwiseParams &p) {
  return static_cast<T>(p.f[0]);
}

// Floating: a + alpha * b (or a + b), a - alpha * b, a * b, a / b.
template <class T, ArithOp kOp>
void FloatKernel(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  const T *HWY_RESTRICT a = static_cast<const T *>(in[0]);
  const T *HWY_RESTRICT b = static_cast<const T *>(in[1]);
  T *o = static_cast<T *>(out);
  if constexpr (kOp == ArithOp::kAdd || kOp == ArithOp::kSub) {
    const T alpha = kOp == ArithOp::kAdd ? AlphaOf<T>(p) : -AlphaOf<T>(p);
    if (p.i[1] & kArithAlphaIsOne) {
      if constexpr (kOp == ArithOp::kAdd) {
        for (int64_t k = 0; k < n; ++k) o[k] = a[k] + b[k];
      } else {
        for (int64_t k = 0; k < n; ++k) o[k] = a[k] - b[k];
      }
    } else {
      for (int64_t k = 0; k < n; ++k) o[k] = a[k] + alpha * b[k];
    }
  } else if constexpr (kOp == ArithOp::kMul) {
    for (int64_t k = 0; k < n; ++k) o[k] = a[k] * b[k];
  } else {
    for (int64_t k = 0; k < n; ++k) o[k] = a[k] / b[k];
  }
}

// Integers (and bool) in int64 with two's-complement wrap-around: the low bits are those of the
// promoted dtype's own arithmetic.
template <ArithOp kOp>
void IntKernel(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  const uint64_t *HWY_RESTRICT a = static_cast<const uint64_t *>(in[0]);
  const uint64_t *HWY_RESTRICT b = static_cast<const uint64_t *>(in[1]);
  uint64_t *o = static_cast<uint64_t *>(out);
  const auto alpha = static_cast<uint64_t>(p.i[0]);
  if constexpr (kOp == ArithOp::kAdd) {
    for (int64_t k = 0; k < n; ++k) o[k] = a[k] + alpha * b[k];
  } else if constexpr (kOp == ArithOp::kSub) {
    for (int64_t k = 0; k < n; ++k) o[k] = a[k] - alpha * b[k];
  } else {
    for (int64_t k = 0; k < n; ++k) o[k] = a[k] * b[k];
  }
}

#define ACLCPU_FLOAT_KERNELS(T, name)                                                     \
  void name##Add(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    FloatKernel<T, ArithOp::kAdd>(n, in, out, p);                                         \
  }                                                                                       \
  void name##Sub(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    FloatKernel<T, ArithOp::kSub>(n, in, out, p);                                         \
  }                                                                                       \
  void name##Mul(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    FloatKernel<T, ArithOp::kMul>(n, in, out, p);                                         \
  }                                                                                       \
  void name##Div(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    FloatKernel<T, ArithOp::kDiv>(n, in, out, p);                                         \
  }
ACLCPU_FLOAT_KERNELS(float, F32)
ACLCPU_FLOAT_KERNELS(double, F64)
#undef ACLCPU_FLOAT_KERNELS

// FLOAT16/BF16 runs, the fp32 steps of FloatKernel in registers (two roundings for a + alpha * b, as there).
template <bool kBF16, ArithOp kOp>
void Fused16Kernel(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  namespace hn = hwy::HWY_NAMESPACE;
  const float alpha = kOp == ArithOp::kSub ? -AlphaOf<float>(p) : AlphaOf<float>(p);
  if constexpr (kOp == ArithOp::kAdd || kOp == ArithOp::kSub) {
    if ((p.i[1] & kArithAlphaIsOne) == 0) {
      Fused16Loop<kBF16, 2>(
          n, in, out, [alpha](auto d, auto a, auto b) HWY_ATTR { return hn::Add(a, hn::Mul(hn::Set(d, alpha), b)); });
      return;
    }
  }
  Fused16Loop<kBF16, 2>(n, in, out, [](auto, auto a, auto b) HWY_ATTR {
    if constexpr (kOp == ArithOp::kAdd) {
      return hn::Add(a, b);
    } else if constexpr (kOp == ArithOp::kSub) {
      return hn::Sub(a, b);
    } else if constexpr (kOp == ArithOp::kMul) {
      return hn::Mul(a, b);
    } else {
      return hn::Div(a, b);
    }
  });
}
#define ACLCPU_FUSED16(name, bf16)                                                        \
  void name##Add(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    Fused16Kernel<bf16, ArithOp::kAdd>(n, in, out, p);                                    \
  }                                                                                       \
  void name##Sub(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    Fused16Kernel<bf16, ArithOp::kSub>(n, in, out, p);                                    \
  }                                                                                       \
  void name##Mul(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    Fused16Kernel<bf16, ArithOp::kMul>(n, in, out, p);                                    \
  }                                                                                       \
  void name##Div(int64_t n, const void *const *in, void *out, const PointwiseParams &p) { \
    Fused16Kernel<bf16, ArithOp::kDiv>(n, in, out, p);                                    \
  }
ACLCPU_FUSED16(F16Fused, false)
ACLCPU_FUSED16(BF16Fused, true)
#undef ACLCPU_FUSED16

void I64Add(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  IntKernel<ArithOp::kAdd>(n, in, out, p);
}
void I64Sub(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  IntKernel<ArithOp::kSub>(n, in, out, p);
}
void I64Mul(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  IntKernel<ArithOp::kMul>(n, in, out, p);
}

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

HWY_EXPORT(F32Add);
HWY_EXPORT(F32Sub);
HWY_EXPORT(F32Mul);
HWY_EXPORT(F32Div);
HWY_EXPORT(F64Add);
HWY_EXPORT(F64Sub);
HWY_EXPORT(F64Mul);
HWY_EXPORT(F64Div);
HWY_EXPORT(I64Add);
HWY_EXPORT(F16FusedAdd);
HWY_EXPORT(F16FusedSub);
HWY_EXPORT(F16FusedMul);
HWY_EXPORT(F16FusedDiv);
HWY_EXPORT(BF16FusedAdd);
HWY_EXPORT(BF16FusedSub);
HWY_EXPORT(BF16FusedMul);
HWY_EXPORT(BF16FusedDiv);
HWY_EXPORT(I64Sub);
HWY_EXPORT(I64Mul);

PointwiseKernel ArithKernel(ArithOp op, ComputeType t) {
  // Resolve the target now, so that the pointer is the target's own function, not the first-call wrapper.
  if (!hwy::GetChosenTarget().IsInitialized()) hwy::GetChosenTarget().Update(hwy::SupportedTargets());
#define ACLCPU_PICK(name)                                        \
  switch (op) {                                                  \
    case ArithOp::kAdd: return &HWY_DYNAMIC_DISPATCH(name##Add); \
    case ArithOp::kSub: return &HWY_DYNAMIC_DISPATCH(name##Sub); \
    case ArithOp::kMul: return &HWY_DYNAMIC_DISPATCH(name##Mul); \
    case ArithOp::kDiv: return &HWY_DYNAMIC_DISPATCH(name##Div); \
  }                                                              \
  return nullptr;
  switch (t) {
    case ComputeType::kF32: ACLCPU_PICK(F32)
    case ComputeType::kF64: ACLCPU_PICK(F64)
    case ComputeType::kC64:
    case ComputeType::kC128: return ComplexArithKernel(op, t);
    case ComputeType::kI64:
      if (op == ArithOp::kAdd) return &HWY_DYNAMIC_DISPATCH(I64Add);
      if (op == ArithOp::kSub) return &HWY_DYNAMIC_DISPATCH(I64Sub);
      if (op == ArithOp::kMul) return &HWY_DYNAMIC_DISPATCH(I64Mul);
      return nullptr;
  }
#undef ACLCPU_PICK
  return nullptr;
}

Fused16Kernels ArithFused16(ArithOp op) {
  if (!hwy::GetChosenTarget().IsInitialized()) hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  switch (op) {
    case ArithOp::kAdd: return {&HWY_DYNAMIC_DISPATCH(F16FusedAdd), &HWY_DYNAMIC_DISPATCH(BF16FusedAdd)};
    case ArithOp::kSub: return {&HWY_DYNAMIC_DISPATCH(F16FusedSub), &HWY_DYNAMIC_DISPATCH(BF16FusedSub)};
    case ArithOp::kMul: return {&HWY_DYNAMIC_DISPATCH(F16FusedMul), &HWY_DYNAMIC_DISPATCH(BF16FusedMul)};
    case ArithOp::kDiv: return {&HWY_DYNAMIC_DISPATCH(F16FusedDiv), &HWY_DYNAMIC_DISPATCH(BF16FusedDiv)};
  }
  return {};
}

}  // namespace aclcpu
#endif  // HWY_ONCE
