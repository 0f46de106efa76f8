// The GroupNorm problem shared by GroupNormSwish and GroupNormSwishGrad: N samples of C channels of
// HxW elements, in G groups of D = C / G channels. Group (n, g) is the contiguous run of
// S = D * HxW elements (flat row-major order) starting at channel g * D of sample n; both operators
// work one group per task, in pieces of at most kGroupNormPiece elements. Kernel-facing.
#pragma once

#include <cstdint>

#include "base/parallel.h"

namespace aclcpu {

// The unit of staging, conversion and (forward) partial moments inside a group.
constexpr int64_t kGroupNormPiece = 2048;

struct GroupNormShape {
  int64_t n = 0, c = 0, hw = 0, groups = 0;
  int64_t channelsPerGroup() const { return c / groups; }
  int64_t groupSize() const { return c / groups * hw; }  // S
  int64_t numGroups() const { return n * groups; }       // tasks
};

// Where group `index` (= n * G + g) lies.
struct GroupSpan {
  int64_t index, n, g;
  int64_t c0;     // first channel
  int64_t start;  // flat index of its first element
};

inline GroupSpan GroupSpanOf(const GroupNormShape &s, int64_t index) {
  GroupSpan span;
  span.index = index;
  span.n = index / s.groups;
  span.g = index % s.groups;
  span.c0 = span.g * s.channelsPerGroup();
  span.start = (span.n * s.c + span.c0) * s.hw;
  return span;
}

// body(span, thread) for every group, split statically over up to `threads` threads. Groups never
// share outputs, so results do not depend on the thread count.
template <class Body>
void ForEachGroup(const GroupNormShape &s, int threads, const Body &body) {
  ParallelFor(s.numGroups(), threads, [&](int64_t index, int thread) { body(GroupSpanOf(s, index), thread); });
}

// body(offset, len, channel) for the pieces of one group: `offset` from the group's start, `channel`
// the piece's first channel within the group (its first element is at position offset % HxW).
template <class Body>
void ForEachPiece(const GroupNormShape &s, const Body &body) {
  const int64_t size = s.groupSize();
  for (int64_t off = 0; off < size; off += kGroupNormPiece) {
    body(off, off + kGroupNormPiece < size ? kGroupNormPiece : size - off, off / s.hw);
  }
}

}  // namespace aclcpu
