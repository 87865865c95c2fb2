#include "puzzles/rotation/rotation_bfs.h"

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "puzzle/nibble_array.h"
#include "puzzles/rotation/rotation_board.h"
#include "puzzles/rotation/rotation_table.h"
#include "puzzles/rotation/rotation_verifier.h"

namespace puzzle {
namespace {

class RotationBfsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<RotationBfsResult> result = BuildRotationTable();
    ASSERT_TRUE(result.ok()) << result.status();
    result_ = new RotationBfsResult(*std::move(result));
  }
  static void TearDownTestSuite() { delete result_; }
  static RotationBfsResult* result_;
};
RotationBfsResult* RotationBfsTest::result_ = nullptr;

bool AnyFailureStartsWith(const RotationVerifyReport& report, const std::string& prefix) {
  for (const std::string& f : report.failures) {
    if (absl::StartsWith(f, prefix)) return true;
  }
  return false;
}

TEST_F(RotationBfsTest, ReachesEverySetAndTheVerifierAgrees) {
  uint64_t total = 0;
  for (uint32_t n : result_->per_depth) total += n;
  EXPECT_EQ(total, puzzle::kRotationCellSets);
  EXPECT_EQ(result_->per_depth[0], 1u);
  const puzzle::RotationTable table = puzzle::RotationTable::FromPayload(result_->payload.data());
  const RotationVerifyReport report = VerifyRotationTable(table);
  EXPECT_TRUE(report.ok()) << report.failures.front();
  EXPECT_EQ(report.per_depth, result_->per_depth);
}

TEST_F(RotationBfsTest, VerifierCatchesWrongDistancesAndNamesTheSet) {
  // Raise or lower single entries: every change must be caught, and reported at the set changed
  // with its new distance. Lowered by one, it has no neighbour one closer (they are all at d - 1
  // or more); raised, some neighbour is at d - 1, two or more below it. (Its neighbours are
  // reported too, for the op that now leads two away.)
  int mutations = 0;
  for (uint32_t rank : {0u, 1000u, 123456u, 735470u}) {
    for (int delta : {-1, 1, 2}) {
      std::vector<uint8_t> payload = result_->payload;
      const int d = puzzle::NibbleAt(payload.data(), rank);
      if (d + delta < 0 || d + delta > 15) continue;
      puzzle::SetNibble(payload.data(), rank, d + delta);
      const RotationVerifyReport report =
          VerifyRotationTable(puzzle::RotationTable::FromPayload(payload.data()));
      ++mutations;
      SCOPED_TRACE(absl::StrCat("rank ", rank, " distance ", d, " delta ", delta, ": ",
                                absl::StrJoin(report.failures, "; ")));
      ASSERT_GT(d, 1);  // so that each case below applies
      EXPECT_FALSE(report.ok());
      const std::string changed = absl::StrCat("set ", rank, ": distance ", d + delta, " but ");
      if (delta < 0) {
        EXPECT_TRUE(AnyFailureStartsWith(report, changed + "no op leads closer"));
      } else {
        EXPECT_TRUE(AnyFailureStartsWith(report, changed + "op "));
        bool names_a_closer_neighbour = false;
        for (const std::string& f : report.failures) {
          names_a_closer_neighbour |= absl::StartsWith(f, changed) &&
                                      absl::EndsWith(f, absl::StrCat(" leads to distance ", d - 1));
        }
        EXPECT_TRUE(names_a_closer_neighbour);
      }
      // Nothing outside the changed set and its neighbours is reported: each failure is about
      // the changed set, or names its wrong distance as a neighbour's.
      for (const std::string& f : report.failures) {
        EXPECT_TRUE(absl::StartsWith(f, absl::StrCat("set ", rank, ": ")) ||
                    absl::StrContains(f, absl::StrCat(" leads to distance ", d + delta)) ||
                    absl::EndsWith(f, "no op leads closer"))
            << f;
      }
    }
  }
  EXPECT_EQ(mutations, 12);
}

}  // namespace
}  // namespace puzzle
