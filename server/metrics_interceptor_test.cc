// The metrics interceptor in a real gRPC server on loopback: the codes it counts for calls that
// succeed, fail, outlive their deadline, or carry a request that does not parse.
#include "server/metrics_interceptor.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>
#include <grpcpp/support/byte_buffer.h>

#include <future>
#include <memory>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"

namespace server {
namespace {

namespace api = ::puzzleoracle::v1;

constexpr char kSolve[] = "/puzzleoracle.v1.EightPuzzle/Solve";

// Solve answers at once, except: start "sleep" sleeps 300 ms and then answers OK without
// looking at the deadline; start "wait" answers OK once the call is cancelled; start "bad"
// answers INVALID_ARGUMENT.
class TestService final : public api::EightPuzzle::CallbackService {
  grpc::ServerUnaryReactor* Solve(grpc::CallbackServerContext* context,
                                  const api::SolveRequest* request,
                                  api::SolveResponse* response) override {
    grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
    if (request->start() == "sleep") {
      std::thread([reactor] {
        absl::SleepFor(absl::Milliseconds(300));
        reactor->Finish(grpc::Status::OK);
      }).detach();
      return reactor;
    }
    if (request->start() == "wait") {
      std::thread([context, reactor] {
        while (!context->IsCancelled()) absl::SleepFor(absl::Milliseconds(1));
        reactor->Finish(grpc::Status::OK);
      }).detach();
      return reactor;
    }
    if (request->start() == "bad") {
      reactor->Finish(grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "start: bad"));
      return reactor;
    }
    response->set_distance(0);
    reactor->Finish(grpc::Status::OK);
    return reactor;
  }
};

class MetricsInterceptorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    metrics_.RegisterMethod(Transport::kGrpc, kSolve);
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> factories;
    factories.push_back(MakeMetricsInterceptorFactory(&metrics_));
    builder.experimental().SetInterceptorCreators(std::move(factories));
    builder.RegisterService(&service_);
    server_ = builder.BuildAndStart();
    ASSERT_NE(server_, nullptr);
    ASSERT_NE(port, 0);
    channel_ =
        grpc::CreateChannel(absl::StrCat("127.0.0.1:", port), grpc::InsecureChannelCredentials());
    stub_ = api::EightPuzzle::NewStub(channel_);
  }

  void TearDown() override { server_->Shutdown(absl::ToChronoTime(absl::Now())); }

  grpc::Status Solve(const std::string& start, absl::Duration timeout) {
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + timeout));
    api::SolveRequest request;
    request.set_start(start);
    api::SolveResponse response;
    return stub_->Solve(&context, request, &response);
  }

  // The value of `puzzle_oracle_requests_total{transport="grpc",method=<kSolve>,code=<code>}`,
  // or 0 when the series is not rendered.
  int Count(const std::string& code) {
    const std::string key =
        absl::StrCat("puzzle_oracle_requests_total{transport=\"grpc\",method=\"", kSolve,
                     "\",code=\"", code, "\"} ");
    const std::string text = metrics_.Render();
    const size_t at = text.find(key);
    if (at == std::string::npos) return 0;
    return std::stoi(text.substr(at + key.size()));
  }

  // Waits up to 5 s for the server to have recorded `code` `n` times (the server records a call
  // when it finishes, which can be after the client gave up).
  void ExpectCountSoon(const std::string& code, int n) {
    const absl::Time deadline = absl::Now() + absl::Seconds(5);
    while (Count(code) < n && absl::Now() < deadline) absl::SleepFor(absl::Milliseconds(10));
    EXPECT_EQ(Count(code), n) << metrics_.Render();
  }

  Metrics metrics_{absl::UnixEpoch()};
  TestService service_;
  std::unique_ptr<grpc::Server> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<api::EightPuzzle::Stub> stub_;
};

