// A bound from the corners for the two-phase search's phase-1 nodes 2 to 4 moves from G1, one
// byte a corner state, by corners index (Cube3CornersIndex: corner class, twist in the class
// representative's frame): the fewest moves phase 2 needs for the corners after a phase 1 that
// reaches G1 in t more moves, t = 2, 3 or 4. That is the least phase-2 corners distance (the
// corner permutation's distance from solved under G1's ten moves) of a corner state with no
// twist within t moves of this one (kNone: none is); call it K(t).
//
// Why it is a bound: a phase 1 that reaches G1 in exactly t more moves leaves the corners in a
// state with no twist (G1 has none) within t moves of this one, and phase 2 then solves the
// corners with G1's moves only, so it takes at least that state's phase-2 corners distance. So
// a phase-1 node t moves from G1 whose K(t) exceeds the moves left to phase 2 within the length
// limit has no solution within it, and cutting it drops none. K is the same for the states of
// one class: the 16 symmetries that keep the UD axis map G1's moves onto G1's moves, the 18
// moves onto the 18, and keep "no twist".
//
// The byte: bits 0-3 hold K(4); bits 4-5, K(3) less that, and bits 6-7, K(2) less the value for
// 3 moves the byte gives, each capped at 3 (K(t) only falls as t grows, so none is negative).
// A capped difference gives a value below K(t), a weaker bound
// that is still a bound, and rare: over the 1,000 published cubes the two-phase search visits
// 3,041 nodes a cube with the capped values, 3,037 with exact ones. (For t = 1 the bound cut
// nodes that cost less than the lookup, so it is not kept.)
//
// The entries are computed, not read from the table file, from the move and symmetry tables
// (the same bytes every time): once a process, by the first Get(), which the two-phase solver
// makes when it is made (Cube3TwoPhase's constructor, before a server reports SERVING); 6 MB, in
// about 0.3 s of CPU on two threads. (Not at its first solve, as before 2026-12-07: that query took
// the 0.3 s, several seconds under a sanitizer, out of its own deadline.)
//
// Thread-safety: Get() builds the table once (thread-safe); it is immutable.
#ifndef PUZZLES_CUBE3_CUBE3_CORNERS_BOUNDS_H_
#define PUZZLES_CUBE3_CUBE3_CORNERS_BOUNDS_H_

#include <cstdint>
#include <vector>

namespace puzzle {

class Cube3CornersBounds {
 public:
  // The moves to G1 the entries cover.
  static constexpr int kMinMovesToG1 = 2;
  static constexpr int kMaxMovesToG1 = 4;
  // K(t) when no state within t moves has no twist.
  static constexpr int kNone = 15;

  static const Cube3CornersBounds& Get();

  // Computes the entries (what Get() does once); for tests.
  Cube3CornersBounds();

  uint8_t entry(uint64_t corners_index) const { return entries_[corners_index]; }
  const uint8_t* data() const { return entries_.data(); }

  // K(moves_to_g1), or less where a difference was capped. REQUIRES: kMinMovesToG1 <=
  // moves_to_g1 <= kMaxMovesToG1.
  static int Phase2CornersAfter(uint8_t entry, int moves_to_g1) {
    int k = entry & 15;
    if (moves_to_g1 <= 3) k += entry >> 4 & 3;
    if (moves_to_g1 <= 2) k += entry >> 6 & 3;
    return k;
  }

 private:
  std::vector<uint8_t> entries_;
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_CORNERS_BOUNDS_H_
