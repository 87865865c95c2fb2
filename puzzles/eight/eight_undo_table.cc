#include "puzzles/eight/eight_undo_table.h"

namespace puzzle {
namespace {

// Rows 0..5: undo 'd' with the blank at cell 3..8; rows 6..11: undo 'u' with the blank at cell
// 0..5; row 12: identity (horizontal moves, and illegal keys).
constexpr uint32_t kIdentityRow = 12;

}  // namespace

const EightUndoTable& EightUndoTable::Get() {
  static const EightUndoTable* table = new EightUndoTable();
  return *table;
}

EightUndoTable::EightUndoTable() : ranks_(13 * kEvenTileOrders) {
  for (uint32_t blank = 0; blank < kEightCells; ++blank) {
    for (Move move : kMovesInLexOrder) {
      const uint32_t key = Key(blank, static_cast<uint32_t>(move));
      const Move back = OppositeMove(move);
      const EightState here{static_cast<uint8_t>(blank), kIdentityTileOrder};
      uint32_t row = kIdentityRow;
      if (!CanMove(here, back)) {
        illegal_[key] = 1;
        next_blank_[key] = 0;
      } else {
        next_blank_[key] = ApplyMove(here, back).blank;
        if (move == Move::kDown) row = blank - 3;
        if (move == Move::kUp) row = 6 + blank;
      }
      row_offset_[key] = row * kEvenTileOrders;
    }
  }
  for (uint32_t rank = 0; rank < kEvenTileOrders; ++rank) {
    const uint32_t tiles = UnrankEvenTileOrder(rank);
    ranks_[kIdentityRow * kEvenTileOrders + rank] = static_cast<uint16_t>(rank);
    for (uint32_t blank = 3; blank < kEightCells; ++blank) {  // undo 'd': blank goes up
      const EightState before =
          ApplyMove(EightState{static_cast<uint8_t>(blank), tiles}, Move::kUp);
      ranks_[(blank - 3) * kEvenTileOrders + rank] =
          static_cast<uint16_t>(RankEvenTileOrder(before.tiles));
    }
    for (uint32_t blank = 0; blank < 6; ++blank) {  // undo 'u': blank goes down
      const EightState before =
          ApplyMove(EightState{static_cast<uint8_t>(blank), tiles}, Move::kDown);
      ranks_[(6 + blank) * kEvenTileOrders + rank] =
          static_cast<uint16_t>(RankEvenTileOrder(before.tiles));
    }
  }
}

}  // namespace puzzle
