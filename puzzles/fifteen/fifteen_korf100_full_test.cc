// All of Korf's 100 instances with the tables of fifteen_test_tables.h (tagged manual: about a
// minute with the default tier). With fifteen-large.tbl in $FIFTEEN_TABLES_DIR the large tier
// answers them; either way every length must be the published one.
//
//   bazel test //puzzles/fifteen:fifteen_korf100_full_test
//   bazel build //data:fifteen-large_table   (then, for the large tier:)
//   bazel test //puzzles/fifteen:fifteen_korf100_full_test
//   --test_env=FIFTEEN_TABLES_DIR=$PWD/bazel-bin/data

#include <algorithm>
#include <cstdio>

#include "gtest/gtest.h"
#include "puzzles/fifteen/fifteen_baseline_search.h"
#include "puzzles/fifteen/fifteen_korf100.h"
#include "puzzles/fifteen/fifteen_search.h"
#include "puzzles/fifteen/fifteen_test_tables.h"

namespace puzzle {
namespace {

TEST(FifteenKorf100FullTest, EveryLengthIsThePublishedOne) {
  absl::StatusOr<std::vector<KorfInstance>> korf = ReadKorf100();
  ASSERT_TRUE(korf.ok()) << korf.status();
  const FifteenHeuristic& h = FifteenTestHeuristic();
  std::printf("%s\n", h.Describe(0).c_str());
  int sum = 0;
  uint64_t nodes = 0;
  for (const KorfInstance& k : *korf) {
    SolveControl control;
    absl::StatusOr<FifteenAnswer> answer = SolveFifteen(k.board, KorfFifteenGoal(), h, control);
    ASSERT_TRUE(answer.ok()) << answer.status();
    EXPECT_EQ(answer->distance, k.optimal_length) << "instance " << k.id;
    absl::StatusOr<FifteenBoard> end = ApplyFifteenMoves(k.board, answer->moves);
    ASSERT_TRUE(end.ok()) << end.status();
    EXPECT_EQ(*end, KorfFifteenGoal()) << "instance " << k.id;
    sum += answer->distance;
    nodes += answer->nodes;
  }
  EXPECT_EQ(sum, 5305);
  std::printf("sum of lengths %d, %llu nodes in all\n", sum,
              static_cast<unsigned long long>(nodes));
}

// The baseline is an independent implementation of the same contract: on the easiest instances
// (seconds for it) the move strings must be identical, not just as long.
TEST(FifteenKorf100FullTest, TheEasiestMatchTheBaselineMoveForMove) {
  absl::StatusOr<std::vector<KorfInstance>> korf = ReadKorf100();
  ASSERT_TRUE(korf.ok());
  std::sort(korf->begin(), korf->end(), [](const KorfInstance& a, const KorfInstance& b) {
    return a.korf85_nodes < b.korf85_nodes;
  });
  for (int i = 0; i < 8; ++i) {
    const KorfInstance& k = (*korf)[i];
    SolveControl c1;
    SolveControl c2;
    absl::StatusOr<FifteenAnswer> pdb =
        SolveFifteen(k.board, KorfFifteenGoal(), FifteenTestHeuristic(), c1);
    absl::StatusOr<FifteenAnswer> base = SolveFifteenBaseline(k.board, KorfFifteenGoal(), c2);
    ASSERT_TRUE(pdb.ok() && base.ok());
    EXPECT_EQ(pdb->moves, base->moves) << "instance " << k.id;
  }
}

}  // namespace
}  // namespace puzzle
