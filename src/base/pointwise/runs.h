// Runs of a strided walk, shared by the pointwise and reduction engines. Kernel-facing.
#pragma once

#include <algorithm>
#include <cstdint>

#include "base/tensor_view.h"

namespace aclcpu {

// Calls f(elementOffset, stride, position, length) for the runs along the innermost dim that cover the
// elements [first, first + n) of the iteration, position counting from `first`.
template <class F>
void ForEachRun(int rank, const int64_t *dims, const int64_t *strides, int64_t offset, int64_t first, int64_t n,
                const F &f) {
  if (rank == 0) {
    if (n > 0) f(offset, int64_t{0}, int64_t{0}, n);
    return;
  }
  int64_t index[kMaxRank];
  int64_t rest = first;
  for (int d = rank - 1; d >= 0; --d) {
    index[d] = rest % dims[d];
    rest /= dims[d];
    offset += index[d] * strides[d];
  }
  const int inner = rank - 1;
  for (int64_t pos = 0; pos < n;) {
    const int64_t len = std::min(dims[inner] - index[inner], n - pos);
    f(offset, strides[inner], pos, len);
    pos += len;
    if (pos >= n) break;
    // Not the last run, so it ended with the innermost dim: back to that dim's start, then one step in the outer
    // dims (carrying). Every offset formed is that of an element of the view, never one past an end: a stride can
    // be huge on a size-1 dim of a view inside its storage, and a step past that dim's end would overflow.
    offset -= index[inner] * strides[inner];
    index[inner] = 0;
    for (int d = inner - 1; d >= 0; --d) {
      if (index[d] + 1 < dims[d]) {
        ++index[d];
        offset += strides[d];
        break;
      }
      offset -= index[d] * strides[d];
      index[d] = 0;
    }
  }
}

}  // namespace aclcpu
