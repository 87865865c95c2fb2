// The 15-puzzle's figures through the real server over gRPC (it starts the server binary itself,
// like the end-to-end tests):
//   - SolveBatch of Korf's 100 instances in one call: wall time, with --batch_threads=2 (both
//     cores) and =1, median of --runs (target: at most 2 s with the default tier);
//   - Korf's 100 as single Solve calls, one at a time: client-observed ms per instance;
//   - a cancelled search: the time from the client's cancel (gRPC TryCancel, or an HTTP client
//     closing its connection during :solve) until the only worker (--solve_threads=1) answers
//     the next query (target: within 10 ms), median and max of each;
//   - --max_search_time=100ms: how long after the cap the DEADLINE_EXCEEDED answer arrives.
//
//   bazel run -c opt //bench:fifteen_server_benchmark
//   bazel run -c opt //bench:fifteen_server_benchmark -- --tables_dir=$PWD/bazel-bin/data
//       (with fifteen-large.tbl built there: the large tier)
//   ... -- --table_advice=private_huge_pages   (the server holds the tables in huge pages)
//
// Client and server share the machine's cores; compare ratios within one run.
#include <grpcpp/client_context.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "client/remote_oracle.h"
#include "puzzle/median.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "puzzles/fifteen/fifteen_korf100.h"
#include "tests/abuse/abuse_client.h"
#include "tests/server_process.h"

ABSL_FLAG(std::string, tables_dir, "", "The server's --tables_dir; empty: its default.");
ABSL_FLAG(std::string, table_advice, "",
          "The server's --table_advice (e.g. private_huge_pages); empty: its default.");
ABSL_FLAG(int, runs, 5, "Repetitions of each batch measurement (the median is reported).");
ABSL_FLAG(int, cancels, 20, "Cancelled searches to time.");
ABSL_FLAG(std::string, tsv_out, "",
          "If set, also write the figures that have targets there as TSV (figure, value, unit, "
          "target, verdict), for tools/bench_report.py.");

namespace {

namespace v2 = ::puzzleoracle::v2;

constexpr char kHard[] = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";  // 80 moves, seconds
constexpr char kKorfGoal[] = "X123456789ABCDEF";

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "fifteen_server_benchmark: %s\n", what.c_str());
  std::exit(1);
}

std::vector<std::string> target_rows;
void Target(const std::string& figure, double value, const char* unit, const char* target,
            double limit) {
  target_rows.push_back(absl::StrFormat("%s\t%.2f\t%s\t%s\t%s", figure, value, unit, target,
                                        value <= limit ? "met" : "MISS"));
}

struct Server {
  std::unique_ptr<tests::ServerProcess> process;
  std::unique_ptr<v2::PuzzleOracle::Stub> stub;
};

Server StartServer(std::vector<std::string> flags) {
  flags.insert(flags.begin(), {"--address=127.0.0.1:0", "--puzzles=fifteen"});
  if (!absl::GetFlag(FLAGS_tables_dir).empty()) {
    flags.push_back("--tables_dir=" + absl::GetFlag(FLAGS_tables_dir));
  }
  if (!absl::GetFlag(FLAGS_table_advice).empty()) {
    flags.push_back("--table_advice=" + absl::GetFlag(FLAGS_table_advice));
  }
  auto started = tests::ServerProcess::Start(flags);
  if (!started.ok()) Die(started.status().ToString());
  Server s;
  s.process = std::move(*started);
  s.stub = v2::PuzzleOracle::NewStub(client::MakeChannel(s.process->address(), 64 << 20));
  return s;
}

grpc::Status Solve(v2::PuzzleOracle::Stub& stub, const std::string& start, const std::string& goal,
                   grpc::ClientContext* context, v2::SolveResponse* response) {
  context->set_deadline(absl::ToChronoTime(absl::Now() + absl::Minutes(5)));
  v2::SolveRequest request;
  request.set_puzzle("fifteen");
  request.set_start(start);
  request.set_goal(goal);
  return stub.Solve(context, request, response);
}

std::string Cells(const puzzle::FifteenBoard& board) { return puzzle::FormatFifteenBoard(board); }

