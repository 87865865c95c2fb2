// The cube3 puzzle over its Bazel-built table: the examples, random-state boards solved and
// replayed by the independent sticker model, and the seam's contracts (Trace, CheckAnswer).
#include "puzzles/cube3/cube3_puzzle.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "puzzle/puzzle_loader.h"
#include "puzzles/cube3/cube3_notation.h"
#include "puzzles/cube3/cube3_sticker_turns.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {
namespace {

class Cube3PuzzleTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<std::unique_ptr<LoadedPuzzle>> loaded = LoadPuzzle(Cube3Puzzle(), "data");
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    loaded_ = loaded->release();
  }
  static absl::StatusOr<Answer> Solve(const std::string& start, const std::string& goal) {
    return Solve(Query{start, goal});
  }
  static absl::StatusOr<Answer> Solve(const Query& query) {
    SolveControl control;
    Answer answer;
    const absl::Status status = loaded_->solver().Solve(query, control, &answer);
    if (!status.ok()) return status;
    return answer;
  }
  static std::string Stickers(const std::string& board) {
    return *Cube3Puzzle().Trace(board, "").value().begin();
  }
  static LoadedPuzzle* loaded_;
};
LoadedPuzzle* Cube3PuzzleTest::loaded_ = nullptr;

// The default tier is required; the large tier is optional (served when present), so the
// data directory here, which holds only the required tables, loads without it.
TEST_F(Cube3PuzzleTest, TheLargeTierIsAnOptionalTable) {
  const std::vector<TableSpec>& tables = Cube3Puzzle().tables();
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(tables[0].file_name(), "cube3.tbl");
  EXPECT_FALSE(tables[0].optional);
  EXPECT_EQ(tables[1].file_name(), "cube3-large.tbl");
  EXPECT_TRUE(tables[1].optional);
}

// cube3_puzzle_large_test (CUBE3_LARGE_TIER) runs these tests with cube3-large.tbl in the data
// directory too: the puzzle loads it, and its optimal mode searches on it.
#ifdef CUBE3_LARGE_TIER
constexpr size_t kTablesLoaded = 2;
#else
constexpr size_t kTablesLoaded = 1;
#endif

TEST_F(Cube3PuzzleTest, LoadsTheLargeTierWhenItIsInTheDirectory) {
  EXPECT_EQ(loaded_->tables().size(), kTablesLoaded);
}

// Through the seam, on whichever tiers are loaded: 11-move scrambles' optimal answers replay to
// solved, are at most the scramble's length, and at most the near-optimal mode's (the search
// itself is held to a brute force by cube3_optimal_test and cube3_optimal_large_test).
TEST_F(Cube3PuzzleTest, OptimalAnswersReplayAndAreNoLongerThanNearOptimal) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const std::string start = *Cube3Puzzle().Scramble("", 11, seed);
    Query optimal{start, ""};
    optimal.mode = "optimal";
    absl::StatusOr<Answer> a = Solve(optimal);
    ASSERT_TRUE(a.ok()) << a.status();
    absl::StatusOr<Answer> near = Solve(start, "");
    ASSERT_TRUE(near.ok()) << near.status();
    EXPECT_LE(a->distance, 11);
    EXPECT_LE(a->distance, near->distance);
    EXPECT_TRUE(Cube3Puzzle().CheckAnswer({start, "", "", "optimal"}, *a).ok()) << start;
    EXPECT_EQ(ApplyCube3StickerTurns(start, *ParseFaceTurns(a->moves, "moves")),
              kCube3SolvedFacelets);
  }
}

TEST_F(Cube3PuzzleTest, ExamplesAreTheSolversAnswers) {
  for (const SolveExample& e : Cube3Puzzle().examples().solves) {
    absl::StatusOr<Answer> a = Solve(Query{e.start, e.goal, e.metric, e.mode});
    ASSERT_TRUE(a.ok()) << a.status();
    EXPECT_EQ(a->moves, e.answer.moves) << e.start << " -> " << e.goal;
    EXPECT_EQ(a->distance, e.answer.distance) << e.start;
  }
  for (const BadQueryExample& e : Cube3Puzzle().examples().bad_queries) {
    SolveControl control;
    Answer answer;
    const absl::Status status =
        loaded_->solver().Solve(Query{e.start, e.goal, e.metric, e.mode}, control, &answer);
    EXPECT_EQ(status.message(), e.message) << e.start;
  }
}

