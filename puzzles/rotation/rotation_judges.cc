#include "puzzles/rotation/rotation_judges.h"

#include <algorithm>
#include <ostream>

#include "absl/strings/str_cat.h"
#include "puzzle/judge_cases.h"

namespace puzzle {
namespace {

absl::Status RunHdu1667(absl::string_view input, Oracle& oracle, std::ostream& output,
                        std::ostream& errors) {
  const std::vector<JudgeToken> tokens = TokenizeJudgeInput(input);
  std::vector<JudgeCase> cases;
  size_t i = 0;
  bool terminated = false;
  while (i < tokens.size()) {
    if (tokens[i].text == "0") {
      terminated = true;
      ++i;
      break;
    }
    const size_t end = std::min(tokens.size(), i + 24);
    JudgeCase c;
    c.line = tokens[i].line;
    if (end - i < 24) {
      c.read_error = absl::InvalidArgumentError(
          absl::StrCat("expected 24 symbols, input ended after ", end - i));
    } else {
      c.query.start = JoinJudgeTokens(tokens, i, end);
    }
    cases.push_back(std::move(c));
    i = end;
  }
  if (!terminated) {
    errors << "note: the input ended without the terminating 0\n";
  } else if (i < tokens.size()) {
    errors << "note: ignored " << tokens.size() - i << " tokens after the terminating 0 (line "
           << tokens[i].line << ")\n";
  }
  return AnswerJudgeCases(
      cases, oracle, output, errors,
      [](const JudgeCase&, size_t, const Answer& answer, std::ostream& out, std::ostream&) {
        out << (answer.distance == 0 ? "No moves needed" : answer.moves) << "\n"
            << answer.extras.at(0) << "\n";
      },
      [](size_t, std::ostream& out) { out << "error\n\n"; });
}

}  // namespace

std::vector<JudgeFormat> RotationJudgeFormats() {
  return {
      {"hdu1667",
       "HDU 1667 The Rotation Game. In: boards of 24 symbols (1-3), ended by a lone 0. Out: the "
       "lex-min shortest op string (or \"No moves needed\"), then the centre symbol.",
       RunHdu1667},
  };
}

}  // namespace puzzle
