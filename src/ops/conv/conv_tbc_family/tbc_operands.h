// GEMM operands of the ConvTbc family (aclnnConvTbc, aclnnConvTbcBackward): the cubeMathType
// numerics, where each operand is read (in place or from a dense stage), the per-thread scratch,
// and the tile sums of library products. Phase-1 planning lives in tbc_operands.cpp, the phase-2
// code in tbc_kernels.cpp. Kernel-facing: no API headers here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "base/cube_math.h"
#include "base/gemm.h"
#include "base/tensor_view.h"
#include "ops/conv/conv_tbc_family/tbc_geometry.h"

namespace aclcpu {

// How the products of one problem run, from its compute dtype and cubeMathType (A2).
struct TbcNumerics {
  DType gemmType = DType::kF32;  // kF32 or kBF16 operands; products always accumulate in fp32
  OperandRounding rounding = OperandRounding::kNone;
  DType kernelType = DType::kF32;  // the device's kernel emits its result in this dtype first
};

// `computeType` is the dtype the device computes in (FLOAT, FLOAT16 or BF16). fp16 operands (and
// fp32/bf16 ones under USE_FP16) become fp32 values exactly representable in fp16, whose products
// are exact in fp32; bf16 stays bf16 where the library has a bf16 GEMM; fp32 is HF32-rounded
// under cubeMathType 1 and 3. Phase 1 (it asks the GEMM library about bf16 once).
TbcNumerics TbcNumericsFor(DType computeType, int8_t cubeMathType);

// Where the GEMMs read one operand: the tensor itself when its data already is a row-major matrix
// of the GEMM dtype, otherwise a dense copy ("stage") in the workspace.
struct TbcOperand {
  bool staged = false;
  size_t stageOffset = 0;  // staged: bytes from the workspace start
  int64_t offset = 0;      // element offset of element (0, 0) from the buffer start
  int64_t ld = 1;          // elements between rows
  int64_t tapStride = 0;   // weight only: elements between W[k] and W[k + 1]
};

// Phase 1: reads the (d0, d1, d2) view `v` in place as the matrix (d0 * d1) x d2 (or, for the
// weight, as d0 matrices d1 x d2) when it already is what the GEMM wants, else plans a dense stage
// at *bytes of the workspace and advances *bytes past it.
// With `unaliasRows`, rows whose stride is a multiple of 4 KiB (e.g. 1024 fp32 columns), which the
// GEMM library reads from few cache sets at a fraction of its speed, are staged with one cache line
// of padding per row instead.
TbcOperand PlanTbcOperand(const TensorView &v, const TbcNumerics &numerics, bool isWeight, size_t *bytes,
                          bool unaliasRows = false);

// A thread's slice of the workspace: the fp32 product tile (also a read span), the tile's double
// sum, one output row (or a staging span) as fp32 and its 16-bit rounding.
struct TbcScratch {
  float *product;
  double *sum;
  float *row;
  uint16_t *row16;
};

// Where the threads' scratch lies, in bytes: thread i's at offset + i * stride.
struct TbcScratchLayout {
  size_t offset = 0, stride = 0;
  size_t sumOffset = 0, rowOffset = 0, row16Offset = 0;  // within a thread's scratch
};

// Phase 1: scratch for `threads` threads working on tiles of tileRows x tileCols, at *bytes of the
// workspace; advances *bytes past it.
TbcScratchLayout PlanTbcScratch(int64_t tileRows, int64_t tileCols, int threads, size_t *bytes);

inline TbcScratch TbcScratchOf(const TbcScratchLayout &l, void *workspace, int thread) {
  char *base = static_cast<char *>(workspace) + l.offset + l.stride * static_cast<size_t>(thread);
  return {reinterpret_cast<float *>(base), reinterpret_cast<double *>(base + l.sumOffset),
          reinterpret_cast<float *>(base + l.rowOffset), reinterpret_cast<uint16_t *>(base + l.row16Offset)};
}

// ---- phase 2 (tbc_kernels.cpp) ---------------------------------------------------------------

// v[i] = float(type(v[i])): the value the device would hold after rounding to `type` (kF16/kBF16).
void TbcRoundThrough(DType type, float *v, uint16_t *tmp, int64_t n);

// Copies a view into its dense stage in the GEMM dtype, applying the operand rounding (no-op for an
// operand read in place). Runs on `threads` threads; uses their scratch rows.
void StageTbcOperand(const TensorView &view, const void *tensor, const TbcOperand &op, const TbcNumerics &numerics,
                     const TbcScratchLayout &scratch, int threads, void *workspace);

// Where a GEMM operand's element (0, 0) lives.
const char *TbcOperandBase(const TbcOperand &op, const void *tensor, DType gemmType, const void *workspace);

// One library product C (ldc n) = op(A) op(B), or C += op(A) op(B), in the GEMM dtype. False if
// the library refused it.
bool TbcProduct(DType gemmType, bool transA, bool transB, int64_t m, int64_t n, int64_t k, const char *a, int64_t lda,
                const char *b, int64_t ldb, float *c, bool accumulate);

// A tile's sum: fp32 results add the products of short chains in double (TbcChunk); 16-bit results
// let the library accumulate in fp32, which they cannot tell apart. Every row starts at `init`
// (`width` values; null = zeros).
class TbcTileSum {
 public:
  TbcTileSum(const TbcScratch &s, int64_t rows, int64_t width, bool inDouble, const float *init = nullptr)
      : s_(s), inDouble_(inDouble) {
    for (int64_t r = 0; r < rows; ++r) {
      if (inDouble_) {
        double *row = s_.sum + r * width;
        if (init == nullptr) std::fill(row, row + width, 0.0);
        if (init != nullptr) std::copy(init, init + width, row);
      } else {
        float *row = s_.product + r * width;
        if (init == nullptr) std::fill(row, row + width, 0.0f);
        if (init != nullptr) std::copy(init, init + width, row);
      }
    }
  }
  // Where the product for tile elements [first, ...) goes, and whether it adds to what is there.
  float *Target(int64_t first) const { return inDouble_ ? s_.product : s_.product + first; }
  bool Accumulates() const { return !inDouble_; }
  void Add(int64_t first, int64_t count) const {
    if (inDouble_) AddProductToSum(s_.sum + first, s_.product, count, false);
  }
  // Row `i` (of `width` elements) as fp32.
  const float *Row(int64_t i, int64_t width) const {
    if (!inDouble_) return s_.product + i * width;
    NarrowSum(s_.sum + i * width, s_.row, width);
    return s_.row;
  }

 private:
  TbcScratch s_;
  bool inDouble_;
};

}  // namespace aclcpu
