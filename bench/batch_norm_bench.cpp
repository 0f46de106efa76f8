// aclnnBatchNorm (training: batch statistics, running stats updated) and aclnnBatchNormBackward (training) vs
// PyTorch's native_batch_norm and native_batch_norm_backward on ResNet-50 layer shapes, the same inputs and threads.
// Ours runs repeatable executors on a stream; PyTorch allocates its outputs per call. The A2's saveInvstd holds the
// batch variance, PyTorch's the invstd: each backward gets its own forward's statistics.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_backward.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::DTypeName;
using aclcpu_bench::Row;
using aclcpu_bench::ShapeName;
using aclcpu_bench::TorchType;

struct Problem {
  std::vector<int64_t> shape;
  aclDataType dtype;
  bool backward;
};

constexpr double kEps = 1e-5, kMomentum = 0.1;

struct Inputs {
  at::Tensor x, dy, weight, bias, mean, var, invstd;
  explicit Inputs(const Problem &p) {
    const int64_t c = p.shape[1];
    const auto t = TorchType(p.dtype);
    x = at::randn(p.shape).to(t);
    dy = at::randn(p.shape).to(t);
    weight = at::rand({c}).add_(0.5);
    bias = at::randn({c});
    const std::vector<int64_t> dims = [&] {
      std::vector<int64_t> d = {0};
      for (size_t i = 2; i < p.shape.size(); ++i) d.push_back(static_cast<int64_t>(i));
      return d;
    }();
    const at::Tensor xf = x.to(at::kFloat);
    mean = xf.mean(dims);
    var = xf.var(dims, false);
    invstd = at::rsqrt(var + kEps);
  }
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const int64_t c = p.shape[1];
  DeviceCopy x(in.x, p.dtype), w(in.weight, ACL_FLOAT), b(in.bias, ACL_FLOAT), out(at::empty_like(in.x), p.dtype);
  DeviceCopy runningMean(at::zeros({c}), ACL_FLOAT), runningVar(at::ones({c}), ACL_FLOAT);
  DeviceCopy saveMean(in.mean, ACL_FLOAT), saveVar(in.var, ACL_FLOAT);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  if (!p.backward) {
    const aclnnStatus status =
        aclnnBatchNormGetWorkspaceSize(x.tensor, w.tensor, b.tensor, runningMean.tensor, runningVar.tensor, true,
                                       kMomentum, kEps, out.tensor, saveMean.tensor, saveVar.tensor, &wsSize, &exec);
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnBatchNorm);
    return;
  }
  DeviceCopy dy(in.dy, p.dtype), gw(at::zeros({c}), ACL_FLOAT), gb(at::zeros({c}), ACL_FLOAT);
  const bool mask[] = {true, true, true};
  aclBoolArray *outputMask = aclCreateBoolArray(mask, 3);
  const aclnnStatus status = aclnnBatchNormBackwardGetWorkspaceSize(
      dy.tensor, x.tensor, w.tensor, runningMean.tensor, runningVar.tensor, saveMean.tensor, saveVar.tensor, true, kEps,
      outputMask, out.tensor, gw.tensor, gb.tensor, &wsSize, &exec);
  aclDestroyBoolArray(outputMask);
  aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnBatchNormBackward);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const int64_t c = p.shape[1];
  at::Tensor runningMean = at::zeros({c}), runningVar = at::ones({c});
  // PyTorch 1.13's CPU batch norm takes 16-bit inputs with fp32 parameters only for bf16; fp16 is timed via fp32.
  const bool viaF32 = p.dtype == ACL_FLOAT16;
  for (auto _ : state) {
    const at::Tensor x = viaF32 ? in.x.to(at::kFloat) : in.x;
    if (!p.backward) {
      auto r = at::native_batch_norm(x, in.weight, in.bias, runningMean, runningVar, true, kMomentum, kEps);
      benchmark::DoNotOptimize((viaF32 ? std::get<0>(r).to(at::kHalf) : std::get<0>(r)).data_ptr());
    } else {
      const at::Tensor dy = viaF32 ? in.dy.to(at::kFloat) : in.dy;
      auto g = at::native_batch_norm_backward(dy, x, in.weight, runningMean, runningVar, in.mean, in.invstd, true, kEps,
                                              {true, true, true});
      benchmark::DoNotOptimize((viaF32 ? std::get<0>(g).to(at::kHalf) : std::get<0>(g)).data_ptr());
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv, "fp16 PyTorch rows: timed as upcast -> fp32 -> cast back (1.13 has no CPU Half batch norm).",
      [](std::vector<Row> *rows) {
        const std::vector<std::vector<int64_t>> shapes = {{8, 64, 112, 112}, {8, 256, 56, 56}, {8, 512, 28, 28},
                                                          {8, 1024, 14, 14}, {8, 2048, 7, 7},  {32, 64, 56, 56}};
        for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
          for (const auto &shape : shapes) {
            int64_t elems = 1;
            for (int64_t d : shape) elems *= d;
            const double s = static_cast<double>(aclDataTypeSize(dtype)), cells = static_cast<double>(elems);
            // forward: x read twice (statistics, then the output: a DRAM-sized x is not in cache), out written;
            // backward: dy and x read twice, dx written (the bound counts each tensor once).
            aclcpu_bench::AddComparison(rows, {"BatchNorm", ShapeName(shape), DTypeName(dtype), cells * 2 * s},
                                        BenchOurs, BenchTorch, Problem{shape, dtype, false});
            aclcpu_bench::AddComparison(rows, {"BatchNormBackward", ShapeName(shape), DTypeName(dtype), cells * 3 * s},
                                        BenchOurs, BenchTorch, Problem{shape, dtype, true});
          }
        }
      });
}
