// CPU features the kernels ask about beyond the SIMD target Highway dispatched to. Kernel-facing.
#pragma once

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace aclcpu {

// Whether the CPU has AVX512_BF16 (Cooper Lake, Sapphire Rapids, Zen 4 and later): CPUID leaf 7, sub-leaf 1, EAX
// bit 5. Only AVX-512 code asks, which Highway runs only where the OS saves the 512-bit state.
inline bool DetectCpuAvx512Bf16() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_count(7, 1, &eax, &ebx, &ecx, &edx) == 0) return false;
  return ((eax >> 5) & 1u) != 0;
#else
  return false;
#endif
}
// Read once when a library is loaded: a kernel tests a constant, not the CPU, per vector. (Before its initializer has
// run it reads false, which only selects the portable path: the results are the same bits either way.)
inline const bool kCpuHasAvx512Bf16 = DetectCpuAvx512Bf16();

}  // namespace aclcpu
