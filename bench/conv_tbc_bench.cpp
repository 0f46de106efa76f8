// aclnnConvTbc vs PyTorch's conv_tbc on the same inputs and threads, each row held against the GEMM
// library's own rate for a large square product measured in this run (the compute bound: the op is
// one GEMM's worth of FLOPs, 2 B Cin Cout S with S the sum of the taps' lengths). Plus cascade rows:
// forward then backward (gradOutput = the forward's output) against at::conv_tbc followed by
// at::conv_tbc_backward, 6 B Cin Cout S FLOPs.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <omp.h>

#include "aclnnop/aclnn_convolution.h"
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
  bool cascade;
  int64_t tOut() const { return t + 2 * pad - k + 1; }
  // Sum over the taps of the output steps each pairs with an input step.
  double Taps() const {
    double s = 0;
    for (int64_t tap = 0; tap < k; ++tap) {
      const int64_t oShift = std::max<int64_t>(0, pad - tap);
      s += static_cast<double>(std::max<int64_t>(0, std::min(t + pad - tap, tOut()) - oShift));
    }
    return s;
  }
};

struct Inputs {
  at::Tensor input, weight, bias;
  explicit Inputs(const Problem &p)
      : input(at::rand({p.t, p.b, p.cin}).sub(0.5).to(TorchType(p.dtype))),
        weight(at::rand({p.k, p.cin, p.cout}).sub(0.5).to(TorchType(p.dtype))),
        bias(at::rand({p.cout}).sub(0.5).to(TorchType(p.dtype))) {}
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  DeviceCopy input(in.input, p.dtype), weight(in.weight, p.dtype), bias(in.bias, p.dtype);
  DeviceCopy output(at::empty({p.tOut(), p.b, p.cout}, in.input.options()), p.dtype);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status =
      aclnnConvTbcGetWorkspaceSize(input.tensor, weight.tensor, bias.tensor, p.pad, output.tensor, 0, &wsSize, &exec);
  if (!p.cascade) {
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnConvTbc);
    return;
  }
  DeviceCopy gradInput(at::empty_like(in.input), p.dtype), gradWeight(at::empty_like(in.weight), p.dtype);
  DeviceCopy gradBias(at::empty_like(in.bias), p.dtype);
  uint64_t bwSize = 0;
  aclOpExecutor *bwExec = nullptr;
  const aclnnStatus bwStatus =
      aclnnConvTbcBackwardGetWorkspaceSize(output.tensor, input.tensor, weight.tensor, bias.tensor, p.pad, 0,
                                           gradInput.tensor, gradWeight.tensor, gradBias.tensor, &bwSize, &bwExec);
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
    aclnnConvTbc(ws, wsSize, exec, stream);
    aclnnConvTbcBackward(ws, bwSize, bwExec, stream);
    aclrtSynchronizeStream(stream);
  }
  aclDestroyAclOpExecutor(exec);
  aclDestroyAclOpExecutor(bwExec);
  aclrtDestroyStream(stream);
  if (ws != nullptr) aclrtFree(ws);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  for (auto _ : state) {
    const at::Tensor y = at::conv_tbc(in.input, in.weight, in.bias, p.pad);
    benchmark::DoNotOptimize(y.data_ptr());
    if (p.cascade) {
      auto r = at::conv_tbc_backward(y, in.input, in.weight, in.bias, p.pad);
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
  at::conv_tbc(at::ones({3, 2, 3}), at::ones({1, 3, 4}), at::ones({4}), 0);
  note = "GEMM library rate (oneDNN " + std::to_string(dnnl_version()->major) + "." +
         std::to_string(dnnl_version()->minor) + ", 2048^3, this run): fp32 " + std::to_string(f32Rate) +
         " GFLOP/s, bf16 " + std::to_string(bf16Rate) +
         (aclcpu_bench::HasBf16Matmul() ? "" : " (no bf16 matmul on this CPU: bf16 runs as fp32 products)") +
         " GFLOP/s.\nPyTorch's BLAS: " + TorchBlas() + ".";
  return aclcpu_bench::BenchmarkMain(argc, argv, note.c_str(), [&](std::vector<aclcpu_bench::Row> *rows) {
    const std::vector<Problem> shapes = {{256, 16, 512, 512, 3, 1, ACL_FLOAT, false},
                                         {1024, 8, 256, 256, 5, 2, ACL_FLOAT, false},
                                         {50, 4, 64, 64, 3, 1, ACL_FLOAT, false},
                                         {4096, 1, 1600, 1024, 3, 1, ACL_FLOAT, false},
                                         {256, 16, 512, 512, 3, 1, ACL_FLOAT, true}};
    for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
      for (Problem p : shapes) {
        p.dtype = dtype;
        aclcpu_bench::Row row{p.cascade ? "ConvTbc+Backward" : "ConvTbc",
                              "T" + std::to_string(p.t) + "B" + std::to_string(p.b) + "C" + std::to_string(p.cin) +
                                  "x" + std::to_string(p.cout) + "K" + std::to_string(p.k) + "p" +
                                  std::to_string(p.pad),
                              aclcpu_bench::DTypeName(dtype)};
        row.flops = (p.cascade ? 6.0 : 2.0) * static_cast<double>(p.b * p.cin * p.cout) * p.Taps();
        row.boundGflops = dtype == ACL_BF16 ? bf16Rate : f32Rate;
        aclcpu_bench::AddComparison(rows, row, BenchOurs, BenchTorch, p);
      }
    }
  });
}
