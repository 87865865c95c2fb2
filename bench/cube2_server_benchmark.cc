// The 2x2x2's figures through the real server over gRPC (it starts the server binary itself,
// like the end-to-end tests), with the targets:
//   - unary Solve of a random-state position against gRPC's own Health.Check on the same server
//     and channel, one call in flight, the two alternating in rounds: median latency of each and
//     their ratio (target: Solve within 1.05x of Health.Check);
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
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "google/protobuf/arena.h"
#include "grpc/health/v1/health.grpc.pb.h"
#include "puzzle/seeded_random.h"
#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "puzzles/registry.h"
#include "tests/server_process.h"

ABSL_FLAG(std::string, puzzle, "cube2",
          "The puzzle whose random positions are solved (another table puzzle, e.g. eight, "
          "separates the server's per-call cost from the 2x2x2's).");
ABSL_FLAG(int, rounds, 20, "Rounds of the unary comparison (the median round is reported).");
ABSL_FLAG(int, calls_per_round, 500, "Calls of each kind per round.");
ABSL_FLAG(absl::Duration, throughput_time, absl::Seconds(3), "Duration of the batch run.");
ABSL_FLAG(int, batch_size, 1000, "Items per SolveBatch call.");
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

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
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
  absl::StatusOr<std::unique_ptr<tests::ServerProcess>> server = tests::ServerProcess::Start(
      {"--address=127.0.0.1:0", "--puzzles=" + absl::GetFlag(FLAGS_puzzle),
       "--max_batch_size=10000"});
  if (!server.ok()) Die(std::string(server.status().message()));
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  auto channel =
      grpc::CreateCustomChannel((*server)->address(), grpc::InsecureChannelCredentials(), args);
  auto oracle = v2::PuzzleOracle::NewStub(channel);
  auto health = HealthService::NewStub(channel);
  const std::vector<std::string> positions = RandomPositions(4096, 1);

  // Unary: rounds alternate which kind goes first, so drift in the machine's load hits both.
  const int rounds = absl::GetFlag(FLAGS_rounds), calls = absl::GetFlag(FLAGS_calls_per_round);
  std::vector<double> solve_us, check_us, ratios;
  size_t next = 0;
  auto time_solves = [&] {
    std::vector<double> samples;
    for (int i = 0; i < calls; ++i) {
      v2::SolveRequest request;
      request.set_puzzle(absl::GetFlag(FLAGS_puzzle));
      request.set_start(positions[next++ % positions.size()]);
      v2::SolveResponse response;
      grpc::ClientContext context;
      const absl::Time t0 = absl::Now();
      const grpc::Status status = oracle->Solve(&context, request, &response);
      samples.push_back(absl::ToDoubleMicroseconds(absl::Now() - t0));
      if (!status.ok()) Die("Solve: " + status.error_message());
    }
    return Median(samples);
  };
  auto time_checks = [&] {
    std::vector<double> samples;
    for (int i = 0; i < calls; ++i) {
      grpc::health::v1::HealthCheckRequest request;
      grpc::health::v1::HealthCheckResponse response;
      grpc::ClientContext context;
      const absl::Time t0 = absl::Now();
      const grpc::Status status = health->Check(&context, request, &response);
      samples.push_back(absl::ToDoubleMicroseconds(absl::Now() - t0));
      if (!status.ok()) Die("Health.Check: " + status.error_message());
    }
    return Median(samples);
  };
  time_solves();  // warm-up: connection, first pages of the table
  time_checks();
  for (int r = 0; r < rounds; ++r) {
    double s, c;
    if (r % 2 == 0) {
      s = time_solves();
      c = time_checks();
    } else {
      c = time_checks();
      s = time_solves();
    }
    solve_us.push_back(s);
    check_us.push_back(c);
    ratios.push_back(s / c);
  }
  std::printf("unary, 1 in flight, %d rounds of %d calls each (median of the rounds' medians):\n",
              rounds, calls);
  std::printf("  Solve %-13s (random)     %8.1f us\n", absl::GetFlag(FLAGS_puzzle).c_str(),
              Median(solve_us));
  std::printf("  Health.Check                   %8.1f us\n", Median(check_us));
  std::printf("  ratio Solve / Health.Check     %8.3f  (target <= 1.05: %s)\n", Median(ratios),
              Median(ratios) <= 1.05 ? "met" : "MISS");

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
  (*server)->Stop(SIGTERM);
  return 0;
}
