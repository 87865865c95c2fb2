// The 2x2x2 as the registry sees it, on the Bazel-built tables: lex-min answers against an
// independent brute force, the examples, Trace, Scramble, random-state boards and CheckAnswer
// (every position: cube2_exhaustive_test). Its examples also run through every transport in tests/.
#include "puzzles/cube2/cube2_puzzle.h"

#include <deque>
#include <map>
#include <set>

#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "puzzle/chi_square.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube2/cube2_brute_force.h"
#include "puzzles/cube2/cube2_cube.h"
#include "puzzles/cube2/cube2_depths_txt.h"
#include "puzzles/cube2/cube2_notation.h"
#include "puzzles/cube2/cube2_query.h"
#include "puzzles/cube2/cube2_table.h"
#include "puzzles/cube2/cube2_verifier.h"

namespace puzzle {
namespace {

Cube2Metric MetricNamed(absl::string_view name) {
  return name == "qtm" ? Cube2Metric::kQuarterTurn : Cube2Metric::kHalfTurn;
}

// The parameter is the query's metric: "" (the default, HTM), "htm" or "qtm".
class Cube2PuzzleTest : public testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<std::unique_ptr<LoadedPuzzle>> loaded = LoadPuzzle(Cube2Puzzle(), "data");
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    loaded_ = *std::move(loaded);
  }
  static void TearDownTestSuite() { loaded_.reset(); }

  static const Puzzle& puzzle() { return loaded_->puzzle(); }
  static const Solver& solver() { return loaded_->solver(); }
  Cube2Metric metric() const { return MetricNamed(GetParam()); }
  bool htm() const { return metric() == Cube2Metric::kHalfTurn; }

  Answer SolveOrDie(const std::string& start, const std::string& goal) const {
    return SolveOrDie(start, goal, GetParam());
  }
  static Answer SolveOrDie(const std::string& start, const std::string& goal,
                           const std::string& metric) {
    SolveControl control;
    Answer answer;
    const absl::Status status = solver().Solve({start, goal, metric}, control, &answer);
    EXPECT_TRUE(status.ok()) << start << " -> " << goal << " (" << metric << "): " << status;
    return answer;
  }

  static std::unique_ptr<LoadedPuzzle> loaded_;
};

std::unique_ptr<LoadedPuzzle> Cube2PuzzleTest::loaded_;

std::string Tokens(const std::vector<int>& moves, Cube2Metric metric) {
  std::vector<std::string> tokens;
  for (int m : moves) tokens.push_back(Cube2TurnToken(Cube2MetricTurns(metric)[m]));
  return absl::StrJoin(tokens, " ");
}

// Random start and goal pairs, each painted in a random orientation: the answer is exactly the
// brute force's lex-min shortest sequence (which searches from the start's own state to the
// goal's, independently of the table and of its move tables).
TEST_P(Cube2PuzzleTest, AnswersAreLexMinAgainstABruteForce) {
  SeededRandom random(20 + GetParam().size() + htm());
  const auto& rotations = Cube2Rotations();
  for (int pair = 0; pair < 1000; ++pair) {
    const Cube2State start =
        Cube2Multiply(Cube2FromIndex(random.Below(kCube2States)), rotations[random.Below(24)]);
    const Cube2State goal =
        Cube2Multiply(Cube2FromIndex(random.Below(kCube2States)), rotations[random.Below(24)]);
    const Answer answer =
        SolveOrDie(Cube2Facelets(start), pair % 10 == 0 ? "" : Cube2Facelets(goal));
    const std::vector<int> brute = Cube2BruteForceSolve(
        start, pair % 10 == 0 ? Cube2Solved() : goal, Cube2MetricTurns(metric()));
    ASSERT_EQ(answer.moves, Tokens(brute, metric()))
        << Cube2Facelets(start) << " -> " << Cube2Facelets(goal);
    ASSERT_EQ(answer.distance, static_cast<int>(brute.size()));
  }
}

