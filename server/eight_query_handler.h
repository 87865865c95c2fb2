// The Eight II query logic behind the gRPC service, free of any gRPC type: it turns API messages
// into solver calls and back. The service class (eight_service.h) is a thin shell around it, and
// tests and benchmarks can call it directly.
//
// Thread-safety: const methods, safe from any number of threads. The table must outlive it.

#ifndef SERVER_EIGHT_QUERY_HANDLER_H_
#define SERVER_EIGHT_QUERY_HANDLER_H_

#include "absl/status/status.h"
#include "google/protobuf/repeated_field.h"
#include "puzzles/eight/eight_solver.h"
#include "puzzles/eight/eight_table.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "server/request_limits.h"

namespace server {

namespace api = ::puzzleoracle::v1;

class EightQueryHandler {
 public:
  // `table_info` is what GetTableInfo returns (every table the server serves).
  // REQUIRES: `table` outlives the handler.
  EightQueryHandler(const puzzle::EightTable* table, api::GetTableInfoResponse table_info,
                    RequestLimits limits);

  EightQueryHandler(const EightQueryHandler&) = delete;
  EightQueryHandler& operator=(const EightQueryHandler&) = delete;

  // InvalidArgument naming "start" or "goal" for a malformed board; DataLoss if the table is
  // inconsistent (never for a verified table).
  absl::Status Solve(const api::SolveRequest& request, api::SolveResponse* response) const;

  absl::Status CheckBatchSize(int items) const { return limits_.CheckBatchSize(items); }

  // One result per item, in order, each with its own id and status. The well-formed items are
  // solved together through the interleaved batch walk.
  void SolveItems(const google::protobuf::RepeatedPtrField<api::SolveItem>& items,
                  google::protobuf::RepeatedPtrField<api::SolveItemResult>* results) const;

  void DescribeTables(api::GetTableInfoResponse* response) const { *response = table_info_; }

 private:
  const puzzle::EightSolver solver_;
  const api::GetTableInfoResponse table_info_;
  const RequestLimits limits_;
};

}  // namespace server

#endif  // SERVER_EIGHT_QUERY_HANDLER_H_
