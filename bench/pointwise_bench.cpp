// The pointwise engine's operators vs PyTorch on the same inputs and threads: dense DRAM-sized tensors,
// a broadcast row, a transposed (strided) input, 16-bit and mixed dtypes, a cast, a strided copy, exp, and
// the cost of one small call (1 K elements: both phases' launch and a stream synchronize against one
// at::add). Ours runs repeatable executors with buffers reused; PyTorch allocates its outputs per call
// (warm and cold memory, torch_bench.h), except copy_, which writes in place as ours does.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <functional>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_mul.h"
#include "common/bench_util.h"
#include "common/torch_bench.h"

namespace {

using aclcpu_bench::DeviceCopy;
using aclcpu_bench::TorchType;

enum class Kind { kAdd, kAddRow, kAddTransposed, kAddMixed, kMul, kCastToF16, kCopyTransposed, kExp };

struct Problem {
  Kind kind;
  int64_t rows, cols;
  aclDataType dtype;
};

// The transposed view [cols, rows] of a contiguous [rows, cols] device tensor.
aclTensor *Transposed(const DeviceCopy &c, int64_t rows, int64_t cols, aclDataType dtype) {
  const int64_t dims[2] = {cols, rows}, strides[2] = {1, cols}, storage[2] = {rows, cols};
  return aclCreateTensor(dims, 2, dtype, strides, 0, ACL_FORMAT_ND, storage, 2, c.dev);
}

void BenchOurs(benchmark::State &state, Problem p) {
  omp_set_num_threads(aclcpu_bench::BenchThreads());
  const aclDataType t = p.dtype;
  const at::Tensor x = at::randn({p.rows, p.cols}).to(TorchType(t));
  const at::Tensor y = p.kind == Kind::kAddRow
                           ? at::randn({p.cols}).to(TorchType(t))
                           : at::randn({p.rows, p.cols}).to(TorchType(p.kind == Kind::kAddMixed ? ACL_FLOAT : t));
  const aclDataType outType = p.kind == Kind::kAddMixed ? ACL_FLOAT : p.kind == Kind::kCastToF16 ? ACL_FLOAT16 : t;
  DeviceCopy xDev(x, t), yDev(y, p.kind == Kind::kAddMixed ? ACL_FLOAT : t);
  DeviceCopy outDev(at::empty({p.rows, p.cols}, TorchType(outType)), outType);
  float one = 1.0f;
  aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
  aclTensor *xT = Transposed(xDev, p.rows, p.cols, t);  // used as [cols, rows] with rows == cols
  uint64_t ws = 0;
  aclOpExecutor *exec = nullptr;
  aclnnStatus status = 0;
  switch (p.kind) {
    case Kind::kAdd:
    case Kind::kAddRow:
    case Kind::kAddMixed:
      status = aclnnAddGetWorkspaceSize(xDev.tensor, yDev.tensor, alpha, outDev.tensor, &ws, &exec);
      aclcpu_bench::TimeExecutor(state, status, ws, exec, aclnnAdd);
      break;
    case Kind::kAddTransposed:
      status = aclnnAddGetWorkspaceSize(xT, yDev.tensor, alpha, outDev.tensor, &ws, &exec);
      aclcpu_bench::TimeExecutor(state, status, ws, exec, aclnnAdd);
      break;
    case Kind::kMul:
      status = aclnnMulGetWorkspaceSize(xDev.tensor, yDev.tensor, outDev.tensor, &ws, &exec);
      aclcpu_bench::TimeExecutor(state, status, ws, exec, aclnnMul);
      break;
    case Kind::kCastToF16:
      status = aclnnCastGetWorkspaceSize(xDev.tensor, ACL_FLOAT16, outDev.tensor, &ws, &exec);
      aclcpu_bench::TimeExecutor(state, status, ws, exec, aclnnCast);
      break;
    case Kind::kCopyTransposed:
      status = aclnnInplaceCopyGetWorkspaceSize(outDev.tensor, xT, &ws, &exec);
      aclcpu_bench::TimeExecutor(state, status, ws, exec, aclnnInplaceCopy);
      break;
    case Kind::kExp:
      status = aclnnExpGetWorkspaceSize(xDev.tensor, outDev.tensor, &ws, &exec);
      aclcpu_bench::TimeExecutor(state, status, ws, exec, aclnnExp);
      break;
  }
  aclDestroyTensor(xT);
  aclDestroyScalar(alpha);
}

void BenchTorch(benchmark::State &state, Problem p) {
  at::set_num_threads(aclcpu_bench::BenchThreads());
  const aclDataType t = p.dtype;
  const at::Tensor x = at::randn({p.rows, p.cols}).to(TorchType(t));
  const at::Tensor y = p.kind == Kind::kAddRow
                           ? at::randn({p.cols}).to(TorchType(t))
                           : at::randn({p.rows, p.cols}).to(TorchType(p.kind == Kind::kAddMixed ? ACL_FLOAT : t));
  at::Tensor dst = at::empty({p.rows, p.cols}, TorchType(t));
  for (auto _ : state) {
    switch (p.kind) {
      case Kind::kAdd:
      case Kind::kAddRow:
      case Kind::kAddMixed: benchmark::DoNotOptimize(at::add(x, y).data_ptr()); break;
      case Kind::kAddTransposed: benchmark::DoNotOptimize(at::add(x.t(), y).data_ptr()); break;
      case Kind::kMul: benchmark::DoNotOptimize(at::mul(x, y).data_ptr()); break;
      case Kind::kCastToF16: benchmark::DoNotOptimize(x.to(at::kHalf).data_ptr()); break;
      case Kind::kCopyTransposed: benchmark::DoNotOptimize(dst.copy_(x.t()).data_ptr()); break;
      case Kind::kExp: benchmark::DoNotOptimize(at::exp(x).data_ptr()); break;
    }
  }
}

}  // namespace

