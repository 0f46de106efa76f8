#include "base/gemm.h"

#include <omp.h>

#include <cstring>

#include <dnnl.hpp>

#include "base/dnnl_context.h"

namespace aclcpu {
namespace {

char Op(bool trans) { return trans ? 'T' : 'N'; }

}  // namespace

bool GemmF32(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
             int64_t ldb, float *c, int64_t ldc, bool accumulate) {
  const OneThreadForLibrary one;
  const float beta = accumulate ? 1.0f : 0.0f;
  return dnnl_sgemm(Op(transA), Op(transB), m, n, k, 1.0f, a, lda, b, ldb, beta, c, ldc) == dnnl_success;
}

namespace {

// oneDNN 2.6 has no BLAS-like bf16 function: a matmul primitive with run-time shapes stands in for
// one, created once per transpose pair (creation JIT-compiles code).
class Bf16Matmul {
 public:
  Bf16Matmul(bool transA, bool transB, bool accumulate) : engine_(dnnl::engine::kind::cpu, 0) {
    using dnnl::memory;
    const auto r = DNNL_RUNTIME_DIM_VAL;
    // Run-time leading dimensions but a fixed unit stride: fully run-time strides would select
    // oneDNN's reference implementation (~2000x slower, measured).
    const memory::desc a({r, r}, memory::data_type::bf16, transA ? memory::dims{1, r} : memory::dims{r, 1});
    const memory::desc b({r, r}, memory::data_type::bf16, transB ? memory::dims{1, r} : memory::dims{r, 1});
    const memory::desc c({r, r}, memory::data_type::f32, memory::dims{r, 1});
    dnnl::primitive_attr attr;
    if (accumulate) {  // C += A B: the destination's old value joins the sum
      dnnl::post_ops sum;
      sum.append_sum(1.0f);
      attr.set_post_ops(sum);
    }
    primitive_ = dnnl::matmul(dnnl::matmul::primitive_desc(dnnl::matmul::desc(a, b, c), attr, engine_));
  }

  void Run(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const uint16_t *a, int64_t lda, const uint16_t *b,
           int64_t ldb, float *c, int64_t ldc) const {
    using dnnl::memory;
    const memory::desc aDesc({m, k}, memory::data_type::bf16, transA ? memory::dims{1, lda} : memory::dims{lda, 1});
    const memory::desc bDesc({k, n}, memory::data_type::bf16, transB ? memory::dims{1, ldb} : memory::dims{ldb, 1});
    const memory::desc cDesc({m, n}, memory::data_type::f32, memory::dims{ldc, 1});
    // One stream per thread and engine, made once: creating one per product cost microseconds per call.
    thread_local dnnl::stream stream;
    thread_local const dnnl::engine *streamEngine = nullptr;
    if (streamEngine != &engine_) {
      stream = dnnl::stream(engine_);
      streamEngine = &engine_;
    }
    primitive_.execute(stream, {{DNNL_ARG_SRC, memory(aDesc, engine_, const_cast<uint16_t *>(a))},
                                {DNNL_ARG_WEIGHTS, memory(bDesc, engine_, const_cast<uint16_t *>(b))},
                                {DNNL_ARG_DST, memory(cDesc, engine_, c)}});
    stream.wait();
  }

 private:
  dnnl::engine engine_;
  dnnl::matmul primitive_;
};

// Created on first use, each variant once (a static local: thread-safe).
template <bool kTransA, bool kTransB, bool kAccumulate>
const Bf16Matmul &Bf16MatmulVariant() {
  static const Bf16Matmul matmul(kTransA, kTransB, kAccumulate);
  return matmul;
}

template <bool kTransA, bool kTransB>
const Bf16Matmul &Bf16MatmulFor(bool accumulate) {
  return accumulate ? Bf16MatmulVariant<kTransA, kTransB, true>() : Bf16MatmulVariant<kTransA, kTransB, false>();
}

const Bf16Matmul &Bf16MatmulFor(bool transA, bool transB, bool accumulate) {
  if (transA) return transB ? Bf16MatmulFor<true, true>(accumulate) : Bf16MatmulFor<true, false>(accumulate);
  return transB ? Bf16MatmulFor<false, true>(accumulate) : Bf16MatmulFor<false, false>(accumulate);
}

}  // namespace

namespace {

float Bf16ToF32(uint16_t bits) {
  const uint32_t u = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// C (+)= a[:, last] b[last, :]: the one term of an odd inner dimension, in fp32 (a product of two bf16
// values is exact in fp32, so this is the term the library would have added).
void AddLastTerm(bool transA, bool transB, int64_t m, int64_t n, int64_t last, const uint16_t *a, int64_t lda,
                 const uint16_t *b, int64_t ldb, float *c, int64_t ldc, bool accumulate) {
  for (int64_t i = 0; i < m; ++i) {
    const float ai = Bf16ToF32(transA ? a[last * lda + i] : a[i * lda + last]);
    float *row = c + i * ldc;
    for (int64_t j = 0; j < n; ++j) {
      const float term = ai * Bf16ToF32(transB ? b[j * ldb + last] : b[last * ldb + j]);
      row[j] = accumulate ? row[j] + term : term;
    }
  }
}

}  // namespace

bool GemmBF16(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const uint16_t *a, int64_t lda,
              const uint16_t *b, int64_t ldb, float *c, int64_t ldc, bool accumulate) {
  const OneThreadForLibrary one;
  // oneDNN 2.6's bf16 GEMM pads an odd inner dimension to pairs with a zero on one side only, so an
  // infinite last term becomes inf * 0 = NaN (all-(-inf) operands with k = 15 gave NaN instead of
  // +inf). The library gets the even part; the last term is added here.
  const int64_t even = k & ~int64_t{1};
  try {
    if (even > 0) Bf16MatmulFor(transA, transB, accumulate).Run(transA, transB, m, n, even, a, lda, b, ldb, c, ldc);
  } catch (const dnnl::error &) {
    return false;  // e.g. no bf16 support on this CPU: HasBF16Gemm() then reports false
  }
  if (even != k) AddLastTerm(transA, transB, m, n, even, a, lda, b, ldb, c, ldc, accumulate || even > 0);
  return true;
}

void PrepareGemm(bool bf16) {
  static const bool f32Ready = [] {
    const float a[4] = {1, 2, 3, 4};
    float c[4];
    for (bool transA : {false, true})
      for (bool accumulate : {false, true}) GemmF32(transA, !transA, 2, 2, 2, a, 2, a, 2, c, 2, accumulate);
    return true;
  }();
  (void)f32Ready;
  if (!bf16) return;
  static const bool bf16Ready = [] {
    if (!HasBF16Gemm()) return false;
    const uint16_t a[4] = {0x3F80, 0x4000, 0x4040, 0x4080};
    float c[4];
    for (bool transA : {false, true})
      for (bool accumulate : {false, true}) GemmBF16(transA, !transA, 2, 2, 2, a, 2, a, 2, c, 2, accumulate);
    return true;
  }();
  (void)bf16Ready;
}

bool HasBF16Gemm() {
  static const bool available = [] {
    // 1.5 * 2 + 0.5 * 4 = 5 exactly in bf16 operands: a real product, not only a status.
    const uint16_t a[2] = {0x3FC0, 0x3F00}, b[2] = {0x4000, 0x4080};
    float c = 0;
    return GemmBF16(false, false, 1, 1, 2, a, 2, b, 1, &c, 1) && c == 5.0f;
  }();
  return available;
}

}  // namespace aclcpu
