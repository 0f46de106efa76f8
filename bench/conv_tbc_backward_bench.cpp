// aclnnConvTbcBackward vs PyTorch's conv_tbc_backward on the same inputs and threads, each row held
// against the GEMM library's own rate for a large square product measured in this run (the
// compute bound: the op is 4 GEMMs' worth of FLOPs, peers-and-limits.md §8.5). PyTorch 1.13 has
// no fp16 matmul on CPU: its fp16 rows are timed as its users must run them (upcast, fp32, cast).
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <omp.h>

#include <cstdlib>

#include "aclnnop/aclnn_convolution_backward.h"
#include "common/bench_util.h"
#include "common/gemm_rate.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::GemmGflops;
using aclcpu_bench::TorchBlas;
using aclcpu_bench::TorchType;

struct Problem {
  int64_t t, b, cin, cout, k, pad;
  aclDataType dtype;
  int64_t tOut() const { return t + 2 * pad - k + 1; }
};

struct Inputs {
  at::Tensor self, input, weight, bias;
  explicit Inputs(const Problem &p)
      : self(at::rand({p.tOut(), p.b, p.cout}).sub(0.5).to(TorchType(p.dtype))),
        input(at::rand({p.t, p.b, p.cin}).sub(0.5).to(TorchType(p.dtype))),
        weight(at::rand({p.k, p.cin, p.cout}).sub(0.5).to(TorchType(p.dtype))),
        bias(at::zeros({p.cout}).to(TorchType(p.dtype))) {}
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  DeviceCopy self(in.self, p.dtype), input(in.input, p.dtype), weight(in.weight, p.dtype), bias(in.bias, p.dtype);
  DeviceCopy gradInput(at::empty_like(in.input), p.dtype), gradWeight(at::empty_like(in.weight), p.dtype);
  DeviceCopy gradBias(at::empty_like(in.bias), p.dtype);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status =
      aclnnConvTbcBackwardGetWorkspaceSize(self.tensor, input.tensor, weight.tensor, bias.tensor, p.pad, 0,
                                           gradInput.tensor, gradWeight.tensor, gradBias.tensor, &wsSize, &exec);
  aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnConvTbcBackward);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const bool viaF32 = aclcpu_bench::TorchLacksKernel(in.self.scalar_type(), [](at::ScalarType t) {
    at::conv_tbc_backward(at::ones({3, 2, 4}, t), at::ones({3, 2, 3}, t), at::ones({1, 3, 4}, t), at::ones({4}, t), 0);
  });
  for (auto _ : state) {
    if (viaF32) {
      auto r = at::conv_tbc_backward(in.self.to(at::kFloat), in.input.to(at::kFloat), in.weight.to(at::kFloat),
                                     in.bias.to(at::kFloat), p.pad);
      benchmark::DoNotOptimize(std::get<0>(r).to(in.self.scalar_type()).data_ptr());
      benchmark::DoNotOptimize(std::get<1>(r).to(in.self.scalar_type()).data_ptr());
      benchmark::DoNotOptimize(std::get<2>(r).to(in.self.scalar_type()).data_ptr());
    } else {
      auto r = at::conv_tbc_backward(in.self, in.input, in.weight, in.bias, p.pad);
      benchmark::DoNotOptimize(std::get<0>(r).data_ptr());
      benchmark::DoNotOptimize(std::get<1>(r).data_ptr());
      benchmark::DoNotOptimize(std::get<2>(r).data_ptr());
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  static std::string note;
  const int threads = aclcpu_bench::BenchThreads();
  const double f32Rate = GemmGflops(false, threads), bf16Rate = GemmGflops(true, threads);
  at::conv_tbc_backward(at::ones({3, 2, 4}), at::ones({3, 2, 3}), at::ones({1, 3, 4}), at::ones({4}), 0);
  note = "GEMM library rate (oneDNN " + std::to_string(dnnl_version()->major) + "." +
         std::to_string(dnnl_version()->minor) + ", 2048^3, this run): fp32 " + std::to_string(f32Rate) +
         " GFLOP/s, bf16 " + std::to_string(bf16Rate) +
         (aclcpu_bench::HasBf16Matmul() ? "" : " (no bf16 matmul on this CPU: bf16 runs as fp32 products)") +
         " GFLOP/s (fp16 rows run as fp32 products).\nPyTorch's BLAS: " + TorchBlas() +
         ".\nf16 PyTorch rows: PyTorch 1.13 has no CPU fp16 matmul; timed as upcast -> fp32 -> cast back.";
  return aclcpu_bench::BenchmarkMain(argc, argv, note.c_str(), [&](std::vector<aclcpu_bench::Row> *rows) {
    const std::vector<Problem> shapes = {{256, 16, 512, 512, 3, 1, ACL_FLOAT},
                                         {1024, 8, 256, 256, 5, 2, ACL_FLOAT},
                                         {50, 4, 64, 64, 3, 1, ACL_FLOAT},
                                         {4096, 1, 1600, 1024, 3, 1, ACL_FLOAT}};
    for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      for (Problem p : shapes) {
        p.dtype = dtype;
        // peers-and-limits.md §8.5: 2 B Cin Cout S for each of gradInput and gradWeight, S = sum of t_k.
        double taps = 0;
        for (int64_t k = 0; k < p.k; ++k) {
          const int64_t oShift = std::max<int64_t>(0, p.pad - k);
          taps += static_cast<double>(std::max<int64_t>(0, std::min(p.t + p.pad - k, p.tOut()) - oShift));
        }
        aclcpu_bench::Row row{"ConvTbcBackward",
                              "T" + std::to_string(p.t) + "B" + std::to_string(p.b) + "C" + std::to_string(p.cin) +
                                  "x" + std::to_string(p.cout) + "K" + std::to_string(p.k) + "p" +
                                  std::to_string(p.pad),
                              aclcpu_bench::DTypeName(dtype)};
        row.flops = 4.0 * static_cast<double>(p.b * p.cin * p.cout) * taps;
        row.boundGflops = dtype == ACL_BF16 ? bf16Rate : f32Rate;
        aclcpu_bench::AddComparison(rows, row, BenchOurs, BenchTorch, p);
      }
    }
  });
}
