#include "server/rate_limited_log.h"

#include <grpc/support/log.h>
#include <unistd.h>

#include <atomic>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "google/protobuf/stubs/logging.h"

namespace server {
namespace {

std::atomic<bool> g_library_logs{false};

void WriteLine(const std::string& line) {
  size_t written = 0;
  while (written < line.size()) {
    const ssize_t n = ::write(STDERR_FILENO, line.data() + written, line.size() - written);
    if (n <= 0) return;  // EPIPE, EBADF, ...: the log is gone; the server goes on
    written += static_cast<size_t>(n);
  }
}

void OnProtobufLog(google::protobuf::LogLevel level, const char* filename, int line,
                   const std::string& message) {
  if (level < google::protobuf::LOGLEVEL_WARNING || !g_library_logs.load()) return;
  RateLimitedLog::Global().Log(absl::StrCat("protobuf:", filename, ":", line),
                               absl::StrCat("protobuf: ", message));
}

void OnGrpcLog(gpr_log_func_args* args) {
  if (!g_library_logs.load()) return;
  RateLimitedLog::Global().Log(absl::StrCat("grpc:", args->file, ":", args->line),
                               absl::StrCat("grpc: ", args->message));
}

}  // namespace

RateLimitedLog::RateLimitedLog(std::string program, absl::Duration interval,
                               std::function<absl::Time()> now)
    : program_(std::move(program)), interval_(interval), now_(std::move(now)) {}

bool RateLimitedLog::Log(absl::string_view cause, absl::string_view message) {
  uint64_t suppressed = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const absl::Time now = now_();
    auto [it, inserted] = causes_.try_emplace(std::string(cause));
    Cause& c = it->second;
    if (!inserted && now - c.last_written < interval_) {
      ++c.suppressed;
      c.last_suppressed.assign(message.data(), message.size());
      return false;
    }
    suppressed = c.suppressed;
    c.suppressed = 0;
    c.last_suppressed.clear();
    c.last_written = now;
  }
  Write(message, suppressed);
  return true;
}

int RateLimitedLog::FlushSuppressed() {
  std::vector<std::pair<std::string, uint64_t>> due;  // message, the others left out
  {
    std::lock_guard<std::mutex> lock(mu_);
    const absl::Time now = now_();
    for (auto& [cause, c] : causes_) {
      if (c.suppressed == 0 || now - c.last_written < interval_) continue;
      due.emplace_back(std::move(c.last_suppressed), c.suppressed - 1);
      c.suppressed = 0;
      c.last_suppressed.clear();
      c.last_written = now;
    }
  }
  for (const auto& [message, others] : due) Write(message, others);
  return static_cast<int>(due.size());
}

void RateLimitedLog::Write(absl::string_view message, uint64_t others) const {
  std::string line = absl::StrCat(program_, ": ", message);
  if (others > 0)
    absl::StrAppend(&line, " (and ", others, " more like it since the previous line)");
  line.push_back('\n');
  WriteLine(line);
}

RateLimitedLog& RateLimitedLog::Global() {
  static RateLimitedLog* const log = new RateLimitedLog("puzzle_oracle_server", absl::Seconds(10));
  return *log;
}

void RateLimitedLog::EnableLibraryLogs() { g_library_logs.store(true); }

void RateLimitedLog::InstallLibraryLogHandlers() {
  google::protobuf::SetLogHandler(OnProtobufLog);
  gpr_set_log_function(OnGrpcLog);
}

}  // namespace server
