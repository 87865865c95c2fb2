// The call machinery at the unit level, in an in-process server with handlers the test controls:
// stream flow control (a client that sends and never reads holds at most a few answers), the
// stream guard (a limit on open streams, a stalled reader cancelled), a full executor, and
// unary calls' parse errors and deadlines.
#include "server/grpc_calls.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server.h>
#include <grpcpp/server_builder.h>

#include <atomic>
#include <string>
#include <thread>

#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"

namespace server {
namespace {

namespace v2 = ::puzzleoracle::v2;

using RawStreamAndSolve = v2::PuzzleOracle::WithRawCallbackMethod_Solve<
    v2::PuzzleOracle::WithRawCallbackMethod_SolveStream<v2::PuzzleOracle::Service>>;

// Answers each stream message with `answer_bytes` bytes (in one result's error text), and each
// Solve after `solve_delay`, counting what it ran.
class TestService final : public RawStreamAndSolve {
 public:
  TestService(CallEnv env, size_t answer_bytes) : env_(env), answer_bytes_(answer_bytes) {}

  grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>* SolveStream(
      grpc::CallbackServerContext* context) override {
    CallHandler<v2::SolveStreamRequest, v2::SolveStreamResponse> h;
    h.off_thread = [this](const v2::SolveStreamRequest&) { return off_thread_.load(); };
    h.run = [this](const v2::SolveStreamRequest& request, const CallState&,
                   v2::SolveStreamResponse* response) {
      ++messages_run_;
      if (request.puzzle() == "fail") return absl::NotFoundError("no such puzzle");
      response->add_results()->set_error(std::string(answer_bytes_, 'a'));
      return absl::OkStatus();
    };
    return StartStreamCall(context, env_, std::move(h));
  }

  grpc::ServerUnaryReactor* Solve(grpc::CallbackServerContext* context,
                                  const grpc::ByteBuffer* request,
                                  grpc::ByteBuffer* response) override {
    CallHandler<v2::SolveRequest, v2::SolveResponse> h;
    h.off_thread = [](const v2::SolveRequest&) { return true; };
    h.run = [this](const v2::SolveRequest& in, const CallState& state, v2::SolveResponse* out) {
      // "wait" works until the deadline or cancellation and then ends as a search does: past
      // its deadline with DEADLINE_EXCEEDED. (Answering OK there raced the client's own timer:
      // the server's copy of the deadline can fall a little before the client's.)
      if (in.start() == "wait") {
        waiting_ = true;
        while (!state.cancelled.load() && absl::Now() < state.deadline) {
          absl::SleepFor(absl::Milliseconds(1));
        }
        if (!state.cancelled.load()) {
          ++solves_run_;
          return absl::DeadlineExceededError("the call's deadline passed");
        }
      }
      ++solves_run_;
      out->set_moves(state.cancelled.load() ? "cancelled" : "done");
      return absl::OkStatus();
    };
    return StartUnaryCall(context, request, response, env_, std::move(h));
  }

  std::atomic<int> messages_run_{0};
  std::atomic<int> solves_run_{0};
  std::atomic<bool> waiting_{false};  // a "wait" call holds a worker
  std::atomic<bool> off_thread_{false};

