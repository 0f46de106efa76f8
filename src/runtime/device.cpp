// aclInit/aclFinalize, device 0 (this CPU), contexts and the stream API.
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "runtime/runtime_internal.h"
#include "runtime/stream.h"

namespace aclcpu {

struct Context {
  bool isDefault = false;
  std::shared_ptr<Stream> defaultStream;  // created on first use
  int64_t sysParams[4] = {0, 0, 0, 0};    // aclSysParamOpt values
};

namespace {

struct RuntimeState {
  std::mutex mutex;
  int initCount = 0;
  bool everInitialized = false;
  int deviceRefs = 0;
  Context *defaultContext = nullptr;
  std::set<Context *> contexts;                                 // live explicit and default contexts
  std::unordered_map<void *, std::shared_ptr<Stream>> streams;  // user-created streams by handle
};

RuntimeState &State() {
  static RuntimeState *state = new RuntimeState;  // outlives static destructors of user code
  return *state;
}

thread_local Context *currentContext = nullptr;

Context *DefaultContextLocked(RuntimeState &s) {
  if (s.defaultContext == nullptr) {
    s.defaultContext = new Context;
    s.defaultContext->isDefault = true;
    s.contexts.insert(s.defaultContext);
  }
  return s.defaultContext;
}

Context *CurrentContextLocked(RuntimeState &s) {
  if (currentContext != nullptr && s.contexts.count(currentContext) != 0) return currentContext;
  return DefaultContextLocked(s);
}

// Calls fn(stream) for every live stream, user-created and default; the caller holds the state lock.
template <class Fn>
void ForEachStreamLocked(RuntimeState &s, Fn fn) {
  for (auto &entry : s.streams) fn(entry.second);
  for (Context *ctx : s.contexts)
    if (ctx->defaultStream) fn(ctx->defaultStream);
}

// Destroys every stream of `ctx` (waiting for their work); the caller holds the state lock.
void DestroyContextStreamsLocked(RuntimeState &s, Context *ctx, std::vector<std::shared_ptr<Stream>> *dying) {
  for (auto it = s.streams.begin(); it != s.streams.end();) {
    if (it->second->owner() == ctx) {
      dying->push_back(std::move(it->second));
      it = s.streams.erase(it);
    } else {
      ++it;
    }
  }
  if (ctx->defaultStream) dying->push_back(std::move(ctx->defaultStream));
}

// Tears the device down: all contexts and streams go. Streams are joined outside the lock.
void ResetAllLocked(RuntimeState &s, std::vector<std::shared_ptr<Stream>> *dying) {
  for (Context *ctx : s.contexts) {
    DestroyContextStreamsLocked(s, ctx, dying);
    delete ctx;
  }
  s.contexts.clear();
  s.defaultContext = nullptr;
  s.deviceRefs = 0;
}

aclError BadDevice(const char *api, int32_t id) {
  ReportError("EH0001", std::string(api) + ": expected deviceId 0 (the only device), but got " + std::to_string(id));
  return ACL_ERROR_RT_INVALID_DEVICEID;
}

aclError UnknownStream(const char *api) {
  ReportError("EH0001", std::string(api) + ": expected a stream from aclrtCreateStream, but got an unknown handle");
  return ACL_ERROR_RT_PARAM_INVALID;
}

// ACL_SUCCESS for a documented aclSysParamOpt (0 to 3, one slot each in Context::sysParams).
aclError CheckSysParamOpt(const char *api, aclSysParamOpt opt) {
  if (static_cast<int>(opt) >= 0 && static_cast<int>(opt) <= 3) return ACL_SUCCESS;
  ReportError("EH0001",
              std::string(api) + ": expected opt in [0, 3], but got " + std::to_string(static_cast<int>(opt)));
  return ACL_ERROR_INVALID_PARAM;
}

}  // namespace

std::shared_ptr<Stream> ResolveStream(aclrtStream handle) {
  RuntimeState &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (handle == nullptr) {
    Context *ctx = CurrentContextLocked(s);
    if (!ctx->defaultStream) ctx->defaultStream = std::make_shared<Stream>(ctx);
    return ctx->defaultStream;
  }
  auto it = s.streams.find(handle);
  return it == s.streams.end() ? nullptr : it->second;
}

aclError EnqueueStreamTask(aclrtStream handle, StreamTaskFn fn, const void *args, size_t argsSize) {
  std::shared_ptr<Stream> stream;
  try {
    stream = ResolveStream(handle);
  } catch (...) {
    return ACL_ERROR_RT_NO_STREAM_RESOURCE;
  }
  if (!stream) return UnknownStream("stream task launch");
  return stream->Enqueue(fn, args, argsSize);
}

void KickStreams() {
  // Under the state lock, so nothing is copied or allocated (WaitForEvent calls this from a task).
  // Kick takes a stream's lock after it; no code takes them the other way round.
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  ForEachStreamLocked(s, [](const std::shared_ptr<Stream> &stream) { stream->Kick(); });
}

}  // namespace aclcpu

