// The matmul family vs PyTorch on the same inputs and threads, each row held against the GEMM library's own
// rate for a large square product measured in this run (the compute bound: 2 b m n k FLOPs).
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <omp.h>

#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "common/bench_util.h"
#include "common/gemm_rate.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

enum class Fn { kMatmul, kBatchMatMul, kAddmm, kMatmulTransposed };

struct Problem {
  Fn fn;
  int64_t b, m, n, k;
  aclDataType dtype;
};

struct Inputs {
  at::Tensor a, w, bias;
  explicit Inputs(const Problem &p) {
    const auto t = TorchType(p.dtype);
    if (p.fn == Fn::kBatchMatMul) {
      a = at::rand({p.b, p.m, p.k}).sub(0.5).to(t);
      w = at::rand({p.b, p.k, p.n}).sub(0.5).to(t);
    } else if (p.fn == Fn::kMatmulTransposed) {  // mat2 given as the transposed view of an (n, k) weight
      a = at::rand({p.m, p.k}).sub(0.5).to(t);
      w = at::rand({p.n, p.k}).sub(0.5).to(t).t();
    } else {
      a = at::rand({p.m, p.k}).sub(0.5).to(t);
      w = at::rand({p.k, p.n}).sub(0.5).to(t);
    }
    bias = at::rand({p.n}).sub(0.5).to(t);
  }
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  DeviceCopy a(in.a, p.dtype), w(in.w, p.dtype), bias(in.bias, p.dtype);
  const at::Tensor result = p.fn == Fn::kBatchMatMul ? at::empty({p.b, p.m, p.n}) : at::empty({p.m, p.n});
  DeviceCopy out(result, p.dtype);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  if (p.fn == Fn::kAddmm) {
    const float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(const_cast<float *>(&one), ACL_FLOAT);
    aclScalar *beta = aclCreateScalar(const_cast<float *>(&one), ACL_FLOAT);
    const aclnnStatus status =
        aclnnAddmmGetWorkspaceSize(bias.tensor, a.tensor, w.tensor, beta, alpha, out.tensor, 0, &wsSize, &exec);
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnAddmm);
    aclDestroyScalar(alpha);
    aclDestroyScalar(beta);
  } else if (p.fn == Fn::kBatchMatMul) {
    const aclnnStatus status = aclnnBatchMatMulGetWorkspaceSize(a.tensor, w.tensor, out.tensor, 0, &wsSize, &exec);
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnBatchMatMul);
  } else {
    const aclnnStatus status = aclnnMatmulGetWorkspaceSize(a.tensor, w.tensor, out.tensor, 0, &wsSize, &exec);
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnMatmul);
  }
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  // PyTorch 1.13 has no CPU fp16 GEMM: an fp16 user upcasts, multiplies in fp32 and casts back.
  const bool upcast = p.dtype == ACL_FLOAT16;
  const auto wide = [&](const at::Tensor &t) { return upcast ? t.to(at::kFloat) : t; };
  for (auto _ : state) {
    at::Tensor y;
    if (p.fn == Fn::kAddmm) {
      y = at::addmm(wide(in.bias), wide(in.a), wide(in.w));
    } else if (p.fn == Fn::kBatchMatMul) {
      y = at::bmm(wide(in.a), wide(in.w));
    } else {
      y = at::matmul(wide(in.a), wide(in.w));
    }
    if (upcast) y = y.to(at::kHalf);
    benchmark::DoNotOptimize(y.data_ptr());
  }
}

const char *NameOf(Fn fn) {
  switch (fn) {
    case Fn::kMatmul: return "Matmul";
    case Fn::kMatmulTransposed: return "Matmul(mat2^T)";
    case Fn::kBatchMatMul: return "BatchMatMul";
    default: return "Addmm";
  }
}

}  // namespace

int main(int argc, char **argv) {
  static std::string note;
  const int threads = aclcpu_bench::BenchThreads();
  const double f32Rate = aclcpu_bench::GemmGflops(false, threads), bf16Rate = aclcpu_bench::GemmGflops(true, threads);
  note = aclcpu_bench::GemmRateNote(f32Rate, bf16Rate) + "\nPyTorch's BLAS: " + aclcpu_bench::TorchBlas() + ".";
  return aclcpu_bench::BenchmarkMain(argc, argv, note.c_str(), [&](std::vector<aclcpu_bench::Row> *rows) {
    const std::vector<Problem> shapes = {{Fn::kMatmul, 1, 512, 512, 512, ACL_FLOAT},
                                         {Fn::kMatmul, 1, 2048, 2048, 2048, ACL_FLOAT},
                                         {Fn::kMatmul, 1, 4096, 4096, 256, ACL_FLOAT},
                                         {Fn::kBatchMatMul, 16, 128, 128, 64, ACL_FLOAT},
                                         {Fn::kMatmulTransposed, 1, 2048, 512, 512, ACL_FLOAT},
                                         {Fn::kAddmm, 1, 2048, 512, 512, ACL_FLOAT}};
    for (aclDataType dtype : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
      for (Problem p : shapes) {
        p.dtype = dtype;
        if (dtype != ACL_FLOAT && p.m * p.n * p.k > 512 * 512 * 512 * 8) continue;  // PyTorch 1.13's 16-bit GEMMs crawl
        aclcpu_bench::Row row{NameOf(p.fn),
                              (p.b > 1 ? std::to_string(p.b) + "x" : std::string()) + std::to_string(p.m) + "x" +
                                  std::to_string(p.k) + "x" + std::to_string(p.n),
                              aclcpu_bench::DTypeName(dtype)};
        row.flops = 2.0 * static_cast<double>(p.b * p.m * p.n) * static_cast<double>(p.k);
        row.boundGflops = dtype == ACL_BF16 ? bf16Rate : f32Rate;
        aclcpu_bench::AddComparison(rows, row, BenchOurs, BenchTorch, p);
      }
    }
  });
}