void BatchFigures(const std::vector<puzzle::KorfInstance>& korf) {
  v2::SolveBatchRequest request;
  request.set_puzzle("fifteen");
  for (const puzzle::KorfInstance& k : korf) {
    v2::SolveItem* item = request.add_items();
    item->set_id(k.id);
    item->set_start(Cells(k.board));
    item->set_goal(kKorfGoal);
  }
  for (int threads : {2, 1}) {
    Server server = StartServer({absl::StrCat("--batch_threads=", threads)});
    std::vector<double> seconds;
    for (int run = 0; run < absl::GetFlag(FLAGS_runs); ++run) {
      grpc::ClientContext context;
      context.set_deadline(absl::ToChronoTime(absl::Now() + absl::Minutes(5)));
      v2::SolveBatchResponse response;
      const absl::Time start = absl::Now();
      const grpc::Status status = server.stub->SolveBatch(&context, request, &response);
      seconds.push_back(absl::ToDoubleSeconds(absl::Now() - start));
      if (!status.ok()) Die(absl::StrCat("SolveBatch: ", status.error_message()));
      int sum = 0;
      for (size_t i = 0; i < korf.size(); ++i) {
        const v2::SolveItemResult& r = response.results(static_cast<int>(i));
        if (r.code() != 0 || r.answer().distance() != korf[i].optimal_length) {
          Die(absl::StrCat("instance ", korf[i].id, ": code ", r.code(), " ", r.error(),
                           ", distance ", r.answer().distance(), ", expected ",
                           korf[i].optimal_length));
        }
        sum += r.answer().distance();
      }
      if (sum != 5305) Die(absl::StrCat("sum of lengths ", sum, ", expected 5305"));
    }
    std::printf(
        "SolveBatch of Korf's 100, --batch_threads=%d: median %.3f s (min %.3f, max %.3f) "
        "over %zu runs; all 100 lengths right (sum 5305)\n",
        threads, puzzle::Median(seconds), *std::min_element(seconds.begin(), seconds.end()),
        *std::max_element(seconds.begin(), seconds.end()), seconds.size());
    if (threads == 2) {
      Target("15-puzzle SolveBatch of Korf's 100, default tier, 2 threads, median wall s",
             puzzle::Median(seconds), "s", "<= 2 s", 2);
    }
  }
}

void SingleCallFigures(const std::vector<puzzle::KorfInstance>& korf) {
  Server server = StartServer({});
  std::vector<double> ms;
  uint64_t nodes = 0;
  for (const puzzle::KorfInstance& k : korf) {
    grpc::ClientContext context;
    v2::SolveResponse response;
    const absl::Time start = absl::Now();
    const grpc::Status status = Solve(*server.stub, Cells(k.board), kKorfGoal, &context, &response);
    ms.push_back(absl::ToDoubleMilliseconds(absl::Now() - start));
    if (!status.ok() || response.distance() != k.optimal_length) {
      Die(absl::StrCat("instance ", k.id, ": ", status.error_message()));
    }
    nodes += response.search().nodes();
  }
  double sum = 0;
  for (double m : ms) sum += m;
  std::printf(
      "Korf's 100 as single Solve calls: mean %.1f ms, median %.1f ms, max %.1f ms per "
      "instance (client-observed); %.0f nodes mean\n",
      sum / ms.size(), puzzle::Median(ms), *std::max_element(ms.begin(), ms.end()),
      static_cast<double>(nodes) / korf.size());
}

// Waits until the only worker answers an easy query (RESOURCE_EXHAUSTED while it is busy) and
// returns the ms since `released`.
double MsUntilTheWorkerIsFree(v2::PuzzleOracle::Stub& stub, absl::Time released) {
  while (true) {
    grpc::ClientContext context;
    v2::SolveResponse response;
    const grpc::Status status = Solve(stub, "123456789ABCDEXF", "", &context, &response);
    if (status.ok()) break;
    if (status.error_code() != grpc::StatusCode::RESOURCE_EXHAUSTED) {
      Die(absl::StrCat("easy query: ", status.error_message()));
    }
    if (absl::Now() - released > absl::Seconds(10)) Die("the worker was not freed in 10 s");
  }
  return absl::ToDoubleMilliseconds(absl::Now() - released);
}

