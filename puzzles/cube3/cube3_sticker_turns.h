// An independent model of the 3x3x3's face turns, for tests: each facelet is a point and a normal
// in space, and a turn rotates the stickers of one layer a quarter turn about the face's axis.
// It shares nothing with cube3_cube.cc's cubie tables but the facelet numbering (U1-U9 ... B1-B9,
// each face read as it is seen), so a test that replays answers with it checks the solver's moves
// against geometry, not against themselves.
//
// Thread-safety: pure functions.

#ifndef PUZZLES_CUBE3_CUBE3_STICKER_TURNS_H_
#define PUZZLES_CUBE3_CUBE3_STICKER_TURNS_H_

#include <array>
#include <string>
#include <vector>

#include "puzzles/twisty/face_turns.h"

namespace puzzle {

// For a clockwise quarter turn of `face`: to[f] is where the sticker at facelet f goes.
std::array<int, 54> Cube3StickerQuarterTurn(int face);

// The sticker string after `turns` (a 54-letter string, as Cube3Facelets writes).
std::string ApplyCube3StickerTurns(std::string facelets, const std::vector<FaceTurn>& turns);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_STICKER_TURNS_H_
