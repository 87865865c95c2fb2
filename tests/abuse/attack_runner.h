// Runs attacks concurrently against a live server while a well-behaved client measures latency,
// optionally sampling the server process's memory and timing its shutdown, and reports it all.
// The http_abuse tool is a flag parser over RunAttacks.
//
// An Attack is anything that misbehaves against an address until told to stop. The HTTP attacks
// of abuse_client.h are wrapped here (MakeHttpAttack); other transports (gRPC) add their own
// Attack implementations and pass them to RunAttacks alongside.
//
// Example:
//   std::vector<std::unique_ptr<abuse::Attack>> attacks;
//   attacks.push_back(*abuse::MakeHttpAttack("slowloris", {}));
//   abuse::RunOptions options;
//   options.duration = absl::Seconds(10);
//   abuse::RunReport report = abuse::RunAttacks("127.0.0.1:8080", std::move(attacks), options);
//   std::cout << report.ToString();

#ifndef TESTS_ABUSE_ATTACK_RUNNER_H_
#define TESTS_ABUSE_ATTACK_RUNNER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"
#include "tests/abuse/abuse_client.h"

namespace abuse {

// What one attack observed, as key/value lines.
struct AttackReport {
  std::string attack;
  bool ran = true;  // false: it could not even start (the first line says why)
  std::vector<std::pair<std::string, std::string>> lines;

  void Add(std::string key, std::string value) {
    lines.emplace_back(std::move(key), std::move(value));
  }
  // The value of `key`, or "" when absent.
  std::string Get(absl::string_view key) const;
  std::string ToString() const;
};

class Attack {
 public:
  virtual ~Attack() = default;
  virtual std::string name() const = 0;
  // Attacks `address` until `stop` is notified, fills `report` and returns. Runs on its own
  // thread, concurrently with the other attacks. An attack that holds connections (a pool) keeps
  // them open after returning, until Release() or destruction: the runner times the server's
  // shutdown with them still connected, and the report describes them as they were before.
  virtual void Run(const std::string& address, const absl::Notification& stop,
                   AttackReport* report) = 0;
  // Closes whatever Run left open. Called after Run returned.
  virtual void Release() {}
};

struct HttpAttackOptions {
  std::string target = "/";
  int idle_connections = 500;
  int slowloris_connections = 200;
  absl::Duration slowloris_interval = absl::Seconds(1);
  int pipeline_depth = 100;
  uint64_t chunked_flood_bytes = uint64_t{400} << 20;  // the 400 MiB of the security review
  int header_flood_count = 1000000;
  size_t huge_header_bytes = 1 << 20;
  int ranges = 2700;
  uint64_t declared_content_length = uint64_t{10} << 30;
  uint64_t content_length_bytes_sent = 8 << 20;
  // The one-shot attacks repeat, with this pause, until the run ends.
  absl::Duration repeat_pause = absl::Milliseconds(200);
};

// "idle", "slowloris", "pipeline", "chunked", "headers", "ranges", "content_length".
std::vector<std::string> HttpAttackNames();

// The HTTP attack called `name`; InvalidArgument naming the known ones otherwise.
absl::StatusOr<std::unique_ptr<Attack>> MakeHttpAttack(absl::string_view name,
                                                       const HttpAttackOptions& options);

struct RunOptions {
  absl::Duration duration = absl::Seconds(60);
  // Time the attacks get to set up before the good client starts measuring.
  absl::Duration warmup = absl::Seconds(2);
  // The well-behaved client: `requests` is ignored (it runs for the whole duration).
  GoodClientOptions good;
  // Requests of the baseline measurement, before any attack.
  int baseline_requests = 200;
  // > 0: the server's process, sampled every 100 ms for memory; and when sigterm_at_end, sent
  // SIGTERM at the end with the attacks still connected, timing how long it takes to exit.
  int server_pid = 0;
  bool sigterm_at_end = false;
  absl::Duration shutdown_timeout = absl::Seconds(120);
};

struct RunReport {
  std::string address;
  LatencySummary baseline;      // before the attacks
  LatencySummary under_attack;  // during them
  std::vector<AttackReport> attacks;
  bool sampled_memory = false;
  ProcessMemory memory_before;
  int64_t max_rss_bytes = 0;  // largest VmRSS seen during the run
  ProcessMemory memory_after;
  // SIGTERM to exit, with the attacks' connections still open; zero when not measured.
  absl::Duration shutdown_time;
  bool shutdown_timed_out = false;

  std::string ToString() const;
};

// Measures a baseline, starts every attack on its own thread, measures the good client until
// `duration` has passed, stops the attacks (after the SIGTERM measurement, if asked) and reports.
RunReport RunAttacks(const std::string& address, std::vector<std::unique_ptr<Attack>> attacks,
                     const RunOptions& options);

}  // namespace abuse

#endif  // TESTS_ABUSE_ATTACK_RUNNER_H_
