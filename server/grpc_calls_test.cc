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
#include <mutex>
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

// Polls `done` until it is true or `limit` has passed (a bound only a hung server reaches); returns
// whether it became true. For positive waits: how long they take is not what a test checks.
template <typename Condition>
bool WaitUntil(Condition done, absl::Duration limit = absl::Seconds(30)) {
  const absl::Time give_up = absl::Now() + limit;
  while (!done()) {
    if (absl::Now() >= give_up) return false;
    absl::SleepFor(absl::Milliseconds(1));
  }
  return true;
}

// Answers each stream message with `answer_bytes` bytes (in one result's error text), and each
// Solve as its start says (below), counting what it ran.
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
      // "hold" holds its worker until the test releases it (or the call is cancelled).
      if (in.start() == "hold") {
        holding_ = true;
        while (!release_.load() && !state.cancelled.load()) absl::SleepFor(absl::Milliseconds(1));
        ++solves_run_;
        out->set_moves("released");
        return absl::OkStatus();
      }
      // "wait" works until the deadline or cancellation (the server cancels a call whose
      // deadline passed) and then ends as a search does: DEADLINE_EXCEEDED. It records the
      // deadline it saw. (Answering OK there raced the client's own timer: the server's copy of
      // the deadline can fall a little before the client's.)
      if (in.start() == "wait") {
        {
          std::lock_guard<std::mutex> lock(mu_);
          deadline_seen_ = state.deadline;
        }
        while (!state.cancelled.load() && absl::Now() < state.deadline) {
          absl::SleepFor(absl::Milliseconds(1));
        }
        ++solves_run_;
        return absl::DeadlineExceededError("the call's deadline passed");
      }
      ++solves_run_;
      out->set_moves(state.cancelled.load() ? "cancelled" : "done");
      return absl::OkStatus();
    };
    return StartUnaryCall(context, request, response, env_, std::move(h));
  }

  absl::Time deadline_seen() {
    std::lock_guard<std::mutex> lock(mu_);
    return deadline_seen_;
  }

  std::atomic<int> messages_run_{0};
  std::atomic<int> solves_run_{0};    // counted as each Solve's work ends
  std::atomic<bool> holding_{false};  // a "hold" call holds a worker
  std::atomic<bool> release_{false};  // set by the test: "hold" returns
  std::atomic<bool> off_thread_{false};

 private:
  std::mutex mu_;
  absl::Time deadline_seen_ = absl::InfinitePast();  // guarded by mu_; the last "wait" call's

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
  ASSERT_TRUE(WaitUntil([&] { return service_->messages_run_.load() >= 1; }));
  // Before checking that the server stopped reading, prove it has received every message: a
  // unary call on the same channel (one HTTP/2 connection, read in order) is answered only after
  // the server's transport has read the ten messages written before it.
  {
    grpc::ClientContext context;
    v2::SolveResponse response;
    const grpc::Status status = stub_->Solve(&context, v2::SolveRequest(), &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_EQ(response.moves(), "done");
  }
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
  ASSERT_TRUE(WaitUntil([&] { return guard_->open_streams() == 0; }));
  grpc::ClientContext context;
  auto third = stub_->SolveStream(&context);
  ASSERT_TRUE(third->Write(Message()));
  EXPECT_TRUE(third->Read(&response));
  third->WritesDone();
  EXPECT_TRUE(third->Finish().ok());
}

TEST_F(GrpcCallsTest, AStalledReaderIsCancelled) {
  const absl::Duration write_timeout = absl::Seconds(1);
  Start(4, write_timeout, 8 << 20);
  grpc::ClientContext context;
  // Far beyond the waits below, so that only the watchdog can end the stream (CANCELLED).
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(120)));
  auto stream = stub_->SolveStream(&context);
  const absl::Time before_message = absl::Now();
  ASSERT_TRUE(stream->Write(Message()));
  // The server admits the stream and starts writing the answer ...
  ASSERT_TRUE(WaitUntil([&] { return service_->messages_run_.load() >= 1; }));
  ASSERT_EQ(service_->messages_run_.load(), 1);
  ASSERT_EQ(guard_->open_streams(), 1u);
  // ... which is never read: the watchdog cancels the stream (once a second it looks), and not
  // before write_timeout since the write started, which was after `before_message`.
  ASSERT_TRUE(WaitUntil([&] { return guard_->open_streams() == 0; }));
  EXPECT_GE(absl::Now() - before_message, write_timeout);
  stream->WritesDone();
  v2::SolveStreamResponse response;
  while (stream->Read(&response)) {
  }
  EXPECT_EQ(stream->Finish().error_code(), grpc::StatusCode::CANCELLED);
}

