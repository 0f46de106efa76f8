// aclnnPrelu vs PyTorch's at::prelu on the same inputs and threads, and the layer step: forward then
// backward with the forward's output as gradOutput (aclnnPrelu + aclnnPreluBackward vs at::prelu +
// at::prelu_backward). Ours runs repeatable executors on a stream with buffers reused; PyTorch
// allocates its outputs per call (timed with warm and with cold memory, torch_bench.h). Where
// PyTorch 1.13 has no CPU kernel (fp16) it is timed as its users must run it: upcast, fp32, cast back.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "aclnnop/aclnn_prelu.h"
#include "aclnnop/aclnn_prelu_backward.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

struct Problem {
  std::vector<int64_t> self;
  int64_t weights;
  aclDataType dtype;
};

at::Tensor RandomOf(const std::vector<int64_t> &shape, aclDataType dtype) {
  return at::randn(shape).to(TorchType(dtype));
}

bool TorchViaF32(at::ScalarType t) {
  return aclcpu_bench::TorchLacksKernel(t, [](at::ScalarType type) {
    at::prelu(at::ones({2, 3, 4}, type), at::ones({3}, type));
    at::prelu_backward(at::ones({2, 3, 4}, type), at::ones({2, 3, 4}, type), at::ones({3}, type));
  });
}

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor x = RandomOf(p.self, p.dtype), w = RandomOf({p.weights}, p.dtype);
  DeviceCopy xDev(x, p.dtype), wDev(w, p.dtype), outDev(at::empty_like(x), p.dtype);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = aclnnPreluGetWorkspaceSize(xDev.tensor, wDev.tensor, outDev.tensor, &wsSize, &exec);
  aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnPrelu);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor x = RandomOf(p.self, p.dtype), w = RandomOf({p.weights}, p.dtype);
  const bool viaF32 = TorchViaF32(x.scalar_type());
  for (auto _ : state) {
    const at::Tensor y = viaF32 ? at::prelu(x.to(at::kFloat), w.to(at::kFloat)).to(x.scalar_type()) : at::prelu(x, w);
    benchmark::DoNotOptimize(y.data_ptr());
  }
}

// The layer step: our two operators on one stream, each a repeatable executor over reused buffers.
void BenchOursStep(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor x = RandomOf(p.self, p.dtype), w = RandomOf({p.weights}, p.dtype);
  DeviceCopy xDev(x, p.dtype), wDev(w, p.dtype), yDev(at::empty_like(x), p.dtype);
  DeviceCopy dxDev(at::empty_like(x), p.dtype), dwDev(at::empty_like(w), p.dtype);
  uint64_t forwardSize = 0, backwardSize = 0;
  aclOpExecutor *forward = nullptr, *backward = nullptr;
  if (aclnnPreluGetWorkspaceSize(xDev.tensor, wDev.tensor, yDev.tensor, &forwardSize, &forward) != 0 ||
      aclnnPreluBackwardGetWorkspaceSize(yDev.tensor, xDev.tensor, wDev.tensor, dxDev.tensor, dwDev.tensor,
                                         &backwardSize, &backward) != 0) {
    state.SkipWithError(aclGetRecentErrMsg());
    return;
  }
  aclSetAclOpExecutorRepeatable(forward);
  aclSetAclOpExecutorRepeatable(backward);
  const uint64_t wsSize = std::max(forwardSize, backwardSize);
  void *ws = nullptr;
  if (wsSize > 0) aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  for (auto _ : state) {
    aclnnPrelu(ws, forwardSize, forward, stream);
    aclnnPreluBackward(ws, backwardSize, backward, stream);
    aclrtSynchronizeStream(stream);
  }
  aclDestroyAclOpExecutor(forward);
  aclDestroyAclOpExecutor(backward);
  aclrtDestroyStream(stream);
  if (ws != nullptr) aclrtFree(ws);
}

void BenchTorchStep(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor x = RandomOf(p.self, p.dtype), w = RandomOf({p.weights}, p.dtype);
  const bool viaF32 = TorchViaF32(x.scalar_type());
  for (auto _ : state) {
    if (viaF32) {
      const at::Tensor xf = x.to(at::kFloat), wf = w.to(at::kFloat);
      const at::Tensor y = at::prelu(xf, wf).to(x.scalar_type());
      auto grads = at::prelu_backward(y.to(at::kFloat), xf, wf);
      benchmark::DoNotOptimize(std::get<0>(grads).to(x.scalar_type()).data_ptr());
      benchmark::DoNotOptimize(std::get<1>(grads).to(x.scalar_type()).data_ptr());
    } else {
      const at::Tensor y = at::prelu(x, w);
      auto grads = at::prelu_backward(y, x, w);
      benchmark::DoNotOptimize(std::get<0>(grads).data_ptr());
      benchmark::DoNotOptimize(std::get<1>(grads).data_ptr());
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv, "f16 PyTorch rows: PyTorch 1.13 has no CPU kernel; timed as upcast -> fp32 -> cast back.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        const std::vector<std::pair<std::vector<int64_t>, int64_t>> shapes = {
            {{32, 64, 56, 56}, 64}, {{32, 64, 56, 56}, 1}, {{256, 1024}, 1024}, {{8, 64, 28, 28}, 64}};
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          const double s = static_cast<double>(aclDataTypeSize(dtype));
          for (const auto &[shape, weights] : shapes) {
            int64_t elems = 1;
            for (int64_t d : shape) elems *= d;
            // Read x, write out; read the weights.
            const double bytes = static_cast<double>(elems) * 2 * s + static_cast<double>(weights) * s;
            const std::string label = aclcpu_bench::ShapeName(shape) + "w" + std::to_string(weights);
            aclcpu_bench::AddComparison(rows, {"Prelu", label, aclcpu_bench::DTypeName(dtype), bytes}, BenchOurs,
                                        BenchTorch, Problem{shape, weights, dtype});
          }
        }
        // The layer step: forward (read x, write y) + backward (read y, x, write dx; read w, write dw).
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          const std::vector<int64_t> shape = {32, 64, 56, 56};
          const double s = static_cast<double>(aclDataTypeSize(dtype));
          const double bytes = 32.0 * 64 * 56 * 56 * 5 * s + 64 * 3 * s;
          aclcpu_bench::AddComparison(
              rows, {"Prelu+Backward", aclcpu_bench::ShapeName(shape) + "w64", aclcpu_bench::DTypeName(dtype), bytes},
              BenchOursStep, BenchTorchStep, Problem{shape, 64, dtype});
        }
      });
}
