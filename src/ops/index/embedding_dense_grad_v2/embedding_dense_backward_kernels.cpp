// aclnnEmbeddingDenseBackward phase 2: a counting sort of the grad rows by out row (serial, in position order), then
// blocks of out rows, each row summing its grad rows in position order in double and rounding once. No atomics: the
// bits do not depend on the thread count.
#include <algorithm>
#include <cmath>
#include <string>

#include "acl/error_codes/rt_error_codes.h"
#include "base/executor.h"
#include "base/half.h"
#include "base/parallel.h"
#include "base/pointwise/element_convert.h"
#include "ops/index/embedding_dense_grad_v2/embedding_dense_backward_plan.h"
#include "runtime/runtime_internal.h"

namespace aclcpu {
namespace {

constexpr int64_t kChunk = 256;  // columns summed at a time (stack buffers)

// A floating index truncates toward zero, as the device's cast to an integer; false when it has no int64 value.
bool FloatIndex(double v, int64_t *out) {
  if (!(v > -9.2e18 && v < 9.2e18)) return false;  // NaN, infinities, out of int64
  *out = static_cast<int64_t>(v);
  return true;
}

bool DecodeIndex(DType type, const char *p, int64_t *out) {
  switch (type) {
    case DType::kF32: return FloatIndex(*reinterpret_cast<const float *>(p), out);
    case DType::kF16: return FloatIndex(F16ToF32(*reinterpret_cast<const uint16_t *>(p)), out);
    case DType::kF64: return FloatIndex(*reinterpret_cast<const double *>(p), out);
    case DType::kBool: *out = *reinterpret_cast<const uint8_t *>(p) != 0; return true;
    case DType::kI8: *out = *reinterpret_cast<const int8_t *>(p); return true;
    case DType::kU8: *out = *reinterpret_cast<const uint8_t *>(p); return true;
    case DType::kI16: *out = *reinterpret_cast<const int16_t *>(p); return true;
    case DType::kI32: *out = *reinterpret_cast<const int32_t *>(p); return true;
    default: *out = *reinterpret_cast<const int64_t *>(p); return true;
  }
}

// Fills key[i] (the out row of grad row i, or -1 when skipped); returns the first out-of-range position or -1.
int64_t DecodeKeys(const EmbeddingDenseBackwardPlan &p, const void *indices, int64_t *key, int64_t *badValue) {
  const int64_t size = static_cast<int64_t>(DTypeSize(p.indices.dtype));
  int64_t firstBad = -1;
  StridedCursor cursor(p.indices, 0);
  for (int64_t i = 0; i < p.rows; ++i, cursor.Next()) {
    int64_t v = 0;
    const bool finite = DecodeIndex(p.indices.dtype, static_cast<const char *>(indices) + cursor.offset() * size, &v);
    if (finite && v == p.paddingIdx) {
      key[i] = -1;
    } else if (finite && v >= 0 && v < p.numWeights) {
      key[i] = v;
    } else {
      key[i] = -1;
      if (firstBad < 0) {
        firstBad = i;
        *badValue = v;
      }
    }
  }
  return firstBad;
}

// Counting sort: afterwards row k's grad rows are order[begin[k + 1], end) in ascending position, end = begin[k + 2]
// (or the total for the last row).
int64_t SortByRow(const EmbeddingDenseBackwardPlan &p, const int64_t *key, int64_t *begin, int64_t *order) {
  std::fill(begin, begin + p.numWeights + 1, int64_t{0});
  for (int64_t i = 0; i < p.rows; ++i)
    if (key[i] >= 0) ++begin[key[i] + 1];
  for (int64_t k = 1; k <= p.numWeights; ++k) begin[k] += begin[k - 1];  // begin[k + 1] = end of row k
  const int64_t total = begin[p.numWeights];
  for (int64_t i = p.rows - 1; i >= 0; --i)
    if (key[i] >= 0) order[--begin[key[i] + 1]] = i;
  return total;
}

void StoreZeros(const EmbeddingDenseBackwardPlan &p, void *out, int64_t row) {
  static const double kZeros[kChunk] = {};
  const int64_t size = static_cast<int64_t>(DTypeSize(p.out.dtype));
  for (int64_t c = 0; c < p.cols; c += kChunk) {
    char *dst = static_cast<char *>(out) + (p.out.offset + row * p.out.strides[0] + c * p.out.strides[1]) * size;
    StoreRun(ComputeType::kF64, kZeros, p.out.dtype, dst, p.out.strides[1], std::min(kChunk, p.cols - c));
  }
}

void SumRow(const EmbeddingDenseBackwardPlan &p, const void *grad, void *out, int64_t row, const int64_t *order,
            int64_t first, int64_t last) {
  const int64_t gradSize = static_cast<int64_t>(DTypeSize(p.gradType));
  const int64_t outSize = static_cast<int64_t>(DTypeSize(p.out.dtype));
  const double scale = p.scaleGradByFreq ? static_cast<double>(last - first) : 1.0;
  float values[kChunk];
  double acc[kChunk];
  for (int64_t c = 0; c < p.cols; c += kChunk) {
    const int64_t w = std::min(kChunk, p.cols - c);
    std::fill(acc, acc + w, 0.0);
    for (int64_t j = first; j < last; ++j) {
      const int64_t at = p.gradRows.OffsetOf(order[j]) + c * p.gradColStride;
      LoadRun(p.gradType, static_cast<const char *>(grad) + at * gradSize, p.gradColStride, ComputeType::kF32, values,
              w);
      for (int64_t e = 0; e < w; ++e) acc[e] += static_cast<double>(values[e]);
    }
    if (p.scaleGradByFreq)
      for (int64_t e = 0; e < w; ++e) acc[e] /= scale;
    char *dst = static_cast<char *>(out) + (p.out.offset + row * p.out.strides[0] + c * p.out.strides[1]) * outSize;
    StoreRun(ComputeType::kF64, acc, p.out.dtype, dst, p.out.strides[1], w);
  }
}

}  // namespace

void PlanEmbeddingDenseBackwardWorkspace(EmbeddingDenseBackwardPlan *p) {
  const size_t words = sizeof(int64_t);
  p->keyOffset = 0;
  p->beginOffset = AlignUp(p->keyOffset + static_cast<size_t>(p->rows) * words);
  p->orderOffset = AlignUp(p->beginOffset + static_cast<size_t>(p->numWeights + 1) * words);
  p->workspaceBytes = AlignUp(p->orderOffset + static_cast<size_t>(p->rows) * words);
  // About 16 K out elements per block, from the shape alone.
  p->outRowsPerBlock = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, p->cols));
}

