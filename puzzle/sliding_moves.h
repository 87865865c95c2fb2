// Moves of a sliding puzzle on a rows x cols grid (the 8-puzzle, the 15-puzzle): a move names the
// direction the blank moves, d (down), l (left), r (right), u (up), which is also their
// lexicographic order. Shared by every sliding puzzle's Trace and Scramble, and by the tools
// that replay answers, so that no layer re-implements the rules.
//
// Cells are in reading order; the blank is the value 0.
//
// Example:
//   std::vector<uint8_t> cells = {1, 2, 3, 4, 5, 6, 7, 8, 0};
//   std::vector<std::vector<uint8_t>> boards;
//   absl::Status s = ApplySlideMoves(3, 3, "ul", cells, &boards);  // boards: after u, after l
//
// Thread-safety: pure functions.

#ifndef PUZZLE_SLIDING_MOVES_H_
#define PUZZLE_SLIDING_MOVES_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "puzzle/puzzle.h"

namespace puzzle {

inline constexpr char kSlideMoveChars[] = "dlru";

// The alphabet for PuzzleInfo::moves: d down, l left, r right, u up (where the blank goes).
std::vector<MoveInfo> SlideMoveInfos();

// 0..3 for 'd', 'l', 'r', 'u'; -1 for anything else.
inline int SlideMoveIndex(char c) {
  switch (c) {
    case 'd':
      return 0;
    case 'l':
      return 1;
    case 'r':
      return 2;
    case 'u':
      return 3;
    default:
      return -1;
  }
}

// Whether the blank at `blank` may move `move` (0..3) on a rows x cols grid.
inline bool CanSlide(int blank, int move, int rows, int cols) {
  switch (move) {
    case 0:
      return blank / cols < rows - 1;
    case 1:
      return blank % cols != 0;
    case 2:
      return blank % cols != cols - 1;
    case 3:
      return blank / cols > 0;
    default:
      return false;
  }
}

// The cell the blank moves to. REQUIRES: CanSlide(blank, move, rows, cols).
inline int SlideTarget(int blank, int move, int cols) {
  const int delta[4] = {cols, -1, 1, -cols};
  return blank + delta[move];
}

// The blank's cell, or -1 when `cells` has no 0.
int BlankCellOf(const std::vector<uint8_t>& cells);

// Applies `moves` to `cells` in place, appending the board after each move to `trace` (may be
// null). On error `cells` holds the board before the offending move. Errors (InvalidArgument,
// 1-based positions): "moves: 'x' at position 3; expected d, l, r or u", "moves: 'u' at position
// 2 is not legal: the blank is on the top row", or "no blank" for a board without one.
absl::Status ApplySlideMoves(int rows, int cols, absl::string_view moves,
                             std::vector<uint8_t>& cells, std::vector<std::vector<uint8_t>>* trace);

// Makes `count` random legal moves from `cells` in place, never undoing the previous move.
// Deterministic for a seed on every platform (its own generator, not <random>'s distributions).
// REQUIRES: `cells` has a blank; rows, cols >= 2.
void ScrambleSlide(int rows, int cols, int count, uint64_t seed, std::vector<uint8_t>& cells);

// A uniformly random board of the goal's class (every board the goal reaches equally likely): the
// goal's cells shuffled, and when that order is of the other class, its first two tiles swapped.
// Deterministic for a seed on every platform. REQUIRES: `goal` is a rows x cols board (rows,
// cols >= 2) whose symbols are 0 (the blank) to rows * cols - 1, each once.
std::vector<uint8_t> RandomSlideBoard(int cols, const std::vector<uint8_t>& goal, uint64_t seed);

}  // namespace puzzle

#endif  // PUZZLE_SLIDING_MOVES_H_
