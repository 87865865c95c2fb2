#include "server/metrics_interceptor.h"

#include "absl/time/clock.h"

namespace server {
namespace {

using grpc::experimental::InterceptionHookPoints;

class MetricsInterceptor final : public grpc::experimental::Interceptor {
 public:
  MetricsInterceptor(grpc::experimental::ServerRpcInfo* info, Metrics* metrics)
      : metrics_(metrics),
        method_(metrics->Find(Transport::kGrpc, info->method())),
        start_(absl::Now()) {
    metrics_->BeginRequest(Transport::kGrpc);
  }

  ~MetricsInterceptor() override {
    // A call that ends without sending a status (the client went away first).
    if (!recorded_) Record(absl::StatusCode::kCancelled);
  }

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      Record(static_cast<absl::StatusCode>(methods->GetSendStatus().error_code()));
    }
    methods->Proceed();
  }

 private:
  void Record(absl::StatusCode code) {
    recorded_ = true;
    method_->Record(code, absl::Now() - start_);
    metrics_->EndRequest(Transport::kGrpc);
  }

  Metrics* const metrics_;
  Metrics::MethodMetrics* const method_;
  const absl::Time start_;
  bool recorded_ = false;
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
