// oracle_client: the command-line client, for every puzzle in the registry.
//
//   oracle_client list                                              puzzles and judge formats
//   oracle_client [--server=ADDR] [--puzzle=NAME] solve START [GOAL] [--show]
//   oracle_client [--server=ADDR] judge --format=NAME < input       (the format names its puzzle)
//   oracle_client --server=ADDR [--puzzle=NAME] scramble [--moves=N | --random_state] [--seed=S]
//   oracle_client --server=ADDR info                                GetTableInfo
//   oracle_client --server=ADDR health [--service=NAME]             exit 0 only when SERVING
//
// With --server it talks to a running server (puzzleoracle.v2); otherwise it answers in-process
// from the tables in --tables_dir (by default the Bazel-built tables). --puzzle defaults to
// "eight". A search puzzle's `solve` shows a progress line on stderr when that is a terminal
// (bound, nodes, time; SolveWatch with --server). Exit codes: 0 success, 1 a failure (unreachable
// server, bad table, malformed input: details on stderr), 2 bad usage.

#include <grpcpp/client_context.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "client/batch_job.h"
#include "client/batch_lines.h"
#include "client/progress_line.h"
#include "client/remote_oracle.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/solver_oracle.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "puzzles/registry.h"
#include "puzzles/tables_dir.h"
#include "rpc/status_conversion.h"

ABSL_FLAG(std::string, server, "", "Server address (host:port or unix:/path); empty: in-process.");
ABSL_FLAG(std::string, puzzle, "eight", "The puzzle (see `oracle_client list`).");
ABSL_FLAG(std::string, tables_dir, "",
          "Directory of the table files for in-process answers; default: the Bazel-built ones.");
ABSL_FLAG(std::string, format, "", "judge: the judge format (see `oracle_client list`).");
ABSL_FLAG(bool, show, false, "solve: print the board after every move.");
ABSL_FLAG(std::string, metric, "",
          "solve: the metric to count moves in, one the puzzle lists (e.g. qtm for cube2); empty: "
          "the puzzle's default.");
ABSL_FLAG(std::string, mode, "",
          "solve: how to answer, one of the modes the puzzle lists (e.g. optimal for cube3: the "
          "minimum, by a search that may take minutes); empty: the puzzle's default.");
ABSL_FLAG(int, max_length, 0,
          "solve, near-optimal puzzles (cube3): the longest answer wanted; 0: the puzzle's own "
          "bound.");
ABSL_FLAG(absl::Duration, time_budget, absl::ZeroDuration(),
          "solve, near-optimal mode (cube3): keep looking for a shorter answer this long; 0: "
          "answer the first.");
ABSL_FLAG(int, moves, 30, "scramble: how many random moves.");
ABSL_FLAG(uint64_t, seed, 1, "scramble: the random seed.");
ABSL_FLAG(bool, random_state, false,
          "scramble: a uniformly random position instead of --moves random moves; with --server, "
          "also the moves that produce it from the goal (table puzzles).");
ABSL_FLAG(std::string, input, "-", "batch: the queries, one a line; - is stdin.");
ABSL_FLAG(std::string, output, "", "batch: the JSON Lines answers file (required).");
ABSL_FLAG(bool, resume, false,
          "batch: continue the output after its last complete line (it must be this input's).");
ABSL_FLAG(std::string, shard, "0/1",
          "batch: I/N takes the input lines L with (L - 1) % N == I; N alone takes I from "
          "JOB_COMPLETION_INDEX (a Kubernetes Indexed Job).");
ABSL_FLAG(bool, timing, true,
          "batch: \"nodes\" and \"ms\" in each answer (without them two runs are byte-identical).");
ABSL_FLAG(int, chunk_size, 500, "batch: queries per SolveBatch call (or in-process batch).");
ABSL_FLAG(int, workers, 0,
          "batch: chunks answered at once; 0: one per core in process, 4 calls in flight with "
          "--server.");
ABSL_FLAG(std::string, service, "", "health: the service to ask about; empty: the server.");
ABSL_FLAG(absl::Duration, timeout, absl::Seconds(60), "Deadline of each RPC.");
ABSL_FLAG(int, max_message_size, 64 * 1024 * 1024, "Largest message the client accepts.");

