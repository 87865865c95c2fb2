// The 15-puzzle's judge formats, spoken byte for byte:
//
//   uva10181         UVa 10181 "15-Puzzle Problem". N, then N puzzles of 16 integers (4 lines
//                    of 4, 0 = blank), goal 1..15 then the blank. Prints, per puzzle, the move
//                    string in upper case (L R U D: the direction the blank moves; our string is
//                    the lexicographically smallest optimal one, D < L < R < U), or
//                    "This puzzle is not solvable." when the parity rules it out.
//   aizu-alds1-13-c  AIZU ALDS1_13_C "15 Puzzle". A puzzle of 16 integers (4 lines of 4,
//                    0 = blank), goal 1..15 then the blank (several puzzles are answered in turn).
//                    Prints the minimum number of moves, or -1 when the goal is unreachable.
//
// Bad input: each bad case is reported on `errors` as "case k (line L): <what>" and answered with
// the placeholder "error", so the answers of later cases never shift (judge_cases.h). N is not
// trusted: only the puzzles present are read, and a shortfall is one error.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_JUDGES_H_
#define PUZZLES_FIFTEEN_FIFTEEN_JUDGES_H_

#include <vector>

#include "puzzle/puzzle.h"

namespace puzzle {

std::vector<JudgeFormat> FifteenJudgeFormats();

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_JUDGES_H_
