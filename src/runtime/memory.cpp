// "Device" memory: host heap blocks tracked in a registry of live allocations, and the
// aclrtMemcpy/aclrtMemset family with CANN's argument checks.
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

#include "runtime/runtime_internal.h"

namespace aclcpu {
namespace {

constexpr size_t kAlignment = 64;  // CANN returns 64-byte aligned device addresses

// A block and the queued tasks that still use it.
struct Entry {
  MemoryBlock block;
  int pins = 0;
};

struct Registry {
  std::mutex mutex;
  std::map<uintptr_t, Entry> blocks;   // live, keyed by base address, for range look-ups
  std::map<uintptr_t, Entry> retired;  // freed by the caller while pinned: released at the last unpin
};

Registry &Blocks() {
  static Registry *registry = new Registry;  // never destroyed: frees may come from static destructors
  return *registry;
}

// The entry of `blocks` whose [base, base + usable) holds `ptr` (a 0-byte block holds its base).
Entry *FindIn(std::map<uintptr_t, Entry> &blocks, const void *ptr) {
  const auto key = reinterpret_cast<uintptr_t>(ptr);
  auto it = blocks.upper_bound(key);
  if (it == blocks.begin()) return nullptr;
  --it;
  const size_t extent = it->second.block.usable == 0 ? 1 : it->second.block.usable;
  return key < it->first + extent ? &it->second : nullptr;
}

bool FindLocked(Registry &r, const void *ptr, MemoryBlock *block) {
  const Entry *entry = FindIn(r.blocks, ptr);
  if (entry == nullptr) return false;
  *block = entry->block;
  return true;
}

// Huge pages, as the device gives blocks above 1 MiB under the HUGE policies (CANN: "HUGE_FIRST: a request of
// at most 1 MB gets normal pages; a larger one huge pages first"). Here the block is aligned to and rounded up to
// 2 MiB and offered to the kernel's transparent huge pages (madvise; where THP is off, ordinary pages). What it
// buys is TLB reach: a sum over the outer dim of a 64 MiB tensor steps a row, i.e. a 4 KiB page, at a time and
// took 2.0 ms on 4 KiB pages against 1.2 ms on 2 MiB ones (docs/performance.md).
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kNormalPagesUpTo = size_t{1} << 20;

bool WantsHugePages(aclrtMemMallocPolicy policy) {
  // The low byte is the page policy; the bits above it (memory type, access) do not change the pages. A policy
  // outside the enum is the default, HUGE_FIRST.
  const auto pages = static_cast<unsigned>(policy) & 0xFFu;
  return pages != ACL_MEM_MALLOC_NORMAL_ONLY && pages != ACL_MEM_MALLOC_NORMAL_ONLY_P2P;
}

// Physical memory: the most a "device" allocation may ask for (a device cannot exceed its HBM either).
size_t PhysicalMemoryBytes() {
  static const size_t bytes = [] {
    struct sysinfo info {};
    return sysinfo(&info) != 0 ? SIZE_MAX : static_cast<size_t>(info.totalram) * info.mem_unit;
  }();
  return bytes;
}

aclError Allocate(void **ptr, size_t size, bool host, bool pad, bool hugePages, const char *api) {
  if (ptr == nullptr) {
    ReportError("EH0001", std::string(api) + ": expected a non-null output pointer, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  if (size == 0) {
    ReportError("EH0001", std::string(api) + ": expected size > 0, but got 0");
    return ACL_ERROR_INVALID_PARAM;
  }
  // Device blocks hold what CANN's granularity gives (a copy may use it all); host blocks are
  // allocated the same way, but CANN documents no granularity for them, so only `size` is usable.
  const size_t granted = AllocationBytes(size, pad);
  const size_t total = (granted + kAlignment - 1) / kAlignment * kAlignment;
  if (granted == 0 || total < granted) {
    ReportError("EH0001", std::string(api) + ": size " + std::to_string(size) + " overflows");
    return ACL_ERROR_BAD_ALLOC;
  }
  if (size > PhysicalMemoryBytes()) {
    ReportError("EL0004", std::string(api) + ": expected at most the " + std::to_string(PhysicalMemoryBytes()) +
                              " bytes of physical memory, but got " + std::to_string(size));
    return ACL_ERROR_RT_MEMORY_ALLOCATION;
  }
  const bool huge = hugePages && total > kNormalPagesUpTo && total <= SIZE_MAX - kHugePage;
  const size_t hugeBytes = huge ? (total + kHugePage - 1) / kHugePage * kHugePage : 0;
  void *p = huge ? std::aligned_alloc(kHugePage, hugeBytes) : std::aligned_alloc(kAlignment, total);
  if (huge && p != nullptr) madvise(p, hugeBytes, MADV_HUGEPAGE);  // a hint
  if (p == nullptr) {
    ReportError("EL0004", std::string(api) + ": out of memory allocating " + std::to_string(size) + " bytes");
    return ACL_ERROR_RT_MEMORY_ALLOCATION;
  }
  if (Debug().poison) {
    std::memset(p, 0xFF, total);  // NaN in every float dtype
  } else {
    // The bytes past the request start as zeros: a sample that copies back the device's rounding (as the vendor's
    // DropoutGenMaskV2 sample does) reads defined, repeatable values.
    std::memset(static_cast<char *>(p) + size, 0, total - size);
  }
  Registry &r = Blocks();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.blocks[reinterpret_cast<uintptr_t>(p)] = Entry{MemoryBlock{p, size, host ? size : granted, host}, 0};
  *ptr = p;
  return ACL_SUCCESS;
}

aclError Release(void *ptr, bool host, const char *api) {
  if (ptr == nullptr) {
    ReportError("EH0001", std::string(api) + ": expected a non-null pointer, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  Registry &r = Blocks();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.blocks.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == r.blocks.end() || it->second.block.host != host) {
      ReportError("EH0001", std::string(api) + ": expected a pointer returned by " +
                                (host ? "aclrtMallocHost" : "aclrtMalloc") + ", but got an unknown address");
      return ACL_ERROR_RT_PARAM_INVALID;
    }
    if (it->second.pins > 0) {
      // CANN frees at once even while queued tasks still use the block; here the memory stays
      // until they have run, so a premature free cannot crash them (docs/compat.md).
      r.retired.insert(*it);
      r.blocks.erase(it);
      return ACL_SUCCESS;
    }
    r.blocks.erase(it);
  }
  std::free(ptr);
  return ACL_SUCCESS;
}

bool IsDeviceMemory(const void *ptr) {
  MemoryBlock block;
  return FindMemoryBlock(ptr, &block) && !block.host;
}

// A copy or fill into a registered block must stay inside its usable bytes (the device's rounded block).
// Past the bytes the caller asked for is valid on the device, and the vendor's own samples do it (the
// DropoutGenMaskV2 sample reads 64 bytes back from a 16-byte mask); with the poison or sync aid on, a warning
// says so, since it is more often a size mistake than a use of the padding.
bool FitsInBlock(const void *ptr, size_t count, const char *api) {
  MemoryBlock block;
  if (!FindMemoryBlock(ptr, &block)) return true;  // caller-owned host memory: nothing to check
  const size_t used = static_cast<size_t>(static_cast<const char *>(ptr) - static_cast<const char *>(block.base));
  if (count > block.usable - used) return false;
  if (count > block.size - std::min(used, block.size) && (Debug().poison || Debug().sync)) {
    std::fprintf(stderr,
                 "[WARNING] ACLNN_CPU(%d): %s: %zu bytes at byte %zu of a %zu-byte aclrtMalloc block reach into the "
                 "device's rounding (the block holds %zu bytes; valid on the device)\n",
                 static_cast<int>(getpid()), api, count, used, block.size, block.usable);
  }
  return true;
}

aclError CheckCopy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind, const char *api) {
  if (dst == nullptr || src == nullptr) {
    ReportError("EH0001", std::string(api) + ": expected non-null dst and src, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  if (static_cast<int>(kind) < ACL_MEMCPY_HOST_TO_HOST || static_cast<int>(kind) > ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE) {
    ReportError("EH0001",
                std::string(api) + ": expected kind in [0, 5], but got " + std::to_string(static_cast<int>(kind)));
    return ACL_ERROR_INVALID_PARAM;
  }
  if (count > destMax) {
    ReportError("EH0001", std::string(api) + ": expected count <= destMax, but got count " + std::to_string(count) +
                              " and destMax " + std::to_string(destMax));
    return ACL_ERROR_RT_PARAM_INVALID;
  }
  if (!FitsInBlock(dst, count, api) || !FitsInBlock(src, count, api)) {
    ReportError("EH0001", std::string(api) + ": expected the copy to stay inside its aclrtMalloc block, but " +
                              std::to_string(count) + " bytes reach past its end");
    return ACL_ERROR_RT_PARAM_INVALID;
  }
  // CANN treats the kind as advisory (base-api.md §5), so only the `kind` debugging aid makes it
  // agree with the registry: the device side of a copy is aclrtMalloc memory.
  if (!Debug().kind) return ACL_SUCCESS;
  const bool dstDevice = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE ||
                         kind == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE;
  const bool srcDevice = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
  const bool badDst = dstDevice && !IsDeviceMemory(dst);
  if (badDst || (srcDevice && !IsDeviceMemory(src))) {
    ReportError("EH0001", std::string(api) + ": expected the " + (badDst ? "dst" : "src") + " of kind " +
                              std::to_string(static_cast<int>(kind)) +
                              " to be aclrtMalloc memory, but got another address");
    return ACL_ERROR_RT_PARAM_INVALID;
  }
  return ACL_SUCCESS;
}

aclError CheckFill(void *devPtr, size_t maxCount, size_t count, const char *api) {
  if (devPtr == nullptr) {
    ReportError("EH0001", std::string(api) + ": expected a non-null pointer, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  if (count > maxCount || !FitsInBlock(devPtr, count, api)) {
    ReportError("EH0001", std::string(api) + ": expected count <= maxCount and inside the block, but got count " +
                              std::to_string(count));
    return ACL_ERROR_RT_PARAM_INVALID;
  }
  return ACL_SUCCESS;
}

// With the sync debugging aid: a synchronous host access to bytes a queued task has yet to write
// is the missing aclrtSynchronizeStream; refuse it, naming the task.
aclError CheckNotPending(const void *ptr, size_t count, const char *api, const char *what) {
  std::string task;
  if (!FindPendingWrite(ptr, count, &task)) return ACL_SUCCESS;
  ReportError("EH0001", std::string(api) + ": expected " + what + " that no queued stream task still writes, but " +
                            task + " has not finished (call aclrtSynchronizeStream first)");
  return ACL_ERROR_RT_STREAM_NOT_COMPLETE;
}

// A queued aclrtMemcpyAsync (src set) or aclrtMemsetAsync (src null). The blocks it touches stay
// pinned until it has run.
struct MemoryTask {
  void *dst;
  const void *src;
  int value;
  size_t count;
  bool dstPinned, srcPinned;
  uint64_t pendingWrite;  // token of the sync debugging aid (0 when off)
};

void Release(const MemoryTask &task) {
  EndPendingWrite(task.pendingWrite);
  if (task.dstPinned) UnpinBlock(task.dst);
  if (task.srcPinned) UnpinBlock(task.src);
}

int RunMemoryTask(const void *args) {
  const auto *task = static_cast<const MemoryTask *>(args);
  if (task->src != nullptr) {
    std::memmove(task->dst, task->src, task->count);
  } else {
    std::memset(task->dst, task->value, task->count);
  }
  Release(*task);
  return ACL_SUCCESS;
}

aclError EnqueueMemoryTask(aclrtStream stream, MemoryTask task, const char *api) {
  task.pendingWrite = BeginPendingWrite(task.dst, task.count, api);
  task.dstPinned = PinBlock(task.dst);
  task.srcPinned = task.src != nullptr && PinBlock(task.src);
  const aclError status = EnqueueStreamTask(stream, RunMemoryTask, &task, sizeof task);
  if (status != ACL_SUCCESS) Release(task);
  return status;
}

}  // namespace

size_t AllocationBytes(size_t size, bool padded) {
  constexpr size_t kGranule = 32, kPadding = 32;
  if (size > SIZE_MAX - kGranule - kPadding) return 0;
  const size_t rounded = (size + kGranule - 1) / kGranule * kGranule;
  return padded ? rounded + kPadding : rounded;
}

bool PinBlock(const void *ptr) {
  if (ptr == nullptr) return false;
  Registry &r = Blocks();
  std::lock_guard<std::mutex> lock(r.mutex);
  Entry *entry = FindIn(r.blocks, ptr);
  if (entry == nullptr) return false;
  ++entry->pins;
  return true;
}

void UnpinBlock(const void *ptr) {
  Registry &r = Blocks();
  void *release = nullptr;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    // A retired block is still allocated, so no live block can overlap it: look there first.
    if (Entry *retired = FindIn(r.retired, ptr)) {
      if (--retired->pins == 0) {
        release = const_cast<void *>(retired->block.base);
        r.retired.erase(reinterpret_cast<uintptr_t>(release));
      }
    } else if (Entry *live = FindIn(r.blocks, ptr)) {
      --live->pins;
    }
  }
  std::free(release);
}

bool FindMemoryBlock(const void *ptr, MemoryBlock *block) {
  Registry &r = Blocks();
  std::lock_guard<std::mutex> lock(r.mutex);
  return FindLocked(r, ptr, block);
}

}  // namespace aclcpu

extern "C" {

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return aclcpu::Allocate(devPtr, size, false, true, aclcpu::WantsHugePages(policy), "aclrtMalloc");
}

aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return aclcpu::Allocate(devPtr, size, false, false, aclcpu::WantsHugePages(policy), "aclrtMallocAlign32");
}

