// The acl runtime: init/finalize, devices, streams (order, asynchrony, timeouts), events, memory
// registry, memcpy/memset argument checks, error messages, fp16 conversion, dtype sizes.
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "common/stream_gate.h"
#include "common/test_tensor.h"
#include "runtime/runtime_internal.h"

namespace aclcpu_test::runtime_test {
namespace {

int FailingTask(const void *) { return ACL_ERROR_RT_AICORE_EXCEPTION; }
// A task that notes which thread ran it, and a wait for that note (no polling, no sleeps; the
// deadline only turns a lost task into a failure instead of a hang).
std::atomic<std::thread::id> ranOn;
std::mutex notedMutex;
std::condition_variable noted;
int NoteThread(const void *) {
  {
    std::lock_guard<std::mutex> lock(notedMutex);
    ranOn = std::this_thread::get_id();
  }
  noted.notify_all();
  return ACL_SUCCESS;
}
bool WaitUntilNoted() {
  std::unique_lock<std::mutex> lock(notedMutex);
  return noted.wait_for(lock, std::chrono::minutes(10), [] { return ranOn.load() != std::thread::id(); });
}

TEST(Runtime, InitFinalizeReferenceCounting) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);  // works again after finalize
  uint64_t refs = 9;
  EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  EXPECT_EQ(aclFinalizeReference(&refs), ACL_SUCCESS);
  EXPECT_EQ(refs, 1u);
  EXPECT_EQ(aclFinalizeReference(&refs), ACL_SUCCESS);
  EXPECT_EQ(refs, 0u);
}

TEST(Runtime, DevicesAndContexts) {
  uint32_t count = 0;
  EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID);
  ExpectErrorMessage("deviceId 0");
  EXPECT_EQ(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  int32_t id = -1;
  EXPECT_EQ(aclrtGetDevice(&id), ACL_SUCCESS);
  EXPECT_EQ(id, 0);
  aclrtRunMode mode;
  EXPECT_EQ(aclrtGetRunMode(&mode), ACL_SUCCESS);
  EXPECT_EQ(mode, ACL_HOST);
  aclrtContext ctx = nullptr, current = nullptr;
  ASSERT_EQ(aclrtCreateContext(&ctx, 0), ACL_SUCCESS);
  EXPECT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
  EXPECT_EQ(current, ctx);
  EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  int64_t value = 0;
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 1);
  EXPECT_EQ(aclrtCtxSetSysParamOpt(static_cast<aclSysParamOpt>(9), 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtDestroyContext(ctx), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyContext(ctx), ACL_ERROR_INVALID_PARAM);  // already gone: an error, not a crash
  EXPECT_EQ(aclrtResetDevice(2), ACL_ERROR_RT_INVALID_DEVICEID);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_STREQ(aclrtGetSocName(), "Ascend910B2");
}

