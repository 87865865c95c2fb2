// A search puzzle (the 15-puzzle) through the real server binary: the paths a search has and a
// table lookup does not. Each answer reports nodes and time; an unsolvable pair is answered
// without search; --max_search_time ends a search as DEADLINE_EXCEEDED naming the bound proven;
// the call's deadline and cancellation reach the search and free its worker; a full executor is
// RESOURCE_EXHAUSTED; a batch gives the queries it never started their own status; HTTP maps
// the same; /metrics records searches and deadline-exceeded calls.
//
// The hard pair is one of the 80-move positions (about 6 s with the default tier, on this
// machine): every test that uses it stops it long before it ends, at a deadline of 1 s at most.
// No test asserts how long anything took: a loaded machine makes everything slower. That a
// stopped search did stop, rather than run on to its end on the only worker, is shown by the
// metrics: a search that ends is recorded as finished before its worker takes the next query, so
// once the next query is answered the count of finished searches says whether the hard one
// finished. Waits are polls with bounds only a hung server reaches; the figures (for example how
// soon a cancelled call frees its worker) are measured by bench/fifteen_server_benchmark.
#include <grpcpp/client_context.h>
#include <httplib.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "client/remote_oracle.h"
#include "gtest/gtest.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "tests/server_process.h"

namespace tests {
namespace {

namespace v2 = ::puzzleoracle::v2;

constexpr char kHard[] = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";  // 80 moves from kKorfGoal
constexpr char kKorfGoal[] = "X123456789ABCDEF";
constexpr char kKorf1[] = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";  // 57 moves from kKorfGoal

class SearchE2eTest : public ::testing::Test {
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
    stub_ = v2::PuzzleOracle::NewStub(client::MakeChannel(server_->address(), 1 << 20));
    const std::string& http = server_->http_address();
    int port = 0;
    ASSERT_TRUE(absl::SimpleAtoi(http.substr(http.rfind(':') + 1), &port));
    http_ = std::make_unique<httplib::Client>("127.0.0.1", port);
    http_->set_read_timeout(30, 0);
  }

  grpc::Status Solve(const std::string& start, const std::string& goal, v2::SolveResponse* response,
                     absl::Duration deadline = absl::Seconds(30),
                     grpc::ClientContext* context = nullptr) {
    grpc::ClientContext local;
    if (context == nullptr) context = &local;
    context->set_deadline(absl::ToChronoTime(absl::Now() + deadline));
    v2::SolveRequest request;
    request.set_puzzle("fifteen");
    request.set_start(start);
    request.set_goal(goal);
    return stub_->Solve(context, request, response);
  }

  // Solves an easy query (one move) once a worker takes it, retrying while the executor is
  // busy, for up to 60 s (longer than the hard search takes to its end, so that a search that
  // failed to stop shows in FinishedSearches, not as a timeout here). Returns how long until it
  // was answered, or InfiniteDuration.
  absl::Duration TimeUntilAnEasyQueryIsAnswered() {
    const absl::Time start = absl::Now();
    while (absl::Now() - start < absl::Seconds(60)) {
      v2::SolveResponse response;
      const grpc::Status s = Solve("123456789ABCDEXF", "", &response);
      if (s.ok()) {
        EXPECT_EQ(response.moves(), "r");
        return absl::Now() - start;
      }
      EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
      absl::SleepFor(absl::Milliseconds(1));
    }
    return absl::InfiniteDuration();
  }