aclError aclrtMallocCached(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return aclcpu::Allocate(devPtr, size, false, true, aclcpu::WantsHugePages(policy), "aclrtMallocCached");
}

aclError aclrtFree(void *devPtr) { return aclcpu::Release(devPtr, false, "aclrtFree"); }

aclError aclrtMallocHost(void **hostPtr, size_t size) {
  return aclcpu::Allocate(hostPtr, size, true, true, false, "aclrtMallocHost");
}

aclError aclrtFreeHost(void *hostPtr) { return aclcpu::Release(hostPtr, true, "aclrtFreeHost"); }

aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind) {
  if (count == 0) return ACL_SUCCESS;
  const aclError status = aclcpu::CheckCopy(dst, destMax, src, count, kind, "aclrtMemcpy");
  if (status != ACL_SUCCESS) return status;
  aclError pending = aclcpu::CheckNotPending(src, count, "aclrtMemcpy", "a source");
  if (pending == ACL_SUCCESS) pending = aclcpu::CheckNotPending(dst, count, "aclrtMemcpy", "a destination");
  if (pending != ACL_SUCCESS) return pending;
  // Synchronous and independent of streams, as on the device.
  std::memmove(dst, src, count);
  return ACL_SUCCESS;
}

aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
  if (count == 0) return ACL_SUCCESS;
  const aclError status = aclcpu::CheckCopy(dst, destMax, src, count, kind, "aclrtMemcpyAsync");
  if (status != ACL_SUCCESS) return status;
  if (kind == ACL_MEMCPY_HOST_TO_HOST) {
    aclcpu::ReportError("EH0001", "aclrtMemcpyAsync: ACL_MEMCPY_HOST_TO_HOST is not supported asynchronously");
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
  }
  return aclcpu::EnqueueMemoryTask(stream, aclcpu::MemoryTask{dst, src, 0, count, false, false, 0}, "aclrtMemcpyAsync");
}

aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count) {
  if (count == 0) return ACL_SUCCESS;
  const aclError status = aclcpu::CheckFill(devPtr, maxCount, count, "aclrtMemset");
  if (status != ACL_SUCCESS) return status;
  const aclError pending = aclcpu::CheckNotPending(devPtr, count, "aclrtMemset", "a destination");
  if (pending != ACL_SUCCESS) return pending;
  std::memset(devPtr, static_cast<unsigned char>(value), count);
  return ACL_SUCCESS;
}

aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
  if (count == 0) return ACL_SUCCESS;
  const aclError status = aclcpu::CheckFill(devPtr, maxCount, count, "aclrtMemsetAsync");
  if (status != ACL_SUCCESS) return status;
  return aclcpu::EnqueueMemoryTask(
      stream, aclcpu::MemoryTask{devPtr, nullptr, static_cast<unsigned char>(value), count, false, false, 0},
      "aclrtMemsetAsync");
}

aclError aclrtGetMemInfo(aclrtMemAttr, size_t *free, size_t *total) {
  if (free == nullptr || total == nullptr) {
    aclcpu::ReportError("EH0001", "aclrtGetMemInfo: expected non-null free and total, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  struct sysinfo info {};
  if (sysinfo(&info) != 0) return ACL_ERROR_RT_INTERNAL_ERROR;
  *free = static_cast<size_t>(info.freeram) * info.mem_unit;
  *total = static_cast<size_t>(info.totalram) * info.mem_unit;
  return ACL_SUCCESS;
}

}  // extern "C"
