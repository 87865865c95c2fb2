#include "puzzles/fifteen/fifteen_judges.h"

#include <algorithm>
#include <ostream>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "puzzle/board_symbols.h"
#include "puzzle/judge_cases.h"

namespace puzzle {
namespace {

constexpr size_t kCells = 16;

void PrintError(size_t, std::ostream& out) { out << "error\n"; }

// UVa 10181: the first token is N, then N boards of 16 tokens.
absl::StatusOr<std::vector<JudgeCase>> ReadUvaCases(absl::string_view input) {
  const std::vector<JudgeToken> tokens = TokenizeJudgeInput(input);
  if (tokens.empty()) {
    return absl::InvalidArgumentError("line 1: empty input; expected N, the number of puzzles");
  }
  int n = 0;
  if (!absl::SimpleAtoi(tokens[0].text, &n) || n < 0) {
    return absl::InvalidArgumentError(absl::StrCat("line ", tokens[0].line, ": ",
                                                   QuoteSymbol(tokens[0].text),
                                                   " is not the number of puzzles N"));
  }
  const std::vector<JudgeToken> boards(tokens.begin() + 1, tokens.end());
  std::vector<JudgeCase> cases = ReadTokenCases(boards, kCells, kCells);
  if (cases.size() > static_cast<size_t>(n)) cases.resize(n);  // what follows N puzzles is ignored
  if (cases.size() < static_cast<size_t>(n)) {
    JudgeCase c;
    c.line = tokens.back().line;
    c.read_error = absl::InvalidArgumentError(
        absl::StrCat("input ended after ", cases.size(), " of the ", n, " puzzles N announces"));
    cases.push_back(std::move(c));
  }
  return cases;
}

absl::Status RunUva10181(absl::string_view input, Oracle& oracle, std::ostream& output,
                         std::ostream& errors) {
  absl::StatusOr<std::vector<JudgeCase>> cases = ReadUvaCases(input);
  if (!cases.ok()) return cases.status();
  return AnswerJudgeCases(
      *cases, oracle, output, errors,
      [](const JudgeCase&, size_t, const Answer& answer, std::ostream& out, std::ostream&) {
        if (!answer.solvable) {
          out << "This puzzle is not solvable.\n";
        } else {
          out << absl::AsciiStrToUpper(answer.moves) << "\n";
        }
      },
      PrintError);
}

absl::Status RunAizu(absl::string_view input, Oracle& oracle, std::ostream& output,
                     std::ostream& errors) {
  const std::vector<JudgeToken> tokens = TokenizeJudgeInput(input);
  if (tokens.empty()) {
    return absl::InvalidArgumentError("line 1: empty input; expected a puzzle of 16 integers");
  }
  return AnswerJudgeCases(
      ReadTokenCases(tokens, kCells, kCells), oracle, output, errors,
      [](const JudgeCase&, size_t, const Answer& answer, std::ostream& out, std::ostream&) {
        out << answer.distance << "\n";
      },
      PrintError);
}

}  // namespace

std::vector<JudgeFormat> FifteenJudgeFormats() {
  return {
      {"uva10181",
       "UVa 10181 15-Puzzle Problem. In: N, then N boards of 16 integers (0 is the blank), goal "
       "1..15 then the blank. Out: the lex-min optimal moves in upper case (LRUD), or \"This "
       "puzzle is not solvable.\".",
       RunUva10181},
      {"aizu-alds1-13-c",
       "AIZU ALDS1_13_C 15 Puzzle. In: a board of 16 integers (0 is the blank), goal 1..15 then "
       "the blank. Out: the minimum number of moves, or -1.",
       RunAizu},
  };
}

}  // namespace puzzle
