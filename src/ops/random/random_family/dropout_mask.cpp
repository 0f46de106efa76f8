// The dropout mask from the Philox stream (docs/ops/dropout.md §4.1).
#include "ops/random/random_family/dropout_mask.h"

#include "ops/random/random_family/philox.h"

namespace aclcpu {

void DropoutMaskBytes(uint64_t seed, uint64_t offset, float keep, int64_t firstByte, int64_t count, uint8_t *dst) {
  for (int64_t b = 0; b < count; ++b) {
    // A byte holds 8 bits = two groups of four words.
    const uint64_t group = 2 * static_cast<uint64_t>(firstByte + b);
    const PhiloxWords low = PhiloxGroup(seed, offset, group), high = PhiloxGroup(seed, offset, group + 1);
    unsigned byte = 0;
    for (int j = 0; j < 4; ++j) {
      byte |= static_cast<unsigned>(PhiloxUniform(low.w[j]) < keep) << j;
      byte |= static_cast<unsigned>(PhiloxUniform(high.w[j]) < keep) << (4 + j);
    }
    dst[b] = static_cast<uint8_t>(byte);
  }
}

}  // namespace aclcpu
