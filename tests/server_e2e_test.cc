// End-to-end tests of the v1 API (puzzleoracle.v1.EightPuzzle and RotationGame, kept for existing
// clients) and of the server's lifecycle: the real server binary in a child process, real gRPC
// clients, over loopback TCP and a unix socket. Every answer is checked against in-process
// answers from the same table file. (Every puzzle through every v2 transport:
// puzzle_transports_test.cc.)
#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/generic/generic_stub.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "client/remote_oracle.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "grpc/reflection/v1alpha/reflection.grpc.pb.h"
#include "gtest/gtest.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/solver_oracle.h"
#include "puzzle/table_file.h"
#include "puzzleoracle/v1/oracle.grpc.pb.h"
#include "puzzles/registry.h"
#include "tests/server_process.h"

namespace tests {
namespace {

namespace api = ::puzzleoracle::v1;
using grpc::health::v1::HealthCheckRequest;
using grpc::health::v1::HealthCheckResponse;

constexpr char kTable[] = "data/eight.tbl";
constexpr char kTablesDir[] = "data";

std::string RandomBoard(std::mt19937_64& rng) {
  std::string b = "12345678X";
  std::shuffle(b.begin(), b.end(), rng);
  return b;
}

// In-process reference answers, from the same table file.
const puzzle::LoadedPuzzle& ReferenceEight() {
  static const puzzle::LoadedPuzzle* eight =
      puzzle::LoadPuzzle(*puzzle::FindPuzzle("eight"), kTablesDir)->release();
  return *eight;
}

puzzle::OracleResult Reference(const std::string& start, const std::string& goal) {
  puzzle::SolverOracle oracle(&ReferenceEight().solver());
  return (*oracle.SolveMany({{start, goal}}))[0];
}

void ExpectMatchesReference(const std::string& start, const std::string& goal,
                            const api::SolveResponse& got) {
  const puzzle::OracleResult want = Reference(start, goal);
  ASSERT_TRUE(want.status.ok());
  EXPECT_EQ(got.solvable(), want.answer.solvable) << start << " " << goal;
  EXPECT_EQ(got.distance(), want.answer.distance) << start << " " << goal;
  EXPECT_EQ(got.moves(), want.answer.moves) << start << " " << goal;
}

grpc::ClientContext* WithDeadline(grpc::ClientContext* context,
                                  absl::Duration d = absl::Seconds(20)) {
  context->set_deadline(absl::ToChronoTime(absl::Now() + d));
  return context;
}

HealthCheckResponse::ServingStatus CheckHealth(const std::shared_ptr<grpc::Channel>& channel,
                                               const std::string& service = "") {
  auto stub = grpc::health::v1::Health::NewStub(channel);
  grpc::ClientContext context;
  HealthCheckRequest request;
  request.set_service(service);
  HealthCheckResponse response;
  const grpc::Status s = stub->Check(WithDeadline(&context), request, &response);
  EXPECT_TRUE(s.ok()) << s.error_message();
  return response.status();
}

// Parameterised over the transport: "tcp" or "unix". The server serves the v1 API's two puzzles
// (the eight puzzle and the Rotation Game) unless a test asks for every puzzle: a server that
// also loads the 3x3x3 takes seconds more to start under a sanitizer, and these tests start 24.
class ServerE2eTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    address_ = GetParam() == "tcp" ? "127.0.0.1:0"
                                   // TEST_TMPDIR is too long for a socket path (108 bytes at most).
                                   : absl::StrCat("unix:/tmp/oracle-e2e-", getpid(), "-",
                                                  ++socket_counter_, ".sock");
    StartServer({"--puzzles=eight,rotation-game"});
  }
  void TearDown() override { StopServer(); }

  // Serves every puzzle instead, at the same address.
  void RestartServingEveryPuzzle() {
    StopServer();
    StartServer({});
  }

 private:
  void StartServer(const std::vector<std::string>& extra_flags) {
    std::vector<std::string> flags = {
        "--address=" + address_, std::string("--tables_dir=") + kTablesDir, "--max_batch_size=100",
        "--max_message_size=65536", "--shutdown_grace=10s"};
    flags.insert(flags.end(), extra_flags.begin(), extra_flags.end());
    auto started = ServerProcess::Start(flags);
    ASSERT_TRUE(started.ok()) << started.status();
    server_ = std::move(*started);
    channel_ = client::MakeChannel(server_->address(), 1 << 20);
    stub_ = api::EightPuzzle::NewStub(channel_);
  }
  void StopServer() {
    if (server_ != nullptr) server_->Stop(SIGKILL);
    server_ = nullptr;
    if (GetParam() == "unix") unlink(address_.substr(5).c_str());
  }

 protected:
  static inline int socket_counter_ = 0;
  std::string address_;
  std::unique_ptr<ServerProcess> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<api::EightPuzzle::Stub> stub_;
};

