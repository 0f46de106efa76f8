// Byte copies whose destination is written with non-temporal (streaming) stores: for outputs too
// large to stay in cache for their consumer, skipping the read-for-ownership of every destination
// line saves a third of the memory traffic of a copy. Kernel-facing.
#pragma once

#include <cstddef>

namespace aclcpu {

// Copies `bytes` bytes from `src` to `dst` (not overlapping). The part of dst that covers whole
// aligned vectors is written with streaming stores, the unaligned ends with ordinary ones. Callers
// fence (FenceStreamingStores) before their output is read.
void CopyBytesStreaming(void *dst, const void *src, size_t bytes);

}  // namespace aclcpu
