// Records every gRPC call in Metrics: in-flight count, status code and latency by method. Runs
// as a gRPC server interceptor, so it covers every service (the puzzles, health, reflection)
// without touching their code.

#ifndef SERVER_METRICS_INTERCEPTOR_H_
#define SERVER_METRICS_INTERCEPTOR_H_

#include <memory>

#include <grpcpp/support/server_interceptor.h>

#include "server/metrics.h"

namespace server {

// REQUIRES: `metrics` outlives the server the factory is installed in.
std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface> MakeMetricsInterceptorFactory(
    Metrics* metrics);

}  // namespace server

#endif  // SERVER_METRICS_INTERCEPTOR_H_
