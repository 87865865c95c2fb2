// Every puzzle in the registry through every transport: the real server binary (all puzzles,
// HTTP on), real clients. For each puzzle, its own examples (puzzle.h's PuzzleExamples, from its
// folder) must come back exactly through gRPC v2 Solve, SolveBatch and SolveStream, HTTP
// :solve and :solveBatch, and its judge examples through the CLI, both against the server and
// in-process. A new puzzle is tested here by adding only its folder and its registry line.
#include <google/protobuf/util/json_util.h>
#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/time/clock.h"
#include "client/remote_oracle.h"
#include "gtest/gtest.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "puzzles/registry.h"
#include "tests/server_process.h"

namespace tests {
namespace {

namespace v2 = ::puzzleoracle::v2;

// One server for the whole suite.
class Server {
 public:
  static Server& Get() {
    static Server* server = new Server();
    return *server;
  }
  const std::string& address() const { return process_->address(); }
  v2::PuzzleOracle::Stub& stub() { return *stub_; }
  httplib::Client& http() { return *http_; }

 private:
  Server() {
    auto started = ServerProcess::Start({"--address=127.0.0.1:0", "--http_address=127.0.0.1:0",
                                         "--tables_dir=data", "--max_batch_size=100"});
    if (!started.ok()) {
      ADD_FAILURE() << started.status();
      std::abort();
    }
    process_ = *std::move(started);
    stub_ = v2::PuzzleOracle::NewStub(client::MakeChannel(process_->address(), 1 << 22));
    const std::string http = process_->http_address();
    int port = 0;
    if (!absl::SimpleAtoi(http.substr(http.rfind(':') + 1), &port)) std::abort();
    http_ = std::make_unique<httplib::Client>("127.0.0.1", port);
    http_->set_read_timeout(60, 0);
  }
  std::unique_ptr<ServerProcess> process_;
  std::unique_ptr<v2::PuzzleOracle::Stub> stub_;
  std::unique_ptr<httplib::Client> http_;
};

grpc::ClientContext* WithDeadline(grpc::ClientContext* context) {
  context->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(60)));
  return context;
}

template <typename Message>
std::string Json(const Message& message) {
  std::string out;
  google::protobuf::util::MessageToJsonString(message, &out);
  return out;
}

template <typename Message>
Message FromJson(const std::string& text) {
  Message message;
  const auto status = google::protobuf::util::JsonStringToMessage(text, &message);
  EXPECT_TRUE(status.ok()) << status.ToString() << " in " << text;
  return message;
}

// Compares an API answer with an example's (nodes and time are not compared).
void ExpectAnswer(const puzzle::SolveExample& e, const v2::SolveResponse& got) {
  SCOPED_TRACE(absl::StrCat("start '", e.start, "' goal '", e.goal, "'"));
  EXPECT_EQ(got.solvable(), e.answer.solvable);
  EXPECT_EQ(got.distance(), e.answer.distance);
  EXPECT_EQ(got.moves(), e.answer.moves);
  ASSERT_EQ(got.extras_size(), static_cast<int>(e.answer.extras.size()));
  for (int i = 0; i < got.extras_size(); ++i) EXPECT_EQ(got.extras(i).value(), e.answer.extras[i]);
}

// Runs the CLI with `args`, `input` on stdin; returns stdout, and stderr and the exit code.
std::string RunClient(const std::vector<std::string>& args, const std::string& input,
                      std::string* errors, int* exit_code) {
  const std::string in_path = absl::StrCat(std::getenv("TEST_TMPDIR"), "/judge_in.txt");
  const std::string err_path = absl::StrCat(std::getenv("TEST_TMPDIR"), "/judge_err.txt");
  FILE* f = std::fopen(in_path.c_str(), "wb");
  std::fwrite(input.data(), 1, input.size(), f);
  std::fclose(f);
  std::string command = "client/oracle_client";
  // Each argument single-quoted for the shell (a quote inside, as in "F'", closes, escapes and
  // reopens).
  for (const std::string& a : args) {
    absl::StrAppend(&command, " '", absl::StrReplaceAll(a, {{"'", "'\\''"}}), "'");
  }
  absl::StrAppend(&command, " < ", in_path, " 2> ", err_path);
  FILE* p = ::popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), p)) > 0) out.append(buffer, n);
  const int status = ::pclose(p);
  *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  errors->clear();
  FILE* e = std::fopen(err_path.c_str(), "rb");
  while ((n = std::fread(buffer, 1, sizeof(buffer), e)) > 0) errors->append(buffer, n);
  std::fclose(e);
  return out;
}

