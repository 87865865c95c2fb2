#include "server/metrics_interceptor.h"

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

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
  MetricsInterceptor(ServerRpcInfo* info, Metrics* metrics, const MethodPuzzles* puzzles)
      : metrics_(metrics),
        puzzle_from_request_(puzzles->from_request.contains(info->method())),
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
    auto fixed = puzzles->fixed.find(info->method());
    method_puzzles_ = metrics->FindPuzzles(Transport::kGrpc, info->method());
    method_.store(metrics->FindPuzzle(Transport::kGrpc, method_puzzles_,
                                      fixed != puzzles->fixed.end() ? fixed->second : ""),
                  std::memory_order_release);
  }

  ~MetricsInterceptor() override {
    // A call that ends without sending a status: the client went away, or its deadline passed.
    if (!recorded_.load(std::memory_order_acquire)) {
      Record(DeadlinePassed() ? absl::StatusCode::kDeadlineExceeded : absl::StatusCode::kCancelled);
    }
  }

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    if (puzzle_from_request_ && !puzzle_seen_ &&
        methods->QueryInterceptionHookPoint(InterceptionHookPoints::POST_RECV_MESSAGE) &&
        methods->GetRecvMessage() != nullptr) {
      puzzle_seen_ = true;
      LabelWithPuzzle(*static_cast<const grpc::ByteBuffer*>(methods->GetRecvMessage()));
    }
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
  // The raw request of a puzzleoracle.v2 method starts with `string puzzle = 1` when it is set
  // (protobuf writes fields in number order): count the call under that puzzle when the server
  // registered it. Only the first bytes are read; anything else keeps the puzzle-less series.
  void LabelWithPuzzle(const grpc::ByteBuffer& request) {
    grpc::Slice first;  // the usual single slice, without a vector of them
    if (!request.TrySingleSlice(&first).ok()) {
      std::vector<grpc::Slice> slices;
      if (!request.Dump(&slices).ok() || slices.empty()) return;
      first = slices[0];
    }
    if (first.size() < 2) return;
    const uint8_t* bytes = first.begin();
    const size_t length = bytes[1];
    if (bytes[0] != 0x0a || length >= 128 || first.size() < 2 + length) return;
    const absl::string_view puzzle(reinterpret_cast<const char*>(bytes + 2), length);
    Metrics::MethodMetrics* labelled =
        metrics_->FindPuzzle(Transport::kGrpc, method_puzzles_, puzzle);
    if (labelled != metrics_->Other(Transport::kGrpc)) {
      method_.store(labelled, std::memory_order_release);
    }
  }

  // gRPC core keeps deadlines in whole milliseconds of its own clock, so its timer may end a
  // call up to about a millisecond before system_clock reaches the deadline (seen: 1 stream in
  // 16 idle past a 300 ms deadline was counted OK); 2 ms of slack counts those as
  // DEADLINE_EXCEEDED, as their clients see them.
  bool DeadlinePassed() const {
    return std::chrono::system_clock::now() + std::chrono::milliseconds(2) >= deadline_;
  }

  void Record(absl::StatusCode code) {
    Metrics::MethodMetrics* method = method_.load(std::memory_order_acquire);
    method->Record(code, absl::Nanoseconds(absl::GetCurrentTimeNanos() -
                                           start_nanos_.load(std::memory_order_relaxed)));
    metrics_->EndRequest(Transport::kGrpc);
    recorded_.store(true, std::memory_order_release);
  }

  Metrics* const metrics_;
  const bool puzzle_from_request_;
  bool puzzle_seen_ = false;  // touched by Intercept only, which gRPC calls one hook at a time
  const bool single_request_;
  const std::string method_name_;
  const std::chrono::system_clock::time_point deadline_;
  const Metrics::PuzzleSeries* method_puzzles_ = nullptr;  // the method's series (set before
                                                           // gRPC may call Intercept)
  std::atomic<Metrics::MethodMetrics*> method_{nullptr};
  std::atomic<int64_t> start_nanos_{0};
  std::atomic<bool> parse_failed_{false};
  std::atomic<bool> recorded_{false};
};

class MetricsInterceptorFactory final
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  MetricsInterceptorFactory(Metrics* metrics, MethodPuzzles puzzles)
      : metrics_(metrics), puzzles_(std::move(puzzles)) {}
  grpc::experimental::Interceptor* CreateServerInterceptor(ServerRpcInfo* info) override {
    return new MetricsInterceptor(info, metrics_, &puzzles_);
  }

 private:
  Metrics* const metrics_;
  const MethodPuzzles puzzles_;
};

}  // namespace

std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>
MakeMetricsInterceptorFactory(Metrics* metrics, MethodPuzzles puzzles) {
  return std::make_unique<MetricsInterceptorFactory>(metrics, std::move(puzzles));
}

}  // namespace server
