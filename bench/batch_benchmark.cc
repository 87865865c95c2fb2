// The batch tool's figures (issue 22): `oracle_client batch`'s job (client/batch_job.h: reading
// the lines, answering them in chunks, writing JSON Lines) against a raw Oracle::SolveMany of the
// same queries, in process and through 1, 2 and 3 local replicas of the real server. Rounds
// alternate the two, and each figure is the median of --rounds.
//
//   bazel run -c opt //bench:batch_benchmark -- --puzzle=eight --count=1000000 --rounds=9
//   bazel run -c opt //bench:batch_benchmark -- --puzzle=fifteen --count=2000 --scramble=60
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "client/batch_job.h"
#include "client/remote_oracle.h"
#include "puzzle/median.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/solver_oracle.h"
#include "puzzles/registry.h"
#include "tests/server_process.h"

ABSL_FLAG(std::string, puzzle, "eight", "eight (table lookups) or fifteen (IDA* searches).");
ABSL_FLAG(int, count, 200000, "Queries.");
ABSL_FLAG(int, scramble, 40, "fifteen: moves of each scramble.");
ABSL_FLAG(int, rounds, 5, "Rounds of each pair.");
ABSL_FLAG(int, max_replicas, 3, "Measure through 1 to this many local replicas (0: none).");
ABSL_FLAG(int, chunk_size, 500, "Queries per SolveMany call, both sides.");

namespace {

struct Pair {
  double raw, batch;  // answers a second, medians
};

// Alternating rounds of a raw SolveMany over every query (in chunks) and of the batch job over
// the same queries as input lines.
Pair Measure(puzzle::Oracle& oracle, const client::OracleForPuzzle& make,
             const std::vector<puzzle::QueryText>& queries, const std::string& input,
             const std::string& puzzle_name, int workers) {
  std::vector<double> raw, batch;
  const size_t chunk = static_cast<size_t>(absl::GetFlag(FLAGS_chunk_size));
  const std::string output = "/tmp/batch_benchmark.jsonl";
  for (int r = 0; r < absl::GetFlag(FLAGS_rounds); ++r) {
    absl::Time start = absl::Now();
    for (size_t i = 0; i < queries.size(); i += chunk) {
      std::vector<puzzle::QueryText> part(queries.begin() + i,
                                          queries.begin() + std::min(queries.size(), i + chunk));
      absl::StatusOr<std::vector<puzzle::OracleResult>> results = oracle.SolveMany(part);
      if (!results.ok())
        std::fprintf(stderr, "%s\n", std::string(results.status().message()).c_str());
    }
    raw.push_back(queries.size() / absl::ToDoubleSeconds(absl::Now() - start));
    std::remove(output.c_str());
    std::istringstream in(input);
    client::BatchOptions options;
    options.default_puzzle = puzzle_name;
    options.chunk_size = chunk;
    options.workers = workers;
    start = absl::Now();
    absl::StatusOr<client::BatchSummary> summary =
        client::RunBatch(in, output, options, make, [](const std::string&) { return false; });
    batch.push_back(queries.size() / absl::ToDoubleSeconds(absl::Now() - start));
    if (!summary.ok())
      std::fprintf(stderr, "%s\n", std::string(summary.status().message()).c_str());
  }
  std::remove(output.c_str());
  return {puzzle::Median(raw), puzzle::Median(batch)};
}

}  // namespace

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  const std::string name = absl::GetFlag(FLAGS_puzzle);
  const puzzle::Puzzle* p = puzzle::FindPuzzle(name);
  if (p == nullptr) return 2;
  std::vector<puzzle::QueryText> queries;
  std::string input;
  for (int i = 0; i < absl::GetFlag(FLAGS_count); ++i) {
    puzzle::QueryText q;
    if (name == "fifteen") {
      q.start = *p->Scramble("", absl::GetFlag(FLAGS_scramble), i);
    } else {
      q.start = *p->RandomBoard("", i);
      q.goal = *p->RandomBoard("", i + 1);
    }
    absl::StrAppend(&input, q.start, q.goal.empty() ? "" : "\t", q.goal, "\n");
    queries.push_back(std::move(q));
  }
  absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> loaded = puzzle::LoadPuzzle(*p, "data");
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", std::string(loaded.status().message()).c_str());
    return 1;
  }
  puzzle::SolverOracle local(&(*loaded)->solver(), 2);
  const puzzle::Solver* solver = &(*loaded)->solver();
  const Pair in_process = Measure(
      local,
      [solver](const std::string&) -> absl::StatusOr<std::unique_ptr<puzzle::Oracle>> {
        return std::unique_ptr<puzzle::Oracle>(new puzzle::SolverOracle(solver, 1));
      },
      queries, input, name, 2);
  std::printf("%s, %zu queries, medians of %d rounds:\n", name.c_str(), queries.size(),
              absl::GetFlag(FLAGS_rounds));
  std::printf("  in process (2 threads): raw SolveMany %.0f/s, batch job %.0f/s: overhead %.1f%%\n",
              in_process.raw, in_process.batch, 100 * (in_process.raw / in_process.batch - 1));
  std::vector<std::unique_ptr<tests::ServerProcess>> servers;
  std::vector<std::string> addresses;
  for (int n = 1; n <= absl::GetFlag(FLAGS_max_replicas); ++n) {
    absl::StatusOr<std::unique_ptr<tests::ServerProcess>> s = tests::ServerProcess::Start(
        {"--address=127.0.0.1:0", "--tables_dir=data", "--puzzles=" + name}, absl::Seconds(60));
    if (!s.ok()) {
      std::fprintf(stderr, "%s\n", std::string(s.status().message()).c_str());
      return 1;
    }
    addresses.push_back((*s)->address());
    servers.push_back(*std::move(s));
    const std::shared_ptr<grpc::Channel> channel =
        client::MakeChannel("ipv4:" + absl::StrJoin(addresses, ","), 64 << 20);
    const int chunk = absl::GetFlag(FLAGS_chunk_size);
    client::RemoteOracle remote(channel, name, absl::Seconds(120), chunk);
    const Pair through = Measure(
        remote,
        [&](const std::string&) -> absl::StatusOr<std::unique_ptr<puzzle::Oracle>> {
          return std::unique_ptr<puzzle::Oracle>(
              new client::RemoteOracle(channel, name, absl::Seconds(120), chunk));
        },
        queries, input, name, 4);
    std::printf(
        "  %d replica%s: raw SolveBatch %.0f/s, batch job %.0f/s (%.2fx in process's "
        "batch job)\n",
        n, n == 1 ? "" : "s", through.raw, through.batch, through.batch / in_process.batch);
    std::fflush(stdout);
  }
  for (auto& s : servers) s->Stop(SIGTERM);
  return 0;
}
