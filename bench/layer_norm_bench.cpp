// aclnnLayerNorm vs PyTorch's native_layer_norm on the same inputs and threads, plus layer-step
// (cascade) rows: our LayerNorm then LayerNormBackward fed its mean/rstd, against PyTorch's
// native_layer_norm then native_layer_norm_backward. Ours runs repeatable executors on a stream
// (launch + synchronize per iteration, buffers reused as a training loop would); PyTorch allocates
// its outputs per call, which is what its users get.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <memory>

#include "acl/acl.h"
#include "aclnnop/aclnn_layer_norm.h"
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
  bool cascade;
};

struct Inputs {
  at::Tensor x, dy, weight, bias;
  explicit Inputs(const Problem &p) {
    const int64_t n = p.shape.back();
    const auto t = TorchType(p.dtype);
    x = at::randn(p.shape).to(t);
    dy = at::randn(p.shape).to(t);
    weight = at::randn({n}).to(t);
    bias = at::randn({n}).to(t);
  }
};

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const Inputs in(p);
  const int64_t n = p.shape.back();
  std::vector<int64_t> statShape = p.shape;
  statShape.back() = 1;
  DeviceCopy x(in.x, p.dtype), w(in.weight, p.dtype), b(in.bias, p.dtype), y(at::empty_like(in.x), p.dtype);
  // FLOAT statistics, as norm-forward.md §1.15 advises for the backward (and PyTorch keeps for f16).
  DeviceCopy mean(at::zeros(statShape), ACL_FLOAT), rstd(at::zeros(statShape), ACL_FLOAT);
  aclIntArray *ns = aclCreateIntArray(&n, 1);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = aclnnLayerNormGetWorkspaceSize(x.tensor, ns, w.tensor, b.tensor, 1e-5, y.tensor,
                                                            mean.tensor, rstd.tensor, &wsSize, &exec);
  if (!p.cascade) {
    aclcpu_bench::TimeExecutor(state, status, wsSize, exec, aclnnLayerNorm);
    aclDestroyIntArray(ns);
    return;
  }
  DeviceCopy dy(in.dy, p.dtype), dx(at::empty_like(in.x), p.dtype), dw(at::zeros({n}), ACL_FLOAT),
      db(at::zeros({n}), ACL_FLOAT);
  const bool mask[] = {true, true, true};
  aclBoolArray *maskArray = aclCreateBoolArray(mask, 3);
  uint64_t bwSize = 0;
  aclOpExecutor *bwExec = nullptr;
  const aclnnStatus bwStatus =
      aclnnLayerNormBackwardGetWorkspaceSize(dy.tensor, x.tensor, ns, mean.tensor, rstd.tensor, w.tensor, b.tensor,
                                             maskArray, dx.tensor, dw.tensor, db.tensor, &bwSize, &bwExec);
  aclDestroyIntArray(ns);
  aclDestroyBoolArray(maskArray);
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
    aclnnLayerNorm(ws, wsSize, exec, stream);
    aclnnLayerNormBackward(ws, bwSize, bwExec, stream);
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
  const int64_t n = p.shape.back();
  // PyTorch 1.13 has no Half kernel on CPU: an fp16 user must upcast, run in fp32 and cast back.
  const bool viaF32 = p.dtype == ACL_FLOAT16;
  for (auto _ : state) {
    const at::Tensor x = viaF32 ? in.x.to(at::kFloat) : in.x;
    const at::Tensor w = viaF32 ? in.weight.to(at::kFloat) : in.weight;
    const at::Tensor b = viaF32 ? in.bias.to(at::kFloat) : in.bias;
    auto r = at::native_layer_norm(x, {n}, w, b, 1e-5);
    benchmark::DoNotOptimize((viaF32 ? std::get<0>(r).to(at::kHalf) : std::get<0>(r)).data_ptr());
    if (p.cascade) {
      const at::Tensor dy = viaF32 ? in.dy.to(at::kFloat) : in.dy;
      auto g = at::native_layer_norm_backward(dy, x, {n}, std::get<1>(r), std::get<2>(r), w, b, {true, true, true});
      benchmark::DoNotOptimize((viaF32 ? std::get<0>(g).to(at::kHalf) : std::get<0>(g)).data_ptr());
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
            // x read, y written; fp32 mean/rstd; gamma and beta.
            const double bytes =
                static_cast<double>(m * n) * 2 * s + static_cast<double>(m) * 8 + static_cast<double>(n) * 2 * s;
            aclcpu_bench::AddComparison(rows, {"LayerNorm", ShapeName(shape), DTypeName(dtype), bytes}, BenchOurs,
                                        BenchTorch, Problem{shape, dtype, false});
          }
        }
        // The layer step: forward (x, y) then backward (dy, x, dx): five tensor passes.
        for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
          const std::vector<int64_t> shape = {16384, 768};
          const int64_t n = shape.back(), m = shape[0];
          const double s = static_cast<double>(aclDataTypeSize(dtype));
          const double bytes =
              static_cast<double>(m * n) * 5 * s + static_cast<double>(m) * 16 + static_cast<double>(n) * (3 * s + 8);
          aclcpu_bench::AddComparison(rows, {"LayerNorm+Backward", ShapeName(shape), DTypeName(dtype), bytes},
                                      BenchOurs, BenchTorch, Problem{shape, dtype, true});
        }
      });
}