TEST_F(Cube3PuzzleTest, RandomStatesAreSolvedWithinTwentyAndReplay) {
  const std::string goal = Stickers("R U R' U'");
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    const std::string start = *Cube3Puzzle().RandomBoard(seed % 2 ? "" : goal, seed);
    EXPECT_EQ(start, *Cube3Puzzle().RandomBoard(seed % 2 ? "" : goal, seed));  // reproducible
    const std::string target = seed % 2 ? std::string(kCube3SolvedFacelets) : goal;
    EXPECT_NE(start, target);
    absl::StatusOr<Answer> a = Solve(start, seed % 2 ? "" : goal);
    ASSERT_TRUE(a.ok()) << a.status();
    EXPECT_LE(a->distance, 20);
    EXPECT_GE(a->distance, 2);  // WCA Regulation 4b3: at least two moves from the goal
    EXPECT_TRUE(Cube3Puzzle().CheckAnswer({start, seed % 2 ? "" : goal}, *a).ok());
    std::vector<FaceTurn> turns = *ParseFaceTurns(a->moves, "moves");
    EXPECT_EQ(ApplyCube3StickerTurns(start, turns), target) << start;
    EXPECT_GT(a->nodes, 0u);
  }
}

TEST_F(Cube3PuzzleTest, CheckAnswerRefusesAWrongAnswer) {
  Answer wrong;
  wrong.solvable = true;
  wrong.distance = 1;
  wrong.moves = "U";
  EXPECT_FALSE(Cube3Puzzle().CheckAnswer({"R", ""}, wrong).ok());
  wrong.moves = "R'";
  EXPECT_TRUE(Cube3Puzzle().CheckAnswer({"R", ""}, wrong).ok());
}

TEST_F(Cube3PuzzleTest, MoveCyclesAgreeWithTrace) {
  const PuzzleInfo& info = Cube3Puzzle().info();
  ASSERT_EQ(info.moves.size(), 18u);
  const std::string start = *Cube3Puzzle().RandomBoard("", 7);
  for (const MoveInfo& move : info.moves) {
    std::string moved = start;
    for (const std::vector<int>& cycle : move.cycles) {
      for (size_t k = 0; k < cycle.size(); ++k) {
        moved[cycle[(k + 1) % cycle.size()]] = start[cycle[k]];
      }
    }
    EXPECT_EQ(moved, Cube3Puzzle().Trace(start, move.symbol)->back()) << move.symbol;
  }
}

TEST_F(Cube3PuzzleTest, AnExpiredDeadlineIsDeadlineExceeded) {
  std::atomic<bool> cancelled{false};
  SolveControl control(absl::Now() - absl::Seconds(1), &cancelled, "the call's deadline");
  Answer answer;
  const absl::Status status =
      loaded_->solver().Solve(Query{*Cube3Puzzle().RandomBoard("", 3), ""}, control, &answer);
  // The search checks the clock every 1,024 nodes: a quick cube may still be answered.
  EXPECT_TRUE(status.ok() || absl::IsDeadlineExceeded(status)) << status;
}

// A shorter max_length gets an answer that short or NotFound; a budget an answer no longer than
// the first; both are replayed. The optimal mode proves a max_length below the minimum.
TEST_F(Cube3PuzzleTest, MaxLengthAndTimeBudgetBoundTheAnswer) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const std::string start = *Cube3Puzzle().RandomBoard("", seed);
    absl::StatusOr<Answer> first = Solve(start, "");
    ASSERT_TRUE(first.ok()) << first.status();
    Query budgeted{start, ""};
    budgeted.time_budget = absl::Milliseconds(30);
    absl::StatusOr<Answer> better = Solve(budgeted);
    ASSERT_TRUE(better.ok()) << better.status();
    EXPECT_LE(better->distance, first->distance);
    EXPECT_TRUE(Cube3Puzzle().CheckAnswer({start, ""}, *better).ok());
    Query shorter{start, ""};
    shorter.max_length = better->distance;
    absl::StatusOr<Answer> within = Solve(shorter);
    ASSERT_TRUE(within.ok()) << within.status();
    EXPECT_LE(within->distance, better->distance);
    EXPECT_TRUE(Cube3Puzzle().CheckAnswer({start, ""}, *within).ok());
    Query far_too_short{start, ""};
    far_too_short.max_length = 9;  // a random cube needs 16 or more
    EXPECT_EQ(Solve(far_too_short).status().message(),
              "no solution of at most 9 moves found by the two-phase search (which does not try "
              "every sequence); mode optimal finds the minimum");
  }
  Query optimal{"R U2 F' R2 D L'", "", "", "optimal"};
  optimal.max_length = 5;
  EXPECT_EQ(
      Solve(optimal).status(),
      absl::NotFoundError("no solution of at most 5 moves: the optimal length is at least 6"));
  optimal.max_length = 6;
  absl::StatusOr<Answer> six = Solve(optimal);
  ASSERT_TRUE(six.ok()) << six.status();
  EXPECT_EQ(six->moves, "L D' R2 F U2 R'");
  Query bad{"R U", ""};
  bad.max_length = -1;
  EXPECT_EQ(Solve(bad).status().message(), "max_length: -1; expected 0 (at most 20) or more");
  bad = Query{"R U", "", "", "optimal"};
  bad.time_budget = absl::Milliseconds(5);
  EXPECT_EQ(Solve(bad).status().message(),
            "time_budget_ms: 5; the optimal mode has no budget (the call's deadline and "
            "--max_search_time bound it): leave it 0");
}

}  // namespace
}  // namespace puzzle
