// A task that holds a stream until the test opens it: everything queued behind the gate is surely still
// pending, however the machine schedules the threads. Tests use it instead of "a long task first"
// (a loaded machine can finish that before the test looks) and instead of sleeps.
#pragma once

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

#include "acl/acl.h"
#include "runtime/runtime_internal.h"

namespace aclcpu_test {

class StreamGate {
 public:
  // Queues the gate on `stream` (null = the default stream). Open it before any blocking
  // aclrtSynchronizeStream of that stream: a synchronizing thread runs queued tasks itself, so it would
  // wait at the gate forever. The destructor opens it too.
  explicit StreamGate(aclrtStream stream) {
    StreamGate *self = this;
    EXPECT_EQ(aclcpu::EnqueueStreamTask(stream, &StreamGate::WaitUntilOpen, &self, sizeof self), ACL_SUCCESS);
  }
  ~StreamGate() {
    Open();
    // The queued task points at this object: wait until it has run (the worker takes it soon even if
    // nobody synchronizes the stream).
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return passed_; });
  }
  StreamGate(const StreamGate &) = delete;
  StreamGate &operator=(const StreamGate &) = delete;

  void Open() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      open_ = true;
    }
    changed_.notify_all();
  }

 private:
  static int WaitUntilOpen(const void *args) {
    StreamGate *gate = *static_cast<StreamGate *const *>(args);
    std::unique_lock<std::mutex> lock(gate->mutex_);
    gate->changed_.wait(lock, [gate] { return gate->open_; });
    gate->passed_ = true;
    gate->changed_.notify_all();
    return ACL_SUCCESS;
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = false;
  bool passed_ = false;  // the task has run
};

}  // namespace aclcpu_test
