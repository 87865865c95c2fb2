// The cube3 puzzle over its Bazel-built table: the examples, random-state boards solved and
// replayed by the independent sticker model, and the seam's contracts (Trace, CheckAnswer).
#include "puzzles/cube3/cube3_puzzle.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "puzzle/chi_square.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_brute_force.h"
#include "puzzles/cube3/cube3_notation.h"
#include "puzzles/cube3/cube3_sticker_turns.h"
#include "puzzles/cube3/cube3_stop_message.h"
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

// The optimal mode with a goal other than solved: the lexicographically smallest of the shortest
// sequences from start to goal, as the brute force finds it on stickers alone (it knows nothing
// of the seam's reduction of a goal to solved), for random-state goals and starts 1 to 8 random
// moves away from them; the goal given as facelets or as a scramble.
TEST_F(Cube3PuzzleTest, OptimalWithAnyGoalIsTheBruteForcesAnswer) {
  SeededRandom random(20261207);
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    const bool as_scramble = seed % 3 == 0;
    const absl::StatusOr<std::string> random_goal = Cube3Puzzle().RandomBoard("", seed);
    ASSERT_TRUE(random_goal.ok()) << random_goal.status();
    const std::string goal_query = as_scramble ? "L2 D' B R U2 F' L D2 R'" : *random_goal;
    const std::string goal = as_scramble ? Stickers(goal_query) : goal_query;
    const Cube3BruteForce brute(goal, 4);
    std::vector<FaceTurn> scramble;
    for (uint64_t i = 0; i < 1 + seed % 8; ++i) {
      scramble.push_back(Cube3BruteForce::Turn(static_cast<int>(random.Below(18))));
    }
    const std::string start = ApplyCube3StickerTurns(goal, scramble);
    absl::StatusOr<Answer> a = Solve(Query{start, goal_query, "", "optimal"});
    ASSERT_TRUE(a.ok()) << a.status();
    std::vector<std::string> expected;
    for (int m : brute.Solve(start)) expected.push_back(FaceTurnToken(Cube3BruteForce::Turn(m)));
    EXPECT_EQ(a->moves, absl::StrJoin(expected, " ")) << start << " -> " << goal_query;
    EXPECT_EQ(a->distance, static_cast<int>(expected.size()));
    EXPECT_EQ(ApplyCube3StickerTurns(start, *ParseFaceTurns(a->moves, "moves")), goal);
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

// Random-state boards are uniform. The count of each position is beyond a test, so each check
// is on what a uniform cube makes uniform: which corner sits at URF and its twist (24 outcomes
// alike), the same at DRB (the last corner, whose twist a generator fixes from the others'), the
// edges at UR and BR in the same way, and the permutations' parity; over 24,000 boards from fixed
// seeds, each a chi-square below its 0.999 quantile (p = 0.001).
TEST_F(Cube3PuzzleTest, RandomBoardsAreUniform) {
  constexpr int kBoards = 24000;
  std::vector<std::vector<double>> observed(5);
  observed[0] = observed[1] = observed[2] = observed[3] = std::vector<double>(24);
  observed[4] = std::vector<double>(2);
  for (int i = 0; i < kBoards; ++i) {
    absl::StatusOr<std::string> board = Cube3Puzzle().RandomBoard("", 1000 + i);
    ASSERT_TRUE(board.ok()) << board.status();
    absl::StatusOr<Cube3State> cube = ParseCube3Board(*board, "start");
    ASSERT_TRUE(cube.ok()) << cube.status();
    ++observed[0][cube->cp[0] * 3 + cube->co[0]];
    ++observed[1][cube->cp[7] * 3 + cube->co[7]];
    ++observed[2][cube->ep[0] * 2 + cube->eo[0]];
    ++observed[3][cube->ep[11] * 2 + cube->eo[11]];
    int inversions = 0;
    for (int a = 0; a < kCube3Corners; ++a) {
      for (int b = a + 1; b < kCube3Corners; ++b) inversions += cube->cp[a] > cube->cp[b];
    }
    ++observed[4][inversions % 2];
  }
  for (size_t k = 0; k < observed.size(); ++k) {
    const ChiSquare chi2 = ChiSquareTest(observed[k], std::vector<double>(observed[k].size(), 1.0));
    EXPECT_EQ(chi2.bins, static_cast<int>(observed[k].size())) << k;
    EXPECT_LT(chi2.statistic, chi2.quantile_999) << "check " << k;
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

// An optimal search that the deadline ends: DEADLINE_EXCEEDED with the bound it proved and, when
// the two-phase search found one first, its solution, marked not proven optimal, which replays to
// the goal. A random cube's optimal search takes seconds, and its two-phase search milliseconds;
// the superflip's two-phase search alone takes about 0.5 s, so 20 ms leaves it only the bound.
TEST_F(Cube3PuzzleTest, AnOptimalSearchStoppedCarriesItsBoundAndTheBestSolutionKnown) {
  const auto stopped = [](const std::string& start, const std::string& goal,
                          absl::Duration deadline) {
    std::atomic<bool> cancelled{false};
    SolveControl control(absl::Now() + deadline, &cancelled, "the call's deadline");
    Answer answer;
    return loaded_->solver().Solve(Query{start, goal, "", "optimal"}, control, &answer);
  };
  const std::string kStoppedBy = "search stopped by the call's deadline";
  const std::string goal = Stickers("R U R' U'");
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const absl::StatusOr<std::string> board = Cube3Puzzle().RandomBoard(goal, seed);
    ASSERT_TRUE(board.ok()) << board.status();
    const std::string& start = *board;
    const absl::Status status = stopped(start, goal, absl::Milliseconds(300));
    ASSERT_TRUE(absl::IsDeadlineExceeded(status)) << status;
    const absl::StatusOr<Cube3StopMessage> stop = ParseCube3StopMessage(status.message());
    ASSERT_TRUE(stop.ok()) << stop.status();
    EXPECT_EQ(stop->stopped_by, kStoppedBy);
    ASSERT_TRUE(stop->has_best) << status;
    EXPECT_GE(stop->bound, 10);  // every random-state cube's tables' bound is more
    absl::StatusOr<std::vector<FaceTurn>> moves = ParseFaceTurns(stop->best_moves, "best");
    ASSERT_TRUE(moves.ok()) << moves.status();
    EXPECT_EQ(stop->best_words, absl::StrCat(moves->size(), " moves, not proven optimal"));
    EXPECT_GT(static_cast<int>(moves->size()), stop->bound);
    EXPECT_LE(moves->size(), 20u);
    EXPECT_EQ(ApplyCube3StickerTurns(start, *moves), goal);
  }
  const absl::Status superflip =
      stopped("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", "", absl::Milliseconds(20));
  ASSERT_TRUE(absl::IsDeadlineExceeded(superflip)) << superflip;
  const absl::StatusOr<Cube3StopMessage> bound_only = ParseCube3StopMessage(superflip.message());
  ASSERT_TRUE(bound_only.ok()) << bound_only.status();
  EXPECT_EQ(bound_only->stopped_by, kStoppedBy);
  EXPECT_FALSE(bound_only->has_best) << superflip;
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