TEST_P(ServerE2eTest, SolveAnswersAndRejectsMalformedBoards) {
  api::SolveRequest request;
  api::SolveResponse response;
  request.set_start("564178X23");
  request.set_goal("7568X4123");
  {
    grpc::ClientContext context;
    ASSERT_TRUE(stub_->Solve(WithDeadline(&context), request, &response).ok());
    EXPECT_EQ(response.distance(), 8);
    EXPECT_EQ(response.moves(), "urrulldr");
  }
  request.set_start("2 3 4 1 5 x 7 6 8");
  request.set_goal("");
  {
    grpc::ClientContext context;
    ASSERT_TRUE(stub_->Solve(WithDeadline(&context), request, &response).ok());
    ExpectMatchesReference("2 3 4 1 5 x 7 6 8", "", response);
  }
  request.set_start("21345678X");
  {
    grpc::ClientContext context;
    ASSERT_TRUE(stub_->Solve(WithDeadline(&context), request, &response).ok());
    EXPECT_FALSE(response.solvable());
    EXPECT_EQ(response.distance(), -1);
  }
  const std::vector<std::pair<std::pair<std::string, std::string>, std::string>> bad = {
      {{"", ""}, "start: empty board; expected 9 symbols (tiles 1-8 and one blank X, x or 0)"},
      {{"12345678", ""}, "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 8"},
      {{"12345678X", "12345678X1"},
       "goal: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 10"},
      {{"12345677X", ""},
       "start: duplicate tile 7 at positions 7 and 8; expected each of 1-8 once"},
      {{"1234567#X", ""}, "start: symbol '#' at position 8; expected 1-8 or X"},
      {{"12X45X786", ""}, "start: two blanks, at positions 3 and 6; expected exactly one X"},
      {{std::string(30000, '1'), ""},
       "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 30000"},
  };
  for (const auto& [boards, message] : bad) {
    request.set_start(boards.first);
    request.set_goal(boards.second);
    grpc::ClientContext context;
    const grpc::Status s = stub_->Solve(WithDeadline(&context), request, &response);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(s.error_message(), message);
  }
  EXPECT_EQ(CheckHealth(channel_), HealthCheckResponse::SERVING);
}

TEST_P(ServerE2eTest, SolveBatchPerItemStatusAndLimits) {
  api::SolveBatchRequest request;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100; ++i) {
    api::SolveItem* item = request.add_items();
    item->set_id(1000 + i);
    item->set_start(i == 50 ? "bad" : RandomBoard(rng));
    item->set_goal(RandomBoard(rng));
  }
  api::SolveBatchResponse response;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(stub_->SolveBatch(WithDeadline(&context), request, &response).ok());
  }
  ASSERT_EQ(response.results_size(), 100);
  for (int i = 0; i < 100; ++i) {
    const api::SolveItemResult& r = response.results(i);
    EXPECT_EQ(r.id(), 1000u + i);
    if (i == 50) {
      EXPECT_EQ(r.code(), 3);
      EXPECT_EQ(r.error(), "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 3");
    } else {
      EXPECT_EQ(r.code(), 0);
      ExpectMatchesReference(request.items(i).start(), request.items(i).goal(), r.answer());
    }
  }
  // Over the batch limit: rejected whole.
  request.add_items()->set_start("12345678X");
  {
    grpc::ClientContext context;
    const grpc::Status s = stub_->SolveBatch(WithDeadline(&context), request, &response);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(s.error_message(),
              "batch has 101 items; the server's limit is 100 (--max_batch_size)");
  }
  // Over the message size limit (64 KiB): gRPC rejects it.
  api::SolveBatchRequest huge;
  huge.add_items()->set_start(std::string(70000, '1'));
  {
    grpc::ClientContext context;
    const grpc::Status s = stub_->SolveBatch(WithDeadline(&context), huge, &response);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
  }
  EXPECT_EQ(CheckHealth(channel_), HealthCheckResponse::SERVING);
}

TEST_P(ServerE2eTest, SolveStreamMixesGoodAndBadItemsInOrder) {
  grpc::ClientContext context;
  auto stream = stub_->SolveStream(WithDeadline(&context));
  std::mt19937_64 rng(11);
  std::vector<api::SolveStreamRequest> sent;
  for (int m = 0; m < 50; ++m) {
    api::SolveStreamRequest request;
    for (int i = 0; i < 1 + m % 7; ++i) {
      api::SolveItem* item = request.add_items();
      item->set_id(m * 100 + i);
      item->set_start((m + i) % 5 == 0 ? "1 2 3 4 5 6 7 8 9" : RandomBoard(rng));
      item->set_goal(RandomBoard(rng));
    }
    ASSERT_TRUE(stream->Write(request));
    sent.push_back(request);
  }
  stream->WritesDone();
  api::SolveStreamResponse response;
  size_t received = 0;
  while (stream->Read(&response)) {
    ASSERT_LT(received, sent.size());
    const api::SolveStreamRequest& request = sent[received++];
    ASSERT_EQ(response.results_size(), request.items_size());
    for (int i = 0; i < request.items_size(); ++i) {
      EXPECT_EQ(response.results(i).id(), request.items(i).id());
      if (request.items(i).start() == "1 2 3 4 5 6 7 8 9") {
        EXPECT_EQ(response.results(i).code(), 3);
        EXPECT_EQ(response.results(i).error(),
                  "start: symbol '9' at position 9; expected 1-8 or X");
      } else {
        EXPECT_EQ(response.results(i).code(), 0);
        ExpectMatchesReference(request.items(i).start(), request.items(i).goal(),
                               response.results(i).answer());
      }
    }
  }
  EXPECT_EQ(received, sent.size());
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_P(ServerE2eTest, SolveStreamOversizedMessageEndsTheStream) {
  grpc::ClientContext context;
  auto stream = stub_->SolveStream(WithDeadline(&context));
  api::SolveStreamRequest request;
  for (int i = 0; i < 101; ++i) request.add_items()->set_start("12345678X");
  stream->Write(request);
  stream->WritesDone();
  api::SolveStreamResponse response;
  EXPECT_FALSE(stream->Read(&response));
  const grpc::Status s = stream->Finish();
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(),
            "message 1: batch has 101 items; the server's limit is 100 (--max_batch_size)");
}

