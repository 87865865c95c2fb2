#include "puzzle/judge_cases.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

std::vector<JudgeToken> TokenizeJudgeInput(absl::string_view input) {
  std::vector<JudgeToken> tokens;
  int line = 1;
  size_t i = 0;
  while (i < input.size()) {
    if (input[i] == '\n') {
      ++line;
      ++i;
    } else if (absl::ascii_isspace(input[i])) {
      ++i;
    } else {
      size_t j = i;
      while (j < input.size() && !absl::ascii_isspace(input[j])) ++j;
      tokens.push_back(JudgeToken{input.substr(i, j - i), line});
      i = j;
    }
  }
  return tokens;
}

std::string JoinJudgeTokens(const std::vector<JudgeToken>& tokens, size_t begin, size_t end) {
  std::string joined;
  for (size_t i = begin; i < end; ++i) {
    if (i > begin) joined += ' ';
    joined.append(tokens[i].text.data(), tokens[i].text.size());
  }
  return joined;
}

std::vector<JudgeCase> ReadTokenCases(const std::vector<JudgeToken>& tokens, size_t per_case,
                                      size_t start_tokens) {
  std::vector<JudgeCase> cases;
  for (size_t begin = 0; begin < tokens.size(); begin += per_case) {
    JudgeCase c;
    c.line = tokens[begin].line;
    const size_t end = std::min(tokens.size(), begin + per_case);
    if (end - begin < per_case) {
      c.read_error = absl::InvalidArgumentError(
          absl::StrCat("expected ", per_case, " symbols, input ended after ", end - begin));
    } else {
      c.query.start = JoinJudgeTokens(tokens, begin, begin + start_tokens);
      if (per_case > start_tokens)
        c.query.goal = JoinJudgeTokens(tokens, begin + start_tokens, end);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

absl::Status AnswerJudgeCases(const std::vector<JudgeCase>& cases, Oracle& oracle,
                              std::ostream& output, std::ostream& errors,
                              const PrintJudgeAnswer& print_answer,
                              const PrintJudgePlaceholder& print_placeholder) {
  std::vector<QueryText> queries;
  std::vector<size_t> query_of_case(cases.size(), SIZE_MAX);
  for (size_t k = 0; k < cases.size(); ++k) {
    if (!cases[k].read_error.ok()) continue;
    query_of_case[k] = queries.size();
    queries.push_back(cases[k].query);
  }
  absl::StatusOr<std::vector<OracleResult>> results = oracle.SolveMany(queries);
  if (!results.ok()) return results.status();

  int bad = 0;
  for (size_t k = 0; k < cases.size(); ++k) {
    absl::Status problem = cases[k].read_error;
    const OracleResult* result = nullptr;
    if (problem.ok()) {
      result = &(*results)[query_of_case[k]];
      problem = result->status;
    }
    if (!problem.ok()) {
      ++bad;
      errors << "case " << k + 1 << " (line " << cases[k].line << "): " << problem.message()
             << "\n";
      print_placeholder(k, output);
      continue;
    }
    print_answer(cases[k], k, result->answer, output, errors);
  }
  if (bad > 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(bad, " of ", cases.size(), " cases were malformed (see above)"));
  }
  return absl::OkStatus();
}

}  // namespace puzzle
