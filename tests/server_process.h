// Test helper: runs the real server binary as a child process and tells where it listens.
//
// Example:
//   absl::StatusOr<std::unique_ptr<ServerProcess>> s =
//       ServerProcess::Start({"--address=127.0.0.1:0"});
//   ... talk to (*s)->address() ...
//   int exit_code = (*s)->Stop(SIGTERM);
//
// Thread-safety: one owner thread.

#ifndef TESTS_SERVER_PROCESS_H_
#define TESTS_SERVER_PROCESS_H_

#include <sys/types.h>

#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace tests {

inline constexpr char kServerBinary[] = "server/puzzle_oracle_server";

class ServerProcess {
 public:
  // Starts the server with `args` and waits until it logs "SERVING on ADDR". Error when it exits
  // first (the status message holds its stderr) or `timeout` passes.
  static absl::StatusOr<std::unique_ptr<ServerProcess>> Start(
      const std::vector<std::string>& args, absl::Duration timeout = absl::Seconds(20));
  // The same, with `environment` ("NAME=value" each) added to the server's environment.
  static absl::StatusOr<std::unique_ptr<ServerProcess>> StartWithEnvironment(
      const std::vector<std::string>& args, const std::vector<std::string>& environment,
      absl::Duration timeout = absl::Seconds(20));

  // Runs the server with `args` to completion (for servers expected to refuse to start).
  // Returns the exit code; `stderr_text` receives everything it printed on stderr.
  static int RunToExit(const std::vector<std::string>& args, std::string* stderr_text,
                       absl::Duration timeout = absl::Seconds(20));

  ~ServerProcess();

  const std::string& address() const { return address_; }
  // host:port of the HTTP gateway when started with --http_address, else "".
  const std::string& http_address() const { return http_address_; }
  pid_t pid() const { return pid_; }

  // Sends `signal` and waits for exit. Returns the exit code, or 128+signal if killed.
  int Stop(int signal);
  // The same, waiting at most `timeout`: then the server is killed (SIGKILL) and the result is
  // 128+SIGKILL. `took` (optional) receives the time from the signal to the exit.
  int Stop(int signal, absl::Duration timeout, absl::Duration* took = nullptr);

  // Stops reading the server's stderr and closes this end of the pipe: the server's next write
  // to stderr fails with EPIPE (and raises SIGPIPE). Stderr() keeps what was read before.
  void CloseStderr();

  // Everything the server printed on stderr so far.
  std::string Stderr();

 private:
  ServerProcess() = default;

  void StopDrain();

  pid_t pid_ = -1;
  int stderr_fd_ = -1;
  int wake_fds_[2] = {-1, -1};  // a write to [1] ends the drain thread
  std::string address_;
  std::string http_address_;
  std::thread drain_;
  std::mutex mu_;            // std::mutex, visible to ThreadSanitizer (Debian's Abseil is not)
  std::string stderr_text_;  // guarded by mu_
};

}  // namespace tests

#endif  // TESTS_SERVER_PROCESS_H_