TEST_P(ServerE2eTest, CancelMidStreamAndExpiredDeadlinesLeaveTheServerHealthy) {
  for (int round = 0; round < 20; ++round) {
    grpc::ClientContext context;
    auto stream = stub_->SolveStream(WithDeadline(&context));
    api::SolveStreamRequest request;
    for (int i = 0; i < 100; ++i) request.add_items()->set_start("8672543X1");
    for (int m = 0; m < 5; ++m) stream->Write(request);
    context.TryCancel();
    api::SolveStreamResponse response;
    while (stream->Read(&response)) {
    }
    EXPECT_EQ(stream->Finish().error_code(), grpc::StatusCode::CANCELLED);
  }
  for (int round = 0; round < 20; ++round) {
    grpc::ClientContext context;
    context.set_deadline(absl::ToChronoTime(absl::Now() - absl::Milliseconds(1)));
    api::SolveRequest request;
    request.set_start("12X453786");
    api::SolveResponse response;
    EXPECT_EQ(stub_->Solve(&context, request, &response).error_code(),
              grpc::StatusCode::DEADLINE_EXCEEDED);
  }
  EXPECT_EQ(CheckHealth(channel_), HealthCheckResponse::SERVING);
  api::SolveRequest request;
  request.set_start("12X453786");
  api::SolveResponse response;
  grpc::ClientContext context;
  ASSERT_TRUE(stub_->Solve(WithDeadline(&context), request, &response).ok());
  EXPECT_EQ(response.moves(), "dd");
}

TEST_P(ServerE2eTest, GetTableInfoDescribesTheServedTable) {
  ASSERT_NO_FATAL_FAILURE(RestartServingEveryPuzzle());
  grpc::ClientContext context;
  api::GetTableInfoResponse info;
  ASSERT_TRUE(stub_->GetTableInfo(WithDeadline(&context), {}, &info).ok());
  int required = 0;  // every required table of every puzzle (the 2x2x2 has one a metric)
  for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
    for (const puzzle::TableSpec& spec : p->tables()) required += spec.optional ? 0 : 1;
  }
  ASSERT_EQ(info.tables_size(), required);
  EXPECT_EQ(info.tables(1).puzzle_kind(), "rotation-game");
  EXPECT_EQ(info.tables(1).entry_count(), 735471u);
  EXPECT_EQ(info.tables(1).bits_per_entry(), 4u);
  EXPECT_EQ(info.tables(1).path(), "data/rotation.tbl");
  const api::TableDescription& t = info.tables(0);
  EXPECT_EQ(t.puzzle_kind(), "eight");
  EXPECT_EQ(t.format_version(), 2u);
  EXPECT_EQ(t.entry_count(), 1632960u);
  EXPECT_EQ(t.bits_per_entry(), 2u);
  EXPECT_EQ(t.raw_size(), 408240u);
  EXPECT_EQ(t.path(), kTable);
  EXPECT_NE(t.build_metadata().find("FIFO BFS"), std::string::npos);
  EXPECT_GT(t.file_mtime_unix_seconds(), 0);
  EXPECT_EQ(info.max_batch_size(), 100u);
  EXPECT_EQ(info.max_message_size(), 65536u);
  // The checksum the server reports is the one in the file the client can load itself.
  auto local = puzzle::TableFile::Open(kTable);
  ASSERT_TRUE(local.ok());
  EXPECT_EQ(t.payload_checksum(), absl::StrFormat("%016x", (*local)->sections()[0].checksum));
}

