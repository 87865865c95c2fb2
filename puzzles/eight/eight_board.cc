#include "puzzles/eight/eight_board.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "puzzle/board_symbols.h"

namespace puzzle {
namespace {

constexpr absl::string_view kExpectedSymbols = "expected 1-8 or X";
// 0 for a blank, 1..8 for a tile, -1 otherwise.
int SymbolValue(absl::string_view symbol) {
  if (symbol.size() != 1) return -1;
  const char c = symbol[0];
  if (c == 'X' || c == 'x' || c == '0') return 0;
  if (c >= '1' && c <= '8') return c - '0';
  return -1;
}

}  // namespace

int EightBoard::BlankCell() const {
  for (int i = 0; i < kEightCells; ++i) {
    if (cells[i] == 0) return i;
  }
  return -1;
}

absl::StatusOr<EightBoard> ParseEightBoard(absl::string_view text, absl::string_view field) {
  text = absl::StripAsciiWhitespace(text);
  if (text.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": empty board; expected 9 symbols (tiles 1-8 and one blank X, x or 0)"));
  }
  std::array<absl::string_view, kEightCells> symbols;
  const size_t count = SplitBoardSymbols(text, symbols.data(), symbols.size());
  if (count != kEightCells) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": expected 9 symbols (tiles 1-8 and one blank X, x or 0), got ", count));
  }

  EightBoard board;
  int blank_position = -1;
  std::array<int, kEightCells> tile_position{};  // 1-based position of each tile, 0 = not seen
  for (int i = 0; i < kEightCells; ++i) {
    const int value = SymbolValue(symbols[i]);
    if (value < 0) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": symbol ", QuoteSymbol(symbols[i]),
                                                     " at position ", i + 1, "; ",
                                                     kExpectedSymbols));
    }
    board.cells[i] = static_cast<uint8_t>(value);
  }
  for (int i = 0; i < kEightCells; ++i) {
    if (board.cells[i] != 0) continue;
    if (blank_position >= 0) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": two blanks, at positions ",
                                                     blank_position, " and ", i + 1,
                                                     "; expected exactly one X"));
    }
    blank_position = i + 1;
  }
  if (blank_position < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": no blank; expected exactly one X (or x or 0)"));
  }
  for (int i = 0; i < kEightCells; ++i) {
    const int value = board.cells[i];
    if (value == 0) continue;
    if (tile_position[value] != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": duplicate tile ", value, " at positions ", tile_position[value],
                       " and ", i + 1, "; expected each of 1-8 once"));
    }
    tile_position[value] = i + 1;
  }
  return board;
}

std::string FormatEightBoard(const EightBoard& board) {
  std::string text(kEightCells, 'X');
  for (int i = 0; i < kEightCells; ++i) {
    if (board.cells[i] != 0) text[i] = static_cast<char>('0' + board.cells[i]);
  }
  return text;
}

EightBoard StandardEightGoal() { return EightBoard{{1, 2, 3, 4, 5, 6, 7, 8, 0}}; }

EightBoard ApplyMoveToBoard(const EightBoard& board, Move move) {
  constexpr int kDelta[4] = {3, -1, 1, -3};
  EightBoard next = board;
  const int from = board.BlankCell();
  const int to = from + kDelta[static_cast<int>(move)];
  next.cells[from] = board.cells[to];
  next.cells[to] = 0;
  return next;
}

RelabeledQuery Relabel(const EightBoard& start, const EightBoard& goal) {
  std::array<uint8_t, kEightCells> label{};  // tile value -> its rank among the start's tiles
  int seed = 0;
  uint8_t next_label = 0;
  for (int i = 0; i < kEightCells; ++i) {
    if (start.cells[i] == 0) {
      seed = i;
    } else {
      label[start.cells[i]] = next_label++;
    }
  }
  EightState relabeled{0, 0};
  int position = 0;
  for (int i = 0; i < kEightCells; ++i) {
    if (goal.cells[i] == 0) {
      relabeled.blank = static_cast<uint8_t>(i);
    } else {
      relabeled.tiles |= static_cast<uint32_t>(label[goal.cells[i]]) << (4 * position++);
    }
  }
  return RelabeledQuery{seed, relabeled, IsEvenTileOrder(relabeled.tiles)};
}

}  // namespace puzzle
