// The reduction engine's operators vs PyTorch on the same inputs and threads: DRAM-sized sums over the
// contiguous dim (rows), over the outer dim (columns) and over everything, 16-bit inputs, a mean over
// two non-adjacent dims, a shorter row, and the cost of one small call (1 K elements: both phases'
// launch and a stream synchronize against one at::sum). Ours runs repeatable executors with buffers
// reused; PyTorch allocates its outputs per call (warm and cold memory, torch_bench.h).
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <vector>

#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

struct Problem {
  bool mean;
  std::vector<int64_t> shape, dims;
  bool keepDim;
  aclDataType dtype;
};

at::Tensor Input(const Problem &p) { return at::randn(p.shape).to(TorchType(p.dtype)); }

at::Tensor TorchReduce(const Problem &p, const at::Tensor &x) {
  return p.mean ? at::mean(x, p.dims, p.keepDim, TorchType(p.dtype))
                : at::sum(x, p.dims, p.keepDim, TorchType(p.dtype));
}

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor x = Input(p);
  DeviceCopy xDev(x, p.dtype);
  DeviceCopy outDev(TorchReduce(p, x), p.dtype);  // an output of the reduced shape
  aclIntArray *dims = aclCreateIntArray(p.dims.data(), p.dims.size());
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  if (p.mean) {
    const aclnnStatus status =
        aclnnMeanGetWorkspaceSize(xDev.tensor, dims, p.keepDim, p.dtype, outDev.tensor, &ws, &exec);
    aclcpu_bench::TimeExecutor(state, status, ws, exec, aclnnMean);
  } else {
    const aclnnStatus status =
        aclnnReduceSumGetWorkspaceSize(xDev.tensor, dims, p.keepDim, p.dtype, outDev.tensor, &ws, &exec);
    aclcpu_bench::TimeExecutor(state, status, ws, exec, aclnnReduceSum);
  }
  aclDestroyIntArray(dims);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const at::Tensor x = Input(p);
  for (auto _ : state) benchmark::DoNotOptimize(TorchReduce(p, x).data_ptr());
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv, "PyTorch: at::sum / at::mean with the same dims, keepdim and dtype, allocating its output per call.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        struct Entry {
          const char *op;
          bool mean;
          std::vector<int64_t> shape, dims;
          bool keepDim;
          aclDataType dtype;
        };
        const int64_t n = 4096;  // 4096 x 4096: 64 MiB per fp32 tensor
        const Entry entries[] = {
            {"ReduceSum(dim 1)", false, {n, n}, {1}, false, ACL_FLOAT},
            {"ReduceSum(dim 0)", false, {n, n}, {0}, false, ACL_FLOAT},
            {"ReduceSum(all)", false, {n, n}, {0, 1}, false, ACL_FLOAT},
            {"ReduceSum(dim 1)", false, {n, n}, {1}, false, ACL_FLOAT16},
            {"ReduceSum(dim 0)", false, {n, n}, {0}, false, ACL_FLOAT16},
            {"ReduceSum(dim 1)", false, {n, n}, {1}, false, ACL_BF16},
            {"Mean(dim 1, keepDim)", true, {n, n}, {1}, true, ACL_FLOAT},
            {"Mean(dims 0,2)", true, {64, 1024, 256}, {0, 2}, false, ACL_FLOAT},
            {"ReduceSum(dim 1)", false, {n, 1024}, {1}, false, ACL_FLOAT},
            {"ReduceSum(dim 1)", false, {32, 32}, {1}, false, ACL_FLOAT},  // one small call: 1 K elements
        };
        for (const Entry &e : entries) {
          int64_t elems = 1, outElems = 1;
          for (size_t d = 0; d < e.shape.size(); ++d) {
            elems *= e.shape[d];
            bool reduced = false;
            for (int64_t r : e.dims) reduced = reduced || r == static_cast<int64_t>(d);
            if (!reduced) outElems *= e.shape[d];
          }
          // Reading the input once and writing the output once.
          const double bytes = static_cast<double>(elems + outElems) * static_cast<double>(aclDataTypeSize(e.dtype));
          aclcpu_bench::AddComparison(rows,
                                      {e.op, aclcpu_bench::ShapeName(e.shape), aclcpu_bench::DTypeName(e.dtype), bytes},
                                      BenchOurs, BenchTorch, Problem{e.mean, e.shape, e.dims, e.keepDim, e.dtype});
        }
      });
}
