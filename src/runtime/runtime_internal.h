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
// A task runs on the stream's worker thread (or on a thread synchronizing the stream); it returns 0 or an error status
// that the next aclrtSynchronizeStream on that stream reports. `args` is copied into the stream's queue at enqueue
// time, so enqueueing never allocates.
using StreamTaskFn = int (*)(const void *args);
constexpr size_t kMaxStreamTaskArgs = 256;
// Enqueues on `stream` (null = the current context's default stream). Returns an aclError.
aclError EnqueueStreamTask(aclrtStream stream, StreamTaskFn fn, const void *args, size_t argsSize);
// Every stream's worker runs its queued tasks at once (Stream::Kick): for threads that wait for an
// event, which does not say which stream will reach it.
void KickStreams();
// For tests: how long a stream's worker leaves a newly queued task for a synchronizing thread to take
// before running it itself (100 us by default). A test that must see the synchronizing thread run the
// task sets a window longer than any descheduling, so the outcome does not depend on timing.
// Returns the window it replaces, for the test to restore.
int64_t SetHandOverWindowForTesting(int64_t microseconds);

// ---- memory registry -----------------------------------------------------------------------------
struct MemoryBlock {
  const void *base = nullptr;
  size_t size = 0;    // bytes the caller asked for: tensor views must stay inside these
  size_t usable = 0;  // bytes the device would give (CANN's granularity, AllocationBytes): copies may use them
  bool host = false;  // from aclrtMallocHost
};
// CANN's allocation granularity: aclrtMalloc/aclrtMallocCached round `size` up to a multiple of 32 bytes and
// add 32 more (`padded`); aclrtMallocAlign32 only rounds. 0 when the arithmetic overflows.
size_t AllocationBytes(size_t size, bool padded);
// Keeps the aclrtMalloc/aclrtMallocHost block holding `ptr` allocated until UnpinBlock(ptr): a
// queued task pins what it touches, so an aclrtFree issued before it has run retires the block
// instead of freeing memory in use. False (nothing to unpin) for memory outside every block.
bool PinBlock(const void *ptr);
void UnpinBlock(const void *ptr);

// Finds the live aclrtMalloc/aclrtMallocHost block whose usable bytes contain `ptr`.
bool FindMemoryBlock(const void *ptr, MemoryBlock *block);

// ---- debugging aids (docs/reliability.md; ACLNN_CPU_DEBUG=poison,sync,trace,kind) ---------------------
struct DebugOptions {
  bool poison = false;  // fill fresh aclrtMalloc memory with 0xFF (NaN)
  bool sync = false;    // refuse synchronous host access to memory a queued task still writes
  bool trace = false;   // log every operator launch with its shapes, dtypes and time
  bool kind = false;    // aclrtMemcpy kinds must agree with the registry (CANN treats them as advisory)
};
DebugOptions Debug();
// Reads an ACLNN_CPU_DEBUG value; a token that names no aid gets one warning on stderr, naming it and
// the valid ones, whatever the log level (a typo must not switch an aid off silently).
DebugOptions ParseDebugOptions(const char *list);
// A queued task's writes: a token (0 when the sync aid is off), the ranges it will write, and
// EndPendingWrite when it has run. BeginPendingWrite = a token with one range.
uint64_t NewPendingWrites();
void AddPendingWrite(uint64_t token, const void *begin, size_t bytes, const std::string &task);
uint64_t BeginPendingWrite(const void *begin, size_t bytes, const std::string &task);
void EndPendingWrite(uint64_t token);
// One line to stderr for the trace aid, whatever the log level.
void TraceLine(const std::string &text);
// True (and the task's name) when [begin, begin + bytes) overlaps a pending write.
bool FindPendingWrite(const void *begin, size_t bytes, std::string *task);

}  // namespace aclcpu
