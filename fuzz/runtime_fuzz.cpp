// The runtime API as a sequence of calls the fuzzer chooses: allocations and frees (stale, interior
// and foreign pointers too), synchronous and queued copies and fills with any sizes and kinds,
// streams and events created, used, destroyed and used again, a repeatable operator executor run,
// rebound and destroyed, devices set and reset, finalize and init. Every call must return a status;
// copies between synchronized blocks must move the bytes they claim to.
#include <algorithm>
#include <cstring>
#include <vector>

#include "aclnnop/aclnn_prelu_backward.h"
#include "fuzz_harness.h"

using namespace aclcpu_fuzz;

namespace {

constexpr size_t kHostBytes = 4096;
uint8_t g_hostBuffer[kHostBytes];  // caller-owned host memory; outlives every queued task

struct Allocation {
  void *ptr;
  size_t bytes;
  bool host;
};

// A small PReLU call over blocks the sequence never frees, for the executor calls.
struct OwnedOperator {
  void *blocks[5] = {};
  aclTensor *tensors[5] = {};
  aclOpExecutor *executor = nullptr;
  uint64_t workspaceSize = 0;
  void *workspace = nullptr;

  OwnedOperator() {
    const int64_t dims[] = {2, 3}, weightDims[] = {3}, storage[] = {6}, weightStorage[] = {3};
    for (int i = 0; i < 5; ++i) {
      const bool isWeight = i == 2 || i == 4;
      aclrtMalloc(&blocks[i], isWeight ? 12 : 24, ACL_MEM_MALLOC_HUGE_FIRST);
      std::memset(blocks[i], 0, isWeight ? 12 : 24);
      tensors[i] = aclCreateTensor(isWeight ? weightDims : dims, isWeight ? 1 : 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND,
                                   isWeight ? weightStorage : storage, 1, blocks[i]);
    }
    aclnnPreluBackwardGetWorkspaceSize(tensors[0], tensors[1], tensors[2], tensors[3], tensors[4], &workspaceSize,
                                       &executor);
    aclSetAclOpExecutorRepeatable(executor);
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
  }
  ~OwnedOperator() {
    aclrtSynchronizeDevice();
    aclDestroyAclOpExecutor(executor);
    for (int i = 0; i < 5; ++i) {
      aclDestroyTensor(tensors[i]);
      aclrtFree(blocks[i]);
    }
    aclrtFree(workspace);
  }
};

// Made before any sequence runs, so that no stale pointer a sequence keeps can be one of its blocks.
OwnedOperator *SharedOperator() {
  static OwnedOperator *op = new OwnedOperator;  // lives for the process, like a cached executor
  return op;
}

class Sequence {
 public:
  explicit Sequence(FuzzInput &in) : in_(in) {}
  ~Sequence() {
    for (aclrtStream s : streams_) aclrtSynchronizeStream(s);
    aclrtSynchronizeStream(nullptr);
    for (aclrtStream s : streams_) aclrtDestroyStream(s);
    for (aclrtEvent e : events_) aclrtDestroyEvent(e);
    for (const Allocation &a : live_) a.host ? aclrtFreeHost(a.ptr) : aclrtFree(a.ptr);
  }

  void Step() {
    switch (in_.Range(0, 15)) {
      case 0: Allocate(false); break;
      case 1: Allocate(true); break;
      case 2: Free(); break;
      case 3: Copy(false); break;
      case 4: Copy(true); break;
      case 5: Fill(in_.OneIn(2)); break;
      case 6: StreamCall(); break;
      case 7: EventCall(); break;
      case 8: ExecutorCall(); break;
      case 9: DeviceCall(); break;
      case 10: CheckedRoundTrip(); break;
      default: Allocate(false); break;
    }
  }

