// server_abuse: every attack of the abuse suite at once against a running puzzle oracle server
// (gRPC and HTTP), while a good HTTP client and a good gRPC client keep asking and check every
// answer; then SIGTERM with the attacks still connected. tools/abuse_soak.sh starts the server
// and runs this for 60 s:
//
//   bazel run -c opt //tests/abuse:server_abuse -- --address=127.0.0.1:50051
//       --http_address=127.0.0.1:8080 --server_pid=PID --seconds=60
//
// Prints the run's report (attack_runner.h), then one line per bound, "ok" or "BROKEN", and a
// last line "result: PASS" or "result: FAIL (n bounds broken)". Exit code: 0 when every bound
// held, 1 when one broke, 2 on bad flags.
//
// The bounds: the server's RSS (VmRSS sampled every 100 ms, and its VmHWM) under --rss_limit_mib;
// each good client answered every request right with p99 under --good_p99_limit; no attack saw a
// wrong answer; the invalid-UTF-8 streams never ended OK; the HTTP floods got their limits'
// statuses; and SIGTERM ended the server within --shutdown_grace plus a second.

#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"
#include "tests/abuse/attack_runner.h"
#include "tests/abuse/grpc_attacks.h"
#include "tests/abuse/oracle_http_attacks.h"
#include "tests/abuse/reference.h"

ABSL_FLAG(std::string, address, "", "gRPC host:port of the server (required).");
ABSL_FLAG(std::string, http_address, "", "HTTP host:port of the server (required).");
ABSL_FLAG(std::string, tables_dir, "data", "The server's --tables_dir, to check its answers.");
ABSL_FLAG(int, server_pid, 0,
          "The server's pid (required): its memory is sampled, SIGTERM ends it.");
ABSL_FLAG(int, seconds, 60, "How long the attacks run.");
ABSL_FLAG(int, rss_limit_mib, 1280,
          "The server's RSS must stay under this (the deployment limit).");
ABSL_FLAG(absl::Duration, good_p99_limit, absl::Seconds(1),
          "Each good client's p99 latency during the attacks must stay under this.");
ABSL_FLAG(int, flood_calls, 32, "Concurrent SolveBatch calls of the executor_flood attack.");
ABSL_FLAG(bool, flood_max_size, false,
          "Pad each executor_flood batch to the server's --max_message_size (the known limit: "
          "README, Security).");
ABSL_FLAG(absl::Duration, shutdown_grace, absl::Seconds(5),
          "The server's --shutdown_grace: SIGTERM must end it within this plus 1 s.");

namespace {

class Bounds {
 public:
  void Check(bool held, const std::string& what) {
    std::printf("  %-6s %s\n", held ? "ok" : "BROKEN", what.c_str());
    if (!held) ++broken_;
  }
  int broken() const { return broken_; }

