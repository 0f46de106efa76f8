// Debugging aids a device cannot give, off unless ACLNN_CPU_DEBUG names them (comma-separated):
//   poison  fresh aclrtMalloc/aclrtMallocHost memory is filled with 0xFF bytes (NaN in every float
//           dtype), so reading an output element an operator never wrote shows up;
//   sync    a synchronous aclrtMemcpy/aclrtMemset touching memory that a queued stream task (an
//           operator's output, an async copy or fill) has yet to write fails with
//           ACL_ERROR_RT_STREAM_NOT_COMPLETE naming the task: the missing aclrtSynchronizeStream
//           that shows up on a device as flaky results;
//   trace   every operator launch is logged to stderr when it finishes: name, shapes, dtypes, time;
//   kind    aclrtMemcpy's kind must agree with the registry (device side = aclrtMalloc memory), where
//           CANN decides the direction from the addresses and treats the kind as advisory.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

#include "runtime/runtime_internal.h"

namespace aclcpu {
namespace {

constexpr const char *kAids[] = {"poison", "sync", "trace", "kind"};

}  // namespace

DebugOptions ParseDebugOptions(const char *list) {
  DebugOptions options;
  bool *flags[] = {&options.poison, &options.sync, &options.trace, &options.kind};
  std::string unknown;
  const std::string text = list == nullptr ? "" : list;
  for (size_t begin = 0; begin <= text.size();) {
    size_t end = text.find(',', begin);
    if (end == std::string::npos) end = text.size();
    const std::string token = text.substr(begin, end - begin);
    bool known = token.empty();  // "trace," is fine
    for (size_t i = 0; i < sizeof kAids / sizeof kAids[0]; ++i) {
      if (token == kAids[i]) *flags[i] = known = true;
    }
    if (!known) unknown += (unknown.empty() ? "\"" : ", \"") + token + "\"";
    begin = end + 1;
  }
  if (!unknown.empty()) {
    std::string valid;
    for (const char *aid : kAids) valid += (valid.empty() ? "" : ", ") + std::string(aid);
    std::fprintf(stderr, "[WARNING] ACLNN_CPU(%d): ACLNN_CPU_DEBUG: ignoring unknown aid %s; the aids are %s\n",
                 static_cast<int>(getpid()), unknown.c_str(), valid.c_str());
  }
  return options;
}

namespace {

struct PendingWrite {
  uintptr_t begin, end;
  std::string task;
};

struct PendingWrites {
  std::mutex mutex;
  uint64_t nextToken = 1;
  std::multimap<uint64_t, PendingWrite> byToken;  // a token covers one task's writes
};

PendingWrites &Pending() {
  static PendingWrites *pending = new PendingWrites;  // outlives static destructors
  return *pending;
}

}  // namespace

DebugOptions Debug() {
  // Read once, as CANN reads its environment at initialisation.
  static const DebugOptions options = ParseDebugOptions(std::getenv("ACLNN_CPU_DEBUG"));
  return options;
}

uint64_t NewPendingWrites() {
  if (!Debug().sync) return 0;
  PendingWrites &p = Pending();
  std::lock_guard<std::mutex> lock(p.mutex);
  return p.nextToken++;
}

void AddPendingWrite(uint64_t token, const void *begin, size_t bytes, const std::string &task) {
  if (token == 0 || begin == nullptr || bytes == 0) return;
  PendingWrites &p = Pending();
  std::lock_guard<std::mutex> lock(p.mutex);
  const auto start = reinterpret_cast<uintptr_t>(begin);
  p.byToken.emplace(token, PendingWrite{start, start + bytes, task});
}

uint64_t BeginPendingWrite(const void *begin, size_t bytes, const std::string &task) {
  const uint64_t token = NewPendingWrites();
  AddPendingWrite(token, begin, bytes, task);
  return token;
}

void EndPendingWrite(uint64_t token) {
  if (token == 0) return;
  PendingWrites &p = Pending();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.byToken.erase(token);
}

void TraceLine(const std::string &text) {
  static std::mutex traceMutex;  // one line at a time across stream threads
  std::lock_guard<std::mutex> lock(traceMutex);
  std::fprintf(stderr, "[TRACE] ACLNN_CPU(%d): %s\n", static_cast<int>(getpid()), text.c_str());
}

bool FindPendingWrite(const void *begin, size_t bytes, std::string *task) {
  if (!Debug().sync || bytes == 0) return false;
  const auto start = reinterpret_cast<uintptr_t>(begin), end = start + bytes;
  PendingWrites &p = Pending();
  std::lock_guard<std::mutex> lock(p.mutex);
  for (const auto &entry : p.byToken) {
    if (entry.second.begin < end && start < entry.second.end) {
      *task = entry.second.task;
      return true;
    }
  }
  return false;
}

}  // namespace aclcpu
