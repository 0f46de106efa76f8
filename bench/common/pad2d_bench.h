// The pad family's benchmark bodies, shared by its four programs: a forward pad, a backward pad, and
// the layer step (forward, then backward with the forward's output as gradOutput), ours vs PyTorch's
// on the same inputs and threads. Ours runs repeatable executors on a stream with buffers reused;
// PyTorch allocates its outputs per call (timed with warm and with cold memory, torch_bench.h).
// Where PyTorch 1.13 has no CPU kernel for a dtype (fp16, bf16) it is timed as its users must run
// it: upcast, fp32, cast back.
#pragma once

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include "aclnnop/aclnn_pad2d_backward.h"
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace aclcpu_bench {

enum class PadKind { kReflect, kReplicate };

struct PadProblem {
  std::vector<int64_t> self;
  int64_t pad;  // on all four sides
  aclDataType dtype;
  PadKind kind;

  std::vector<int64_t> Padded() const {
    std::vector<int64_t> out = self;
    out[out.size() - 2] += 2 * pad;
    out[out.size() - 1] += 2 * pad;
    return out;
  }
  // Read the unpadded tensor once, write the padded one once (or the reverse): peers-and-limits.md §8.3.
  double Bytes() const {
    int64_t in = 1, out = 1;
    for (int64_t d : self) in *= d;
    for (int64_t d : Padded()) out *= d;
    return static_cast<double>(in + out) * static_cast<double>(aclDataTypeSize(dtype));
  }
  std::string Label() const { return ShapeName(self) + "p" + std::to_string(pad); }
};

inline at::Tensor PadRandom(const std::vector<int64_t> &shape, aclDataType dtype) {
  return at::randn(shape, TorchType(dtype == ACL_FLOAT16 || dtype == ACL_BF16 ? ACL_FLOAT : dtype))
      .to(TorchType(dtype));
}

inline aclnnStatus PadForwardPhase1(const PadProblem &p, const aclTensor *self, const aclIntArray *padding,
                                    aclTensor *out, uint64_t *ws, aclOpExecutor **exec) {
  return p.kind == PadKind::kReflect ? aclnnReflectionPad2dGetWorkspaceSize(self, padding, out, ws, exec)
                                     : aclnnReplicationPad2dGetWorkspaceSize(self, padding, out, ws, exec);
}
inline aclnnStatus PadBackwardPhase1(const PadProblem &p, const aclTensor *gradOutput, const aclTensor *self,
                                     const aclIntArray *padding, aclTensor *gradInput, uint64_t *ws,
                                     aclOpExecutor **exec) {
  return p.kind == PadKind::kReflect
             ? aclnnReflectionPad2dBackwardGetWorkspaceSize(gradOutput, self, padding, gradInput, ws, exec)
             : aclnnReplicationPad2dBackwardGetWorkspaceSize(gradOutput, self, padding, gradInput, ws, exec);
}
using PadPhase2 = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);
inline PadPhase2 PadForwardPhase2(const PadProblem &p) {
  return p.kind == PadKind::kReflect ? aclnnReflectionPad2d : aclnnReplicationPad2d;
}
inline PadPhase2 PadBackwardPhase2(const PadProblem &p) {
  return p.kind == PadKind::kReflect ? aclnnReflectionPad2dBackward : aclnnReplicationPad2dBackward;
}

inline at::Tensor TorchPadForward(const PadProblem &p, const at::Tensor &x) {
  const std::vector<int64_t> pads(4, p.pad);
  return p.kind == PadKind::kReflect ? at::reflection_pad2d(x, pads) : at::replication_pad2d(x, pads);
}
inline at::Tensor TorchPadBackward(const PadProblem &p, const at::Tensor &go, const at::Tensor &x) {
  const std::vector<int64_t> pads(4, p.pad);
  return p.kind == PadKind::kReflect ? at::reflection_pad2d_backward(go, x, pads)
                                     : at::replication_pad2d_backward(go, x, pads);
}
// Whether PyTorch runs the forward and backward of this problem's dtype itself.
inline bool TorchPadViaF32(const PadProblem &p) {
  PadProblem probe = p;
  probe.pad = 1;
  return TorchLacksKernel(TorchType(p.dtype), [&](at::ScalarType t) {
    TorchPadForward(probe, at::zeros({1, 2, 2}, t));
    TorchPadBackward(probe, at::zeros({1, 4, 4}, t), at::zeros({1, 2, 2}, t));
  });
}