TEST_F(GrpcCallsTest, AnIdleStreamIsCancelledAndItsPlaceFreedButAnActiveOneIsNot) {
  const absl::Duration idle_timeout = absl::Seconds(2);
  Start(1, absl::Minutes(1), 10, 1, 4, idle_timeout);
  v2::SolveStreamResponse response;
  {
    // Active: a message every 100 ms for twice the idle timeout, so that the watchdog (once a
    // second) looks at it more than once after it is older than the timeout. Only a client
    // thread stalled for the whole 2 s between two messages could make it idle.
    grpc::ClientContext context;
    auto active = stub_->SolveStream(&context);
    const absl::Time active_until = absl::Now() + 2 * idle_timeout;
    for (int i = 0; absl::Now() < active_until; ++i) {
      ASSERT_TRUE(active->Write(Message())) << i;
      ASSERT_TRUE(active->Read(&response)) << i;
      absl::SleepFor(absl::Milliseconds(100));
    }
    active->WritesDone();
    EXPECT_FALSE(active->Read(&response));
    EXPECT_TRUE(active->Finish().ok());
  }
  ASSERT_TRUE(WaitUntil([&] { return guard_->open_streams() == 0; }));
  // Idle: one message answered, then nothing. It holds the only place until the watchdog
  // cancels it: not before idle_timeout after the server began waiting for the next message,
  // which was after `before_message`.
  grpc::ClientContext idle_context;
  auto idle = stub_->SolveStream(&idle_context);
  const absl::Time before_message = absl::Now();
  ASSERT_TRUE(idle->Write(Message()));
  ASSERT_TRUE(idle->Read(&response));
  ASSERT_EQ(guard_->open_streams(), 1u);
  ASSERT_TRUE(WaitUntil([&] { return guard_->open_streams() == 0; }));
  EXPECT_GE(absl::Now() - before_message, idle_timeout);
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

TEST_F(GrpcCallsTest, AFullExecutorIsResourceExhaustedAndAFreedWorkerTakesTheNextCall) {
  Start(4, absl::Minutes(1), 10, /*executor_threads=*/1, /*executor_queue=*/0);
  // Occupy the only worker with a call that holds it until released.
  std::thread busy([this] {
    grpc::ClientContext context;
    v2::SolveRequest request;
    request.set_start("hold");
    v2::SolveResponse response;
    const grpc::Status s = stub_->Solve(&context, request, &response);
    EXPECT_TRUE(s.ok()) << s.error_message();
    EXPECT_EQ(response.moves(), "released");
  });
  const bool held = WaitUntil([&] { return service_->holding_.load(); });
  EXPECT_TRUE(held);  // not ASSERT: `busy` must be joined
  grpc::ClientContext context;
  v2::SolveRequest request;
  v2::SolveResponse response;
  const grpc::Status refused = stub_->Solve(&context, request, &response);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(refused.error_message(),
            "the server is busy: 1 searches running and 0 waiting (--solve_threads, "
            "--solve_queue); retry later");
  service_->release_ = true;
  busy.join();
  EXPECT_EQ(service_->solves_run_.load(), 1);  // the refused call never ran
  // The worker is free once the executor holds no task's bytes (they are given back, under the
  // same lock, when the task's worker is done): then the next call is taken at once.
  ASSERT_TRUE(WaitUntil([&] { return executor_->bytes_held() == 0; }));
  grpc::ClientContext again;
  const grpc::Status again_status = stub_->Solve(&again, request, &response);
  EXPECT_TRUE(again_status.ok()) << again_status.error_message();
  EXPECT_EQ(response.moves(), "done");
  EXPECT_EQ(service_->solves_run_.load(), 2);
}

TEST_F(GrpcCallsTest, UnaryWorkSeesTheCallsDeadlineAndEndsAtIt) {
  Start(4, absl::Minutes(1), 10);
  const absl::Time deadline = absl::Now() + absl::Milliseconds(300);
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(deadline));
  v2::SolveRequest request;
  request.set_start("wait");
  v2::SolveResponse response;
  const grpc::Status status = stub_->Solve(&context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  // The work ended (it waits for nothing but its deadline or the cancellation that follows it).
  ASSERT_TRUE(WaitUntil([&] { return service_->solves_run_.load() == 1; }));
  // It saw the call's deadline: gRPC sends it as a timeout, so the server's copy differs from the
  // client's by the transit time and rounding (milliseconds); a minute either way is only there to
  // tell it from no deadline or another one.
  const absl::Time seen = service_->deadline_seen();
  EXPECT_GT(seen, deadline - absl::Minutes(1));
  EXPECT_LT(seen, deadline + absl::Minutes(1));
}

}  // namespace
}  // namespace server
