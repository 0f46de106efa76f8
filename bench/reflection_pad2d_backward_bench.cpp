// aclnnReflectionPad2dBackward vs PyTorch's reflection_pad2d_backward on the same inputs and threads.
// Ours runs a repeatable executor on a stream (launch + synchronize per iteration, buffers reused);
// PyTorch allocates and zero-fills gradInput per call, which is what its users get. Where PyTorch
// 1.13 has no CPU kernel (fp16, bf16) it is timed as its users must run it: upcast, fp32, cast back.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "aclnnop/aclnn_pad2d_backward.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

struct Problem {
  std::vector<int64_t> self;
  int64_t pad;  // on all four sides
  aclDataType dtype;
  std::vector<int64_t> GradOutputShape() const {
    std::vector<int64_t> go = self;
    go[go.size() - 2] += 2 * pad;
    go[go.size() - 1] += 2 * pad;
    return go;
  }
};

at::Tensor RandomOf(const std::vector<int64_t> &shape, aclDataType dtype) {
  return at::randn(shape, TorchType(dtype == ACL_FLOAT16 || dtype == ACL_BF16 ? ACL_FLOAT : dtype))
      .to(TorchType(dtype));
}

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor go = RandomOf(p.GradOutputShape(), p.dtype), self = RandomOf(p.self, p.dtype);
  DeviceCopy goDev(go, p.dtype), selfDev(self, p.dtype), giDev(at::empty_like(self), p.dtype);
  const int64_t pads[] = {p.pad, p.pad, p.pad, p.pad};
  aclIntArray *padding = aclCreateIntArray(pads, 4);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status =
      aclnnReflectionPad2dBackwardGetWorkspaceSize(goDev.tensor, selfDev.tensor, padding, giDev.tensor, &wsSize, &exec);
  aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnReflectionPad2dBackward);
  aclDestroyIntArray(padding);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor go = RandomOf(p.GradOutputShape(), p.dtype), self = RandomOf(p.self, p.dtype);
  const std::vector<int64_t> pads = {p.pad, p.pad, p.pad, p.pad};
  const bool viaF32 = aclcpu_bench::TorchLacksKernel(go.scalar_type(), [](at::ScalarType t) {
    at::reflection_pad2d_backward(at::zeros({1, 4, 4}, t), at::zeros({1, 2, 2}, t), {1, 1, 1, 1});
  });
  for (auto _ : state) {
    if (viaF32) {
      const at::Tensor gi = at::reflection_pad2d_backward(go.to(at::kFloat), self.to(at::kFloat), pads);
      benchmark::DoNotOptimize(gi.to(go.scalar_type()).data_ptr());
    } else {
      benchmark::DoNotOptimize(at::reflection_pad2d_backward(go, self, pads).data_ptr());
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv, "f16/bf16 PyTorch rows: PyTorch 1.13 has no CPU kernel; timed as upcast -> fp32 -> cast back.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        const std::vector<std::pair<std::vector<int64_t>, int64_t>> shapes = {
            {{8, 64, 128, 128}, 3}, {{16, 256, 32, 32}, 1}, {{64, 256, 256}, 7}, {{1, 3, 224, 224}, 3}};
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64}) {
          for (const auto &[shape, pad] : shapes) {
            const Problem p{shape, pad, dtype};
            int64_t inElems = 1, outElems = 1;
            for (int64_t d : shape) inElems *= d;
            for (int64_t d : p.GradOutputShape()) outElems *= d;
            // peers-and-limits.md §8.3: read gradOutput once, write gradInput once.
            const double bytes = static_cast<double>(inElems + outElems) * static_cast<double>(aclDataTypeSize(dtype));
            const std::string label = aclcpu_bench::ShapeName(shape) + "p" + std::to_string(pad);
            aclcpu_bench::AddComparison(rows, {"ReflectionPad2dBackward", label, aclcpu_bench::DTypeName(dtype), bytes},
                                        BenchOurs, BenchTorch, p);
          }
        }
      });
}
