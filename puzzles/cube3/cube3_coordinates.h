// The 3x3x3's coordinates for the two-phase search, and their move tables.
//
// A coordinate numbers one aspect of a state (the corners' twists, say) densely from 0, so that a
// face turn acts on it through a table lookup instead of on the 20 cubies. Phase 1 of the
// two-phase algorithm brings a state into the subgroup G1 = <U, D, R2, F2, L2, B2>, where every
// twist and flip is 0 and the four UD-slice edges (FR, FL, BL, BR) are in the slice; phase 2
// solves within G1. The coordinates (conventions of cube3_cube.h; 0 is solved for each):
//   - twist (0..2186): the twists of corners URF..DLB in base 3 (DRB's follows: sum 0 mod 3);
//   - flip (0..2047): the flips of edges UR..BL in base 2 (BR's follows: sum even);
//   - an edge quartet (0..11879) for four given pieces: 24 * (which 4 of the 12 positions they
//     occupy, a combination number in which positions 8..11 are 0) + (their order there, the rank
//     of the pieces read by position). The UD-slice quartet (FR..BR) is phase 1's slice
//     coordinate (its combination part alone, 0..494, matters to phase 1) and in G1 its order
//     part (0..23) is phase 2's; the U (UR..UB) and D (DR..DB) quartets give phase 2's UD-edge
//     coordinate when phase 1 ends (Cube3MoveTables::ud_edges_from_quartets);
//   - corners (0..40319): the rank of the corner permutation;
//   - UD edges (0..40319): in G1 only, the rank of the permutation of edges UR..DB on
//     positions 0..7.
//
// Moves are numbered m = 3 * face + (quarter turns - 1), faces in URFDLB order: U U2 U' R R2 R' F
// F2 F' D D2 D' L L2 L' B B2 B' (0..17). Phase 2's ten are U U2 U' R2 F2 D D2 D' L2 B2.
//
// Thread-safety: pure functions; Cube3MoveTables::Get() builds its tables once (thread-safe) and
// they are immutable.
#ifndef PUZZLES_CUBE3_CUBE3_COORDINATES_H_
#define PUZZLES_CUBE3_CUBE3_COORDINATES_H_

#include <array>
#include <cstdint>
#include <vector>

#include "puzzles/cube3/cube3_cube.h"

namespace puzzle {

inline constexpr int kCube3Moves = 18;
inline constexpr int kCube3Twists = 2187;
inline constexpr int kCube3Flips = 2048;
inline constexpr int kCube3SliceCombinations = 495;
inline constexpr int kCube3Quartets = 11880;
inline constexpr int kCube3CornerPerms = 40320;
inline constexpr int kCube3UDEdgePerms = 40320;
inline constexpr int kCube3SlicePerms = 24;

// The pieces that start each quartet.
inline constexpr int kCube3UQuartet = 0;      // UR UF UL UB
inline constexpr int kCube3DQuartet = 4;      // DR DF DL DB
inline constexpr int kCube3SliceQuartet = 8;  // FR FL BL BR

// Phase 2's moves, as move numbers.
inline constexpr int kCube3Phase2MoveCount = 10;
inline constexpr std::array<int, kCube3Phase2MoveCount> kCube3Phase2Moves = {0, 1,  2,  4,  7,
                                                                             9, 10, 11, 13, 16};
inline constexpr int Cube3MoveFace(int move) { return move / 3; }
// Whether `move` is a quarter turn (X or X'), which changes the corners' (and the edges')
// permutation parity; a half turn does not.
inline constexpr bool Cube3QuarterTurn(int move) { return move % 3 != 1; }
// The move that undoes `move` (X, X2, X' -> X', X2, X): the same face, the turn count negated.
inline constexpr int Cube3InverseMove(int move) { return 3 * (move / 3) + (2 - move % 3); }
// Whether `move` may follow a move of face `last_face` (-1: none) in the searches' canonical
// sequences: not the same face, and of two opposite faces (f and f + 3) only f first.
inline constexpr bool Cube3MayFollow(int move, int last_face) {
  return last_face < 0 || (move / 3 != last_face && move / 3 != last_face - 3);
}
inline constexpr bool IsCube3Phase2Move(int move) {
  return move / 3 == 0 || move / 3 == 3 || move % 3 == 1;
}

// The state after face turn `move` (Cube3FaceTurn(move / 3, move % 3 + 1)).
const Cube3State& Cube3MoveState(int move);

int Cube3Twist(const Cube3State& c);
int Cube3Flip(const Cube3State& c);
int Cube3Quartet(const Cube3State& c, int first_piece);
int Cube3Corners(const Cube3State& c);
int Cube3UDEdges(const Cube3State& c);  // REQUIRES: edges UR..DB on positions 0..7

// Inverses, each setting only its own aspect of *c (the others keep their values, except that
// Cube3SetQuartet fills the positions it frees with the other pieces in increasing order).
void Cube3SetTwist(Cube3State* c, int twist);
void Cube3SetFlip(Cube3State* c, int flip);
void Cube3SetQuartet(Cube3State* c, int first_piece, int quartet);
void Cube3SetCorners(Cube3State* c, int corners);
void Cube3SetUDEdges(Cube3State* c, int ud_edges);  // and the slice edges at home

// Move tables: next = table[coordinate * kCube3Moves + move]. ud_edges is meaningful for phase
// 2's moves only (another move leaves G1).
class Cube3MoveTables {
 public:
  static const Cube3MoveTables& Get();

  std::vector<uint16_t> twist, flip, quartet, corners, ud_edges;
  // ud_edges_from_quartets[u * 24 + d % 24]: the UD-edge coordinate of a G1 state whose U
  // quartet is u and D quartet d (in G1 the D edges fill the positions the U edges leave).
  std::vector<uint16_t> ud_edges_from_quartets;

 private:
  Cube3MoveTables();
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_COORDINATES_H_
