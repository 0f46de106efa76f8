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
    offset += len * strides[inner];
    index[inner] += len;
    for (int d = inner; d > 0 && index[d] == dims[d]; --d) {  // carry into the outer dims
      offset += strides[d - 1] - index[d] * strides[d];
      index[d] = 0;
      ++index[d - 1];
    }
  }
}

}  // namespace aclcpu
