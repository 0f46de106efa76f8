// A stream: an in-order task queue drained by one worker thread, like a device's hardware queue,
// and by any thread that waits for it in Synchronize.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "runtime/runtime_internal.h"

namespace aclcpu {

struct Context;

class Stream {
 public:
  explicit Stream(Context *owner);
  ~Stream();  // drains the queue, then stops the worker
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;

  // Copies `args` into a queue slot; blocks while the queue is full. Never allocates.
  aclError Enqueue(StreamTaskFn fn, const void *args, size_t argsSize);
  // Waits for every task enqueued so far; returns (and clears) the first task failure.
  // timeoutMs < 0 waits forever; on timeout returns ACL_ERROR_RT_STREAM_SYNC_TIMEOUT.
  aclError Synchronize(int32_t timeoutMs);
  // True when no task is queued; otherwise kicks the worker (see Kick).
  bool Idle();
  // For a thread about to wait for this stream's progress without running its tasks (event waits,
  // timed synchronizes, polling): the worker runs queued tasks at once instead of napping or holding
  // them back for a synchronizing thread.
  void Kick();
  Context *owner() const { return owner_; }

 private:
  // Trivially default-constructible (the enqueue time as a duration since the clock's epoch, whose default
  // constructor does nothing, unlike time_point's): the ring's 288 KiB are allocated, not zeroed, so a new stream
  // touches only the pages its tasks use. Zeroing them cost each aclrtCreateStream 72 page faults and, under
  // ASan, a fresh mapping: most of the time of tests that create a stream per problem.
  struct Task {
    StreamTaskFn fn;
    std::chrono::steady_clock::duration enqueuedAt;
    alignas(16) unsigned char args[kMaxStreamTaskArgs];
  };
  static constexpr size_t kCapacity = 1024;

  void WorkerLoop();
  // What Kick does once it holds mutex_ and has seen queued tasks; for callers already holding it.
  void KickLocked();
  // Runs the task at the head of the queue on this thread (the worker or a synchronizing thread);
  // called with running_ false and count_ > 0, returns with the lock held again.
  void RunHeadLocked(std::unique_lock<std::mutex> &lock);

  Context *owner_;
  std::mutex mutex_;
  std::condition_variable workAvailable_, slotFree_, taskDone_;
  std::unique_ptr<Task[]> ring_;
  size_t head_ = 0;   // next task to run
  size_t count_ = 0;  // queued tasks, including the one running
  uint64_t submitted_ = 0, completed_ = 0;
  // A lock-free mirror of completed_ for the short spin before blocking in Synchronize.
  std::atomic<uint64_t> finished_{0};
  bool stopping_ = false;
  bool running_ = false;  // the head task is running, on the worker or on a synchronizing thread
  bool asleep_ = false;   // the worker waits without a timeout: Enqueue must wake it
  bool kicked_ = false;   // see Kick
  std::chrono::steady_clock::time_point lastEnqueue_;
  aclError firstError_ = ACL_SUCCESS;
  std::thread worker_;
};

// The stream behind a handle: null = the current context's default stream (created on first use);
// an unknown handle gives nullptr.
std::shared_ptr<Stream> ResolveStream(aclrtStream handle);

}  // namespace aclcpu