class PuzzleTransportsTest : public ::testing::TestWithParam<std::string> {
 protected:
  const puzzle::Puzzle& puzzle() const { return *puzzle::FindPuzzle(GetParam()); }
  const puzzle::PuzzleExamples& examples() const { return puzzle().examples(); }
  std::string Path(absl::string_view verb) const {
    return absl::StrCat("/v2/puzzles/", GetParam(), ":", verb);
  }
};

TEST_P(PuzzleTransportsTest, GrpcSolveAnswersEveryExampleAndNamesBadFields) {
  for (const puzzle::SolveExample& e : examples().solves) {
    v2::SolveRequest request;
    request.set_puzzle(GetParam());
    request.set_start(e.start);
    request.set_goal(e.goal);
    request.set_metric(e.metric);
    request.set_mode(e.mode);
    request.set_include_boards(true);
    v2::SolveResponse response;
    grpc::ClientContext context;
    const grpc::Status s = Server::Get().stub().Solve(WithDeadline(&context), request, &response);
    ASSERT_TRUE(s.ok()) << s.error_message();
    ExpectAnswer(e, response);
    const absl::Status replays = puzzle().CheckAnswer({e.start, e.goal, e.metric, e.mode},
                                                      client::AnswerFromResponse(response));
    EXPECT_TRUE(replays.ok()) << replays;
    if (e.answer.solvable) {
      // The boards replay the moves, as the puzzle itself traces them.
      absl::StatusOr<std::vector<std::string>> trace = puzzle().Trace(e.start, e.answer.moves);
      ASSERT_TRUE(trace.ok()) << trace.status();
      ASSERT_EQ(response.boards_size(), static_cast<int>(trace->size()));
      for (int i = 0; i < response.boards_size(); ++i) EXPECT_EQ(response.boards(i), (*trace)[i]);
    }
  }
  for (const puzzle::BadQueryExample& bad : examples().bad_queries) {
    v2::SolveRequest request;
    request.set_puzzle(GetParam());
    request.set_start(bad.start);
    request.set_goal(bad.goal);
    request.set_metric(bad.metric);
    request.set_mode(bad.mode);
    v2::SolveResponse response;
    grpc::ClientContext context;
    const grpc::Status s = Server::Get().stub().Solve(WithDeadline(&context), request, &response);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(s.error_message(), bad.message);
  }
}

// Every example and every bad query in one batch: the results in order, each its own.
v2::SolveBatchRequest AllExamples(const std::string& name, const puzzle::PuzzleExamples& ex) {
  v2::SolveBatchRequest request;
  request.set_puzzle(name);
  uint64_t id = 100;
  for (const puzzle::SolveExample& e : ex.solves) {
    v2::SolveItem* item = request.add_items();
    item->set_id(id++);
    item->set_start(e.start);
    item->set_goal(e.goal);
    item->set_metric(e.metric);
    item->set_mode(e.mode);
  }
  for (const puzzle::BadQueryExample& b : ex.bad_queries) {
    v2::SolveItem* item = request.add_items();
    item->set_id(id++);
    item->set_start(b.start);
    item->set_goal(b.goal);
    item->set_metric(b.metric);
    item->set_mode(b.mode);
  }
  return request;
}

void ExpectAllExamples(const puzzle::PuzzleExamples& ex,
                       const google::protobuf::RepeatedPtrField<v2::SolveItemResult>& results) {
  ASSERT_EQ(results.size(), static_cast<int>(ex.solves.size() + ex.bad_queries.size()));
  int i = 0;
  for (const puzzle::SolveExample& e : ex.solves) {
    EXPECT_EQ(results[i].id(), 100u + i);
    EXPECT_EQ(results[i].code(), 0) << results[i].error();
    ExpectAnswer(e, results[i].answer());
    ++i;
  }
  for (const puzzle::BadQueryExample& b : ex.bad_queries) {
    EXPECT_EQ(results[i].id(), 100u + i);
    EXPECT_EQ(results[i].code(), 3);
    EXPECT_EQ(results[i].error(), b.message);
    ++i;
  }
}