 private:
  int broken_ = 0;
};

std::string Ms(absl::Duration d) {
  return absl::StrFormat("%.1fms", absl::ToDoubleMilliseconds(d));
}

std::string Good(const std::string& name, const abuse::LatencySummary& s) {
  return absl::StrCat(
      "good ", name, " client: ", s.requests, " answered right, ", s.errors, " errors, p50 ",
      Ms(s.p50), " p99 ", Ms(s.p99),
      s.first_error.empty() ? "" : absl::StrCat(" (first error: ", s.first_error, ")"));
}

// True when every outcome `attack` counted starts with one of `prefixes` (and it counted some).
bool OnlyOutcomes(const abuse::AttackReport& attack, const std::vector<std::string>& prefixes) {
  if (attack.counts.empty()) return false;
  for (const auto& [outcome, n] : attack.counts) {
    bool known = false;
    for (const std::string& p : prefixes) known |= absl::StartsWith(outcome, p);
    if (!known) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Every abuse-suite attack at once against a running puzzle oracle server; prints the report "
      "and its bounds.");
  absl::ParseCommandLine(argc, argv);
  const std::string address = absl::GetFlag(FLAGS_address);
  const std::string http_address = absl::GetFlag(FLAGS_http_address);
  const int server_pid = absl::GetFlag(FLAGS_server_pid);
  if (address.empty() || http_address.empty() || server_pid <= 0) {
    std::fprintf(stderr, "server_abuse: --address, --http_address and --server_pid are required\n");
    return 2;
  }
  absl::StatusOr<std::unique_ptr<abuse::Reference>> reference =
      abuse::Reference::Load(absl::GetFlag(FLAGS_tables_dir));
  if (!reference.ok()) {
    std::fprintf(stderr, "server_abuse: %s\n", reference.status().ToString().c_str());
    return 2;
  }

  std::vector<std::unique_ptr<abuse::Attack>> attacks;
  abuse::HttpAttackOptions http;
  http.target = "/v2/puzzles";
  http.post_target = "/v2/puzzles/eight:solveBatch";
  for (const std::string& name : abuse::HttpAttackNames()) {
    attacks.push_back(*abuse::MakeHttpAttack(name, http));
  }
  abuse::OracleHttpOptions oracle;
  oracle.reference = reference->get();
  for (const std::string& name : abuse::OracleHttpAttackNames()) {
    attacks.push_back(*abuse::MakeOracleHttpAttack(name, oracle));
  }
  abuse::GrpcAttackOptions grpc;
  grpc.address = address;
  grpc.reference = reference->get();
  grpc.stream_window_bytes = 64 << 10;  // streams that read nothing and grow no window
  grpc.flood_calls = absl::GetFlag(FLAGS_flood_calls);
  grpc.flood_max_size = absl::GetFlag(FLAGS_flood_max_size);
  for (const std::string& name : abuse::GrpcAttackNames()) {
    attacks.push_back(*abuse::MakeGrpcAttack(name, grpc));
  }

  abuse::GoodGrpcClient good_grpc(address, reference->get());
  abuse::RunOptions run;
  run.duration = absl::Seconds(absl::GetFlag(FLAGS_seconds));
  run.good.method = "POST";
  run.good.next_request = abuse::CheckedSolves(reference->get(), 5);
  run.good.pause = absl::Milliseconds(10);
  run.other_good_clients = {&good_grpc};
  run.server_pid = server_pid;
  run.sigterm_at_end = true;
  const absl::Duration grace = absl::GetFlag(FLAGS_shutdown_grace);
  run.shutdown_timeout = grace + absl::Seconds(30);
  std::printf("server_abuse: %zu attacks for %ds against gRPC %s and HTTP %s (pid %d)\n",
              attacks.size(), absl::GetFlag(FLAGS_seconds), address.c_str(), http_address.c_str(),
              server_pid);
  std::fflush(stdout);
  const abuse::RunReport report = abuse::RunAttacks(http_address, std::move(attacks), run);
  std::fputs(report.ToString().c_str(), stdout);

  std::printf("bounds:\n");
  Bounds bounds;
  const int64_t limit = int64_t{absl::GetFlag(FLAGS_rss_limit_mib)} << 20;
  const int64_t peak = std::max(report.max_rss_bytes, report.memory_after.peak_rss_bytes);
  bounds.Check(report.sampled_memory && peak < limit,
               absl::StrCat("peak RSS ", peak >> 20, " MiB (VmRSS max ", report.max_rss_bytes >> 20,
                            " MiB, VmHWM ", report.memory_after.peak_rss_bytes >> 20,
                            " MiB) under the ", limit >> 20, " MiB limit"));
  const absl::Duration p99_limit = absl::GetFlag(FLAGS_good_p99_limit);
  auto good = [&](const std::string& name, const abuse::LatencySummary& s) {
    bounds.Check(s.requests > 0 && s.errors == 0 && s.p99 < p99_limit,
                 absl::StrCat(Good(name, s), "; p99 limit ", Ms(p99_limit)));
  };
  good("HTTP", report.under_attack);
  for (const abuse::GoodClientReport& g : report.other_good_clients) good(g.name, g.under_attack);
  int64_t wrong = 0;
  int not_run = 0;
  for (const abuse::AttackReport& a : report.attacks) {
    wrong += a.CountOf("wrong answer");
    if (!a.ran) ++not_run;
  }
  bounds.Check(not_run == 0, absl::StrCat(not_run, " attacks could not start"));
  bounds.Check(wrong == 0, absl::StrCat(wrong, " wrong answers seen by the attacks"));
  for (const abuse::AttackReport& a : report.attacks) {
    if (a.attack == "bad_utf8") {
      int64_t ended_ok = 0;
      for (const auto& [outcome, n] : a.counts) {
        if (absl::StrContains(outcome, "then OK") || absl::EndsWith(outcome, ": OK")) ended_ok += n;
      }
      bounds.Check(!a.counts.empty() && ended_ok == 0,
                   absl::StrCat("bad_utf8: ", ended_ok, " calls with invalid UTF-8 ended OK"));
    }
    const std::vector<std::pair<const char*, std::vector<std::string>>> statuses = {
        {"chunked", {"413"}},
        {"content_length", {"413"}},
        {"headers", {"431"}},
        {"ranges", {"200"}}};
    for (const auto& [name, expected] : statuses) {
      if (a.attack != name) continue;
      bounds.Check(OnlyOutcomes(a, expected), absl::StrCat(name, ": every answer ", expected[0]));
    }
  }
  bounds.Check(!report.shutdown_timed_out && report.shutdown_time > absl::ZeroDuration() &&
                   report.shutdown_time < grace + absl::Seconds(1),
               absl::StrCat("SIGTERM to exit with the attacks connected: ",
                            absl::FormatDuration(report.shutdown_time), " (grace ",
                            absl::FormatDuration(grace), " + 1s)"));
  if (bounds.broken() == 0) {
    std::printf("result: PASS\n");
  } else {
    std::printf("result: FAIL (%d bounds broken)\n", bounds.broken());
  }
  return bounds.broken() == 0 ? 0 : 1;
}