int main(int argc, char **argv) {
  return aclcpu_bench::BenchmarkMain(
      argc, argv, "copy_ writes in place (no allocation); the other PyTorch rows allocate their output per call.",
      [](std::vector<aclcpu_bench::Row> *rows) {
        struct Entry {
          const char *op;
          Kind kind;
          int64_t rows, cols;
          aclDataType dtype;
          double inputs;  // tensors of the full size read (plus one written)
        };
        const int64_t n = 4096;  // 4096 x 4096: 64 MiB per fp32 tensor
        const Entry entries[] = {
            {"Add", Kind::kAdd, n, n, ACL_FLOAT, 2},
            {"Add(row)", Kind::kAddRow, n, n, ACL_FLOAT, 1},
            {"Add(self^T)", Kind::kAddTransposed, n, n, ACL_FLOAT, 2},
            {"Add", Kind::kAdd, n, n, ACL_FLOAT16, 2},
            {"Add", Kind::kAdd, n, n, ACL_BF16, 2},
            {"Add(+f32)", Kind::kAddMixed, n, n, ACL_FLOAT16, 2},
            {"Mul", Kind::kMul, n, n, ACL_FLOAT, 2},
            {"Cast(->f16)", Kind::kCastToF16, n, n, ACL_FLOAT, 1},
            {"InplaceCopy(src^T)", Kind::kCopyTransposed, n, n, ACL_FLOAT, 1},
            {"Exp", Kind::kExp, n, n, ACL_FLOAT, 1},
            {"Add", Kind::kAdd, 32, 32, ACL_FLOAT, 2},  // one small call: 1 K elements
            {"Add", Kind::kAdd, 256, 256, ACL_FLOAT, 2},
        };
        for (const Entry &e : entries) {
          const double elems = static_cast<double>(e.rows * e.cols);
          const double size = static_cast<double>(aclDataTypeSize(e.dtype));
          double bytes = elems * size * (e.inputs + 1);
          if (e.kind == Kind::kAddMixed) bytes = elems * (size + 4 + 4);
          if (e.kind == Kind::kCastToF16) bytes = elems * (4 + 2);
          if (e.kind == Kind::kAddRow) bytes = elems * size * 2 + static_cast<double>(e.cols) * size;
          aclcpu_bench::AddComparison(
              rows, {e.op, aclcpu_bench::ShapeName({e.rows, e.cols}), aclcpu_bench::DTypeName(e.dtype), bytes},
              BenchOurs, BenchTorch, Problem{e.kind, e.rows, e.cols, e.dtype});
        }
      });
}
