// oracle_load: a bounded load and soak test of the puzzle oracle server, with every answer
// checked.
//
//   bazel run //loadtest:oracle_load -- --duration=60s --clients=4
//   bazel run //loadtest:oracle_load -- --server=127.0.0.1:50051 --server_pid=1234
//
// Without --server it starts the real server binary (server/puzzle_oracle_server from its
// runfiles, on 127.0.0.1:0) and stops it with SIGTERM at the end. N clients then mix valid,
// unsolvable and malformed queries over Solve, SolveBatch and SolveStream (load_runner.h);
// each answer is compared with the in-process oracle over --tables_dir (workload.h). It reports
// throughput and latency percentiles per RPC, status codes, wrong answers, and the server's
// RSS over time, and exits 0 only when:
//   - no answer or error message was wrong and no status code was unexpected;
//   - the server is alive and reports SERVING on grpc.health.v1 at the end (and, when this
//     program started it, exits 0 on SIGTERM);
//   - its RSS grew by less than --max_rss_growth between the end of warm-up and the end (medians
//     over --rss_window at both ends).
#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "loadtest/load_runner.h"
#include "loadtest/rss_sampler.h"
#include "loadtest/workload.h"
#include "puzzle/median.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/solver_oracle.h"
#include "puzzle/table_file.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"
#include "puzzles/registry.h"
#include "tests/server_process.h"

ABSL_FLAG(std::string, server, "",
          "Address of a running server; empty: start the real server binary on 127.0.0.1:0.");
ABSL_FLAG(int, server_pid, 0, "With --server: its process id, to sample its RSS (0: no RSS).");
ABSL_FLAG(std::string, tables_dir, "data",
          "The tables the expected answers come from (and the started server loads).");
ABSL_FLAG(int, clients, 4, "Concurrent clients, each with its own connection.");
ABSL_FLAG(absl::Duration, duration, absl::Seconds(10), "Length of the run, warm-up included.");
ABSL_FLAG(absl::Duration, warmup, absl::Seconds(2),
          "Start of the run excluded from latency, throughput and the RSS baseline.");
ABSL_FLAG(int64_t, max_calls, 10000000, "Most calls in the run, across all clients.");
ABSL_FLAG(absl::Duration, deadline, absl::Seconds(10), "Deadline of each call.");
ABSL_FLAG(int, pool, 50000, "Distinct queries in the workload.");
ABSL_FLAG(double, unsolvable, 0.25, "Share of unsolvable queries.");
ABSL_FLAG(double, malformed, 0.20, "Share of malformed queries.");
ABSL_FLAG(int, solve_weight, 6, "Relative frequency of Solve calls.");
ABSL_FLAG(int, batch_weight, 3, "Relative frequency of SolveBatch calls.");
ABSL_FLAG(int, stream_weight, 1, "Relative frequency of SolveStream calls.");
ABSL_FLAG(int, max_batch_items, 200, "Most items in a SolveBatch call.");
ABSL_FLAG(int, max_stream_messages, 8, "Most messages in a SolveStream call.");
ABSL_FLAG(int, max_stream_items, 50, "Most items in a SolveStream message.");
ABSL_FLAG(int, oversize_every, 500,
          "One batch (stream) in N exceeds the server's --max_batch_size.");
ABSL_FLAG(uint64_t, seed, 1, "Seed of the workload and of the clients' choices.");
ABSL_FLAG(absl::Duration, rss_interval, absl::Milliseconds(250), "RSS sampling interval.");
ABSL_FLAG(absl::Duration, rss_window, absl::Seconds(1),
          "RSS growth compares the median RSS of this long just after warm-up with the median "
          "of the run's last stretch of this long.");
ABSL_FLAG(double, max_rss_growth, 0.05, "Largest RSS growth after warm-up that passes.");

