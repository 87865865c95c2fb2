// Compact 3x3 sliding-puzzle state, its moves, and its index in the Eight II tables.
//
// A state is the blank's cell (0..8, reading order) and the "tile order": the eight tiles read in
// reading order, skipping the blank, packed one per nibble (nibble i holds the i-th tile's label
// minus one, 0..7). Tables are built for boards whose tiles are labelled 1..8 (see
// eight_board.h for the relabeling), so every label appears exactly once.
//
// Moves name where the blank goes: d (down), l (left), r (right), u (up), ordered d < l < r < u,
// which is the judges' lexicographic order.
//
// Why the index needs only even tile orders: a horizontal move leaves the tile order unchanged,
// and a vertical move carries one tile over the two tiles between its old and new cell, i.e. a
// 3-cycle of consecutive tile positions, which is an even permutation. So the parity of the tile
// order is invariant, and from a seed with the identity order only even orders are reachable.
// Index = blank * 20160 + RankEvenTileOrder(tiles): 9 * 8!/2 = 181,440 states per seed.
//
// Example:
//   EightState s = EightState::Seed(4);            // 1234X5678
//   if (CanMove(s, Move::kUp)) s = ApplyMove(s, Move::kUp);
//   uint32_t i = StateIndex(s);
//
// Thread-safety: everything here is a pure function of its arguments.

#ifndef PUZZLES_EIGHT_EIGHT_STATE_H_
#define PUZZLES_EIGHT_EIGHT_STATE_H_

#include <cstdint>

namespace puzzle {

inline constexpr int kEightCells = 9;
inline constexpr int kEightSeeds = 9;               // one seed per blank cell
inline constexpr uint32_t kEvenTileOrders = 20160;  // 8! / 2
inline constexpr uint32_t kStatesPerSeed = kEightCells * kEvenTileOrders;    // 181,440
inline constexpr uint32_t kEightTotalStates = kEightSeeds * kStatesPerSeed;  // 1,632,960
inline constexpr int kEightMaxDistance = 31;
inline constexpr uint32_t kIdentityTileOrder = 0x76543210u;

// The blank's direction. Values are the table encoding (2 bits) and the lexicographic order.
enum class Move : uint8_t { kDown = 0, kLeft = 1, kRight = 2, kUp = 3 };
inline constexpr Move kMovesInLexOrder[4] = {Move::kDown, Move::kLeft, Move::kRight, Move::kUp};

inline char MoveChar(Move m) { return "dlru"[static_cast<int>(m)]; }
inline Move OppositeMove(Move m) { return static_cast<Move>(3 - static_cast<int>(m)); }
inline bool IsVertical(Move m) { return m == Move::kDown || m == Move::kUp; }

struct EightState {
  uint8_t blank;   // cell 0..8
  uint32_t tiles;  // nibble i = label-1 of the i-th tile in reading order

  static constexpr EightState Seed(int blank_cell) {
    return EightState{static_cast<uint8_t>(blank_cell), kIdentityTileOrder};
  }
  friend bool operator==(EightState a, EightState b) {
    return a.blank == b.blank && a.tiles == b.tiles;
  }
  friend bool operator!=(EightState a, EightState b) { return !(a == b); }
};

inline bool CanMove(EightState s, Move m) {
  switch (m) {
    case Move::kDown:
      return s.blank < 6;
    case Move::kLeft:
      return s.blank % 3 != 0;
    case Move::kRight:
      return s.blank % 3 != 2;
    case Move::kUp:
      return s.blank >= 3;
  }
  return false;
}

// REQUIRES: CanMove(s, m).
inline EightState ApplyMove(EightState s, Move m) {
  switch (m) {
    case Move::kLeft:
      return EightState{static_cast<uint8_t>(s.blank - 1), s.tiles};
    case Move::kRight:
      return EightState{static_cast<uint8_t>(s.blank + 1), s.tiles};
    case Move::kDown: {
      // The tile at cell blank+3 (tile position blank+2) moves up to tile position blank:
      // positions [b, b+1, b+2] = [x, y, z] become [z, x, y].
      const int shift = 4 * s.blank;
      const uint32_t seg = (s.tiles >> shift) & 0xFFFu;
      const uint32_t rotated = (seg >> 8) | ((seg & 0xFFu) << 4);
      return EightState{static_cast<uint8_t>(s.blank + 3),
                        (s.tiles & ~(0xFFFu << shift)) | (rotated << shift)};
    }
    case Move::kUp: {
      // The tile at cell blank-3 (tile position blank-3) moves down to tile position blank-1:
      // positions [b-3, b-2, b-1] = [x, y, z] become [y, z, x].
      const int shift = 4 * (s.blank - 3);
      const uint32_t seg = (s.tiles >> shift) & 0xFFFu;
      const uint32_t rotated = (seg >> 4) | ((seg & 0xFu) << 8);
      return EightState{static_cast<uint8_t>(s.blank - 3),
                        (s.tiles & ~(0xFFFu << shift)) | (rotated << shift)};
    }
  }
  return s;
}

// Rank of an even tile order among the 20,160 even permutations of 0..7, in lexicographic order.
// Lexicographic permutations of 8 come in pairs that differ only by swapping the last two
// elements, and the two members of a pair have opposite parity; so the even permutation's rank is
// its full Lehmer rank divided by two, which only needs Lehmer digits 0..5, each weighted by
// (7-i)!/2. Digit i is v minus the number of smaller values already seen.
//
// The count of smaller seen values comes from a word whose byte u counts the seen values below u
// (seeing v adds one to bytes v+1..7): a shift and an add per digit, no popcount (which the
// baseline x86-64 target would turn into a slow library call).
// REQUIRES: tiles is a permutation of 0..7 with even parity.
inline uint32_t RankEvenTileOrder(uint32_t tiles) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  constexpr uint32_t kWeights[6] = {2520, 360, 60, 12, 3, 1};
  uint64_t smaller_seen = 0;  // byte u: how many values below u were seen
  uint32_t rank = 0;
  for (int i = 0; i < 6; ++i) {
    const uint32_t v = (tiles >> (4 * i)) & 0xFu;
    rank += (v - static_cast<uint32_t>((smaller_seen >> (8 * v)) & 0xFF)) * kWeights[i];
    smaller_seen += (kOnes << (8 * v)) << 8;
  }
  return rank;
}

// REQUIRES: rank < kEvenTileOrders. Inverse of RankEvenTileOrder.
uint32_t UnrankEvenTileOrder(uint32_t rank);

// True when `tiles` (a permutation of 0..7, one per nibble) has an even number of inversions.
bool IsEvenTileOrder(uint32_t tiles);

// True when `tiles` holds each of 0..7 exactly once.
bool IsTileOrderPermutation(uint32_t tiles);

// Index of `s` within its seed's table: blank * 20160 + rank. REQUIRES: even tile order.
inline uint32_t StateIndex(EightState s) {
  return s.blank * kEvenTileOrders + RankEvenTileOrder(s.tiles);
}

// REQUIRES: index < kStatesPerSeed.
inline EightState StateFromIndex(uint32_t index) {
  return EightState{static_cast<uint8_t>(index / kEvenTileOrders),
                    UnrankEvenTileOrder(index % kEvenTileOrders)};
}

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_STATE_H_
