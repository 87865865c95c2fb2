#include "puzzles/fifteen/fifteen_board.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "puzzle/board_symbols.h"
#include "puzzle/sliding_moves.h"

namespace puzzle {
namespace {

constexpr absl::string_view kExpectedCount = "expected 16 symbols (tiles 1-15 and one blank)";
constexpr absl::string_view kExpectedOneBlank = "expected exactly one blank (X, x or 0)";

// 0 for a blank, 1..15 for a tile, -1 otherwise. Character notation: 1-9, A-F, a-f, X, x, 0.
int CharacterValue(absl::string_view symbol) {
  if (symbol.size() != 1) return -1;
  const char c = symbol[0];
  if (c == 'X' || c == 'x' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return 10 + (c - 'A');
  if (c >= 'a' && c <= 'f') return 10 + (c - 'a');
  return -1;
}

// Token notation: decimal 0..15 without leading zeros, or x/X.
int TokenValue(absl::string_view symbol) {
  if (symbol == "x" || symbol == "X" || symbol == "0") return 0;
  if (symbol.empty() || symbol.size() > 2 || symbol[0] < '1' || symbol[0] > '9') return -1;
  int value = symbol[0] - '0';
  if (symbol.size() == 2) {
    if (symbol[1] < '0' || symbol[1] > '9') return -1;
    value = value * 10 + (symbol[1] - '0');
  }
  return value <= 15 ? value : -1;
}

char TileChar(int tile) {
  if (tile == 0) return 'X';
  return tile < 10 ? static_cast<char>('0' + tile) : static_cast<char>('A' + tile - 10);
}

}  // namespace

int FifteenBoard::BlankCell() const {
  for (int i = 0; i < kFifteenCells; ++i) {
    if (cells[i] == 0) return i;
  }
  return -1;
}

absl::StatusOr<FifteenBoard> ParseFifteenBoard(absl::string_view text, absl::string_view field) {
  text = absl::StripAsciiWhitespace(text);
  if (text.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": empty board; ", kExpectedCount));
  }
  const bool tokens =
      std::any_of(text.begin(), text.end(), [](char c) { return absl::ascii_isspace(c); });
  std::array<absl::string_view, kFifteenCells> symbols;
  const size_t count = SplitBoardSymbols(text, symbols.data(), symbols.size());
  if (count != kFifteenCells) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", kExpectedCount, ", got ", count));
  }

  FifteenBoard board;
  for (int i = 0; i < kFifteenCells; ++i) {
    const int value = tokens ? TokenValue(symbols[i]) : CharacterValue(symbols[i]);
    if (value < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": symbol ", QuoteSymbol(symbols[i]), " at position ", i + 1,
                       tokens ? "; expected 0-15 or X" : "; expected 1-9, A-F or X"));
    }
    board.cells[i] = static_cast<uint8_t>(value);
  }
  int blank_position = 0;  // 1-based, 0 = none yet
  for (int i = 0; i < kFifteenCells; ++i) {
    if (board.cells[i] != 0) continue;
    if (blank_position != 0) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": two blanks, at positions ",
                                                     blank_position, " and ", i + 1, "; ",
                                                     kExpectedOneBlank));
    }
    blank_position = i + 1;
  }
  if (blank_position == 0) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": no blank; ", kExpectedOneBlank));
  }
  std::array<int, kFifteenCells> tile_position{};  // 1-based position of each tile, 0 = not seen
  for (int i = 0; i < kFifteenCells; ++i) {
    const int value = board.cells[i];
    if (value == 0) continue;
    if (tile_position[value] != 0) {
      // Name the tile the way the input wrote it.
      const std::string tile = tokens ? absl::StrCat(value) : std::string(1, TileChar(value));
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": duplicate tile ", tile, " at positions ", tile_position[value], " and ", i + 1,
          tokens ? "; expected each of 1-15 once" : "; expected each of 1-9 and A-F once"));
    }
    tile_position[value] = i + 1;
  }
  return board;
}

std::string FormatFifteenBoard(const FifteenBoard& board) {
  std::string text(kFifteenCells, 'X');
  for (int i = 0; i < kFifteenCells; ++i) text[i] = TileChar(board.cells[i]);
  return text;
}

FifteenBoard StandardFifteenGoal() {
  return FifteenBoard{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}};
}

FifteenBoard KorfFifteenGoal() {
  return FifteenBoard{{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}};
}

absl::StatusOr<FifteenBoard> ApplyFifteenMoves(const FifteenBoard& board, absl::string_view moves) {
  std::vector<uint8_t> cells(board.cells.begin(), board.cells.end());
  const absl::Status status = ApplySlideMoves(kFifteenSide, kFifteenSide, moves, cells, nullptr);
  if (!status.ok()) return status;
  FifteenBoard next{};
  std::copy(cells.begin(), cells.end(), next.cells.begin());
  return next;
}

bool FifteenSolvable(const FifteenBoard& start, const FifteenBoard& goal) {
  // The permutation p with p(c) = the goal cell of the symbol on start cell c; its parity by
  // counting cycles (16 - cycles is the number of transpositions).
  std::array<int, kFifteenCells> goal_cell{};
  for (int c = 0; c < kFifteenCells; ++c) goal_cell[goal.cells[c]] = c;
  std::array<bool, kFifteenCells> seen{};
  int cycles = 0;
  for (int c = 0; c < kFifteenCells; ++c) {
    if (seen[c]) continue;
    ++cycles;
    for (int x = c; !seen[x]; x = goal_cell[start.cells[x]]) seen[x] = true;
  }
  const int permutation_parity = (kFifteenCells - cycles) % 2;
  const int a = start.BlankCell();
  const int b = goal.BlankCell();
  const int blank_distance =
      std::abs(a / kFifteenSide - b / kFifteenSide) + std::abs(a % kFifteenSide - b % kFifteenSide);
  return permutation_parity == blank_distance % 2;
}

FifteenRelabeled RelabelFifteen(const FifteenBoard& start, const FifteenBoard& goal) {
  std::array<uint8_t, kFifteenCells> goal_cell{};
  for (int c = 0; c < kFifteenCells; ++c) goal_cell[goal.cells[c]] = static_cast<uint8_t>(c);
  FifteenRelabeled out;
  for (int c = 0; c < kFifteenCells; ++c) out.labels[c] = goal_cell[start.cells[c]];
  out.goal_blank = goal_cell[0];
  return out;
}

}  // namespace puzzle
