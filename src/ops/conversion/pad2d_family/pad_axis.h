// The index maps of the 2-D pad family, written once for the forward pads (a gather: which input
// cell an output cell copies) and for the backward pads (the reverse: which output cells copy an
// input cell, whose gradients it sums). Kernel-facing.
#pragma once

#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

enum class PadMode : int8_t {
  kReflect,    // r(i, n): mirror about the border cells without repeating them (PyTorch "reflect")
  kReplicate,  // e(i, n) = clamp(i, 0, n - 1): the border cell repeated (PyTorch "replicate", vendor "edge")
};

// One padded axis: `in` input cells, `out` = in + before + after output cells. Negative pads crop
// (PyTorch's semantics); phase 1 guarantees out >= 0, and in >= 1 whenever out >= 1.
struct PadAxis {
  int64_t in = 0, out = 0, before = 0;
  PadMode mode = PadMode::kReflect;

  // The input cell output cell o copies (o in [0, out)).
  int64_t SourceOf(int64_t o) const {
    const int64_t i = o - before;
    if (mode == PadMode::kReplicate) return i < 0 ? 0 : i >= in ? in - 1 : i;
    if (i < 0) return -i;
    return i >= in ? 2 * (in - 1) - i : i;
  }

  // Output cells [CopiedBegin(), CopiedEnd()) copy input cells [CopiedBegin() - before, ...) in
  // order: the part of a row that is one shifted block copy. The cells outside it are the borders.
  int64_t CopiedBegin() const { return before < 0 ? 0 : before > out ? out : before; }
  int64_t CopiedEnd() const {
    const int64_t end = before + in;
    return end < CopiedBegin() ? CopiedBegin() : end > out ? out : end;
  }

  // Reflect mode: the output cells that copy input cell i (at most 3: itself, its mirror about the
  // first border, its mirror about the last). Negative pads crop, so a cell may have none.
  int ReflectCopies(int64_t i, int64_t copies[3]) const {
    int count = 0;
    auto keep = [&](int64_t o) {
      if (o >= 0 && o < out) copies[count++] = o;
    };
    keep(i + before);
    if (i >= 1) keep(before - i);
    if (i <= in - 2) keep(before + 2 * (in - 1) - i);
    return count;
  }

  // Replicate mode: the output cells that copy input cell i form one range [*begin, *end): the
  // first cell also collects the leading pad, the last the trailing one (an axis of one cell
  // collects every output cell). Empty (begin == end) when negative pads crop cell i away.
  void ReplicateCopies(int64_t i, int64_t *begin, int64_t *end) const {
    int64_t b = i == 0 ? 0 : i + before, e = i == in - 1 ? out : i + before + 1;
    b = b < 0 ? 0 : b > out ? out : b;
    e = e < b ? b : e > out ? out : e;
    *begin = b;
    *end = e;
  }
};

// Element offset of plane `plane` (row-major over the leading dims, all but H and W) of a rank-3/4
// view.
inline int64_t PadPlaneOffset(const TensorView &v, int64_t plane) {
  int64_t off = v.offset;
  for (int d = v.rank - 3; d >= 0; --d) {
    off += (plane % v.dims[d]) * v.strides[d];
    plane /= v.dims[d];
  }
  return off;
}

}  // namespace aclcpu