namespace {

namespace v2 = ::puzzleoracle::v2;

constexpr char kUsage[] =
    "Usage:\n"
    "  oracle_client list\n"
    "  oracle_client [--server=ADDR | --tables_dir=DIR] [--puzzle=NAME] solve START [GOAL] "
    "[--show]\n"
    "  oracle_client [--server=ADDR | --tables_dir=DIR] judge --format=NAME < input\n"
    "  oracle_client --server=ADDR [--puzzle=NAME] scramble [--moves=N | --random_state] "
    "[--seed=S]\n"
    "  oracle_client [--server=ADDR | --tables_dir=DIR] [--puzzle=NAME] batch --output=FILE "
    "[--input=FILE] [--resume] [--shard=I/N] [--timing=false]\n"
    "  oracle_client merge PART... > merged\n"
    "  oracle_client --server=ADDR info\n"
    "  oracle_client --server=ADDR health [--service=NAME]\n";

int Fail(const absl::Status& status) {
  std::fprintf(stderr, "oracle_client: %s\n", std::string(status.message()).c_str());
  return 1;
}

int Usage(const std::string& message) {
  std::fprintf(stderr, "oracle_client: %s\n%s", message.c_str(), kUsage);
  return 2;
}

std::shared_ptr<grpc::Channel> Channel() {
  return client::MakeChannel(absl::GetFlag(FLAGS_server), absl::GetFlag(FLAGS_max_message_size));
}

// `p`'s tables, loaded in process from --tables_dir (default: the Bazel-built ones).
absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> LoadTables(const puzzle::Puzzle& p,
                                                                 const char* argv0) {
  std::string dir = absl::GetFlag(FLAGS_tables_dir);
  if (dir.empty()) dir = puzzle::DefaultTablesDir(argv0);
  return puzzle::LoadPuzzle(p, dir);
}

// Answers for `p`: from the server, or in-process (the tables stay loaded in `loaded`).
absl::StatusOr<std::unique_ptr<puzzle::Oracle>> OpenOracle(
    const puzzle::Puzzle& p, const char* argv0, std::unique_ptr<puzzle::LoadedPuzzle>* loaded) {
  if (!absl::GetFlag(FLAGS_server).empty()) {
    return std::unique_ptr<puzzle::Oracle>(
        new client::RemoteOracle(Channel(), p.info().name, absl::GetFlag(FLAGS_timeout)));
  }
  absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> l = LoadTables(p, argv0);
  if (!l.ok()) return l.status();
  *loaded = *std::move(l);
  const int threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return std::unique_ptr<puzzle::Oracle>(new puzzle::SolverOracle(&(*loaded)->solver(), threads));
}

// The answer to one query. A search puzzle's query, with stderr on a terminal, shows a progress
// line there while it searches: through SolveWatch from a server, or SolveControl's progress
// in-process.
absl::StatusOr<puzzle::Answer> SolveOne(const puzzle::Puzzle& p, const puzzle::QueryText& query,
                                        const char* argv0) {
  if (!p.info().searches || !isatty(fileno(stderr))) {
    std::unique_ptr<puzzle::LoadedPuzzle> loaded;
    absl::StatusOr<std::unique_ptr<puzzle::Oracle>> oracle = OpenOracle(p, argv0, &loaded);
    if (!oracle.ok()) return oracle.status();
    absl::StatusOr<std::vector<puzzle::OracleResult>> results = (*oracle)->SolveMany({query});
    if (!results.ok()) return results.status();
    if (!results->front().status.ok()) return results->front().status;
    return results->front().answer;
  }
  client::ProgressLine line(stderr, true);
  auto show = [&line](const puzzle::SearchProgress& progress) { line.Show(progress); };
  if (!absl::GetFlag(FLAGS_server).empty()) {
    client::RemoteOracle oracle(Channel(), p.info().name, absl::GetFlag(FLAGS_timeout));
    return oracle.SolveWatched(query, show);
  }
  absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> loaded = LoadTables(p, argv0);
  if (!loaded.ok()) return loaded.status();
  puzzle::SolveControl control;
  control.set_progress(show, absl::Milliseconds(100));
  puzzle::Answer answer;
  const absl::Status status =
      (*loaded)->solver().Solve(puzzle::Query{query.start, query.goal, query.metric, query.mode,
                                              query.max_length, query.time_budget},
                                control, &answer);
  if (!status.ok()) return status;
  return answer;
}

int List() {
  for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
    const puzzle::PuzzleInfo& info = p->info();
    std::printf("%s: %s\n  notation: %s\n", info.name.c_str(), info.title.c_str(),
                info.notation.c_str());
    if (!info.metrics.empty()) {
      std::printf("  solve --metric: %s (default %s)\n", absl::StrJoin(info.metrics, ", ").c_str(),
                  info.metrics[0].c_str());
    }
    if (!info.modes.empty()) {
      std::printf("  solve --mode: %s (default %s)\n", absl::StrJoin(info.modes, ", ").c_str(),
                  info.modes[0].c_str());
    }
    for (const puzzle::JudgeFormat& f : p->judge_formats()) {
      std::printf("  judge --format=%s: %s\n", f.name.c_str(), f.description.c_str());
    }
  }
  return 0;
}

