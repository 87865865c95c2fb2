// The one place where absl::Status becomes grpc::Status. Codes map one to one (both follow
// google.rpc.Code); the message is kept verbatim.

#ifndef SERVER_STATUS_CONVERSION_H_
#define SERVER_STATUS_CONVERSION_H_

#include <grpcpp/support/status.h>

#include "absl/status/status.h"

namespace server {

grpc::Status ToGrpcStatus(const absl::Status& status);

}  // namespace server

#endif  // SERVER_STATUS_CONVERSION_H_