TEST(Runtime, StreamRunsTasksAsynchronouslyAndInOrder) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  StreamGate gate(stream);
  void *a = nullptr, *b = nullptr;
  ASSERT_EQ(aclrtMalloc(&a, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&b, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::memset(b, 0, 64);
  ASSERT_EQ(aclrtMemsetAsync(a, 64, 7, 64, stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(b, 64, a, 64, ACL_MEMCPY_DEVICE_TO_DEVICE, stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemsetAsync(a, 64, 9, 32, stream), ACL_SUCCESS);
  // The gate holds the worker: nothing after it has run, and the stream reports not ready.
  aclrtStreamStatus status;
  EXPECT_EQ(aclrtStreamQuery(stream, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  EXPECT_EQ(static_cast<unsigned char *>(b)[0], 0);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream, 20), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
  gate.Open();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtStreamQuery(stream, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  // In order: b got the 7s before a's first half became 9.
  EXPECT_EQ(static_cast<unsigned char *>(b)[0], 7);
  EXPECT_EQ(static_cast<unsigned char *>(a)[0], 9);
  EXPECT_EQ(static_cast<unsigned char *>(a)[40], 7);
  aclrtFree(a);
  aclrtFree(b);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

// A thread that launches and then synchronizes runs the task itself rather than sleeping (one
// OpenMP pool per process instead of two). The worker would take a task whose synchronize comes later
// than its hand-over window (a descheduled test thread): the window is widened for this test so
// that every run shows the hand-over, however the machine schedules the threads.
TEST(Runtime, SynchronizeRunsQueuedTasksOnTheCallingThread) {
  struct WideHandOverWindow {
    const int64_t saved = aclcpu::SetHandOverWindowForTesting(int64_t{600} * 1000 * 1000);
    ~WideHandOverWindow() { aclcpu::SetHandOverWindowForTesting(saved); }
  } wide;
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  for (int i = 0; i < 20; ++i) {
    ranOn = std::thread::id();
    ASSERT_EQ(aclcpu::EnqueueStreamTask(stream, NoteThread, nullptr, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    EXPECT_EQ(ranOn.load(), std::this_thread::get_id()) << "run " << i;
  }
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);  // wakes the worker from its long wait
}

// Nobody synchronizes, or only with a timeout: the worker runs the task (after its hand-over window).
TEST(Runtime, WorkerRunsTasksNobodyWaitsFor) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  // Without any call that waits or polls: once on an idle stream (the worker sleeps until a launch
  // wakes it), once right after a launch + synchronize (the worker naps and finds the task itself).
  for (int round = 0; round < 2; ++round) {
    ranOn = std::thread::id();
    ASSERT_EQ(aclcpu::EnqueueStreamTask(stream, NoteThread, nullptr, 0), ACL_SUCCESS);
    EXPECT_TRUE(WaitUntilNoted()) << "round " << round;
    ASSERT_EQ(aclcpu::EnqueueStreamTask(stream, NoteThread, nullptr, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  }
  ranOn = std::thread::id();
  ASSERT_EQ(aclcpu::EnqueueStreamTask(stream, NoteThread, nullptr, 0), ACL_SUCCESS);
  aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
  while (status != ACL_STREAM_STATUS_COMPLETE) {  // each query kicks the worker
    ASSERT_EQ(aclrtStreamQuery(stream, &status), ACL_SUCCESS);
    std::this_thread::yield();
  }
  EXPECT_NE(ranOn.load(), std::this_thread::get_id());
  ranOn = std::thread::id();
  ASSERT_EQ(aclcpu::EnqueueStreamTask(stream, NoteThread, nullptr, 0), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(stream, 600 * 1000), ACL_SUCCESS);
  EXPECT_NE(ranOn.load(), std::thread::id());
  EXPECT_NE(ranOn.load(), std::this_thread::get_id());
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

TEST(Runtime, TaskFailureIsReportedBySynchronize) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclcpu::EnqueueStreamTask(stream, FailingTask, nullptr, 0), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);  // reported once
  aclrtDestroyStream(stream);
}

TEST(Runtime, StreamHandleMisuseReturnsCodes) {
  aclrtStream stream = nullptr;
  EXPECT_EQ(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM);
  int garbage = 0;
  EXPECT_EQ(aclrtSynchronizeStream(&garbage), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);  // the default stream
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(nullptr, -2), ACL_ERROR_INVALID_PARAM);
}

TEST(Runtime, EventsRecordSynchronizeAndTime) {
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  aclrtEvent start = nullptr, end = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&start), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&end), ACL_SUCCESS);
  float ms = -1;
  EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID);  // never recorded
  ASSERT_EQ(aclrtRecordEvent(start, stream), ACL_SUCCESS);
  StreamGate gate(stream);
  ASSERT_EQ(aclrtRecordEvent(end, stream), ACL_SUCCESS);
  aclrtEventStatus status;
  EXPECT_EQ(aclrtQueryEventStatus(end, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_STATUS_NOT_READY);
  // `start` is stamped before this thread sees it complete, `end` after the gate opens: the elapsed
  // time covers at least the interval this thread measures in between, however the threads run.
  do {
    ASSERT_EQ(aclrtQueryEventStatus(start, &status), ACL_SUCCESS);
  } while (status != ACL_EVENT_STATUS_COMPLETE);
  const auto startSeen = std::chrono::steady_clock::now();
  EXPECT_EQ(aclrtQueryEventStatus(end, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_STATUS_NOT_READY);
  const auto gateOpened = std::chrono::steady_clock::now();
  gate.Open();
  EXPECT_EQ(aclrtSynchronizeEvent(end), ACL_SUCCESS);
  EXPECT_EQ(aclrtQueryEventStatus(end, &status), ACL_SUCCESS);
  EXPECT_EQ(status, ACL_EVENT_STATUS_COMPLETE);
  EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS);
  const float measuredMs = std::chrono::duration<float, std::milli>(gateOpened - startSeen).count();
  EXPECT_GT(measuredMs, 0.0f);
  EXPECT_GE(ms, measuredMs * 0.999f);
  // A second stream waits for an event recorded on the first.
  aclrtStream other = nullptr;
  ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
  StreamGate secondGate(stream);
  ASSERT_EQ(aclrtRecordEvent(end, stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtStreamWaitEvent(other, end), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(other, 20), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
  secondGate.Open();
  EXPECT_EQ(aclrtSynchronizeStream(other), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(start), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(start), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtDestroyEvent(end), ACL_SUCCESS);
  aclrtDestroyStream(other);
  aclrtDestroyStream(stream);
}

TEST(Runtime, MallocFreeRegistry) {
  void *p = nullptr;
  EXPECT_EQ(aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  ExpectErrorMessage("size > 0");
  ASSERT_EQ(aclrtMalloc(&p, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  aclcpu::MemoryBlock block;
  ASSERT_TRUE(aclcpu::FindMemoryBlock(static_cast<char *>(p) + 99, &block));
  EXPECT_EQ(block.base, p);
  EXPECT_EQ(block.size, 100u);
  EXPECT_EQ(block.usable, 160u);  // 100 rounded to 128, plus 32
  EXPECT_TRUE(aclcpu::FindMemoryBlock(static_cast<char *>(p) + 159, &block));
  EXPECT_FALSE(aclcpu::FindMemoryBlock(static_cast<char *>(p) + 160, &block));
  int local = 0;
  EXPECT_EQ(aclrtFree(&local), ACL_ERROR_RT_PARAM_INVALID);  // never allocated here
  EXPECT_EQ(aclrtFreeHost(p), ACL_ERROR_RT_PARAM_INVALID);   // device block through the host API
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_ERROR_RT_PARAM_INVALID);  // double free
  EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
  void *h = nullptr;
  ASSERT_EQ(aclrtMallocHost(&h, 10), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(h), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
  size_t freeBytes = 0, total = 0;
  EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &freeBytes, &total), ACL_SUCCESS);
  EXPECT_GT(total, 0u);
}

// Blocks above 1 MiB under the HUGE policies are 2 MiB-aligned (offered to transparent huge pages, as the device
// gives huge pages first); NORMAL_ONLY blocks and small ones are ordinary 64-byte-aligned blocks. Either way the
// whole rounded block is usable and the registry knows it.
TEST(Runtime, HugePagePolicies) {
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  struct Row {
    size_t request;
    aclrtMemMallocPolicy policy;
    bool huge;
  };
  const auto withAccessBits = static_cast<aclrtMemMallocPolicy>(ACL_MEM_MALLOC_HUGE_ONLY | 0x100000);
  for (const Row &r :
       {Row{3 << 20, ACL_MEM_MALLOC_HUGE_FIRST, true}, Row{(1 << 20) + 100, ACL_MEM_MALLOC_HUGE_ONLY, true},
        Row{3 << 20, withAccessBits, true}, Row{3 << 20, static_cast<aclrtMemMallocPolicy>(99), true},
        Row{3 << 20, ACL_MEM_MALLOC_NORMAL_ONLY, false}, Row{1000, ACL_MEM_MALLOC_HUGE_FIRST, false}}) {
    SCOPED_TRACE(std::to_string(r.request) + " policy " + std::to_string(static_cast<int>(r.policy)));
    void *p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, r.request, r.policy), ACL_SUCCESS);
    const auto address = reinterpret_cast<uintptr_t>(p);
    EXPECT_EQ(address % 64, 0u);
    if (r.huge) {
      EXPECT_EQ(address % kHugePage, 0u);
    }
    aclcpu::MemoryBlock block;
    ASSERT_TRUE(aclcpu::FindMemoryBlock(p, &block));
    EXPECT_EQ(block.usable, aclcpu::AllocationBytes(r.request, true));
    std::vector<char> host(block.usable, 5);
    EXPECT_EQ(aclrtMemcpy(p, block.usable, host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(host.data(), host.size(), p, block.usable + 1, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
}

// CANN's granularity (base-api.md §5): aclrtMalloc rounds up to 32 bytes and adds 32, aclrtMallocAlign32 only
// rounds. Copies and fills may use the whole rounded block, and not one byte more.
TEST(Runtime, AllocationGranularity) {
  struct Row {
    size_t request, padded, align32;
  };
  for (const Row &r :
       {Row{1, 64, 32}, Row{16, 64, 32}, Row{32, 64, 32}, Row{33, 96, 64}, Row{100, 160, 128}, Row{4096, 4128, 4096},
        Row{size_t{1} << 20, (size_t{1} << 20) + 32, size_t{1} << 20},  // on either side of the huge-page limit
        Row{(size_t{1} << 20) + 1, (size_t{1} << 20) + 64, (size_t{1} << 20) + 32}}) {
    SCOPED_TRACE(r.request);
    EXPECT_EQ(aclcpu::AllocationBytes(r.request, true), r.padded);
    EXPECT_EQ(aclcpu::AllocationBytes(r.request, false), r.align32);
    void *p = nullptr, *q = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, r.request, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocAlign32(&q, r.request, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclcpu::MemoryBlock block;
    ASSERT_TRUE(aclcpu::FindMemoryBlock(p, &block));
    EXPECT_EQ(block.size, r.request);
    EXPECT_EQ(block.usable, r.padded);
    ASSERT_TRUE(aclcpu::FindMemoryBlock(q, &block));
    EXPECT_EQ(block.usable, r.align32);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    std::vector<char> host(r.padded + 1, 7);
    // The whole rounded block, from its start and from its last byte; then one byte past it.
    EXPECT_EQ(aclrtMemcpy(host.data(), host.size(), p, r.padded, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(p, r.padded, host.data(), r.padded, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(static_cast<char *>(p) + r.padded - 1, 1, host.data(), 1, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    EXPECT_EQ(aclrtMemset(p, r.padded, 0, r.padded), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(host.data(), host.size(), p, r.padded + 1, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    ExpectErrorMessage("inside its aclrtMalloc block");
    EXPECT_EQ(aclrtMemcpy(p, host.size(), host.data(), r.padded + 1, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemset(p, r.padded + 1, 0, r.padded + 1), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpyAsync(p, host.size(), host.data(), r.padded + 1, ACL_MEMCPY_HOST_TO_DEVICE, nullptr),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpy(host.data(), host.size(), q, r.align32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(host.data(), host.size(), q, r.align32 + 1, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    // A device-to-device copy is bounded by both blocks.
    EXPECT_EQ(aclrtMemcpy(q, r.padded, p, r.align32, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(q, r.padded, p, r.align32 + 1, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(q), ACL_SUCCESS);
  }
  // The vendor's DropoutGenMaskV2 sample: a 16-byte mask read back as 16 floats (64 bytes).
  void *mask = nullptr;
  ASSERT_EQ(aclrtMalloc(&mask, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  float back[16] = {};
  EXPECT_EQ(aclrtMemcpy(back, sizeof back, mask, sizeof back, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  // Host memory has no documented granularity: only the bytes asked for.
  void *h = nullptr;
  ASSERT_EQ(aclrtMallocHost(&h, 16), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(back, sizeof back, h, 16, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(back, sizeof back, h, 17, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(mask), ACL_SUCCESS);
}

TEST(Runtime, MemcpyAndMemsetArgumentChecks) {
  void *dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  char host[128] = {};
  EXPECT_EQ(aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);  // count 0
  EXPECT_EQ(aclrtMemcpy(nullptr, 8, host, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(dev, 64, nullptr, 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(dev, 8, host, 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  ExpectErrorMessage("count <= destMax");
  EXPECT_EQ(aclrtMemcpy(dev, 64, host, 8, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(dev, 64, host, 8, ACL_MEMCPY_INTER_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(dev, 64, host, 8, static_cast<aclrtMemcpyKind>(-1)), ACL_ERROR_INVALID_PARAM);
  // The block is 64 bytes: a copy of 128 would write past it even though destMax allows it.
  EXPECT_EQ(aclrtMemcpy(dev, 128, host, 128, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
  for (int kind = 0; kind <= 5; ++kind) {
    host[0] = static_cast<char>(kind + 1);
    EXPECT_EQ(aclrtMemcpy(dev, 64, host, 64, static_cast<aclrtMemcpyKind>(kind)), ACL_SUCCESS);
    EXPECT_EQ(static_cast<char *>(dev)[0], kind + 1);
  }
  EXPECT_EQ(aclrtMemcpyAsync(host, 64, dev, 64, ACL_MEMCPY_HOST_TO_HOST, nullptr), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  EXPECT_EQ(aclrtMemset(dev, 64, 0x5A, 64), ACL_SUCCESS);
  EXPECT_EQ(static_cast<unsigned char *>(dev)[63], 0x5A);
  EXPECT_EQ(aclrtMemset(dev, 32, 0, 64), ACL_ERROR_RT_PARAM_INVALID);
  EXPECT_EQ(aclrtMemset(nullptr, 32, 0, 8), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemset(dev, 128, 0, 128), ACL_ERROR_RT_PARAM_INVALID);
  aclrtFree(dev);
}

TEST(Runtime, RecentErrorMessagesNewestFirstAndCleared) {
  aclGetRecentErrMsg();  // drain
  EXPECT_STREQ(aclGetRecentErrMsg(), "");
  void *p = nullptr;
  aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtSetDevice(5);
  const std::string msg = aclGetRecentErrMsg();
  EXPECT_LT(msg.find("deviceId"), msg.find("size > 0"));
  EXPECT_STREQ(aclGetRecentErrMsg(), "");
  // Messages are per thread.
  aclrtSetDevice(5);
  std::string other = "unset";
  std::thread([&] { other = aclGetRecentErrMsg(); }).join();
  EXPECT_EQ(other, "");
  EXPECT_NE(std::string(aclGetRecentErrMsg()), "");
}

TEST(Runtime, Float16ConversionRoundTripsAndRoundsToNearestEven) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    const auto h = static_cast<aclFloat16>(bits);
    const float f = aclFloat16ToFloat(h);
    if (std::isnan(f)) {
      EXPECT_TRUE(std::isnan(aclFloat16ToFloat(aclFloatToFloat16(f))));
      continue;
    }
    ASSERT_EQ(aclFloatToFloat16(f), h) << bits;
  }
  EXPECT_EQ(aclFloatToFloat16(1.0f + std::ldexp(1.0f, -11)), 0x3C00);  // tie -> even
  EXPECT_EQ(aclFloatToFloat16(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);
  EXPECT_EQ(aclFloatToFloat16(65520.0f), 0x7C00);  // rounds up to infinity
  EXPECT_EQ(aclFloatToFloat16(65519.0f), 0x7BFF);
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -25)), 0x0000);  // tie between 0 and the smallest subnormal
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.5f, -25)), 0x0001);
}

TEST(Runtime, DataTypeSizes) {
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_BF16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_DOUBLE), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX128), 16u);
  EXPECT_EQ(aclDataTypeSize(ACL_BOOL), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_STRING), 0u);
  EXPECT_EQ(aclDataTypeSize(ACL_DT_UNDEFINED), 0u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT4_E2M1), 8u);  // CANN's default branch, kept
}

TEST(Runtime, DataBuffers) {
  char data[8];
  aclDataBuffer *buffer = aclCreateDataBuffer(data, sizeof data);
  ASSERT_NE(buffer, nullptr);
  EXPECT_EQ(aclGetDataBufferAddr(buffer), data);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), 8u);
  EXPECT_EQ(aclDestroyDataBuffer(buffer), ACL_SUCCESS);
  EXPECT_EQ(aclDestroyDataBuffer(nullptr), ACL_ERROR_INVALID_PARAM);
}

}  // namespace
}  // namespace aclcpu_test::runtime_test
