#include "ops/activation/prelu_family/prelu_weight_map.h"

#include <algorithm>

#include "base/convert.h"

namespace aclcpu {
namespace {

// Per-channel planes shorter than this use the row layout: a scalar weight per plane would leave the
// vector loops only a few elements per call.
constexpr int64_t kPreluMinPlane = 64;

}  // namespace

PreluWeightMap MapPreluWeights(const TensorView &self, int64_t weights) {
  PreluWeightMap map;
  map.weights = weights;
  const int64_t elements = self.Numel();
  if (weights == 1) {
    map.planeSize = elements;
    return map;
  }
  const int64_t channels = self.dims[1];
  map.planeSize = elements / (self.dims[0] * channels);
  if (map.planeSize >= kPreluMinPlane) {
    map.planes = elements / map.planeSize;
  } else {
    map.layout = PreluLayout::kRows;
    map.rowLength = channels * map.planeSize;
    map.rows = self.dims[0];
  }
  return map;
}

void LoadPreluWeights(const PreluWeightMap &map, const TensorView &weight, const void *base, float *buffer) {
  if (map.layout == PreluLayout::kPlanes) {
    ReadFlatAsF32(weight, base, 0, map.weights, buffer);
    return;
  }
  float channelWeights[kPreluSpan];
  for (int64_t c0 = 0; c0 < map.weights; c0 += kPreluSpan) {
    const int64_t len = std::min(kPreluSpan, map.weights - c0);
    ReadFlatAsF32(weight, base, c0, len, channelWeights);
    for (int64_t c = 0; c < len; ++c) std::fill_n(buffer + (c0 + c) * map.planeSize, map.planeSize, channelWeights[c]);
  }
}

}  // namespace aclcpu
