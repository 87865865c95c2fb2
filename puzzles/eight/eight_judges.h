// The 8-puzzle's judge formats, spoken byte for byte:
//
//   hdu3567   T, then T cases of two lines: start and goal (e.g. "12X453786"). Prints
//             "Case k: d" and the lex-min shortest move string on the next line (an empty line
//             for d = 0).
//   poj1077   Boards of 9 whitespace-separated tokens ("2 3 4 1 5 x 7 6 8"), goal 12345678X.
//             Prints the move string, or "unsolvable".
//   distance  Cases of 18 integers (start then goal, 0 = blank), whitespace-separated. Prints the
//             distance, or -1 when the goal is unreachable.
//
// Bad input: each bad case is reported on `errors` as "case k (line L): <what>" and answered
// with a placeholder ("Case k: error" and an empty line for hdu3567, "error" otherwise), so the
// answers of later cases never shift (judge_cases.h).

#ifndef PUZZLES_EIGHT_EIGHT_JUDGES_H_
#define PUZZLES_EIGHT_EIGHT_JUDGES_H_

#include <vector>

#include "puzzle/puzzle.h"

namespace puzzle {

std::vector<JudgeFormat> EightJudgeFormats();

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_JUDGES_H_
