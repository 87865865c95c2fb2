// The seed problems' stdin/stdout formats, spoken byte for byte.
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
// answers of later cases never shift. RunJudge then returns InvalidArgument counting the bad
// cases; the other cases are all answered.

#ifndef CLIENT_JUDGE_H_
#define CLIENT_JUDGE_H_

#include <iosfwd>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "client/eight_oracle.h"

namespace client {

enum class JudgeFormat { kHdu3567, kPoj1077, kDistance };

// "hdu3567", "poj1077" or "distance"; InvalidArgument listing them otherwise.
absl::StatusOr<JudgeFormat> ParseJudgeFormat(absl::string_view name);

// Reads all of `input`, answers every case through `oracle`, writes answers to `output` and
// problems to `errors`. Errors: the oracle's (nothing is printed then), or InvalidArgument
// "N of M cases were malformed" after printing everything.
absl::Status RunJudge(JudgeFormat format, absl::string_view input, EightOracle& oracle,
                      std::ostream& output, std::ostream& errors);

}  // namespace client

#endif  // CLIENT_JUDGE_H_