struct PadIntArray {
  explicit PadIntArray(int64_t pad) {
    const int64_t pads[] = {pad, pad, pad, pad};
    array = aclCreateIntArray(pads, 4);
  }
  ~PadIntArray() { aclDestroyIntArray(array); }
  aclIntArray *array;
};

inline void BenchPadForwardOurs(benchmark::State &state, PadProblem p) {
  omp_set_num_threads(BenchThreads());
  const at::Tensor x = PadRandom(p.self, p.dtype);
  DeviceCopy xDev(x, p.dtype), yDev(at::empty(p.Padded(), x.options()), p.dtype);
  const PadIntArray padding(p.pad);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status = PadForwardPhase1(p, xDev.tensor, padding.array, yDev.tensor, &wsSize, &exec);
  TimeExecutor(state, status, wsSize, exec, PadForwardPhase2(p));
}

inline void BenchPadForwardTorch(benchmark::State &state, PadProblem p) {
  at::set_num_threads(BenchThreads());
  const at::Tensor x = PadRandom(p.self, p.dtype);
  const bool viaF32 = TorchPadViaF32(p);
  for (auto _ : state) {
    if (viaF32) {
      benchmark::DoNotOptimize(TorchPadForward(p, x.to(at::kFloat)).to(x.scalar_type()).data_ptr());
    } else {
      benchmark::DoNotOptimize(TorchPadForward(p, x).data_ptr());
    }
  }
}

inline void BenchPadBackwardOurs(benchmark::State &state, PadProblem p) {
  omp_set_num_threads(BenchThreads());
  const at::Tensor go = PadRandom(p.Padded(), p.dtype), self = PadRandom(p.self, p.dtype);
  DeviceCopy goDev(go, p.dtype), selfDev(self, p.dtype), giDev(at::empty_like(self), p.dtype);
  const PadIntArray padding(p.pad);
  uint64_t wsSize = 0;
  aclOpExecutor *exec = nullptr;
  const aclnnStatus status =
      PadBackwardPhase1(p, goDev.tensor, selfDev.tensor, padding.array, giDev.tensor, &wsSize, &exec);
  TimeExecutor(state, status, wsSize, exec, PadBackwardPhase2(p));
}

inline void BenchPadBackwardTorch(benchmark::State &state, PadProblem p) {
  at::set_num_threads(BenchThreads());
  const at::Tensor go = PadRandom(p.Padded(), p.dtype), self = PadRandom(p.self, p.dtype);
  const bool viaF32 = TorchPadViaF32(p);
  for (auto _ : state) {
    if (viaF32) {
      const at::Tensor gi = TorchPadBackward(p, go.to(at::kFloat), self.to(at::kFloat));
      benchmark::DoNotOptimize(gi.to(go.scalar_type()).data_ptr());
    } else {
      benchmark::DoNotOptimize(TorchPadBackward(p, go, self).data_ptr());
    }
  }
}

