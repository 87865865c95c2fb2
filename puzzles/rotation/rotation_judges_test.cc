// Golden tests of the Rotation Game's judge format (hdu1667): the seed problem's sample plus our
// own cases, byte for byte, answered in-process from the Bazel-built table.
#include "puzzles/rotation/rotation_judges.h"

#include "gtest/gtest.h"
#include "puzzle/judge_runner.h"
#include "puzzles/rotation/rotation_puzzle.h"

namespace puzzle {
namespace {

class RotationJudgeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_EQ(RotationGamePuzzle().judge_formats().size(), 1u);
    absl::StatusOr<std::unique_ptr<JudgeRunner>> runner = JudgeRunner::Load(RotationGamePuzzle());
    ASSERT_TRUE(runner.ok()) << runner.status();
    runner_ = runner->release();
  }
  static void TearDownTestSuite() { delete runner_; }

  std::string Run(const std::string& input, std::string* errors, absl::Status* status) {
    return runner_->Run("hdu1667", input, errors, status);
  }
  static JudgeRunner* runner_;
};
JudgeRunner* RotationJudgeTest::runner_ = nullptr;

TEST_F(RotationJudgeTest, Hdu1667SampleAndNoMovesNeeded) {
  std::string errors;
  absl::Status status;
  EXPECT_EQ(Run("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
                "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n"
                "1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3\n"
                "0\n",
                &errors, &status),
            "AC\n2\nDDHH\n2\nNo moves needed\n2\n");
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(errors, "");
}

TEST_F(RotationJudgeTest, BadCasesKeepLaterAnswersInPlace) {
  std::string errors;
  absl::Status status;
  EXPECT_EQ(Run("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
                "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 4\n"
                "1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n"
                "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n"
                "0\n",
                &errors, &status),
            "AC\n2\nerror\n\nerror\n\nDDHH\n2\n");
  EXPECT_EQ(errors,
            "case 2 (line 2): board: symbol '4' at position 24; expected 1, 2 or 3\n"
            "case 3 (line 3): board: 9 ones, 7 twos and 8 threes; expected eight of each\n");
  EXPECT_EQ(status.message(), "2 of 4 cases were malformed (see above)");
}

TEST_F(RotationJudgeTest, MissingTerminatorAndShortCase) {
  std::string errors;
  absl::Status status;
  EXPECT_EQ(Run("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 2 3\n", &errors, &status),
            "AC\n2\nerror\n\n");
  EXPECT_EQ(errors,
            "note: the input ended without the terminating 0\n"
            "case 2 (line 2): expected 24 symbols, input ended after 3\n");
  EXPECT_EQ(Run("0\n1 2\n", &errors, &status), "");
  EXPECT_TRUE(status.ok());
  EXPECT_EQ(errors, "note: ignored 2 tokens after the terminating 0 (line 2)\n");
}

}  // namespace
}  // namespace puzzle
