#include "puzzles/fifteen/fifteen_pdb_builder.h"

#include <deque>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// The abstraction's distances by the book: a 0-1 breadth-first search over explicit
// (placement, blank cell) states with a deque, from every goal state at once, then the minimum
// over blank cells. Shares only the index formula with the builder.
std::vector<int> ReferenceDistances(const FifteenPattern& pattern) {
  const int k = pattern.size;
  const uint64_t n = FifteenPdbEntries(k);
  std::vector<uint8_t> dist(n * 16, 0xff);
  std::deque<uint64_t> queue;  // state = index * 16 + blank
  const uint64_t goal = FifteenRankPlacement(pattern.cells.data(), k);
  for (int z = 0; z < 16; ++z) {
    if (pattern.RegionMask() & (1u << z)) {
      dist[goal * 16 + z] = 0;
      queue.push_back(goal * 16 + z);
    }
  }
  while (!queue.empty()) {
    const uint64_t state = queue.front();
    queue.pop_front();
    const uint64_t index = state / 16;
    const int blank = static_cast<int>(state % 16);
    uint8_t q[kFifteenMaxPatternTiles];
    FifteenUnrankPlacement(index, k, q);
    const int row = blank / 4;
    const int col = blank % 4;
    const int targets[4] = {row < 3 ? blank + 4 : -1, col > 0 ? blank - 1 : -1,
                            col < 3 ? blank + 1 : -1, row > 0 ? blank - 4 : -1};
    for (int target : targets) {
      if (target < 0) continue;
      int tile = -1;
      for (int i = 0; i < k; ++i) tile = q[i] == target ? i : tile;
      uint64_t next_index = index;
      int cost = 0;
      if (tile >= 0) {
        q[tile] = static_cast<uint8_t>(blank);
        next_index = FifteenRankPlacement(q, k);
        q[tile] = static_cast<uint8_t>(target);
        cost = 1;
      }
      const uint64_t next = next_index * 16 + static_cast<uint64_t>(target);
      if (dist[next] <= dist[state] + cost) continue;
      dist[next] = static_cast<uint8_t>(dist[state] + cost);
      cost == 0 ? queue.push_front(next) : queue.push_back(next);
    }
  }
  std::vector<int> h(n, 255);
  for (uint64_t i = 0; i < n; ++i) {
    for (int z = 0; z < 16; ++z) h[i] = std::min<int>(h[i], dist[i * 16 + z]);
  }
  return h;
}

void ExpectMatchesReference(const FifteenPattern& pattern) {
  absl::StatusOr<std::vector<uint8_t>> section = BuildFifteenPdb(pattern, 2, nullptr);
  ASSERT_TRUE(section.ok()) << section.status();
  ASSERT_EQ(section->size(), FifteenPdbBytes(pattern.size));
  const std::vector<int> expected = ReferenceDistances(pattern);
  uint64_t nonzero = 0;
  for (uint64_t i = 0; i < expected.size(); ++i) {
    uint8_t q[kFifteenMaxPatternTiles];
    FifteenUnrankPlacement(i, pattern.size, q);
    int manhattan = 0;
    for (int t = 0; t < pattern.size; ++t) manhattan += FifteenManhattan(q[t], pattern.cells[t]);
    const int h = manhattan + 2 * FifteenPdbEntry(section->data(), i);
    ASSERT_EQ(h, expected[i]) << FifteenPdbSectionName(pattern) << " entry " << i;
    nonzero += FifteenPdbEntry(section->data(), i) != 0;
  }
  EXPECT_GT(nonzero, 0u);  // the blank makes a difference somewhere
}

TEST(FifteenPdbBuilderTest, MatchesAReferenceSearchOnSmallPatterns) {
  ExpectMatchesReference(FifteenPattern::FromCells({0, 1, 4, 5}, 2));
  ExpectMatchesReference(FifteenPattern::FromCells({1, 4}, 0));  // the corner pocket
  ExpectMatchesReference(FifteenPattern::FromCells({1, 4}, 5));  // the rest
  ExpectMatchesReference(FifteenPattern::FromCells({1, 2, 4, 9}, 0));
  ExpectMatchesReference(FifteenPattern::FromCells({2, 3, 6, 7, 10}, 0));
}

TEST(FifteenPdbBuilderTest, PocketAndRestDiffer) {
  absl::StatusOr<std::vector<uint8_t>> pocket =
      BuildFifteenPdb(FifteenPattern::FromCells({1, 4}, 0), 1, nullptr);
  absl::StatusOr<std::vector<uint8_t>> rest =
      BuildFifteenPdb(FifteenPattern::FromCells({1, 4}, 5), 1, nullptr);
  ASSERT_TRUE(pocket.ok() && rest.ok());
  EXPECT_NE(*pocket, *rest);
}

TEST(FifteenPdbBuilderTest, SameBytesWhateverTheThreadCount) {
  const FifteenPattern pattern = FifteenPattern::FromCells({1, 2, 3, 5, 6}, 0);
  std::vector<std::string> lines;
  absl::StatusOr<std::vector<uint8_t>> one =
      BuildFifteenPdb(pattern, 1, [&](absl::string_view line) { lines.emplace_back(line); });
  absl::StatusOr<std::vector<uint8_t>> three = BuildFifteenPdb(pattern, 3, nullptr);
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_EQ(*one, *three);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0].substr(0, 44), "fifteen_pdb_12356_0: depth 0: 1 placements i");
}

TEST(FifteenPdbBuilderTest, RejectsMalformedPatterns) {
  FifteenPattern one = FifteenPattern::FromCells({1, 2}, 0);
  one.size = 1;
  EXPECT_EQ(BuildFifteenPdb(one, 1, nullptr).status().message(),
            "pattern of 1 tiles; expected 2 to 8");
  EXPECT_EQ(BuildFifteenPdb(FifteenPattern::FromCells({1, 2}, 2), 1, nullptr).status().message(),
            "region cell 2; expected a cell not in the pattern");
}

}  // namespace
}  // namespace puzzle
