// Events: markers recorded into a stream's queue, completed when the worker reaches them.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>

#include "runtime/runtime_internal.h"
#include "runtime/stream.h"

namespace aclcpu {
namespace {

struct Event {
  std::mutex mutex;
  std::condition_variable completed;
  uint64_t recordedSeq = 0;  // how many records were enqueued
  uint64_t reachedSeq = 0;   // how many of them the stream has reached
  std::chrono::steady_clock::time_point stamp;
  std::atomic<int> refs{1};  // the handle plus one per queued task

  void Unref() {
    if (refs.fetch_sub(1) == 1) delete this;
  }
};

struct EventRegistry {
  std::mutex mutex;
  std::set<Event *> live;
};

EventRegistry &Events() {
  static EventRegistry *registry = new EventRegistry;
  return *registry;
}

// Returns the event with an extra reference, or nullptr for an unknown handle.
Event *Acquire(aclrtEvent handle) {
  EventRegistry &r = Events();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto *event = static_cast<Event *>(handle);
  if (handle == nullptr || r.live.count(event) == 0) return nullptr;
  event->refs.fetch_add(1);
  return event;
}

aclError UnknownEvent(const char *api) {
  ReportError("EH0001", std::string(api) + ": expected an event from aclrtCreateEvent, but got an unknown handle");
  return ACL_ERROR_INVALID_PARAM;
}

struct MarkArgs {
  Event *event;
  uint64_t seq;
};

int ReachEvent(const void *args) {
  const auto *a = static_cast<const MarkArgs *>(args);
  {
    std::lock_guard<std::mutex> lock(a->event->mutex);
    if (a->seq > a->event->reachedSeq) {
      a->event->reachedSeq = a->seq;
      a->event->stamp = std::chrono::steady_clock::now();
    }
  }
  a->event->completed.notify_all();
  a->event->Unref();
  return ACL_SUCCESS;
}

int WaitForEvent(const void *args) {
  const auto *a = static_cast<const MarkArgs *>(args);
  KickStreams();  // the stream that records the event must not nap meanwhile
  {
    std::unique_lock<std::mutex> lock(a->event->mutex);
    a->event->completed.wait(lock, [a] { return a->event->reachedSeq >= a->seq; });
  }
  a->event->Unref();
  return ACL_SUCCESS;
}

// Enqueues `fn` with the event's current (or next) record sequence number.
aclError EnqueueMark(aclrtEvent handle, aclrtStream stream, StreamTaskFn fn, bool newRecord, const char *api) {
  Event *event = Acquire(handle);
  if (event == nullptr) return UnknownEvent(api);
  uint64_t seq;
  {
    std::lock_guard<std::mutex> lock(event->mutex);
    if (newRecord) ++event->recordedSeq;
    seq = event->recordedSeq;
  }
  const MarkArgs args{event, seq};
  const aclError status = EnqueueStreamTask(stream, fn, &args, sizeof args);
  if (status != ACL_SUCCESS) {
    // A record that never reaches a stream (unknown stream) must not count: waits for it would
    // block forever. A later record, if one came meanwhile, covers this sequence number anyway.
    if (newRecord) {
      std::lock_guard<std::mutex> lock(event->mutex);
      if (event->recordedSeq == seq) --event->recordedSeq;
    }
    event->Unref();
  }
  return status;
}

}  // namespace
}  // namespace aclcpu

using aclcpu::Event;

extern "C" {

aclError aclrtCreateEvent(aclrtEvent *event) {
  if (event == nullptr) {
    aclcpu::ReportError("EH0001", "aclrtCreateEvent: expected a non-null event pointer, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  auto *created = new (std::nothrow) Event;
  if (created == nullptr) return ACL_ERROR_RT_NO_EVENT_RESOURCE;
  auto &r = aclcpu::Events();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.live.insert(created);
  *event = created;
  return ACL_SUCCESS;
}

aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t) { return aclrtCreateEvent(event); }

aclError aclrtDestroyEvent(aclrtEvent event) {
  auto &r = aclcpu::Events();
  Event *dying;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    dying = static_cast<Event *>(event);
    if (event == nullptr || r.live.erase(dying) == 0) return aclcpu::UnknownEvent("aclrtDestroyEvent");
  }
  dying->Unref();  // queued records keep it alive until they run
  return ACL_SUCCESS;
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  return aclcpu::EnqueueMark(event, stream, aclcpu::ReachEvent, true, "aclrtRecordEvent");
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  return aclcpu::EnqueueMark(event, stream, aclcpu::WaitForEvent, false, "aclrtStreamWaitEvent");
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream) {
  Event *e = aclcpu::Acquire(event);
  if (e == nullptr) return aclcpu::UnknownEvent("aclrtResetEvent");
  {
    std::lock_guard<std::mutex> lock(e->mutex);
    e->reachedSeq = e->recordedSeq;
  }
  e->completed.notify_all();
  e->Unref();
  return ACL_SUCCESS;
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventStatus *status) {
  if (status == nullptr) return ACL_ERROR_INVALID_PARAM;
  Event *e = aclcpu::Acquire(event);
  if (e == nullptr) return aclcpu::UnknownEvent("aclrtQueryEventStatus");
  aclcpu::KickStreams();  // a caller polling for the event: streams run their tasks now
  {
    std::lock_guard<std::mutex> lock(e->mutex);
    *status = e->reachedSeq >= e->recordedSeq ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
  }
  e->Unref();
  return ACL_SUCCESS;
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
  Event *e = aclcpu::Acquire(event);
  if (e == nullptr) return aclcpu::UnknownEvent("aclrtSynchronizeEvent");
  aclcpu::KickStreams();  // the caller only waits: streams run their tasks now
  {
    std::unique_lock<std::mutex> lock(e->mutex);
    const uint64_t target = e->recordedSeq;
    e->completed.wait(lock, [e, target] { return e->reachedSeq >= target; });
  }
  e->Unref();
  return ACL_SUCCESS;
}

aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  if (ms == nullptr) return ACL_ERROR_INVALID_PARAM;
  Event *start = aclcpu::Acquire(startEvent);
  if (start == nullptr) return aclcpu::UnknownEvent("aclrtEventElapsedTime");
  Event *end = aclcpu::Acquire(endEvent);
  if (end == nullptr) {
    start->Unref();
    return aclcpu::UnknownEvent("aclrtEventElapsedTime");
  }
  aclError status = ACL_SUCCESS;
  {
    // The same event twice is allowed (0 ms); its mutex must then be locked once, not twice.
    std::unique_lock<std::mutex> startLock(start->mutex, std::defer_lock), endLock(end->mutex, std::defer_lock);
    if (start == end) {
      startLock.lock();
    } else {
      std::lock(startLock, endLock);
    }
    const bool ready = start->reachedSeq > 0 && end->reachedSeq > 0 && start->reachedSeq >= start->recordedSeq &&
                       end->reachedSeq >= end->recordedSeq;
    if (!ready) {
      aclcpu::ReportError("EH0001", "aclrtEventElapsedTime: expected both events recorded and completed");
      status = ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID;
    } else {
      *ms = std::chrono::duration<float, std::milli>(end->stamp - start->stamp).count();
    }
  }
  start->Unref();
  end->Unref();
  return status;
}

}  // extern "C"