TEST_P(ServerE2eTest, ReflectionListsTheServicesAndDescribesTheApi) {
  auto stub = grpc::reflection::v1alpha::ServerReflection::NewStub(channel_);
  grpc::ClientContext context;
  auto stream = stub->ServerReflectionInfo(WithDeadline(&context));
  grpc::reflection::v1alpha::ServerReflectionRequest request;
  request.set_list_services("");
  ASSERT_TRUE(stream->Write(request));
  grpc::reflection::v1alpha::ServerReflectionResponse response;
  ASSERT_TRUE(stream->Read(&response));
  std::vector<std::string> names;
  for (const auto& s : response.list_services_response().service()) names.push_back(s.name());
  EXPECT_NE(std::find(names.begin(), names.end(), "puzzleoracle.v1.EightPuzzle"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "puzzleoracle.v1.RotationGame"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "grpc.health.v1.Health"), names.end());
  request.set_file_containing_symbol("puzzleoracle.v1.EightPuzzle");
  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));
  ASSERT_GE(response.file_descriptor_response().file_descriptor_proto_size(), 1);
  EXPECT_NE(response.file_descriptor_response().file_descriptor_proto(0).find("SolveBatch"),
            std::string::npos);
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_P(ServerE2eTest, RotationGameSolveBatchAndStream) {
  auto stub = api::RotationGame::NewStub(channel_);
  api::RotationSolveRequest request;
  api::RotationSolveResponse response;
  request.set_board("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3");
  {
    grpc::ClientContext context;
    ASSERT_TRUE(stub->Solve(WithDeadline(&context), request, &response).ok());
    EXPECT_EQ(response.moves(), "AC");
    EXPECT_EQ(response.distance(), 2);
    EXPECT_EQ(response.centre(), 2);
  }
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"1 2 3", "board: expected 24 symbols (eight each of 1, 2 and 3), got 3"},
      {"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 7",
       "board: symbol '7' at position 24; expected 1, 2 or 3"},
      {"1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3",
       "board: 9 ones, 7 twos and 8 threes; expected eight of each"},
  };
  for (const auto& [board, message] : bad) {
    request.set_board(board);
    grpc::ClientContext context;
    const grpc::Status s = stub->Solve(WithDeadline(&context), request, &response);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(s.error_message(), message);
  }
  api::RotationSolveBatchRequest batch;
  auto add = [&batch](uint64_t id, const std::string& board) {
    api::RotationItem* item = batch.add_items();
    item->set_id(id);
    item->set_board(board);
  };
  add(1, "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3");
  add(2, bad[2].first);
  add(3, "1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3");
  api::RotationSolveBatchResponse batch_response;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(stub->SolveBatch(WithDeadline(&context), batch, &batch_response).ok());
  }
  ASSERT_EQ(batch_response.results_size(), 3);
  EXPECT_EQ(batch_response.results(0).answer().moves(), "DDHH");
  EXPECT_EQ(batch_response.results(1).code(), 3);
  EXPECT_EQ(batch_response.results(1).error(), bad[2].second);
  EXPECT_EQ(batch_response.results(2).code(), 0);
  EXPECT_EQ(batch_response.results(2).answer().distance(), 0);
  EXPECT_EQ(batch_response.results(2).answer().centre(), 2);
  for (int i = 0; i < 98; ++i) add(10 + i, "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3");
  {
    grpc::ClientContext context;
    const grpc::Status s = stub->SolveBatch(WithDeadline(&context), batch, &batch_response);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(s.error_message(),
              "batch has 101 items; the server's limit is 100 (--max_batch_size)");
  }
  grpc::ClientContext context;
  auto stream = stub->SolveStream(WithDeadline(&context));
  api::RotationSolveStreamRequest message;
  *message.mutable_items() = batch.items();
  message.mutable_items()->DeleteSubrange(3, 98);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(stream->Write(message));
  stream->WritesDone();
  api::RotationSolveStreamResponse stream_response;
  int received = 0;
  while (stream->Read(&stream_response)) {
    ++received;
    ASSERT_EQ(stream_response.results_size(), 3);
    EXPECT_EQ(stream_response.results(0).answer().moves(), "DDHH");
    EXPECT_EQ(stream_response.results(1).code(), 3);
  }
  EXPECT_EQ(received, 5);
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_P(ServerE2eTest, ConcurrentClientsEveryAnswerChecked) {
  constexpr int kThreads = 8;
  constexpr int kQueries = 10000;
  std::atomic<int> wrong{0}, failed{0}, answered{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(1000 + t);
      auto stub = api::EightPuzzle::NewStub(channel_);
      for (int q = 0; q < kQueries; ++q) {
        api::SolveRequest request;
        request.set_start(RandomBoard(rng));
        request.set_goal(RandomBoard(rng));
        api::SolveResponse response;
        grpc::ClientContext context;
        if (!stub->Solve(WithDeadline(&context), request, &response).ok()) {
          ++failed;
          continue;
        }
        const puzzle::OracleResult want = Reference(request.start(), request.goal());
        if (response.solvable() != want.answer.solvable ||
            response.distance() != want.answer.distance || response.moves() != want.answer.moves) {
          ++wrong;
        }
        ++answered;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(answered.load(), kThreads * kQueries);
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(failed.load(), 0);
}

TEST_P(ServerE2eTest, SigtermDrainsInFlightStreamsAndGoesNotServing) {
  // An open Watch sees SERVING, then NOT_SERVING once SIGTERM arrives.
  auto health = grpc::health::v1::Health::NewStub(channel_);
  grpc::ClientContext watch_context;
  HealthCheckRequest watch_request;
  auto watch = health->Watch(WithDeadline(&watch_context), watch_request);
  HealthCheckResponse status;
  ASSERT_TRUE(watch->Read(&status));
  EXPECT_EQ(status.status(), HealthCheckResponse::SERVING);

  // A stream that is in flight when SIGTERM arrives keeps working through the grace period.
  grpc::ClientContext context;
  auto stream = stub_->SolveStream(WithDeadline(&context));
  api::SolveStreamRequest request;
  request.add_items()->set_start("12X453786");
  api::SolveStreamResponse response;
  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));

  kill(server_->pid(), SIGTERM);
  ASSERT_TRUE(watch->Read(&status));
  EXPECT_EQ(status.status(), HealthCheckResponse::NOT_SERVING);
  watch_context.TryCancel();  // a watcher would now go elsewhere; it must not hold the drain

  ASSERT_TRUE(stream->Write(request));
  ASSERT_TRUE(stream->Read(&response));
  EXPECT_EQ(response.results(0).answer().moves(), "dd");
  stream->WritesDone();
  EXPECT_TRUE(stream->Finish().ok());

  const absl::Time stop_start = absl::Now();
  const int exit_code = server_->Stop(0);  // signal 0: just wait for the exit
  EXPECT_EQ(exit_code, 0) << server_->Stderr();
  EXPECT_LT(absl::Now() - stop_start, absl::Seconds(9)) << "drained before the 10 s grace ended";
  EXPECT_NE(server_->Stderr().find("SIGTERM received; NOT_SERVING"), std::string::npos);
  server_.reset();
}

