// Golden tests of the judge formats: the seed problems' samples plus our own cases, byte for
// byte, answered in-process from the Bazel-built table.
#include "client/judge.h"

#include <sstream>

#include "gtest/gtest.h"

namespace client {
namespace {

class JudgeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto oracle = LocalEightOracle::Open("data/eight.tbl");
    ASSERT_TRUE(oracle.ok()) << oracle.status();
    oracle_ = oracle->release();
  }
  static void TearDownTestSuite() { delete oracle_; }

  // Runs `format` on `input`; returns stdout, and stderr and the status through pointers.
  std::string Run(const char* format, const std::string& input, std::string* errors = nullptr,
                  absl::Status* status = nullptr) {
    std::ostringstream out, err;
    const absl::Status s = RunJudge(*ParseJudgeFormat(format), input, *oracle_, out, err);
    if (errors != nullptr) *errors = err.str();
    if (status != nullptr) *status = s;
    if (status == nullptr) {
      EXPECT_TRUE(s.ok()) << s << err.str();
    }
    return out.str();
  }

  static LocalEightOracle* oracle_;
};
LocalEightOracle* JudgeTest::oracle_ = nullptr;

TEST_F(JudgeTest, Hdu3567Sample) {
  EXPECT_EQ(Run("hdu3567", "2\n12X453786\n12345678X\n564178X23\n7568X4123\n"),
            "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
}

TEST_F(JudgeTest, Hdu3567DistanceZeroPrintsAnEmptyLineAndCrLfIsAccepted) {
  EXPECT_EQ(Run("hdu3567", "1\r\n12345678X\r\n12345678X\r\n"), "Case 1: 0\n\n");
}

TEST_F(JudgeTest, Hdu3567BadCaseKeepsLaterAnswersInPlace) {
  std::string errors;
  absl::Status status;
  const std::string out = Run("hdu3567", "3\n12X453786\n12345678X\n12X45378\n12345678X\n"
                                         "564178X23\n7568X4123\n",
                              &errors, &status);
  EXPECT_EQ(out, "Case 1: 2\ndd\nCase 2: error\n\nCase 3: 8\nurrulldr\n");
  EXPECT_EQ(errors,
            "case 2 (line 4): start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), "
            "got 8\n");
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(), "1 of 3 cases were malformed (see above)");
}

TEST_F(JudgeTest, Hdu3567BadCountAndMissingLines) {
  std::string errors;
  absl::Status status;
  Run("hdu3567", "two\n12X453786\n", &errors, &status);
  EXPECT_EQ(status.message(), "line 1: 'two' is not the number of cases T");
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

TEST_F(JudgeTest, Poj1077SampleAndUnsolvable) {
  // The seed's sample answer "ullddrurdllurdruldr" is one of several 19-move solutions (POJ uses a
  // special judge); we print the lexicographically smallest.
  EXPECT_EQ(Run("poj1077", " 2  3  4  1  5  x  7  6  8 \n"), "dlurullddrurdllurdr\n");
  EXPECT_EQ(Run("poj1077", "2 1 3 4 5 6 7 8 x\n"), "unsolvable\n");
  EXPECT_EQ(Run("poj1077", "1 2 3 4 5 6 7 8 x\n2 3 4 1 5 x 7 6 8\n"), "\ndlurullddrurdllurdr\n");
}

TEST_F(JudgeTest, Poj1077Errors) {
  std::string errors;
  absl::Status status;
  Run("poj1077", "", &errors, &status);
  EXPECT_EQ(status.message(), "line 1: empty input; expected a board of 9 symbols");
  EXPECT_EQ(Run("poj1077", "1 2 3\n4 5 6\n7 8 y\n", &errors, &status), "error\n");
  EXPECT_EQ(errors, "case 1 (line 1): start: symbol 'y' at position 9; expected 1-8 or X\n");
  EXPECT_EQ(Run("poj1077", "1 2 3 4 5 6 7 8 x 1 2\n", &errors, &status), "\nerror\n");
  EXPECT_EQ(errors, "case 2 (line 1): expected 9 symbols, input ended after 2\n");
}

TEST_F(JudgeTest, DistanceFormat) {
  EXPECT_EQ(Run("distance",
                "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n"
                "1 2 3 4 5 6 7 0 8 1 2 3 4 5 6 7 8 0\n"
                "2 1 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 0\n"
                "8 6 7 2 5 4 3 0 1\n1 2 3 4 5 6 7 8 0\n"),
            "0\n1\n-1\n31\n");
}

TEST_F(JudgeTest, DistanceBadTokenNamesCaseLineAndField) {
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

TEST(JudgeFormatTest, UnknownFormat) {
  EXPECT_EQ(ParseJudgeFormat("uva").status().message(),
            "--format='uva'; expected one of hdu3567, poj1077, distance, hdu1667");
}

class RotationJudgeTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto oracle = LocalRotationOracle::Open("data/rotation.tbl");
    ASSERT_TRUE(oracle.ok()) << oracle.status();
    oracle_ = oracle->release();
  }
  static void TearDownTestSuite() { delete oracle_; }

  std::string Run(const std::string& input, std::string* errors, absl::Status* status) {
    std::ostringstream out, err;
    *status = RunRotationJudge(input, *oracle_, out, err);
    *errors = err.str();
    return out.str();
  }
  static LocalRotationOracle* oracle_;
};
LocalRotationOracle* RotationJudgeTest::oracle_ = nullptr;

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
}  // namespace client
