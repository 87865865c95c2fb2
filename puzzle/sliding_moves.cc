#include "puzzle/sliding_moves.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "puzzle/board_symbols.h"
#include "puzzle/seeded_random.h"

namespace puzzle {

std::vector<MoveInfo> SlideMoveInfos() {
  return {
      {"d", "down", {}, {}}, {"l", "left", {}, {}}, {"r", "right", {}, {}}, {"u", "up", {}, {}}};
}
namespace {

constexpr const char* kEdgeNames[4] = {"bottom row", "left column", "right column", "top row"};

// Swaps the first two tiles (non-blank cells): the board then has the other parity.
void SwapFirstTwoTiles(std::vector<uint8_t>& cells) {
  int first = -1;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i] == 0) continue;
    if (first < 0) {
      first = static_cast<int>(i);
    } else {
      std::swap(cells[first], cells[i]);
      return;
    }
  }
}

// Whether `cells` is reachable from `goal`: a move swaps the blank with a neighbour, so the
// parity of the permutation taking goal to cells equals the parity of the blank's taxicab
// distance exactly for the boards of the goal's class (rows, cols >= 2).
bool SameSlideClass(int cols, const std::vector<uint8_t>& cells, const std::vector<uint8_t>& goal) {
  std::vector<int> goal_cell(goal.size());
  for (size_t c = 0; c < goal.size(); ++c) goal_cell[goal[c]] = static_cast<int>(c);
  std::vector<bool> seen(cells.size());
  int transpositions = 0;
  for (size_t c = 0; c < cells.size(); ++c) {
    int length = 0;
    for (size_t x = c; !seen[x]; x = static_cast<size_t>(goal_cell[cells[x]])) {
      seen[x] = true;
      ++length;
    }
    if (length > 0) transpositions += length - 1;
  }
  const int blank = BlankCellOf(cells), goal_blank = BlankCellOf(goal);
  const int distance =
      std::abs(blank / cols - goal_blank / cols) + std::abs(blank % cols - goal_blank % cols);
  return transpositions % 2 == distance % 2;
}

}  // namespace

int BlankCellOf(const std::vector<uint8_t>& cells) {
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i] == 0) return static_cast<int>(i);
  }
  return -1;
}

absl::Status ApplySlideMoves(int rows, int cols, absl::string_view moves,
                             std::vector<uint8_t>& cells,
                             std::vector<std::vector<uint8_t>>* trace) {
  int blank = BlankCellOf(cells);
  if (blank < 0) return absl::InvalidArgumentError("board: no blank");
  for (size_t i = 0; i < moves.size(); ++i) {
    const int move = SlideMoveIndex(moves[i]);
    if (move < 0) {
      return absl::InvalidArgumentError(absl::StrCat("moves: ", QuoteSymbol(moves.substr(i, 1)),
                                                     " at position ", i + 1,
                                                     "; expected d, l, r or u"));
    }
    if (!CanSlide(blank, move, rows, cols)) {
      return absl::InvalidArgumentError(
          absl::StrCat("moves: '", moves.substr(i, 1), "' at position ", i + 1,
                       " is not legal: the blank is on the ", kEdgeNames[move]));
    }
    const int target = SlideTarget(blank, move, cols);
    cells[blank] = cells[target];
    cells[target] = 0;
    blank = target;
    if (trace != nullptr) trace->push_back(cells);
  }
  return absl::OkStatus();
}

void ScrambleSlide(int rows, int cols, int count, uint64_t seed, std::vector<uint8_t>& cells) {
  SeededRandom random(seed);
  int blank = BlankCellOf(cells);
  int previous = -1;
  for (int i = 0; i < count; ++i) {
    int legal[4];
    int n = 0;
    for (int move = 0; move < 4; ++move) {
      if (CanSlide(blank, move, rows, cols) && move != 3 - previous) legal[n++] = move;
    }
    const int move = legal[random.Next() % static_cast<uint64_t>(n)];
    const int target = SlideTarget(blank, move, cols);
    cells[blank] = cells[target];
    cells[target] = 0;
    blank = target;
    previous = move;
  }
}

std::vector<uint8_t> RandomSlideBoard(int cols, const std::vector<uint8_t>& goal, uint64_t seed) {
  std::vector<uint8_t> cells = goal;
  SeededRandom(seed).Shuffle(cells);
  // The swap is a bijection between the two classes, so the result is uniform over the goal's.
  if (!SameSlideClass(cols, cells, goal)) SwapFirstTwoTiles(cells);
  return cells;
}

}  // namespace puzzle
