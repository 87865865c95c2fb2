#include "puzzles/eight/eight_verifier.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "puzzles/eight/eight_bfs.h"
#include "puzzles/eight/eight_depth_histograms_txt.h"

namespace puzzle {
namespace {

using puzzle::EightState;
using puzzle::EightTable;
using puzzle::Move;

DepthHistograms ExpectedHistograms() {
  absl::StatusOr<DepthHistograms> h = ParseDepthHistograms(kEightDepthHistogramsTxt);
  EXPECT_TRUE(h.ok()) << h.status();
  return h.ok() ? *h : DepthHistograms{};
}

// Replaces the 2-bit entry (seed, index) with `move`.
std::vector<uint8_t> WithEntry(std::vector<uint8_t> payload, int seed, uint32_t index, Move move) {
  const uint32_t position = seed * puzzle::kStatesPerSeed + index;
  payload[position / 4] &= static_cast<uint8_t>(~(3u << (2 * (position % 4))));
  payload[position / 4] |=
      static_cast<uint8_t>(static_cast<uint32_t>(move) << (2 * (position % 4)));
  return payload;
}

bool AnyFailureContains(const EightVerifyReport& r, const std::string& needle) {
  for (const std::string& f : r.failures)
    if (f.find(needle) != std::string::npos) return true;
  return false;
}

class EightVerifierTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { payload_ = new std::vector<uint8_t>(BuildEightTable(2).payload); }
  static void TearDownTestSuite() { delete payload_; }
  static std::vector<uint8_t>* payload_;
};
std::vector<uint8_t>* EightVerifierTest::payload_ = nullptr;

TEST_F(EightVerifierTest, AcceptsTheGeneratedTable) {
  const DepthHistograms expected = ExpectedHistograms();
  const EightTable table = EightTable::FromPayload(payload_->data());
  const EightVerifyReport report = VerifyEightTable(table, &expected);
  EXPECT_TRUE(report.ok()) << report.failures.front();
  EXPECT_EQ(report.states_checked, puzzle::kEightTotalStates);
  EXPECT_EQ(report.histograms, expected);
}

TEST_F(EightVerifierTest, RejectsAnIllegalMove) {
  // Seed 0, state "blank at cell 0": the last move cannot have been 'd' (blank came from above).
  const uint32_t index = puzzle::StateIndex(EightState{0, puzzle::UnrankEvenTileOrder(5)});
  const std::vector<uint8_t> bytes = WithEntry(*payload_, 0, index, Move::kDown);
  const EightTable table = EightTable::FromPayload(bytes.data());
  const EightVerifyReport report = VerifyEightTable(table, nullptr);
  EXPECT_TRUE(AnyFailureContains(
      report, absl::StrCat("seed 0 state ", index, ": last move 'd' is illegal")))
      << report.failures.size();
}

TEST_F(EightVerifierTest, RejectsALegalButNonLexMinOrNonShortestChoice) {
  // For a few states of seed 3, every other legal last move must be caught, each as what it is:
  // a cycle, a longer path, or a lexicographically larger path. The table is the generator's
  // (pinned by its checksum), so the failures are exact.
  const std::string s = "seed 3 state ";
  const std::string not_lex_min = "' is not on the lexicographically smallest shortest path ('";
  const std::map<std::pair<uint32_t, char>, std::vector<std::string>> want = {
      {{5000, 'u'}, {s + "5000: walking back does not reach the seed within 31 steps"}},
      {{77777, 'd'},
       {s + "77777: stored last move 'd" + not_lex_min + "l' from state 97937 is smaller)",
        s + "77777: stored last move 'd" + not_lex_min + "u' from state 138292 is smaller)"}},
      {{77777, 'l'},
       {s + "77777: stored last move 'l" + not_lex_min + "u' from state 138292 is smaller)"}},
      {{123456, 'd'},
       {s + "123456: depth 21 but neighbour 143616 has depth 18; the stored path is not "
            "shortest"}},
  };
  const EightTable original = EightTable::FromPayload(payload_->data());
  std::map<std::pair<uint32_t, char>, std::vector<std::string>> got;
  for (uint32_t index : {5000u, 77777u, 123456u}) {
    const EightState state = puzzle::StateFromIndex(index);
    const Move stored = original.LastMove(3, index);
    for (Move m : puzzle::kMovesInLexOrder) {
      if (m == stored || !puzzle::CanMove(state, puzzle::OppositeMove(m))) continue;
      const std::vector<uint8_t> bytes = WithEntry(*payload_, 3, index, m);
      const EightTable bad = EightTable::FromPayload(bytes.data());
      got[{index, puzzle::MoveChar(m)}] = VerifyEightTable(bad, nullptr).failures;
    }
  }
  EXPECT_EQ(got, want);  // every legal alternative, each caught exactly so
}

TEST_F(EightVerifierTest, RejectsAWrongHistogram) {
  DepthHistograms expected = ExpectedHistograms();
  expected[2][5] += 1;
  expected[2][6] -= 1;
  const EightVerifyReport report =
      VerifyEightTable(EightTable::FromPayload(payload_->data()), &expected);
  EXPECT_TRUE(AnyFailureContains(report, "seed 2: depth histogram")) << report.failures.size();
}

TEST(ParseDepthHistogramsTest, ReportsLineAndField) {
  absl::StatusOr<DepthHistograms> h = ParseDepthHistograms("# c\n0 3 1 x 1\n");
  EXPECT_EQ(h.status().message(), "histograms line 2 field 4: 'x' is not a non-negative integer");
  h = ParseDepthHistograms("0 4 1 2\n");
  EXPECT_EQ(h.status().message(), "histograms line 1: counts sum to 3, not 4");
  h = ParseDepthHistograms("0 3 1 2\n");
  EXPECT_EQ(h.status().message(), "histograms: no line for cell 1");
}

}  // namespace
}  // namespace puzzle
