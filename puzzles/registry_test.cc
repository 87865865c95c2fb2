// The registry's invariants, which every layer above relies on.
#include "puzzles/registry.h"

#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(RegistryTest, NamesAreUniqueAndUrlSafe) {
  std::set<std::string> names;
  for (const Puzzle* p : AllPuzzles()) {
    const std::string& name = p->info().name;
    EXPECT_TRUE(names.insert(name).second) << name;
    ASSERT_FALSE(name.empty());
    for (char c : name)
      EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') << name;
    EXPECT_EQ(FindPuzzle(name), p);
  }
  EXPECT_GE(names.size(), 2u);
}

TEST(RegistryTest, EveryPuzzleDescribesItselfConsistently) {
  for (const Puzzle* p : AllPuzzles()) {
    const PuzzleInfo& info = p->info();
    SCOPED_TRACE(info.name);
    EXPECT_FALSE(info.title.empty());
    EXPECT_FALSE(info.notation.empty());
    EXPECT_FALSE(info.start_field.empty());
    EXPECT_EQ(info.layout.size(), static_cast<size_t>(info.rows * info.cols));
    ASSERT_FALSE(info.moves.empty());
    std::set<std::string> symbols;
    for (size_t i = 0; i < info.moves.size(); ++i) {
      const std::string& symbol = info.moves[i].symbol;
      EXPECT_TRUE(symbols.insert(symbol).second) << symbol << " twice";
      EXPECT_FALSE(symbol.empty());
      if (info.move_separator.empty()) {
        // One character a move, in the order of their characters (answers are lex-min strings).
        EXPECT_EQ(symbol.size(), 1u) << symbol;
        if (i > 0) {
          EXPECT_LT(info.moves[i - 1].symbol, symbol) << "moves in lexicographic order";
        }
      } else {
        // Tokens: their order is the alphabet's own (the 2x2x2: U U2 U' R ...); a token never
        // contains the separator, so move strings split back into the same tokens.
        EXPECT_EQ(symbol.find(info.move_separator), std::string::npos) << symbol;
        EXPECT_EQ(SplitMoves(info, symbol), std::vector<std::string>{symbol});
      }
      // A sticker permutation is a set of disjoint cycles over the board's cells.
      std::set<int> moved;
      for (const std::vector<int>& cycle : info.moves[i].cycles) {
        EXPECT_GE(cycle.size(), 2u);
        for (int cell : cycle) {
          EXPECT_TRUE(moved.insert(cell).second) << symbol << " moves cell " << cell << " twice";
          EXPECT_TRUE(cell >= 0 && cell < info.rows * info.cols) << cell;
        }
      }
    }
    EXPECT_EQ(info.symbol_colours.empty(), info.moves[0].cycles.empty())
        << "sticker nets have colours and sticker moves";
    EXPECT_GE(info.min_scramble_distance, 0);
    EXPECT_EQ(info.has_goal, !info.default_goal.empty());
    ASSERT_FALSE(p->tables().empty());
    for (const TableSpec& spec : p->tables()) {
      EXPECT_TRUE(spec.build != nullptr) << spec.name;
      EXPECT_TRUE(spec.verify != nullptr) << spec.name;
    }
    EXPECT_FALSE(p->playground_view().empty());
    EXPECT_FALSE(p->examples().solves.empty());
    EXPECT_FALSE(p->examples().bad_queries.empty());
  }
}

TEST(RegistryTest, JudgeFormatNamesAreUniqueAcrossPuzzles) {
  std::set<std::string> formats;
  for (const Puzzle* p : AllPuzzles()) {
    for (const JudgeFormat& f : p->judge_formats()) {
      EXPECT_TRUE(formats.insert(f.name).second) << f.name;
      absl::StatusOr<RegisteredJudgeFormat> found = FindJudgeFormat(f.name);
      ASSERT_TRUE(found.ok());
      EXPECT_EQ(found->puzzle, p);
      EXPECT_EQ(found->format, &f);
    }
  }
}

TEST(RegistryTest, UnknownNamesListWhatIsKnown) {
  EXPECT_EQ(FindPuzzle("sixteen"), nullptr);
  EXPECT_EQ(GetPuzzle("sixteen").status().message(),
            "unknown puzzle 'sixteen'; known: " + PuzzleNames());
  EXPECT_EQ(FindJudgeFormat("uva").status().message().substr(0, 35),
            "--format='uva'; expected one of hdu");
}

}  // namespace
}  // namespace puzzle
