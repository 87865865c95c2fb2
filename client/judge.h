// The seed problems' stdin/stdout formats, spoken byte for byte.
//
//   hdu3567   T, then T cases of two lines: start and goal (e.g. "12X453786"). Prints
//             "Case k: d" and the lex-min shortest move string on the next line (an empty line
//             for d = 0).
//   poj1077   Boards of 9 whitespace-separated tokens ("2 3 4 1 5 x 7 6 8"), goal 12345678X.
//             Prints the move string, or "unsolvable".
//   distance  Cases of 18 integers (start then goal, 0 = blank), whitespace-separated. Prints the
//             distance, or -1 when the goal is unreachable.
//   hdu1667   The Rotation Game: boards of 24 symbols (1-3), ended by a lone 0. Prints the
//             lex-min shortest op string (or "No moves needed"), then the centre symbol.
//
// Bad input: each bad case is reported on `errors` as "case k (line L): <what>" and answered
// with a placeholder ("Case k: error" and an empty line for hdu3567, "error" otherwise), so the
// answers of later cases never shift ("error" and an empty line for hdu1667). RunJudge then returns InvalidArgument counting the bad
// cases; the other cases are all answered.

#ifndef CLIENT_JUDGE_H_
#define CLIENT_JUDGE_H_

#include <iosfwd>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "client/eight_oracle.h"
#include "client/rotation_oracle.h"

namespace client {

enum class JudgeFormat { kHdu3567, kPoj1077, kDistance, kHdu1667 };

// "hdu3567", "poj1077", "distance" or "hdu1667"; InvalidArgument listing them otherwise.
absl::StatusOr<JudgeFormat> ParseJudgeFormat(absl::string_view name);

// Reads all of `input`, answers every case through `oracle`, writes answers to `output` and
// problems to `errors`. Errors: the oracle's (nothing is printed then), or InvalidArgument
// "N of M cases were malformed" after printing everything.
// For the Eight formats; InvalidArgument for hdu1667 (use RunRotationJudge).
absl::Status RunJudge(JudgeFormat format, absl::string_view input, EightOracle& oracle,
                      std::ostream& output, std::ostream& errors);

// The hdu1667 format. Input that ends without the terminating 0, or tokens after it, are noted
// on `errors` but are not errors.
absl::Status RunRotationJudge(absl::string_view input, RotationOracle& oracle,
                              std::ostream& output, std::ostream& errors);

}  // namespace client

#endif  // CLIENT_JUDGE_H_