// The board drawn as its grid (PuzzleInfo::layout), one row a line.
void PrintBoard(const puzzle::PuzzleInfo& info, const std::string& board) {
  for (int r = 0; r < info.rows; ++r) {
    std::string line = " ";
    for (int c = 0; c < info.cols; ++c) {
      const int cell = info.layout[r * info.cols + c];
      line += ' ';
      line += cell >= 0 && cell < static_cast<int>(board.size()) ? board[cell] : ' ';
    }
    std::printf("%s\n", line.c_str());
  }
}

int Solve(const puzzle::Puzzle& p, const std::vector<char*>& args, const char* argv0) {
  if (args.size() < 3 || args.size() > 4) return Usage("solve takes START [GOAL]");
  const puzzle::QueryText query{args[2],
                                args.size() == 4 ? args[3] : "",
                                absl::GetFlag(FLAGS_metric),
                                absl::GetFlag(FLAGS_mode),
                                absl::GetFlag(FLAGS_max_length),
                                absl::GetFlag(FLAGS_time_budget)};
  absl::StatusOr<puzzle::Answer> answer = SolveOne(p, query, argv0);
  if (!answer.ok()) return Fail(answer.status());
  const puzzle::OracleResult r{absl::OkStatus(), *std::move(answer)};
  const puzzle::PuzzleInfo& info = p.info();
  if (!r.answer.solvable) {
    std::printf("unsolvable\n");
    return 0;
  }
  std::printf("distance %d\nmoves %s\n", r.answer.distance, r.answer.moves.c_str());
  for (size_t i = 0; i < info.extras.size() && i < r.answer.extras.size(); ++i) {
    std::printf("%s %lld\n", info.extras[i].c_str(), static_cast<long long>(r.answer.extras[i]));
  }
  if (info.searches) {
    std::printf("nodes %llu\ntime %.3f ms\n", static_cast<unsigned long long>(r.answer.nodes),
                absl::ToDoubleMilliseconds(r.answer.search_time));
  }
  if (absl::GetFlag(FLAGS_show)) {
    absl::StatusOr<std::vector<std::string>> boards = p.Trace(query.start, r.answer.moves);
    if (!boards.ok()) return Fail(boards.status());
    for (size_t i = 0; i < boards->size(); ++i) {
      if (i == 0) {
        std::printf("start\n");
      } else {
        std::printf("%zu: %c\n", i, r.answer.moves[i - 1]);
      }
      PrintBoard(info, (*boards)[i]);
    }
  }
  return 0;
}

int Judge(const char* argv0) {
  absl::StatusOr<puzzle::RegisteredJudgeFormat> format =
      puzzle::FindJudgeFormat(absl::GetFlag(FLAGS_format));
  if (!format.ok()) return Usage(std::string(format.status().message()));
  const std::string input((std::istreambuf_iterator<char>(std::cin)),
                          std::istreambuf_iterator<char>());
  std::unique_ptr<puzzle::LoadedPuzzle> loaded;
  absl::StatusOr<std::unique_ptr<puzzle::Oracle>> oracle =
      OpenOracle(*format->puzzle, argv0, &loaded);
  if (!oracle.ok()) return Fail(oracle.status());
  const absl::Status status = format->format->run(input, **oracle, std::cout, std::cerr);
  std::cout.flush();
  if (!status.ok()) return Fail(status);
  return 0;
}