 private:
  // A pointer the runtime must cope with: inside a live block, its end, a freed block, null, or
  // caller memory. `room` gets the bytes the caller may honestly access there.
  void *AnyPointer(size_t *room, bool allowStale) {
    switch (in_.Range(0, 5)) {
      case 1: *room = 0; return nullptr;
      case 2: {
        const auto at = static_cast<size_t>(in_.Range(0, kHostBytes));
        *room = kHostBytes - at;
        return g_hostBuffer + at;
      }
      case 3:
        if (allowStale && !stale_.empty()) {
          *room = 0;
          return stale_[static_cast<size_t>(in_.Range(0, static_cast<int64_t>(stale_.size()) - 1))];
        }
        break;
      default: break;
    }
    if (live_.empty()) {
      *room = kHostBytes;
      return g_hostBuffer;
    }
    const Allocation &a = live_[static_cast<size_t>(in_.Range(0, static_cast<int64_t>(live_.size()) - 1))];
    const auto at = static_cast<size_t>(in_.Range(0, static_cast<int64_t>(a.bytes)));
    *room = a.bytes - at;
    return static_cast<uint8_t *>(a.ptr) + at;
  }

  // A byte count: usually honest for caller memory, anything for runtime blocks (which are checked).
  size_t AnyCount(size_t room, bool registered) {
    if (!registered || !in_.OneIn(3)) return static_cast<size_t>(in_.Range(0, static_cast<int64_t>(room)));
    return in_.Pick<size_t>({room + 1, room + 64, SIZE_MAX, size_t{1} << 40});
  }

  bool Registered(const void *p) const {
    for (const Allocation &a : live_) {
      const auto *base = static_cast<const uint8_t *>(a.ptr);
      if (p >= base && p < base + a.bytes) return true;  // the end address is not inside
    }
    return false;
  }

  aclrtStream AnyStream() {
    switch (in_.Range(0, 3)) {
      case 0: return nullptr;
      case 1:
        if (!deadStreams_.empty()) return deadStreams_[0];
        break;
      default: break;
    }
    if (streams_.empty()) return nullptr;
    return streams_[static_cast<size_t>(in_.Range(0, static_cast<int64_t>(streams_.size()) - 1))];
  }

  aclrtEvent AnyEvent() {
    if (in_.OneIn(4)) return in_.OneIn(2) || deadEvents_.empty() ? nullptr : deadEvents_[0];
    if (events_.empty()) return nullptr;
    return events_[static_cast<size_t>(in_.Range(0, static_cast<int64_t>(events_.size()) - 1))];
  }

  void Allocate(bool host) {
    if (live_.size() >= 32) return;
    size_t bytes = static_cast<size_t>(in_.Range(0, 4096));
    if (in_.OneIn(16)) bytes = in_.Pick<size_t>({SIZE_MAX, SIZE_MAX - 16, size_t{1} << 50});
    void *p = nullptr;
    const aclError status =
        host ? aclrtMallocHost(&p, bytes)
             : aclrtMalloc(in_.OneIn(16) ? nullptr : &p, bytes, static_cast<aclrtMemMallocPolicy>(in_.Range(0, 12)));
    if (status == ACL_SUCCESS && p != nullptr) {
      std::memset(p, 0, bytes);
      live_.push_back({p, bytes, host});
    }
  }

  void Free() {
    void *p = nullptr;
    switch (in_.Range(0, 3)) {
      case 0:
        if (!live_.empty()) p = live_[static_cast<size_t>(in_.Range(0, static_cast<int64_t>(live_.size()) - 1))].ptr;
        break;
      case 1:
        if (!stale_.empty()) p = stale_[0];
        break;
      case 2:
        if (!live_.empty()) p = static_cast<uint8_t *>(live_[0].ptr) + 1;  // interior
        break;
      default: p = in_.OneIn(2) ? nullptr : g_hostBuffer; break;
    }
    const aclError status = in_.OneIn(2) ? aclrtFreeHost(p) : aclrtFree(p);
    if (status != ACL_SUCCESS) return;
    auto it = std::find_if(live_.begin(), live_.end(), [p](const Allocation &a) { return a.ptr == p; });
    if (it == live_.end()) Fail("runtime", "aclrtFree accepted a pointer that is not a live block");
    live_.erase(it);
    if (stale_.size() < 8) stale_.push_back(p);
  }

