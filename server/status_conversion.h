// The one place where absl::Status becomes grpc::Status. Codes map one to one (both follow
// google.rpc.Code); the message is kept verbatim.

#ifndef SERVER_STATUS_CONVERSION_H_
#define SERVER_STATUS_CONVERSION_H_

#include <string>

#include <grpcpp/support/server_callback.h>
#include <grpcpp/support/status.h>

#include "absl/status/status.h"

namespace server {

grpc::Status ToGrpcStatus(const absl::Status& status);

// Finishes a unary callback call with `status` (converted by ToGrpcStatus) and returns its
// reactor, for `return FinishUnary(context, handler.Solve(...));` in service methods.
grpc::ServerUnaryReactor* FinishUnary(grpc::CallbackServerContext* context,
                                      const absl::Status& status);

// Marks a batch item's result as failed: its google.rpc.Code number and message, no answer.
template <typename ItemResult>
void SetItemError(const absl::Status& status, ItemResult* result) {
  result->clear_answer();
  result->set_code(static_cast<int>(status.code()));
  result->set_error(std::string(status.message()));
}

}  // namespace server

#endif  // SERVER_STATUS_CONVERSION_H_