// A stream message that is not a valid request (here: a string field that is not UTF-8) ends the
// stream with INVALID_ARGUMENT naming the message, after every earlier answer: never OK with
// answers missing. Raw bytes through a generic stub, since a generated stub would not send them.
TEST_P(ServerE2eTest, AnUnparsableStreamMessageEndsTheStreamNamingIt) {
  struct Case {
    std::string method;
    std::string good;  // a serialised request message
    std::string bad;
    std::string message;
  };
  auto bytes = [](int field, const std::string& payload) {
    return std::string(1, static_cast<char>((field << 3) | 2)) +
           std::string(1, static_cast<char>(payload.size())) + payload;
  };
  const std::string eight_item = bytes(2, "12X453786");
  const std::string bad_eight_item = bytes(2,
                                           "12X4\xff"
                                           "3786");
  const std::string rotation_item = bytes(2, "111111112222222233333333");
  const std::string bad_rotation_item = bytes(2, "1111111122222222333333\xc3");
  const std::vector<Case> cases = {
      {"/puzzleoracle.v1.EightPuzzle/SolveStream", bytes(1, eight_item), bytes(1, bad_eight_item),
       "message 3: request is not a valid puzzleoracle.v1.SolveStreamRequest: items[0].start is "
       "not valid UTF-8 (byte 5)"},
      {"/puzzleoracle.v1.RotationGame/SolveStream", bytes(1, rotation_item),
       bytes(1, bad_rotation_item),
       "message 3: request is not a valid puzzleoracle.v1.RotationSolveStreamRequest: "
       "items[0].board is not valid UTF-8 (byte 23)"},
      {"/puzzleoracle.v2.PuzzleOracle/SolveStream", bytes(1, "eight") + bytes(2, eight_item),
       bytes(1, "eight") + bytes(2, bad_eight_item),
       "message 3: request is not a valid puzzleoracle.v2.SolveStreamRequest: items[0].start is "
       "not valid UTF-8 (byte 5)"},
  };
  grpc::GenericStub generic(channel_);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.method);
    grpc::ClientContext context;
    grpc::CompletionQueue cq;
    std::unique_ptr<grpc::GenericClientAsyncReaderWriter> call =
        generic.PrepareCall(WithDeadline(&context), c.method, &cq);
    void* tag;
    bool ok;
    call->StartCall(reinterpret_cast<void*>(1));
    ASSERT_TRUE(cq.Next(&tag, &ok) && ok);
    // Two good messages, one bad, one good: two answers, then INVALID_ARGUMENT for message 3.
    for (const std::string* m : {&c.good, &c.good, &c.bad, &c.good}) {
      grpc::Slice slice(*m);
      grpc::ByteBuffer buffer(&slice, 1);
      call->Write(buffer, reinterpret_cast<void*>(2));
      cq.Next(&tag, &ok);
    }
    call->WritesDone(reinterpret_cast<void*>(3));
    cq.Next(&tag, &ok);
    int answers = 0;
    for (;;) {
      grpc::ByteBuffer answer;
      call->Read(&answer, reinterpret_cast<void*>(4));
      ASSERT_TRUE(cq.Next(&tag, &ok));
      if (!ok) break;
      ++answers;
    }
    grpc::Status status;
    call->Finish(&status, reinterpret_cast<void*>(5));
    ASSERT_TRUE(cq.Next(&tag, &ok));
    EXPECT_EQ(answers, 2);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(status.error_message(), c.message);
  }
  // A unary call with the same bytes is INVALID_ARGUMENT with the same reason, not UNIMPLEMENTED.
  api::SolveResponse response;
  grpc::ClientContext context;
  grpc::ByteBuffer reply;
  grpc::Slice slice(bytes(1,
                          "12X4\xff"
                          "3786"));
  grpc::ByteBuffer request(&slice, 1);
  grpc::Status unary;
  bool done = false;
  std::mutex mu;
  std::condition_variable cv;
  generic.UnaryCall(WithDeadline(&context), "/puzzleoracle.v1.EightPuzzle/Solve", {}, &request,
                    &reply, [&](grpc::Status s) {
                      std::lock_guard<std::mutex> lock(mu);
                      unary = s;
                      done = true;
                      cv.notify_all();
                    });
  std::unique_lock<std::mutex> lock(mu);
  cv.wait(lock, [&] { return done; });
  EXPECT_EQ(unary.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(unary.error_message(),
            "request is not a valid puzzleoracle.v1.SolveRequest: start is not valid UTF-8 "
            "(byte 5)");
}