  void Copy(bool async) {
    size_t dstRoom = 0, srcRoom = 0;
    void *dst = AnyPointer(&dstRoom, false);
    const void *src = AnyPointer(&srcRoom, false);
    const bool checked = Registered(dst) && Registered(src);
    size_t destMax = AnyCount(dstRoom, Registered(dst));
    const size_t count = AnyCount(checked ? srcRoom : std::min(srcRoom, destMax), checked);
    if (!Registered(dst)) destMax = std::min(destMax, dstRoom);
    // Every value the enum can hold (0-7); 6 and 7 are refused kinds.
    const auto kind = static_cast<aclrtMemcpyKind>(in_.Range(0, 7));
    if (async) {
      aclrtMemcpyAsync(dst, destMax, src, count, kind, AnyStream());
    } else {
      aclrtMemcpy(dst, destMax, src, count, kind);
    }
  }

  void Fill(bool async) {
    size_t room = 0;
    void *dst = AnyPointer(&room, false);
    const bool registered = Registered(dst);
    size_t maxCount = AnyCount(room, registered);
    if (!registered) maxCount = std::min(maxCount, room);
    const size_t count = AnyCount(registered ? room : maxCount, registered);
    const auto value = static_cast<int32_t>(in_.Range(-300, 300));
    if (async) {
      aclrtMemsetAsync(dst, maxCount, value, count, AnyStream());
    } else {
      aclrtMemset(dst, maxCount, value, count);
    }
  }

  void StreamCall() {
    switch (in_.Range(0, 5)) {
      case 0:
        if (streams_.size() < 6) {
          aclrtStream s = nullptr;
          const aclError status = in_.OneIn(2) ? aclrtCreateStream(&s)
                                               : aclrtCreateStreamWithConfig(&s, static_cast<uint32_t>(in_.Range(0, 9)),
                                                                             static_cast<uint32_t>(in_.Range(0, 9)));
          if (status == ACL_SUCCESS) streams_.push_back(s);
        }
        break;
      case 1:
        if (!streams_.empty()) {
          aclrtStream s = streams_.back();
          streams_.pop_back();
          in_.OneIn(2) ? aclrtDestroyStream(s) : aclrtDestroyStreamForce(s);
          if (deadStreams_.empty()) deadStreams_.push_back(s);
        } else if (!deadStreams_.empty()) {
          aclrtDestroyStream(deadStreams_[0]);
        }
        break;
      case 2: aclrtSynchronizeStream(AnyStream()); break;
      case 3: aclrtSynchronizeStreamWithTimeout(AnyStream(), static_cast<int32_t>(in_.Range(-2, 5))); break;
      case 4: {
        aclrtStreamStatus status;
        aclrtStreamQuery(AnyStream(), in_.OneIn(4) ? nullptr : &status);
        break;
      }
      default: aclrtStreamWaitEvent(AnyStream(), AnyEvent()); break;
    }
  }

  void EventCall() {
    switch (in_.Range(0, 6)) {
      case 0:
        if (events_.size() < 6) {
          aclrtEvent e = nullptr;
          const aclError status = in_.OneIn(2) ? aclrtCreateEvent(&e)
                                               : aclrtCreateEventWithFlag(&e, static_cast<uint32_t>(in_.Range(0, 9)));
          if (status == ACL_SUCCESS) events_.push_back(e);
        }
        break;
      case 1:
        if (!events_.empty()) {
          aclrtEvent e = events_.back();
          events_.pop_back();
          aclrtDestroyEvent(e);
          if (deadEvents_.empty()) deadEvents_.push_back(e);
        }
        break;
      case 2: aclrtRecordEvent(AnyEvent(), AnyStream()); break;
      case 3: aclrtResetEvent(AnyEvent(), AnyStream()); break;
      case 4: {
        aclrtEventStatus status;
        aclrtQueryEventStatus(AnyEvent(), in_.OneIn(4) ? nullptr : &status);
        break;
      }
      case 5: aclrtSynchronizeEvent(AnyEvent()); break;
      default: {
        float ms = 0;
        aclrtEventElapsedTime(in_.OneIn(4) ? nullptr : &ms, AnyEvent(), AnyEvent());
        break;
      }
    }
  }

