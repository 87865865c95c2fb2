#include "puzzle/sliding_moves.h"

#include "absl/strings/str_cat.h"
#include "puzzle/board_symbols.h"

namespace puzzle {

std::vector<MoveInfo> SlideMoveInfos() {
  return {{'d', "down", {}}, {'l', "left", {}}, {'r', "right", {}}, {'u', "up", {}}};
}
namespace {

constexpr const char* kEdgeNames[4] = {"bottom row", "left column", "right column", "top row"};

// SplitMix64: a small, fixed generator, so a scramble is the same on every platform.
uint64_t NextRandom(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
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
  uint64_t state = seed;
  int blank = BlankCellOf(cells);
  int previous = -1;
  for (int i = 0; i < count; ++i) {
    int legal[4];
    int n = 0;
    for (int move = 0; move < 4; ++move) {
      if (CanSlide(blank, move, rows, cols) && move != 3 - previous) legal[n++] = move;
    }
    const int move = legal[NextRandom(state) % static_cast<uint64_t>(n)];
    const int target = SlideTarget(blank, move, cols);
    cells[blank] = cells[target];
    cells[target] = 0;
    blank = target;
    previous = move;
  }
}

}  // namespace puzzle
