// Golden tests of the 8-puzzle's judge formats: the seed problems' samples plus our own cases,
// byte for byte, answered in-process from the Bazel-built table.
#include "puzzles/eight/eight_judges.h"

#include "gtest/gtest.h"
#include "puzzle/judge_runner.h"
#include "puzzles/eight/eight_puzzle.h"

namespace puzzle {
namespace {

class EightJudgeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<std::unique_ptr<JudgeRunner>> runner = JudgeRunner::Load(EightPuzzle());
    ASSERT_TRUE(runner.ok()) << runner.status();
    runner_ = runner->release();
  }
  static void TearDownTestSuite() { delete runner_; }

  // Runs `format` on `input`; returns stdout, and stderr and the status through pointers (without
  // them, it must succeed with nothing on stderr).
  std::string Run(const char* format, const std::string& input, std::string* errors = nullptr,
                  absl::Status* status = nullptr) {
    std::string err;
    absl::Status s;
    const std::string out = runner_->Run(format, input, &err, &s);
    if (errors != nullptr) *errors = err;
    if (status != nullptr) *status = s;
    if (status == nullptr) {
      EXPECT_TRUE(s.ok()) << s << err;
    }
    return out;
  }

  static JudgeRunner* runner_;
};
JudgeRunner* EightJudgeTest::runner_ = nullptr;

TEST_F(EightJudgeTest, Hdu3567Sample) {
  EXPECT_EQ(Run("hdu3567", "2\n12X453786\n12345678X\n564178X23\n7568X4123\n"),
            "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
}

TEST_F(EightJudgeTest, Hdu3567DistanceZeroPrintsAnEmptyLineAndCrLfIsAccepted) {
  EXPECT_EQ(Run("hdu3567", "1\r\n12345678X\r\n12345678X\r\n"), "Case 1: 0\n\n");
}

TEST_F(EightJudgeTest, Hdu3567BadCaseKeepsLaterAnswersInPlace) {
  std::string errors;
  absl::Status status;
  const std::string out = Run("hdu3567",
                              "3\n12X453786\n12345678X\n12X45378\n12345678X\n"
                              "564178X23\n7568X4123\n",
                              &errors, &status);
  EXPECT_EQ(out, "Case 1: 2\ndd\nCase 2: error\n\nCase 3: 8\nurrulldr\n");
  EXPECT_EQ(errors,
            "case 2 (line 4): start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), "
            "got 8\n");
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(), "1 of 3 cases were malformed (see above)");
}

TEST_F(EightJudgeTest, Hdu3567BadCountAndMissingLines) {
  std::string errors;
  absl::Status status;
  Run("hdu3567", "two\n12X453786\n", &errors, &status);
  EXPECT_EQ(status.message(), "line 1: 'two' is not the number of cases T");
  // Bytes of the input are quoted, never echoed raw (terminal escapes, NUL, non-UTF-8).
  Run("hdu3567", std::string("\x1b[2J\x00\xff\n", 7), &errors, &status);
  EXPECT_EQ(status.message(), "line 1: '\\x1b[2J\\x00\\xff' is not the number of cases T");
  const std::string out = Run("hdu3567", "2\n12X453786\n12345678X\n564178X23\n", &errors, &status);
  EXPECT_EQ(out, "Case 1: 2\ndd\nCase 2: error\n\n");
  EXPECT_EQ(errors,
            "case 2 (line 4): input ended after 1 of the 2 cases T announces; this case has a "
            "start line but no goal line\n");
  // A huge T with little input costs nothing: one error for the shortfall, not T placeholders.
  EXPECT_EQ(Run("hdu3567", "2000000000\n12X453786\n12345678X\n", &errors, &status),
            "Case 1: 2\ndd\nCase 2: error\n\n");
  EXPECT_EQ(errors, "case 2 (line 3): input ended after 1 of the 2000000000 cases T announces\n");
}

TEST_F(EightJudgeTest, Poj1077SampleAndUnsolvable) {
  // The seed's sample answer "ullddrurdllurdruldr" is one of several 19-move solutions (POJ uses a
  // special judge); we print the lexicographically smallest.
  EXPECT_EQ(Run("poj1077", " 2  3  4  1  5  x  7  6  8 \n"), "dlurullddrurdllurdr\n");
  EXPECT_EQ(Run("poj1077", "2 1 3 4 5 6 7 8 x\n"), "unsolvable\n");
  EXPECT_EQ(Run("poj1077", "1 2 3 4 5 6 7 8 x\n2 3 4 1 5 x 7 6 8\n"), "\ndlurullddrurdllurdr\n");
}

TEST_F(EightJudgeTest, Poj1077Errors) {
  std::string errors;
  absl::Status status;
  Run("poj1077", "", &errors, &status);
  EXPECT_EQ(status.message(), "line 1: empty input; expected a board of 9 symbols");
  EXPECT_EQ(Run("poj1077", "1 2 3\n4 5 6\n7 8 y\n", &errors, &status), "error\n");
  EXPECT_EQ(errors, "case 1 (line 1): start: symbol 'y' at position 9; expected 1-8 or X\n");
  EXPECT_EQ(Run("poj1077", "1 2 3 4 5 6 7 8 x 1 2\n", &errors, &status), "\nerror\n");
  EXPECT_EQ(errors, "case 2 (line 1): expected 9 symbols, input ended after 2\n");
}

TEST_F(EightJudgeTest, DistanceFormat) {
  EXPECT_EQ(Run("distance",
                "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n"
                "1 2 3 4 5 6 7 0 8 1 2 3 4 5 6 7 8 0\n"
                "2 1 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 0\n"
                "8 6 7 2 5 4 3 0 1\n1 2 3 4 5 6 7 8 0\n"),
            "0\n1\n-1\n31\n");
}

TEST_F(EightJudgeTest, DistanceBadTokenNamesCaseLineAndField) {
  std::string errors;
  absl::Status status;
  const std::string out = Run("distance",
                              "1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 0 8\n"
                              "1 2 3 4 5 6 7 8 0 1 2 3 4 9 6 7 8 0\n"
                              "1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 0\n",
                              &errors, &status);
  EXPECT_EQ(out, "1\nerror\n0\n");
  EXPECT_EQ(errors, "case 2 (line 2): goal: symbol '9' at position 5; expected 1-8 or X\n");
}

}  // namespace
}  // namespace puzzle
