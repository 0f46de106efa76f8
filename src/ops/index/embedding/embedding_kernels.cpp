// aclnnEmbedding phase 2: a row gather over strided views, blocks of positions fixed by the shape.
#include <algorithm>
#include <cstring>
#include <string>

#include "acl/error_codes/rt_error_codes.h"
#include "base/parallel.h"
#include "ops/index/embedding/embedding_plan.h"
#include "runtime/runtime_internal.h"

namespace aclcpu {
namespace {

int64_t ReadIndex(const TensorView &v, const void *base, int64_t elementOffset) {
  if (v.dtype == DType::kI32) return static_cast<const int32_t *>(base)[elementOffset];
  return static_cast<const int64_t *>(base)[elementOffset];
}

// Copies n elements of `size` bytes from src (stride srcStride elements) to dst (stride dstStride).
void CopyRow(const char *src, int64_t srcStride, char *dst, int64_t dstStride, int64_t n, size_t size) {
  if (srcStride == 1 && dstStride == 1) {
    std::memcpy(dst, src, static_cast<size_t>(n) * size);
    return;
  }
  const auto bytes = static_cast<int64_t>(size);  // signed steps: a stride may be negative
  for (int64_t j = 0; j < n; ++j) std::memcpy(dst + j * dstStride * bytes, src + j * srcStride * bytes, size);
}

// The first position whose index lies outside [0, rows), or -1: checked before anything is written.
int64_t FirstBadPosition(const EmbeddingPlan &p, const void *indices, int64_t rows) {
  StridedCursor index(p.indices, 0);
  for (int64_t pos = 0; pos < p.positions; ++pos, index.Next()) {
    const int64_t row = ReadIndex(p.indices, indices, index.offset());
    if (row < 0 || row >= rows) return pos;
  }
  return -1;
}

}  // namespace

int RunEmbedding(const EmbeddingPlan &p, const void *weight, const void *indices, void *out) {
  const size_t size = DTypeSize(p.weight.dtype);
  const int64_t rows = p.weight.dims[0], cols = p.weight.dims[1];
  const int64_t bad = FirstBadPosition(p, indices, rows);
  if (bad >= 0) {
    StridedCursor index(p.indices, bad);
    ReportError("EZ9999", "aclnnEmbedding: index " + std::to_string(ReadIndex(p.indices, indices, index.offset())) +
                              " at position " + std::to_string(bad) + " is outside [0, " + std::to_string(rows) +
                              "); nothing is written");
    return ACL_ERROR_RT_AICORE_EXCEPTION;
  }
  ParallelFor(CeilDiv(p.positions, p.rowsPerBlock), p.threads, [&](int64_t block, int) {
    const int64_t first = block * p.rowsPerBlock, last = std::min(p.positions, first + p.rowsPerBlock);
    StridedCursor index(p.indices, first), dst(p.outRows, first);
    for (int64_t pos = first; pos < last; ++pos, index.Next(), dst.Next()) {
      const int64_t row = ReadIndex(p.indices, indices, index.offset());
      char *to = static_cast<char *>(out) + dst.offset() * static_cast<int64_t>(size);
      const char *from = static_cast<const char *>(weight) +
                         (p.weight.offset + row * p.weight.strides[0]) * static_cast<int64_t>(size);
      CopyRow(from, p.weight.strides[1], to, p.outColStride, cols, size);
    }
  });
  return 0;
}

}  // namespace aclcpu