int Scramble(const puzzle::Puzzle& p) {
  const bool random_state = absl::GetFlag(FLAGS_random_state);
  if (absl::GetFlag(FLAGS_server).empty()) {
    absl::StatusOr<std::string> board =
        random_state ? p.RandomBoard("", absl::GetFlag(FLAGS_seed))
                     : p.Scramble("", absl::GetFlag(FLAGS_moves), absl::GetFlag(FLAGS_seed));
    if (!board.ok()) return Fail(board.status());
    std::printf("%s\n", board->c_str());
    return 0;
  }
  auto stub = v2::PuzzleOracle::NewStub(Channel());
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::GetFlag(FLAGS_timeout)));
  v2::ScrambleRequest request;
  request.set_puzzle(p.info().name);
  request.set_moves(random_state ? 0 : absl::GetFlag(FLAGS_moves));
  request.set_seed(absl::GetFlag(FLAGS_seed));
  request.set_random_state(random_state);
  v2::ScrambleResponse response;
  const grpc::Status status = stub->Scramble(&context, request, &response);
  if (!status.ok()) return Fail(rpc::FromGrpcStatus(status, "Scramble"));
  std::printf("%s\n", response.board().c_str());
  if (response.has_solution()) {
    std::printf("distance %d\nmoves %s\n", response.solution().distance(),
                response.solution().moves().c_str());
  }
  return 0;
}

int Info() {
  if (absl::GetFlag(FLAGS_server).empty()) return Usage("info needs --server");
  auto stub = v2::PuzzleOracle::NewStub(Channel());
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::GetFlag(FLAGS_timeout)));
  v2::GetTableInfoResponse response;
  const grpc::Status status = stub->GetTableInfo(&context, v2::GetTableInfoRequest(), &response);
  if (!status.ok()) return Fail(rpc::FromGrpcStatus(status, "GetTableInfo"));
  std::printf("%s", response.DebugString().c_str());
  return 0;
}

int Health() {
  if (absl::GetFlag(FLAGS_server).empty()) return Usage("health needs --server");
  auto stub =
      grpc::health::v1::Health::NewStub(client::MakeChannel(absl::GetFlag(FLAGS_server), 1 << 20));
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + absl::GetFlag(FLAGS_timeout)));
  grpc::health::v1::HealthCheckRequest request;
  request.set_service(absl::GetFlag(FLAGS_service));
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = stub->Check(&context, request, &response);
  if (!status.ok()) return Fail(rpc::FromGrpcStatus(status, "Health.Check"));
  std::printf("%s\n",
              grpc::health::v1::HealthCheckResponse::ServingStatus_Name(response.status()).c_str());
  return response.status() == grpc::health::v1::HealthCheckResponse::SERVING ? 0 : 1;
}

}  // namespace

// Oracles for a batch's workers: remote over one shared channel, or in-process on tables loaded
// once per puzzle, when its first query comes (by any worker). Thread-safe.
class BatchOracles {
 public:
  explicit BatchOracles(const char* argv0) : argv0_(argv0) {
    if (!absl::GetFlag(FLAGS_server).empty()) channel_ = Channel();
  }
  absl::StatusOr<std::unique_ptr<puzzle::Oracle>> Make(const std::string& name) {
    const puzzle::Puzzle* p = puzzle::FindPuzzle(name);
    if (p == nullptr) return client::UnknownPuzzleError(name);
    if (channel_ != nullptr) {
      return std::unique_ptr<puzzle::Oracle>(
          new client::RemoteOracle(channel_, name, absl::GetFlag(FLAGS_timeout)));
    }
    std::lock_guard<std::mutex> lock(mu_);
    auto it = loaded_.find(name);
    if (it == loaded_.end()) {
      absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> l = LoadTables(*p, argv0_);
      if (!l.ok()) return l.status();
      it = loaded_.emplace(name, *std::move(l)).first;
    }
    return std::unique_ptr<puzzle::Oracle>(new puzzle::SolverOracle(&it->second->solver(), 1));
  }

 private:
  const char* const argv0_;
  std::shared_ptr<grpc::Channel> channel_;
  std::mutex mu_;
  absl::flat_hash_map<std::string, std::unique_ptr<puzzle::LoadedPuzzle>> loaded_;
};