// The layer step: our two operators on one stream, each a repeatable executor over reused buffers.
inline void BenchPadStepOurs(benchmark::State &state, PadProblem p) {
  omp_set_num_threads(BenchThreads());
  const at::Tensor x = PadRandom(p.self, p.dtype);
  DeviceCopy xDev(x, p.dtype), yDev(at::empty(p.Padded(), x.options()), p.dtype), dxDev(at::empty_like(x), p.dtype);
  const PadIntArray padding(p.pad);
  uint64_t forwardSize = 0, backwardSize = 0;
  aclOpExecutor *forward = nullptr, *backward = nullptr;
  if (PadForwardPhase1(p, xDev.tensor, padding.array, yDev.tensor, &forwardSize, &forward) != 0 ||
      PadBackwardPhase1(p, yDev.tensor, xDev.tensor, padding.array, dxDev.tensor, &backwardSize, &backward) != 0) {
    state.SkipWithError(aclGetRecentErrMsg());
    return;
  }
  aclSetAclOpExecutorRepeatable(forward);
  aclSetAclOpExecutorRepeatable(backward);
  const uint64_t wsSize = std::max(forwardSize, backwardSize);
  void *ws = nullptr;
  if (wsSize > 0) aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  for (auto _ : state) {
    PadForwardPhase2(p)(ws, forwardSize, forward, stream);
    PadBackwardPhase2(p)(ws, backwardSize, backward, stream);
    aclrtSynchronizeStream(stream);
  }
  aclDestroyAclOpExecutor(forward);
  aclDestroyAclOpExecutor(backward);
  aclrtDestroyStream(stream);
  if (ws != nullptr) aclrtFree(ws);
}

inline void BenchPadStepTorch(benchmark::State &state, PadProblem p) {
  at::set_num_threads(BenchThreads());
  const at::Tensor x = PadRandom(p.self, p.dtype);
  const bool viaF32 = TorchPadViaF32(p);
  for (auto _ : state) {
    if (viaF32) {
      const at::Tensor xf = x.to(at::kFloat);
      const at::Tensor y = TorchPadForward(p, xf).to(x.scalar_type());
      benchmark::DoNotOptimize(TorchPadBackward(p, y.to(at::kFloat), xf).to(x.scalar_type()).data_ptr());
    } else {
      const at::Tensor y = TorchPadForward(p, x);
      benchmark::DoNotOptimize(TorchPadBackward(p, y, x).data_ptr());
    }
  }
}

// The shapes of peers-and-limits.md's pad rows, for every dtype both libraries compute.
inline std::vector<PadProblem> PadProblems(PadKind kind) {
  const std::vector<std::pair<std::vector<int64_t>, int64_t>> shapes = {
      {{8, 64, 128, 128}, 3}, {{16, 256, 32, 32}, 1}, {{64, 256, 256}, 7}, {{1, 3, 224, 224}, 3}};
  std::vector<PadProblem> problems;
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64}) {
    for (const auto &[shape, pad] : shapes) problems.push_back({shape, pad, dtype, kind});
  }
  return problems;
}

enum class PadBench { kForward, kBackward };

// main() of a pad benchmark: every problem, then (forward programs) the layer step in fp32 and bf16.
inline int PadBenchmarkMain(int argc, char **argv, const char *op, PadKind kind, PadBench which) {
  return BenchmarkMain(
      argc, argv, "f16/bf16 PyTorch rows: PyTorch 1.13 has no CPU kernel; timed as upcast -> fp32 -> cast back.",
      [&](std::vector<Row> *rows) {
        for (const PadProblem &p : PadProblems(kind)) {
          const Row row{op, p.Label(), DTypeName(p.dtype), p.Bytes()};
          if (which == PadBench::kForward) {
            AddComparison(rows, row, BenchPadForwardOurs, BenchPadForwardTorch, p);
          } else {
            AddComparison(rows, row, BenchPadBackwardOurs, BenchPadBackwardTorch, p);
          }
        }
        if (which == PadBench::kBackward) return;
        for (aclDataType dtype : {ACL_FLOAT, ACL_BF16}) {
          for (const auto &[shape, pad] :
               std::vector<std::pair<std::vector<int64_t>, int64_t>>{{{8, 64, 128, 128}, 3}, {{16, 256, 32, 32}, 1}}) {
            const PadProblem p{shape, pad, dtype, kind};
            // Forward: read x, write y; backward: read y, write dx.
            AddComparison(rows, {std::string(op) + "+Backward", p.Label(), DTypeName(dtype), 2 * p.Bytes()},
                          BenchPadStepOurs, BenchPadStepTorch, p);
          }
        }
      });
}

}  // namespace aclcpu_bench