  // The searches that ran to their end (answered), from /metrics; -1 when it cannot be read.
  int FinishedSearches() {
    httplib::Result r = http_->Get("/metrics");
    if (!r || r->status != 200) return -1;
    const std::string kSeries = "puzzle_oracle_search_nodes_count{puzzle=\"fifteen\"} ";
    const size_t at = r->body.find(kSeries);
    if (at == std::string::npos) return 0;  // a histogram appears once it has an observation
    const size_t begin = at + kSeries.size();
    int count = -1;
    if (!absl::SimpleAtoi(r->body.substr(begin, r->body.find('\n', begin) - begin), &count)) {
      return -1;
    }
    return count;
  }

  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<v2::PuzzleOracle::Stub> stub_;
  std::unique_ptr<httplib::Client> http_;
};

// "... the optimal length is at least N" (at the end) -> N, or -1. (No std::regex: GCC 12's
// <regex> trips -Werror=maybe-uninitialized in the sanitizer builds.)
int ProvenBound(const std::string& message) {
  const std::string kPrefix = "the optimal length is at least ";
  const size_t at = message.rfind(kPrefix);
  int bound = 0;
  if (at == std::string::npos ||
      !absl::SimpleAtoi(absl::string_view(message).substr(at + kPrefix.size()), &bound)) {
    return -1;
  }
  return bound;
}

TEST_F(SearchE2eTest, AnswersReportNodesAndTimeAndUnsolvablePairsNeedNoSearch) {
  Start({});
  v2::SolveResponse response;
  ASSERT_TRUE(Solve(kKorf1, kKorfGoal, &response).ok());
  EXPECT_EQ(response.distance(), 57);
  EXPECT_EQ(response.moves(), "ulddruuuldddruurrdldluurulldrdruurdddluuurdddluluurrdlllu");
  EXPECT_TRUE(response.has_search());
  EXPECT_GE(response.search().nodes(), 57u);
  EXPECT_GT(response.search().milliseconds(), 0.0);

  ASSERT_TRUE(Solve(kHard, "123456789ABCDEFX", &response).ok());  // the other parity class
  EXPECT_FALSE(response.solvable());
  EXPECT_EQ(response.distance(), -1);
  EXPECT_EQ(response.search().nodes(), 0u);
}

TEST_F(SearchE2eTest, MaxSearchTimeEndsASearchNamingTheBoundProven) {
  // 1 s: far from the hard search's end, and far beyond what the easy one below needs.
  Start({"--max_search_time=1s"});
  v2::SolveResponse response;
  // The call's own deadline (30 s) is later: the message proves --max_search_time stopped it.
  const grpc::Status s = Solve(kHard, kKorfGoal, &response);
  ASSERT_EQ(s.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << s.error_message();
  EXPECT_TRUE(
      absl::StartsWith(s.error_message(), "search stopped by --max_search_time (1s) after "))
      << s.error_message();
  EXPECT_TRUE(absl::StrContains(s.error_message(), " nodes; the optimal length is at least "));
  const int bound = ProvenBound(s.error_message());
  EXPECT_GE(bound, 40) << s.error_message();  // at least the heuristic's value of the start
  EXPECT_LE(bound, 80) << s.error_message();  // never more than the true distance

  // The same over HTTP: 504, the same message shape.
  httplib::Result r = http_->Post(
      "/v2/puzzles/fifteen:solve",
      absl::StrCat("{\"start\":\"", kHard, "\",\"goal\":\"", kKorfGoal, "\"}"), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 504);
  EXPECT_TRUE(absl::StrContains(r->body, "search stopped by --max_search_time (1s)")) << r->body;

  // Calls that hit their deadline are counted as DEADLINE_EXCEEDED, and finished searches are
  // recorded per puzzle: the one below, not the two stopped ones.
  ASSERT_TRUE(Solve(kKorf1, kKorfGoal, &response).ok());
  EXPECT_EQ(response.distance(), 57);
  r = http_->Get("/metrics");
  ASSERT_TRUE(r);
  EXPECT_TRUE(absl::StrContains(r->body, "code=\"DEADLINE_EXCEEDED\"")) << r->body;
  EXPECT_TRUE(
      absl::StrContains(r->body, "puzzle_oracle_search_nodes_count{puzzle=\"fifteen\"} 1\n"))
      << r->body;
  EXPECT_TRUE(absl::StrContains(
      r->body, "puzzle_oracle_search_duration_seconds_count{puzzle=\"fifteen\"} 1\n"))
      << r->body;
}

TEST_F(SearchE2eTest, TheCallsDeadlineStopsTheSearchAndFreesItsWorker) {
  Start({"--solve_threads=1", "--solve_queue=0"});
  v2::SolveResponse response;
  const grpc::Status s = Solve(kHard, kKorfGoal, &response, absl::Milliseconds(300));
  EXPECT_EQ(s.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << s.error_message();
  // The only worker takes the next query, and the hard search never finished: it stopped at
  // the call's deadline instead of running on to its end.
  ASSERT_NE(TimeUntilAnEasyQueryIsAnswered(), absl::InfiniteDuration());
  EXPECT_EQ(FinishedSearches(), 1);  // the easy query's
}

TEST_F(SearchE2eTest, AFullExecutorIsResourceExhaustedAndCancellingFreesTheWorker) {
  Start({"--solve_threads=1", "--solve_queue=0"});
  // The hard call, retried while refused (a probe below may hold the worker when it arrives),
  // until it is cancelled. `mu` guards the context of the attempt in flight and `cancelled`.
  std::mutex mu;
  grpc::ClientContext* in_flight = nullptr;
  bool cancelled = false;
  grpc::Status hard_status;
  std::atomic<bool> hard_done{false};
  std::thread hard([&] {
    for (;;) {
      grpc::ClientContext context;
      {
        std::lock_guard<std::mutex> lock(mu);
        if (cancelled) {  // cancelled between two attempts: as the attempt would have been
          hard_status = grpc::Status(grpc::StatusCode::CANCELLED, "cancelled before it was sent");
          break;
        }
        in_flight = &context;
      }
      v2::SolveResponse response;
      hard_status = Solve(kHard, kKorfGoal, &response, absl::Seconds(60), &context);
      {
        std::lock_guard<std::mutex> lock(mu);
        in_flight = nullptr;
      }
      if (hard_status.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED) break;
    }
    hard_done = true;
  });
  // Once the hard search holds the only worker, another search is refused at once. A probe may
  // run first, before the hard call arrives (each such probe is a finished search), or be refused
  // while the hard call waits for the worker to take it (the executor counts it as waiting: "0
  // searches running and 1 waiting"); the probes go on until the refusal says it runs.
  const std::string kWaiting =
      "the server is busy: 0 searches running and 1 waiting (--solve_threads, --solve_queue); "
      "retry later";
  grpc::Status refused;
  int probes_answered = 0;
  const absl::Time until = absl::Now() + absl::Seconds(60);
  do {
    absl::SleepFor(absl::Milliseconds(20));
    v2::SolveResponse response;
    refused = Solve(kKorf1, kKorfGoal, &response);
    if (refused.ok()) ++probes_answered;
  } while ((refused.ok() || refused.error_message() == kWaiting) && absl::Now() < until);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(refused.error_message(),
            "the server is busy: 1 searches running and 0 waiting (--solve_threads, "
            "--solve_queue); retry later");
  EXPECT_FALSE(hard_done);

  {
    std::lock_guard<std::mutex> lock(mu);
    cancelled = true;
    if (in_flight != nullptr) in_flight->TryCancel();
  }
  const absl::Duration freed = TimeUntilAnEasyQueryIsAnswered();
  ASSERT_NE(freed, absl::InfiniteDuration());
  hard.join();
  EXPECT_EQ(hard_status.error_code(), grpc::StatusCode::CANCELLED) << hard_status.error_message();
  // The cancelled search never finished: only the probes that ran and the easy query did.
  EXPECT_EQ(FinishedSearches(), probes_answered + 1);
  std::printf("a cancelled search's worker answered the next query %s after the cancel\n",
              absl::FormatDuration(freed).c_str());
}

// SolveWatch on a long search: progress at most every 100 ms (the bound never falls, the nodes and
// the time grow), and cancelling it ends the stream CANCELLED and frees the only worker.
TEST_F(SearchE2eTest, SolveWatchReportsProgressAndCancellingEndsIt) {
  Start({"--solve_threads=1", "--solve_queue=0"});
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(60)));
  v2::SolveRequest request;
  request.set_puzzle("fifteen");
  request.set_start(kHard);
  request.set_goal(kKorfGoal);
  auto reader = stub_->SolveWatch(&context, request);
  std::vector<v2::SolveProgress> progress;
  v2::SolveWatchResponse event;
  while (progress.size() < 5 && reader->Read(&event)) {
    ASSERT_TRUE(event.has_progress()) << "an answer before 5 progress messages";
    progress.push_back(event.progress());
  }
  ASSERT_EQ(progress.size(), 5u);
  EXPECT_GE(progress.front().bound(), 40);  // the start's heuristic value at least
  for (size_t i = 1; i < progress.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_GE(progress[i].bound(), progress[i - 1].bound());
    EXPECT_LE(progress[i].bound(), 80);
    EXPECT_GT(progress[i].nodes(), progress[i - 1].nodes());
    // The server's own elapsed times: a report waits for 100 ms after the previous one (on the
    // search's clock, so load cannot break it; 99.9 allows for the doubles' rounding). How much
    // later one comes depends on scheduling and is not checked.
    const double gap = progress[i].milliseconds() - progress[i - 1].milliseconds();
    EXPECT_GE(gap, 99.9);
  }
  context.TryCancel();
  while (reader->Read(&event)) EXPECT_FALSE(event.has_answer());
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::CANCELLED);
  // The worker takes the next query, and the watched search never finished.
  ASSERT_NE(TimeUntilAnEasyQueryIsAnswered(), absl::InfiniteDuration());
  EXPECT_EQ(FinishedSearches(), 1);
}