bool SpaceSeparatedMoves(const std::string& name) {
  const puzzle::Puzzle* p = puzzle::FindPuzzle(name);
  return p != nullptr && p->info().move_separator == " ";
}

int Batch(const char* argv0) {
  client::BatchOptions options;
  options.default_puzzle = absl::GetFlag(FLAGS_puzzle);
  const std::string output = absl::GetFlag(FLAGS_output);
  if (output.empty()) return Usage("batch needs --output=FILE");
  const absl::StatusOr<std::pair<int, int>> shard = client::ParseShard(absl::GetFlag(FLAGS_shard));
  if (!shard.ok()) return Usage(std::string(shard.status().message()));
  options.shard_index = shard->first;
  options.shard_count = shard->second;
  options.resume = absl::GetFlag(FLAGS_resume);
  options.timing = absl::GetFlag(FLAGS_timing);
  options.chunk_size = static_cast<size_t>(std::max(1, absl::GetFlag(FLAGS_chunk_size)));
  options.workers = absl::GetFlag(FLAGS_workers) > 0
                        ? absl::GetFlag(FLAGS_workers)
                        : (absl::GetFlag(FLAGS_server).empty()
                               ? std::max(1, static_cast<int>(std::thread::hardware_concurrency()))
                               : 4);
  options.log = stderr;
  options.terminal = isatty(fileno(stderr));
  const std::string input_path = absl::GetFlag(FLAGS_input);
  std::ifstream file;
  if (input_path != "-") {
    std::ifstream count(input_path, std::ios::binary);
    if (!count) return Fail(absl::NotFoundError(absl::StrCat(input_path, ": cannot be read")));
    options.total_lines = static_cast<uint64_t>(
        std::count(std::istreambuf_iterator<char>(count), std::istreambuf_iterator<char>(), '\n'));
    file.open(input_path, std::ios::binary);
  }
  BatchOracles oracles(argv0);
  const absl::StatusOr<client::BatchSummary> summary = client::RunBatch(
      input_path == "-" ? std::cin : file, output, options,
      [&oracles](const std::string& name) { return oracles.Make(name); }, &SpaceSeparatedMoves);
  if (!summary.ok()) return Fail(summary.status());
  std::string slowest;
  for (const auto& [line, time] : summary->slowest) {
    absl::StrAppend(&slowest, slowest.empty() ? "" : ", ", "line ", line, " ",
                    absl::FormatDuration(time));
  }
  std::fprintf(stderr,
               "batch: done: %llu answered (%llu errors, %llu retries), %llu already there; "
               "%s wall, %.0f answers/s%s%s\n",
               static_cast<unsigned long long>(summary->answered),
               static_cast<unsigned long long>(summary->errors),
               static_cast<unsigned long long>(summary->retries),
               static_cast<unsigned long long>(summary->resumed),
               absl::FormatDuration(absl::Trunc(summary->wall, absl::Milliseconds(1))).c_str(),
               summary->answered / std::max(1e-9, absl::ToDoubleSeconds(summary->wall)),
               slowest.empty() ? "" : "; slowest: ", slowest.c_str());
  return 0;
}

int Merge(const std::vector<char*>& args) {
  if (args.size() < 3) return Usage("merge takes PART...");
  const absl::Status merged =
      client::MergeBatchParts(std::vector<std::string>(args.begin() + 2, args.end()), std::cout);
  std::cout.flush();
  if (!merged.ok()) return Fail(merged);
  return 0;
}

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(kUsage);
  std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  if (args.size() < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string command = args[1];
  if (command == "list" && args.size() == 2) return List();
  if (command == "judge" && args.size() == 2) return Judge(argv[0]);
  if (command == "info" && args.size() == 2) return Info();
  if (command == "health" && args.size() == 2) return Health();
  if (command == "merge") return Merge(args);
  if (command == "batch" && args.size() == 2) return Batch(argv[0]);
  absl::StatusOr<const puzzle::Puzzle*> p = puzzle::GetPuzzle(absl::GetFlag(FLAGS_puzzle));
  if (!p.ok()) return Usage(absl::StrCat("--puzzle: ", p.status().message()));
  if (command == "solve") return Solve(**p, args, argv[0]);
  if (command == "scramble" && args.size() == 2) return Scramble(**p);
  return Usage(absl::StrCat("unknown command '", command, "'"));
}
