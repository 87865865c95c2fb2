#include "puzzles/eight/eight_bfs.h"

#include "gtest/gtest.h"
#include "puzzles/eight/eight_depth_histograms_txt.h"
#include "puzzles/eight/eight_table.h"
#include "puzzles/eight/eight_verifier.h"

namespace puzzle {
namespace {

DepthHistograms ExpectedHistograms() {
  absl::StatusOr<DepthHistograms> h = ParseDepthHistograms(kEightDepthHistogramsTxt);
  EXPECT_TRUE(h.ok()) << h.status();
  return h.ok() ? *h : DepthHistograms{};
}

TEST(EightBfsTest, HistogramsMatchOeis) {
  const EightBfsResult result = BuildEightTable(2);
  const DepthHistograms expected = ExpectedHistograms();
  for (int seed = 0; seed < puzzle::kEightSeeds; ++seed) {
    EXPECT_EQ(result.seeds[seed].states, puzzle::kStatesPerSeed);
    EXPECT_EQ(result.seeds[seed].per_depth, expected[seed]) << "seed " << seed;
  }
  EXPECT_EQ(result.seeds[0].max_depth(), 31);
  EXPECT_EQ(result.seeds[4].max_depth(), 30);
}

TEST(EightBfsTest, OutputDoesNotDependOnThreadCount) {
  EXPECT_EQ(BuildEightTable(1).payload, BuildEightTable(3).payload);
}

}  // namespace
}  // namespace puzzle
