// aclGetRecentErrMsg, aclAppLog and the logging configuration (ASCEND_* environment variables).
#include <unistd.h>

#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/runtime_internal.h"

namespace aclcpu {
namespace {

struct LogConfig {
  int level = ACL_ERROR;  // 4 = off
  bool toStderr = false;
};

int ParseLevel(const char *text, int fallback) {
  if (text == nullptr || text[0] == '\0' || text[1] != '\0' || text[0] < '0' || text[0] > '4') return fallback;
  return text[0] - '0';
}

const LogConfig &Config() {
  // Read once: CANN reads these variables at initialisation too.
  static const LogConfig config = [] {
    LogConfig c;
    c.level = ParseLevel(std::getenv("ASCEND_GLOBAL_LOG_LEVEL"), ACL_ERROR);
    const char *printNew = std::getenv("ASCEND_LOG_PRINT_TO_STDOUT");
    const char *printOld = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    const char *print = printNew != nullptr ? printNew : printOld;  // the new name wins
    c.toStderr = print != nullptr && std::strcmp(print, "1") == 0;
    return c;
  }();
  return config;
}

const char *LevelName(aclLogLevel level) {
  switch (level) {
    case ACL_DEBUG: return "DEBUG";
    case ACL_INFO: return "INFO";
    case ACL_WARNING: return "WARNING";
    default: return "ERROR";
  }
}

// Messages pending for aclGetRecentErrMsg on this thread (oldest first) and the string that the
// last call returned, which must stay valid until the next call.
thread_local std::vector<std::string> pendingMessages;
thread_local std::string returnedMessage;

}  // namespace

bool LogEnabled(aclLogLevel level) {
  const LogConfig &c = Config();
  return c.toStderr && static_cast<int>(level) >= c.level && c.level < 4;
}

void LogMessage(aclLogLevel level, const std::string &text) {
  if (!LogEnabled(level)) return;
  const auto now = std::chrono::system_clock::now();
  const std::time_t secs = std::chrono::system_clock::to_time_t(now);
  std::tm tmNow{};
  localtime_r(&secs, &tmNow);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H:%M:%S", &tmNow);
  static std::mutex logMutex;  // one line at a time across threads
  std::lock_guard<std::mutex> lock(logMutex);
  std::fprintf(stderr, "[%s] ACLNN_CPU(%d):%s %s\n", LevelName(level), static_cast<int>(getpid()), stamp, text.c_str());
}

void ReportError(const char *errCode, const std::string &text) {
  std::string line = std::string(errCode) + ": " + text;
  LogMessage(ACL_ERROR, line);
  if (pendingMessages.size() >= 64) pendingMessages.erase(pendingMessages.begin());  // bounded memory
  pendingMessages.push_back(std::move(line));
}

}  // namespace aclcpu

extern "C" {

const char *aclGetRecentErrMsg() {
  using namespace aclcpu;
  returnedMessage.clear();
  // Newest first, as CANN documents.
  for (auto it = pendingMessages.rbegin(); it != pendingMessages.rend(); ++it) {
    if (!returnedMessage.empty()) returnedMessage += '\n';
    returnedMessage += *it;
  }
  pendingMessages.clear();
  // An empty string rather than nullptr: samples pass the result straight to printf("%s").
  return returnedMessage.c_str();
}

void aclAppLog(aclLogLevel logLevel, const char *func, const char *file, uint32_t line, const char *fmt, ...) {
  if (fmt == nullptr || !aclcpu::LogEnabled(logLevel)) return;
  char body[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(body, sizeof body, fmt, args);
  va_end(args);
  char where[256];
  std::snprintf(where, sizeof where, "[%s:%u]%s: ", file != nullptr ? file : "?", line, func != nullptr ? func : "?");
  aclcpu::LogMessage(logLevel, std::string(where) + body);
}

}  // extern "C"
