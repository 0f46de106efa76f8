// The softmax family vs PyTorch on the same inputs and threads: Softmax, LogSoftmax and their backward
// functions, fp32/fp16/bf16, rows of 128, 1024, 4096 and 32768 elements over the last dim (8 M elements
// per tensor: 32 MiB in fp32) and rows of 1024 over a non-last dim (strided rows). Ours runs repeatable
// executors with buffers reused; PyTorch allocates its output per call (warm and cold memory,
// torch_bench.h); where PyTorch 1.13 has no CPU kernel for a dtype it runs in fp32 with the casts.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <vector>

#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

enum class Fn { kSoftmax, kLogSoftmax, kSoftmaxBackward, kLogSoftmaxBackward };

struct Problem {
  Fn fn;
  std::vector<int64_t> shape;
  int64_t dim;
  aclDataType dtype;
};

bool Backward(Fn f) { return f == Fn::kSoftmaxBackward || f == Fn::kLogSoftmaxBackward; }

at::Tensor TorchOp(Fn f, const at::Tensor &a, const at::Tensor &b, int64_t dim) {
  switch (f) {
    case Fn::kSoftmax: return at::_softmax(a, dim, false);
    case Fn::kLogSoftmax: return at::_log_softmax(a, dim, false);
    case Fn::kSoftmaxBackward: return at::_softmax_backward_data(a, b, dim, a.scalar_type());
    case Fn::kLogSoftmaxBackward: return at::_log_softmax_backward_data(a, b, dim, a.scalar_type());
  }
  return a;
}

bool TorchViaF32(Fn f, at::ScalarType t) {
  return aclcpu_bench::TorchLacksKernel(t, [f](at::ScalarType type) {
    const at::Tensor x = at::ones({2, 3}, type);
    TorchOp(f, x, x, 1);
  });
}

// The inputs: logits, or (gradOutput, the forward result of the logits).
std::vector<at::Tensor> Inputs(const Problem &p) {
  const at::Tensor x = at::randn(p.shape);
  if (!Backward(p.fn)) return {x.to(TorchType(p.dtype))};
  const at::Tensor y = p.fn == Fn::kSoftmaxBackward ? at::softmax(x, p.dim) : at::log_softmax(x, p.dim);
  return {at::randn(p.shape).to(TorchType(p.dtype)), y.to(TorchType(p.dtype))};
}

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const std::vector<at::Tensor> in = Inputs(p);
  DeviceCopy a(in[0], p.dtype), out(at::empty_like(in[0]), p.dtype);
  DeviceCopy b(in.size() > 1 ? in[1] : in[0], p.dtype);
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  // Phase 1 first: TimeExecutor takes ws and exec by value.
  aclnnStatus status = 0;
  switch (p.fn) {
    case Fn::kSoftmax: status = aclnnSoftmaxGetWorkspaceSize(a.tensor, p.dim, out.tensor, &ws, &exec); break;
    case Fn::kLogSoftmax: status = aclnnLogSoftmaxGetWorkspaceSize(a.tensor, p.dim, out.tensor, &ws, &exec); break;
    case Fn::kSoftmaxBackward:
      status = aclnnSoftmaxBackwardGetWorkspaceSize(a.tensor, b.tensor, p.dim, out.tensor, &ws, &exec);
      break;
    case Fn::kLogSoftmaxBackward:
      status = aclnnLogSoftmaxBackwardGetWorkspaceSize(a.tensor, b.tensor, p.dim, out.tensor, &ws, &exec);
      break;
  }
  const Fn fn = p.fn;
  aclcpu_bench::TimeExecutor(state, status, ws, exec, [fn](void *w, uint64_t size, aclOpExecutor *e, aclrtStream s) {
    switch (fn) {
      case Fn::kSoftmax: return aclnnSoftmax(w, size, e, s);
      case Fn::kLogSoftmax: return aclnnLogSoftmax(w, size, e, s);
      case Fn::kSoftmaxBackward: return aclnnSoftmaxBackward(w, size, e, s);
      case Fn::kLogSoftmaxBackward: return aclnnLogSoftmaxBackward(w, size, e, s);
    }
    return aclnnStatus{-1};
  });
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const std::vector<at::Tensor> in = Inputs(p);
  const at::Tensor &a = in[0], &b = in.size() > 1 ? in[1] : in[0];
  const bool viaF32 = TorchViaF32(p.fn, a.scalar_type());
  for (auto _ : state) {
    const at::Tensor y = viaF32 ? TorchOp(p.fn, a.to(at::kFloat), b.to(at::kFloat), p.dim).to(a.scalar_type())
                                : TorchOp(p.fn, a, b, p.dim);
    benchmark::DoNotOptimize(y.data_ptr());
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv,
      "PyTorch: at::_softmax / _log_softmax / _softmax_backward_data / _log_softmax_backward_data, same dim "
      "and dtype (fp32 with casts where 1.13 lacks the kernel), allocating its output per call.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        const char *names[] = {"Softmax", "LogSoftmax", "SoftmaxBackward", "LogSoftmaxBackward"};
        const int64_t total = int64_t{1} << 23;  // 8 M elements per tensor
        for (Fn fn : {Fn::kSoftmax, Fn::kLogSoftmax, Fn::kSoftmaxBackward, Fn::kLogSoftmaxBackward}) {
          for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            std::vector<Problem> problems;
            for (int64_t n : {128, 1024, 4096, 32768}) problems.push_back({fn, {total / n, n}, 1, dtype});
            problems.push_back({fn, {64, 1024, 128}, 1, dtype});  // rows of 1024, 128 apart
            for (const Problem &p : problems) {
              // Each input read once, the output written once.
              const double tensors = Backward(fn) ? 3.0 : 2.0;
              const double bytes = tensors * static_cast<double>(total) * static_cast<double>(aclDataTypeSize(dtype));
              const std::string op = std::string(names[static_cast<int>(fn)]) + "(dim " + std::to_string(p.dim) + ")";
              aclcpu_bench::AddComparison(rows,
                                          {op, aclcpu_bench::ShapeName(p.shape), aclcpu_bench::DTypeName(dtype), bytes},
                                          BenchOurs, BenchTorch, p);
            }
          }
        }
      });
}
