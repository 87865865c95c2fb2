// The server's log: one line per event on stderr, but at most one line per cause per interval,
// so that a client repeating a bad request cannot flood the log (or the disk behind it). When a
// cause was suppressed, its next line says how many were left out:
//   puzzle_oracle_server: protobuf: ... (and 1234 more like it since the previous line)
// A flood that stops is not forgotten: FlushSuppressed (the server calls it every few seconds)
// writes each cause's last suppressed line, with its count, once the interval has passed.
//
// Writes go straight to the stderr file descriptor and ignore errors: with SIGPIPE ignored (the
// server does that first thing), a closed log pipe costs nothing and kills nothing.
//
// Example:
//   RateLimitedLog log("puzzle_oracle_server", absl::Seconds(10));
//   log.Log("grpc-parse", "request is not a valid puzzleoracle.v2.SolveRequest: ...");
//
// Thread-safety: Log and FlushSuppressed may be called from any thread.

#ifndef SERVER_RATE_LIMITED_LOG_H_
#define SERVER_RATE_LIMITED_LOG_H_

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace server {

class RateLimitedLog {
 public:
  // `now` is the clock that intervals are measured on (tests pass a fake one); it is read once
  // per Log and per FlushSuppressed, under the lock, and must be callable from any thread that
  // logs.
  RateLimitedLog(std::string program, absl::Duration interval,
                 std::function<absl::Time()> now = absl::Now);

  // Writes "<program>: <message>" unless `cause` was written less than `interval` ago (then
  // counts it and keeps the message for FlushSuppressed). Returns whether a line was written.
  bool Log(absl::string_view cause, absl::string_view message);

  // For every cause with suppressed messages whose last line is at least `interval` old: writes
  // the last suppressed message as Log would have (with the count of the others), so that no
  // count is lost when a flood stops. Returns the number of lines written.
  int FlushSuppressed();

  // The process-wide log that protobuf's and gRPC's own messages are routed to
  // (InstallLibraryLogHandlers). Lives forever.
  static RateLimitedLog& Global();

  // Routes protobuf's GOOGLE_LOG and gRPC's gpr_log through Global(), each message's cause being
  // its library and source location. They are dropped until EnableLibraryLogs (so that a server
  // that cannot start says why in one line of its own). Call once, early in main.
  static void InstallLibraryLogHandlers();
  static void EnableLibraryLogs();

 private:
  struct Cause {
    absl::Time last_written;
    uint64_t suppressed = 0;      // messages left out since last_written
    std::string last_suppressed;  // the newest of them
  };

  // "<program>: <message>[ (and N more like it since the previous line)]\n", written to stderr.
  void Write(absl::string_view message, uint64_t others) const;

  const std::string program_;
  const absl::Duration interval_;
  const std::function<absl::Time()> now_;
  std::mutex mu_;
  absl::flat_hash_map<std::string, Cause> causes_;  // guarded by mu_; a few dozen at most
};

}  // namespace server

#endif  // SERVER_RATE_LIMITED_LOG_H_
