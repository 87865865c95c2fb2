// A running puzzle-oracle server: loads and validates the tables, then serves the EightPuzzle
// and RotationGame services, the standard grpc.health.v1 health service and server reflection.
//
// Lifecycle: Start() loads every table (memory-mapped, validated, decompressed once into memory,
// then unmapped, so a table file replaced on disk cannot affect a running server) and only then
// opens the port, so health reports SERVING only with tables loaded. Shutdown() sets health to
// NOT_SERVING, stops accepting calls, lets in-flight calls finish until the grace period ends
// (then cancels them), and returns.
//
// Example:
//   absl::StatusOr<std::unique_ptr<OracleServer>> s = OracleServer::Start(options);
//   if (!s.ok()) { print s.status(); return 1; }
//   ... (*s)->Shutdown(absl::Seconds(5));
//
// Thread-safety: Shutdown may be called from any thread, once.

#ifndef SERVER_ORACLE_SERVER_H_
#define SERVER_ORACLE_SERVER_H_

#include <memory>
#include <string>

#include <grpcpp/server.h>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "puzzles/eight/eight_table.h"
#include "puzzles/rotation/rotation_table.h"
#include "puzzle/table_file.h"
#include "server/eight_query_handler.h"
#include "server/eight_service.h"
#include "server/http_gateway.h"
#include "server/metrics.h"
#include "server/request_limits.h"
#include "server/rotation_query_handler.h"
#include "server/rotation_service.h"

namespace server {

struct OracleServerOptions {
  // "host:port" (port 0 picks a free one) or "unix:/path/to/socket".
  std::string address = "127.0.0.1:50051";
  std::string eight_table_path = "data/eight.tbl";
  // Empty: serve no RotationGame service.
  std::string rotation_table_path = "data/rotation.tbl";
  // host:port of the HTTP/JSON gateway, playground and /metrics (http_gateway.h); empty: off.
  std::string http_address;
  RequestLimits limits;
  // For the process_start_time_seconds metric.
  absl::Time process_start = absl::Now();
};

class OracleServer {
 public:
  // Errors: the table loaders' (NotFound, DataLoss naming the file and the field, ...), or
  // Unavailable when the address cannot be bound; InvalidArgument for bad limits.
  static absl::StatusOr<std::unique_ptr<OracleServer>> Start(const OracleServerOptions& options);

  OracleServer(const OracleServer&) = delete;
  OracleServer& operator=(const OracleServer&) = delete;
  ~OracleServer();

  // The address actually bound (the chosen port substituted for port 0).
  const std::string& address() const { return address_; }
  // The HTTP gateway's bound host:port, or "" when it is off.
  std::string http_address() const { return http_ != nullptr ? http_->address() : ""; }
  // What GetTableInfo returns: every table served, with its load time.
  const api::GetTableInfoResponse& table_info() const { return table_info_; }

  void Shutdown(absl::Duration grace);

 private:
  OracleServer(puzzle::EightTable eight_table, std::unique_ptr<puzzle::RotationTable> rotation,
               api::GetTableInfoResponse table_info, const OracleServerOptions& options);

  const puzzle::EightTable eight_table_;
  const std::unique_ptr<puzzle::RotationTable> rotation_table_;  // null when not served
  const api::GetTableInfoResponse table_info_;
  const EightQueryHandler eight_handler_;
  EightService eight_service_;
  std::unique_ptr<RotationQueryHandler> rotation_handler_;
  std::unique_ptr<RotationService> rotation_service_;
  Metrics metrics_;
  std::unique_ptr<HttpGateway> http_;
  std::unique_ptr<grpc::Server> server_;
  std::string address_;
  bool shut_down_ = false;
};

// A table's description for GetTableInfo: its header fields, where it was loaded from, the
// file's mtime, and how long loading took.
api::TableDescription DescribeTableFile(const puzzle::TableFile& file, const std::string& path,
                                        absl::Duration load_time);

}  // namespace server

#endif  // SERVER_ORACLE_SERVER_H_