// The CLI's remote judge answers every good case when one case is not UTF-8 (gRPC strings must
// be): that case is "error" with its line, as in-process, and the others are answered.
TEST_P(ServerE2eTest, RemoteJudgeAnswersEveryGoodCaseWhenOneIsNotUtf8) {
  const std::string input =
      "3\n12X453786\n12345678X\n12X45\xff"
      "786\n12345678X\n564178X23\n7568X4123\n";
  const std::string in_path = absl::StrCat(getenv("TEST_TMPDIR"), "/utf8_in.txt");
  const std::string err_path = absl::StrCat(getenv("TEST_TMPDIR"), "/utf8_err.txt");
  FILE* f = fopen(in_path.c_str(), "wb");
  fwrite(input.data(), 1, input.size(), f);
  fclose(f);
  for (const std::string& where :
       {"--server=" + server_->address(), std::string("--tables_dir=data")}) {
    SCOPED_TRACE(where);
    const std::string command = absl::StrCat(
        "client/oracle_client '", where, "' judge --format=hdu3567 < ", in_path, " 2> ", err_path);
    FILE* p = popen(command.c_str(), "r");
    std::string out;
    char buffer[4096];
    size_t n;
    while ((n = fread(buffer, 1, sizeof(buffer), p)) > 0) out.append(buffer, n);
    const int status = pclose(p);
    EXPECT_EQ(out, "Case 1: 2\ndd\nCase 2: error\n\nCase 3: 8\nurrulldr\n");
    EXPECT_EQ(WEXITSTATUS(status), 1);
    std::string err;
    FILE* e = fopen(err_path.c_str(), "rb");
    while ((n = fread(buffer, 1, sizeof(buffer), e)) > 0) err.append(buffer, n);
    fclose(e);
    EXPECT_TRUE(absl::StartsWith(err, "case 2 (line 4): start: ")) << err;
  }
}

INSTANTIATE_TEST_SUITE_P(Transports, ServerE2eTest, ::testing::Values("tcp", "unix"));

// A server must refuse to start, with a one-line reason naming the file or flag, on a bad table
// or a bad flag.
class BadStartTest : public ::testing::Test {
 protected:
  static std::string Read(const std::string& path) {
    FILE* f = fopen(path.c_str(), "rb");
    std::string bytes;
    char buffer[65536];
    size_t n;
    while ((n = fread(buffer, 1, sizeof(buffer), f)) > 0) bytes.append(buffer, n);
    fclose(f);
    return bytes;
  }
  // A tables directory holding every good table, then `eight.tbl` replaced by `eight_bytes`.
  static std::string TablesDir(const std::string& name, const std::string* eight_bytes) {
    const std::string dir = absl::StrCat(getenv("TEST_TMPDIR"), "/", name);
    mkdir(dir.c_str(), 0755);
    for (const char* table : {"eight.tbl", "rotation.tbl"}) {
      const std::string bytes = (eight_bytes != nullptr && std::string(table) == "eight.tbl")
                                    ? *eight_bytes
                                    : Read(absl::StrCat(kTablesDir, "/", table));
      Write(absl::StrCat(dir, "/", table), bytes);
    }
    // Every other puzzle's required tables, linked rather than copied (the 15-puzzle's is 63 MB).
    for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
      for (const puzzle::TableSpec& spec : p->tables()) {
        const std::string file = spec.file_name();
        if (spec.optional || file == "eight.tbl" || file == "rotation.tbl") continue;
        char* target = realpath(absl::StrCat(kTablesDir, "/", file).c_str(), nullptr);
        const std::string link = absl::StrCat(dir, "/", file);
        unlink(link.c_str());
        if (target == nullptr || symlink(target, link.c_str()) != 0) {
          ADD_FAILURE() << "cannot link " << link;
        }
        free(target);
      }
    }
    return dir;
  }
  static void Write(const std::string& path, const std::string& bytes) {
    FILE* f = fopen(path.c_str(), "wb");
    fwrite(bytes.data(), 1, bytes.size(), f);
    fclose(f);
  }
  static void ExpectRefused(const std::vector<std::string>& args, const std::string& reason) {
    std::string err;
    std::vector<std::string> all = {"--address=127.0.0.1:0"};
    all.insert(all.end(), args.begin(), args.end());
    const int code = ServerProcess::RunToExit(all, &err);
    EXPECT_EQ(code, 1) << err;
    EXPECT_EQ(err, "puzzle_oracle_server: cannot start: " + reason + "\n");
  }
  static void ExpectRefusedTable(const std::string& name, const std::string& bytes,
                                 const std::string& reason_after_path) {
    const std::string dir = TablesDir(name, &bytes);
    ExpectRefused({"--tables_dir=" + dir}, dir + "/eight.tbl: " + reason_after_path);
  }
};

