#include "runtime/stream.h"

#include <chrono>
#include <cstring>
#include <type_traits>

namespace aclcpu {
namespace {

// How long a synchronizing thread polls for the worker's running task to finish before sleeping:
// a condition variable wake-up costs tens of microseconds in a VM, more than a small operator's
// work. Each check yields the core, so the polling thread never starves the threads doing the work.
constexpr auto kSpinBeforeBlocking = std::chrono::microseconds(50);

// How long the worker leaves a newly queued task for a synchronizing thread to take (see
// Synchronize) before running it itself, in microseconds. Launch-to-synchronize takes a few. Only
// tests change it (SetHandOverWindowForTesting).
std::atomic<int64_t> handOverWindowUs{100};

// While tasks keep arriving (the last one under kStayAwake ago), the idle worker naps for kNap at a
// time and looks for unclaimed tasks itself, so launches need not wake it: a wake-up per launch
// (plus the one at the end of its hand-over window) cost ~15 us of the cores' time per small
// operator. After kStayAwake without a launch it sleeps until woken. Threads that wait for a
// stream's progress without running its tasks kick it awake (Kick).
constexpr auto kNap = std::chrono::milliseconds(1);
constexpr auto kStayAwake = std::chrono::milliseconds(20);

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

int64_t SetHandOverWindowForTesting(int64_t microseconds) {
  return handOverWindowUs.exchange(microseconds, std::memory_order_relaxed);
}

Stream::Stream(Context *owner) : owner_(owner), ring_(new Task[kCapacity]) {
  static_assert(std::is_trivially_default_constructible<Task>::value, "the ring would be written at creation");
  worker_ = std::thread([this] { WorkerLoop(); });
}

Stream::~Stream() {
  Kick();
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
  bool wake = false;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    slotFree_.wait(lock, [this] { return count_ < kCapacity; });
    Task &slot = ring_[(head_ + count_) % kCapacity];
    slot.fn = fn;
    if (argsSize != 0) std::memcpy(slot.args, args, argsSize);
    lastEnqueue_ = std::chrono::steady_clock::now();
    slot.enqueuedAt = lastEnqueue_.time_since_epoch();
    ++count_;
    ++submitted_;
    wake = asleep_;
  }
  if (wake) workAvailable_.notify_one();
  return ACL_SUCCESS;
}

void Stream::Kick() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (count_ > 0) KickLocked();
}

void Stream::KickLocked() {
  kicked_ = true;
  workAvailable_.notify_one();
}

void Stream::RunHeadLocked(std::unique_lock<std::mutex> &lock) {
  running_ = true;
  Task &task = ring_[head_];  // the slot is not reused until count_ drops
  lock.unlock();
  const int status = task.fn(task.args);
  lock.lock();
  running_ = false;
  if (status != ACL_SUCCESS && firstError_ == ACL_SUCCESS) firstError_ = status;
  head_ = (head_ + 1) % kCapacity;
  --count_;
  ++completed_;
  finished_.store(completed_, std::memory_order_release);
  taskDone_.notify_all();
  slotFree_.notify_one();
}

void Stream::WorkerLoop() {
  using Clock = std::chrono::steady_clock;
  std::unique_lock<std::mutex> lock(mutex_);
  auto claimable = [this] { return count_ > 0 && !running_; };
  bool draining = false;  // the worker ran the task before: it runs the next one at once
  for (;;) {
    if (claimable()) {
      if (!draining && !kicked_) {
        const auto deadline = Clock::time_point(ring_[head_].enqueuedAt) +
                              std::chrono::microseconds(handOverWindowUs.load(std::memory_order_relaxed));
        if (Clock::now() < deadline) {
          workAvailable_.wait_until(lock, deadline, [&] { return !claimable() || kicked_ || stopping_; });
          continue;
        }
      }
      RunHeadLocked(lock);
      draining = true;
      continue;
    }
    draining = false;
    kicked_ = false;
    if (stopping_ && count_ == 0) return;
    if (Clock::now() - lastEnqueue_ < kStayAwake) {
      workAvailable_.wait_for(lock, kNap, [this] { return kicked_ || stopping_; });
    } else {
      asleep_ = true;
      workAvailable_.wait(lock, [&] { return claimable() || kicked_ || stopping_; });
      asleep_ = false;
    }
  }
}

aclError Stream::Synchronize(int32_t timeoutMs) {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = submitted_;
  auto done = [this, target] { return completed_ >= target; };
  if (timeoutMs < 0) {
    // The caller would only sleep, so it runs the queued tasks itself, in order, whenever the worker
    // is not running one. An operator's threads then come from the caller's OpenMP pool, kept warm
    // by its other parallel work, instead of the worker's: two pools in one process make libgomp
    // put idle threads to sleep at once, and waking them costs each parallel region 10-40 us here.
    while (!done()) {
      if (!running_) {
        RunHeadLocked(lock);
        continue;
      }
      const uint64_t running = completed_ + 1;  // the worker's task
      lock.unlock();
      SpinUntil([this, running] { return finished_.load(std::memory_order_acquire) >= running; });
      lock.lock();
      taskDone_.wait(lock, [this, running] { return completed_ >= running; });
    }
    if (count_ > 0) KickLocked();  // tasks queued after `target`: the worker takes them at once
  } else if (!done()) {
    KickLocked();  // this thread only waits: the worker must not hold tasks back for it
    lock.unlock();
    SpinUntil([this, target] { return finished_.load(std::memory_order_acquire) >= target; });
    lock.lock();
    if (!taskDone_.wait_for(lock, std::chrono::milliseconds(timeoutMs), done)) return ACL_ERROR_RT_STREAM_SYNC_TIMEOUT;
  }
  const aclError status = firstError_;
  firstError_ = ACL_SUCCESS;
  return status;
}

bool Stream::Idle() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (count_ == 0) return true;
  KickLocked();  // a caller polling for completion: run the tasks now
  return false;
}

}  // namespace aclcpu
