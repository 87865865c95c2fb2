// The 3x3 board as users write it, its parser, and the Eight II relabeling.
//
// Accepted notations (all seed problems' inputs):
//   "12X453786"            9 characters, blank X, x or 0
//   "2 3 4 1 5 x 7 6 8"    9 whitespace-separated tokens
//   "2 3 4 1 5 0 7 6 8"    9 integers, 0 is the blank
// Leading and trailing whitespace is ignored. Positions in error messages are 1-based.
//
// Relabeling (HDU 3567's idea): rename the start's tiles, in reading order, to 1..8 and leave the
// blank where it is. The start becomes the seed for its blank cell, and the goal, renamed the same
// way, becomes a state in that seed's table. Distances and move strings are unchanged by renaming.
//
// Example:
//   absl::StatusOr<EightBoard> start = ParseEightBoard("12X453786", "start");
//   if (!start.ok()) return start.status();   // InvalidArgument naming field and position
//   RelabeledQuery q = Relabel(*start, StandardEightGoal());
//
// Thread-safety: pure functions.

#ifndef PUZZLES_EIGHT_EIGHT_BOARD_H_
#define PUZZLES_EIGHT_EIGHT_BOARD_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/eight/eight_state.h"

namespace puzzle {

struct EightBoard {
  // Reading order; 0 is the blank, 1..8 are tiles. Invariant (for parsed boards): a permutation
  // of 0..8.
  std::array<uint8_t, kEightCells> cells;

  int BlankCell() const;
  friend bool operator==(const EightBoard& a, const EightBoard& b) { return a.cells == b.cells; }
};

// Parses any accepted notation. `field` names the board in error messages ("start", "goal").
// Errors are InvalidArgument, e.g. "start: symbol 'Y' at position 4; expected 1-8 or X".
absl::StatusOr<EightBoard> ParseEightBoard(absl::string_view text, absl::string_view field);

// "12X453786" form.
std::string FormatEightBoard(const EightBoard& board);

// 12345678X, the goal of POJ 1077 and the default goal of the service.
EightBoard StandardEightGoal();

// The board after the blank moves. REQUIRES: the move is legal for the board's blank cell.
EightBoard ApplyMoveToBoard(const EightBoard& board, Move move);

// A query mapped onto the tables.
struct RelabeledQuery {
  int seed;         // the start's blank cell: which seed table answers
  EightState goal;  // the goal under the start's relabeling
  bool solvable;    // the relabeled goal's tile order is even (same parity as the start's)
};

RelabeledQuery Relabel(const EightBoard& start, const EightBoard& goal);

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_BOARD_H_
