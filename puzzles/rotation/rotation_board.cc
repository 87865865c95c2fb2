#include "puzzles/rotation/rotation_board.h"

#include <algorithm>
#include <array>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "puzzle/board_symbols.h"

namespace puzzle {
namespace {

// binomial[n][k] for n < 25, k <= 8.
struct Binomials {
  uint32_t c[25][9] = {};
  constexpr Binomials() {
    for (int n = 0; n < 25; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= 8 && k <= n; ++k)
        c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
  }
};
constexpr Binomials kBinomials;

// For each op and each of the mask's three bytes, the image of that byte's bits.
struct OpByteTables {
  uint32_t image[kRotationOps][3][256];
  OpByteTables() {
    for (int op = 0; op < kRotationOps; ++op) {
      // destination of each source cell
      int destination[kRotationCells];
      for (int cell = 0; cell < kRotationCells; ++cell) destination[cell] = cell;
      const uint8_t* line = kRotationLines[op];
      for (int i = 0; i < 6; ++i) destination[line[i + 1]] = line[i];
      destination[line[0]] = line[6];
      for (int byte = 0; byte < 3; ++byte) {
        for (int value = 0; value < 256; ++value) {
          uint32_t out = 0;
          for (int bit = 0; bit < 8; ++bit) {
            if (value & (1 << bit)) out |= 1u << destination[8 * byte + bit];
          }
          image[op][byte][value] = out;
        }
      }
    }
  }
};

const OpByteTables& OpTables() {
  static const OpByteTables* tables = new OpByteTables();
  return *tables;
}

}  // namespace

uint32_t RotationBoard::CellSet(int symbol) const {
  uint32_t mask = 0;
  for (int i = 0; i < kRotationCells; ++i) {
    if (cells[i] == symbol) mask |= 1u << i;
  }
  return mask;
}

absl::StatusOr<RotationBoard> ParseRotationBoard(absl::string_view text, absl::string_view field) {
  text = absl::StripAsciiWhitespace(text);
  std::array<absl::string_view, kRotationCells> symbols;
  const size_t count = SplitBoardSymbols(text, symbols.data(), symbols.size());
  if (count != kRotationCells) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": expected 24 symbols (eight each of 1, 2 and 3), got ", count));
  }
  RotationBoard board;
  int counts[kRotationSymbols + 1] = {};
  for (int i = 0; i < kRotationCells; ++i) {
    const absl::string_view s = symbols[i];
    if (s.size() != 1 || s[0] < '1' || s[0] > '3') {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": symbol ", QuoteSymbol(s), " at position ", i + 1, "; expected 1, 2 or 3"));
    }
    board.cells[i] = static_cast<uint8_t>(s[0] - '0');
    ++counts[board.cells[i]];
  }
  if (counts[1] != 8 || counts[2] != 8 || counts[3] != 8) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", counts[1], " ones, ", counts[2],
                                                   " twos and ", counts[3],
                                                   " threes; expected eight of each"));
  }
  return board;
}

std::string FormatRotationBoard(const RotationBoard& board) {
  std::string text(kRotationCells, '?');
  for (int i = 0; i < kRotationCells; ++i) text[i] = static_cast<char>('0' + board.cells[i]);
  return text;
}

RotationBoard ApplyRotationOp(const RotationBoard& board, int op) {
  RotationBoard next = board;
  const uint8_t* line = kRotationLines[op];
  for (int i = 0; i < 6; ++i) next.cells[line[i]] = board.cells[line[i + 1]];
  next.cells[line[6]] = board.cells[line[0]];
  return next;
}

uint32_t ApplyRotationOpToMask(uint32_t mask, int op) {
  const auto& image = OpTables().image[op];
  return image[0][mask & 0xFF] | image[1][(mask >> 8) & 0xFF] | image[2][(mask >> 16) & 0xFF];
}

uint32_t RankCellSet(uint32_t mask) {
  uint32_t rank = 0;
  for (int k = 1; k <= 8; ++k) {
    const int cell = __builtin_ctz(mask);
    rank += kBinomials.c[cell][k];
    mask &= mask - 1;
  }
  return rank;
}

uint32_t UnrankCellSet(uint32_t rank) {
  uint32_t mask = 0;
  int cell = kRotationCells - 1;
  for (int k = 8; k >= 1; --k) {
    while (kBinomials.c[cell][k] > rank) --cell;
    rank -= kBinomials.c[cell][k];
    mask |= 1u << cell;
    --cell;
  }
  return mask;
}

}  // namespace puzzle