void ReportFreedWorker(const std::string& how, const std::vector<double>& ms) {
  const double max = *std::max_element(ms.begin(), ms.end());
  std::printf(
      "%s -> the only worker answers the next query: median %.2f ms, max %.2f ms "
      "over %zu trials (target: within 10 ms)\n",
      how.c_str(), puzzle::Median(ms), max, ms.size());
  Target(absl::StrCat("15-puzzle ", how, " to freed worker, median ms"), puzzle::Median(ms), "ms",
         "<= 10 ms", 10);
  Target(absl::StrCat("15-puzzle ", how, " to freed worker, max ms"), max, "ms", "<= 10 ms", 10);
}

// A gRPC client cancels a running search (TryCancel), and an HTTP client closes its connection
// while its :solve is running: each time, how soon the only worker is free for the next query.
void CancelFigures() {
  Server server =
      StartServer({"--solve_threads=1", "--solve_queue=0", "--http_address=127.0.0.1:0"});
  std::vector<double> grpc_ms, http_ms;
  for (int trial = 0; trial < absl::GetFlag(FLAGS_cancels); ++trial) {
    grpc::ClientContext hard_context;
    std::thread hard([&] {
      v2::SolveResponse response;
      Solve(*server.stub, kHard, kKorfGoal, &hard_context, &response);
    });
    absl::SleepFor(absl::Milliseconds(100));  // the search is running
    const absl::Time cancelled = absl::Now();
    hard_context.TryCancel();
    grpc_ms.push_back(MsUntilTheWorkerIsFree(*server.stub, cancelled));
    hard.join();
  }
  const std::string http_solve = abuse::FormatRequest(
      "POST", "/v2/puzzles/fifteen:solve", {},
      absl::StrCat(R"({"start": ")", kHard, R"(", "goal": ")", kKorfGoal, R"("})"));
  for (int trial = 0; trial < absl::GetFlag(FLAGS_cancels); ++trial) {
    absl::StatusOr<std::unique_ptr<abuse::RawConnection>> conn =
        abuse::RawConnection::Connect(server.process->http_address());
    if (!conn.ok()) Die(conn.status().ToString());
    const absl::Status wrote = (*conn)->Write(http_solve);
    if (!wrote.ok()) Die(wrote.ToString());
    absl::SleepFor(absl::Milliseconds(100));  // the search is running
    const absl::Time dropped = absl::Now();
    conn->reset();  // the client goes away without waiting for its answer
    http_ms.push_back(MsUntilTheWorkerIsFree(*server.stub, dropped));
  }
  ReportFreedWorker("gRPC cancel", grpc_ms);
  ReportFreedWorker("HTTP client gone", http_ms);
}

void DeadlineFigures() {
  Server server = StartServer({"--max_search_time=100ms"});
  std::vector<double> ms;
  for (int trial = 0; trial < 10; ++trial) {
    grpc::ClientContext context;
    v2::SolveResponse response;
    const absl::Time start = absl::Now();
    const grpc::Status status = Solve(*server.stub, kHard, kKorfGoal, &context, &response);
    ms.push_back(absl::ToDoubleMilliseconds(absl::Now() - start));
    if (status.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED) {
      Die(absl::StrCat("expected DEADLINE_EXCEEDED: ", status.error_message()));
    }
  }
  std::printf(
      "--max_search_time=100ms: DEADLINE_EXCEEDED after median %.1f ms, max %.1f ms "
      "(client-observed)\n",
      puzzle::Median(ms), *std::max_element(ms.begin(), ms.end()));
}

}  // namespace

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  absl::StatusOr<std::vector<puzzle::KorfInstance>> korf = puzzle::ReadKorf100();
  if (!korf.ok()) Die(korf.status().ToString());
  BatchFigures(*korf);
  SingleCallFigures(*korf);
  CancelFigures();
  DeadlineFigures();
  if (!absl::GetFlag(FLAGS_tsv_out).empty()) {
    std::ofstream out(absl::GetFlag(FLAGS_tsv_out));
    out << "figure\tvalue\tunit\ttarget\tverdict\n";
    for (const std::string& row : target_rows) out << row << "\n";
    if (!out) Die(absl::StrCat("cannot write ", absl::GetFlag(FLAGS_tsv_out)));
  }
  return 0;
}
