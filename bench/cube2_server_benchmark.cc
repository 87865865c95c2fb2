// The 2x2x2's figures through the real server over gRPC (it starts the server binary itself,
// like the end-to-end tests), with the targets:
//   - unary Solve of a random-state position against gRPC's Health.Check on the same server and
//     channel, one call in flight, the two alternating call by call: in each round the median
//     latency of each and their ratio, and the median of the rounds (target: Solve within 1.05x
//     of Health.Check);
//   - SolveBatch of random positions, 1,000 a call, four calls in flight (--batch_in_flight):
//     answers a second (target: at least 1M).
//
//   bazel run -c opt //bench:cube2_server_benchmark
//
// Client and server share the machine's 2 cores: compare the ratio within one run.
#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "google/protobuf/arena.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "puzzle/median.h"
#include "puzzle/seeded_random.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "puzzles/registry.h"
#include "tests/server_process.h"

ABSL_FLAG(std::string, puzzle, "cube2",
          "The puzzle whose random positions are solved (another table puzzle, e.g. eight, "
          "separates the server's per-call cost from the 2x2x2's).");
ABSL_FLAG(int, positions, 4096,
          "Distinct random positions the unary Solves cycle through (1 keeps the walk's table "
          "entries in the cache: it separates the table's memory latency from the rest).");
ABSL_FLAG(int, rounds, 20, "Rounds of the unary comparison (the median round is reported).");
ABSL_FLAG(int, calls_per_round, 500, "Calls of each kind per round.");
ABSL_FLAG(absl::Duration, throughput_time, absl::Seconds(3), "Duration of the batch run.");
ABSL_FLAG(int, batch_size, 1000, "Items per SolveBatch call.");
ABSL_FLAG(std::string, server, "",
          "Measure this running server (host:port) instead of starting one, e.g. a server run "
          "under valgrind --tool=callgrind to count its instructions a call.");
ABSL_FLAG(std::string, only, "",
          "solve or check: make --calls_per_round calls of that kind only, once, and no batch "
          "run (for an instruction count of one kind of call on a --server).");
ABSL_FLAG(int, batch_in_flight, 4,
          "SolveBatch calls in flight (one client thread each): two a core, so that one call's "
          "transfer overlaps another's work.");

namespace {

namespace v2 = ::puzzleoracle::v2;
using HealthService = ::grpc::health::v1::Health;

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "cube2_server_benchmark: %s\n", what.c_str());
  std::exit(1);
}

