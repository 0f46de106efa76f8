// Philox-4x32-10, the counter-based generator of Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as
// easy as 1, 2, 3" (SC 2011): a 128-bit counter and a 64-bit key give four 32-bit words; no state, so any
// block of a random stream is computed from its own counter, by any thread, in any order. Written from the
// paper's definition (multipliers, Weyl key increments, the S-box of two 32x32->64 products); tests check
// the paper's known-answer vectors. Kernel-facing, header-only.
#pragma once

#include <cstdint>

namespace aclcpu {

struct PhiloxWords {
  uint32_t w[4];
};

// Ten rounds. Each round multiplies words 0 and 2 by the two constants, and the new words are
// (hi(M1*c2) ^ c1 ^ k0, lo(M1*c2), hi(M0*c0) ^ c3 ^ k1, lo(M0*c0)); the key is bumped by the Weyl constants
// (golden ratio and sqrt(3) - 1 in 32-bit fixed point) between rounds.
inline PhiloxWords Philox4x32x10(PhiloxWords counter, uint32_t key0, uint32_t key1) {
  constexpr uint32_t kM0 = 0xD2511F53u, kM1 = 0xCD9E8D57u;
  constexpr uint32_t kW0 = 0x9E3779B9u, kW1 = 0xBB67AE85u;
  uint32_t *c = counter.w;
  for (int round = 0; round < 10; ++round) {
    const uint64_t p0 = static_cast<uint64_t>(kM0) * c[0];
    const uint64_t p1 = static_cast<uint64_t>(kM1) * c[2];
    const uint32_t next0 = static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ key0;
    const uint32_t next2 = static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ key1;
    c[0] = next0;
    c[1] = static_cast<uint32_t>(p1);
    c[2] = next2;
    c[3] = static_cast<uint32_t>(p0);
    key0 += kW0;
    key1 += kW1;
  }
  return counter;
}

// The vendor's stateless generators' layout (random/stateless_*): key = the seed's two 32-bit halves (low
// first); counter words = (index low, index high, offset low, offset high), where `index` counts groups of
// four words. So streams of different offsets never share a counter.
inline PhiloxWords PhiloxGroup(uint64_t seed, uint64_t offset, uint64_t index) {
  const PhiloxWords counter{{static_cast<uint32_t>(index), static_cast<uint32_t>(index >> 32),
                             static_cast<uint32_t>(offset), static_cast<uint32_t>(offset >> 32)}};
  return Philox4x32x10(counter, static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32));
}

// A word as a float in (0, 1], as the vendor's kernels do it: fl32(fl32(w) * 2^-32 + 2^-33) (the sum is
// rounded in float; w near 2^32 gives exactly 1).
inline float PhiloxUniform(uint32_t word) {
  constexpr float kTwoPowMinus32 = 2.3283064365386963e-10f;  // 2^-32
  constexpr float kHalfStep = 1.1641532182693481e-10f;       // 2^-33
  const float scaled = static_cast<float>(word) * kTwoPowMinus32;
  return scaled + kHalfStep;
}

}  // namespace aclcpu
