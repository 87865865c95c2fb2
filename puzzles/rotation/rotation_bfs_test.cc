#include "puzzles/rotation/rotation_bfs.h"

#include "gtest/gtest.h"
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

TEST_F(RotationBfsTest, VerifierCatchesWrongDistances) {
  // Raise or lower single entries: every change must be caught.
  for (uint32_t rank : {0u, 1000u, 123456u, 735470u}) {
    for (int delta : {-1, 1, 2}) {
      std::vector<uint8_t> payload = result_->payload;
      const int shift = 4 * (rank & 1);
      const int d = (payload[rank >> 1] >> shift) & 0xF;
      if (d + delta < 0 || d + delta > 15) continue;
      payload[rank >> 1] =
          static_cast<uint8_t>((payload[rank >> 1] & ~(0xF << shift)) | ((d + delta) << shift));
      const RotationVerifyReport report =
          VerifyRotationTable(puzzle::RotationTable::FromPayload(payload.data()));
      EXPECT_FALSE(report.ok()) << "rank " << rank << " delta " << delta;
    }
  }
}

}  // namespace
}  // namespace puzzle
