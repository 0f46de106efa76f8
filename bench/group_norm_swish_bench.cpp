// aclnnGroupNormSwish vs what PyTorch users run for GroupNorm + SiLU: native_group_norm, then silu
// on its output (swishScale 1, where swish is SiLU), on the same inputs and threads. Ours runs a
// repeatable executor on a stream with buffers reused, in one pass over the data for the statistics
// and one for y. Cascade rows: forward + GroupNormSwishGrad (ours, one workspace, one stream) against
// native_group_norm + silu + silu_backward + native_group_norm_backward (what autograd runs).
// Where PyTorch 1.13 has no CPU kernel for a dtype it is timed as upcast -> fp32 -> cast back.
// GroupNorm rows: aclnnGroupNorm (the same kernel without the swish) vs native_group_norm alone.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>

#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_swish.h"
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
  bool cascade;
  bool plain = false;  // GroupNorm: no swish
};

struct Inputs {
  at::Tensor x, gamma, beta, dy;
  explicit Inputs(const Problem &p) {
    const auto t = TorchType(p.dtype);
    x = at::randn(p.shape).to(t);
    dy = at::randn(p.shape).to(t);
    gamma = at::randn({p.shape[1]}).to(t);
    beta = at::randn({p.shape[1]}).to(t);
  }
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const int64_t n = p.shape[0];
  DeviceCopy x(in.x, p.dtype), gamma(in.gamma, p.dtype), beta(in.beta, p.dtype), y(at::empty_like(in.x), p.dtype);
  const at::Tensor stats = at::empty({n, p.groups}, in.x.options());
  DeviceCopy mean(stats, p.dtype), rstd(stats, p.dtype);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  if (p.plain) {
    const int64_t c = p.shape[1];
    const aclnnStatus status =
        aclnnGroupNormGetWorkspaceSize(x.tensor, gamma.tensor, beta.tensor, n, c, in.x.numel() / (n * c), p.groups,
                                       1e-5, y.tensor, mean.tensor, rstd.tensor, &wsSize, &exec);
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnGroupNorm);
    return;
  }
  const aclnnStatus status =
      aclnnGroupNormSwishGetWorkspaceSize(x.tensor, gamma.tensor, beta.tensor, p.groups, nullptr, 1e-5, true, 1.0,
                                          y.tensor, mean.tensor, rstd.tensor, &wsSize, &exec);
  if (!p.cascade) {
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnGroupNormSwish);
    return;
  }
  DeviceCopy dy(in.dy, p.dtype), dx(at::empty_like(in.x), p.dtype), dgamma(at::empty_like(in.gamma), p.dtype),
      dbeta(at::empty_like(in.gamma), p.dtype);
  uint64_t bwSize = 0;
  aclOpExecutor *bwExec = nullptr;
  const aclnnStatus bwStatus = aclnnGroupNormSwishGradGetWorkspaceSize(
      dy.tensor, mean.tensor, rstd.tensor, x.tensor, gamma.tensor, beta.tensor, p.groups, nullptr, 1.0, true, true,
      dx.tensor, dgamma.tensor, dbeta.tensor, &bwSize, &bwExec);
  if (status != 0 || bwStatus != 0) {
    state.SkipWithError(aclGetRecentErrMsg());
    return;
  }
  aclSetAclOpExecutorRepeatable(exec);
  aclSetAclOpExecutorRepeatable(bwExec);
  void *ws = nullptr;
  const uint64_t size = std::max(wsSize, bwSize);  // the two run in order on one stream: one workspace
  if (size > 0) aclrtMalloc(&ws, size, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  for (auto _ : state) {
    aclnnGroupNormSwish(ws, wsSize, exec, stream);
    aclnnGroupNormSwishGrad(ws, bwSize, bwExec, stream);
    aclrtSynchronizeStream(stream);
  }
  aclDestroyAclOpExecutor(exec);
  aclDestroyAclOpExecutor(bwExec);
  aclrtDestroyStream(stream);
  if (ws != nullptr) aclrtFree(ws);
}