TEST_F(MetricsInterceptorTest, CountsOkAndErrorsUnderTheirCodes) {
  EXPECT_TRUE(Solve("12345678X", absl::Seconds(10)).ok());
  EXPECT_TRUE(Solve("12345678X", absl::Seconds(10)).ok());
  EXPECT_EQ(Solve("bad", absl::Seconds(10)).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  ExpectCountSoon("OK", 2);
  ExpectCountSoon("INVALID_ARGUMENT", 1);
  EXPECT_NE(metrics_.Render().find("puzzle_oracle_in_flight_requests{transport=\"grpc\"} 0\n"),
            std::string::npos);
}

// The handler sleeps 300 ms past a 50 ms deadline and then finishes with OK; the client saw
// DEADLINE_EXCEEDED, and so must the metrics.
TEST_F(MetricsInterceptorTest, CallFinishedAfterItsDeadlineCountsAsDeadlineExceeded) {
  EXPECT_EQ(Solve("sleep", absl::Milliseconds(50)).error_code(),
            grpc::StatusCode::DEADLINE_EXCEEDED);
  ExpectCountSoon("DEADLINE_EXCEEDED", 1);
  EXPECT_EQ(Count("OK"), 0);
  EXPECT_EQ(Count("CANCELLED"), 0);
  // A slow call within its deadline is still OK.
  EXPECT_TRUE(Solve("sleep", absl::Seconds(10)).ok());
  ExpectCountSoon("OK", 1);
  EXPECT_EQ(Count("DEADLINE_EXCEEDED"), 1);
}

// Calls that the client cancels, whose handlers then finish with OK: the server counts one
// cancelled 70 ms before its deadline as DEADLINE_EXCEEDED (as a client's deadline passes before
// the server's, by the time its headers took to arrive), and one cancelled 9.9 s before its
// deadline as CANCELLED. Neither counts as OK.
TEST_F(MetricsInterceptorTest, CancelledCallsCountByHowCloseToTheDeadlineTheyEnded) {
  auto cancelled_after = [this](absl::Duration timeout, absl::Duration cancel_after) {
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + timeout));
    api::SolveRequest request;
    request.set_start("wait");
    api::SolveResponse response;
    std::promise<grpc::Status> done;
    stub_->async()->Solve(&context, &request, &response,
                          [&done](grpc::Status status) { done.set_value(std::move(status)); });
    absl::SleepFor(cancel_after);
    context.TryCancel();
    return done.get_future().get();
  };
  EXPECT_EQ(cancelled_after(absl::Milliseconds(350), absl::Milliseconds(280)).error_code(),
            grpc::StatusCode::CANCELLED);
  ExpectCountSoon("DEADLINE_EXCEEDED", 1);
  EXPECT_EQ(cancelled_after(absl::Seconds(10), absl::Milliseconds(100)).error_code(),
            grpc::StatusCode::CANCELLED);
  ExpectCountSoon("CANCELLED", 1);
  EXPECT_EQ(Count("DEADLINE_EXCEEDED"), 1);
  EXPECT_EQ(Count("OK"), 0);
}

// Bytes that are not a SolveRequest: gRPC's callback API would answer UNIMPLEMENTED with no
// message; the interceptor turns that into INTERNAL with a message, and counts INTERNAL.
TEST_F(MetricsInterceptorTest, UnparsableRequestIsInternalNotUnimplemented) {
  grpc::GenericStub generic(channel_);
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(10)));
  const char garbage[] = "\xff\xff\xff\xff";  // field 0x1fffffff... with a truncated varint
  grpc::Slice slice(garbage, sizeof(garbage) - 1);
  grpc::ByteBuffer request(&slice, 1);
  grpc::ByteBuffer response;
  std::promise<grpc::Status> done;
  generic.UnaryCall(&context, kSolve, grpc::StubOptions(), &request, &response,
                    [&done](grpc::Status status) { done.set_value(std::move(status)); });
  const grpc::Status status = done.get_future().get();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INTERNAL);
  EXPECT_EQ(status.error_message(),
            absl::StrCat("request message could not be parsed as the method's request type (",
                         kSolve, ")"));
  ExpectCountSoon("INTERNAL", 1);
  EXPECT_EQ(Count("UNIMPLEMENTED"), 0);
}

}  // namespace
}  // namespace server
