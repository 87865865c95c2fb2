// puzzle_oracle_server: serves optimal-solution queries from the precomputed tables.
//
//   bazel run //server:puzzle_oracle_server                      (127.0.0.1:50051, Bazel tables)
//   bazel-bin/server/puzzle_oracle_server                        (the same, from the repository)
//   bazel run //server:puzzle_oracle_server -- --address=unix:/tmp/oracle.sock --puzzles=eight
//
// Exits 1 with a one-line reason when a flag is invalid, a port is in use, or a table is
// missing, corrupt, truncated or of another version. SIGTERM/SIGINT: health goes NOT_SERVING,
// in-flight calls drain for up to --shutdown_grace, then the process exits 0. SIGPIPE, SIGHUP and
// SIGUSR1 are ignored. A table file modified or truncated in place while served ends the process
// at once with exit code 3 (never a wrong answer).

#include <malloc.h>
#include <signal.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "puzzle/mapped_file.h"
#include "puzzles/registry.h"
#include "puzzles/tables_dir.h"
#include "server/oracle_server.h"
#include "server/rate_limited_log.h"
#include "server/table_watch.h"

ABSL_FLAG(std::string, address, "127.0.0.1:50051",
          "Where to listen: host:port (port 1-65535, or 0 for a free port) or unix:/path.");
ABSL_FLAG(std::string, tables_dir, "",
          "Directory of the table files (<table>.tbl). Default: the tables `bazel build "
          "//data:tables` makes, found from the binary's runfiles; else ./data.");
ABSL_FLAG(std::vector<std::string>, puzzles, {},
          "Comma-separated puzzles to serve (see oracle_client list); default: all.");
ABSL_FLAG(std::string, http_address, "",
          "host:port for the HTTP/JSON gateway, the web playground (GET /) and Prometheus "
          "metrics (GET /metrics); empty: off.");
ABSL_FLAG(int, max_batch_size, 10000, "Most items in one SolveBatch call or stream message.");
ABSL_FLAG(int, max_message_size, 0,
          "Largest request or response, in bytes (gRPC message or HTTP body). 0: sized to "
          "--max_batch_size items (128 bytes an item, plus 4 KiB).");
ABSL_FLAG(int, max_concurrent_streams, 100, "Most gRPC calls in flight per client connection.");
ABSL_FLAG(int, max_streams, 64, "Most SolveStream calls open at once, server-wide.");
ABSL_FLAG(absl::Duration, stream_write_timeout, absl::Seconds(30),
          "A stream whose client has not read an answer for this long is cancelled.");
ABSL_FLAG(absl::Duration, stream_idle_timeout, absl::Seconds(60),
          "A stream whose client has sent no message for this long, while the server waits for "
          "one, is cancelled (so idle streams cannot hold every --max_streams place).");
ABSL_FLAG(int, http_threads, 4, "HTTP event loops (requests handled at once; never blocked).");
ABSL_FLAG(int, http_max_connections, 0,
          "Most HTTP connections open at once. 0: 1024, or fewer when the hard RLIMIT_NOFILE "
          "cannot hold that many (each needs a file descriptor; 256 stay for the rest).");
ABSL_FLAG(absl::Duration, http_idle_timeout, absl::Seconds(30),
          "An HTTP connection must send its headers within this, and is closed after this "
          "long without traffic.");
ABSL_FLAG(absl::Duration, max_search_time, absl::Seconds(30),
          "The longest one search may run (search puzzles), whatever the call's deadline.");
ABSL_FLAG(int, solve_threads, 0, "Workers for searches and big batches; 0: one per CPU core.");
ABSL_FLAG(int, batch_threads, 0,
          "Threads one batch of a search puzzle (SolveBatch of 15-puzzles), or one optimal 3x3x3 "
          "search, may use; 0: one per CPU core.");
ABSL_FLAG(int, solve_queue, 64,
          "Searches and big batches that may wait for a worker; more are RESOURCE_EXHAUSTED.");