TEST_F(BadStartTest, MissingTruncatedCorruptAndOldTables) {
  ExpectRefused({"--tables_dir=/no/such/dir"},
                "cannot open /no/such/dir/eight.tbl: No such file or directory");
  const std::string good = Read(kTable);
  ExpectRefusedTable("empty", "",
                     "empty file; expected a puzzle table (96-byte header, then sections)");
  ExpectRefusedTable("short", good.substr(0, 40),
                     "truncated header: file is 40 bytes; the header alone is 96");
  ExpectRefusedTable("truncated", good.substr(0, good.size() - 1000),
                     absl::StrCat("truncated file: file_size at offset 72 says ", good.size(),
                                  " bytes, the file has ", good.size() - 1000));
  std::string magic = good;
  magic[1] = 'X';
  ExpectRefusedTable("magic", magic,
                     "bad magic at offset 0; not a puzzle table file (expected \"PZTABLE\\n\")");
  std::string v1 = good;
  v1[8] = 1;
  ExpectRefusedTable("v1", v1,
                     "format_version 1 at offset 8; this build reads version 2. Regenerate the "
                     "table: bazel build //data:tables (or run //generator:table_generator)");
  std::string flipped = good;
  flipped[good.size() / 2] ^= 4;
  const std::string dir = TablesDir("flipped", &flipped);
  std::string err;
  EXPECT_EQ(ServerProcess::RunToExit({"--address=127.0.0.1:0", "--tables_dir=" + dir}, &err), 1);
  EXPECT_NE(err.find(dir + "/eight.tbl: section 'last_moves': checksum mismatch"),
            std::string::npos)
      << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << "one line: " << err;
}

