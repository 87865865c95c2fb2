#include "puzzles/eight/eight_judges.h"

#include <algorithm>
#include <ostream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "puzzle/board_symbols.h"
#include "puzzle/judge_cases.h"

namespace puzzle {
namespace {

// HDU 3567: the first token is T; then each case is the next two non-empty lines.
absl::StatusOr<std::vector<JudgeCase>> ReadHduCases(absl::string_view input) {
  std::vector<std::pair<absl::string_view, int>> lines;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(input, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (!line.empty()) lines.emplace_back(line, number);
  }
  if (lines.empty()) {
    return absl::InvalidArgumentError("line 1: empty input; expected T, the number of cases");
  }
  int t = 0;
  if (!absl::SimpleAtoi(lines[0].first, &t) || t < 0) {
    return absl::InvalidArgumentError(absl::StrCat("line ", lines[0].second, ": ",
                                                   QuoteSymbol(lines[0].first),
                                                   " is not the number of cases T"));
  }
  // T is not trusted: only the cases present are read, and a shortfall is one error, so a tiny
  // input with a huge T cannot make the judge build or print T cases.
  const size_t pairs_present = (lines.size() - 1) / 2;
  const size_t complete = std::min(static_cast<size_t>(t), pairs_present);
  std::vector<JudgeCase> cases;
  cases.reserve(complete + 1);
  for (size_t k = 0; k < complete; ++k) {
    JudgeCase c;
    c.line = lines[1 + 2 * k].second;
    c.query.start = std::string(lines[1 + 2 * k].first);
    c.query.goal = std::string(lines[2 + 2 * k].first);
    cases.push_back(std::move(c));
  }
  if (complete < static_cast<size_t>(t)) {
    JudgeCase c;
    c.line = lines.back().second;
    const bool half = (lines.size() - 1) % 2 == 1;
    c.read_error = absl::InvalidArgumentError(
        absl::StrCat("input ended after ", complete, " of the ", t, " cases T announces",
                     half ? "; this case has a start line but no goal line" : ""));
    cases.push_back(std::move(c));
  }
  return cases;
}

absl::Status RunHdu3567(absl::string_view input, Oracle& oracle, std::ostream& output,
                        std::ostream& errors) {
  absl::StatusOr<std::vector<JudgeCase>> cases = ReadHduCases(input);
  if (!cases.ok()) return cases.status();
  return AnswerJudgeCases(
      *cases, oracle, output, errors,
      [](const JudgeCase& c, size_t k, const Answer& answer, std::ostream& out, std::ostream& err) {
        if (!answer.solvable) {
          err << "case " << k + 1 << " (line " << c.line
              << "): the goal is unreachable from the start\n";
          out << "Case " << k + 1 << ": unsolvable\n\n";
        } else {
          out << "Case " << k + 1 << ": " << answer.distance << "\n" << answer.moves << "\n";
        }
      },
      [](size_t k, std::ostream& out) { out << "Case " << k + 1 << ": error\n\n"; });
}

void PrintError(size_t, std::ostream& out) { out << "error\n"; }

absl::Status RunPoj1077(absl::string_view input, Oracle& oracle, std::ostream& output,
                        std::ostream& errors) {
  const std::vector<JudgeToken> tokens = TokenizeJudgeInput(input);
  if (tokens.empty()) {
    return absl::InvalidArgumentError("line 1: empty input; expected a board of 9 symbols");
  }
  return AnswerJudgeCases(
      ReadTokenCases(tokens, 9, 9), oracle, output, errors,
      [](const JudgeCase&, size_t, const Answer& answer, std::ostream& out, std::ostream&) {
        out << (answer.solvable ? answer.moves : "unsolvable") << "\n";
      },
      PrintError);
}

absl::Status RunDistance(absl::string_view input, Oracle& oracle, std::ostream& output,
                         std::ostream& errors) {
  return AnswerJudgeCases(
      ReadTokenCases(TokenizeJudgeInput(input), 18, 9), oracle, output, errors,
      [](const JudgeCase&, size_t, const Answer& answer, std::ostream& out, std::ostream&) {
        out << answer.distance << "\n";
      },
      PrintError);
}

}  // namespace

std::vector<JudgeFormat> EightJudgeFormats() {
  return {
      {"hdu3567",
       "HDU 3567 Eight II. In: T, then T pairs of lines (start, goal). Out: \"Case k: d\", then "
       "the lex-min shortest move string.",
       RunHdu3567},
      {"poj1077",
       "POJ 1077 Eight. In: boards of 9 tokens (x is the blank), goal 12345678X. Out: the move "
       "string, or \"unsolvable\".",
       RunPoj1077},
      {"distance",
       "8-puzzle distance. In: cases of 18 integers (start, goal; 0 is the blank). Out: the "
       "distance, or -1.",
       RunDistance},
  };
}

}  // namespace puzzle
