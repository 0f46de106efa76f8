// The dropout bit mask as a pure function of (seed, offset, keep): bit i, in bit i % 8 (least significant
// first) of byte i / 8, is 1 ("keep") when word i of the Philox stream, as a float in (0, 1], is below `keep`
// (docs/ops/dropout.md §4.1). Kernel-facing.
#pragma once

#include <cstdint>

namespace aclcpu {

// Bytes [firstByte, firstByte + count) of the mask into dst[0, count).
void DropoutMaskBytes(uint64_t seed, uint64_t offset, float keep, int64_t firstByte, int64_t count, uint8_t *dst);

}  // namespace aclcpu
