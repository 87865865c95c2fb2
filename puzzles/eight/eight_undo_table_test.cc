#include "puzzles/eight/eight_undo_table.h"

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// Against the direct computation, for every state and every move.
TEST(EightUndoTableTest, MatchesApplyMoveAndRankForEveryStateAndMove) {
  const EightUndoTable& table = EightUndoTable::Get();
  for (uint32_t index = 0; index < kStatesPerSeed; ++index) {
    const EightState state = StateFromIndex(index);
    const uint32_t rank = index % kEvenTileOrders;
    for (Move move : kMovesInLexOrder) {
      const uint32_t key = EightUndoTable::Key(state.blank, static_cast<uint32_t>(move));
      const Move back = OppositeMove(move);
      ASSERT_EQ(table.Illegal(key), !CanMove(state, back));
      if (!CanMove(state, back)) {
        ASSERT_EQ(table.NextBlank(key), 0u);
        continue;
      }
      const EightState before = ApplyMove(state, back);
      ASSERT_EQ(table.NextBlank(key), before.blank);
      ASSERT_EQ(table.NextRank(key, rank), RankEvenTileOrder(before.tiles))
          << "state " << index << " move " << MoveChar(move);
    }
  }
}

}  // namespace
}  // namespace puzzle