// SolveBatch interleaves its walks: every item's status and answer equal Solve's for the same
// query, over random positions and goals in both metrics mixed in one batch, scrambles, the bad
// queries of the examples, and odd lengths (a group of walks left over at the end).
TEST_F(Cube2PuzzleTest, SolveBatchAnswersAsSolveDoesItemByItem) {
  std::vector<Query> queries;
  std::deque<std::string> boards;  // what the queries' views see
  const char* const kMetricNames[] = {"", "htm", "qtm"};
  for (int i = 0; i < 3000; ++i) {
    Query q;
    q.start = boards.emplace_back(*puzzle().RandomBoard("", 1000 + i));
    if (i % 3 == 0) q.goal = boards.emplace_back(*puzzle().RandomBoard("", 5000 + i));
    q.metric = kMetricNames[i % 3];
    queries.push_back(q);
  }
  queries.push_back({"R U2 F' R2", "", "qtm"});
  queries.push_back({"UUUURRRRFFFFDDDDLLLLBBBB", "", ""});  // solved: no moves
  queries.push_back({"", "", ""});
  queries.push_back({"R U2 F' R2", "", "stm"});
  queries.push_back({"R U2 F' R2", "", "", "optimal"});
  for (const BadQueryExample& bad : puzzle().examples().bad_queries) {
    queries.push_back({bad.start, bad.goal, bad.metric});
  }
  for (size_t size : {queries.size(), size_t{1}, size_t{7}, size_t{9}, size_t{17}}) {
    const absl::Span<const Query> batch(queries.data(), size);
    std::vector<absl::Status> statuses(size);
    std::vector<Answer> answers(size);
    SolveControl control;
    solver().SolveBatch(batch, control, absl::MakeSpan(statuses), absl::MakeSpan(answers));
    int failed = 0;
    for (size_t i = 0; i < size; ++i) {
      Answer one;
      const absl::Status status = solver().Solve(batch[i], control, &one);
      ASSERT_EQ(statuses[i], status) << i << ": " << batch[i].start;
      if (!status.ok()) {
        ++failed;
        continue;
      }
      EXPECT_EQ(answers[i].moves, one.moves) << i << ": " << batch[i].start;
      EXPECT_EQ(answers[i].distance, one.distance) << i;
      EXPECT_TRUE(answers[i].solvable);
    }
    if (size == queries.size()) {
      EXPECT_EQ(failed, 3 + static_cast<int>(puzzle().examples().bad_queries.size()));
    }
  }
}

TEST_F(Cube2PuzzleTest, ExamplesAndBadQueries) {
  EXPECT_EQ(puzzle().info().metrics, (std::vector<std::string>{"htm", "qtm"}));
  std::set<std::string> metrics;
  for (const SolveExample& e : puzzle().examples().solves) {
    metrics.insert(e.metric);
    const Answer answer = SolveOrDie(e.start, e.goal, e.metric);
    EXPECT_EQ(answer.distance, e.answer.distance) << e.start;
    EXPECT_EQ(answer.moves, e.answer.moves) << e.start;
    const Cube2State start = *ParseCube2Board(e.start, "start");
    const Cube2State goal = e.goal.empty() ? Cube2Solved() : *ParseCube2Board(e.goal, "goal");
    const Cube2Metric metric = MetricNamed(e.metric);
    EXPECT_EQ(answer.moves,
              Tokens(Cube2BruteForceSolve(start, goal, Cube2MetricTurns(metric)), metric));
    EXPECT_TRUE(puzzle().CheckAnswer({e.start, e.goal, e.metric}, answer).ok());
  }
  EXPECT_EQ(metrics, (std::set<std::string>{"", "htm", "qtm"}));  // every transport sends each
  for (const BadQueryExample& e : puzzle().examples().bad_queries) {
    SolveControl control;
    Answer answer;
    const absl::Status status = solver().Solve({e.start, e.goal, e.metric}, control, &answer);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << e.start;
    EXPECT_EQ(status.message(), e.message);
  }
}