// The same over HTTP, as Server-Sent Events: progress events, then the search's stop as an
// "error" event carrying the DEADLINE_EXCEEDED code and the bound proven.
TEST_F(SearchE2eTest, SolveWatchOverHttpSendsProgressEventsThenTheStop) {
  Start({"--max_search_time=700ms"});
  httplib::Result r = http_->Post(
      "/v2/puzzles/fifteen:solveWatch",
      absl::StrCat("{\"start\":\"", kHard, "\",\"goal\":\"", kKorfGoal, "\"}"), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  int progress_events = 0;
  for (size_t at = r->body.find("event: progress\n"); at != std::string::npos;
       at = r->body.find("event: progress\n", at + 1)) {
    ++progress_events;
  }
  // At least one (a report needs 100 ms of search; how many fit in 700 ms depends on the load).
  EXPECT_GE(progress_events, 1) << r->body;
  const size_t error = r->body.find(
      "event: error\ndata: {\"code\":4,\"message\":\"search stopped "
      "by --max_search_time (700ms) after ");
  ASSERT_NE(error, std::string::npos) << r->body;
  EXPECT_GT(error, r->body.rfind("event: progress\n"));  // the stop comes last
  EXPECT_GE(ProvenBound(r->body.substr(0, r->body.find("\"}", error))), 40) << r->body;
  EXPECT_EQ(r->body.find("event: answer"), std::string::npos);
}

TEST_F(SearchE2eTest, ABatchThatRunsOutOfTimeSaysWhichQueriesNeverStarted) {
  // 1 s: far from the hard search's end, and far beyond what the first query needs.
  Start({"--max_search_time=1s", "--batch_threads=1"});
  v2::SolveBatchRequest request;
  request.set_puzzle("fifteen");
  for (const char* start : {kKorf1, kHard, kKorf1}) {
    v2::SolveItem* item = request.add_items();
    item->set_id(request.items_size());
    item->set_start(start);
    item->set_goal(kKorfGoal);
  }
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
  v2::SolveBatchResponse response;
  ASSERT_TRUE(stub_->SolveBatch(&context, request, &response).ok());
  ASSERT_EQ(response.results_size(), 3);
  EXPECT_EQ(response.results(0).code(), 0);
  EXPECT_EQ(response.results(0).answer().distance(), 57);
  EXPECT_EQ(response.results(1).code(), static_cast<int>(grpc::StatusCode::DEADLINE_EXCEEDED));
  EXPECT_GE(ProvenBound(response.results(1).error()), 40) << response.results(1).error();
  EXPECT_EQ(response.results(2).code(), static_cast<int>(grpc::StatusCode::DEADLINE_EXCEEDED));
  EXPECT_EQ(response.results(2).error(),
            "--max_search_time (1s) passed before this query was started");
}

}  // namespace
}  // namespace tests