TEST_P(PuzzleTransportsTest, GrpcSolveBatchKeepsOrderAndPerItemErrors) {
  const v2::SolveBatchRequest request = AllExamples(GetParam(), examples());
  v2::SolveBatchResponse response;
  grpc::ClientContext context;
  const grpc::Status s =
      Server::Get().stub().SolveBatch(WithDeadline(&context), request, &response);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ExpectAllExamples(examples(), response.results());
}

TEST_P(PuzzleTransportsTest, GrpcSolveStreamAnswersEveryMessageInOrder) {
  const v2::SolveBatchRequest all = AllExamples(GetParam(), examples());
  grpc::ClientContext context;
  auto stream = Server::Get().stub().SolveStream(WithDeadline(&context));
  for (int round = 0; round < 3; ++round) {
    v2::SolveStreamRequest message;
    message.set_puzzle(GetParam());
    *message.mutable_items() = all.items();
    ASSERT_TRUE(stream->Write(message));
  }
  stream->WritesDone();
  v2::SolveStreamResponse response;
  int received = 0;
  while (stream->Read(&response)) {
    ++received;
    ExpectAllExamples(examples(), response.results());
  }
  EXPECT_EQ(received, 3);
  EXPECT_TRUE(stream->Finish().ok());
}

TEST_P(PuzzleTransportsTest, HttpSolveAndSolveBatch) {
  for (const puzzle::SolveExample& e : examples().solves) {
    v2::SolveRequest request;  // the path names the puzzle
    request.set_start(e.start);
    request.set_goal(e.goal);
    request.set_metric(e.metric);
    request.set_mode(e.mode);
    httplib::Result r = Server::Get().http().Post(Path("solve"), Json(request), "application/json");
    ASSERT_TRUE(r) << httplib::to_string(r.error());
    ASSERT_EQ(r->status, 200) << r->body;
    ExpectAnswer(e, FromJson<v2::SolveResponse>(r->body));
  }
  for (const puzzle::BadQueryExample& bad : examples().bad_queries) {
    v2::SolveRequest request;
    request.set_start(bad.start);
    request.set_goal(bad.goal);
    request.set_metric(bad.metric);
    request.set_mode(bad.mode);
    httplib::Result r = Server::Get().http().Post(Path("solve"), Json(request), "application/json");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
    const puzzleoracle::v1::HttpError error = FromJson<puzzleoracle::v1::HttpError>(r->body);
    EXPECT_EQ(error.code(), 3);
    EXPECT_EQ(error.message(), bad.message);
  }
  v2::SolveBatchRequest batch = AllExamples(GetParam(), examples());
  batch.clear_puzzle();
  httplib::Result r =
      Server::Get().http().Post(Path("solveBatch"), Json(batch), "application/json");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  ExpectAllExamples(examples(), FromJson<v2::SolveBatchResponse>(r->body).results());
}

