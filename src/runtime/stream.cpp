#include "runtime/stream.h"

#include <chrono>
#include <cstring>

namespace aclcpu {
namespace {

// How long a worker looks for new work, or a synchronizing thread for completion, before sleeping.
// Each check yields the core, so a spinning thread never starves the threads doing the work.
constexpr auto kSpinBeforeBlocking = std::chrono::microseconds(50);

template <class Ready>
bool SpinUntil(Ready ready) {
  const auto deadline = std::chrono::steady_clock::now() + kSpinBeforeBlocking;
  while (!ready()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

}  // namespace

Stream::Stream(Context *owner) : owner_(owner), ring_(kCapacity) {
  worker_ = std::thread([this] { WorkerLoop(); });
}

Stream::~Stream() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    taskDone_.wait(lock, [this] { return count_ == 0; });
    stopping_ = true;
  }
  workAvailable_.notify_all();
  worker_.join();
}

aclError Stream::Enqueue(StreamTaskFn fn, const void *args, size_t argsSize) {
  if (argsSize > kMaxStreamTaskArgs) return ACL_ERROR_RT_PARAM_INVALID;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    slotFree_.wait(lock, [this] { return count_ < kCapacity; });
    Task &slot = ring_[(head_ + count_) % kCapacity];
    slot.fn = fn;
    if (argsSize != 0) std::memcpy(slot.args, args, argsSize);
    ++count_;
    ++submitted_;
    queued_.store(count_, std::memory_order_release);
  }
  workAvailable_.notify_one();
  return ACL_SUCCESS;
}

void Stream::WorkerLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (count_ == 0 && !stopping_) {
      lock.unlock();
      SpinUntil([this] { return queued_.load(std::memory_order_acquire) > 0; });
      lock.lock();
    }
    workAvailable_.wait(lock, [this] { return count_ > 0 || stopping_; });
    if (count_ == 0) return;    // stopping with an empty queue
    Task &task = ring_[head_];  // the slot is not reused until count_ drops
    lock.unlock();
    const int status = task.fn(task.args);
    lock.lock();
    if (status != ACL_SUCCESS && firstError_ == ACL_SUCCESS) firstError_ = status;
    head_ = (head_ + 1) % kCapacity;
    --count_;
    ++completed_;
    queued_.store(count_, std::memory_order_release);
    finished_.store(completed_, std::memory_order_release);
    taskDone_.notify_all();
    slotFree_.notify_one();
  }
}

aclError Stream::Synchronize(int32_t timeoutMs) {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = submitted_;
  if (completed_ < target) {
    lock.unlock();
    SpinUntil([this, target] { return finished_.load(std::memory_order_acquire) >= target; });
    lock.lock();
  }
  auto done = [this, target] { return completed_ >= target; };
  if (timeoutMs < 0) {
    taskDone_.wait(lock, done);
  } else if (!taskDone_.wait_for(lock, std::chrono::milliseconds(timeoutMs), done)) {
    return ACL_ERROR_RT_STREAM_SYNC_TIMEOUT;
  }
  const aclError status = firstError_;
  firstError_ = ACL_SUCCESS;
  return status;
}

bool Stream::Idle() {
  std::lock_guard<std::mutex> lock(mutex_);
  return count_ == 0;
}

}  // namespace aclcpu
