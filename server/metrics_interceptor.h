// Records every gRPC call in Metrics: in-flight count, status code and latency by method. Runs
// as a gRPC server interceptor, so it covers every service (the puzzles, health, reflection)
// without touching their code.
//
// The code recorded is the one the client sees, which is not always the one the server sends:
//   - A call whose deadline has passed by the time its status is sent (or that ends without
//     sending one after its deadline) is counted as DEADLINE_EXCEEDED: the client gave up at the
//     deadline, whatever the handler answered afterwards (gRPC 1.51 lets a handler that did not
//     notice the deadline finish with OK).
//   - A call that ends without a status before its deadline is CANCELLED (the client went away).
//   - A request message that cannot be parsed: gRPC's callback API answers it itself with
//     UNIMPLEMENTED and an empty message. The interceptor replaces that status with INTERNAL
//     "request message could not be parsed as the method's request type (<method>)", the code the
//     gRPC status-code table gives for "error parsing request proto" (the sync API's own answer),
//     and counts it as INTERNAL.
//
// The interceptor knows a call's method, not its puzzle: it records under
// Metrics::FindMethod(kGrpc, method), i.e. the method's puzzle when it was registered with
// exactly one (per-puzzle services), else with puzzle "".

#ifndef SERVER_METRICS_INTERCEPTOR_H_
#define SERVER_METRICS_INTERCEPTOR_H_

#include <grpcpp/support/server_interceptor.h>

#include <memory>

#include "server/metrics.h"

namespace server {

// REQUIRES: `metrics` outlives the server the factory is installed in.
std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>
MakeMetricsInterceptorFactory(Metrics* metrics);

}  // namespace server

#endif  // SERVER_METRICS_INTERCEPTOR_H_
