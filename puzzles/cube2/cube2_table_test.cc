#include "puzzles/cube2/cube2_table.h"

#include <algorithm>
#include <random>

#include "gtest/gtest.h"
#include "puzzles/cube2/cube2_depths_txt.h"
#include "puzzles/cube2/cube2_verifier.h"

namespace puzzle {
namespace {

// The BFS's depth counts equal the published ones (OEIS A079761, A079762), exactly.
TEST(Cube2TableTest, DepthCountsEqualThePublishedOnes) {
  absl::StatusOr<Cube2DepthCounts> expected = ParseCube2Depths(kCube2DepthsTxt);
  ASSERT_TRUE(expected.ok()) << expected.status();
  std::vector<uint64_t> htm, qtm;
  BuildCube2Solutions(Cube2Metric::kHalfTurn, &htm);
  BuildCube2Solutions(Cube2Metric::kQuarterTurn, &qtm);
  EXPECT_EQ(htm, expected->htm);
  EXPECT_EQ(qtm, expected->qtm);
  EXPECT_EQ(htm.size(), 12u);  // God's number 11
  EXPECT_EQ(qtm.size(), 15u);  // and 14
}

// The walk prefetches only the neighbours by a move that MayFollow the last one: in both metrics,
// every state's first move and the next state's first move are such a pair, and the rule is the
// one stated (HTM: any other face; QTM: anything but the inverse quarter turn).
TEST(Cube2TableTest, EveryStepOfEveryWalkIsAMoveThatMayFollow) {
  for (Cube2Metric metric : {Cube2Metric::kHalfTurn, Cube2Metric::kQuarterTurn}) {
    std::vector<uint64_t> depths;
    const std::vector<uint8_t> solutions = BuildCube2Solutions(metric, &depths);
    const Cube2Table table = Cube2Table::FromBytes(solutions.data(), metric);
    const Cube2MoveTables& moves = Cube2MoveTables::Get(metric);
    const std::vector<Cube2Turn>& turns = Cube2MetricTurns(metric);
    const int count = moves.move_count();
    EXPECT_EQ(moves.MayFollow(kCube2NoMove), (1u << count) - 1);
    for (int m = 0; m < count; ++m) {
      for (int n = 0; n < count; ++n) {
        const bool same_face = turns[m].face == turns[n].face;
        const bool inverse = same_face && turns[m].quarter_turns + turns[n].quarter_turns == 4;
        const bool expected = metric == Cube2Metric::kHalfTurn ? !same_face : !inverse;
        EXPECT_EQ((moves.MayFollow(m) >> n & 1) != 0, expected) << m << " then " << n;
      }
    }
    uint64_t pairs = 0;
    for (uint32_t index = 0; index < kCube2States; ++index) {
      if (table.Distance(index) < 2) continue;
      const int first = table.FirstMove(index);
      const int second = table.FirstMove(moves.Next(index, first));
      ASSERT_TRUE(moves.MayFollow(first) >> second & 1)
          << "state " << index << ": " << first << " then " << second;
      ++pairs;
    }
    EXPECT_GT(pairs, kCube2States - 100u);
  }
}

TEST(Cube2TableTest, SolveWalksToSolvedAndACorruptEntryIsDataLoss) {
  std::vector<uint64_t> depths;
  std::vector<uint8_t> solutions = BuildCube2Solutions(Cube2Metric::kHalfTurn, &depths);
  const Cube2Table table = Cube2Table::FromBytes(solutions.data(), Cube2Metric::kHalfTurn);
  std::vector<int> moves;
  ASSERT_TRUE(table.Solve(0, &moves).ok());
  EXPECT_TRUE(moves.empty());
  // R: solved by R' (move 5 of U U2 U' R R2 R' F F2 F').
  const uint32_t r = Cube2Index(Cube2FaceTurn(1, 1));
  ASSERT_TRUE(table.Solve(r, &moves).ok());
  EXPECT_EQ(moves, std::vector<int>{5});
  solutions[r] = static_cast<uint8_t>(1 << 4 | 0);  // says U, which does not solve R
  EXPECT_EQ(table.Solve(r, &moves).code(), absl::StatusCode::kDataLoss);
}

// SolveMany's interleaved walks give Solve's moves for every state (in a shuffled order, so
// that each group's walks have different lengths), and a corrupt entry is DataLoss for its own
// walk only.
TEST(Cube2TableTest, SolveManyAnswersEveryStateAsSolve) {
  std::vector<uint64_t> depths;
  std::vector<uint8_t> solutions = BuildCube2Solutions(Cube2Metric::kHalfTurn, &depths);
  const Cube2Table table = Cube2Table::FromBytes(solutions.data(), Cube2Metric::kHalfTurn);
  std::vector<uint32_t> indexes(kCube2States);
  for (uint32_t i = 0; i < kCube2States; ++i) indexes[i] = i;
  std::mt19937 random(7);
  std::shuffle(indexes.begin(), indexes.end(), random);
  std::vector<Cube2Table::Walk> walks(indexes.size());
  table.SolveMany(indexes.data(), indexes.size(), walks.data());
  for (size_t k = 0; k < indexes.size(); ++k) {
    uint8_t moves[kCube2MaxSolution];
    int count = 0;
    ASSERT_TRUE(table.Solve(indexes[k], moves, &count).ok());
    ASSERT_TRUE(walks[k].status.ok()) << indexes[k] << ": " << walks[k].status;
    ASSERT_EQ(walks[k].count, count) << indexes[k];
    ASSERT_TRUE(std::equal(moves, moves + count, walks[k].moves)) << indexes[k];
  }
  const uint32_t r = Cube2Index(Cube2FaceTurn(1, 1));
  solutions[r] = static_cast<uint8_t>(1 << 4 | 0);  // says U, which does not solve R
  const uint32_t batch[] = {0, r, Cube2Index(Cube2FaceTurn(0, 2)), r};
  Cube2Table::Walk some[4];
  table.SolveMany(batch, 4, some);
  EXPECT_TRUE(some[0].status.ok());
  EXPECT_EQ(some[1].status.code(), absl::StatusCode::kDataLoss);
  EXPECT_TRUE(some[2].status.ok());
  EXPECT_EQ(some[2].count, 1);
  EXPECT_EQ(some[3].status.code(), absl::StatusCode::kDataLoss);
}

TEST(Cube2TableTest, TheVerifierFindsAWrongFirstMoveAndAWrongDistance) {
  std::vector<uint64_t> depths;
  std::vector<uint8_t> solutions = BuildCube2Solutions(Cube2Metric::kQuarterTurn, &depths);
  const uint32_t r = Cube2Index(Cube2FaceTurn(1, 1));
  const uint32_t far = 1234567;
  solutions[r] = static_cast<uint8_t>(1 << 4 | 0);  // first move U instead of R'
  solutions[far] = static_cast<uint8_t>(solutions[far] + (1 << 4));
  const Cube2VerifyReport report = VerifyCube2Solutions(solutions.data(), false, depths);
  ASSERT_EQ(report.failures.size(), 3u) << report.failures[0];
  // In index order: 1234567 comes before R's entry (2208639).
  ASSERT_LT(far, r);
  EXPECT_EQ(report.failures[0].substr(0, 14), "entry 1234567:");
  EXPECT_EQ(report.failures[1], "entry " + std::to_string(r) +
                                    " (distance 1): first move 0; the smallest move one step "
                                    "closer is 3");
  EXPECT_EQ(report.failures[2].substr(0, 13), "depth counts ");
}

}  // namespace
}  // namespace puzzle
