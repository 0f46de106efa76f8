#include "ops/loss/mse_loss/mse_sum.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "base/parallel.h"
#include "base/pointwise/element_convert.h"
#include "base/pointwise/runs.h"
#include "base/reduce/reduction.h"
#include "ops/loss/loss_family/loss_family.h"

namespace aclcpu {
namespace {

// The strides of `v` over a broadcast shape of `rank` dims (right-aligned; 0 where v's dim is 1 or missing).
void BroadcastStrides(const TensorView &v, int rank, int64_t *strides) {
  for (int d = 0; d < rank; ++d) {
    const int vd = v.rank - (rank - d);
    strides[d] = (vd >= 0 && v.dims[vd] != 1) ? v.strides[vd] : 0;
  }
}

// Loads elements [first, first + n) (row-major over plan.dims) of `v` as doubles: one LoadRun per run of the
// innermost dim (the engines' strided walk).
void LoadBlock(const MseSumPlan &p, const TensorView &v, const void *base, int64_t first, int64_t n, double *dst) {
  const auto size = static_cast<int64_t>(DTypeSize(v.dtype));
  ForEachRun(p.rank, p.dims, v.strides, v.offset, first, n, [&](int64_t off, int64_t stride, int64_t pos, int64_t len) {
    LoadRun(v.dtype, static_cast<const char *>(base) + off * size, stride, ComputeType::kF64, dst + pos, len);
  });
}

}  // namespace

MseSumPlan PlanMseSum(const TensorView &self, const TensorView &target, const int64_t *shape, int shapeRank,
                      const TensorView &out, DType through, bool mean) {
  MseSumPlan p;
  p.mean = mean;
  p.out = out;
  p.through = through;
  p.a = self;
  p.b = target;
  int64_t sa[kMaxRank] = {}, sb[kMaxRank] = {};
  BroadcastStrides(self, shapeRank, sa);
  BroadcastStrides(target, shapeRank, sb);
  p.numel = 1;
  for (int d = 0; d < shapeRank; ++d) {
    p.numel *= shape[d];
    if (shape[d] == 1) continue;  // size-1 dims do not move any operand
    p.dims[p.rank] = shape[d];
    p.a.strides[p.rank] = sa[d];
    p.b.strides[p.rank] = sb[d];
    ++p.rank;
  }
  if (p.rank == 0) {
    p.dims[0] = 1;
    p.a.strides[0] = p.b.strides[0] = 0;
    p.rank = 1;
  }
  p.a.rank = p.b.rank = p.rank;
  for (int d = 0; d < p.rank; ++d) p.a.dims[d] = p.b.dims[d] = p.dims[d];
  p.numBlocks = CeilDiv(p.numel, kReduceChunk);
  p.threads = static_cast<int>(std::min<int64_t>(PlanThreads(), std::max<int64_t>(1, p.numBlocks)));
  const int64_t blockElems = std::min(p.numel, kReduceChunk);
  p.scratchStride = AlignUp(2 * static_cast<size_t>(blockElems) * sizeof(double));
  p.sumsOffset = p.scratchStride * static_cast<size_t>(p.threads);
  p.workspaceBytes = p.sumsOffset + AlignUp(static_cast<size_t>(p.numBlocks) * sizeof(double));
  return p;
}

void RunMseSum(const MseSumPlan &p, const void *a, const void *b, void *out, void *workspace) {
  char *ws = static_cast<char *>(workspace);
  double *sums = reinterpret_cast<double *>(ws + p.sumsOffset);
  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    double *x = reinterpret_cast<double *>(ws + p.scratchStride * static_cast<size_t>(thread));
    const int64_t first = block * kReduceChunk;
    const int64_t n = std::min(kReduceChunk, p.numel - first);
    double *y = x + n;
    LoadBlock(p, p.a, a, first, n, x);
    LoadBlock(p, p.b, b, first, n, y);
    for (int64_t i = 0; i < n; ++i) {
      const double d = x[i] - y[i];  // exact for fp32/16-bit inputs of similar magnitude
      x[i] = d * d;
    }
    sums[block] = StripedSum(x, n);
  });
  double total = 0.0;
  for (int64_t i = 0; i < p.numBlocks; ++i) total += sums[i];  // block order: no dependence on threads
  if (p.mean) total /= static_cast<double>(p.numel);
  StoreValue(total, p.through, p.out, out, 0);
}

}  // namespace aclcpu
