// puzzle_oracle_server: serves optimal-solution queries from the precomputed tables.
//
//   bazel run //server:puzzle_oracle_server                      (127.0.0.1:50051, Bazel table)
//   bazel run //server:puzzle_oracle_server -- --address=unix:/tmp/oracle.sock
//
// Exits non-zero, with a one-line reason naming the file, when the table is missing, corrupt,
// truncated or of the wrong version. SIGTERM/SIGINT: health goes NOT_SERVING, in-flight calls
// drain for up to --shutdown_grace, then the process exits 0.

#include <signal.h>

#include <cstdio>
#include <string>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "server/oracle_server.h"

ABSL_FLAG(std::string, address, "127.0.0.1:50051",
          "Where to listen: host:port (port 0 picks a free port) or unix:/path/to/socket.");
ABSL_FLAG(std::string, tables, "data/eight.tbl",
          "The Eight II table file. The default is the table `bazel build //data:eight_table` "
          "makes, as seen from `bazel run`.");
ABSL_FLAG(std::string, rotation_tables, "data/rotation.tbl",
          "The Rotation Game table file (bazel build //data:rotation_table); empty to serve no "
          "RotationGame service.");
ABSL_FLAG(std::string, http_address, "",
          "host:port for the HTTP/JSON gateway, the web playground (GET /) and Prometheus "
          "metrics (GET /metrics); empty: off.");
ABSL_FLAG(int, max_batch_size, 10000, "Most items in one SolveBatch call or stream message.");
ABSL_FLAG(int, max_message_size, 16 * 1024 * 1024, "Largest request or response, in bytes.");
ABSL_FLAG(int, max_concurrent_streams, 100, "Most gRPC calls in flight per client connection.");
ABSL_FLAG(int, http_threads, 4, "Threads answering HTTP requests (the most served at once).");
ABSL_FLAG(absl::Duration, shutdown_grace, absl::Seconds(5),
          "How long in-flight calls may take to finish after SIGTERM/SIGINT.");

int main(int argc, char** argv) {
  const absl::Time process_start = absl::Now();
  absl::SetProgramUsageMessage("Serves the puzzle oracle gRPC API from precomputed tables.");
  absl::ParseCommandLine(argc, argv);

  // Block the shutdown signals before gRPC starts its threads, so they inherit the mask and the
  // main thread alone receives them through sigwait.
  sigset_t shutdown_signals;
  sigemptyset(&shutdown_signals);
  sigaddset(&shutdown_signals, SIGTERM);
  sigaddset(&shutdown_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &shutdown_signals, nullptr);

  server::OracleServerOptions options;
  options.address = absl::GetFlag(FLAGS_address);
  options.eight_table_path = absl::GetFlag(FLAGS_tables);
  options.rotation_table_path = absl::GetFlag(FLAGS_rotation_tables);
  options.http_address = absl::GetFlag(FLAGS_http_address);
  options.process_start = process_start;
  options.limits.max_batch_size = absl::GetFlag(FLAGS_max_batch_size);
  options.limits.max_message_size = absl::GetFlag(FLAGS_max_message_size);
  options.limits.max_concurrent_streams = absl::GetFlag(FLAGS_max_concurrent_streams);
  options.limits.http_threads = absl::GetFlag(FLAGS_http_threads);
  absl::StatusOr<std::unique_ptr<server::OracleServer>> oracle =
      server::OracleServer::Start(options);
  if (!oracle.ok()) {
    std::fprintf(stderr, "puzzle_oracle_server: cannot start: %s\n",
                 std::string(oracle.status().message()).c_str());
    return 1;
  }
  if (!(*oracle)->http_address().empty()) {
    std::fprintf(stderr,
                 "puzzle_oracle_server: HTTP on %s; playground http://%s/, metrics "
                 "http://%s/metrics, API POST http://%s/v1/eight:solve\n",
                 (*oracle)->http_address().c_str(), (*oracle)->http_address().c_str(),
                 (*oracle)->http_address().c_str(), (*oracle)->http_address().c_str());
  }
  std::string tables;
  for (const server::api::TableDescription& table : (*oracle)->table_info().tables()) {
    absl::StrAppend(&tables, tables.empty() ? "" : ", ", table.puzzle_kind(), " table ",
                    table.path(), " (format v", table.format_version(), ", payload xxh3 ",
                    table.payload_checksum(), ", loaded in ",
                    absl::StrFormat("%.2f", table.load_milliseconds()), " ms)");
  }
  std::fprintf(stderr, "puzzle_oracle_server: SERVING on %s; %s; start to SERVING %.2f ms\n",
               (*oracle)->address().c_str(), tables.c_str(),
               absl::ToDoubleMilliseconds(absl::Now() - process_start));
  std::fprintf(stderr,
               "puzzle_oracle_server: try: bazel run //client:oracle_client -- --server=%s "
               "solve 12X453786 12345678X\n",
               (*oracle)->address().c_str());
  std::fflush(stderr);

  int signal_number = 0;
  sigwait(&shutdown_signals, &signal_number);
  const absl::Duration grace = absl::GetFlag(FLAGS_shutdown_grace);
  std::fprintf(stderr, "puzzle_oracle_server: %s received; NOT_SERVING, draining for up to %s\n",
               signal_number == SIGTERM ? "SIGTERM" : "SIGINT",
               absl::FormatDuration(grace).c_str());
  std::fflush(stderr);
  const absl::Time drain_start = absl::Now();
  (*oracle)->Shutdown(grace);
  std::fprintf(stderr, "puzzle_oracle_server: stopped after %.1f ms\n",
               absl::ToDoubleMilliseconds(absl::Now() - drain_start));
  return 0;
}
