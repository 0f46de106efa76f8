// What aclnnPrelu and aclnnPreluBackward share: which weight each element of self uses, decided once
// in phase 1, and the fp32 weights phase 2 works from. Kernel-facing.
#pragma once

#include <cstdint>
#include <vector>

#include "base/tensor_view.h"

namespace aclcpu {

// Elements converted or staged at a time: a thread's fp32 staging buffers stay in L1.
constexpr int64_t kPreluSpan = 1024;

// PReLU's channel dim: dim 1 for rank >= 2; rank 0 and 1 have one channel.
inline int64_t PreluChannels(const std::vector<int64_t> &selfDims) { return selfDims.size() >= 2 ? selfDims[1] : 1; }

// How the weight meets the elements of self (flattened row-major, E elements).
enum class PreluLayout : int8_t {
  // One weight for everything, or one per channel with long planes: E = planes x planeSize, plane p
  // uses weight p % weights.
  kPlanes,
  // One weight per channel with short planes (planeSize < kPreluMinPlane): E = rows x rowLength with
  // rowLength = C x planeSize; element j of a row uses weight j / planeSize, read from an expanded row.
  kRows,
};

struct PreluWeightMap {
  PreluLayout layout = PreluLayout::kPlanes;
  int64_t weights = 1;              // 1 or C
  int64_t planeSize = 1;            // elements per (n, c) plane; E for a single weight
  int64_t planes = 1;               // kPlanes: E / planeSize
  int64_t rows = 1, rowLength = 1;  // kRows

  // fp32 values LoadPreluWeights writes: the weights (kPlanes) or the expanded row (kRows).
  int64_t BufferLength() const { return layout == PreluLayout::kRows ? rowLength : weights; }
};

// The map for a non-empty self (rank 0 to 8) and a weight of 1 or C elements.
PreluWeightMap MapPreluWeights(const TensorView &self, int64_t weights);

// Reads the weight tensor (any shape, row-major order) into `buffer` (BufferLength() fp32 values).
void LoadPreluWeights(const PreluWeightMap &map, const TensorView &weight, const void *base, float *buffer);

}  // namespace aclcpu