// SolveWatch: any progress, then exactly one answer, over gRPC and as Server-Sent Events.
TEST_P(PuzzleTransportsTest, SolveWatchEndsWithTheAnswerOverGrpcAndSse) {
  for (const puzzle::SolveExample& e : examples().solves) {
    v2::SolveRequest request;
    request.set_puzzle(GetParam());
    request.set_start(e.start);
    request.set_goal(e.goal);
    request.set_metric(e.metric);
    request.set_mode(e.mode);
    grpc::ClientContext context;
    auto reader = Server::Get().stub().SolveWatch(WithDeadline(&context), request);
    v2::SolveWatchResponse event;
    std::vector<v2::SolveWatchResponse> events;
    while (reader->Read(&event)) events.push_back(event);
    const grpc::Status s = reader->Finish();
    ASSERT_TRUE(s.ok()) << s.error_message();
    ASSERT_FALSE(events.empty());
    for (size_t i = 0; i + 1 < events.size(); ++i) EXPECT_TRUE(events[i].has_progress());
    ASSERT_TRUE(events.back().has_answer());
    ExpectAnswer(e, events.back().answer());

    request.clear_puzzle();
    httplib::Result r =
        Server::Get().http().Post(Path("solveWatch"), Json(request), "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    EXPECT_EQ(r->get_header_value("Content-Type").substr(0, 17), "text/event-stream");
    const size_t answer = r->body.rfind("event: answer\ndata: ");
    ASSERT_NE(answer, std::string::npos) << r->body;
    const size_t data = answer + strlen("event: answer\ndata: ");
    ExpectAnswer(
        e, FromJson<v2::SolveResponse>(r->body.substr(data, r->body.find('\n', data) - data)));
  }
  // A malformed board is a plain 400 before any event.
  const puzzle::BadQueryExample& bad = examples().bad_queries.front();
  v2::SolveRequest request;
  request.set_start(bad.start);
  request.set_goal(bad.goal);
  request.set_metric(bad.metric);
  request.set_mode(bad.mode);
  httplib::Result r =
      Server::Get().http().Post(Path("solveWatch"), Json(request), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
}

TEST_P(PuzzleTransportsTest, JudgeExamplesThroughTheCliRemoteAndInProcess) {
  // Judge formats are a seed problem's stdin/stdout; a puzzle without one (the 2x2x2) has none,
  // and then no judge examples either.
  ASSERT_EQ(examples().judges.empty(), puzzle().judge_formats().empty());
  for (const puzzle::JudgeExample& j : examples().judges) {
    for (bool remote : {true, false}) {
      SCOPED_TRACE(absl::StrCat(j.format, remote ? " remote" : " in-process"));
      std::vector<std::string> args = {"--format=" + j.format, "judge"};
      if (remote) args.insert(args.begin(), "--server=" + Server::Get().address());
      if (!remote) args.insert(args.begin(), "--tables_dir=data");
      std::string errors;
      int code = -1;
      EXPECT_EQ(RunClient(args, j.input, &errors, &code), j.output);
      EXPECT_EQ(code, 0) << errors;
    }
  }
}

// The CLI's solve prints what the API answered, remote and in-process; a bad board is one line on
// stderr naming the field, and exit code 1.
TEST_P(PuzzleTransportsTest, CliSolveAnswersEveryExampleRemoteAndInProcess) {
  for (bool remote : {true, false}) {
    const std::string where =
        remote ? "--server=" + Server::Get().address() : std::string("--tables_dir=data");
    for (const puzzle::SolveExample& e : examples().solves) {
      SCOPED_TRACE(absl::StrCat(remote ? "remote " : "in-process ", e.start, " ", e.goal));
      std::vector<std::string> args = {where, "--puzzle=" + GetParam(), "solve", e.start};
      if (!e.goal.empty()) args.push_back(e.goal);
      if (!e.metric.empty()) args.insert(args.begin(), "--metric=" + e.metric);
      if (!e.mode.empty()) args.insert(args.begin(), "--mode=" + e.mode);
      std::string errors;
      int code = -1;
      const std::string out = RunClient(args, "", &errors, &code);
      EXPECT_EQ(code, 0) << errors;
      std::string expected = "unsolvable\n";
      if (e.answer.solvable) {
        expected = absl::StrCat("distance ", e.answer.distance, "\nmoves ", e.answer.moves, "\n");
        for (size_t i = 0; i < e.answer.extras.size(); ++i) {
          absl::StrAppend(&expected, puzzle().info().extras[i], " ", e.answer.extras[i], "\n");
        }
      }
      // A search puzzle adds its nodes and time, which vary: compare what comes before them.
      EXPECT_EQ(out.substr(0, expected.size()), expected);
      EXPECT_EQ(out.find("nodes ") != std::string::npos,
                puzzle().info().searches && e.answer.solvable)
          << out;
    }
    const puzzle::BadQueryExample& bad = examples().bad_queries.front();
    std::vector<std::string> args = {where, "--puzzle=" + GetParam(), "solve", bad.start};
    if (!bad.goal.empty()) args.push_back(bad.goal);
    std::string errors;
    int code = -1;
    EXPECT_EQ(RunClient(args, "", &errors, &code), "");
    EXPECT_EQ(code, 1);
    EXPECT_EQ(errors, "oracle_client: " + bad.message + "\n");
  }
}

TEST_P(PuzzleTransportsTest, CliScrambleMatchesTheServers) {
  std::string errors;
  int code = -1;
  const std::string remote =
      RunClient({"--server=" + Server::Get().address(), "--puzzle=" + GetParam(), "scramble",
                 "--moves=9", "--seed=5"},
                "", &errors, &code);
  EXPECT_EQ(code, 0) << errors;
  const std::string local = RunClient(
      {"--puzzle=" + GetParam(), "scramble", "--moves=9", "--seed=5"}, "", &errors, &code);
  EXPECT_EQ(code, 0) << errors;
  EXPECT_EQ(remote, *puzzle().Scramble("", 9, 5) + "\n");
  EXPECT_EQ(local, remote);
}

// Health names the puzzle's own service, SERVING; an unknown name is NOT_FOUND.
TEST_P(PuzzleTransportsTest, HealthNamesThePuzzlesService) {
  std::string errors;
  int code = -1;
  EXPECT_EQ(RunClient({"--server=" + Server::Get().address(), "health",
                       "--service=puzzleoracle.v2.PuzzleOracle/" + GetParam()},
                      "", &errors, &code),
            "SERVING\n");
  EXPECT_EQ(code, 0) << errors;
  EXPECT_EQ(RunClient({"--server=" + Server::Get().address(), "health",
                       "--service=puzzleoracle.v2.PuzzleOracle/" + GetParam() + "-not"},
                      "", &errors, &code),
            "");
  EXPECT_EQ(code, 1);
  EXPECT_NE(errors.find("Health.Check: "), std::string::npos) << errors;
}

TEST_P(PuzzleTransportsTest, ScrambleIsDeterministicAndSolvable) {
  v2::ScrambleRequest request;
  request.set_puzzle(GetParam());
  request.set_moves(12);
  request.set_seed(99);
  v2::ScrambleResponse a, b;
  {
    grpc::ClientContext context;
    ASSERT_TRUE(Server::Get().stub().Scramble(WithDeadline(&context), request, &a).ok());
  }
  request.clear_puzzle();
  httplib::Result r =
      Server::Get().http().Post(Path("scramble"), Json(request), "application/json");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  b = FromJson<v2::ScrambleResponse>(r->body);
  EXPECT_EQ(a.board(), b.board());
  EXPECT_EQ(a.board(), *puzzle().Scramble("", 12, 99));
  v2::SolveRequest solve;
  solve.set_puzzle(GetParam());
  solve.set_start(a.board());
  v2::SolveResponse answer;
  grpc::ClientContext context;
  ASSERT_TRUE(Server::Get().stub().Solve(WithDeadline(&context), solve, &answer).ok());
  EXPECT_TRUE(answer.solvable());
  // 12 moves reach it, so an optimal answer is at most 12 long. A near-optimal one (the 3x3x3's
  // two-phase search) may be longer: it must still be a correct answer.
  if (!puzzle().info().near_optimal) {
    EXPECT_LE(answer.distance(), 12);
  } else {
    puzzle::Answer replayed;
    replayed.solvable = answer.solvable();
    replayed.distance = answer.distance();
    replayed.moves = answer.moves();
    EXPECT_TRUE(puzzle().CheckAnswer({a.board(), ""}, replayed).ok()) << answer.moves();
  }
}

// Every puzzle checks the metric and the mode: one it does not have is named, with the ones it
// has, in a single answer and in a batch item (whose neighbours are still answered).
void ExpectAnUnknownChoiceNamed(const std::string& puzzle_name,
                                const puzzle::PuzzleExamples& examples, const std::string& field,
                                const std::vector<std::string>& choices,
                                const std::function<void(v2::SolveRequest*)>& set_request,
                                const std::function<void(v2::SolveItem*)>& set_item) {
  const puzzle::SolveExample& e = examples.solves.front();
  const std::string expected =
      choices.empty()
          ? absl::StrCat(field, ": 'bogus'; this puzzle has a single ", field, ": leave it empty")
          : absl::StrCat(field, ": 'bogus'; expected one of ", absl::StrJoin(choices, ", "));
  v2::SolveRequest request;
  request.set_puzzle(puzzle_name);
  request.set_start(e.start);
  request.set_goal(e.goal);
  set_request(&request);
  v2::SolveResponse response;
  grpc::ClientContext context;
  const grpc::Status s = Server::Get().stub().Solve(WithDeadline(&context), request, &response);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(s.error_message(), expected);
  v2::SolveBatchRequest batch = AllExamples(puzzle_name, examples);
  set_item(batch.mutable_items(0));
  v2::SolveBatchResponse results;
  grpc::ClientContext batch_context;
  ASSERT_TRUE(Server::Get().stub().SolveBatch(WithDeadline(&batch_context), batch, &results).ok());
  ASSERT_EQ(results.results_size(), batch.items_size());
  EXPECT_EQ(results.results(0).code(), 3);
  EXPECT_EQ(results.results(0).error(), expected);
  if (examples.solves.size() > 1) {
    EXPECT_EQ(results.results(1).code(), 0);
  }
}

TEST_P(PuzzleTransportsTest, AnUnknownMetricIsNamed) {
  ExpectAnUnknownChoiceNamed(
      GetParam(), examples(), "metric", puzzle().info().metrics,
      [](v2::SolveRequest* r) { r->set_metric("bogus"); },
      [](v2::SolveItem* item) { item->set_metric("bogus"); });
}

TEST_P(PuzzleTransportsTest, AnUnknownModeIsNamed) {
  ExpectAnUnknownChoiceNamed(
      GetParam(), examples(), "mode", puzzle().info().modes,
      [](v2::SolveRequest* r) { r->set_mode("bogus"); },
      [](v2::SolveItem* item) { item->set_mode("bogus"); });
}

// An answer-length limit: a puzzle whose answers are the shortest refuses it, over gRPC and
// HTTP; a near-optimal one (the 3x3x3) answers within it.
TEST_P(PuzzleTransportsTest, AnAnswerLimitIsRefusedUnlessNearOptimal) {
  const puzzle::SolveExample& e = examples().solves.front();
  v2::SolveRequest request;
  request.set_puzzle(GetParam());
  request.set_start(e.start);
  request.set_goal(e.goal);
  request.set_metric(e.metric);
  request.set_max_length(30);
  v2::SolveResponse response;
  grpc::ClientContext context;
  const grpc::Status s = Server::Get().stub().Solve(WithDeadline(&context), request, &response);
  httplib::Result r = Server::Get().http().Post(Path("solve"), Json(request), "application/json");
  ASSERT_TRUE(r);
  if (puzzle().info().near_optimal) {
    ASSERT_TRUE(s.ok()) << s.error_message();
    EXPECT_LE(response.distance(), 30);
    EXPECT_EQ(r->status, 200) << r->body;
  } else {
    const std::string expected =
        "max_length: 30; this puzzle's answers are the shortest: leave it 0";
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(s.error_message(), expected);
    EXPECT_EQ(r->status, 400);
    EXPECT_NE(r->body.find(expected), std::string::npos) << r->body;
  }
}

TEST_P(PuzzleTransportsTest, ListPuzzlesDescribesIt) {
  httplib::Result r = Server::Get().http().Get("/v2/puzzles");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  const v2::ListPuzzlesResponse list = FromJson<v2::ListPuzzlesResponse>(r->body);
  bool found = false;
  for (const v2::PuzzleInfo& info : list.puzzles()) {
    if (info.name() != GetParam()) continue;
    found = true;
    EXPECT_EQ(info.title(), puzzle().info().title);
    EXPECT_EQ(info.moves_size(), static_cast<int>(puzzle().info().moves.size()));
    EXPECT_EQ(info.judge_formats_size(), static_cast<int>(puzzle().judge_formats().size()));
    EXPECT_EQ(std::vector<std::string>(info.metrics().begin(), info.metrics().end()),
              puzzle().info().metrics);
    EXPECT_EQ(std::vector<std::string>(info.modes().begin(), info.modes().end()),
              puzzle().info().modes);
  }
  EXPECT_TRUE(found);
  httplib::Result view = Server::Get().http().Get(absl::StrCat("/views/", GetParam(), ".js"));
  ASSERT_TRUE(view);
  EXPECT_EQ(view->status, 200);
  EXPECT_EQ(view->body, puzzle().playground_view());
}

std::vector<std::string> PuzzleNames() {
  std::vector<std::string> names;
  for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) names.push_back(p->info().name);
  return names;
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name) {
    if (c == '-') c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Registry, PuzzleTransportsTest, ::testing::ValuesIn(PuzzleNames()),
                         TestName);

}  // namespace
}  // namespace tests
