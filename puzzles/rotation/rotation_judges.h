// The Rotation Game's judge format, spoken byte for byte:
//
//   hdu1667   Boards of 24 symbols (1-3), ended by a lone 0. Prints the lex-min shortest op
//             string (or "No moves needed"), then the centre symbol.
//
// Input that ends without the terminating 0, or tokens after it, are noted on `errors` but are
// not errors. A malformed case is reported as "case k (line L): <what>" and answered with
// "error" and an empty line (judge_cases.h).

#ifndef PUZZLES_ROTATION_ROTATION_JUDGES_H_
#define PUZZLES_ROTATION_ROTATION_JUDGES_H_

#include <vector>

#include "puzzle/puzzle.h"

namespace puzzle {

std::vector<JudgeFormat> RotationJudgeFormats();

}  // namespace puzzle

#endif  // PUZZLES_ROTATION_ROTATION_JUDGES_H_
