// The 15-puzzle's judge formats, uva10181 and aizu-alds1-13-c, answered in-process from the
// Bazel-built default tier: the problems' samples, N and its shortfalls, malformed boards mid-input
// (a placeholder keeps every later answer in place), unsolvable boards, start = goal, and the
// move strings against the independent brute force.
#include "puzzles/fifteen/fifteen_judges.h"

#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "puzzle/judge_runner.h"
#include "puzzles/fifteen/fifteen_board.h"
#include "puzzles/fifteen/fifteen_brute_force.h"
#include "puzzles/fifteen/fifteen_puzzle.h"

namespace puzzle {
namespace {

constexpr char kGoal[] = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n";

class FifteenJudgeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<std::unique_ptr<JudgeRunner>> runner = JudgeRunner::Load(FifteenPuzzle());
    ASSERT_TRUE(runner.ok()) << runner.status();
    runner_ = runner->release();
  }
  static void TearDownTestSuite() { delete runner_; }

  // Runs `format` on `input`: stdout, with stderr and the status through the pointers.
  static std::string Run(const std::string& format, const std::string& input, std::string* errors,
                         absl::Status* status) {
    return runner_->Run(format, input, errors, status);
  }
  // The same, for inputs that must be answered cleanly.
  static std::string RunOk(const std::string& format, const std::string& input) {
    std::string errors;
    absl::Status status;
    const std::string out = Run(format, input, &errors, &status);
    EXPECT_TRUE(status.ok()) << status;
    EXPECT_EQ(errors, "");
    return out;
  }

  static JudgeRunner* runner_;
};
JudgeRunner* FifteenJudgeTest::runner_ = nullptr;

// A board a few random moves from the goal, as the judges' 16 integers (0 is the blank).
std::string Integers(const std::string& board) {
  const FifteenBoard b = *ParseFifteenBoard(board, "test");
  std::vector<int> cells(b.cells.begin(), b.cells.end());
  return absl::StrCat(absl::StrJoin(cells, " "), "\n");
}

TEST_F(FifteenJudgeTest, TheProblemsSamples) {
  EXPECT_EQ(RunOk("uva10181",
                  "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n"
                  "13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n"),
            "LLLDRDRDR\nThis puzzle is not solvable.\n");
  EXPECT_EQ(RunOk("aizu-alds1-13-c", "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n"), "8\n");
}

TEST_F(FifteenJudgeTest, UvaAnswersAreTheBruteForcesLexMinStringsInUpperCase) {
  const FifteenBoard goal = *ParseFifteenBoard("123456789ABCDEFX", "goal");
  std::string input = "20\n";
  std::string expected;
  for (int seed = 1; seed <= 20; ++seed) {
    const std::string board = *FifteenPuzzle().Scramble("", 10 + seed % 8, seed);
    input += Integers(board);
    const BruteForceFifteenAnswer brute =
        BruteForceFifteenSolve(*ParseFifteenBoard(board, "start"), goal, 20);
    ASSERT_GE(brute.distance, 0) << board;
    expected += absl::AsciiStrToUpper(brute.moves) + "\n";
  }
  EXPECT_EQ(RunOk("uva10181", input), expected);
}

TEST_F(FifteenJudgeTest, UvaStartEqualToTheGoalIsAnEmptyLine) {
  EXPECT_EQ(RunOk("uva10181", absl::StrCat("1\n", kGoal)), "\n");
}

TEST_F(FifteenJudgeTest, UvaReadsNPuzzlesAndIgnoresWhatFollows) {
  EXPECT_EQ(RunOk("uva10181", absl::StrCat("1\n", kGoal, kGoal)), "\n");
  EXPECT_EQ(RunOk("uva10181", "0\n"), "");
}

TEST_F(FifteenJudgeTest, UvaFewerPuzzlesThanNAnnouncesEndWithAPlaceholder) {
  std::string errors;
  absl::Status status;
  EXPECT_EQ(Run("uva10181", absl::StrCat("3\n", kGoal, kGoal), &errors, &status), "\n\nerror\n");
  EXPECT_EQ(errors, "case 3 (line 9): input ended after 2 of the 3 puzzles N announces\n");
  EXPECT_EQ(status, absl::InvalidArgumentError("1 of 3 cases were malformed (see above)"));
}

TEST_F(FifteenJudgeTest, UvaWithoutAUsableNAnswersNothing) {
  std::string errors;
  absl::Status status;
  EXPECT_EQ(Run("uva10181", "x\n", &errors, &status), "");
  EXPECT_EQ(status, absl::InvalidArgumentError("line 1: 'x' is not the number of puzzles N"));
  EXPECT_EQ(Run("uva10181", "-1\n", &errors, &status), "");
  EXPECT_EQ(status, absl::InvalidArgumentError("line 1: '-1' is not the number of puzzles N"));
  EXPECT_EQ(Run("uva10181", "", &errors, &status), "");
  EXPECT_EQ(status,
            absl::InvalidArgumentError("line 1: empty input; expected N, the number of puzzles"));
}

// A malformed board in the middle gets its placeholder; the boards after it keep their places.
TEST_F(FifteenJudgeTest, AMalformedBoardMidInputKeepsTheLaterAnswersInPlace) {
  const std::string bad = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n";  // 16 is no tile
  const std::string one_move = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
  std::string errors;
  absl::Status status;
  EXPECT_EQ(Run("uva10181", absl::StrCat("3\n", one_move, bad, kGoal), &errors, &status),
            "R\nerror\n\n");
  EXPECT_EQ(errors.rfind("case 2 (line 6): ", 0), 0u) << errors;
  EXPECT_EQ(status, absl::InvalidArgumentError("1 of 3 cases were malformed (see above)"));
  EXPECT_EQ(Run("aizu-alds1-13-c", absl::StrCat(one_move, bad, kGoal), &errors, &status),
            "1\nerror\n0\n");
  EXPECT_EQ(errors.rfind("case 2 (line 5): ", 0), 0u) << errors;
  EXPECT_EQ(status, absl::InvalidArgumentError("1 of 3 cases were malformed (see above)"));
}

TEST_F(FifteenJudgeTest, AizuUnsolvableIsMinusOne) {
  // Two tiles swapped: the other parity class, answered without a search.
  EXPECT_EQ(RunOk("aizu-alds1-13-c", "2 1 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n"), "-1\n");
}

TEST_F(FifteenJudgeTest, AizuAShortLastBoardIsAPlaceholder) {
  std::string errors;
  absl::Status status;
  EXPECT_EQ(Run("aizu-alds1-13-c", absl::StrCat(kGoal, "1 2 3\n"), &errors, &status), "0\nerror\n");
  EXPECT_EQ(errors.rfind("case 2 (line 5): ", 0), 0u) << errors;
  EXPECT_EQ(Run("aizu-alds1-13-c", "", &errors, &status), "");
  EXPECT_EQ(status,
            absl::InvalidArgumentError("line 1: empty input; expected a puzzle of 16 integers"));
}

// Another puzzle's format is not this one's (JudgeRunner says so rather than running it).
TEST_F(FifteenJudgeTest, AnotherPuzzlesFormatIsNotFound) {
  std::string errors;
  absl::Status status;
  EXPECT_EQ(Run("hdu3567", "1\n12345678X\n12345678X\n", &errors, &status), "");
  EXPECT_EQ(status, absl::NotFoundError("fifteen has no judge format 'hdu3567'"));
}

}  // namespace
}  // namespace puzzle