// One training step's worth of PyTorch calls in `t`; returns the tensors to keep.
std::vector<at::Tensor> TorchStep(const Inputs &in, const Problem &p, at::ScalarType t) {
  const int64_t n = p.shape[0], c = p.shape[1], hw = in.x.numel() / (n * c);
  const at::Tensor x = in.x.to(t), gamma = in.gamma.to(t), beta = in.beta.to(t);
  auto fwd = at::native_group_norm(x, gamma, beta, n, c, hw, p.groups, 1e-5);
  if (p.plain) return {std::get<0>(fwd), std::get<1>(fwd), std::get<2>(fwd)};
  const at::Tensor z = std::get<0>(fwd), y = at::silu(z);
  if (!p.cascade) return {y, std::get<1>(fwd), std::get<2>(fwd)};
  const at::Tensor dz = at::silu_backward(in.dy.to(t), z);
  auto bwd = at::native_group_norm_backward(dz, x, std::get<1>(fwd), std::get<2>(fwd), gamma, n, c, hw, p.groups,
                                            {true, true, true});
  return {y, std::get<0>(bwd), std::get<1>(bwd), std::get<2>(bwd)};
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const bool viaF32 = aclcpu_bench::TorchLacksKernel(in.x.scalar_type(), [](at::ScalarType t) {
    const at::Tensor v = at::ones({2, 4, 3}, t), g = at::ones({4}, t);
    auto f = at::native_group_norm(v, g, g, 2, 4, 3, 2, 1e-5);
    const at::Tensor z = at::silu(std::get<0>(f));
    at::native_group_norm_backward(at::silu_backward(v, z), v, std::get<1>(f), std::get<2>(f), g, 2, 4, 3, 2,
                                   {true, true, true});
  });
  for (auto _ : state) {
    std::vector<at::Tensor> r = TorchStep(in, p, viaF32 ? at::kFloat : in.x.scalar_type());
    if (viaF32) {
      for (at::Tensor &t : r) t = t.to(in.x.scalar_type());
    }
    for (const at::Tensor &t : r) benchmark::DoNotOptimize(t.data_ptr());
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv,
      "PyTorch: native_group_norm + silu (cascade rows: + silu_backward + native_group_norm_backward); dtypes "
      "without a 1.13 CPU kernel are timed as upcast -> fp32 -> cast back.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        const std::vector<std::pair<std::vector<int64_t>, int64_t>> shapes = {{{2, 320, 64, 64}, 32},
                                                                              {{2, 640, 32, 32}, 32},
                                                                              {{2, 1280, 16, 16}, 32},
                                                                              {{8, 320, 64, 64}, 32},
                                                                              {{4, 256, 1024}, 8}};
        for (bool cascade : {false, true}) {
          for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            for (const auto &[shape, groups] : shapes) {
              if (cascade && shape[0] == 8) continue;  // the cascade table keeps to the smaller shapes
              int64_t elems = 1;
              for (int64_t d : shape) elems *= d;
              // Forward: read x, write y. Cascade: that, then read dy and x, write dx.
              const double bytes =
                  static_cast<double>(elems) * (cascade ? 5 : 2) * static_cast<double>(aclDataTypeSize(dtype));
              const std::string label = aclcpu_bench::ShapeName(shape) + "g" + std::to_string(groups);
              aclcpu_bench::AddComparison(
                  rows,
                  {cascade ? "GroupNormSwish+Grad" : "GroupNormSwish", label, aclcpu_bench::DTypeName(dtype), bytes},
                  BenchOurs, BenchTorch, Problem{shape, groups, dtype, cascade});
              if (!cascade) {
                aclcpu_bench::AddComparison(rows, {"GroupNorm", label, aclcpu_bench::DTypeName(dtype), bytes},
                                            BenchOurs, BenchTorch, Problem{shape, groups, dtype, false, true});
              }
            }
          }
        }
      });
}
