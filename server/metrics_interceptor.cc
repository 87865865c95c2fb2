#include "server/metrics_interceptor.h"

#include <atomic>

#include "absl/time/clock.h"

namespace server {
namespace {

using grpc::experimental::InterceptionHookPoints;

// gRPC creates the interceptor on one thread and may call Intercept on another, ordered inside
// (uninstrumented) gRPC. The fields are atomics with release/acquire so that the ordering is
// also visible to ThreadSanitizer; it costs nothing measurable.
class MetricsInterceptor final : public grpc::experimental::Interceptor {
 public:
  MetricsInterceptor(grpc::experimental::ServerRpcInfo* info, Metrics* metrics)
      : metrics_(metrics) {
    metrics_->BeginRequest(Transport::kGrpc);
    start_nanos_.store(absl::GetCurrentTimeNanos(), std::memory_order_relaxed);
    method_.store(metrics->Find(Transport::kGrpc, info->method()), std::memory_order_release);
  }

  ~MetricsInterceptor() override {
    // A call that ends without sending a status (the client went away first).
    if (!recorded_.load(std::memory_order_acquire)) Record(absl::StatusCode::kCancelled);
  }

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      Record(static_cast<absl::StatusCode>(methods->GetSendStatus().error_code()));
    }
    methods->Proceed();
  }

 private:
  void Record(absl::StatusCode code) {
    Metrics::MethodMetrics* method = method_.load(std::memory_order_acquire);
    method->Record(code, absl::Nanoseconds(absl::GetCurrentTimeNanos() -
                                           start_nanos_.load(std::memory_order_relaxed)));
    metrics_->EndRequest(Transport::kGrpc);
    recorded_.store(true, std::memory_order_release);
  }

  Metrics* const metrics_;
  std::atomic<Metrics::MethodMetrics*> method_{nullptr};
  std::atomic<int64_t> start_nanos_{0};
  std::atomic<bool> recorded_{false};
};

class MetricsInterceptorFactory final
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  explicit MetricsInterceptorFactory(Metrics* metrics) : metrics_(metrics) {}
  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override {
    return new MetricsInterceptor(info, metrics_);
  }

 private:
  Metrics* const metrics_;
};

}  // namespace

std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface> MakeMetricsInterceptorFactory(
    Metrics* metrics) {
  return std::make_unique<MetricsInterceptorFactory>(metrics);
}

}  // namespace server
