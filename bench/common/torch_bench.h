// Shared pieces of the PyTorch-vs-ours benchmarks: dtype names and mappings, shape labels, device
// copies of ATen tensors described as aclTensors, and the repeatable-executor timing loop.
#pragma once

#include <ATen/ATen.h>
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <limits>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "common/bench_util.h"
#include "common/torch_convert.h"

namespace aclcpu_bench {

using aclcpu_test::TorchType;

inline const char *DTypeName(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: return "f16";
    case ACL_BF16: return "bf16";
    case ACL_DOUBLE: return "f64";
    case ACL_COMPLEX64: return "c64";
    case ACL_COMPLEX128: return "c128";
    default: return "f32";
  }
}

inline std::string ShapeName(const std::vector<int64_t> &s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) out += (i ? "x" : "") + std::to_string(s[i]);
  return out;
}

// A device copy of a torch tensor, described as a contiguous ND aclTensor.
struct DeviceCopy {
  void *dev = nullptr;
  aclTensor *tensor = nullptr;
  DeviceCopy(const at::Tensor &t, aclDataType dtype, aclFormat format = ACL_FORMAT_ND) {
    const at::Tensor c = t.contiguous();
    const size_t bytes = static_cast<size_t>(c.numel()) * c.element_size();
    aclrtMalloc(&dev, bytes > 0 ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dev, bytes, c.data_ptr(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    const std::vector<int64_t> shape(c.sizes().begin(), c.sizes().end());
    tensor = aclCreateTensor(shape.data(), shape.size(), dtype, nullptr, 0, format, shape.data(), shape.size(), dev);
  }
  ~DeviceCopy() {
    aclDestroyTensor(tensor);
    aclrtFree(dev);
  }
  DeviceCopy(const DeviceCopy &) = delete;
  DeviceCopy &operator=(const DeviceCopy &) = delete;
};

// Times phase 2 of a repeatable executor: launch on a stream and synchronize every iteration, with
// the workspace and buffers reused (as a training step reuses them).
template <class Launch>
void TimeExecutor(benchmark::State &state, aclnnStatus phase1, uint64_t workspaceSize, aclOpExecutor *exec,
                  Launch launch) {
  if (phase1 != 0) {
    state.SkipWithError(aclGetRecentErrMsg());
    return;
  }
  aclSetAclOpExecutorRepeatable(exec);
  void *ws = nullptr;
  if (workspaceSize > 0) aclrtMalloc(&ws, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  for (auto _ : state) {
    launch(ws, workspaceSize, exec, stream);
    aclrtSynchronizeStream(stream);
  }
  aclDestroyAclOpExecutor(exec);
  aclrtDestroyStream(stream);
  if (ws != nullptr) aclrtFree(ws);
}

// PyTorch 1.13 lacks some CPU kernels (fp16/bf16 for several ops): true when `op` throws for `t`.
template <class Op>
bool TorchLacksKernel(at::ScalarType t, Op op) {
  try {
    op(t);
    return false;
  } catch (const std::exception &) {
    return true;
  }
}

// PyTorch allocates its outputs (and temporaries) on every call. Under glibc's defaults a large block
// is an mmap of its own, so every call faults fresh pages in, which a training loop with PyTorch's
// caching allocators never pays. "Warm" tells glibc to serve every block from its heap and keep freed
// memory (no mmap, no trimming), so a call reuses the pages the previous one freed; "cold" restores
// the defaults. The table compares with the warm figure and prints the cold one beside it.
inline void UseWarmMalloc() {
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
}
inline void UseColdMalloc() {
  mallopt(M_MMAP_MAX, 65536);             // glibc's default
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);  // glibc's initial threshold
  mallopt(M_TRIM_THRESHOLD, 128 * 1024);
  malloc_trim(0);
}

// Adds a table row and registers its timings under the names PrintTable looks up: ours, PyTorch with
// warm memory, PyTorch with cold memory.
template <class Problem>
void AddComparison(std::vector<Row> *rows, Row row, void (*ours)(benchmark::State &, Problem),
                   void (*torch)(benchmark::State &, Problem), const Problem &problem) {
  benchmark::RegisterBenchmark((row.Name() + "/ours").c_str(), ours, problem)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark((row.Name() + "/torch").c_str(),
                               [torch, problem](benchmark::State &state) {
                                 UseWarmMalloc();
                                 torch(state, problem);
                               })
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark((row.Name() + "/torch_cold").c_str(),
                               [torch, problem](benchmark::State &state) {
                                 UseColdMalloc();
                                 torch(state, problem);
                                 UseWarmMalloc();
                               })
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  rows->push_back(std::move(row));
}

// The main() of every benchmark program: measure the bound, bring up the runtime, let
// `addComparisons(&rows)` register the op's rows, run them, print the table, then measure and print
// each row's warm triad.
template <class AddComparisons>
int BenchmarkMain(int argc, char **argv, const char *torchNote, AddComparisons addComparisons) {
  benchmark::Initialize(&argc, argv);
  const int threads = BenchThreads();
  const double bound = MeasureTriadGBs(threads);
  aclInit(nullptr);
  aclrtSetDevice(0);
  std::vector<Row> rows;
  addComparisons(&rows);
  TableReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  PrintTable(rows, reporter, bound, threads, torchNote);
  PrintWarmTriads(rows, reporter, threads);
  aclrtResetDevice(0);
  aclFinalize();
  benchmark::Shutdown();
  return 0;
}

}  // namespace aclcpu_bench
