// Runs attacks concurrently against a live server while a well-behaved client measures latency,
// optionally sampling the server process's memory and timing its shutdown, and reports it all.
// The http_abuse tool is a flag parser over RunAttacks.
//
// An Attack is anything that misbehaves against an address until told to stop. The HTTP attacks
// of abuse_client.h are wrapped here (MakeHttpAttack); other transports (gRPC, grpc_attacks.h)
// add their own Attack implementations and pass them to RunAttacks alongside, and their own
// well-behaved clients (GoodClient) to be measured next to the HTTP one.
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
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/notification.h"
#include "absl/time/time.h"
#include "tests/abuse/abuse_client.h"

namespace abuse {

// What one attack observed, as key/value lines, and outcomes counted by their exact text (for
// example "RESOURCE_EXHAUSTED: too many streams: ..." x36), which tests assert on.
struct AttackReport {
  std::string attack;
  bool ran = true;  // false: it could not even start (the first line says why)
  std::vector<std::pair<std::string, std::string>> lines;
  std::map<std::string, int64_t> counts;

  void Add(std::string key, std::string value) {
    lines.emplace_back(std::move(key), std::move(value));
  }
  void Count(const std::string& outcome, int64_t n = 1) { counts[outcome] += n; }
  // Counts a failed check as "wrong answer" (the first three are described in `lines`); nothing
  // when `check` is OK.
  void CountWrong(const absl::Status& check);
  // Adds `other`'s counts and lines to these.
  void Merge(const AttackReport& other);
  // The value of `key`, or "" when absent.
  std::string Get(absl::string_view key) const;
  // How often `outcome` was counted (0 when never).
  int64_t CountOf(const std::string& outcome) const;
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
  // The target of the attacks that POST a body (chunked, content_length); "" means `target`.
  std::string post_target;
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

// Runs `once`, then again after `pause`, until `stop` is notified or, when `rounds` > 0, it has
// run `rounds` times. For the Run of an Attack.
void Repeat(const absl::Notification& stop, int rounds, absl::Duration pause,
            const std::function<void()>& once);

// `text`, or its first `most` bytes and its size.
std::string Shorten(absl::string_view text, size_t most = 300);

// "idle", "slowloris", "pipeline", "chunked", "headers", "ranges", "content_length".
std::vector<std::string> HttpAttackNames();

// The HTTP attack called `name`; InvalidArgument naming the known ones otherwise.
absl::StatusOr<std::unique_ptr<Attack>> MakeHttpAttack(absl::string_view name,
                                                       const HttpAttackOptions& options);

// A well-behaved client of another transport than HTTP (e.g. gRPC, grpc_attacks.h), measured
// like the HTTP one: before the attacks and during them.
class GoodClient {
 public:
  virtual ~GoodClient() = default;
  virtual std::string name() const = 0;
  // Sends requests one after the other, each checked, until `deadline` or `max_requests`; a
  // failed call or a wrong answer is an error (first_error says which).
  virtual LatencySummary Measure(absl::Time deadline, int max_requests) = 0;
};

struct RunOptions {
  absl::Duration duration = absl::Seconds(60);
  // Time the attacks get to set up before the good client starts measuring.
  absl::Duration warmup = absl::Seconds(2);
  // The well-behaved HTTP client: `requests` is ignored (it runs for the whole duration). Not
  // run when RunAttacks's address is "" (a gRPC-only run).
  GoodClientOptions good;
  // More well-behaved clients, each on its own thread for the whole duration. Not owned; they
  // must outlive the run.
  std::vector<GoodClient*> other_good_clients;
  // Requests of the baseline measurement, before any attack.
  int baseline_requests = 200;
  // > 0: the server's process, sampled every 100 ms for memory; and when sigterm_at_end, sent
  // SIGTERM at the end with the attacks still connected, timing how long it takes to exit.
  int server_pid = 0;
  bool sigterm_at_end = false;
  absl::Duration shutdown_timeout = absl::Seconds(120);
  // With server_pid: after the attacks stop (before any SIGTERM), how long to keep sampling
  // memory, to see what the server gives back once the burst is over (memory_settled).
  absl::Duration settle = absl::ZeroDuration();
};

struct GoodClientReport {
  std::string name;
  LatencySummary baseline;
  LatencySummary under_attack;
};

struct RunReport {
  std::string address;
  bool measured_http = false;   // false: no HTTP address, no HTTP good client
  LatencySummary baseline;      // before the attacks
  LatencySummary under_attack;  // during them
  std::vector<GoodClientReport> other_good_clients;
  std::vector<AttackReport> attacks;
  bool sampled_memory = false;
  ProcessMemory memory_before;
  int64_t max_rss_bytes = 0;     // largest VmRSS seen during the run
  ProcessMemory memory_after;    // when the attacks stopped
  ProcessMemory memory_settled;  // `settle` later (equal to memory_after without settle)
  // SIGTERM to exit, with the attacks' connections still open; zero when not measured.
  absl::Duration shutdown_time;
  bool shutdown_timed_out = false;

  // Total errors of every good client during the attacks.
  int good_errors() const;

  std::string ToString() const;
};

// Measures a baseline, starts every attack on its own thread, measures the good client until
// `duration` has passed, stops the attacks (after the SIGTERM measurement, if asked) and reports.
RunReport RunAttacks(const std::string& address, std::vector<std::unique_ptr<Attack>> attacks,
                     const RunOptions& options);

}  // namespace abuse

#endif  // TESTS_ABUSE_ATTACK_RUNNER_H_
