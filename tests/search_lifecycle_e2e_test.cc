// How searches end, through the real server binary: with their client (a plain HTTP request or
// batch whose client disconnects cancels its search, and /metrics counts it CANCELLED), when the
// executor is full (:solveWatch is a 429 like :solve), and at shutdown (every open :solveWatch
// stream gets a last "error" event; an idle server exits at once, whatever idle channels,
// health watches and streams its clients hold open).
//
// The long search is an 80-move 15-puzzle pair (about 6 s with the default tier on this
// machine), so a search that is not cancelled is seconds, where a cancelled one is milliseconds.
// How soon exactly is bench/fifteen_server_benchmark's job; the bounds here only tell the two
// apart.
#include <grpcpp/client_context.h>
#include <httplib.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "client/remote_oracle.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "gtest/gtest.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "tests/abuse/abuse_client.h"
#include "tests/server_process.h"

namespace tests {
namespace {

namespace v2 = ::puzzleoracle::v2;
using abuse::FormatRequest;
using abuse::RawConnection;

constexpr char kHard[] = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";  // 80 moves from kKorfGoal
constexpr char kKorfGoal[] = "X123456789ABCDEF";
constexpr char kKorf1[] = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";  // 57 moves from kKorfGoal
constexpr char kSolvePath[] = "/v2/puzzles/fifteen:solve";

std::string SolveBody() {
  return absl::StrCat(R"({"start": ")", kHard, R"(", "goal": ")", kKorfGoal, R"("})");
}

bool WaitUntil(const std::function<bool()>& condition, absl::Duration timeout = absl::Seconds(60)) {
  const absl::Time deadline = absl::Now() + timeout;
  while (!condition()) {
    if (absl::Now() >= deadline) return false;
    absl::SleepFor(absl::Milliseconds(5));
  }
  return true;
}

class SearchLifecycleTest : public ::testing::Test {
 protected:
  void Start(std::vector<std::string> flags) {
    // The tables this test's runfiles hold (//data:tables): the default tier only. Left to
    // itself the server would find the directory Bazel builds them in, which also holds the
    // opt-in fifteen-large.tbl once it was built, and that tier ends the hard search early.
    flags.insert(flags.begin(), {"--address=127.0.0.1:0", "--http_address=127.0.0.1:0",
                                 "--puzzles=fifteen", "--tables_dir=data"});
    auto started = ServerProcess::Start(flags);
    ASSERT_TRUE(started.ok()) << started.status();
    server_ = std::move(*started);
    channel_ = client::MakeChannel(server_->address(), 1 << 20);
    stub_ = v2::PuzzleOracle::NewStub(channel_);
    const std::string& http = server_->http_address();
    int port = 0;
    ASSERT_TRUE(absl::SimpleAtoi(http.substr(http.rfind(':') + 1), &port));
    http_ = std::make_unique<httplib::Client>("127.0.0.1", port);
    http_->set_read_timeout(30, 0);
  }

  // The value of the first /metrics series whose line has every one of `parts`, or 0.
  double Metric(const std::vector<std::string>& parts) {
    httplib::Result result = http_->Get("/metrics");
    if (!result || result->status != 200) return -1;
    for (absl::string_view line : absl::StrSplit(result->body, '\n')) {
      bool all = !absl::StartsWith(line, "#");
      for (const std::string& part : parts) all = all && absl::StrContains(line, part);
      double value = 0;
      if (all && absl::SimpleAtod(line.substr(line.rfind(' ') + 1), &value)) return value;
    }
    return 0;
  }
  double HttpRequests(absl::string_view verb, absl::string_view code) {
    return Metric({"puzzle_oracle_requests_total{", R"(transport="http")",
                   absl::StrCat(R"(method="POST /v2/puzzles/{puzzle}:)", verb, R"(")"),
                   absl::StrCat(R"(code=")", code, R"(")")});
  }
  double HttpInFlight() {
    return Metric({"puzzle_oracle_in_flight_requests{", R"(transport="http")"});
  }

  grpc::Status Solve(const std::string& start, v2::SolveResponse* response,
                     grpc::ClientContext* context = nullptr) {
    grpc::ClientContext local;
    if (context == nullptr) context = &local;
    context->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(60)));
    v2::SolveRequest request;
    request.set_puzzle("fifteen");
    request.set_start(start);
    request.set_goal(kKorfGoal);
    return stub_->Solve(context, request, response);
  }