int RunEmbeddingDenseBackward(const EmbeddingDenseBackwardPlan &p, const void *grad, const void *indices, void *out,
                              void *workspace) {
  const int64_t numBlocks = CeilDiv(p.numWeights, p.outRowsPerBlock);
  if (p.zeroFill) {
    if (p.cols == 0) return 0;  // an empty out (numWeights rows of nothing: no loop over them)
    ParallelFor(numBlocks, p.threads, [&](int64_t block, int) {
      const int64_t last = std::min(p.numWeights, (block + 1) * p.outRowsPerBlock);
      for (int64_t k = block * p.outRowsPerBlock; k < last; ++k) StoreZeros(p, out, k);
    });
    return 0;
  }
  char *ws = static_cast<char *>(workspace);
  auto *key = reinterpret_cast<int64_t *>(ws + p.keyOffset);
  auto *begin = reinterpret_cast<int64_t *>(ws + p.beginOffset);
  auto *order = reinterpret_cast<int64_t *>(ws + p.orderOffset);
  int64_t badValue = 0;
  const int64_t firstBad = DecodeKeys(p, indices, key, &badValue);
  if (firstBad >= 0) {  // checked before anything is written
    ReportError("EZ9999", "aclnnEmbeddingDenseBackward: index " + std::to_string(badValue) + " at position " +
                              std::to_string(firstBad) + " is outside [0, " + std::to_string(p.numWeights) +
                              ") and is not paddingIdx; nothing is written");
    return ACL_ERROR_RT_AICORE_EXCEPTION;
  }
  const int64_t total = SortByRow(p, key, begin, order);
  ParallelFor(numBlocks, p.threads, [&](int64_t block, int) {
    const int64_t last = std::min(p.numWeights, (block + 1) * p.outRowsPerBlock);
    for (int64_t k = block * p.outRowsPerBlock; k < last; ++k) {
      const int64_t first = begin[k + 1], end = k + 1 < p.numWeights ? begin[k + 2] : total;
      if (first == end) {
        StoreZeros(p, out, k);
      } else {
        SumRow(p, grad, out, k, order, first, end);
      }
    }
  });
  return 0;
}

}  // namespace aclcpu
