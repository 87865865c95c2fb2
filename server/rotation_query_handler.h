// The Rotation Game query logic behind the gRPC service, free of any gRPC type (the
// counterpart of eight_query_handler.h).
//
// Thread-safety: const methods, safe from any number of threads. The table must outlive it.

#ifndef SERVER_ROTATION_QUERY_HANDLER_H_
#define SERVER_ROTATION_QUERY_HANDLER_H_

#include "absl/status/status.h"
#include "google/protobuf/repeated_field.h"
#include "puzzles/rotation/rotation_solver.h"
#include "puzzles/rotation/rotation_table.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "server/request_limits.h"

namespace server {

namespace api = ::puzzleoracle::v1;

class RotationQueryHandler {
 public:
  // REQUIRES: `table` outlives the handler.
  RotationQueryHandler(const puzzle::RotationTable* table, RequestLimits limits)
      : solver_(table), limits_(limits) {}

  RotationQueryHandler(const RotationQueryHandler&) = delete;
  RotationQueryHandler& operator=(const RotationQueryHandler&) = delete;

  // InvalidArgument naming "board" for a malformed board.
  absl::Status Solve(const api::RotationSolveRequest& request,
                     api::RotationSolveResponse* response) const;

  absl::Status CheckBatchSize(int items) const { return limits_.CheckBatchSize(items); }

  // One result per item, in order, each with its own id and status.
  void SolveItems(const google::protobuf::RepeatedPtrField<api::RotationItem>& items,
                  google::protobuf::RepeatedPtrField<api::RotationItemResult>* results) const;

 private:
  const puzzle::RotationSolver solver_;
  const RequestLimits limits_;
};

}  // namespace server

#endif  // SERVER_ROTATION_QUERY_HANDLER_H_
