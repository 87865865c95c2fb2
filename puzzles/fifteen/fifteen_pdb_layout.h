// The layout of a 15-puzzle pattern database section: what an entry means, where it lives, and
// the board symmetries that let one section serve many tile groups. Builder, verifier and
// heuristic all follow this contract; puzzle/TABLE_FORMAT.md should carry a copy of it.
//
// Patterns. Tiles are named after their goal cell (fifteen_board.h, RelabelFifteen), so a
// pattern is a set of k cells (2 <= k <= 8), written in increasing order c_0 < ... < c_{k-1}:
// "the tiles whose goal cells are c_0..c_{k-1}", plus a region cell r, not in the pattern.
//
// Abstraction. A state is the placement q_0..q_{k-1} of the pattern's tiles (q_i holds the tile
// of c_i) and the blank's cell z; the other tiles are indistinguishable. The blank moves to an
// adjacent cell; when that cell holds a pattern tile, the tile slides into the blank's old cell
// and the move costs 1, otherwise it costs 0. The goal states are the pattern's tiles home
// (q_i = c_i) with the blank anywhere in the region of r: the cells reachable from r through
// cells outside the pattern. The distance h(q) is the least cost from (q, z) to a goal state,
// minimised over every blank cell z outside q.
//
// Why this bounds the real distance. If the real goal's blank cell b lies in the region, the real
// goal is a goal state, and any real solution maps to an abstract path costing exactly its
// number of pattern-tile moves. Groups of disjoint patterns count disjoint sets of moves, so their
// values add up to a lower bound (Korf & Felner 2002). The region matters: when the pattern walls
// off a pocket of the goal (a corner behind two pattern tiles), "blank in the pocket" and "blank
// in the rest" are different goals, and a section serves only goals whose blank is in its
// region.
//
// Why the blank is tracked and then minimised out. Tracking it (a pattern tile moves only into
// the blank, which must get there around the other pattern tiles) raises the values a lot: on
// Korf's 100 instances with two 7-tile groups plus the mirror lookup it cut the nodes searched
// 20-fold against the same patterns with the blank ignored (every empty cell a free slot), and
// a region per pocket cut them 3.4-fold more. Storing h for each blank cell would cost 16 - k
// times the memory; the minimum keeps one entry per placement and is still admissible.
//
// Section name: "fifteen_pdb_" + the pattern's cells as lowercase hex digits + "_" + the region
// cell, e.g. "fifteen_pdb_1234567_0" (goal cells 1..7, blank in the pocket at cell 0) or
// "fifteen_pdb_89abcdef_0".
//
// Index. index(q) = sum over i of d_i * (15 - i)! / (16 - k)!, i.e. the mixed-radix number
// d_0 d_1 ... d_{k-1} with digit i in base 16 - i, where d_i = q_i - #{j < i : q_j < q_i} (the
// rank of q_i among the cells the earlier tiles leave free). Entries: N(k) = 16!/(16 - k)!
// (k = 5: 524,160; 6: 5,765,760; 7: 57,657,600; 8: 518,918,400).
//
// Entry. 4 bits: e = (h - m) / 2, where m = sum over i of the Manhattan distance from q_i to c_i.
// Every costed move changes m by one, so h - m is even and e is a whole number; the build fails
// if any e exceeds 15 (the largest seen is 9). Entry `index` is the low nibble of byte index / 2
// when index is even, the high nibble when odd. Section size: ceil(N(k) / 2) bytes, nothing
// else (no header: the name fixes k, the cells and the region). Why 4 bits of (h - m) / 2 rather
// than a byte of h: it halves the size (a 7-tile section is 28.8 MB instead of 57.7 MB) with no
// loss (h is recovered exactly), and the search keeps m incrementally anyway, so h = m + 2e
// costs nothing at lookup.
//
// Symmetries. The 8 symmetries of the square (kFifteenSymmetries) map the board's move graph onto
// itself, so for a symmetry s, h_{s(P), s(r)}(s(q)) = h_{P, r}(q): a group of goal cells s(P)
// whose goal blank lies in s(region) is served by the section of (P, r), looking its tiles up in
// P's order (tile s(c_i) for c_i) at the cells s^-1(q). Sections are therefore built only for
// one representative of each shape.
//
// Thread-safety: constants and pure functions.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_PDB_LAYOUT_H_
#define PUZZLES_FIFTEEN_FIFTEEN_PDB_LAYOUT_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzle/nibble_array.h"

