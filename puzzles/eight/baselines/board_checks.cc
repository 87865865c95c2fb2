#include "puzzles/eight/baselines/board_checks.h"

#include <array>

#include "absl/strings/str_cat.h"

namespace baselines {
namespace {

constexpr int kCells = 9;

// Parity of the number of inversions among the tiles (the blank, 0, is skipped).
int TileInversionParity(const puzzle::EightBoard& board) {
  int inversions = 0;
  for (int i = 0; i < kCells; ++i) {
    if (board.cells[i] == 0) continue;
    for (int j = i + 1; j < kCells; ++j) {
      inversions += board.cells[j] != 0 && board.cells[j] < board.cells[i];
    }
  }
  return inversions & 1;
}

}  // namespace

absl::Status CheckBoard(const puzzle::EightBoard& board, absl::string_view field) {
  std::array<int, kCells> position{};  // 1-based position where each value was seen, 0 = not yet
  for (int i = 0; i < kCells; ++i) {
    const int value = board.cells[i];
    if (value >= kCells) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": value ", value, " at position ",
                                                     i + 1, "; expected 0-8 (0 is the blank)"));
    }
    if (position[value] != 0) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": value ", value, " at positions ",
                                                     position[value], " and ", i + 1,
                                                     "; expected each of 0-8 once"));
    }
    position[value] = i + 1;
  }
  return absl::OkStatus();
}

bool SameTileParity(const puzzle::EightBoard& start, const puzzle::EightBoard& goal) {
  return TileInversionParity(start) == TileInversionParity(goal);
}

}  // namespace baselines
