#include "server/metrics_interceptor.h"

#include <grpcpp/server_context.h>

#include <atomic>
#include <chrono>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace server {
namespace {

using grpc::experimental::InterceptionHookPoints;
using grpc::experimental::ServerRpcInfo;

// gRPC creates the interceptor on one thread and may call Intercept on another, ordered inside
// (uninstrumented) gRPC. The fields are atomics with release/acquire so that the ordering is
// also visible to ThreadSanitizer; it costs nothing measurable.
class MetricsInterceptor final : public grpc::experimental::Interceptor {
 public:
  MetricsInterceptor(ServerRpcInfo* info, Metrics* metrics)
      : metrics_(metrics),
        // Unary and server-streaming calls carry exactly one request message, read by gRPC before
        // the handler runs; a null message at POST_RECV_MESSAGE then means it did not parse.
        // (For client and bidi streams a null message is the end of the stream.)
        single_request_(info->type() == ServerRpcInfo::Type::UNARY ||
                        info->type() == ServerRpcInfo::Type::SERVER_STREAMING),
        method_name_(info->method()),
        // The context's deadline is bound before interceptors are created; read it now, as the
        // context is being destroyed when the interceptor is.
        deadline_(info->server_context()->deadline()) {
    metrics_->BeginRequest(Transport::kGrpc);
    start_nanos_.store(absl::GetCurrentTimeNanos(), std::memory_order_relaxed);
    method_.store(metrics->FindMethod(Transport::kGrpc, info->method()), std::memory_order_release);
  }

  ~MetricsInterceptor() override {
    // A call that ends without sending a status: the client went away, or its deadline passed.
    if (!recorded_.load(std::memory_order_acquire)) {
      Record(DeadlinePassed() ? absl::StatusCode::kDeadlineExceeded : absl::StatusCode::kCancelled);
    }
  }

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    if (single_request_ &&
        methods->QueryInterceptionHookPoint(InterceptionHookPoints::POST_RECV_MESSAGE) &&
        methods->GetRecvMessage() == nullptr) {
      parse_failed_.store(true, std::memory_order_release);
    }
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      grpc::Status status = methods->GetSendStatus();
      if (parse_failed_.load(std::memory_order_acquire) &&
          status.error_code() == grpc::StatusCode::UNIMPLEMENTED &&
          status.error_message().empty()) {
        status = grpc::Status(
            grpc::StatusCode::INTERNAL,
            absl::StrCat("request message could not be parsed as the method's request type (",
                         method_name_, ")"));
        methods->ModifySendStatus(status);
      }
      Record(DeadlinePassed() ? absl::StatusCode::kDeadlineExceeded
                              : static_cast<absl::StatusCode>(status.error_code()));
    }
    methods->Proceed();
  }

 private:
  bool DeadlinePassed() const { return std::chrono::system_clock::now() >= deadline_; }

  void Record(absl::StatusCode code) {
    Metrics::MethodMetrics* method = method_.load(std::memory_order_acquire);
    method->Record(code, absl::Nanoseconds(absl::GetCurrentTimeNanos() -
                                           start_nanos_.load(std::memory_order_relaxed)));
    metrics_->EndRequest(Transport::kGrpc);
    recorded_.store(true, std::memory_order_release);
  }

  Metrics* const metrics_;
  const bool single_request_;
  const std::string method_name_;
  const std::chrono::system_clock::time_point deadline_;
  std::atomic<Metrics::MethodMetrics*> method_{nullptr};
  std::atomic<int64_t> start_nanos_{0};
  std::atomic<bool> parse_failed_{false};
  std::atomic<bool> recorded_{false};
};

class MetricsInterceptorFactory final
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  explicit MetricsInterceptorFactory(Metrics* metrics) : metrics_(metrics) {}
  grpc::experimental::Interceptor* CreateServerInterceptor(ServerRpcInfo* info) override {
    return new MetricsInterceptor(info, metrics_);
  }

 private:
  Metrics* const metrics_;
};

}  // namespace

std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>
MakeMetricsInterceptorFactory(Metrics* metrics) {
  return std::make_unique<MetricsInterceptorFactory>(metrics);
}

}  // namespace server
