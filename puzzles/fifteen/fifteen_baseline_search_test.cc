#include "puzzles/fifteen/fifteen_baseline_search.h"

#include <algorithm>
#include <atomic>
#include <vector>

#include "gtest/gtest.h"
#include "puzzles/fifteen/fifteen_brute_force.h"
#include "puzzles/fifteen/fifteen_korf100.h"
#include "puzzles/fifteen/fifteen_test_pairs.h"

namespace puzzle {
namespace {

FifteenAnswer Solve(const FifteenBoard& start, const FifteenBoard& goal) {
  SolveControl control;
  absl::StatusOr<FifteenAnswer> answer = SolveFifteenBaseline(start, goal, control);
  EXPECT_TRUE(answer.ok()) << answer.status();
  return answer.ok() ? *answer : FifteenAnswer{};
}

TEST(FifteenBaselineSearchTest, MatchesBruteForceOnRandomPairsWithAnyGoal) {
  int long_pairs = 0;
  for (const FifteenPair& pair : RandomWalkFifteenPairs(3000, 22, 3)) {
    const BruteForceFifteenAnswer expected = BruteForceFifteenSolve(pair.start, pair.goal, 22);
    ASSERT_GE(expected.distance, 0);
    const FifteenAnswer answer = Solve(pair.start, pair.goal);
    ASSERT_TRUE(answer.solvable);
    ASSERT_EQ(answer.distance, expected.distance)
        << FormatFifteenBoard(pair.start) << " -> " << FormatFifteenBoard(pair.goal);
    ASSERT_EQ(answer.moves, expected.moves)
        << FormatFifteenBoard(pair.start) << " -> " << FormatFifteenBoard(pair.goal);
    long_pairs += expected.distance >= 16;
  }
  EXPECT_GT(long_pairs, 600);
}

TEST(FifteenBaselineSearchTest, UnsolvablePairsAreAnsweredWithoutSearch) {
  FifteenBoard start = StandardFifteenGoal();
  std::swap(start.cells[3], start.cells[9]);
  const FifteenAnswer answer = Solve(start, StandardFifteenGoal());
  EXPECT_FALSE(answer.solvable);
  EXPECT_EQ(answer.distance, -1);
  EXPECT_EQ(answer.moves, "");
  EXPECT_EQ(answer.nodes, 0u);
}

TEST(FifteenBaselineSearchTest, SolvesTheEasiestKorfInstances) {
  absl::StatusOr<std::vector<KorfInstance>> korf = ReadKorf100();
  ASSERT_TRUE(korf.ok()) << korf.status();
  std::vector<KorfInstance> easiest = *korf;
  std::sort(easiest.begin(), easiest.end(), [](const KorfInstance& a, const KorfInstance& b) {
    return a.korf85_nodes < b.korf85_nodes;
  });
  for (int i = 0; i < 2; ++i) {
    const FifteenAnswer answer = Solve(easiest[i].board, KorfFifteenGoal());
    EXPECT_EQ(answer.distance, easiest[i].optimal_length) << "instance " << easiest[i].id;
    absl::StatusOr<FifteenBoard> end = ApplyFifteenMoves(easiest[i].board, answer.moves);
    ASSERT_TRUE(end.ok());
    EXPECT_EQ(*end, KorfFifteenGoal());
    EXPECT_GT(answer.nodes, 0u);
  }
}

TEST(FifteenBaselineSearchTest, StopsOnCancellationAndDeadlineWithTheBound) {
  absl::StatusOr<std::vector<KorfInstance>> korf = ReadKorf100();
  ASSERT_TRUE(korf.ok());
  const FifteenBoard hard = (*korf)[0].board;  // 57 moves: minutes for this baseline
  std::atomic<bool> cancelled{true};
  SolveControl cancel(absl::InfiniteFuture(), &cancelled, "the call's deadline");
  absl::StatusOr<FifteenAnswer> answer = SolveFifteenBaseline(hard, KorfFifteenGoal(), cancel);
  EXPECT_EQ(answer.status().code(), absl::StatusCode::kCancelled);
  EXPECT_NE(answer.status().message().find("the optimal length is at least 4"),
            absl::string_view::npos)
      << answer.status();

  // A clock that moves 1 ms per reading: the deadline passes at the 51st reading, so a search
  // that checks its deadline and stops at once has read the clock at most 52 times (one more
  // for the stop message), however fast or slow this machine is.
  const absl::Time epoch = absl::FromUnixSeconds(1000);
  std::atomic<int> clock_reads{0};
  SolveControl late(epoch + absl::Milliseconds(50), nullptr, "a 50ms deadline",
                    [&] { return epoch + absl::Milliseconds(clock_reads++); });
  answer = SolveFifteenBaseline(hard, KorfFifteenGoal(), late);
  EXPECT_LE(clock_reads.load(), 52);
  EXPECT_EQ(answer.status().code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_NE(answer.status().message().find("search stopped by a 50ms deadline"),
            absl::string_view::npos)
      << answer.status();
}

}  // namespace
}  // namespace puzzle
