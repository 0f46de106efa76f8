// The pointwise engine (families.md §2): the iteration an elementwise operator needs, planned once in
// phase 1 from up to three inputs and one output (any strides, offsets, broadcast, dtypes, 0-d tensors,
// constants), so that an operator only supplies its kernel: a loop over n dense values of its compute
// type. Kernel-facing.
//
// Phase 1 (PlanPointwise) broadcasts each input to the output's shape, drops dims of size 1, merges dims
// that every operand walks as one, and cuts the elements into fixed blocks whose size depends only on the
// compute type, never on the thread count. Phase 2 (RunPointwise) hands each block to the kernel: an
// operand that is dense and already of the compute type is read (or written) in place, any other is
// converted into a per-thread buffer of the workspace first (LoadRun / StoreRun: one rounding on
// store). No reductions, so any thread count gives the same bits. Nothing is allocated in phase 2.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/pointwise/element_convert.h"
#include "base/tensor_view.h"

namespace aclcpu {

constexpr int kMaxPointwiseInputs = 3;

// Scalar arguments of a kernel (alpha, a fill value, ...), in the forms kernels read.
struct PointwiseParams {
  double f[2] = {};
  int64_t i[2] = {};
  c128 c[2] = {};
};

// out[k] = f(in[0][k], in[1][k], ...) for k < n; every pointer is a dense run of compute values (the
// inputs' compute type, the output's compute type for `out`). `out` may alias an input. A null kernel
// is a conversion of the one input to out's dtype (a copy, a cast, a fill with a constant); when the
// input and out have the same dtype it copies the elements' bytes unchanged.
using PointwiseKernel = void (*)(int64_t n, const void *const *in, void *out, const PointwiseParams &params);

// An input: a tensor view, or a constant (an aclScalar's value) given in the inputs' compute type.
struct PointwiseInput {
  bool constant = false;
  TensorView view;
  // When not kOther: the values pass through this dtype after loading (the vendor casts each input to
  // the promoted dtype first: INT32 2049 becomes FLOAT16 2048 before an fp16 product).
  DType loadThrough = DType::kOther;
  alignas(16) unsigned char value[16] = {};

  static PointwiseInput Tensor(const TensorView &v) {
    PointwiseInput in;
    in.view = v;
    return in;
  }
  template <class C>
  static PointwiseInput Constant(C v) {
    static_assert(sizeof(C) <= 16, "a compute value");
    PointwiseInput in;
    in.constant = true;
    __builtin_memcpy(in.value, &v, sizeof v);
    return in;
  }
};

struct PointwisePlan {
  PointwiseKernel kernel = nullptr;
  PointwiseParams params;
  ComputeType inCompute = ComputeType::kF32, outCompute = ComputeType::kF32;
  int numInputs = 0;
  PointwiseInput in[kMaxPointwiseInputs];
  TensorView out;
  // The iteration: the output's shape with size-1 dims dropped and mergeable dims merged, and each
  // operand's strides over it (0 where an input is broadcast).
  int rank = 0;
  int64_t dims[kMaxRank] = {};
  int64_t inStrides[kMaxPointwiseInputs][kMaxRank] = {};
  int64_t outStrides[kMaxRank] = {};
  bool inDirect[kMaxPointwiseInputs] = {};  // dense in the iteration order and stored as the compute type
  bool outDirect = false;
  bool rawCopy = false;                    // null kernel, same dtype in and out: bytes move unchanged
  bool inDense = false, outDense = false;  // rawCopy: dense in the iteration order
  // When not kOther: results pass through this dtype before reaching out's (the vendor computes in the
  // promoted dtype, then casts to out's: an fp16 sum written to an fp32 out is still rounded to fp16).
  DType roundThrough = DType::kOther;
  int64_t numel = 0, blockElements = 0, numBlocks = 0;
  int64_t bufferElements = 0;  // min(blockElements, numel): a small problem needs small buffers
  // Tiled walk (tileRows > 0): when an operand steps far along the last dim but near along the one before
  // it (a transposed view), blocks are tiles of the last two dims (kTileCols columns by 16 KiB of compute
  // values), each operand's tile gathered or scattered along its own shorter stride (LoadTile, StoreTile),
  // so that a transposed operand is read down its contiguous columns. Otherwise blocks are flat ranges (or
  // row blocks, below). 4096^2 fp32 on 2 threads: InplaceCopy of a transposed source 57 -> 12 ms, Add with a
  // transposed self 53 -> 13 ms (one element per cache line and page before).
  int64_t tileRows = 0, tileCols = 0, tilesPerRow = 0, tilesPerPlane = 0;
  // Row blocks (rowBlocks > 0, blocks per innermost row): when an operand is not dense over the whole
  // iteration but steps by one element along the innermost dim (a broadcast row, a slice of wider rows),
  // blocks stay inside one innermost row, so that the operand is read or written in place like a dense
  // one instead of through the workspace. Add of a [4096] row to 4096x4096 fp32: 3.9 -> 2.x ms.
  int64_t rowBlocks = 0;
  // A raw copy into a large out that each block writes as one run: streaming stores (kStreamOutMinBytes).
  bool streamOut = false;
  // Fused 16-bit path (not null): every operand is a tensor of out's dtype, FLOAT16 or BF16, computed in
  // fp32 with no rounding in between, and each block's operands are dense runs. The kernel then reads and
  // writes the 16-bit elements in place (src/base/pointwise/fused16-inl.h), converting in registers; its
  // results are those of `kernel` through the staged path, bit for bit.
  PointwiseKernel fused = nullptr;
  int threads = 1;
  size_t scratchStride = 0;  // bytes of workspace per thread
  size_t workspaceBytes = 0;
};

// Fused 16-bit kernels of an operator (see PointwisePlan::fused), or null where it has none.
struct Fused16Kernels {
  PointwiseKernel f16 = nullptr, bf16 = nullptr;
};

// Phase 1. The caller has checked that each tensor input broadcasts to out's shape. `inCompute` is
// what inputs are loaded as, `outCompute` what the kernel writes.
// `roundThrough` (kOther for none): see PointwisePlan.
PointwisePlan PlanPointwise(PointwiseKernel kernel, const PointwiseParams &params, ComputeType inCompute,
                            ComputeType outCompute, const PointwiseInput *inputs, int numInputs, const TensorView &out,
                            DType roundThrough = DType::kOther, const Fused16Kernels &fused = {});

// Phase 2: `inputs[i]` is the storage address of tensor input i (ignored for constants).
void RunPointwise(const PointwisePlan &plan, const void *const *inputs, void *out, void *workspace);

}  // namespace aclcpu
