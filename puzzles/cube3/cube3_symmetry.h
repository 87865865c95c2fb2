// The 16 symmetries of the 3x3x3 that keep the UD axis (rotations about it, the half turn about
// the FB axis, and the left-right mirror), and the symmetry classes of the two coordinates the
// two-phase search's large pruning tables are indexed by.
//
// A symmetry S acts on a state X by conjugation, S X S^-1: the same position seen rotated or in a
// mirror. A UD-preserving S maps G1 to G1 and commutes with the distance to G1 and to solved (the
// move set is closed under conjugation by S), so distances are constant on a class. Phase 1's
// table is indexed by (class of flip and slice, twist conjugated into the class representative's
// frame) instead of all three coordinates: 64,430 classes of the 1,013,760 flip-slice values,
// 16x smaller. Phase 2's by (class of corners, UD edges conjugated likewise): 2,768 classes of
// 40,320.
//
// Symmetry s (0..15) is S_F2^a S_U4^b S_LR2^c with s = 8a + 2b + c (Kociemba's numbering). A
// mirror's corners carry orientations 3..5 (a mirrored twist); SymmetryMultiply handles them.
//
// For a coordinate value y, class_of[y] and sym_of[y] satisfy: conjugating y by sym_of[y]
// (S y S^-1 with S = symmetry sym_of[y]) gives representative[class_of[y]]. So a state Y's table
// entry is at (class_of[fs(Y)], twist(S Y S^-1)) = (class, twist_conjugate[twist(Y)][s]).
//
// Thread-safety: Cube3SymmetryTables::Get() builds once (thread-safe); immutable after.
#ifndef PUZZLES_CUBE3_CUBE3_SYMMETRY_H_
#define PUZZLES_CUBE3_CUBE3_SYMMETRY_H_

#include <array>
#include <cstdint>
#include <vector>

#include "puzzles/cube3/cube3_cube.h"

namespace puzzle {

inline constexpr int kCube3Symmetries = 16;
inline constexpr int kCube3FlipSlices = 2048 * 495;  // flip + 2048 * slice combination
inline constexpr int kCube3FlipSliceClasses = 64430;
inline constexpr int kCube3CornerClasses = 2768;

// a * b as in Cube3Multiply, with mirrored corner orientations (3..5) allowed in either.
Cube3State Cube3SymmetryMultiply(const Cube3State& a, const Cube3State& b);
// The symmetries as cubie states, and the index of each one's inverse.
const std::array<Cube3State, kCube3Symmetries>& Cube3SymmetryStates();
int Cube3SymmetryInverse(int s);
// S_s x S_s^-1.
Cube3State Cube3Conjugate(const Cube3State& x, int s);

class Cube3SymmetryTables {
 public:
  static const Cube3SymmetryTables& Get();

  // Phase 1: by flip-slice value, and by class.
  std::vector<uint16_t> flipslice_class;  // kCube3FlipSlices
  std::vector<uint8_t> flipslice_sym;
  std::vector<uint32_t> flipslice_representative;  // kCube3FlipSliceClasses
  // Bit s set: symmetry s maps the class's representative to itself (bit 0 always).
  std::vector<uint16_t> flipslice_stabiliser;
  std::vector<uint16_t> twist_conjugate;  // [twist * 16 + s] = twist(S_s T S_s^-1)

  // Phase 2: by corner permutation, and by class.
  std::vector<uint16_t> corner_class;  // kCube3CornerPerms
  std::vector<uint8_t> corner_sym;
  std::vector<uint16_t> corner_representative;  // kCube3CornerClasses
  std::vector<uint16_t> corner_stabiliser;
  std::vector<uint16_t> ud_edges_conjugate;  // [ud_edges * 16 + s]

 private:
  Cube3SymmetryTables();
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_SYMMETRY_H_
