// Internal interface of libascendcl that the other aclnn-cpu libraries use (not installed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "acl/acl_rt.h"

namespace aclcpu {

// ---- errors and logging -------------------------------------------------------------------------
// Records a failure for aclGetRecentErrMsg on the calling thread and logs it at ERROR level.
// `errCode` is the CANN message family (e.g. "EZ1001"), `text` the human-readable reason.
void ReportError(const char *errCode, const std::string &text);
// Logs at `level` when the configured level allows it; never writes to stdout.
void LogMessage(aclLogLevel level, const std::string &text);
bool LogEnabled(aclLogLevel level);

// ---- streams -------------------------------------------------------------------------------------
// A task runs on the stream's worker thread; it returns 0 or an error status that the next
// aclrtSynchronizeStream on that stream reports. `args` is copied into the stream's queue at
// enqueue time, so enqueueing never allocates.
using StreamTaskFn = int (*)(const void *args);
constexpr size_t kMaxStreamTaskArgs = 256;
// Enqueues on `stream` (null = the current context's default stream). Returns an aclError.
aclError EnqueueStreamTask(aclrtStream stream, StreamTaskFn fn, const void *args, size_t argsSize);

// ---- memory registry -----------------------------------------------------------------------------
struct MemoryBlock {
  const void *base = nullptr;
  size_t size = 0;    // bytes the caller asked for
  bool host = false;  // from aclrtMallocHost
};
// Finds the live aclrtMalloc/aclrtMallocHost block that contains `ptr`.
bool FindMemoryBlock(const void *ptr, MemoryBlock *block);

}  // namespace aclcpu