ABSL_FLAG(int, request_memory_mib, 64,
          "Memory the searches and big batches on the workers may hold, queued and running "
          "(parsed requests and their answers); more are RESOURCE_EXHAUSTED.");
ABSL_FLAG(int, grpc_memory_mib, 64, "Memory gRPC may use for its buffers (a ResourceQuota).");
ABSL_FLAG(absl::Duration, shutdown_grace, absl::Seconds(5),
          "How long in-flight calls may take to finish after SIGTERM/SIGINT.");
ABSL_FLAG(std::string, table_advice, "populate",
          "How tables are held: populate (mapped, every page read in, then MADV_RANDOM), "
          "sequential (MADV_SEQUENTIAL while validating, then RANDOM), willneed, none, or "
          "private_huge_pages (copied into private memory with transparent huge pages: faster "
          "15-puzzle searches on the large tier, but not shared between processes). See README "
          "Performance.");

namespace {

absl::StatusOr<puzzle::MappingAdvice> ParseAdvice(const std::string& name) {
  absl::StatusOr<puzzle::MappingAdvice> advice = puzzle::ParseMappingAdvice(name);
  if (!advice.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--table_advice=", advice.status().message()));
  }
  return advice;
}

int Fail(const absl::Status& status) {
  std::fprintf(stderr, "puzzle_oracle_server: cannot start: %s\n",
               std::string(status.message()).c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const absl::Time process_start = absl::Now();
  // First: a write to a closed stderr pipe must not kill the server (it would with HTTP off), and
  // SIGHUP/SIGUSR1 are not reasons to stop.
  ::signal(SIGPIPE, SIG_IGN);
  ::signal(SIGHUP, SIG_IGN);
  ::signal(SIGUSR1, SIG_IGN);
  // Few malloc arenas: on a small node, 8 per core mostly hold memory that is free.
  ::mallopt(M_ARENA_MAX, 2);
  // Debian builds Abseil without NDEBUG, so absl::Mutex (which gRPC locks several dozen times a
  // call) keeps a global lock-order graph for deadlock detection on every acquisition: 11k
  // instructions of a unary Solve's 84k, and of a Health.Check's 73k (callgrind). That is a
  // debugging aid, not something a serving process should pay for; it is off before any thread
  // starts.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  puzzle::InstallMappedFileFaultHandler("puzzle_oracle_server");
  server::RateLimitedLog::InstallLibraryLogHandlers();
  absl::SetProgramUsageMessage(absl::StrCat(
      "Serves the puzzle oracle gRPC API (and HTTP/JSON) from precomputed tables.\nPuzzles: ",
      puzzle::PuzzleNames()));
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
  options.tables_dir = absl::GetFlag(FLAGS_tables_dir);
  if (options.tables_dir.empty()) options.tables_dir = puzzle::DefaultTablesDir(argv[0]);
  options.puzzles = absl::GetFlag(FLAGS_puzzles);
  options.http_address = absl::GetFlag(FLAGS_http_address);
  options.process_start = process_start;
  options.limits.max_batch_size = absl::GetFlag(FLAGS_max_batch_size);
  options.limits.max_message_size = absl::GetFlag(FLAGS_max_message_size);
  if (options.limits.max_message_size == 0 && options.limits.max_batch_size > 0) {
    options.limits.max_message_size = static_cast<int>(
        std::min<int64_t>(int64_t{options.limits.max_batch_size} * 128 + 4096, INT_MAX));
  }
  options.limits.max_concurrent_streams = absl::GetFlag(FLAGS_max_concurrent_streams);
  options.limits.http_threads = absl::GetFlag(FLAGS_http_threads);
  options.max_streams = absl::GetFlag(FLAGS_max_streams);
  options.stream_write_timeout = absl::GetFlag(FLAGS_stream_write_timeout);
  options.stream_idle_timeout = absl::GetFlag(FLAGS_stream_idle_timeout);
  options.http_max_connections = absl::GetFlag(FLAGS_http_max_connections);
  options.http_idle_timeout = absl::GetFlag(FLAGS_http_idle_timeout);
  options.max_search_time = absl::GetFlag(FLAGS_max_search_time);
  options.solve_threads = absl::GetFlag(FLAGS_solve_threads);
  if (options.solve_threads == 0) {
    options.solve_threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  }
  options.batch_threads = absl::GetFlag(FLAGS_batch_threads);
  if (options.batch_threads == 0) {
    options.batch_threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  }
  options.solve_queue = absl::GetFlag(FLAGS_solve_queue);
  options.grpc_memory_bytes = int64_t{absl::GetFlag(FLAGS_grpc_memory_mib)} << 20;
  options.request_memory_bytes = int64_t{absl::GetFlag(FLAGS_request_memory_mib)} << 20;
  absl::StatusOr<puzzle::MappingAdvice> advice = ParseAdvice(absl::GetFlag(FLAGS_table_advice));
  if (!advice.ok()) return Fail(advice.status());
  options.mapping_advice = *advice;

  absl::StatusOr<std::unique_ptr<server::OracleServer>> oracle =
      server::OracleServer::Start(options);
  if (!oracle.ok()) return Fail(oracle.status());
  // From now on gRPC's and protobuf's own messages are logged (rate-limited); before, a failure
  // to start is our one line, not theirs too.
  server::RateLimitedLog::EnableLibraryLogs();

  // A table rewritten or truncated in place would change answers: stop at once instead.
  absl::StatusOr<std::unique_ptr<server::TableWatch>> watch =
      server::TableWatch::Start((*oracle)->table_paths(), [](const std::string& path) {
        std::fprintf(stderr,
                     "puzzle_oracle_server: table file %s was modified in place while served; "
                     "exiting. Replace table files with an atomic rename, never in place.\n",
                     path.c_str());
        std::fflush(stderr);
        ::_exit(puzzle::kMappedFileChangedExitCode);
      });
  if (!watch.ok()) return Fail(watch.status());

  if (!(*oracle)->http_address().empty()) {
    const std::string http = (*oracle)->http_address();
    std::fprintf(stderr,
                 "puzzle_oracle_server: HTTP on %s; up to %d connections; playground "
                 "http://%s/, metrics http://%s/metrics, API GET http://%s/v2/puzzles\n",
                 http.c_str(), (*oracle)->http_max_connections(), http.c_str(), http.c_str(),
                 http.c_str());
  }
  std::vector<std::string> tables;
  for (const server::v2::TableInfo& t : (*oracle)->handler().table_info().tables()) {
    tables.push_back(absl::StrFormat("%s table %s (%d bytes, header xxh3 %s, loaded in %.2f ms)",
                                     t.puzzle(), t.path(), t.file_size(), t.header_checksum(),
                                     t.load_milliseconds()));
  }
  {
    // How much of the tables the kernel backs with 2 MB pages: the private copies', or the
    // mapped files' page-cache folios (MappedFile::Open).
    uint64_t held = 0;
    uint64_t huge = 0;
    for (const auto& loaded : (*oracle)->handler().puzzles()) {
      for (const puzzle::LoadedTable& t : loaded->tables()) {
        held += t.file->mapped() ? t.file->file_size() : t.file->private_copy_bytes();
        huge += t.file->huge_page_bytes();
      }
    }
    if (options.mapping_advice == puzzle::MappingAdvice::kPrivateHugePages) {
      std::fprintf(stderr,
                   "puzzle_oracle_server: --table_advice=private_huge_pages: %.1f MB of tables "
                   "copied into private memory, %.1f MB of it in huge pages\n",
                   held / 1e6, huge / 1e6);
    } else {
      std::fprintf(stderr,
                   "puzzle_oracle_server: %.1f MB of tables mapped, shared, %.1f MB of it on "
                   "2 MB pages of the page cache\n",
                   held / 1e6, huge / 1e6);
    }
  }
  std::fprintf(stderr, "puzzle_oracle_server: SERVING on %s; %s; start to SERVING %.2f ms\n",
               (*oracle)->address().c_str(), absl::StrJoin(tables, "; ").c_str(),
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
