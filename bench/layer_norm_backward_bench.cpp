// aclnnLayerNormBackward vs PyTorch's native_layer_norm_backward on the same inputs and threads.
// Ours runs a repeatable executor on a stream (launch + synchronize per iteration, buffers reused as
// a training loop would); PyTorch allocates its outputs per call, which is what its users get.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <memory>

#include "acl/acl.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::DTypeName;
using aclcpu_bench::Row;
using aclcpu_bench::ShapeName;
using aclcpu_bench::TorchType;

struct Problem {
  std::vector<int64_t> shape;  // normalized over the last dim
  aclDataType dtype;
};

struct Inputs {
  at::Tensor dy, x, mean, rstd, weight, bias;
  Inputs(const Problem &p) {
    const int64_t n = p.shape.back();
    const auto t = TorchType(p.dtype);
    x = at::randn(p.shape).to(t);
    dy = at::randn(p.shape).to(t);
    const auto stats = at::native_layer_norm(x.to(at::kFloat), {n}, {}, {}, 1e-5);
    mean = std::get<1>(stats);  // fp32 statistics, [.., 1]
    rstd = std::get<2>(stats);
    weight = at::randn({n}).to(t);
    bias = at::zeros({n}).to(t);
  }
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const int64_t n = p.shape.back();
  DeviceCopy dy(in.dy, p.dtype), x(in.x, p.dtype), mean(in.mean, ACL_FLOAT), rstd(in.rstd, ACL_FLOAT);
  DeviceCopy w(in.weight, p.dtype), b(in.bias, p.dtype);
  DeviceCopy dx(at::empty_like(in.dy), p.dtype), dw(at::zeros({n}), ACL_FLOAT), db(at::zeros({n}), ACL_FLOAT);
  aclIntArray *ns = aclCreateIntArray(&n, 1);
  const bool mask[] = {true, true, true};
  aclBoolArray *maskArray = aclCreateBoolArray(mask, 3);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status =
      aclnnLayerNormBackwardGetWorkspaceSize(dy.tensor, x.tensor, ns, mean.tensor, rstd.tensor, w.tensor, b.tensor,
                                             maskArray, dx.tensor, dw.tensor, db.tensor, &wsSize, &exec);
  aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnLayerNormBackward);
  aclDestroyIntArray(ns);
  aclDestroyBoolArray(maskArray);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const int64_t n = p.shape.back();
  // PyTorch 1.13 has no Half kernel on CPU: an fp16 user must upcast, run in fp32 and cast back.
  const bool viaF32 = p.dtype == ACL_FLOAT16;
  // PyTorch reads statistics in the input dtype.
  const at::Tensor mean = in.mean.to(in.x.scalar_type()), rstd = in.rstd.to(in.x.scalar_type());
  for (auto _ : state) {
    if (viaF32) {
      auto r = at::native_layer_norm_backward(in.dy.to(at::kFloat), in.x.to(at::kFloat), {n}, in.mean, in.rstd,
                                              in.weight.to(at::kFloat), in.bias.to(at::kFloat), {true, true, true});
      benchmark::DoNotOptimize(std::get<0>(r).to(at::kHalf));
    } else {
      auto r = at::native_layer_norm_backward(in.dy, in.x, {n}, mean, rstd, in.weight, in.bias, {true, true, true});
      benchmark::DoNotOptimize(std::get<0>(r).data_ptr());
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv, "f16 PyTorch rows: PyTorch 1.13 has no CPU Half kernel; timed as upcast -> fp32 -> cast back.",
      [](std::vector<Row> *rows) {
        const std::vector<std::vector<int64_t>> shapes = {{4096, 1024}, {16384, 768}, {65536, 64}, {32, 512, 1024}};
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          for (const auto &shape : shapes) {
            int64_t elems = 1;
            for (int64_t d : shape) elems *= d;
            const int64_t n = shape.back(), m = elems / n;
            const double s = static_cast<double>(aclDataTypeSize(dtype));
            // peers-and-limits.md §8.1: dy, x, dx; fp32 mean/rstd; gamma, fp32 dgamma and dbeta.
            const double bytes =
                static_cast<double>(m * n) * 3 * s + static_cast<double>(m) * 8 + static_cast<double>(n) * (s + 8);
            aclcpu_bench::AddComparison(rows, {"LayerNormBackward", ShapeName(shape), DTypeName(dtype), bytes},
                                        BenchOurs, BenchTorch, Problem{shape, dtype});
          }
        }
      });
}
