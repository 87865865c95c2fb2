// The 4x4 board (15-puzzle) as users write it: notation, parser, formatter, moves, solvability,
// and the relabeling that turns any (start, goal) pair into a search towards the identity.
//
// Accepted notations (leading and trailing whitespace ignored, positions 1-based):
//   "123456789ABCDEFX"                     16 characters: tiles 1-9 and A-F (or a-f), blank X,
//                                          x or 0
//   "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"  16 whitespace-separated tokens: tiles 1..15 in
//                                          decimal (no leading zeros), blank 0, x or X
// A text containing any whitespace is read as tokens, otherwise as characters.
//
// Moves name the direction the blank moves: d (down), l (left), r (right), u (up), ordered
// d < l < r < u; that order is the lexicographic order of answers.
//
// Example:
//   absl::StatusOr<FifteenBoard> start = ParseFifteenBoard("X123456789ABCDEF", "start");
//   if (!start.ok()) return start.status();  // InvalidArgument naming field and position
//   absl::StatusOr<FifteenBoard> next = ApplyFifteenMoves(*start, "rd");
//   bool ok = FifteenSolvable(*start, StandardFifteenGoal());
//
// Thread-safety: pure functions.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_BOARD_H_
#define PUZZLES_FIFTEEN_FIFTEEN_BOARD_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

inline constexpr int kFifteenSide = 4;
inline constexpr int kFifteenCells = 16;
// No board is more than 80 moves from the standard goal (Bruengger, Marzetta, Fukuda and
// Nievergelt, 1999); goals with the blank elsewhere are not known to stay within 80, so searches
// size their move stacks for kFifteenMaxSearchDepth and refuse (Internal) to go deeper.
inline constexpr int kFifteenMaxSearchDepth = 127;

// Move codes are the lexicographic order: 0 = d, 1 = l, 2 = r, 3 = u. The inverse of move m is
// 3 - m.
inline constexpr int kFifteenMoves = 4;
inline constexpr char kFifteenMoveChars[kFifteenMoves + 1] = "dlru";
inline constexpr int FifteenInverseMove(int move) { return 3 - move; }

// The cell the blank reaches from `cell` by `move`, or -1 when it would leave the board.
inline constexpr int FifteenMoveTarget(int cell, int move) {
  const int row = cell / kFifteenSide;
  const int col = cell % kFifteenSide;
  switch (move) {
    case 0:
      return row + 1 < kFifteenSide ? cell + kFifteenSide : -1;
    case 1:
      return col > 0 ? cell - 1 : -1;
    case 2:
      return col + 1 < kFifteenSide ? cell + 1 : -1;
    case 3:
      return row > 0 ? cell - kFifteenSide : -1;
    default:
      return -1;
  }
}

struct FifteenBoard {
  // Reading order; 0 is the blank, 1..15 are tiles. Invariant for parsed boards: a permutation
  // of 0..15.
  std::array<uint8_t, kFifteenCells> cells;

  int BlankCell() const;
  friend bool operator==(const FifteenBoard& a, const FifteenBoard& b) {
    return a.cells == b.cells;
  }
  friend bool operator!=(const FifteenBoard& a, const FifteenBoard& b) { return !(a == b); }
};

// Parses either notation. `field` names the board in error messages ("start", "goal"). Errors
// are InvalidArgument, e.g. "start: symbol 'G' at position 4; expected 1-9, A-F or X".
absl::StatusOr<FifteenBoard> ParseFifteenBoard(absl::string_view text, absl::string_view field);

// The 16-character form, tiles 10..15 as A..F, blank X: "123456789ABCDEFX".
std::string FormatFifteenBoard(const FifteenBoard& board);

// 123456789ABCDEFX: the service's goal when a query omits it.
FifteenBoard StandardFifteenGoal();

// X123456789ABCDEF: the goal of Korf's 100 instances (blank top-left).
FifteenBoard KorfFifteenGoal();

// The board after the blank makes `moves` (characters d, l, r, u) in order: the shared sliding
// rules (puzzle/sliding_moves.h) and their InvalidArgument messages, e.g.
// "moves: 'u' at position 3 is not legal: the blank is on the top row".
absl::StatusOr<FifteenBoard> ApplyFifteenMoves(const FifteenBoard& board, absl::string_view moves);

// True when `goal` is reachable from `start`: the permutation of all 16 cells taking start to
// goal (the blank counted as a symbol) has the parity of the Manhattan distance between the two
// blank cells. REQUIRES: both boards are permutations of 0..15.
bool FifteenSolvable(const FifteenBoard& start, const FifteenBoard& goal);

// The search's view of a query. Every tile is renamed after its goal cell, and the blank after
// the goal's blank cell, so the goal becomes the identity (label c on cell c) and the start a
// permutation of 0..15 in which label `goal_blank` marks the blank. Distances and move strings
// are unchanged by renaming.
struct FifteenRelabeled {
  std::array<uint8_t, kFifteenCells> labels;  // labels[cell] = goal cell of the symbol there
  int goal_blank;                             // the goal's blank cell = the blank's label
};

// REQUIRES: both boards are permutations of 0..15.
FifteenRelabeled RelabelFifteen(const FifteenBoard& start, const FifteenBoard& goal);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_BOARD_H_
