#include "puzzles/fifteen/fifteen_heuristic.h"

#include <algorithm>
#include <cstdlib>
#include <random>

#include "gtest/gtest.h"
#include "puzzles/fifteen/fifteen_tiers.h"

namespace puzzle {
namespace {

// Zero-filled sections of the right sizes (every entry 0, so h is the Manhattan distance). One
// calloc'd buffer serves them all; its pages stay unmapped until read.
class ZeroSections {
 public:
  ZeroSections() : zeros_(static_cast<char*>(std::calloc(FifteenPdbBytes(8), 1))) {}
  ~ZeroSections() { std::free(zeros_); }

  FifteenSectionMap Tier(FifteenTier tier) const {
    FifteenSectionMap map;
    for (const FifteenPattern& p : FifteenTierPatterns(tier)) {
      map[FifteenPdbSectionName(p)] = absl::string_view(zeros_, FifteenPdbBytes(p.size));
    }
    return map;
  }
  FifteenSectionMap Both() const {
    FifteenSectionMap map = Tier(FifteenTier::kDefault);
    for (const auto& [name, view] : Tier(FifteenTier::kLarge)) map[name] = view;
    return map;
  }

 private:
  char* const zeros_;
};

TEST(FifteenHeuristicTest, MissingOrMisSizedSectionsAreDataLossNamingTheSection) {
  ZeroSections zeros;
  FifteenSectionMap map = zeros.Tier(FifteenTier::kDefault);
  map.erase("fifteen_pdb_1234567_0");
  absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(map);
  EXPECT_EQ(h.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(h.status().message(),
            "fifteen_pdb_1234567_0: missing; expected a section of 28828800 bytes");

  map = zeros.Tier(FifteenTier::kDefault);
  map["fifteen_pdb_234567_1"] = map["fifteen_pdb_234567_1"].substr(1);
  h = FifteenHeuristic::Create(map);
  EXPECT_EQ(h.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(h.status().message(),
            "fifteen_pdb_234567_1: 2882879 bytes; expected 2882880 (5765760 4-bit entries)");

  map = zeros.Both();
  map.erase("fifteen_pdb_0123467_5");
  h = FifteenHeuristic::Create(map);
  EXPECT_EQ(h.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(h.status().message(),
            "fifteen_pdb_0123467_5: missing; expected a section of 28828800 bytes (the large "
            "tier needs all of its sections)");

  map = zeros.Both();
  map["fifteen_pdb_89abcdef_0"] = absl::string_view();
  h = FifteenHeuristic::Create(map);
  EXPECT_EQ(h.status().message(),
            "fifteen_pdb_89abcdef_0: 0 bytes; expected 259459200 (518918400 4-bit entries) (the "
            "large tier needs all of its sections)");
}

TEST(FifteenHeuristicTest, OtherSectionsAreIgnoredAndTheLargeTierIsOptional) {
  ZeroSections zeros;
  FifteenSectionMap map = zeros.Tier(FifteenTier::kDefault);
  map["eight_moves"] = "whatever";
  absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(map);
  ASSERT_TRUE(h.ok()) << h.status();
  EXPECT_FALSE(h->has_large_tier());
  EXPECT_EQ(h->Describe(0),
            "corner goal (blank on 0), default tier: max of 2 partitions: 7+7+1x1, 7+7+1x1");
  EXPECT_EQ(h->Describe(13),
            "edge goal (blank on 13), default tier: max of 4 partitions: 7+6+2x1, 7+6+2x1, "
            "7+6+2x1, 7+6+2x1");
  EXPECT_EQ(h->Describe(10),
            "centre goal (blank on 10), default tier: max of 4 partitions: 7+6+2x1, 7+6+2x1, "
            "7+6+2x1, 7+6+2x1");
  absl::StatusOr<FifteenHeuristic> large = FifteenHeuristic::Create(zeros.Both());
  ASSERT_TRUE(large.ok()) << large.status();
  EXPECT_TRUE(large->has_large_tier());
  EXPECT_EQ(large->Describe(3),
            "corner goal (blank on 3), large tier: max of 2 partitions: 8+7, 8+7");
  EXPECT_EQ(large->Describe(7),
            "edge goal (blank on 7), large tier: max of 2 partitions: 8+7, 8+7");
}

TEST(FifteenHeuristicTest, ZeroSectionsGiveTheManhattanDistance) {
  ZeroSections zeros;
  absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(zeros.Both());
  ASSERT_TRUE(h.ok()) << h.status();
  std::mt19937_64 rng(7);
  FifteenBoard start = StandardFifteenGoal();
  FifteenBoard goal = StandardFifteenGoal();
  for (int i = 0; i < 1000; ++i) {
    std::shuffle(start.cells.begin(), start.cells.end(), rng);
    std::shuffle(goal.cells.begin(), goal.cells.end(), rng);
    int manhattan = 0;
    for (int a = 0; a < 16; ++a) {
      for (int b = 0; b < 16; ++b) {
        if (start.cells[a] == goal.cells[b] && start.cells[a] != 0) {
          manhattan += std::abs(a / 4 - b / 4) + std::abs(a % 4 - b % 4);
        }
      }
    }
    EXPECT_EQ(h->Evaluate(RelabelFifteen(start, goal)), manhattan);
  }
}

TEST(FifteenHeuristicTest, EveryPlanCoversTheFifteenTilesOncePerPartition) {
  ZeroSections zeros;
  absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(zeros.Both());
  ASSERT_TRUE(h.ok()) << h.status();
  for (int b = 0; b < 16; ++b) {
    const FifteenGoalPlan& plan = h->Plan(b);
    EXPECT_EQ(plan.goal_blank, b);
    EXPECT_TRUE(plan.large_tier);
    for (int p = 0; p < plan.partition_count; ++p) {
      const FifteenPartitionLookup& partition = plan.partitions[p];
      EXPECT_EQ(partition.group_of[b], -1);
      for (int g = 0; g < partition.group_count; ++g) {
        const FifteenGroupLookup& group = partition.groups[g];
        for (int i = 0; i < group.size; ++i) EXPECT_EQ(partition.group_of[group.tiles[i]], g);
      }
    }
  }
}

// IndexAfterMove against Index recomputed from scratch: every group of every plan of both tiers,
// every legal move of the group's tiles, on random boards (200 per goal blank and tier).
TEST(FifteenHeuristicTest, IndexAfterMoveEqualsTheIndexRecomputed) {
  ZeroSections zeros;
  std::mt19937 rng(20261202);
  int checked = 0;
  for (const FifteenSectionMap& map : {zeros.Tier(FifteenTier::kDefault), zeros.Both()}) {
    absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(map);
    ASSERT_TRUE(h.ok()) << h.status();
    for (int b = 0; b < 16; ++b) {
      const FifteenGoalPlan& plan = h->Plan(b);
      for (int round = 0; round < 200; ++round) {
        uint8_t board[16];
        for (int c = 0; c < 16; ++c) board[c] = static_cast<uint8_t>(c);
        std::shuffle(board, board + 16, rng);
        uint8_t position[16];
        for (int c = 0; c < 16; ++c) position[board[c]] = static_cast<uint8_t>(c);
        const int blank = position[b];
        for (int move = 0; move < kFifteenMoves; ++move) {
          const int from = FifteenMoveTarget(blank, move);  // the tile's cell
          if (from < 0) continue;
          const int label = board[from];
          uint8_t moved[16];
          std::copy(position, position + 16, moved);
          moved[label] = static_cast<uint8_t>(blank);
          moved[b] = static_cast<uint8_t>(from);
          for (int p = 0; p < plan.partition_count; ++p) {
            const FifteenPartitionLookup& partition = plan.partitions[p];
            const int g = partition.group_of[label];
            if (g < 0) continue;
            const FifteenGroupLookup& group = partition.groups[g];
            ASSERT_EQ(group.IndexAfterMove(group.Index(position), board, label, from, blank),
                      group.Index(moved))
                << "goal blank " << b << ", partition " << p << ", group " << g << ", tile "
                << label << " from cell " << from << " to " << blank;
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 20000);
}

}  // namespace
}  // namespace puzzle
