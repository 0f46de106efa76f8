// Phase-2 code shared by aclnnConvTbc and aclnnConvTbcBackward: operand staging (dtype, layout,
// cubeMathType rounding), library products and the double tile sums.
#include <algorithm>
#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "ops/conv/conv_tbc_family/tbc_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"

#include "base/convert.h"
#include "base/cube_math.h"
#include "base/gemm.h"
#include "base/parallel.h"
#include "ops/conv/conv_tbc_family/tbc_operands.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

}  // namespace HWY_NAMESPACE
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {

void TbcRoundThrough(DType type, float *v, uint16_t *tmp, int64_t n) {
  StoreFromF32(type, v, tmp, n);
  LoadAsF32(type, tmp, v, n);
}

const char *TbcOperandBase(const TbcOperand &op, const void *tensor, DType gemmType, const void *workspace) {
  if (op.staged) return static_cast<const char *>(workspace) + op.stageOffset;
  return static_cast<const char *>(tensor) + op.offset * static_cast<int64_t>(DTypeSize(gemmType));
}

void StageTbcOperand(const TensorView &view, const void *tensor, const TbcOperand &op, const TbcNumerics &numerics,
                     const TbcScratchLayout &scratch, int threads, void *workspace) {
  if (!op.staged) return;
  char *dst = static_cast<char *>(workspace) + op.stageOffset;
  const int64_t n = view.Numel(), cols = view.dims[2];
  const auto esize = static_cast<int64_t>(DTypeSize(numerics.gemmType));
  // Elements [first, first + len) of the view (within one row when rows are padded) to stage element `at`.
  const auto stage = [&](int64_t first, int64_t len, int64_t at, int thread) {
    if (numerics.gemmType == DType::kBF16) {  // bf16 kept as bf16: only the layout changes
      GatherElements(view, tensor, first, len, dst + at * esize);
      return;
    }
    float *out = reinterpret_cast<float *>(dst) + at;
    ReadFlatAsF32(view, tensor, first, len, out);
    if (numerics.rounding == OperandRounding::kHf32) RoundToHf32(out, len);
    if (numerics.rounding == OperandRounding::kF16) {
      TbcRoundThrough(DType::kF16, out, TbcScratchOf(scratch, workspace, thread).row16, len);
    }
  };
  if (op.ld == cols) {  // dense: spans of the flat order
    ParallelFor(CeilDiv(n, kTbcSpan), threads, [&](int64_t block, int thread) {
      const int64_t first = block * kTbcSpan;
      stage(first, std::min(kTbcSpan, n - first), first, thread);
    });
    return;
  }
  const int64_t rows = n / cols, rowsPerBlock = std::max<int64_t>(1, kTbcSpan / cols);
  ParallelFor(CeilDiv(rows, rowsPerBlock), threads, [&](int64_t block, int thread) {
    for (int64_t r = block * rowsPerBlock; r < std::min(rows, (block + 1) * rowsPerBlock); ++r) {
      for (int64_t c = 0; c < cols; c += kTbcSpan)
        stage(r * cols + c, std::min(kTbcSpan, cols - c), r * op.ld + c, thread);
    }
  });
}

bool TbcProduct(DType gemmType, bool transA, bool transB, int64_t m, int64_t n, int64_t k, const char *a, int64_t lda,
                const char *b, int64_t ldb, float *c, bool accumulate) {
  if (gemmType == DType::kBF16) {
    return GemmBF16(transA, transB, m, n, k, reinterpret_cast<const uint16_t *>(a), lda,
                    reinterpret_cast<const uint16_t *>(b), ldb, c, n, accumulate);
  }
  return GemmF32(transA, transB, m, n, k, reinterpret_cast<const float *>(a), lda, reinterpret_cast<const float *>(b),
                 ldb, c, n, accumulate);
}

}  // namespace aclcpu
#endif  // HWY_ONCE
