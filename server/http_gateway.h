// The HTTP/JSON gateway: the same API as gRPC for browsers, curl and scripts, plus the web
// playground and Prometheus metrics, served by cpp-httplib in the server process.
//
//   GET  /                        the playground page (embedded; no network needed)
//   POST /v1/eight:solve          body: SolveRequest as JSON      -> SolveResponse
//   POST /v1/eight:solveBatch     body: SolveBatchRequest         -> SolveBatchResponse
//   POST /v1/rotation:solve       body: RotationSolveRequest      -> RotationSolveResponse
//   POST /v1/rotation:solveBatch  body: RotationSolveBatchRequest -> RotationSolveBatchResponse
//   GET  /v1/tables               GetTableInfoResponse
//   GET  /metrics                 Prometheus text exposition format
//
// Bodies are the API's proto messages in protobuf's JSON mapping (every field printed, defaults
// included). Errors map gRPC codes to HTTP statuses as grpc-gateway does (INVALID_ARGUMENT 400,
// NOT_FOUND 404, RESOURCE_EXHAUSTED 429, UNIMPLEMENTED 501, DATA_LOSS/INTERNAL 500, ...) with a
// JSON body {"code": <google.rpc.Code number>, "message": "<the same message as gRPC>"}. A body
// larger than --max_message_size is 413 with code 8 (RESOURCE_EXHAUSTED).
//
// Thread-safety: requests are answered on the gateway's own thread pool; the handlers are
// thread-safe. Stop() may be called from any thread, once.

#ifndef SERVER_HTTP_GATEWAY_H_
#define SERVER_HTTP_GATEWAY_H_

#include <memory>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "server/eight_query_handler.h"
#include "server/metrics.h"
#include "server/request_limits.h"
#include "server/rotation_query_handler.h"

namespace httplib {
class Server;
}

namespace server {

// The HTTP status for a google.rpc code (grpc-gateway's mapping).
int HttpStatusFor(absl::StatusCode code);

class HttpGateway {
 public:
  // `address` is "host:port" (port 0 picks a free port). `rotation` may be null (no rotation
  // endpoints). REQUIRES: the handlers and `metrics` outlive the gateway.
  // Errors: InvalidArgument for a malformed address, Unavailable when it cannot be bound.
  static absl::StatusOr<std::unique_ptr<HttpGateway>> Start(const std::string& address,
                                                            RequestLimits limits,
                                                            const EightQueryHandler* eight,
                                                            const RotationQueryHandler* rotation,
                                                            Metrics* metrics);
  HttpGateway(const HttpGateway&) = delete;
  HttpGateway& operator=(const HttpGateway&) = delete;
  ~HttpGateway();

  // host:port actually bound.
  const std::string& address() const { return address_; }

  // Stops accepting connections and waits for the listener thread. Idempotent.
  void Stop();

 private:
  HttpGateway();

  std::unique_ptr<httplib::Server> server_;
  std::thread listener_;
  std::string address_;
};

}  // namespace server

#endif  // SERVER_HTTP_GATEWAY_H_
