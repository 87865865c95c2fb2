// The HTTP/JSON gateway: the same API as gRPC for browsers, curl and scripts, plus the web
// playground and Prometheus metrics, on the event-driven HttpServer (http_server.h). Its routes
// come from the registry's served puzzles:
//
//   GET  /                               the playground (web/), its assets under /assets/
//   GET  /views/<puzzle>.js              a puzzle's playground view (Puzzle::playground_view)
//   GET  /v2/puzzles                     ListPuzzlesResponse
//   GET  /v2/tables                      v2 GetTableInfoResponse
//   POST /v2/puzzles/<puzzle>:solve      v2 SolveRequest (its puzzle field may be left out)
//   POST /v2/puzzles/<puzzle>:solveBatch v2 SolveBatchRequest
//   POST /v2/puzzles/<puzzle>:solveWatch v2 SolveRequest -> Server-Sent Events: "progress"
//                                        (SolveProgress) about every 100 ms, then "answer"
//                                        (SolveResponse) or "error" ({"code", "message"})
//   POST /v2/puzzles/<puzzle>:scramble   v2 ScrambleRequest
//   POST /v1/eight:solve, :solveBatch    v1 EightPuzzle messages (when "eight" is served)
//   POST /v1/rotation:solve, :solveBatch v1 RotationGame messages (when "rotation-game" is)
//   GET  /v1/tables                      v1 GetTableInfoResponse
//   GET  /metrics                        Prometheus text exposition format
//
// Bodies are the API's proto messages in protobuf's JSON mapping (every field printed, defaults
// included). Errors map gRPC codes to HTTP statuses as grpc-gateway does (INVALID_ARGUMENT 400,
// NOT_FOUND 404, RESOURCE_EXHAUSTED 429, UNIMPLEMENTED 501, DATA_LOSS/INTERNAL 500, ...) with a
// JSON body {"code": <google.rpc.Code number>, "message": "<the same message as gRPC>"}.
// A body over --max_message_size is 413 with code 8; a batch over --max_batch_size is refused
// before its items are parsed; a method other than GET, HEAD or POST is 501; a known path with
// the wrong method is 405.
//
// Calls run as the gRPC ones do (grpc_calls.h's CallHandler): table lookups inline on the event
// loop, searches and big batches on the bounded SolveExecutor (429 when it is full).
//
// Thread-safety: Stop may be called from any thread, once; everything else is internal.

#ifndef SERVER_HTTP_GATEWAY_H_
#define SERVER_HTTP_GATEWAY_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "server/http_server.h"
#include "server/metrics.h"
#include "server/oracle_handler.h"
#include "server/solve_executor.h"

namespace server {

// The HTTP status for a google.rpc code (grpc-gateway's mapping).
int HttpStatusFor(absl::StatusCode code);

// The gateway's JSON error response: {"code": N, "message": "..."} with HttpStatusFor(code), or
// `http_status` when given (413, 503 from the HTTP server itself).
HttpResponse ErrorResponse(const absl::Status& status, int http_status = 0);

struct HttpGatewayOptions {
  std::string address;      // host:port; port 0 picks a free port
  int threads = 4;          // --http_threads: event loops
  int max_connections = 0;  // 0: fit to the file-descriptor limit (HttpServerOptions)
  absl::Duration idle_timeout = absl::Seconds(30);
};

class HttpGateway {
 public:
  // REQUIRES: the handler, executor and metrics outlive the gateway.
  // Errors: those of HttpServer::Start (InvalidArgument for a malformed address, Unavailable
  // when it cannot be bound).
  static absl::StatusOr<std::unique_ptr<HttpGateway>> Start(const HttpGatewayOptions& options,
                                                            const OracleHandler* handler,
                                                            SolveExecutor* executor,
                                                            Metrics* metrics);
  HttpGateway(const HttpGateway&) = delete;
  HttpGateway& operator=(const HttpGateway&) = delete;
  ~HttpGateway();

  // host:port actually bound.
  const std::string& address() const;
  // The connection limit in force (HttpServer::max_connections).
  int max_connections() const;

  // Stops accepting, lets answers in progress finish for up to `grace`, then closes every
  // connection. Idempotent.
  void Stop(absl::Duration grace);

 private:
  class Routes;
  HttpGateway() = default;

  std::unique_ptr<Routes> routes_;
  std::unique_ptr<HttpServer> server_;
};

}  // namespace server

#endif  // SERVER_HTTP_GATEWAY_H_