  // Opens `n` connections, each sending `path` with `body`, and waits until the server holds
  // all of them (its in-flight gauge).
  std::vector<std::unique_ptr<RawConnection>> SendAndHold(int n, const std::string& path,
                                                          const std::string& body) {
    std::vector<std::unique_ptr<RawConnection>> conns;
    for (int i = 0; i < n; ++i) {
      absl::StatusOr<std::unique_ptr<RawConnection>> conn =
          RawConnection::Connect(server_->http_address());
      EXPECT_TRUE(conn.ok()) << conn.status();
      if (!conn.ok()) break;
      EXPECT_TRUE((*conn)->Write(FormatRequest("POST", path, {}, body)).ok());
      conns.push_back(*std::move(conn));
    }
    EXPECT_TRUE(WaitUntil([&] { return HttpInFlight() >= n; })) << HttpInFlight();
    return conns;
  }

  std::unique_ptr<ServerProcess> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v2::PuzzleOracle::Stub> stub_;
  std::unique_ptr<httplib::Client> http_;
};

// 50 clients ask for an 80-move search over plain HTTP and hang up. Every search is cancelled
// (counted CANCELLED, none OK), and a new solve is answered as on an idle server.
TEST_F(SearchLifecycleTest, DroppedHttpSolvesAreCancelledAndFreeTheWorkers) {
  Start({"--solve_threads=2", "--solve_queue=64", "--max_search_time=300s"});
  std::vector<std::unique_ptr<RawConnection>> dropped = SendAndHold(50, kSolvePath, SolveBody());
  dropped.clear();  // all 50 clients close their sockets
  EXPECT_TRUE(WaitUntil([&] { return HttpRequests("solve", "CANCELLED") == 50; }))
      << HttpRequests("solve", "CANCELLED") << " cancelled";
  EXPECT_EQ(HttpRequests("solve", "OK"), 0);
  // Uncancelled, the 50 searches would hold both workers for minutes. The fastest of 3 solves
  // of Korf's instance 1 (about 3 ms alone; a few times that under a sanitizer).
  const absl::Duration bound =
      std::getenv("SANITIZER") != nullptr ? absl::Seconds(1) : absl::Milliseconds(100);
  absl::Duration fastest = absl::InfiniteDuration();
  for (int i = 0; i < 3; ++i) {
    v2::SolveResponse response;
    const absl::Time start = absl::Now();
    ASSERT_TRUE(Solve(kKorf1, &response).ok());
    fastest = std::min(fastest, absl::Now() - start);
    EXPECT_EQ(response.distance(), 57);
  }
  EXPECT_LT(fastest, bound);
}

// A batch of long searches whose client hangs up is cancelled whole, and counted so.
TEST_F(SearchLifecycleTest, ADroppedHttpBatchIsCancelled) {
  Start({"--solve_threads=1", "--max_search_time=300s"});
  std::string items;
  for (int i = 0; i < 4; ++i) {
    absl::StrAppend(&items, i ? "," : "", R"({"start": ")", kHard, R"(", "goal": ")", kKorfGoal,
                    R"("})");
  }
  std::vector<std::unique_ptr<RawConnection>> dropped =
      SendAndHold(1, "/v2/puzzles/fifteen:solveBatch", absl::StrCat(R"({"items": [)", items, "]}"));
  dropped.clear();
  EXPECT_TRUE(WaitUntil([&] { return HttpRequests("solveBatch", "CANCELLED") == 1; }));
  EXPECT_EQ(HttpRequests("solveBatch", "OK"), 0);
  v2::SolveResponse response;
  ASSERT_TRUE(Solve(kKorf1, &response).ok());  // the only worker is free again
  EXPECT_EQ(response.distance(), 57);
}

