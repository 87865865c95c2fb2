// A running puzzle-oracle server: loads the tables of the puzzles it serves (from the registry),
// then serves puzzleoracle.v2.PuzzleOracle, the v1 adapters, the standard grpc.health.v1 health
// service and server reflection over gRPC, and optionally the HTTP/JSON gateway.
//
// Lifecycle: Start() validates the options, maps and validates every table (raw sections stay
// mapped in place; see puzzle/table_file.h), and only then opens the ports, so health reports
// SERVING only with tables loaded. Shutdown() sets health to NOT_SERVING, stops accepting calls,
// lets in-flight calls finish until the grace period ends (then cancels them), and returns.
//
// Bounded by construction (README "Security"): gRPC messages (--max_message_size, sized to
// --max_batch_size items by default), batches (counted on the wire), streams (--max_streams,
// one answer in flight each, a stalled reader cancelled after --stream_write_timeout, an idle one
// after --stream_idle_timeout), the executor (--solve_threads workers, --solve_queue waiting,
// --request_memory_mib held), gRPC's memory (a ResourceQuota of --grpc_memory_mib; stream windows
// fixed at 64 KiB), and HTTP (http_server.h).
//
// Example:
//   absl::StatusOr<std::unique_ptr<OracleServer>> s = OracleServer::Start(options);
//   if (!s.ok()) { print s.status(); return 1; }
//   ... (*s)->Shutdown(absl::Seconds(5));
//
// Thread-safety: Shutdown may be called from any thread, once.

#ifndef SERVER_ORACLE_SERVER_H_
#define SERVER_ORACLE_SERVER_H_

#include <grpcpp/server.h>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "puzzle/table_file.h"
#include "server/grpc_calls.h"
#include "server/http_gateway.h"
#include "server/metrics.h"
#include "server/metrics_interceptor.h"
#include "server/oracle_handler.h"
#include "server/oracle_service.h"
#include "server/request_limits.h"
#include "server/solve_executor.h"
#include "server/v1_services.h"

namespace server {

struct OracleServerOptions {
  // "host:port" (port 0 picks a free one) or "unix:/path/to/socket".
  std::string address = "127.0.0.1:50051";
  // Where the table files are: <tables_dir>/<table>.tbl.
  std::string tables_dir = "data";
  // The puzzles to serve (registry names); empty: every puzzle in the registry.
  std::vector<std::string> puzzles;
  // host:port of the HTTP/JSON gateway, playground and /metrics (http_gateway.h); empty: off.
  std::string http_address;
  RequestLimits limits;
  absl::Duration max_search_time = absl::Seconds(30);
  int solve_threads = 2;  // executor workers
  // Threads one batch of a search puzzle, or one optimal 3x3x3 search, may use (its worker and
  // batch_threads - 1 helpers), so at most solve_threads * batch_threads searches run at once.
  int batch_threads = 2;
  int solve_queue = 64;  // executor tasks waiting
  // The memory the executor's unfinished tasks may hold (their parsed requests and answers).
  int64_t request_memory_bytes = 64 << 20;
  int max_streams = 64;  // SolveStream calls open at once, server-wide
  absl::Duration stream_write_timeout = absl::Seconds(30);
  absl::Duration stream_idle_timeout = absl::Seconds(60);
  int64_t grpc_memory_bytes = 64 << 20;  // gRPC's ResourceQuota
  int http_max_connections = 0;          // 0: fit to the file-descriptor limit (HttpServerOptions)
  absl::Duration http_idle_timeout = absl::Seconds(30);
  puzzle::MappingAdvice mapping_advice = puzzle::MappingAdvice::kPopulate;
  // For the process_start_time_seconds metric.
  absl::Time process_start = absl::Now();
};

class OracleServer {
 public:
  // Errors: InvalidArgument for bad options (one line naming the flag); NotFound for an unknown
  // puzzle; the table loaders' (NotFound, DataLoss naming the file and the field, ...);
  // Unavailable when an address cannot be bound (in use: SO_REUSEPORT is off).
  static absl::StatusOr<std::unique_ptr<OracleServer>> Start(const OracleServerOptions& options);

  OracleServer(const OracleServer&) = delete;
  OracleServer& operator=(const OracleServer&) = delete;
  ~OracleServer();

  // The address actually bound (the chosen port substituted for port 0).
  const std::string& address() const { return address_; }
  // The HTTP gateway's bound host:port, or "" when it is off.
  std::string http_address() const { return http_ != nullptr ? http_->address() : ""; }
  // The HTTP connection limit in force; 0 without HTTP.
  int http_max_connections() const { return http_ != nullptr ? http_->max_connections() : 0; }
  const OracleHandler& handler() const { return *handler_; }
  // The table files being served, for the change watch.
  std::vector<std::string> table_paths() const;

  void Shutdown(absl::Duration grace);

 private:
  OracleServer() = default;

  // The steps of Start, in order.
  // Maps and validates every table of `puzzles`, lists them in the metrics, makes handler_.
  absl::Status LoadPuzzles(const std::vector<const puzzle::Puzzle*>& puzzles,
                           const OracleServerOptions& options);
  // The executor, the services (v2 and v1), the gRPC server with its limits, bound and started.
  absl::Status StartGrpc(const OracleServerOptions& options);
  // The metric series of every gRPC method served, and the puzzle label of each.
  MethodPuzzles RegisterGrpcMethods();
  void StartHousekeeping();
  // Health: SERVING for the server, v2, each puzzle (puzzleoracle.v2.PuzzleOracle/<name>) and
  // each v1 service.
  void SetServing();

  std::unique_ptr<Metrics> metrics_;
  std::unique_ptr<OracleHandler> handler_;
  std::unique_ptr<SolveExecutor> executor_;
  std::unique_ptr<StreamGuard> streams_;
  std::unique_ptr<CallTracker> calls_;  // every gRPC call of ours in progress
  std::unique_ptr<OracleService> service_;
  std::vector<V1Service> v1_;
  std::unique_ptr<HttpGateway> http_;
  std::unique_ptr<grpc::Server> server_;
  std::string address_;
  bool shut_down_ = false;
  // Every few seconds: gives memory freed after a burst back to the system (malloc_trim), and
  // writes the counts of held-back log lines (RateLimitedLog::FlushSuppressed).
  std::thread housekeeping_;
  std::mutex housekeeping_mu_;
  std::condition_variable housekeeping_cv_;
  bool housekeeping_stop_ = false;  // guarded by housekeeping_mu_
};

// Checks a "host:port" flag value: the port is an integer in 1-65535, or 0 for any free port.
// InvalidArgument("--<flag>=<value>: ...") otherwise. "unix:" addresses are accepted as is.
absl::Status CheckAddress(absl::string_view flag, absl::string_view address);

}  // namespace server

#endif  // SERVER_ORACLE_SERVER_H_
