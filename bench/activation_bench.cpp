// The activations vs PyTorch on the same inputs and threads: each function on a dense 4096 x 4096 tensor
// (64 MiB in fp32), the 16-bit dtypes for the ones a network calls most, and one small call. Ours runs
// repeatable executors with buffers reused; PyTorch allocates its outputs per call (warm and cold memory,
// torch_bench.h).
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_threshold_backward.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

enum class Kind {
  kSilu,
  kSiluGrad,
  kGelu,
  kGeluGrad,
  kGeluErf,
  kGeluErfGrad,
  kSigmoid,
  kSigmoidGrad,
  kRelu,
  kThresholdGrad
};

struct Problem {
  Kind kind;
  int64_t rows, cols;
  aclDataType dtype;
};

bool TwoInputs(Kind k) {
  return k == Kind::kSiluGrad || k == Kind::kGeluGrad || k == Kind::kGeluErfGrad || k == Kind::kSigmoidGrad ||
         k == Kind::kThresholdGrad;
}

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const aclDataType t = p.dtype;
  const at::Tensor x = at::randn({p.rows, p.cols}).to(TorchType(t)), g = at::randn({p.rows, p.cols}).to(TorchType(t));
  DeviceCopy xDev(x, t), gDev(g, t), outDev(at::empty({p.rows, p.cols}, TorchType(t)), t);
  float zero = 0.0f;
  aclScalar *threshold = aclCreateScalar(&zero, ACL_FLOAT);
  char none[] = "none";
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  aclTensor *gi = gDev.tensor, *xi = xDev.tensor, *out = outDev.tensor;
  switch (p.kind) {
#define ACLCPU_BENCH_CASE(kind, fn, ...)                                      \
  case Kind::kind: {                                                          \
    const aclnnStatus status = fn##GetWorkspaceSize(__VA_ARGS__, &ws, &exec); \
    aclcpu_bench::TimeExecutor(state, status, ws, exec, fn);                  \
    break;                                                                    \
  }
    ACLCPU_BENCH_CASE(kSilu, aclnnSilu, xi, out)
    ACLCPU_BENCH_CASE(kSiluGrad, aclnnSiluBackward, gi, xi, out)
    ACLCPU_BENCH_CASE(kGelu, aclnnGelu, xi, out)
    ACLCPU_BENCH_CASE(kGeluGrad, aclnnGeluBackward, gi, xi, out)
    ACLCPU_BENCH_CASE(kGeluErf, aclnnGeluV2, xi, 0, out)
    ACLCPU_BENCH_CASE(kGeluErfGrad, aclnnGeluBackwardV2, gi, xi, none, out)
    ACLCPU_BENCH_CASE(kSigmoid, aclnnSigmoid, xi, out)
    ACLCPU_BENCH_CASE(kSigmoidGrad, aclnnSigmoidBackward, gi, xi, out)
    ACLCPU_BENCH_CASE(kRelu, aclnnRelu, xi, out)
    ACLCPU_BENCH_CASE(kThresholdGrad, aclnnThresholdBackward, gi, xi, threshold, out)
#undef ACLCPU_BENCH_CASE
  }
  aclDestroyScalar(threshold);
}

at::Tensor Run(Kind kind, const at::Tensor &x, const at::Tensor &g) {
  switch (kind) {
    case Kind::kSilu: return at::silu(x);
    case Kind::kSiluGrad: return at::silu_backward(g, x);
    case Kind::kGelu: return at::gelu(x, "tanh");
    case Kind::kGeluGrad: return at::gelu_backward(g, x, "tanh");
    case Kind::kGeluErf: return at::gelu(x);
    case Kind::kGeluErfGrad: return at::gelu_backward(g, x);
    case Kind::kSigmoid: return at::sigmoid(x);
    case Kind::kSigmoidGrad: return at::sigmoid_backward(g, x);
    case Kind::kRelu: return at::relu(x);
    case Kind::kThresholdGrad: return at::threshold_backward(g, x, 0);
  }
  return {};
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const aclDataType t = p.dtype;
  const at::Tensor x = at::randn({p.rows, p.cols}).to(TorchType(t)), g = at::randn({p.rows, p.cols}).to(TorchType(t));
  // PyTorch 1.13 has no fp16 kernel for some of these: the fp32 one between two conversions, as a user would.
  const bool viaF32 = aclcpu_bench::TorchLacksKernel(x.scalar_type(), [&](at::ScalarType) { Run(p.kind, x, g); });
  for (auto _ : state) {
    if (viaF32) {
      benchmark::DoNotOptimize(Run(p.kind, x.to(at::kFloat), g.to(at::kFloat)).to(x.scalar_type()).data_ptr());
    } else {
      benchmark::DoNotOptimize(Run(p.kind, x, g).data_ptr());
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv,
      "PyTorch allocates each output per call; where it has no fp16 kernel (Gelu), fp32 between two conversions.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        struct Entry {
          const char *op;
          Kind kind;
          int64_t rows, cols;
          aclDataType dtype;
        };
        const int64_t n = 4096;  // 4096 x 4096: 64 MiB per fp32 tensor
        const Entry entries[] = {
            {"Silu", Kind::kSilu, n, n, ACL_FLOAT},
            {"SiluBackward", Kind::kSiluGrad, n, n, ACL_FLOAT},
            {"Gelu(tanh)", Kind::kGelu, n, n, ACL_FLOAT},
            {"GeluBackward(tanh)", Kind::kGeluGrad, n, n, ACL_FLOAT},
            {"GeluV2(erf)", Kind::kGeluErf, n, n, ACL_FLOAT},
            {"GeluBackwardV2(erf)", Kind::kGeluErfGrad, n, n, ACL_FLOAT},
            {"Sigmoid", Kind::kSigmoid, n, n, ACL_FLOAT},
            {"SigmoidBackward", Kind::kSigmoidGrad, n, n, ACL_FLOAT},
            {"Relu", Kind::kRelu, n, n, ACL_FLOAT},
            {"ThresholdBackward", Kind::kThresholdGrad, n, n, ACL_FLOAT},
            {"Silu", Kind::kSilu, n, n, ACL_BF16},
            {"SiluBackward", Kind::kSiluGrad, n, n, ACL_BF16},
            {"GeluV2(erf)", Kind::kGeluErf, n, n, ACL_BF16},
            {"GeluBackwardV2(erf)", Kind::kGeluErfGrad, n, n, ACL_BF16},
            {"Gelu(tanh)", Kind::kGelu, n, n, ACL_FLOAT16},
            {"Relu", Kind::kRelu, n, n, ACL_FLOAT16},
            {"Silu", Kind::kSilu, 32, 32, ACL_FLOAT},  // one small call: 1 K elements
        };
        for (const Entry &e : entries) {
          const double elems = static_cast<double>(e.rows * e.cols);
          const double bytes = elems * static_cast<double>(aclDataTypeSize(e.dtype)) * (TwoInputs(e.kind) ? 3 : 2);
          aclcpu_bench::AddComparison(
              rows, {e.op, aclcpu_bench::ShapeName({e.rows, e.cols}), aclcpu_bench::DTypeName(e.dtype), bytes},
              BenchOurs, BenchTorch, Problem{e.kind, e.rows, e.cols, e.dtype});
        }
      });
}
