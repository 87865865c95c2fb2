// A precomputed transition table for walking back through the Eight II table without tile
// orders: for every blank cell, every last move and every rank, the rank after undoing the move.
//
// Why: the walk's steps are a chain of dependent reads, and recomputing a rank from a tile order
// (plus branching on which move was read) made each step cost ~15 ns. With this table a step is
// two table reads and a few arithmetic operations, with no branch on the move:
//   rank'  = NextRank(blank, move, rank)     (unchanged for horizontal moves)
//   blank' = NextBlank(blank, move)
// Undoing a vertical move rotates three consecutive tile positions (eight_state.h), so only 12
// rotations exist (2 directions x 6 window positions), plus the identity for horizontal moves:
// 13 rows x 20,160 ranks x 2 bytes = 524,160 bytes, built once per process in about 2 ms.
//
// Thread-safety: Get() builds the table on first use (thread-safe static); it is immutable.

#ifndef PUZZLES_EIGHT_EIGHT_UNDO_TABLE_H_
#define PUZZLES_EIGHT_EIGHT_UNDO_TABLE_H_

#include <array>
#include <cstdint>
#include <vector>

#include "puzzles/eight/eight_state.h"

namespace puzzle {

class EightUndoTable {
 public:
  static const EightUndoTable& Get();

  EightUndoTable(const EightUndoTable&) = delete;
  EightUndoTable& operator=(const EightUndoTable&) = delete;

  // Key of (blank cell, last move): blank * 4 + move.
  static constexpr uint32_t Key(uint32_t blank, uint32_t move) { return blank * 4 + move; }

  // True when `move` cannot have ended with the blank at the key's cell (a corrupt table).
  bool Illegal(uint32_t key) const { return illegal_[key]; }

  // The blank cell before the move (0 for an illegal key, so walks stay in bounds).
  uint32_t NextBlank(uint32_t key) const { return next_blank_[key]; }

  // The rank before the move. REQUIRES: rank < kEvenTileOrders.
  uint32_t NextRank(uint32_t key, uint32_t rank) const { return ranks_[row_offset_[key] + rank]; }

 private:
  EightUndoTable();

  std::array<uint8_t, kEightCells * 4> illegal_{};
  std::array<uint8_t, kEightCells * 4> next_blank_{};
  std::array<uint32_t, kEightCells * 4> row_offset_{};  // row * kEvenTileOrders
  std::vector<uint16_t> ranks_;                         // 13 rows of kEvenTileOrders
};

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_UNDO_TABLE_H_
