#include "puzzles/fifteen/fifteen_search.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "gtest/gtest.h"
#include "puzzles/fifteen/fifteen_baseline_search.h"
#include "puzzles/fifteen/fifteen_brute_force.h"
#include "puzzles/fifteen/fifteen_korf100.h"
#include "puzzles/fifteen/fifteen_test_pairs.h"
#include "puzzles/fifteen/fifteen_test_tables.h"

namespace puzzle {
namespace {

FifteenAnswer Solve(const FifteenBoard& start, const FifteenBoard& goal) {
  SolveControl control;
  absl::StatusOr<FifteenAnswer> answer = SolveFifteen(start, goal, FifteenTestHeuristic(), control);
  EXPECT_TRUE(answer.ok()) << answer.status();
  return answer.ok() ? *answer : FifteenAnswer{};
}

std::vector<KorfInstance> EasiestKorf(int count) {
  absl::StatusOr<std::vector<KorfInstance>> korf = ReadKorf100();
  EXPECT_TRUE(korf.ok()) << korf.status();
  if (!korf.ok()) return {};
  std::vector<KorfInstance> easiest = *korf;
  std::sort(easiest.begin(), easiest.end(), [](const KorfInstance& a, const KorfInstance& b) {
    return a.korf85_nodes < b.korf85_nodes;
  });
  easiest.resize(count);
  return easiest;
}

TEST(FifteenSearchTest, MatchesBruteForceOnRandomPairsWithAnyGoal) {
  const FifteenHeuristic& h = FifteenTestHeuristic();
  int long_pairs = 0;
  for (const FifteenPair& pair : RandomWalkFifteenPairs(3000, 22, 11)) {
    const BruteForceFifteenAnswer expected = BruteForceFifteenSolve(pair.start, pair.goal, 22);
    ASSERT_GE(expected.distance, 0);
    const FifteenAnswer answer = Solve(pair.start, pair.goal);
    ASSERT_TRUE(answer.solvable);
    ASSERT_EQ(answer.distance, expected.distance)
        << FormatFifteenBoard(pair.start) << " -> " << FormatFifteenBoard(pair.goal);
    ASSERT_EQ(answer.moves, expected.moves)
        << FormatFifteenBoard(pair.start) << " -> " << FormatFifteenBoard(pair.goal);
    // The heuristic is admissible and has the distance's parity.
    const int estimate = h.Evaluate(RelabelFifteen(pair.start, pair.goal));
    ASSERT_LE(estimate, expected.distance);
    ASSERT_EQ((expected.distance - estimate) % 2, 0);
    long_pairs += expected.distance >= 16;
  }
  EXPECT_GT(long_pairs, 600);
}

TEST(FifteenSearchTest, AgreesWithTheBaselineOnLongerPairs) {
  // Beyond brute force: the Manhattan + linear-conflict IDA* is an independent implementation
  // with the same contract. Random walks of up to 120 moves, every goal blank cell; their
  // distances are mostly 25-45.
  int long_pairs = 0;
  for (const FifteenPair& pair : RandomWalkFifteenPairs(48, 120, 12)) {
    SolveControl control;
    absl::StatusOr<FifteenAnswer> baseline = SolveFifteenBaseline(pair.start, pair.goal, control);
    ASSERT_TRUE(baseline.ok());
    const FifteenAnswer answer = Solve(pair.start, pair.goal);
    ASSERT_EQ(answer.distance, baseline->distance)
        << FormatFifteenBoard(pair.start) << " -> " << FormatFifteenBoard(pair.goal);
    ASSERT_EQ(answer.moves, baseline->moves)
        << FormatFifteenBoard(pair.start) << " -> " << FormatFifteenBoard(pair.goal);
    EXPECT_LE(answer.nodes, baseline->nodes);
    long_pairs += answer.distance >= 36;
  }
  EXPECT_GE(long_pairs, 10);
}

TEST(FifteenSearchTest, SolvesTheTenEasiestKorfInstancesExactly) {
  for (const KorfInstance& k : EasiestKorf(10)) {
    const FifteenAnswer answer = Solve(k.board, KorfFifteenGoal());
    EXPECT_EQ(answer.distance, k.optimal_length) << "instance " << k.id;
    absl::StatusOr<FifteenBoard> end = ApplyFifteenMoves(k.board, answer.moves);
    ASSERT_TRUE(end.ok()) << end.status();
    EXPECT_EQ(*end, KorfFifteenGoal()) << "instance " << k.id;
    EXPECT_LE(FifteenTestHeuristic().Evaluate(RelabelFifteen(k.board, KorfFifteenGoal())),
              k.optimal_length);
  }
}

TEST(FifteenSearchTest, UnsolvableAndTrivialPairs) {
  FifteenBoard start = StandardFifteenGoal();
  std::swap(start.cells[0], start.cells[1]);
  FifteenAnswer answer = Solve(start, StandardFifteenGoal());
  EXPECT_FALSE(answer.solvable);
  EXPECT_EQ(answer.distance, -1);
  EXPECT_EQ(answer.moves, "");
  EXPECT_EQ(answer.nodes, 0u);
  answer = Solve(KorfFifteenGoal(), KorfFifteenGoal());
  EXPECT_TRUE(answer.solvable);
  EXPECT_EQ(answer.distance, 0);
  EXPECT_EQ(answer.moves, "");
}

TEST(FifteenSearchTest, StopsOnCancellationAndDeadlineNamingTheBound) {
  absl::StatusOr<std::vector<KorfInstance>> korf = ReadKorf100();
  ASSERT_TRUE(korf.ok());
  const FifteenBoard hard = (*korf)[81].board;  // instance 82: 62 moves, the hardest here
  std::atomic<bool> cancelled{true};
  SolveControl cancel(absl::InfiniteFuture(), &cancelled, "the call's deadline");
  absl::StatusOr<FifteenAnswer> answer =
      SolveFifteen(hard, KorfFifteenGoal(), FifteenTestHeuristic(), cancel);
  EXPECT_EQ(answer.status().code(), absl::StatusCode::kCancelled);
  EXPECT_NE(answer.status().message().find("the optimal length is at least "),
            absl::string_view::npos)
      << answer.status();

  SolveControl past(absl::Now() - absl::Seconds(1), nullptr, "a past deadline");
  answer = SolveFifteen(hard, KorfFifteenGoal(), FifteenTestHeuristic(), past);
  EXPECT_EQ(answer.status().code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_NE(answer.status().message().find("search stopped by a past deadline"),
            absl::string_view::npos)
      << answer.status();

  // Cancelled mid-search (by the progress callback, standing in for another thread): the search
  // stops at its next poll, at most 1024 nodes later.
  std::atomic<bool> flag{false};
  SolveControl control(absl::InfiniteFuture(), &flag, "the call's deadline");
  uint64_t nodes_when_cancelled = 0;
  control.set_progress(
      [&](const SearchProgress& p) {
        if (flag) return;
        nodes_when_cancelled = p.nodes;
        flag = true;
      },
      absl::Microseconds(500));
  answer = SolveFifteen(hard, KorfFifteenGoal(), FifteenTestHeuristic(), control);
  ASSERT_EQ(answer.status().code(), absl::StatusCode::kCancelled) << answer.status();
  const absl::string_view message = answer.status().message();
  const size_t end = message.find(" nodes;");
  ASSERT_NE(end, absl::string_view::npos) << message;
  const size_t begin = message.rfind(' ', end - 1) + 1;
  uint64_t nodes_when_stopped = 0;
  ASSERT_TRUE(absl::SimpleAtoi(message.substr(begin, end - begin), &nodes_when_stopped));
  EXPECT_GT(nodes_when_cancelled, 0u);
  EXPECT_GE(nodes_when_stopped, nodes_when_cancelled);
  EXPECT_LE(nodes_when_stopped, nodes_when_cancelled + 1024);
}

TEST(FifteenSearchTest, ReportsProgressWithNonDecreasingBounds) {
  absl::StatusOr<std::vector<KorfInstance>> korf = ReadKorf100();
  ASSERT_TRUE(korf.ok());
  SolveControl control;
  std::vector<SearchProgress> seen;
  control.set_progress([&](const SearchProgress& p) { seen.push_back(p); },
                       absl::Microseconds(200));
  absl::StatusOr<FifteenAnswer> answer =
      SolveFifteen((*korf)[81].board, KorfFifteenGoal(), FifteenTestHeuristic(), control);
  ASSERT_TRUE(answer.ok()) << answer.status();
  EXPECT_EQ(answer->distance, 62);
  ASSERT_GE(seen.size(), 2u);
  for (size_t i = 1; i < seen.size(); ++i) {
    EXPECT_GE(seen[i].bound, seen[i - 1].bound);
    EXPECT_GE(seen[i].nodes, seen[i - 1].nodes);
  }
  EXPECT_LT(seen.front().bound, seen.back().bound);
  EXPECT_LE(seen.back().bound, 62);
}

TEST(FifteenSearchTest, ConcurrentSearchesShareOneHeuristic) {
  const std::vector<KorfInstance> easiest = EasiestKorf(10);
  std::vector<FifteenAnswer> serial;
  for (const KorfInstance& k : easiest) serial.push_back(Solve(k.board, KorfFifteenGoal()));
  std::vector<FifteenAnswer> parallel(easiest.size());
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (size_t i = t; i < easiest.size(); i += 2) {
        SolveControl control;
        parallel[i] =
            *SolveFifteen(easiest[i].board, KorfFifteenGoal(), FifteenTestHeuristic(), control);
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (size_t i = 0; i < easiest.size(); ++i) {
    EXPECT_EQ(parallel[i].moves, serial[i].moves);
    EXPECT_EQ(parallel[i].nodes, serial[i].nodes);
  }
}

}  // namespace
}  // namespace puzzle
