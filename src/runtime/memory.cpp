// "Device" memory: host heap blocks tracked in a registry of live allocations, and the
// aclrtMemcpy/aclrtMemset family with CANN's argument checks.
#include <sys/sysinfo.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

#include "runtime/runtime_internal.h"

namespace aclcpu {
namespace {

constexpr size_t kAlignment = 64;  // CANN returns 64-byte aligned device addresses
constexpr size_t kPadding = 32;    // and pads every block by 32 bytes past the rounded size

struct Registry {
  std::mutex mutex;
  std::map<uintptr_t, MemoryBlock> blocks;  // keyed by base address, for range look-ups
};

Registry &Blocks() {
  static Registry *registry = new Registry;  // never destroyed: frees may come from static destructors
  return *registry;
}

bool FindLocked(Registry &r, const void *ptr, MemoryBlock *block) {
  const auto key = reinterpret_cast<uintptr_t>(ptr);
  auto it = r.blocks.upper_bound(key);
  if (it == r.blocks.begin()) return false;
  --it;
  const size_t extent = it->second.size == 0 ? 1 : it->second.size;
  if (key >= it->first + extent) return false;
  *block = it->second;
  return true;
}

aclError Allocate(void **ptr, size_t size, bool host, bool pad, const char *api) {
  if (ptr == nullptr) {
    ReportError("EH0001", std::string(api) + ": expected a non-null output pointer, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  if (size == 0) {
    ReportError("EH0001", std::string(api) + ": expected size > 0, but got 0");
    return ACL_ERROR_INVALID_PARAM;
  }
  const size_t rounded = (size + 31) / 32 * 32;
  const size_t total = (rounded + (pad ? kPadding : 0) + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded < size || total < rounded) {
    ReportError("EH0001", std::string(api) + ": size " + std::to_string(size) + " overflows");
    return ACL_ERROR_BAD_ALLOC;
  }
  void *p = std::aligned_alloc(kAlignment, total);
  if (p == nullptr) {
    ReportError("EL0004", std::string(api) + ": out of memory allocating " + std::to_string(size) + " bytes");
    return ACL_ERROR_RT_MEMORY_ALLOCATION;
  }
  if (Debug().poison) std::memset(p, 0xFF, total);  // NaN in every float dtype
  Registry &r = Blocks();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.blocks[reinterpret_cast<uintptr_t>(p)] = MemoryBlock{p, size, host};
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
    if (it == r.blocks.end() || it->second.host != host) {
      ReportError("EH0001", std::string(api) + ": expected a pointer returned by " +
                                (host ? "aclrtMallocHost" : "aclrtMalloc") + ", but got an unknown address");
      return ACL_ERROR_RT_PARAM_INVALID;
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

// A copy or fill into a registered block must stay inside it.
bool FitsInBlock(const void *ptr, size_t count) {
  MemoryBlock block;
  if (!FindMemoryBlock(ptr, &block)) return true;  // caller-owned host memory: nothing to check
  const size_t used = static_cast<size_t>(static_cast<const char *>(ptr) - static_cast<const char *>(block.base));
  return count <= block.size - used;
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
  if (!FitsInBlock(dst, count) || !FitsInBlock(src, count)) {
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
  if (count > maxCount || !FitsInBlock(devPtr, count)) {
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

struct CopyArgs {
  void *dst;
  const void *src;
  size_t count;
  uint64_t pendingWrite;  // token of the sync debugging aid (0 when off)
};
int RunCopy(const void *args) {
  const auto *a = static_cast<const CopyArgs *>(args);
  std::memmove(a->dst, a->src, a->count);
  EndPendingWrite(a->pendingWrite);
  return ACL_SUCCESS;
}

struct FillArgs {
  void *dst;
  int value;
  size_t count;
  uint64_t pendingWrite;
};
int RunFill(const void *args) {
  const auto *a = static_cast<const FillArgs *>(args);
  std::memset(a->dst, a->value, a->count);
  EndPendingWrite(a->pendingWrite);
  return ACL_SUCCESS;
}

aclError EnqueueWrite(aclrtStream stream, StreamTaskFn fn, void *args, size_t argsSize, uint64_t *token, void *dst,
                      size_t count, const char *api) {
  *token = BeginPendingWrite(dst, count, api);
  const aclError status = EnqueueStreamTask(stream, fn, args, argsSize);
  if (status != ACL_SUCCESS) EndPendingWrite(*token);
  return status;
}

}  // namespace

bool FindMemoryBlock(const void *ptr, MemoryBlock *block) {
  Registry &r = Blocks();
  std::lock_guard<std::mutex> lock(r.mutex);
  return FindLocked(r, ptr, block);
}

}  // namespace aclcpu

extern "C" {

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy) {
  return aclcpu::Allocate(devPtr, size, false, true, "aclrtMalloc");
}

aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy) {
  return aclcpu::Allocate(devPtr, size, false, false, "aclrtMallocAlign32");
}

aclError aclrtMallocCached(void **devPtr, size_t size, aclrtMemMallocPolicy) {
  return aclcpu::Allocate(devPtr, size, false, true, "aclrtMallocCached");
}

aclError aclrtFree(void *devPtr) { return aclcpu::Release(devPtr, false, "aclrtFree"); }

aclError aclrtMallocHost(void **hostPtr, size_t size) {
  return aclcpu::Allocate(hostPtr, size, true, true, "aclrtMallocHost");
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
  aclcpu::CopyArgs args{dst, src, count, 0};
  return aclcpu::EnqueueWrite(stream, aclcpu::RunCopy, &args, sizeof args, &args.pendingWrite, dst, count,
                              "aclrtMemcpyAsync");
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
  aclcpu::FillArgs args{devPtr, static_cast<unsigned char>(value), count, 0};
  return aclcpu::EnqueueWrite(stream, aclcpu::RunFill, &args, sizeof args, &args.pendingWrite, devPtr, count,
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
