#include "puzzles/fifteen/fifteen_pdb_layout.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "puzzle/board_symbols.h"

namespace puzzle {
namespace {

std::array<uint8_t, 16> MapCells(int (*f)(int row, int col)) {
  std::array<uint8_t, 16> map{};
  for (int c = 0; c < 16; ++c) map[c] = static_cast<uint8_t>(f(c / 4, c % 4));
  return map;
}

}  // namespace

const std::array<std::array<uint8_t, 16>, kFifteenSymmetryCount> kFifteenSymmetries = {
    MapCells([](int r, int c) { return r * 4 + c; }),              // identity
    MapCells([](int r, int c) { return c * 4 + (3 - r); }),        // rotate 90 clockwise
    MapCells([](int r, int c) { return (3 - r) * 4 + (3 - c); }),  // rotate 180
    MapCells([](int r, int c) { return (3 - c) * 4 + r; }),        // rotate 270 clockwise
    MapCells([](int r, int c) { return r * 4 + (3 - c); }),        // mirror left-right
    MapCells([](int r, int c) { return (3 - r) * 4 + c; }),        // mirror top-bottom
    MapCells([](int r, int c) { return c * 4 + r; }),              // transpose
    MapCells([](int r, int c) { return (3 - c) * 4 + (3 - r); }),  // anti-transpose
};

int FifteenInverseSymmetry(int s) {
  for (int t = 0; t < kFifteenSymmetryCount; ++t) {
    bool inverse = true;
    for (int c = 0; c < 16; ++c)
      inverse = inverse && kFifteenSymmetries[t][kFifteenSymmetries[s][c]] == c;
    if (inverse) return t;
  }
  return -1;  // unreachable: the group is closed
}

FifteenPattern FifteenPattern::FromCells(std::initializer_list<int> cells, int region_cell) {
  FifteenPattern p;
  for (int c : cells) p.cells[p.size++] = static_cast<uint8_t>(c);
  std::sort(p.cells.begin(), p.cells.begin() + p.size);
  p.region_cell = region_cell;
  return p;
}

uint32_t FifteenPattern::RegionMask() const { return FifteenFlood(region_cell, 0xffff & ~Mask()); }

uint32_t FifteenPattern::Mask() const {
  uint32_t mask = 0;
  for (int i = 0; i < size; ++i) mask |= 1u << cells[i];
  return mask;
}

std::string FifteenPdbSectionName(const FifteenPattern& pattern) {
  std::string name(kFifteenPdbPrefix);
  for (int i = 0; i < pattern.size; ++i) name.push_back("0123456789abcdef"[pattern.cells[i]]);
  name.push_back('_');
  name.push_back("0123456789abcdef"[pattern.region_cell & 15]);
  return name;
}

absl::StatusOr<FifteenPattern> ParseFifteenPdbSectionName(absl::string_view name) {
  const auto invalid = [&] {
    return absl::InvalidArgumentError(absl::StrCat(
        "section name ",
        name.size() <= 40 ? absl::StrCat("'", absl::CHexEscape(name), "'") : QuoteSymbol(name),
        "; expected ", kFifteenPdbPrefix,
        ", 2 to 8 distinct cells as increasing lowercase hex digits, '_' and a region cell"));
  };
  const auto hex = [](char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return 10 + ch - 'a';
    return -1;
  };
  if (name.substr(0, kFifteenPdbPrefix.size()) != kFifteenPdbPrefix) return invalid();
  const absl::string_view rest = name.substr(kFifteenPdbPrefix.size());
  if (rest.size() < kFifteenMinPatternTiles + 2 || rest.size() > kFifteenMaxPatternTiles + 2 ||
      rest[rest.size() - 2] != '_') {
    return invalid();
  }
  FifteenPattern p;
  for (char ch : rest.substr(0, rest.size() - 2)) {
    const int cell = hex(ch);
    if (cell < 0 || (p.size > 0 && cell <= p.cells[p.size - 1])) return invalid();
    p.cells[p.size++] = static_cast<uint8_t>(cell);
  }
  p.region_cell = hex(rest.back());
  if (p.region_cell < 0 || (p.Mask() & (1u << p.region_cell))) return invalid();
  return p;
}

uint64_t FifteenPdbEntries(int tiles) {
  uint64_t n = 1;
  for (int i = 0; i < tiles; ++i) n *= static_cast<uint64_t>(16 - i);
  return n;
}

uint64_t FifteenPdbBytes(int tiles) { return (FifteenPdbEntries(tiles) + 1) / 2; }

void FifteenUnrankPlacement(uint64_t index, int k, uint8_t* q) {
  int digits[kFifteenMaxPatternTiles];
  for (int i = k - 1; i >= 0; --i) {
    const uint64_t base = static_cast<uint64_t>(16 - i);
    digits[i] = static_cast<int>(index % base);
    index /= base;
  }
  uint32_t used = 0;
  for (int i = 0; i < k; ++i) {
    // The digits[i]-th cell (0-based) not yet used.
    int remaining = digits[i];
    int cell = 0;
    for (;; ++cell) {
      if (used & (1u << cell)) continue;
      if (remaining-- == 0) break;
    }
    q[i] = static_cast<uint8_t>(cell);
    used |= 1u << cell;
  }
}

}  // namespace puzzle