// With the only worker busy and no queue, :solveWatch is refused as :solve is: 429 and the JSON
// error, not a 200 whose stream says so.
TEST_F(SearchLifecycleTest, ASolveWatchRefusedWhenBusyIs429) {
  Start({"--solve_threads=1", "--solve_queue=0", "--max_search_time=300s"});
  grpc::ClientContext busy;
  std::thread search([&] {
    v2::SolveResponse response;
    Solve(kHard, &response, &busy);
  });
  EXPECT_TRUE(WaitUntil([&] {
    return Metric({"puzzle_oracle_in_flight_requests{", R"(transport="grpc")"}) >= 1;
  }));
  for (const std::string verb : {"solve", "solveWatch"}) {
    httplib::Result result =
        http_->Post(absl::StrCat("/v2/puzzles/fifteen:", verb), SolveBody(), "application/json");
    ASSERT_TRUE(result) << verb;
    EXPECT_EQ(result->status, 429) << verb;
    EXPECT_TRUE(absl::StartsWith(result->body, R"({"code":8,"message":")")) << result->body;
    EXPECT_TRUE(absl::StrContains(result->body, "--solve_queue")) << result->body;
    EXPECT_EQ(result->get_header_value("Content-Type"), "application/json") << verb;
  }
  busy.TryCancel();
  search.join();
}

// SIGTERM with :solveWatch streams open, running or waiting for a worker: each gets 200 at
// once, and after the grace period a last "error" event, UNAVAILABLE "server shutting down".
TEST_F(SearchLifecycleTest, SigtermEndsEveryOpenSolveWatchWithAnErrorEvent) {
  Start({"--solve_threads=2", "--solve_queue=64", "--shutdown_grace=1s", "--max_search_time=300s"});
  constexpr int kStreams = 10;
  std::vector<std::unique_ptr<RawConnection>> streams;
  for (int i = 0; i < kStreams; ++i) {
    absl::StatusOr<std::unique_ptr<RawConnection>> conn =
        RawConnection::Connect(server_->http_address());
    ASSERT_TRUE(conn.ok()) << conn.status();
    ASSERT_TRUE(
        (*conn)
            ->Write(FormatRequest("POST", "/v2/puzzles/fifteen:solveWatch", {}, SolveBody()))
            .ok());
    absl::StatusOr<abuse::HttpReply> head = (*conn)->ReadResponseHead(absl::Seconds(30));
    ASSERT_TRUE(head.ok()) << head.status();
    EXPECT_EQ(head->status, 200);
    EXPECT_EQ(*head->Header("Content-Type"), "text/event-stream");
    streams.push_back(*std::move(conn));
  }
  const absl::Time signalled = absl::Now();
  std::thread stopper([&] { EXPECT_EQ(server_->Stop(SIGTERM, absl::Seconds(60)), 0); });
  const std::string last = R"(event: error)"
                           "\n"
                           R"(data: {"code":14,"message":"server shutting down"})"
                           "\n\n";
  for (int i = 0; i < kStreams; ++i) {
    std::string text;
    while (true) {
      absl::StatusOr<std::string> chunk = streams[i]->ReadChunk(absl::Seconds(60));
      ASSERT_TRUE(chunk.ok()) << "stream " << i << ": " << chunk.status() << " after " << text;
      if (chunk->empty()) break;  // the final chunk: the stream ended cleanly
      text += *chunk;
    }
    EXPECT_TRUE(absl::EndsWith(text, last)) << "stream " << i << ": " << text;
    EXPECT_FALSE(absl::StrContains(text, "event: answer")) << "stream " << i;
  }
  // Not before the grace period: the searches were given it.
  EXPECT_GE(absl::Now() - signalled, absl::Seconds(1));
  stopper.join();
}

// Open gRPC channels, a health Watch (as a load balancer keeps) and an idle HTTP keep-alive
// connection are no calls in flight: SIGTERM ends the server at once, not after its 30 s grace
// (nor after the seconds idle client channels take to close by themselves). (An open SolveStream
// is a call in flight, and keeps working through the grace: server_e2e_test.)
TEST_F(SearchLifecycleTest, AnIdleServerExitsOnSigtermAtOnce) {
  Start({"--shutdown_grace=30s"});
  v2::SolveResponse response;
  ASSERT_TRUE(Solve(kKorf1, &response).ok());
  auto idle_channel = client::MakeChannel(server_->address(), 1 << 20);  // connected, then idle
  v2::ListPuzzlesResponse puzzles;
  grpc::ClientContext list_context;
  ASSERT_TRUE(
      v2::PuzzleOracle::NewStub(idle_channel)->ListPuzzles(&list_context, {}, &puzzles).ok());
  auto health = grpc::health::v1::Health::NewStub(channel_);
  grpc::ClientContext watch_context;
  std::unique_ptr<grpc::ClientReader<grpc::health::v1::HealthCheckResponse>> watch =
      health->Watch(&watch_context, grpc::health::v1::HealthCheckRequest());
  grpc::health::v1::HealthCheckResponse status;
  ASSERT_TRUE(watch->Read(&status));
  EXPECT_EQ(status.status(), grpc::health::v1::HealthCheckResponse::SERVING);
  httplib::Result metrics = http_->Get("/metrics");  // leaves a keep-alive connection open
  ASSERT_TRUE(metrics);

  absl::Duration took;
  EXPECT_EQ(server_->Stop(SIGTERM, absl::Seconds(60), &took), 0);
  EXPECT_LT(took, absl::Seconds(2)) << "waited for idle clients";
  // The health watch saw NOT_SERVING and ended, saying why.
  while (watch->Read(&status)) {
    EXPECT_EQ(status.status(), grpc::health::v1::HealthCheckResponse::NOT_SERVING);
  }
  const grpc::Status watch_end = watch->Finish();
  EXPECT_EQ(watch_end.error_code(), grpc::StatusCode::UNAVAILABLE) << watch_end.error_message();
}

}  // namespace
}  // namespace tests