  void ExecutorCall() {
    OwnedOperator *op = SharedOperator();
    switch (in_.Range(0, 3)) {
      case 0: aclnnPreluBackward(op->workspace, op->workspaceSize, op->executor, AnyStream()); break;
      case 1: {
        // Rebind to another of its own blocks (maybe too small), run, then bind back.
        const auto index = static_cast<size_t>(in_.Range(0, 5));
        void *other = op->blocks[static_cast<size_t>(in_.Range(0, 4))];
        aclSetInputTensorAddr(op->executor, index, op->tensors[std::min<size_t>(index, 2)], other);
        aclnnPreluBackward(op->workspace, op->workspaceSize, op->executor, AnyStream());
        aclrtSynchronizeDevice();
        if (index < 3) aclSetInputTensorAddr(op->executor, index, op->tensors[index], op->blocks[index]);
        break;
      }
      case 2: aclnnPreluBackward(op->workspace, in_.OneIn(2) ? 0 : op->workspaceSize, nullptr, AnyStream()); break;
      default: aclSetOutputTensorAddr(nullptr, 0, op->tensors[3], op->blocks[3]); break;
    }
  }

  void DeviceCall() {
    switch (in_.Range(0, 5)) {
      case 0: aclrtSetDevice(static_cast<int32_t>(in_.Range(-2, 3))); break;
      case 1: {
        int32_t device = -1;
        uint32_t count = 0;
        aclrtGetDevice(in_.OneIn(4) ? nullptr : &device);
        aclrtGetDeviceCount(in_.OneIn(4) ? nullptr : &count);
        break;
      }
      case 2: {
        size_t free = 0, total = 0;
        aclrtGetMemInfo(static_cast<aclrtMemAttr>(in_.Range(0, 15)), &free, in_.OneIn(4) ? nullptr : &total);
        break;
      }
      case 3: aclrtSynchronizeDevice(); break;
      case 4: aclrtResetDevice(static_cast<int32_t>(in_.Range(-1, 2))); break;
      default: (void)aclGetRecentErrMsg(); break;
    }
  }

  // After everything queued has run, a fill and a copy between two live blocks move exactly the
  // bytes they claim.
  void CheckedRoundTrip() {
    if (live_.size() < 2) return;
    const Allocation &a = live_[0], &b = live_[1];
    if (aclrtSynchronizeDevice() != ACL_SUCCESS) Fail("runtime", "aclrtSynchronizeDevice failed");
    const auto value = static_cast<uint8_t>(in_.Byte());
    const size_t count = std::min(a.bytes, b.bytes);
    if (count == 0) return;
    if (aclrtMemset(a.ptr, a.bytes, value, count) != ACL_SUCCESS) Fail("runtime", "aclrtMemset of a live block failed");
    if (aclrtMemcpy(b.ptr, b.bytes, a.ptr, count, ACL_MEMCPY_DEVICE_TO_DEVICE) != ACL_SUCCESS) {
      Fail("runtime", "aclrtMemcpy between live blocks failed");
    }
    const auto *bytes = static_cast<const uint8_t *>(b.ptr);
    for (size_t i = 0; i < count; ++i) {
      if (bytes[i] != value) Fail("runtime", "a copied byte differs at", static_cast<long long>(i));
    }
  }

  FuzzInput &in_;
  std::vector<Allocation> live_;
  std::vector<void *> stale_;
  std::vector<aclrtStream> streams_, deadStreams_;
  std::vector<aclrtEvent> events_, deadEvents_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzInput in(data, size);
  SharedStream();
  SharedOperator();
  Sequence sequence(in);
  for (int step = 0; step < 64 && !in.Exhausted(); ++step) sequence.Step();
  return 0;
}
