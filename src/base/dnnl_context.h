// What every caller of oneDNN shares (the GEMM engine, the conv family's primitives): the CPU engine, one
// stream per thread, and the guard that keeps a library call on the calling thread. Kernel-facing.
#pragma once

#include <omp.h>

#include <dnnl.hpp>

namespace aclcpu {

// oneDNN sizes its thread team from omp_get_max_threads() when it is not already inside an active parallel
// region, and a primitive fixes its blocking from it when created. LibraryThreads sets the calling task's value
// for its lifetime: 1 keeps a call on this thread and a primitive's configuration (and so its bits) independent
// of the caller's threads; a pure data movement (a reorder) may use the plan's threads.
class LibraryThreads {
 public:
  explicit LibraryThreads(int threads) : saved_(omp_get_max_threads()) { omp_set_num_threads(threads); }
  ~LibraryThreads() { omp_set_num_threads(saved_); }
  LibraryThreads(const LibraryThreads &) = delete;
  LibraryThreads &operator=(const LibraryThreads &) = delete;

 private:
  int saved_;
};

struct OneThreadForLibrary : LibraryThreads {
  OneThreadForLibrary() : LibraryThreads(1) {}
};

// The process's CPU engine (created on first use).
const dnnl::engine &DnnlEngine();

// This thread's stream on DnnlEngine(), made once: creating one per call cost microseconds.
dnnl::stream &DnnlThreadStream();

}  // namespace aclcpu
