// The forward pad gather. Each output row copies one input row (the row map of the H axis): its
// middle is one block copy of the input row shifted by the left pad, and the few border columns
// copy the cells the W axis's map names, from a table phase 1 built. Rows are independent, so the
// work splits into fixed blocks of rows and the result does not depend on the thread count.
#include "ops/conversion/pad2d_family/pad2d_copy.h"

#include <algorithm>
#include <cstring>

#include "base/parallel.h"
#include "base/stream_copy.h"

namespace aclcpu {
namespace {

constexpr int64_t kBlockBytes = 64 << 10;  // output bytes per work block: small enough to balance 2+ threads
// Outputs at least this large (several times the last-level cache share of a core) are streamed.
constexpr int64_t kStreamOutMinBytes = 8 << 20;

struct Bytes16 {  // complex128: copied as two words, never as a value
  uint64_t lo, hi;
};

template <class E>
void CopyRows(const Pad2dCopyPlan &p, const void *selfData, void *outData, void *workspace) {
  const TensorView &in = p.self, &out = p.out;
  const int rank = out.rank;
  const int64_t inRowStride = in.strides[rank - 2], outRowStride = out.strides[rank - 2];
  const int64_t inColStride = in.strides[rank - 1], outColStride = out.strides[rank - 1];
  const int64_t copiedBegin = p.cols.CopiedBegin(), copied = p.cols.CopiedEnd() - copiedBegin;
  const int64_t shift = copiedBegin - p.cols.before;  // input column of output column copiedBegin
  const int64_t heightOut = p.rows.out, totalRows = p.planes * heightOut;
  const auto *src = static_cast<const E *>(selfData);
  auto *dst = static_cast<E *>(outData);
  const size_t borders = p.borderColumns.size();
  const int64_t *borderColumns = p.borderColumns.data(), *borderSources = p.borderSources.data();

  ParallelFor(p.numBlocks, p.threads, [&](int64_t block, int thread) {
    const int64_t first = block * p.rowsPerBlock, last = std::min(totalRows, first + p.rowsPerBlock);
    // Streaming: the block's rows (consecutive in the contiguous out) are composed in the thread's
    // stage, which stays in cache, and streamed out as one run, so only its two ends are partial lines.
    E *stage = p.streamOut ? reinterpret_cast<E *>(static_cast<char *>(workspace) + p.stageBytes * thread) : nullptr;
    E *const streamTo =
        p.streamOut ? dst + PadPlaneOffset(out, first / heightOut) + first % heightOut * outRowStride : nullptr;
    for (int64_t row = first; row < last;) {
      // The block's rows of one plane: plane offsets are computed once per plane.
      const int64_t plane = row / heightOut, ohBegin = row % heightOut;
      const int64_t ohEnd = std::min(heightOut, ohBegin + (last - row));
      const int64_t inPlane = PadPlaneOffset(in, plane), outPlane = PadPlaneOffset(out, plane);
      for (int64_t oh = ohBegin; oh < ohEnd; ++oh) {
        const E *from = src + inPlane + p.rows.SourceOf(oh) * inRowStride;
        E *to =
            p.streamOut ? stage + (plane * heightOut + oh - first) * p.cols.out : dst + outPlane + oh * outRowStride;
        if (p.rowsDense) {
          std::memcpy(to + copiedBegin, from + shift, static_cast<size_t>(copied) * sizeof(E));
          for (size_t b = 0; b < borders; ++b) to[borderColumns[b]] = from[borderSources[b]];
        } else {
          for (int64_t c = 0; c < copied; ++c) to[(copiedBegin + c) * outColStride] = from[(shift + c) * inColStride];
          for (size_t b = 0; b < borders; ++b)
            to[borderColumns[b] * outColStride] = from[borderSources[b] * inColStride];
        }
      }
      row += ohEnd - ohBegin;
    }
    if (p.streamOut) {
      CopyBytesStreaming(streamTo, stage, static_cast<size_t>((last - first) * p.cols.out) * sizeof(E));
      FenceStreamingStores();
    }
  });
}

}  // namespace

void PlanPad2dCopy(PadMode mode, const TensorView &self, const TensorView &out, const std::vector<int64_t> &pad,
                   Pad2dCopyPlan *p) {
  p->compute = true;
  p->self = self;
  p->out = out;
  p->elementBytes = DTypeSize(self.dtype);
  const int rank = out.rank;
  p->planes = 1;
  for (int d = 0; d < rank - 2; ++d) p->planes *= out.dims[d];
  p->rows = {self.dims[rank - 2], out.dims[rank - 2], pad[2], mode};
  p->cols = {self.dims[rank - 1], out.dims[rank - 1], pad[0], mode};
  p->rowsDense = (self.dims[rank - 1] <= 1 || self.strides[rank - 1] == 1) &&
                 (out.dims[rank - 1] <= 1 || out.strides[rank - 1] == 1);
  for (int64_t o = 0; o < p->cols.out; ++o) {
    if (o >= p->cols.CopiedBegin() && o < p->cols.CopiedEnd()) continue;
    p->borderColumns.push_back(o);
    p->borderSources.push_back(p->cols.SourceOf(o));
  }
  const int64_t rowBytes = std::max<int64_t>(1, p->cols.out * static_cast<int64_t>(p->elementBytes));
  p->streamOut =
      p->rowsDense && out.IsContiguous() && out.Numel() * static_cast<int64_t>(p->elementBytes) >= kStreamOutMinBytes;
  p->threads = PlanThreads();
  p->rowsPerBlock = std::max<int64_t>(1, kBlockBytes / rowBytes);
  p->numBlocks = CeilDiv(p->planes * p->rows.out, p->rowsPerBlock);
  if (p->streamOut) {
    p->stageBytes = static_cast<size_t>(CeilDiv(p->rowsPerBlock * rowBytes, 64) * 64);  // whole cache lines
    p->workspaceBytes = p->stageBytes * static_cast<size_t>(p->threads);
  }
}

void RunPad2dCopy(const Pad2dCopyPlan &plan, const void *self, void *out, void *workspace) {
  if (!plan.compute) return;
  switch (plan.elementBytes) {
    case 1: CopyRows<uint8_t>(plan, self, out, workspace); break;
    case 2: CopyRows<uint16_t>(plan, self, out, workspace); break;
    case 4: CopyRows<uint32_t>(plan, self, out, workspace); break;
    case 8: CopyRows<uint64_t>(plan, self, out, workspace); break;
    default: CopyRows<Bytes16>(plan, self, out, workspace); break;
  }
}

}  // namespace aclcpu
