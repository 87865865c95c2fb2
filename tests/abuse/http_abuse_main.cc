// http_abuse: attacks a running HTTP server while a well-behaved client measures latency.
//
//   bazel run //tests/abuse:http_abuse -- --address=127.0.0.1:8080 --attack=all --duration=60s
//   ... --server_pid=$(pgrep -f puzzle_oracle_server) --sigterm_at_end   (memory, shutdown time)
//
// Prints the report (see attack_runner.h). Exits 1 when the good client failed any request
// during the attacks, 2 on bad flags.

#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "tests/abuse/attack_runner.h"

ABSL_FLAG(std::string, address, "", "host:port of the server under attack (required).");
ABSL_FLAG(std::string, attack, "all",
          "Comma-separated attacks, or 'all': idle, slowloris, pipeline, chunked, headers, "
          "ranges, content_length.");
ABSL_FLAG(absl::Duration, duration, absl::Seconds(60), "How long the attacks run.");
ABSL_FLAG(absl::Duration, warmup, absl::Seconds(2),
          "Time the attacks get before the good client starts measuring.");
ABSL_FLAG(std::string, target, "/", "Path the attacks and the good client request.");
ABSL_FLAG(bool, keep_alive, false,
          "The good client reuses one connection (default: a new connection per request, the "
          "case idle and slowloris connections would hurt).");
ABSL_FLAG(absl::Duration, good_pause, absl::Milliseconds(10),
          "Pause between the good client's requests.");
ABSL_FLAG(absl::Duration, good_timeout, absl::Seconds(10), "Good client's per-request timeout.");
ABSL_FLAG(int, baseline_requests, 200, "Good-client requests measured before the attacks.");
ABSL_FLAG(int, idle_connections, 500, "Idle keep-alive connections.");
ABSL_FLAG(int, slowloris_connections, 200, "Slowloris connections.");
ABSL_FLAG(absl::Duration, slowloris_interval, absl::Seconds(1),
          "Each slowloris connection sends one more header byte this often.");
ABSL_FLAG(int, pipeline_depth, 100, "Requests per pipelined burst.");
ABSL_FLAG(uint64_t, chunked_flood_bytes, uint64_t{400} << 20, "Size of the chunked body flood.");
ABSL_FLAG(int, header_flood_count, 1000000, "Headers in the header flood.");
ABSL_FLAG(int, ranges, 2700, "Ranges in the Range header.");
ABSL_FLAG(int, server_pid, 0, "The server's pid: sample its memory (VmRSS, VmHWM) during the run.");
ABSL_FLAG(bool, sigterm_at_end, false,
          "With --server_pid: send it SIGTERM at the end, attacks still connected, and time "
          "its exit.");

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Attacks a running HTTP server while a good client measures latency; prints a report.");
  absl::ParseCommandLine(argc, argv);
  const std::string address = absl::GetFlag(FLAGS_address);
  if (address.empty()) {
    std::fprintf(stderr, "http_abuse: --address is required (host:port)\n");
    return 2;
  }
  abuse::HttpAttackOptions attack_options;
  attack_options.target = absl::GetFlag(FLAGS_target);
  attack_options.idle_connections = absl::GetFlag(FLAGS_idle_connections);
  attack_options.slowloris_connections = absl::GetFlag(FLAGS_slowloris_connections);
  attack_options.slowloris_interval = absl::GetFlag(FLAGS_slowloris_interval);
  attack_options.pipeline_depth = absl::GetFlag(FLAGS_pipeline_depth);
  attack_options.chunked_flood_bytes = absl::GetFlag(FLAGS_chunked_flood_bytes);
  attack_options.header_flood_count = absl::GetFlag(FLAGS_header_flood_count);
  attack_options.ranges = absl::GetFlag(FLAGS_ranges);

  std::vector<std::string> names =
      absl::StrSplit(absl::GetFlag(FLAGS_attack), ',', absl::SkipWhitespace());
  if (names.size() == 1 && names[0] == "all") names = abuse::HttpAttackNames();
  std::vector<std::unique_ptr<abuse::Attack>> attacks;
  for (const std::string& name : names) {
    absl::StatusOr<std::unique_ptr<abuse::Attack>> attack =
        abuse::MakeHttpAttack(name, attack_options);
    if (!attack.ok()) {
      std::fprintf(stderr, "http_abuse: --attack: %s\n",
                   std::string(attack.status().message()).c_str());
      return 2;
    }
    attacks.push_back(*std::move(attack));
  }

  abuse::RunOptions options;
  options.duration = absl::GetFlag(FLAGS_duration);
  options.warmup = absl::GetFlag(FLAGS_warmup);
  options.good.target = attack_options.target;
  options.good.new_connection_per_request = !absl::GetFlag(FLAGS_keep_alive);
  options.good.pause = absl::GetFlag(FLAGS_good_pause);
  options.good.timeout = absl::GetFlag(FLAGS_good_timeout);
  options.baseline_requests = absl::GetFlag(FLAGS_baseline_requests);
  options.server_pid = absl::GetFlag(FLAGS_server_pid);
  options.sigterm_at_end = absl::GetFlag(FLAGS_sigterm_at_end);
  std::fprintf(stderr, "http_abuse: %s against %s for %s\n", absl::StrJoin(names, ",").c_str(),
               address.c_str(), absl::FormatDuration(options.duration).c_str());
  const abuse::RunReport report = abuse::RunAttacks(address, std::move(attacks), options);
  std::fputs(report.ToString().c_str(), stdout);
  return report.under_attack.errors > 0 ? 1 : 0;
}