namespace {

namespace api = ::puzzleoracle::v1;
using loadtest::KindStats;
using loadtest::LoadResult;
using loadtest::RpcKind;

std::string CodeName(int code) {
  return absl::StatusCodeToString(static_cast<absl::StatusCode>(code));
}

std::string Codes(const std::map<int, int64_t>& codes) {
  std::vector<std::string> parts;
  for (const auto& [code, n] : codes) parts.push_back(absl::StrCat(CodeName(code), " ", n));
  return parts.empty() ? "-" : absl::StrJoin(parts, ", ");
}

double Percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  return sorted[std::min(sorted.size() - 1, static_cast<size_t>(q * sorted.size()))];
}

// '?' when the process is gone; 'Z' when it died and awaits its parent.
char ProcessState(pid_t pid) {
  std::ifstream in(absl::StrCat("/proc/", pid, "/stat"));
  std::string stat;
  if (!std::getline(in, stat)) return '?';
  const size_t paren = stat.rfind(')');  // "pid (comm) S ..."
  return paren != std::string::npos && paren + 2 < stat.size() ? stat[paren + 2] : '?';
}

// SERVING for the whole server and for the EightPuzzle service.
absl::Status CheckHealth(const std::string& address) {
  auto stub = grpc::health::v1::Health::NewStub(
      grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  for (const std::string& service :
       {std::string(), std::string(api::EightPuzzle::service_full_name())}) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    grpc::health::v1::HealthCheckRequest request;
    request.set_service(service);
    grpc::health::v1::HealthCheckResponse response;
    const grpc::Status status = stub->Check(&context, request, &response);
    const std::string name = service.empty() ? "overall" : service;
    if (!status.ok()) {
      return absl::UnavailableError(
          absl::StrCat("health check (", name, ") failed: ", status.error_message()));
    }
    if (response.status() != grpc::health::v1::HealthCheckResponse::SERVING) {
      return absl::UnavailableError(absl::StrCat(
          "health (", name, ") is ",
          grpc::health::v1::HealthCheckResponse::ServingStatus_Name(response.status())));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<api::GetTableInfoResponse> TableInfo(const std::string& address) {
  auto stub =
      api::EightPuzzle::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  api::GetTableInfoResponse response;
  const grpc::Status status = stub->GetTableInfo(&context, api::GetTableInfoRequest(), &response);
  if (!status.ok()) {
    return absl::UnavailableError(absl::StrCat("GetTableInfo: ", status.error_message()));
  }
  return response;
}

void PrintLatencies(const LoadResult& result) {
  const double window = absl::ToDoubleSeconds(result.end - result.warmup_end);
  std::printf("\n| %-19s | %9s | %10s | %9s | %10s | %8s | %8s | %8s | %8s | %8s |\n", "RPC",
              "calls", "items", "calls/s", "items/s", "p50 us", "p90 us", "p99 us", "p99.9 us",
              "max us");
  std::printf("|%s|\n", std::string(130, '-').c_str());
  for (int k = 0; k < loadtest::kRpcKinds; ++k) {
    KindStats stats = result.kinds[k];
    std::sort(stats.latency_us.begin(), stats.latency_us.end());
    std::printf(
        "| %-19s | %9lld | %10lld | %9.0f | %10.0f | %8.0f | %8.0f | %8.0f | %8.0f | %8.0f |\n",
        loadtest::RpcKindName(static_cast<RpcKind>(k)),
        static_cast<long long>(stats.measured_calls), static_cast<long long>(stats.measured_items),
        stats.measured_calls / window, stats.measured_items / window,
        Percentile(stats.latency_us, 0.50), Percentile(stats.latency_us, 0.90),
        Percentile(stats.latency_us, 0.99), Percentile(stats.latency_us, 0.999),
        stats.latency_us.empty() ? 0.0 : stats.latency_us.back());
  }
  std::printf(
      "(after warm-up: %.1f s; items = queries carried; a stream call's latency spans "
      "all its messages)\n",
      window);
}

struct RssFigures {
  long start = -1, baseline = -1, end = -1, max = -1;
  double growth = 0;
};

// Growth compares medians of two windows, the first `window` after warm-up and the last
// `window` of the run, so that one transient allocation (an over-limit batch being parsed)
// caught by a single sample does not pass for growth.
RssFigures SummariseRss(const std::vector<loadtest::RssSampler::Sample>& samples,
                        absl::Time warmup_end, absl::Duration window) {
  RssFigures f;
  if (samples.empty()) return f;
  f.start = samples.front().kib;
  const absl::Time last = samples.back().at;
  std::vector<long> first_window, last_window;
  for (const auto& s : samples) {
    f.max = std::max(f.max, s.kib);
    if (s.at >= warmup_end && s.at < warmup_end + window) first_window.push_back(s.kib);
    if (s.at >= warmup_end && s.at > last - window) last_window.push_back(s.kib);
  }
  // -1: a window without samples (RssFigures' "not measured").
  f.baseline = first_window.empty() ? -1 : static_cast<long>(puzzle::Median(first_window));
  f.end = last_window.empty() ? -1 : static_cast<long>(puzzle::Median(last_window));
  if (f.baseline > 0) f.growth = static_cast<double>(f.end - f.baseline) / f.baseline;
  return f;
}

void PrintRssSeries(const std::vector<loadtest::RssSampler::Sample>& samples, absl::Time start) {
  // About one figure a second, at most 30 of them.
  const double seconds = samples.empty() ? 0 : absl::ToDoubleSeconds(samples.back().at - start);
  const double step = std::max(1.0, std::ceil(seconds / 30));
  std::vector<std::string> parts;
  double next = -1e9;
  for (size_t i = 0; i < samples.size(); ++i) {
    const double t = std::max(0.0, absl::ToDoubleSeconds(samples[i].at - start));
    if (t + 1e-9 < next && i + 1 != samples.size()) continue;
    parts.push_back(absl::StrFormat("%.0fs %.1f", t, samples[i].kib / 1024.0));
    next = (std::floor(t / step) + 1) * step;
  }
  std::printf("server RSS over time (MiB): %s\n", absl::StrJoin(parts, " | ").c_str());
  if (!samples.empty()) {
    std::printf("server threads: %ld at the start, %ld at the end\n", samples.front().threads,
                samples.back().threads);
  }
}

// The expected answers' workload, from the in-process oracle.
absl::StatusOr<loadtest::Workload> BuildWorkload(puzzle::Oracle& oracle) {
  loadtest::WorkloadOptions options;
  options.size = static_cast<size_t>(absl::GetFlag(FLAGS_pool));
  options.unsolvable = absl::GetFlag(FLAGS_unsolvable);
  options.malformed = absl::GetFlag(FLAGS_malformed);
  options.seed = absl::GetFlag(FLAGS_seed);
  return loadtest::Workload::Build(oracle, options);
}

// The server under load: the one at --server, or one started here (then `own` holds it).
struct TargetServer {
  std::unique_ptr<tests::ServerProcess> own;
  std::string address;
  pid_t pid = 0;  // 0: unknown (no RSS samples)
};

absl::StatusOr<TargetServer> FindOrStartServer(const std::string& tables_dir) {
  TargetServer server;
  server.address = absl::GetFlag(FLAGS_server);
  server.pid = absl::GetFlag(FLAGS_server_pid);
  if (!server.address.empty()) return server;
  absl::StatusOr<std::unique_ptr<tests::ServerProcess>> started =
      tests::ServerProcess::Start({"--address=127.0.0.1:0", "--tables_dir=" + tables_dir});
  if (!started.ok()) {
    return absl::Status(started.status().code(),
                        absl::StrCat("cannot start the server: ", started.status().ToString()));
  }
  server.own = *std::move(started);
  server.address = server.own->address();
  server.pid = server.own->pid();
  return server;
}

// The answers are checked against the local table: say so when the server serves another one.
void WarnIfTablesDiffer(const api::GetTableInfoResponse& info, const puzzle::LoadedPuzzle& eight,
                        const std::string& tables_dir) {
  for (const api::TableDescription& table : info.tables()) {
    if (table.puzzle_kind() != "eight" || eight.tables().empty()) continue;
    const std::string local =
        absl::StrFormat("%016x", eight.tables()[0].file->sections()[0].checksum);
    if (table.payload_checksum() != local) {
      std::printf(
          "warning: the server's eight table (payload %s) is not %s/eight.tbl (payload %s)\n",
          table.payload_checksum().c_str(), tables_dir.c_str(), local.c_str());
    }
  }
}

loadtest::LoadOptions LoadOptionsFromFlags(const std::string& address, int max_batch_size) {
  loadtest::LoadOptions options;
  options.address = address;
  options.clients = absl::GetFlag(FLAGS_clients);
  options.duration = absl::GetFlag(FLAGS_duration);
  options.warmup = absl::GetFlag(FLAGS_warmup);
  options.max_calls = absl::GetFlag(FLAGS_max_calls);
  options.deadline = absl::GetFlag(FLAGS_deadline);
  options.solve_weight = absl::GetFlag(FLAGS_solve_weight);
  options.batch_weight = absl::GetFlag(FLAGS_batch_weight);
  options.stream_weight = absl::GetFlag(FLAGS_stream_weight);
  options.max_batch_items = absl::GetFlag(FLAGS_max_batch_items);
  options.max_stream_messages = absl::GetFlag(FLAGS_max_stream_messages);
  options.max_stream_items = absl::GetFlag(FLAGS_max_stream_items);
  options.oversize_every = absl::GetFlag(FLAGS_oversize_every);
  options.max_batch_size = max_batch_size;
  options.seed = absl::GetFlag(FLAGS_seed);
  return options;
}

// Latencies, status codes and wrong answers; a failure for each wrong answer, unexpected code,
// or RPC kind never made.
void ReportAnswers(const LoadResult& result, std::vector<std::string>* failures) {
  PrintLatencies(result);
  std::printf("\nstatus codes, calls: Solve: %s; SolveBatch: %s; SolveStream: %s\n",
              Codes(result.kinds[loadtest::kSolve].call_codes).c_str(),
              Codes(result.kinds[loadtest::kSolveBatch].call_codes).c_str(),
              Codes(result.kinds[loadtest::kStreamCall].call_codes).c_str());
  std::printf("status codes, items: SolveBatch: %s; SolveStream: %s\n",
              Codes(result.kinds[loadtest::kSolveBatch].item_codes).c_str(),
              Codes(result.kinds[loadtest::kStreamMessage].item_codes).c_str());
  std::printf("checked %lld answers: %lld wrong, %lld unexpected status codes\n",
              static_cast<long long>(result.queries_checked),
              static_cast<long long>(result.wrong_answers),
              static_cast<long long>(result.unexpected_codes));
  for (const std::string& example : result.examples) std::printf("  %s\n", example.c_str());
  if (result.wrong_answers > 0) {
    failures->push_back(absl::StrCat(result.wrong_answers, " wrong answers"));
  }
  if (result.unexpected_codes > 0) {
    failures->push_back(absl::StrCat(result.unexpected_codes, " unexpected status codes"));
  }
  for (int k = 0; k < loadtest::kRpcKinds; ++k) {
    if (result.kinds[k].calls == 0) {
      failures->push_back(
          absl::StrCat("no ", loadtest::RpcKindName(static_cast<RpcKind>(k)), " was made"));
    }
  }
}

// The server's RSS over the run; a failure when it grew by --max_rss_growth after warm-up.
void ReportRss(const loadtest::RssSampler* rss, const LoadResult& result, pid_t pid,
               std::vector<std::string>* failures) {
  if (rss == nullptr) {
    std::printf("server RSS: not sampled (pass --server_pid with --server)\n");
    return;
  }
  const std::vector<loadtest::RssSampler::Sample> samples = rss->samples();
  PrintRssSeries(samples, result.start);
  const absl::Duration window = absl::GetFlag(FLAGS_rss_window);
  const RssFigures f = SummariseRss(samples, result.warmup_end, window);
  const long peak = loadtest::RssSampler::ReadKib(pid, "VmHWM:");
  std::printf(
      "server RSS: start %.1f MiB, after warm-up %.1f MiB, end %.1f MiB (medians over "
      "%s), max sampled %.1f MiB, peak (VmHWM) %s; growth after warm-up %+.2f%% "
      "(limit %.0f%%)\n",
      f.start / 1024.0, f.baseline / 1024.0, f.end / 1024.0, absl::FormatDuration(window).c_str(),
      f.max / 1024.0, peak < 0 ? "-" : absl::StrFormat("%.1f MiB", peak / 1024.0).c_str(),
      100 * f.growth, 100 * absl::GetFlag(FLAGS_max_rss_growth));
  if (f.baseline <= 0) {
    failures->push_back("no RSS sample after warm-up (is --duration longer than --warmup?)");
  } else if (f.growth >= absl::GetFlag(FLAGS_max_rss_growth)) {
    failures->push_back(absl::StrFormat("server RSS grew %.2f%% after warm-up", 100 * f.growth));
  }
}

// Still alive and SERVING; a server started here must exit 0 on SIGTERM.
void CheckServerAtEnd(TargetServer& server, std::vector<std::string>* failures) {
  if (server.pid > 0) {
    const char state = ProcessState(server.pid);
    if (state == '?' || state == 'Z') failures->push_back("the server process died");
  }
  const absl::Status health = CheckHealth(server.address);
  std::printf("server health at the end: %s\n",
              health.ok() ? "SERVING" : health.ToString().c_str());
  if (!health.ok()) failures->push_back(std::string(health.message()));
  if (server.own != nullptr) {
    const int exit_code = server.own->Stop(SIGTERM);
    std::printf("server exit code after SIGTERM: %d\n", exit_code);
    if (exit_code != 0) {
      failures->push_back(absl::StrCat("the server exited ", exit_code, " on SIGTERM"));
      std::printf("server stderr:\n%s\n", server.own->Stderr().c_str());
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Load and soak test: N clients, every answer checked, server RSS sampled.");
  absl::ParseCommandLine(argc, argv);
  const std::string tables_dir = absl::GetFlag(FLAGS_tables_dir);
  auto fail = [](const absl::Status& status) {
    std::fprintf(stderr, "oracle_load: %s\n", status.ToString().c_str());
    return 2;
  };

  absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> eight =
      puzzle::LoadPuzzle(*puzzle::FindPuzzle("eight"), tables_dir);
  if (!eight.ok()) return fail(eight.status());
  puzzle::SolverOracle oracle(&(*eight)->solver());
  absl::StatusOr<loadtest::Workload> workload = BuildWorkload(oracle);
  if (!workload.ok()) return fail(workload.status());
  absl::StatusOr<TargetServer> server = FindOrStartServer(tables_dir);
  if (!server.ok()) return fail(server.status());
  absl::StatusOr<api::GetTableInfoResponse> info = TableInfo(server->address);
  if (!info.ok()) return fail(info.status());
  WarnIfTablesDiffer(*info, **eight, tables_dir);

  const loadtest::LoadOptions options =
      LoadOptionsFromFlags(server->address, static_cast<int>(info->max_batch_size()));
  std::printf(
      "oracle_load: server %s (pid %d%s), %d clients, %s (warm-up %s), workload %zu "
      "queries: %zu solvable, %zu unsolvable, %zu malformed; max_batch_size %d\n",
      server->address.c_str(), static_cast<int>(server->pid), server->own ? ", started here" : "",
      options.clients, absl::FormatDuration(options.duration).c_str(),
      absl::FormatDuration(options.warmup).c_str(), workload->cases().size(),
      workload->Count(loadtest::CaseKind::kSolvable),
      workload->Count(loadtest::CaseKind::kUnsolvable),
      workload->Count(loadtest::CaseKind::kMalformed), options.max_batch_size);
  std::fflush(stdout);

  std::unique_ptr<loadtest::RssSampler> rss;
  if (server->pid > 0) {
    rss = std::make_unique<loadtest::RssSampler>(server->pid, absl::GetFlag(FLAGS_rss_interval));
  }
  const LoadResult result = loadtest::RunLoad(*workload, options);
  if (rss != nullptr) rss->Stop();

  std::vector<std::string> failures;
  ReportAnswers(result, &failures);
  ReportRss(rss.get(), result, server->pid, &failures);
  CheckServerAtEnd(*server, &failures);
  if (failures.empty()) {
    std::printf("PASS\n");
    return 0;
  }
  std::printf("FAIL: %s\n", absl::StrJoin(failures, "; ").c_str());
  return 1;
}
