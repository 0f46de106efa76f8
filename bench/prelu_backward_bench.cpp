// aclnnPreluBackward vs PyTorch's prelu_backward (what autograd calls for PReLU: gradInput and the
// reduced gradWeight) on the same inputs and threads. Ours runs a repeatable executor on a stream
// with buffers reused; PyTorch allocates its outputs and temporaries per call. Where PyTorch 1.13
// has no CPU kernel (fp16) it is timed as its users must run it: upcast, fp32, cast back.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

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

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor x = RandomOf(p.self, p.dtype), dy = RandomOf(p.self, p.dtype), w = RandomOf({p.weights}, p.dtype);
  DeviceCopy xDev(x, p.dtype), dyDev(dy, p.dtype), wDev(w, p.dtype);
  DeviceCopy dxDev(at::empty_like(x), p.dtype), dwDev(at::empty_like(w), p.dtype);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = aclnnPreluBackwardGetWorkspaceSize(dyDev.tensor, xDev.tensor, wDev.tensor, dxDev.tensor,
                                                                dwDev.tensor, &wsSize, &exec);
  aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnPreluBackward);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor x = RandomOf(p.self, p.dtype), dy = RandomOf(p.self, p.dtype), w = RandomOf({p.weights}, p.dtype);
  const bool viaF32 = aclcpu_bench::TorchLacksKernel(x.scalar_type(), [](at::ScalarType t) {
    at::prelu_backward(at::ones({2, 3, 4}, t), at::ones({2, 3, 4}, t), at::ones({3}, t));
  });
  for (auto _ : state) {
    if (viaF32) {
      auto r = at::prelu_backward(dy.to(at::kFloat), x.to(at::kFloat), w.to(at::kFloat));
      benchmark::DoNotOptimize(std::get<0>(r).to(x.scalar_type()).data_ptr());
      benchmark::DoNotOptimize(std::get<1>(r).to(x.scalar_type()).data_ptr());
    } else {
      auto r = at::prelu_backward(dy, x, w);
      benchmark::DoNotOptimize(std::get<0>(r).data_ptr());
      benchmark::DoNotOptimize(std::get<1>(r).data_ptr());
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv, "f16 PyTorch rows: PyTorch 1.13 has no CPU kernel; timed as upcast -> fp32 -> cast back.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        const std::vector<std::pair<std::vector<int64_t>, int64_t>> shapes = {
            {{32, 64, 56, 56}, 64}, {{32, 64, 56, 56}, 1}, {{256, 1024}, 1024}};
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          for (const auto &[shape, weights] : shapes) {
            int64_t elems = 1;
            for (int64_t d : shape) elems *= d;
            // peers-and-limits.md §8.4: read x and dy, write dx; read w, write dw.
            const double s = static_cast<double>(aclDataTypeSize(dtype));
            const double bytes = static_cast<double>(elems) * 3 * s + static_cast<double>(weights) * 2 * s;
            const std::string label = aclcpu_bench::ShapeName(shape) + "w" + std::to_string(weights);
            aclcpu_bench::AddComparison(rows, {"PreluBackward", label, aclcpu_bench::DTypeName(dtype), bytes},
                                        BenchOurs, BenchTorch, Problem{shape, weights, dtype});
          }
        }
      });
}