namespace puzzle {

inline constexpr int kFifteenMinPatternTiles = 2;
inline constexpr int kFifteenMaxPatternTiles = 8;
inline constexpr int kFifteenMaxEntryValue = 15;  // 4 bits
inline constexpr absl::string_view kFifteenPdbPrefix = "fifteen_pdb_";

// A set of goal cells, in increasing order, and the region cell that fixes the goal's blank
// region.
struct FifteenPattern {
  int size = 0;
  std::array<uint8_t, kFifteenMaxPatternTiles> cells{};
  int region_cell = -1;

  // REQUIRES: 2..8 distinct cells 0..15 (sorted here), and region_cell 0..15 not among them.
  static FifteenPattern FromCells(std::initializer_list<int> cells, int region_cell);
  // The pattern's cells as a 16-bit mask (bit c for cell c).
  uint32_t Mask() const;
  // The goal blank region: the cells connected to region_cell through cells outside the pattern.
  uint32_t RegionMask() const;
  friend bool operator==(const FifteenPattern& a, const FifteenPattern& b) {
    return a.size == b.size && a.cells == b.cells && a.region_cell == b.region_cell;
  }
};

// The cells connected to `cell` through cells of `open` (16-bit masks); 0 if `cell` is not open.
inline uint32_t FifteenFlood(int cell, uint32_t open) {
  uint32_t x = (1u << cell) & open;
  while (true) {
    const uint32_t y =
        (x | ((x << 4) & 0xffff) | (x >> 4) | ((x << 1) & 0xeeee) | ((x >> 1) & 0x7777)) & open;
    if (y == x) return x;
    x = y;
  }
}

// "fifteen_pdb_1234567_0".
std::string FifteenPdbSectionName(const FifteenPattern& pattern);
// The inverse; InvalidArgument unless `name` is the prefix, 2..8 distinct hex digits in
// increasing order, "_" and a hex digit not among them.
absl::StatusOr<FifteenPattern> ParseFifteenPdbSectionName(absl::string_view name);

// N(k) = 16!/(16 - k)!, the entries of a k-tile section.
uint64_t FifteenPdbEntries(int tiles);
// ceil(N(k) / 2), the bytes of a k-tile section.
uint64_t FifteenPdbBytes(int tiles);

// Number of set bits in a 16-bit value (a table, so no CPU feature is assumed).
inline int FifteenPopcount16(uint32_t x) {
  static constexpr auto kTable = [] {
    std::array<uint8_t, 256> t{};
    for (int i = 1; i < 256; ++i) t[i] = static_cast<uint8_t>((i & 1) + t[i / 2]);
    return t;
  }();
  return kTable[x & 0xff] + kTable[(x >> 8) & 0xff];
}

// index(q) for the k cells q[0..k-1] (distinct, 0..15). Hot path of search and build.
inline uint64_t FifteenRankPlacement(const uint8_t* q, int k) {
  uint64_t index = 0;
  uint32_t used = 0;
  for (int i = 0; i < k; ++i) {
    const uint32_t below = (1u << q[i]) - 1;
    index = index * static_cast<uint64_t>(16 - i) +
            static_cast<uint64_t>(q[i] - FifteenPopcount16(used & below));
    used |= 1u << q[i];
  }
  return index;
}

// The inverse of FifteenRankPlacement. REQUIRES: index < N(k).
void FifteenUnrankPlacement(uint64_t index, int k, uint8_t* q);

// Entry `index` of a section: e = (h - m) / 2.
inline int FifteenPdbEntry(const uint8_t* section, uint64_t index) {
  return NibbleAt(section, index);
}

// Manhattan distance between two cells.
inline constexpr int FifteenManhattan(int a, int b) {
  return (a / 4 > b / 4 ? a / 4 - b / 4 : b / 4 - a / 4) +
         (a % 4 > b % 4 ? a % 4 - b % 4 : b % 4 - a % 4);
}

// The 8 symmetries of the square as cell maps s[cell]: identity, rotations by 90, 180 and 270
// degrees (clockwise), mirror left-right, mirror top-bottom, transpose (main diagonal), and
// anti-transpose.
inline constexpr int kFifteenSymmetryCount = 8;
extern const std::array<std::array<uint8_t, 16>, kFifteenSymmetryCount> kFifteenSymmetries;
// The index of the inverse of symmetry s.
int FifteenInverseSymmetry(int s);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_PDB_LAYOUT_H_