std::vector<std::string> RandomPositions(int n, uint64_t seed) {
  const puzzle::Puzzle* p = puzzle::FindPuzzle(absl::GetFlag(FLAGS_puzzle));
  if (p == nullptr) Die("--puzzle: unknown puzzle");
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(*p->RandomBoard("", seed + i));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  std::unique_ptr<tests::ServerProcess> server;
  std::string address = absl::GetFlag(FLAGS_server);
  if (address.empty()) {
    absl::StatusOr<std::unique_ptr<tests::ServerProcess>> started = tests::ServerProcess::Start(
        {"--address=127.0.0.1:0", "--puzzles=" + absl::GetFlag(FLAGS_puzzle),
         "--max_batch_size=10000"});
    if (!started.ok()) Die(std::string(started.status().message()));
    server = *std::move(started);
    address = server->address();
  }
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  auto channel = grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
  auto oracle = v2::PuzzleOracle::NewStub(channel);
  auto health = HealthService::NewStub(channel);
  const std::vector<std::string> positions = RandomPositions(absl::GetFlag(FLAGS_positions), 1);

  // Unary: each round makes `calls` calls of each kind, alternating call by call (and which kind
  // goes first in each pair), so that the machine's drifting load hits both kinds alike; its
  // ratio is the ratio of the two kinds' median latencies in the round.
  const int rounds = absl::GetFlag(FLAGS_rounds), calls = absl::GetFlag(FLAGS_calls_per_round);
  std::vector<double> solve_us, check_us, ratios;
  size_t next = 0;
  // Each kind reuses its request and response messages, as a client making many calls would:
  // the client's own mallocs for the larger messages are not the server's cost, and they share
  // the 2 cores with it.
  v2::SolveRequest solve_request;
  solve_request.set_puzzle(absl::GetFlag(FLAGS_puzzle));
  v2::SolveResponse solve_response;
  grpc::health::v1::HealthCheckRequest check_request;
  grpc::health::v1::HealthCheckResponse check_response;
  auto time_solve = [&] {
    v2::SolveRequest& request = solve_request;
    request.set_start(positions[next++ % positions.size()]);
    v2::SolveResponse& response = solve_response;
    grpc::ClientContext context;
    const absl::Time t0 = absl::Now();
    const grpc::Status status = oracle->Solve(&context, request, &response);
    const double us = absl::ToDoubleMicroseconds(absl::Now() - t0);
    if (!status.ok()) Die("Solve: " + status.error_message());
    return us;
  };
  auto time_check = [&] {
    const grpc::health::v1::HealthCheckRequest& request = check_request;
    grpc::health::v1::HealthCheckResponse& response = check_response;
    grpc::ClientContext context;
    const absl::Time t0 = absl::Now();
    const grpc::Status status = health->Check(&context, request, &response);
    const double us = absl::ToDoubleMicroseconds(absl::Now() - t0);
    if (!status.ok()) Die("Health.Check: " + status.error_message());
    return us;
  };
  // One round: the median latency of each kind.
  auto round = [&](bool solves, bool checks) {
    std::vector<double> s, c;
    for (int i = 0; i < calls; ++i) {
      if (i % 2 == 0) {
        if (solves) s.push_back(time_solve());
        if (checks) c.push_back(time_check());
      } else {
        if (checks) c.push_back(time_check());
        if (solves) s.push_back(time_solve());
      }
    }
    return std::make_pair(puzzle::Median(s), puzzle::Median(c));
  };
  const std::string only = absl::GetFlag(FLAGS_only);
  if (!only.empty()) {
    if (only != "solve" && only != "check") Die("--only: expected solve or check");
    const auto [s, c] = round(only == "solve", only == "check");
    std::printf("%d %s calls: median %.1f us\n", calls, only.c_str(), only == "solve" ? s : c);
    return 0;
  }
  round(true, true);  // warm-up: connection, first pages of the table
  for (int r = 0; r < rounds; ++r) {
    const auto [s, c] = round(true, true);
    solve_us.push_back(s);
    check_us.push_back(c);
    ratios.push_back(s / c);
  }
  std::printf("unary, 1 in flight, %d rounds of %d calls each (median of the rounds' medians):\n",
              rounds, calls);
  std::printf("  Solve %-13s (random)     %8.1f us\n", absl::GetFlag(FLAGS_puzzle).c_str(),
              puzzle::Median(solve_us));
  std::printf("  Health.Check                   %8.1f us\n", puzzle::Median(check_us));
  std::printf("  ratio Solve / Health.Check     %8.3f  (target <= 1.05: %s)\n",
              puzzle::Median(ratios), puzzle::Median(ratios) <= 1.05 ? "met" : "MISS");

  // Batches: --batch_in_flight calls at once, random positions.
  const int batch = absl::GetFlag(FLAGS_batch_size);
  v2::SolveBatchRequest request;
  request.set_puzzle(absl::GetFlag(FLAGS_puzzle));
  const std::vector<std::string> batch_positions = RandomPositions(batch, 100000);
  for (int i = 0; i < batch; ++i) {
    v2::SolveItem* item = request.add_items();
    item->set_id(i);
    item->set_start(batch_positions[i]);
  }
  std::atomic<int64_t> answered{0};
  const absl::Time end = absl::Now() + absl::GetFlag(FLAGS_throughput_time);
  const absl::Time t0 = absl::Now();
  std::vector<std::thread> threads;
  const int in_flight = absl::GetFlag(FLAGS_batch_in_flight);
  for (int t = 0; t < in_flight; ++t) {
    threads.emplace_back([&] {
      // Each response is parsed onto an arena, as a client that wants throughput would: a few
      // block allocations instead of three mallocs an answer, on the cores the server shares.
      google::protobuf::Arena arena;
      while (absl::Now() < end) {
        auto* response = google::protobuf::Arena::CreateMessage<v2::SolveBatchResponse>(&arena);
        grpc::ClientContext context;
        const grpc::Status status = oracle->SolveBatch(&context, request, response);
        if (!status.ok()) Die("SolveBatch: " + status.error_message());
        answered += response->results_size();
        arena.Reset();
      }
    });
  }
  for (std::thread& t : threads) t.join();
  const double seconds = absl::ToDoubleSeconds(absl::Now() - t0);
  const double rate = answered.load() / seconds;
  std::printf("SolveBatch, %d random positions a call, %d in flight:\n", batch, in_flight);
  std::printf("  %.0f answers in %.2f s = %.2fM answers/s  (target >= 1M: %s)\n",
              static_cast<double>(answered.load()), seconds, rate / 1e6,
              rate >= 1e6 ? "met" : "MISS");
  if (server != nullptr) server->Stop(SIGTERM);
  return 0;
}
