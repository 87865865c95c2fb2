#include "server/metrics_interceptor.h"

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>

#include <atomic>
#include <chrono>
#include <mutex>
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
        context_(info->server_context()),
        // The context's deadline is bound before interceptors are created; read it now, as the
        // context is being destroyed when the interceptor is.
        deadline_(context_->deadline()),
        client_deadline_lead_(ClientDeadlineLead(deadline_)) {
    metrics_->BeginRequest(Transport::kGrpc);
    start_nanos_.store(absl::GetCurrentTimeNanos(), std::memory_order_relaxed);
    auto fixed = puzzles->fixed.find(info->method());
    method_puzzles_ = metrics->FindPuzzles(Transport::kGrpc, info->method());
    method_.store(metrics->FindPuzzle(Transport::kGrpc, method_puzzles_,
                                      fixed != puzzles->fixed.end() ? fixed->second : ""),
                  std::memory_order_release);
  }

  ~MetricsInterceptor() override {
    // The call ended without its close being seen (the server shut down): the status sent, if
    // any, else what a call that ended without one was.
    std::lock_guard<std::mutex> lock(mu_);
    if (!recorded_) RecordLocked(status_sent_ ? sent_code_ : UnansweredCode());
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
      std::lock_guard<std::mutex> lock(mu_);
      status_sent_ = true;
      sent_code_ = static_cast<absl::StatusCode>(status.error_code());
    }
    // The call is over (its status sent, or the call cancelled): only now does the context know
    // whether the client got the status.
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::POST_RECV_CLOSE)) {
      const bool cancelled = context_->IsCancelled();
      std::lock_guard<std::mutex> lock(mu_);
      if (!recorded_) {
        RecordLocked(cancelled || !status_sent_ ? UnansweredCode() : sent_code_);
      }
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

  // How much earlier than the server's deadline the client's may pass. A client sends its time
  // left, not its deadline (grpc-timeout, rounded up to 3 digits of its unit, so up to 1% more),
  // and the server's deadline starts from when the headers arrived: on a loaded machine tens of
  // milliseconds later (seen: 3 streams in 16 idle past a 300 ms deadline were cancelled by their
  // clients before the server's deadline, with a slack of 2 ms).
  static std::chrono::system_clock::duration ClientDeadlineLead(
      std::chrono::system_clock::time_point deadline) {
    const auto now = std::chrono::system_clock::now();
    const auto timeout = deadline > now ? deadline - now : std::chrono::system_clock::duration(0);
    return std::chrono::milliseconds(100) + timeout / 50;
  }

  // The code of a call whose client did not get a status: DEADLINE_EXCEEDED when the call ended
  // after, or at most client_deadline_lead_ before, the server's deadline (the client's timer
  // ended it), else CANCELLED (the client cancelled it or went away).
  absl::StatusCode UnansweredCode() const {
    if (deadline_ == std::chrono::system_clock::time_point::max()) {
      return absl::StatusCode::kCancelled;
    }
    return std::chrono::system_clock::now() + client_deadline_lead_ >= deadline_
               ? absl::StatusCode::kDeadlineExceeded
               : absl::StatusCode::kCancelled;
  }

  // Counts the call once under `code`. REQUIRES: mu_ held, !recorded_.
  void RecordLocked(absl::StatusCode code) {
    Metrics::MethodMetrics* method = method_.load(std::memory_order_acquire);
    method->Record(code, absl::Nanoseconds(absl::GetCurrentTimeNanos() -
                                           start_nanos_.load(std::memory_order_relaxed)));
    metrics_->EndRequest(Transport::kGrpc);
    recorded_ = true;
  }

  Metrics* const metrics_;
  const bool puzzle_from_request_;
  bool puzzle_seen_ = false;  // touched only at POST_RECV_MESSAGE, one message at a time
  const bool single_request_;
  const std::string method_name_;
  grpc::ServerContextBase* const context_;  // valid until the call is over
  const std::chrono::system_clock::time_point deadline_;
  const std::chrono::system_clock::duration client_deadline_lead_;
  const Metrics::PuzzleSeries* method_puzzles_ = nullptr;  // the method's series (set before
                                                           // gRPC may call Intercept)
  std::atomic<Metrics::MethodMetrics*> method_{nullptr};
  std::atomic<int64_t> start_nanos_{0};
  std::atomic<bool> parse_failed_{false};
  // PRE_SEND_STATUS and POST_RECV_CLOSE may run on two threads at once.
  std::mutex mu_;
  bool status_sent_ = false;                            // guarded by mu_
  absl::StatusCode sent_code_ = absl::StatusCode::kOk;  // guarded by mu_
  bool recorded_ = false;                               // guarded by mu_
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
