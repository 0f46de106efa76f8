// The [M, N] view of a LayerNorm problem, shared by the forward and backward checks.
#pragma once

#include <cstdint>
#include <vector>

#include "base/meta_objects.h"

namespace aclcpu {

struct LayerNormDims {
  int beginAxis = 0;           // rank(input) - len(normalizedShape); negative when the rank is too small
  int64_t rows = 0, cols = 0;  // M (product of the leading dims) and N (of the normalized dims)
};

// M and N of `input` dims normalized over their last `nsLen` dims (both 0 when nsLen > rank). A
// product with a negative dim or beyond int64 is INT64_MAX (DimsProduct); 0 wins over both.
inline LayerNormDims LayerNormDimsOf(const std::vector<int64_t> &input, size_t nsLen) {
  LayerNormDims d;
  d.beginAxis = static_cast<int>(static_cast<int64_t>(input.size()) - static_cast<int64_t>(nsLen));
  if (d.beginAxis < 0) return d;
  d.rows = DimsProduct(input, 0, static_cast<size_t>(d.beginAxis));
  d.cols = DimsProduct(input, static_cast<size_t>(d.beginAxis), input.size());
  return d;
}

}  // namespace aclcpu
