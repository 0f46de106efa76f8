// COMPLEX64 and COMPLEX128 kernels of the arithmetic family, compiled for the baseline ISA (see
// arith_kernels.h): std::complex's operators, C99 Annex G semantics for infinities and NaN.
#include "ops/math/arith_family/arith_kernels.h"

namespace aclcpu {
namespace {

template <class T>
T AlphaOf(const PointwiseParams &p) {
  return T(static_cast<typename T::value_type>(p.c[0].real()), static_cast<typename T::value_type>(p.c[0].imag()));
}

template <class T, ArithOp kOp>
void Kernel(int64_t n, const void *const *in, void *out, const PointwiseParams &p) {
  const T *a = static_cast<const T *>(in[0]);
  const T *b = static_cast<const T *>(in[1]);
  T *o = static_cast<T *>(out);
  const bool alphaIsOne = (p.i[1] & kArithAlphaIsOne) != 0;
  const T alpha = AlphaOf<T>(p);
  for (int64_t k = 0; k < n; ++k) {
    if constexpr (kOp == ArithOp::kAdd) o[k] = alphaIsOne ? a[k] + b[k] : a[k] + alpha * b[k];
    if constexpr (kOp == ArithOp::kSub) o[k] = alphaIsOne ? a[k] - b[k] : a[k] - alpha * b[k];
    if constexpr (kOp == ArithOp::kMul) o[k] = a[k] * b[k];
    if constexpr (kOp == ArithOp::kDiv) o[k] = a[k] / b[k];
  }
}

template <class T>
PointwiseKernel Pick(ArithOp op) {
  switch (op) {
    case ArithOp::kAdd: return &Kernel<T, ArithOp::kAdd>;
    case ArithOp::kSub: return &Kernel<T, ArithOp::kSub>;
    case ArithOp::kMul: return &Kernel<T, ArithOp::kMul>;
    case ArithOp::kDiv: return &Kernel<T, ArithOp::kDiv>;
  }
  return nullptr;
}

}  // namespace

PointwiseKernel ComplexArithKernel(ArithOp op, ComputeType t) {
  if (t == ComputeType::kC64) return Pick<c64>(op);
  if (t == ComputeType::kC128) return Pick<c128>(op);
  return nullptr;
}

}  // namespace aclcpu
