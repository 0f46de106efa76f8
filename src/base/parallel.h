// The one place that talks to OpenMP. Work is always split into fixed-size blocks chosen from the
// problem shape alone, so results never depend on the thread count.
#pragma once

#include <omp.h>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include <algorithm>
#include <cstdint>

namespace aclcpu {

// Threads a plan made now may use (honours OMP_NUM_THREADS / omp_set_num_threads on this thread).
inline int PlanThreads() { return std::max(1, omp_get_max_threads()); }

// Calls body(block, thread) for block in [0, numBlocks) on up to `threads` threads. `thread` is in
// [0, threads) and indexes per-thread scratch; blocks never share outputs.
template <class Body>
void ParallelFor(int64_t numBlocks, int threads, const Body &body) {
  threads = static_cast<int>(std::min<int64_t>(std::max(threads, 1), std::max<int64_t>(numBlocks, 1)));
  if (threads <= 1) {
    for (int64_t b = 0; b < numBlocks; ++b) body(b, 0);
    return;
  }
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t b = 0; b < numBlocks; ++b) body(b, omp_get_thread_num());
}

// ParallelFor for blocks of uneven cost: threads take the next block as they finish. Results still
// cannot depend on the schedule, because blocks never share outputs.
template <class Body>
void ParallelForDynamic(int64_t numBlocks, int threads, const Body &body) {
  threads = static_cast<int>(std::min<int64_t>(std::max(threads, 1), std::max<int64_t>(numBlocks, 1)));
  if (threads <= 1) {
    for (int64_t b = 0; b < numBlocks; ++b) body(b, 0);
    return;
  }
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (int64_t b = 0; b < numBlocks; ++b) body(b, omp_get_thread_num());
}

// a / b rounded up, for a >= 0 and b > 0; without forming a + b - 1, which overflows for element counts near
// 2^63 (the fuzz harnesses plan views of INT64_MAX elements that phase 1 refuses only later).
inline int64_t CeilDiv(int64_t a, int64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

// Non-temporal (streaming) stores are weakly ordered: a block that made them fences them before its
// thread reports completion, so whoever reads the output next sees them.
inline void FenceStreamingStores() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_sfence();
#endif
}

}  // namespace aclcpu
