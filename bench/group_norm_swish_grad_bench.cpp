// aclnnGroupNormSwishGrad vs what PyTorch users run for GroupNorm + SiLU backward: silu_backward on
// the saved GroupNorm output z, then native_group_norm_backward, on the same inputs and threads
// (swishScale 1, where swish is SiLU). z is computed outside the timed loop, as autograd would have
// saved it. Ours runs a repeatable executor on a stream with buffers reused and recomputes z.
// Where PyTorch 1.13 has no CPU kernel for a dtype it is timed as upcast -> fp32 -> cast back.
// GroupNormBackward rows: aclnnGroupNormBackward (the same kernel without the swish) vs native_group_norm_backward.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "aclnnop/aclnn_group_norm_backward.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

struct Problem {
  std::vector<int64_t> shape;
  int64_t groups;
  aclDataType dtype;
  bool swish = true;  // false: GroupNormBackward
};

struct Inputs {
  at::Tensor dy, x, mean, rstd, gamma, beta, z;
  Inputs(const Problem &p) {
    const int64_t n = p.shape[0], c = p.shape[1];
    const auto t = TorchType(p.dtype);
    x = at::randn(p.shape).to(t);
    dy = at::randn(p.shape).to(t);
    gamma = at::randn({c}).to(t);
    beta = at::randn({c}).to(t);
    const auto fwd = at::native_group_norm(x.to(at::kFloat), gamma.to(at::kFloat), beta.to(at::kFloat), n, c,
                                           x.numel() / (n * c), p.groups, 1e-5);
    z = std::get<0>(fwd).to(t);
    mean = std::get<1>(fwd).to(t);
    rstd = std::get<2>(fwd).to(t);
  }
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  DeviceCopy dy(in.dy, p.dtype), x(in.x, p.dtype), mean(in.mean, p.dtype), rstd(in.rstd, p.dtype);
  DeviceCopy gamma(in.gamma, p.dtype), beta(in.beta, p.dtype);
  DeviceCopy dx(at::empty_like(in.x), p.dtype), dgamma(at::empty_like(in.gamma), p.dtype),
      dbeta(at::empty_like(in.gamma), p.dtype);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  if (!p.swish) {
    const bool mask[] = {true, true, true};
    aclBoolArray *outputMask = aclCreateBoolArray(mask, 3);
    const int64_t n = p.shape[0], c = p.shape[1];
    const aclnnStatus status = aclnnGroupNormBackwardGetWorkspaceSize(
        dy.tensor, x.tensor, mean.tensor, rstd.tensor, gamma.tensor, n, c, in.x.numel() / (n * c), p.groups, outputMask,
        dx.tensor, dgamma.tensor, dbeta.tensor, &wsSize, &exec);
    aclDestroyBoolArray(outputMask);
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnGroupNormBackward);
    return;
  }
  const aclnnStatus status = aclnnGroupNormSwishGradGetWorkspaceSize(
      dy.tensor, mean.tensor, rstd.tensor, x.tensor, gamma.tensor, beta.tensor, p.groups, nullptr, 1.0, true, true,
      dx.tensor, dgamma.tensor, dbeta.tensor, &wsSize, &exec);
  aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnGroupNormSwishGrad);
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> TorchBackward(const Inputs &in, const Problem &p, at::ScalarType t) {
  const int64_t n = p.shape[0], c = p.shape[1];
  const at::Tensor dz = p.swish ? at::silu_backward(in.dy.to(t), in.z.to(t)) : in.dy.to(t);
  return at::native_group_norm_backward(dz, in.x.to(t), in.mean.to(t), in.rstd.to(t), in.gamma.to(t), n, c,
                                        in.x.numel() / (n * c), p.groups, {true, true, true});
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const bool viaF32 = aclcpu_bench::TorchLacksKernel(in.x.scalar_type(), [](at::ScalarType t) {
    const at::Tensor v = at::ones({2, 4, 3}, t), s = at::ones({2, 2}, t), g = at::ones({4}, t);
    at::native_group_norm_backward(at::silu_backward(v, v), v, s, s, g, 2, 4, 3, 2, {true, true, true});
  });
  for (auto _ : state) {
    auto r = TorchBackward(in, p, viaF32 ? at::kFloat : in.x.scalar_type());
    if (viaF32)
      r = {std::get<0>(r).to(in.x.scalar_type()), std::get<1>(r).to(in.x.scalar_type()),
           std::get<2>(r).to(in.x.scalar_type())};
    benchmark::DoNotOptimize(std::get<0>(r).data_ptr());
    benchmark::DoNotOptimize(std::get<1>(r).data_ptr());
    benchmark::DoNotOptimize(std::get<2>(r).data_ptr());
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv,
      "PyTorch: silu_backward + native_group_norm_backward; dtypes without a 1.13 CPU kernel are timed as "
      "upcast -> fp32 -> cast back.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        const std::vector<std::pair<std::vector<int64_t>, int64_t>> shapes = {{{2, 320, 64, 64}, 32},
                                                                              {{2, 640, 32, 32}, 32},
                                                                              {{2, 1280, 16, 16}, 32},
                                                                              {{8, 320, 64, 64}, 32},
                                                                              {{4, 256, 1024}, 8}};
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          for (const auto &[shape, groups] : shapes) {
            int64_t elems = 1;
            for (int64_t d : shape) elems *= d;
            // peers-and-limits.md §8.2: read dy and x, write dx (statistics and parameters are tiny).
            const double bytes = static_cast<double>(elems) * 3 * static_cast<double>(aclDataTypeSize(dtype));
            const std::string label = aclcpu_bench::ShapeName(shape) + "g" + std::to_string(groups);
            aclcpu_bench::AddComparison(rows, {"GroupNormSwishGrad", label, aclcpu_bench::DTypeName(dtype), bytes},
                                        BenchOurs, BenchTorch, Problem{shape, groups, dtype});
            aclcpu_bench::AddComparison(rows, {"GroupNormBackward", label, aclcpu_bench::DTypeName(dtype), bytes},
                                        BenchOurs, BenchTorch, Problem{shape, groups, dtype, false});
          }
        }
      });
}
