// The reduction engine (families.md §2): sum or mean of a tensor view over a set of its dims, planned once
// in phase 1 so that phase 2 only walks memory. Kernel-facing.
//
// Phase 1 (PlanReduce) splits the input's dims into kept dims (one output element per position, in
// row-major order) and reduced dims (size-1 dims dropped, adjacent ones merged when memory allows), and
// cuts each output's reduction into fixed chunks of kReduceChunk elements. Everything depends on the shape
// only, never on the thread count. Phase 2 (RunReduce) loads each chunk as the accumulator type
// (LoadRun, through `loadThrough` first when the vendor casts the input to another dtype), sums it
// (floating values: striped, see kSumStripes; FLOAT, FLOAT16 and BF16 are loaded as fp32 and widened to
// double exactly as they are added; integers wrap), adds the chunk sums of an output in chunk order,
// finishes (mean: divide by the count) and stores through `roundThrough` then out's dtype (StoreRun).
// Chunk sums of long reductions go to the workspace, so any thread count gives the same bits. Reductions
// over an outer dim (columns) sum a tile of adjacent outputs row by row, each output with its own
// stripes in the same order, so the bits equal the one-output-at-a-time walk. Nothing is allocated in
// phase 2.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/pointwise/element_convert.h"
#include "base/tensor_view.h"

namespace aclcpu {

enum class ReduceKind : int8_t { kSum, kMean };

// Elements per chunk of one output's reduction.
constexpr int64_t kReduceChunk = 4096;

// The order of a floating chunk sum (double, or each double of a complex value): element i of the chunk
// is added to accumulator i % kSumStripes (each starting from -0.0, so a sum of -0s is -0; no
// compensation terms, so infinities and NaN come out as the math says), one after the other, then the
// accumulators are combined by CombineStripes' fixed tree. Independent accumulators let the adds of 32
// consecutive elements run side by side in vectors; the count is fixed, not the vector width, so the bits
// do not depend on the CPU. 32, not 16: with 16 the dependent chains of double adds capped a dense sum at
// ~4 elements per cycle per core (bf16 rows 0.95 ms against PyTorch's 0.45).
constexpr int kSumStripes = 32;

// A fold, level by level: a[r] += a[r + 16] for r < 16, then a[r] += a[r + 8] for r < 8, ... down to
// a[0] += a[1]. A balanced tree (the rounding error of log2(32) additions) whose first levels add whole
// vectors of stripes, so the kernels combine in registers (a pairwise ((a0 + a1) + (a2 + a3)) tree needed 31
// scalar adds per output: 4096x1024 rows ran at half PyTorch's rate). Overwrites acc. `live`: how many of
// acc are still apart (8 when a kernel did the levels of steps 16 and 8 in registers).
inline double CombineStripes(double *acc, int live = kSumStripes) {
  for (int step = live / 2; step >= 1; step /= 2)
    for (int r = 0; r < step; ++r) acc[r] += acc[r + step];
  return acc[0];
}

// Per-target kernels (reduce_kernels.cpp, Highway dynamic dispatch). StripedSum: the chunk sum of x[0, n)
// in kSumStripes' order (fp32 values widened to double exactly). StripeAdd: acc[v] += row[v] for v < m,
// one row of the column path into the accumulators of its stripe.
double StripedSum(const float *x, int64_t n);
// The same for a dense run of FLOAT16 (bf16 false) or BF16 elements, widened in registers (exact).
double StripedSum16(const uint16_t *x, int64_t n, bool bf16);
double StripedSum(const double *x, int64_t n);
// StripedRowSums: sums[k] = StripedSum of the n values from x + k * rowStride, for k < rows.
void StripedRowSums(const float *x, int64_t rows, int64_t n, int64_t rowStride, double *sums);
void StripedRowSums16(const uint16_t *x, int64_t rows, int64_t n, int64_t rowStride, bool bf16, double *sums);
void StripeAdd(const float *row, int64_t m, double *acc);
void StripeAdd(const double *row, int64_t m, double *acc);

struct ReducePlan {
  ReduceKind kind = ReduceKind::kSum;
  TensorView in, out;
  // The dtype each input element is converted to before it is summed (kOther: none).
  DType loadThrough = DType::kOther;
  ComputeType inCompute = ComputeType::kF64;  // what the input is loaded as before loadThrough
  ComputeType acc = ComputeType::kF64;        // accumulator: kF64, kI64 (wraps) or kC128
  // The dtype results pass through before out's (kOther: straight to out).
  DType roundThrough = DType::kOther;
  // Kept dims (outputs, row-major) with the input's strides; reduced dims with the input's strides.
  int keptRank = 0, redRank = 0;
  int64_t keptDims[kMaxRank] = {}, keptStrides[kMaxRank] = {};
  int64_t redDims[kMaxRank] = {}, redStrides[kMaxRank] = {};
  int64_t outer = 0, inner = 0;                       // number of outputs; elements reduced into each
  int64_t numChunks = 0;                              // chunks per output
  int64_t outputsPerBlock = 0, numBlocks = 0;         // phase 2 blocks: whole outputs (numChunks == 1)
  int64_t combinePerBlock = 0, numCombineBlocks = 0;  // or: chunk sums first, then a combine pass
  // The column path (outputs closer in memory than a reduction's elements): blocks are tiles of up to
  // columnWidth outputs along the innermost kept dim (times the chunks); 0: the paths above.
  int64_t columnWidth = 0;
  bool outDense = false;  // out is row-major dense: a block's outputs are one run
  // Each output one dense FLOAT/FLOAT16/BF16 run of `inner` (<= kReduceChunk) elements, the outputs' runs
  // evenly spaced (at most one kept dim): blocks sum their rows in one kernel call (Reducer::RunDenseRows).
  bool denseRows = false;
  int64_t chunkBuffer = 0, outBuffer = 0;  // elements of the per-thread buffers
  int threads = 1;
  size_t scratchStride = 0;  // bytes of workspace per thread
  size_t partialsBytes = 0;  // chunk sums (numChunks > 1)
  size_t workspaceBytes = 0;
};

// Phase 1. `reduced` has bit d set for each reduced dim d of `in` (a 0-d input reduces its one element).
// out must hold as many elements as the kept dims (the caller checked its shape). `dtype` is the dtype the
// vendor casts the input to and reduces in: it picks the accumulator, loadThrough (when it differs from
// in's dtype) and roundThrough (when it differs from out's).
ReducePlan PlanReduce(ReduceKind kind, const TensorView &in, uint32_t reduced, DType dtype, const TensorView &out);

// Phase 2: the storage addresses of the input and the output.
void RunReduce(const ReducePlan &plan, const void *in, void *out, void *workspace);

}  // namespace aclcpu
