// The one place where statuses change shape: absl::Status <-> grpc::Status (codes map one to one,
// both follow google.rpc.Code; the message is kept verbatim), and a batch item's {code, error}
// <-> absl::Status. Used by the server and by the client's remote oracle.

#ifndef RPC_STATUS_CONVERSION_H_
#define RPC_STATUS_CONVERSION_H_

#include <grpcpp/support/status.h>

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace rpc {

grpc::Status ToGrpcStatus(const absl::Status& status);

// The inverse, with `context` (e.g. "SolveBatch") prefixed to the message.
absl::Status FromGrpcStatus(const grpc::Status& status, absl::string_view context);

// Marks a batch item's result as failed: its google.rpc.Code number and message, no answer.
template <typename ItemResult>
void SetItemError(const absl::Status& status, ItemResult* result) {
  result->clear_answer();
  result->set_code(static_cast<int>(status.code()));
  result->set_error(std::string(status.message()));
}

// A batch item's status, as the server set it.
template <typename ItemResult>
absl::Status ItemStatus(const ItemResult& result) {
  if (result.code() == 0) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(result.code()), result.error());
}

}  // namespace rpc

#endif  // RPC_STATUS_CONVERSION_H_
