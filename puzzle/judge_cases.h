// What every judge format shares (puzzle.h's JudgeFormat): reading stdin into tokens and cases
// that remember their line, answering all readable cases in one Oracle call, and printing each
// case's answer or a placeholder, so that one malformed case never shifts later answers.
//
// Example (a format whose cases are 9 tokens):
//   std::vector<JudgeCase> cases = ReadTokenCases(TokenizeJudgeInput(input), 9, 9);
//   return AnswerJudgeCases(cases, oracle, output, errors,
//       [](const JudgeCase&, size_t, const Answer& a, std::ostream& out, std::ostream&) {
//         out << a.moves << "\n"; },
//       [](size_t, std::ostream& out) { out << "error\n"; });
//
// Thread-safety: pure functions.

#ifndef PUZZLE_JUDGE_CASES_H_
#define PUZZLE_JUDGE_CASES_H_

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "puzzle/puzzle.h"

namespace puzzle {

struct JudgeToken {
  absl::string_view text;
  int line;  // 1-based
};

// Whitespace-separated tokens with their line numbers (views into `input`).
std::vector<JudgeToken> TokenizeJudgeInput(absl::string_view input);

// tokens[begin, end) joined by single spaces.
std::string JoinJudgeTokens(const std::vector<JudgeToken>& tokens, size_t begin, size_t end);

// A case as read: a query, or why it could not be read.
struct JudgeCase {
  int line = 0;  // where the case starts
  QueryText query;
  absl::Status read_error;
};

// Consecutive cases of `per_case` tokens: the first `start_tokens` form the start board, the rest
// (if any) the goal. A short last case gets the read error "expected N symbols, input ended
// after M".
std::vector<JudgeCase> ReadTokenCases(const std::vector<JudgeToken>& tokens, size_t per_case,
                                      size_t start_tokens);

// Prints the answer of a well-formed case. It may note problems on `errors` (they do not count
// as malformed).
using PrintJudgeAnswer = std::function<void(const JudgeCase& c, size_t index, const Answer& answer,
                                            std::ostream& output, std::ostream& errors)>;
// Prints the placeholder of a malformed case.
using PrintJudgePlaceholder = std::function<void(size_t index, std::ostream& output)>;

// Answers every readable case in one oracle call, then prints, in order, each case's answer or
// (for an unreadable case or one the oracle rejects) its placeholder, reporting
// "case k (line L): <what>" on `errors`. Errors: the oracle's (nothing printed), or
// InvalidArgument "N of M cases were malformed (see above)" after printing everything.
absl::Status AnswerJudgeCases(const std::vector<JudgeCase>& cases, Oracle& oracle,
                              std::ostream& output, std::ostream& errors,
                              const PrintJudgeAnswer& print_answer,
                              const PrintJudgePlaceholder& print_placeholder);

}  // namespace puzzle

#endif  // PUZZLE_JUDGE_CASES_H_