using aclcpu::State;

extern "C" {

aclError aclInit(const char *) {
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.everInitialized = true;
  if (s.initCount++ > 0) return ACL_ERROR_REPEAT_INITIALIZE;
  return ACL_SUCCESS;
}

static aclError FinalizeNow() {
  auto &s = State();
  std::vector<std::shared_ptr<aclcpu::Stream>> dying;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.initCount == 0) {
      aclcpu::ReportError("EH0001", "aclFinalize: expected a preceding aclInit, but the runtime is not initialised");
      return ACL_ERROR_REPEAT_FINALIZE;
    }
    s.initCount = 0;
    aclcpu::ResetAllLocked(s, &dying);
  }
  dying.clear();  // joins the workers after their queues drain
  return ACL_SUCCESS;
}

aclError aclFinalize() { return FinalizeNow(); }

aclError aclFinalizeReference(uint64_t *refCount) {
  auto &s = State();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.initCount > 1) {
      --s.initCount;
      if (refCount != nullptr) *refCount = static_cast<uint64_t>(s.initCount);
      return ACL_SUCCESS;
    }
  }
  const aclError status = FinalizeNow();
  if (status == ACL_SUCCESS && refCount != nullptr) *refCount = 0;
  return status;
}

aclError aclrtSetDevice(int32_t deviceId) {
  if (deviceId != 0) return aclcpu::BadDevice("aclrtSetDevice", deviceId);
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  ++s.deviceRefs;
  aclcpu::currentContext = aclcpu::DefaultContextLocked(s);
  return ACL_SUCCESS;
}

static aclError ResetDevice(int32_t deviceId, bool force, const char *api) {
  if (deviceId != 0) return aclcpu::BadDevice(api, deviceId);
  auto &s = State();
  std::vector<std::shared_ptr<aclcpu::Stream>> dying;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.deviceRefs > 0) --s.deviceRefs;
    if (s.deviceRefs == 0 || force) aclcpu::ResetAllLocked(s, &dying);
  }
  dying.clear();
  return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) { return ResetDevice(deviceId, false, "aclrtResetDevice"); }
aclError aclrtResetDeviceForce(int32_t deviceId) { return ResetDevice(deviceId, true, "aclrtResetDeviceForce"); }