 private:
  const CallEnv env_;
  const size_t answer_bytes_;
};

class GrpcCallsTest : public ::testing::Test {
 protected:
  void Start(int max_streams, absl::Duration write_timeout, size_t answer_bytes,
             int executor_threads = 1, int executor_queue = 4,
             absl::Duration idle_timeout = absl::Minutes(1)) {
    executor_ = std::make_unique<SolveExecutor>(executor_threads, executor_queue, 64 << 20);
    guard_ = std::make_unique<StreamGuard>(max_streams, write_timeout, idle_timeout);
    service_ =
        std::make_unique<TestService>(CallEnv{executor_.get(), 100, guard_.get()}, answer_bytes);
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.SetMaxSendMessageSize(64 << 20);
    builder.RegisterService(service_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(server_, nullptr);
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(64 << 20);
    stub_ = v2::PuzzleOracle::NewStub(grpc::CreateCustomChannel(
        "127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials(), args));
  }
  void TearDown() override {
    if (server_) server_->Shutdown(absl::ToChronoTime(absl::Now() + absl::Seconds(1)));
    server_.reset();
    executor_.reset();
    guard_.reset();
  }

  static v2::SolveStreamRequest Message(const std::string& puzzle = "eight") {
    v2::SolveStreamRequest m;
    m.set_puzzle(puzzle);
    m.add_items()->set_start("12X453786");
    return m;
  }

  std::unique_ptr<SolveExecutor> executor_;
  std::unique_ptr<StreamGuard> guard_;
  std::unique_ptr<TestService> service_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<v2::PuzzleOracle::Stub> stub_;
};

TEST_F(GrpcCallsTest, AClientThatDoesNotReadHoldsAtMostAFewAnswers) {
  Start(4, absl::Minutes(1), 4 << 20);  // 4 MiB answers: far over HTTP/2's flow-control window
  grpc::ClientContext context;
  auto stream = stub_->SolveStream(&context);
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(stream->Write(Message()));
  absl::SleepFor(absl::Milliseconds(500));
  // The first answer is stuck in the transport; the server read one more at most and stopped.
  EXPECT_LE(service_->messages_run_.load(), 2);
  stream->WritesDone();
  v2::SolveStreamResponse response;
  int answers = 0;
  while (stream->Read(&response)) ++answers;
  EXPECT_EQ(answers, 10);
  EXPECT_EQ(service_->messages_run_.load(), 10);
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_F(GrpcCallsTest, AHandlerErrorEndsTheStreamNamingTheMessageAfterEarlierAnswers) {
  Start(4, absl::Minutes(1), 10);
  service_->off_thread_ = true;  // also through the executor
  grpc::ClientContext context;
  auto stream = stub_->SolveStream(&context);
  ASSERT_TRUE(stream->Write(Message()));
  ASSERT_TRUE(stream->Write(Message()));
  stream->Write(Message("fail"));
  stream->Write(Message());  // never run
  stream->WritesDone();
  v2::SolveStreamResponse response;
  int answers = 0;
  while (stream->Read(&response)) ++answers;
  const grpc::Status status = stream->Finish();
  EXPECT_EQ(answers, 2);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(status.error_message(), "message 3: no such puzzle");
  EXPECT_EQ(service_->messages_run_.load(), 3);
}

TEST_F(GrpcCallsTest, StreamsOverTheLimitAreRefusedAndFreedSlotsAreReused) {
  Start(1, absl::Minutes(1), 10);
  grpc::ClientContext first_context;
  auto first = stub_->SolveStream(&first_context);
  ASSERT_TRUE(first->Write(Message()));
  v2::SolveStreamResponse response;
  ASSERT_TRUE(first->Read(&response));  // the first stream is open and admitted
  {
    grpc::ClientContext context;
    auto second = stub_->SolveStream(&context);
    second->WritesDone();
    while (second->Read(&response)) {
    }
    const grpc::Status refused = second->Finish();
    EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
    EXPECT_EQ(refused.error_message(),
              "too many streams: 1 are open on this server (--max_streams); retry later or use "
              "SolveBatch");
  }
  first->WritesDone();
  EXPECT_FALSE(first->Read(&response));
  EXPECT_TRUE(first->Finish().ok());
  // The slot is free once the first stream is done.
  for (int i = 0; i < 100 && guard_->open_streams() > 0; ++i)
    absl::SleepFor(absl::Milliseconds(10));
  grpc::ClientContext context;
  auto third = stub_->SolveStream(&context);
  ASSERT_TRUE(third->Write(Message()));
  EXPECT_TRUE(third->Read(&response));
  third->WritesDone();
  EXPECT_TRUE(third->Finish().ok());
}

TEST_F(GrpcCallsTest, AStalledReaderIsCancelled) {
  Start(4, absl::Seconds(1), 8 << 20);
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(20)));
  auto stream = stub_->SolveStream(&context);
  ASSERT_TRUE(stream->Write(Message()));
  // The server admits the stream and starts writing the answer ...
  for (int i = 0; i < 200 && service_->messages_run_.load() == 0; ++i) {
    absl::SleepFor(absl::Milliseconds(10));
  }
  ASSERT_EQ(service_->messages_run_.load(), 1);
  ASSERT_EQ(guard_->open_streams(), 1u);
  // ... which is never read: the watchdog cancels the stream within about write_timeout + 1 s.
  for (int i = 0; i < 100 && guard_->open_streams() > 0; ++i)
    absl::SleepFor(absl::Milliseconds(50));
  EXPECT_EQ(guard_->open_streams(), 0u);
  stream->WritesDone();
  v2::SolveStreamResponse response;
  while (stream->Read(&response)) {
  }
  EXPECT_EQ(stream->Finish().error_code(), grpc::StatusCode::CANCELLED);
}

TEST_F(GrpcCallsTest, AnIdleStreamIsCancelledAndItsPlaceFreedButAnActiveOneIsNot) {
  Start(1, absl::Minutes(1), 10, 1, 4, /*idle_timeout=*/absl::Seconds(1));
  v2::SolveStreamResponse response;
  {
    // Active: a message every 300 ms for 3 s, three times the idle timeout.
    grpc::ClientContext context;
    auto active = stub_->SolveStream(&context);
    for (int i = 0; i < 10; ++i) {
      ASSERT_TRUE(active->Write(Message())) << i;
      ASSERT_TRUE(active->Read(&response)) << i;
      absl::SleepFor(absl::Milliseconds(300));
    }
    active->WritesDone();
    EXPECT_FALSE(active->Read(&response));
    EXPECT_TRUE(active->Finish().ok());
  }
  for (int i = 0; i < 100 && guard_->open_streams() > 0; ++i)
    absl::SleepFor(absl::Milliseconds(10));
  // Idle: one message answered, then nothing. It holds the only place until the watchdog
  // cancels it, within about idle_timeout + 1 s.
  grpc::ClientContext idle_context;
  auto idle = stub_->SolveStream(&idle_context);
  ASSERT_TRUE(idle->Write(Message()));
  ASSERT_TRUE(idle->Read(&response));
  ASSERT_EQ(guard_->open_streams(), 1u);
  const absl::Time idle_since = absl::Now();
  for (int i = 0; i < 100 && guard_->open_streams() > 0; ++i)
    absl::SleepFor(absl::Milliseconds(50));
  EXPECT_EQ(guard_->open_streams(), 0u);
  EXPECT_GE(absl::Now() - idle_since, absl::Seconds(1));
  EXPECT_FALSE(idle->Read(&response));
  EXPECT_EQ(idle->Finish().error_code(), grpc::StatusCode::CANCELLED);
  // Its place is free for another client.
  grpc::ClientContext context;
  auto next = stub_->SolveStream(&context);
  ASSERT_TRUE(next->Write(Message()));
  EXPECT_TRUE(next->Read(&response));
  next->WritesDone();
  EXPECT_FALSE(next->Read(&response));
  EXPECT_TRUE(next->Finish().ok());
}

TEST_F(GrpcCallsTest, UnaryCallsSeeTheirDeadlineAndAFullExecutorIsResourceExhausted) {
  Start(4, absl::Minutes(1), 10, /*executor_threads=*/1, /*executor_queue=*/0);
  // Occupy the only worker with a call that waits for its deadline.
  std::thread busy([this] {
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Milliseconds(800)));
    v2::SolveRequest request;
    request.set_start("wait");
    v2::SolveResponse response;
    const grpc::Status s = stub_->Solve(&context, request, &response);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  });
  // Until the worker holds it (a fixed sleep was not enough under a sanitizer on busy cores).
  for (int i = 0; i < 500 && !service_->waiting_.load(); ++i) absl::SleepFor(absl::Milliseconds(1));
  EXPECT_TRUE(service_->waiting_.load());  // not ASSERT: `busy` must be joined
  grpc::ClientContext context;
  v2::SolveRequest request;
  v2::SolveResponse response;
  const grpc::Status refused = stub_->Solve(&context, request, &response);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(refused.error_message(),
            "the server is busy: 1 searches running and 0 waiting (--solve_threads, "
            "--solve_queue); retry later");
  busy.join();
  // The waiting work saw its deadline and ended; the worker is free again.
  for (int i = 0; i < 100 && service_->solves_run_.load() == 0; ++i) {
    absl::SleepFor(absl::Milliseconds(10));
  }
  EXPECT_EQ(service_->solves_run_.load(), 1);
  // solves_run_ counts before the work returns, so the worker may take a moment more to be free:
  // a refusal is retried, for at most a second.
  grpc::Status again_status;
  for (int i = 0; i < 100; ++i) {
    grpc::ClientContext again;
    again_status = stub_->Solve(&again, request, &response);
    if (again_status.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED) break;
    absl::SleepFor(absl::Milliseconds(10));
  }
  EXPECT_TRUE(again_status.ok()) << again_status.error_message();
  EXPECT_EQ(response.moves(), "done");
}

}  // namespace
}  // namespace server
