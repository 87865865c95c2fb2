// Records every gRPC call in Metrics: in-flight count, status code and latency by method. Runs
// as a gRPC server interceptor, so it covers every service (the puzzles, health, reflection)
// without touching their code.
//
// The code recorded is the one the client sees, which is not always the one the server sends.
// The interceptor records a call once it is over (gRPC's POST_RECV_CLOSE, when the context knows
// whether the call was cancelled; or, failing that, when the call is destroyed):
//   - A call whose status reached the client counts under that status.
//   - A call cancelled before its status went out (gRPC 1.51 lets a handler that did not notice
//     finish with OK all the same) counts as DEADLINE_EXCEEDED when it ended after, or shortly
//     before, the server's view of its deadline: the client's timer ended it. The client's
//     deadline passes before the server's by the time its headers took to arrive, plus gRPC's
//     rounding up of the timeout on the wire (at most 1%), so "shortly" is 100 ms plus 2% of
//     the timeout. Otherwise the call counts as CANCELLED (the client cancelled it or went away).
//   - A request message that cannot be parsed: gRPC's callback API answers it itself with
//     UNIMPLEMENTED and an empty message. The interceptor replaces that status with INTERNAL
//     "request message could not be parsed as the method's request type (<method>)", the code the
//     gRPC status-code table gives for "error parsing request proto" (the sync API's own answer),
//     and counts it as INTERNAL.
//
// The call's puzzle label comes from MethodPuzzles: fixed per method (the v1 services), or read
// from the first field of the raw request (puzzleoracle.v2, whose requests start with `string
// puzzle = 1`); otherwise it is "".

#ifndef SERVER_METRICS_INTERCEPTOR_H_
#define SERVER_METRICS_INTERCEPTOR_H_

#include <grpcpp/support/server_interceptor.h>

#include <memory>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "server/metrics.h"

namespace server {

// How the interceptor learns the puzzle a call is about.
struct MethodPuzzles {
  absl::flat_hash_map<std::string, std::string> fixed;  // method path -> puzzle
  // Raw-byte methods whose request's field 1 is the puzzle's name.
  absl::flat_hash_set<std::string> from_request;
};

// REQUIRES: `metrics` outlives the server the factory is installed in.
std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>
MakeMetricsInterceptorFactory(Metrics* metrics, MethodPuzzles puzzles = {});

}  // namespace server

#endif  // SERVER_METRICS_INTERCEPTOR_H_
