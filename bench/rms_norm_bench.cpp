// aclnnRmsNorm, aclnnRmsNormGrad and aclnnAddRmsNorm vs PyTorch's composite RMSNorm (1.13 has no fused one):
// y = x * rsqrt(mean(x^2) + eps) * gamma, its gradients written with the same ATen ops autograd would run, and
// x = x1 + x2 before the forward. Ours runs repeatable executors on a stream; PyTorch allocates per call.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::DTypeName;
using aclcpu_bench::Row;
using aclcpu_bench::ShapeName;
using aclcpu_bench::TorchType;

enum class Fn { kForward, kGrad, kAdd };

struct Problem {
  std::vector<int64_t> shape;  // normalized over the last dim
  aclDataType dtype;
  Fn fn;
};

struct Inputs {
  at::Tensor x, x2, dy, gamma, rstd;
  explicit Inputs(const Problem &p) {
    const auto t = TorchType(p.dtype);
    x = at::randn(p.shape).to(t);
    x2 = at::randn(p.shape).to(t);
    dy = at::randn(p.shape).to(t);
    gamma = at::rand({p.shape.back()}).add_(0.5).to(t);
    rstd = at::rsqrt(x.to(at::kFloat).pow(2).mean(-1, true).add_(1e-6));
  }
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  DeviceCopy x(in.x, p.dtype), gamma(in.gamma, p.dtype), rstd(in.rstd, ACL_FLOAT), y(at::empty_like(in.x), p.dtype);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  switch (p.fn) {
    case Fn::kForward: {
      const aclnnStatus status =
          aclnnRmsNormGetWorkspaceSize(x.tensor, gamma.tensor, 1e-6, y.tensor, rstd.tensor, &wsSize, &exec);
      aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnRmsNorm);
      return;
    }
    case Fn::kGrad: {
      DeviceCopy dy(in.dy, p.dtype), dgamma(at::zeros({p.shape.back()}), ACL_FLOAT);
      const aclnnStatus status = aclnnRmsNormGradGetWorkspaceSize(dy.tensor, x.tensor, rstd.tensor, gamma.tensor,
                                                                  y.tensor, dgamma.tensor, &wsSize, &exec);
      aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnRmsNormGrad);
      return;
    }
    case Fn::kAdd: {
      DeviceCopy x2(in.x2, p.dtype), xOut(at::empty_like(in.x), p.dtype);
      const aclnnStatus status = aclnnAddRmsNormGetWorkspaceSize(x.tensor, x2.tensor, gamma.tensor, 1e-6, y.tensor,
                                                                 rstd.tensor, xOut.tensor, &wsSize, &exec);
      aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnAddRmsNorm);
      return;
    }
  }
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  for (auto _ : state) {
    switch (p.fn) {
      case Fn::kForward:
      case Fn::kAdd: {
        const at::Tensor x = p.fn == Fn::kAdd ? in.x + in.x2 : in.x;
        const at::Tensor rstd = at::rsqrt(x.to(at::kFloat).pow(2).mean(-1, true) + 1e-6);
        const at::Tensor y = (x.to(at::kFloat) * rstd).to(x.scalar_type()) * in.gamma;
        benchmark::DoNotOptimize(y.data_ptr());
        break;
      }
      case Fn::kGrad: {  // autograd's ops for y = (x * rstd) * gamma with rstd = rsqrt(mean(x^2) + eps)
        const at::Tensor x = in.x.to(at::kFloat), dy = in.dy.to(at::kFloat), g = in.gamma.to(at::kFloat);
        const at::Tensor xhat = x * in.rstd;
        const at::Tensor dgamma = (dy * xhat).sum(0);
        const at::Tensor dxhat = dy * g;
        const at::Tensor c = (dxhat * x).sum(-1, true) * in.rstd.pow(3) / static_cast<double>(p.shape.back());
        const at::Tensor dx = (dxhat * in.rstd - x * c).to(in.x.scalar_type());
        benchmark::DoNotOptimize(dx.data_ptr());
        benchmark::DoNotOptimize(dgamma.data_ptr());
        break;
      }
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv, "PyTorch rows: the composite formula (PyTorch 1.13 has no fused RMSNorm), 16-bit computed in fp32.",
      [](std::vector<Row> *rows) {
        const std::vector<std::vector<int64_t>> shapes = {{4096, 4096}, {16384, 1024}, {8, 2048, 4096}};
        for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
          for (const auto &shape : shapes) {
            int64_t elems = 1;
            for (int64_t d : shape) elems *= d;
            const int64_t n = shape.back(), m = elems / n;
            const double s = static_cast<double>(aclDataTypeSize(dtype)), cells = static_cast<double>(m * n);
            const double stats = static_cast<double>(m) * 4 + static_cast<double>(n) * (s + 4);
            // forward: x read, y written; grad: dy, x read, dx written; add: x1, x2 read, y, x written.
            aclcpu_bench::AddComparison(rows, {"RmsNorm", ShapeName(shape), DTypeName(dtype), cells * 2 * s + stats},
                                        BenchOurs, BenchTorch, Problem{shape, dtype, Fn::kForward});
            aclcpu_bench::AddComparison(rows,
                                        {"RmsNormGrad", ShapeName(shape), DTypeName(dtype), cells * 3 * s + stats},
                                        BenchOurs, BenchTorch, Problem{shape, dtype, Fn::kGrad});
            aclcpu_bench::AddComparison(rows, {"AddRmsNorm", ShapeName(shape), DTypeName(dtype), cells * 4 * s + stats},
                                        BenchOurs, BenchTorch, Problem{shape, dtype, Fn::kAdd});
          }
        }
      });
}