TEST_F(BadStartTest, AFifoIsRefusedAtOnceInsteadOfBlocking) {
  const std::string dir = TablesDir("fifo", nullptr);
  const std::string fifo = dir + "/eight.tbl";
  unlink(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const absl::Time start = absl::Now();
  ExpectRefused({"--tables_dir=" + dir},
                fifo + ": is a FIFO, not a regular file; expected a table file");
  EXPECT_LT(absl::Now() - start, absl::Seconds(15));
}

TEST_F(BadStartTest, ATableOfAnotherPuzzleIsRefused) {
  const std::string rotation = Read("data/rotation.tbl");
  const std::string dir = TablesDir("swapped", &rotation);
  ExpectRefused({"--tables_dir=" + dir},
                dir +
                    "/eight.tbl: holds puzzle rotation-game, table rotation; expected puzzle "
                    "eight, table eight");
}

TEST_F(BadStartTest, FlagsAreValidatedWithOneLineEach) {
  ExpectRefused({"--address=127.0.0.1:99999"},
                "--address=127.0.0.1:99999: port 99999 is not in 1-65535 (0 picks a free port)");
  ExpectRefused({"--http_address=localhost"},
                "--http_address=localhost: expected host:port (or unix:/path)");
  std::string err;
  EXPECT_EQ(ServerProcess::RunToExit(
                {"--address=127.0.0.1:50123", "--http_address=127.0.0.1:50123"}, &err),
            1);
  EXPECT_EQ(err,
            "puzzle_oracle_server: cannot start: --http_address=127.0.0.1:50123 is the same "
            "endpoint as --address; give HTTP a port of its own\n");
  ExpectRefused({"--puzzles=eight,sixteen"},
                "--puzzles: unknown puzzle 'sixteen'; known: " + puzzle::PuzzleNames());
  ExpectRefused({"--max_batch_size=0"}, "--max_batch_size=0; expected at least 1");
  ExpectRefused({"--table_advice=lots"},
                "--table_advice='lots'; expected none, sequential, willneed, populate or "
                "private_huge_pages");
}

TEST_F(BadStartTest, APortInUseIsRefusedNotShared) {
  auto first = ServerProcess::Start(
      {"--address=127.0.0.1:0", "--http_address=127.0.0.1:0", "--puzzles=eight"});
  ASSERT_TRUE(first.ok()) << first.status();
  std::string err;
  EXPECT_EQ(ServerProcess::RunToExit({"--address=" + (*first)->address(), "--puzzles=eight"}, &err),
            1);
  EXPECT_EQ(err, "puzzle_oracle_server: cannot start: cannot listen on " + (*first)->address() +
                     " (address in use, or not a valid address)\n");
  EXPECT_EQ(
      ServerProcess::RunToExit({"--address=127.0.0.1:0",
                                "--http_address=" + (*first)->http_address(), "--puzzles=eight"},
                               &err),
      1);
  EXPECT_NE(err.find("cannot listen for HTTP on " + (*first)->http_address()), std::string::npos)
      << err;
  EXPECT_EQ((*first)->Stop(SIGTERM), 0);
}

// Serving from a mapping: a table replaced by a rename changes nothing; one truncated in place
// ends the server at once with exit code 3 and a line naming the file (never a wrong answer).
class ServedTableTest : public BadStartTest {
 protected:
  std::string Solve(const std::string& address) {
    auto stub = api::EightPuzzle::NewStub(client::MakeChannel(address, 1 << 20));
    grpc::ClientContext context;
    api::SolveRequest request;
    request.set_start("564178X23");
    request.set_goal("7568X4123");
    api::SolveResponse response;
    const grpc::Status s =
        stub->Solve(WithDeadline(&context, absl::Seconds(5)), request, &response);
    return s.ok() ? response.moves() : "error: " + s.error_message();
  }
};

// gRPC unlinks a socket file before binding it: a second server must not take a live one over,
// but may replace a stale one. (Here and in the test above, the servers serve only the eight
// puzzle, from the tables the binary's runfiles lead to: they start in a fraction of a second.)
TEST_F(ServedTableTest, AUnixSocketInUseIsRefusedAndAStaleOneReplaced) {
  const std::string path = absl::StrCat("/tmp/oracle-e2e-taken-", getpid(), ".sock");
  const std::string address = "unix:" + path;
  auto first = ServerProcess::Start({"--address=" + address, "--puzzles=eight"});
  ASSERT_TRUE(first.ok()) << first.status();
  std::string err;
  EXPECT_EQ(ServerProcess::RunToExit({"--address=" + address, "--puzzles=eight"}, &err), 1);
  EXPECT_EQ(err, "puzzle_oracle_server: cannot start: cannot listen on " + address +
                     " (another server is listening on this socket; it is not taken over)\n");
  EXPECT_EQ(ServerProcess::RunToExit({"--address=unix://" + path, "--puzzles=eight"}, &err), 1);
  EXPECT_NE(err.find("another server is listening on this socket"), std::string::npos) << err;
  EXPECT_EQ(Solve(address), "urrulldr");              // the first server still has its socket
  EXPECT_EQ((*first)->Stop(SIGKILL), 128 + SIGKILL);  // leaves the socket file behind
  struct stat st;
  ASSERT_EQ(::lstat(path.c_str(), &st), 0);
  ASSERT_TRUE(S_ISSOCK(st.st_mode));
  auto second = ServerProcess::Start({"--address=" + address, "--puzzles=eight"});
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ((*second)->Stop(SIGTERM), 0);
  ::unlink(path.c_str());
}

TEST_F(ServedTableTest, AReplacementByRenameChangesNothing) {
  const std::string dir = TablesDir("renamed", nullptr);
  auto started = ServerProcess::Start({"--address=127.0.0.1:0", "--tables_dir=" + dir});
  ASSERT_TRUE(started.ok()) << started.status();
  EXPECT_EQ(Solve((*started)->address()), "urrulldr");
  const std::string other = dir + "/other.tbl";
  Write(other, "not a table");
  ASSERT_EQ(rename(other.c_str(), (dir + "/eight.tbl").c_str()), 0);
  EXPECT_EQ(Solve((*started)->address()), "urrulldr");
  EXPECT_EQ(CheckHealth(client::MakeChannel((*started)->address(), 1 << 20)),
            HealthCheckResponse::SERVING);
  EXPECT_EQ((*started)->Stop(SIGTERM), 0) << (*started)->Stderr();
}

// --table_advice=private_huge_pages serves the same answers from private copies and says how
// much of them the kernel put in huge pages.
TEST_F(ServedTableTest, PrivateHugePagesServeTheSameAnswersAndSaySo) {
  // A minute to start: where memory is fragmented (seen here after a benchmark had held 3.3 GB
  // in huge pages), the kernel compacts it while the copies fault in, and the start took over 20 s
  // in a full test run. The tables of the runfiles (not the directory the binary's runfiles lead
  // to, which holds any opt-in large tier built in the workspace: 3.33 GB more to copy).
  auto started = ServerProcess::Start({"--address=127.0.0.1:0", "--table_advice=private_huge_pages",
                                       std::string("--tables_dir=") + kTablesDir},
                                      absl::Seconds(60));
  ASSERT_TRUE(started.ok()) << started.status();
  EXPECT_EQ(Solve((*started)->address()), "urrulldr");
  EXPECT_NE((*started)->Stderr().find("--table_advice=private_huge_pages: "), std::string::npos)
      << (*started)->Stderr();
  EXPECT_NE((*started)->Stderr().find(" MB of tables copied into private memory, "),
            std::string::npos)
      << (*started)->Stderr();
  EXPECT_EQ((*started)->Stop(SIGTERM), 0) << (*started)->Stderr();
}

TEST_F(ServedTableTest, ATruncationInPlaceStopsTheServer) {
  const std::string dir = TablesDir("truncated-live", nullptr);
  auto started = ServerProcess::Start({"--address=127.0.0.1:0", "--tables_dir=" + dir});
  ASSERT_TRUE(started.ok()) << started.status();
  EXPECT_EQ(Solve((*started)->address()), "urrulldr");
  ASSERT_EQ(truncate((dir + "/eight.tbl").c_str(), 4096), 0);
  const int exit_code = (*started)->Stop(0);  // wait: it must end by itself
  EXPECT_EQ(exit_code, 3);
  EXPECT_NE((*started)->Stderr().find("table file " + dir + "/eight.tbl "), std::string::npos)
      << (*started)->Stderr();
  EXPECT_NE((*started)->Stderr().find("Replace table files with an atomic rename, never in place."),
            std::string::npos)
      << (*started)->Stderr();
}

}  // namespace
}  // namespace tests