TEST_P(Cube2PuzzleTest, TraceScrambleAndCheckAnswer) {
  const std::string solved = "UUUURRRRFFFFDDDDLLLLBBBB";
  absl::StatusOr<std::vector<std::string>> trace = puzzle().Trace(solved, "R U'");
  ASSERT_TRUE(trace.ok()) << trace.status();
  ASSERT_EQ(trace->size(), 3u);
  EXPECT_EQ((*trace)[1], "UFUFRRRRFDFDDBDBLLLLUBUB");
  EXPECT_EQ(puzzle().Trace(solved, "R D").status().message(),
            "moves: move 2 is 'D'; expected one of U U2 U' R R2 R' F F2 F'");
  // A scramble is reproducible, and its answer is never longer than the scramble (of any turns:
  // a half turn is two quarter turns).
  absl::StatusOr<std::string> a = puzzle().Scramble("", 7, 99), b = puzzle().Scramble("", 7, 99);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_LE(SolveOrDie(*a, "").distance, htm() ? 7 : 14);
  // CheckAnswer: a wrong ending, a wrong count and a move outside the metric are named.
  const QueryText query = {"R U2 F' R2", "", GetParam()};
  Answer answer = SolveOrDie(query.start, query.goal);
  EXPECT_TRUE(puzzle().CheckAnswer(query, answer).ok());
  Answer wrong = answer;
  wrong.moves = "U U' R";  // three moves that end elsewhere
  wrong.distance = 3;
  EXPECT_EQ(puzzle().CheckAnswer(query, wrong).code(), absl::StatusCode::kInternal);
  wrong = answer;
  wrong.distance += 1;
  EXPECT_EQ(puzzle().CheckAnswer(query, wrong).code(), absl::StatusCode::kInternal);
  if (!htm()) {
    wrong.moves = "U2";
    wrong.distance = 1;
    EXPECT_EQ(puzzle().CheckAnswer(query, wrong).message(),
              "moves: move 1 is 'U2'; expected one of U U' R R' F F'");
  }
}

// Random-state boards: reproducible, and uniform: over 20,000 boards the distances match the
// published distribution (chi-square at the 0.001 quantile, bins expecting fewer than 20 merged
// into their neighbour; the seeds are fixed, so the check is deterministic).
TEST_P(Cube2PuzzleTest, RandomBoardsAreUniform) {
  EXPECT_EQ(*puzzle().RandomBoard("", 5), *puzzle().RandomBoard("", 5));
  EXPECT_NE(*puzzle().RandomBoard("", 5), *puzzle().RandomBoard("", 6));
  absl::StatusOr<Cube2DepthCounts> published = ParseCube2Depths(kCube2DepthsTxt);
  ASSERT_TRUE(published.ok());
  const std::vector<uint64_t>& counts = htm() ? published->htm : published->qtm;
  constexpr int kBoards = 20000;
  std::vector<double> observed(counts.size());
  for (int i = 0; i < kBoards; ++i) {
    absl::StatusOr<std::string> board = puzzle().RandomBoard("", 1000 + i);
    ASSERT_TRUE(board.ok()) << board.status();
    ++observed[SolveOrDie(*board, "").distance];
  }
  const ChiSquare chi2 = ChiSquareTest(observed, std::vector<double>(counts.begin(), counts.end()));
  EXPECT_LT(chi2.statistic, chi2.quantile_999) << chi2.bins << " bins";
  EXPECT_GE(chi2.bins, 6);
}

INSTANTIATE_TEST_SUITE_P(Metrics, Cube2PuzzleTest, testing::Values("", "htm", "qtm"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return info.param.empty() ? std::string("Default") : info.param;
                         });

}  // namespace
}  // namespace puzzle
