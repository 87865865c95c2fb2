// The Rotation Game (HDU 1667): a board of 24 cells, eight each of 1, 2 and 3, numbered in
// reading order:
//
//           0     1
//           2     3
//     4  5  6  7  8  9 10
//          11    12
//    13 14 15 16 17 18 19
//          20    21
//          22    23
//
// Op A..H rotates one line of 7 cells by one step (HDU's "pull"): along the line's cell list
// l[0..6], cell l[i] takes the symbol of l[i+1] and l[6] takes the old symbol of l[0]. The goal
// is for the 8 centre cells (6 7 8 11 12 15 16 17) to hold the same symbol.
//
// Accepted notations: 24 whitespace-separated tokens ("1 1 1 1 3 2 3 2 ..."), or 24 characters
// with no whitespace ("111132323..."). Positions in error messages are 1-based.
//
// For a target symbol k only the set of cells holding k matters: an 8-subset of 24 cells, kept as
// a 24-bit mask. Ops act on masks as cell permutations (ApplyRotationOpToMask), and masks are
// ranked with the combinatorial number system (RankCellSet): C(24, 8) = 735,471 states.
//
// Thread-safety: pure functions.

#ifndef PUZZLES_ROTATION_ROTATION_BOARD_H_
#define PUZZLES_ROTATION_ROTATION_BOARD_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

inline constexpr int kRotationCells = 24;
inline constexpr int kRotationOps = 8;
inline constexpr int kRotationSymbols = 3;
inline constexpr uint32_t kRotationCellSets = 735471;  // C(24, 8)

// The cells each op rotates, in "pull" order (from the seed problem).
inline constexpr uint8_t kRotationLines[kRotationOps][7] = {
    {0, 2, 6, 11, 15, 20, 22},     // A
    {1, 3, 8, 12, 17, 21, 23},     // B
    {10, 9, 8, 7, 6, 5, 4},        // C
    {19, 18, 17, 16, 15, 14, 13},  // D
    {23, 21, 17, 12, 8, 3, 1},     // E
    {22, 20, 15, 11, 6, 2, 0},     // F
    {13, 14, 15, 16, 17, 18, 19},  // G
    {4, 5, 6, 7, 8, 9, 10},        // H
};
// Each op's inverse: A<->F, B<->E, C<->H, D<->G.
inline constexpr uint8_t kRotationInverse[kRotationOps] = {5, 4, 7, 6, 1, 0, 3, 2};
inline constexpr uint8_t kRotationCentre[8] = {6, 7, 8, 11, 12, 15, 16, 17};
inline constexpr uint32_t kRotationCentreMask = (1u << 6) | (1u << 7) | (1u << 8) | (1u << 11) |
                                                (1u << 12) | (1u << 15) | (1u << 16) | (1u << 17);

inline char RotationOpChar(int op) { return static_cast<char>('A' + op); }

struct RotationBoard {
  std::array<uint8_t, kRotationCells> cells;  // 1..3; eight of each for parsed boards

  // Cells holding `symbol` as a 24-bit mask.
  uint32_t CellSet(int symbol) const;
  friend bool operator==(const RotationBoard& a, const RotationBoard& b) {
    return a.cells == b.cells;
  }
};

// InvalidArgument naming `field`, e.g. "board: symbol '4' at position 5; expected 1, 2 or 3".
absl::StatusOr<RotationBoard> ParseRotationBoard(absl::string_view text, absl::string_view field);

// 24 digits, no spaces.
std::string FormatRotationBoard(const RotationBoard& board);

RotationBoard ApplyRotationOp(const RotationBoard& board, int op);

// The op applied to a cell set: bit l[i] takes bit l[i+1], bit l[6] takes bit l[0].
uint32_t ApplyRotationOpToMask(uint32_t mask, int op);

// Rank of an 8-cell set among all C(24, 8) in colexicographic order:
// sum over the set's cells c_0 < ... < c_7 of C(c_i, i + 1). REQUIRES: 8 bits set, below bit 24.
uint32_t RankCellSet(uint32_t mask);

// REQUIRES: rank < kRotationCellSets. Inverse of RankCellSet.
uint32_t UnrankCellSet(uint32_t rank);

}  // namespace puzzle

#endif  // PUZZLES_ROTATION_ROTATION_BOARD_H_
