// The registry's invariants, which every layer above relies on.
#include "puzzles/registry.h"

#include <set>

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
    for (size_t i = 1; i < info.moves.size(); ++i) {
      EXPECT_LT(info.moves[i - 1].symbol, info.moves[i].symbol) << "moves in lexicographic order";
    }
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
