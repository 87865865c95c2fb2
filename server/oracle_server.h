// A running puzzle-oracle server: loads and validates the tables, then serves the EightPuzzle
// service, the standard grpc.health.v1 health service and server reflection.
//
// Lifecycle: Start() loads the table (memory-mapped, validated, decompressed once into memory,
// then unmapped) and only then opens the port, so health reports SERVING only with tables
// loaded. Shutdown() sets health to NOT_SERVING, stops accepting calls, lets in-flight calls
// finish until the grace period ends (then cancels them), and returns.
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
#include "puzzle/eight_table.h"
#include "server/eight_query_handler.h"
#include "server/eight_service.h"

namespace server {

struct OracleServerOptions {
  // "host:port" (port 0 picks a free one) or "unix:/path/to/socket".
  std::string address = "127.0.0.1:50051";
  std::string eight_table_path = "data/eight.tbl";
  int max_batch_size = 10000;
  int max_message_size = 16 * 1024 * 1024;
};

class OracleServer {
 public:
  // Errors: the table loader's (NotFound, DataLoss naming the file and the field, ...), or
  // Unavailable when the address cannot be bound; InvalidArgument for bad limits.
  static absl::StatusOr<std::unique_ptr<OracleServer>> Start(const OracleServerOptions& options);

  OracleServer(const OracleServer&) = delete;
  OracleServer& operator=(const OracleServer&) = delete;
  ~OracleServer();

  // The address actually bound (the chosen port substituted for port 0).
  const std::string& address() const { return address_; }
  const api::TableDescription& eight_table_description() const { return description_; }

  void Shutdown(absl::Duration grace);

 private:
  OracleServer(puzzle::EightTable table, api::TableDescription description,
               const OracleServerOptions& options);

  const puzzle::EightTable table_;
  const api::TableDescription description_;
  const EightQueryHandler handler_;
  EightService service_;
  std::unique_ptr<grpc::Server> server_;
  std::string address_;
  bool shut_down_ = false;
};

// Loads and validates the Eight II table and describes it for GetTableInfo.
absl::StatusOr<std::pair<puzzle::EightTable, api::TableDescription>> LoadEightTableForServing(
    const std::string& path);

}  // namespace server

#endif  // SERVER_ORACLE_SERVER_H_