aclError aclrtGetDevice(int32_t *deviceId) {
  if (deviceId == nullptr) {
    aclcpu::ReportError("EH0001", "aclrtGetDevice: expected a non-null deviceId, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.deviceRefs == 0 && s.contexts.empty()) {
    aclcpu::ReportError("EH0001", "aclrtGetDevice: no device is set on this thread (call aclrtSetDevice first)");
    return ACL_ERROR_RT_CONTEXT_NULL;
  }
  *deviceId = 0;
  return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t *count) {
  if (count == nullptr) {
    aclcpu::ReportError("EH0001", "aclrtGetDeviceCount: expected a non-null count, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  *count = 1;
  return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode *runMode) {
  if (runMode == nullptr) return ACL_ERROR_INVALID_PARAM;
  *runMode = ACL_HOST;
  return ACL_SUCCESS;
}

aclError aclrtSynchronizeDevice(void) {
  std::vector<std::shared_ptr<aclcpu::Stream>> all;
  {
    auto &s = State();
    std::lock_guard<std::mutex> lock(s.mutex);
    aclcpu::ForEachStreamLocked(s, [&all](const std::shared_ptr<aclcpu::Stream> &stream) { all.push_back(stream); });
  }
  aclError first = ACL_SUCCESS;
  for (auto &stream : all) {
    const aclError status = stream->Synchronize(-1);
    if (first == ACL_SUCCESS) first = status;
  }
  return first;
}

aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId) {
  if (context == nullptr) return ACL_ERROR_INVALID_PARAM;
  if (deviceId != 0) return aclcpu::BadDevice("aclrtCreateContext", deviceId);
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto *ctx = new aclcpu::Context;
  s.contexts.insert(ctx);
  aclcpu::currentContext = ctx;
  *context = ctx;
  return ACL_SUCCESS;
}

aclError aclrtDestroyContext(aclrtContext context) {
  auto &s = State();
  std::vector<std::shared_ptr<aclcpu::Stream>> dying;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    auto *ctx = static_cast<aclcpu::Context *>(context);
    if (context == nullptr || s.contexts.count(ctx) == 0 || ctx->isDefault) {
      aclcpu::ReportError("EH0001", "aclrtDestroyContext: expected a context from aclrtCreateContext");
      return ACL_ERROR_INVALID_PARAM;
    }
    aclcpu::DestroyContextStreamsLocked(s, ctx, &dying);
    s.contexts.erase(ctx);
    if (aclcpu::currentContext == ctx) aclcpu::currentContext = nullptr;
    delete ctx;
  }
  return ACL_SUCCESS;
}

aclError aclrtSetCurrentContext(aclrtContext context) {
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto *ctx = static_cast<aclcpu::Context *>(context);
  if (context == nullptr || s.contexts.count(ctx) == 0) {
    aclcpu::ReportError("EH0001", "aclrtSetCurrentContext: expected a live context, but got an unknown handle");
    return ACL_ERROR_INVALID_PARAM;
  }
  aclcpu::currentContext = ctx;
  return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext *context) {
  if (context == nullptr) return ACL_ERROR_INVALID_PARAM;
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  *context = aclcpu::CurrentContextLocked(s);
  return ACL_SUCCESS;
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  if (aclcpu::CheckSysParamOpt("aclrtCtxSetSysParamOpt", opt) != ACL_SUCCESS) return ACL_ERROR_INVALID_PARAM;
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  // Every kernel here is deterministic already; the value is stored so that it reads back.
  aclcpu::CurrentContextLocked(s)->sysParams[opt] = value;
  return ACL_SUCCESS;
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t *value) {
  if (value == nullptr) {
    aclcpu::ReportError("EH0001", "aclrtCtxGetSysParamOpt: expected a non-null value pointer, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  if (aclcpu::CheckSysParamOpt("aclrtCtxGetSysParamOpt", opt) != ACL_SUCCESS) return ACL_ERROR_INVALID_PARAM;
  auto &s = State();
  std::lock_guard<std::mutex> lock(s.mutex);
  *value = aclcpu::CurrentContextLocked(s)->sysParams[opt];
  return ACL_SUCCESS;
}

aclError aclrtCreateStream(aclrtStream *stream) {
  if (stream == nullptr) {
    aclcpu::ReportError("EH0001", "aclrtCreateStream: expected a non-null stream pointer, but got nullptr");
    return ACL_ERROR_INVALID_PARAM;
  }
  try {
    auto &s = State();
    std::lock_guard<std::mutex> lock(s.mutex);
    auto created = std::make_shared<aclcpu::Stream>(aclcpu::CurrentContextLocked(s));
    void *handle = created.get();
    s.streams.emplace(handle, std::move(created));
    *stream = handle;
  } catch (...) {
    aclcpu::ReportError("EL0004", "aclrtCreateStream: could not create the stream's worker thread");
    return ACL_ERROR_RT_NO_STREAM_RESOURCE;
  }
  return ACL_SUCCESS;
}

aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t, uint32_t) { return aclrtCreateStream(stream); }

static aclError DestroyStream(aclrtStream stream, const char *api) {
  if (stream == nullptr) {
    aclcpu::ReportError("EH0001", std::string(api) +
                                      ": expected a stream, but got nullptr (the default stream "
                                      "cannot be destroyed)");
    return ACL_ERROR_INVALID_PARAM;
  }
  std::shared_ptr<aclcpu::Stream> dying;
  {
    auto &s = State();
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.streams.find(stream);
    if (it == s.streams.end()) return aclcpu::UnknownStream(api);
    dying = std::move(it->second);
    s.streams.erase(it);
  }
  dying.reset();  // waits for the stream's queued work, as the documentation says
  return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) { return DestroyStream(stream, "aclrtDestroyStream"); }
aclError aclrtDestroyStreamForce(aclrtStream stream) { return DestroyStream(stream, "aclrtDestroyStreamForce"); }

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
  if (timeout < -1) {
    aclcpu::ReportError(
        "EH0001", "aclrtSynchronizeStreamWithTimeout: expected timeout >= -1, but got " + std::to_string(timeout));
    return ACL_ERROR_INVALID_PARAM;
  }
  auto resolved = aclcpu::ResolveStream(stream);
  if (!resolved) return aclcpu::UnknownStream("aclrtSynchronizeStream");
  const aclError status = resolved->Synchronize(timeout);
  if (status == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT) {
    aclcpu::ReportError("EH0001", "aclrtSynchronizeStream: the stream's tasks did not finish within " +
                                      std::to_string(timeout) + " ms");
  } else if (status != ACL_SUCCESS) {
    aclcpu::ReportError("EZ9999",
                        "aclrtSynchronizeStream: a task on the stream failed with status " + std::to_string(status));
  }
  return status;
}

aclError aclrtSynchronizeStream(aclrtStream stream) { return aclrtSynchronizeStreamWithTimeout(stream, -1); }

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status) {
  if (status == nullptr) return ACL_ERROR_INVALID_PARAM;
  auto resolved = aclcpu::ResolveStream(stream);
  if (!resolved) return aclcpu::UnknownStream("aclrtStreamQuery");
  *status = resolved->Idle() ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
  return ACL_SUCCESS;
}

}  // extern "C"
