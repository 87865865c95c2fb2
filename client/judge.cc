#include "client/judge.h"

#include <algorithm>
#include <ostream>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace client {
namespace {

struct Token {
  absl::string_view text;
  int line;  // 1-based
};

std::vector<Token> Tokenize(absl::string_view input) {
  std::vector<Token> tokens;
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
      tokens.push_back(Token{input.substr(i, j - i), line});
      i = j;
    }
  }
  return tokens;
}

std::string JoinTokens(const std::vector<Token>& tokens, size_t begin, size_t end) {
  std::string joined;
  for (size_t i = begin; i < end; ++i) {
    if (i > begin) joined += ' ';
    joined.append(tokens[i].text.data(), tokens[i].text.size());
  }
  return joined;
}

// A case as read: either a query, or why it could not be read.
struct JudgeCase {
  int line = 0;
  EightQuery query;
  absl::Status read_error;
};

std::vector<JudgeCase> ReadTokenCases(const std::vector<Token>& tokens, size_t per_case) {
  std::vector<JudgeCase> cases;
  for (size_t begin = 0; begin < tokens.size(); begin += per_case) {
    JudgeCase c;
    c.line = tokens[begin].line;
    const size_t end = std::min(tokens.size(), begin + per_case);
    if (end - begin < per_case) {
      c.read_error = absl::InvalidArgumentError(absl::StrCat(
          "expected ", per_case, " symbols, input ended after ", end - begin));
    } else {
      c.query.start = JoinTokens(tokens, begin, begin + 9);
      if (per_case == 18) c.query.goal = JoinTokens(tokens, begin + 9, begin + 18);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

// HDU 3567: the first token is T; then each case is the next two non-empty lines.
absl::StatusOr<std::vector<JudgeCase>> ReadHduCases(absl::string_view input) {
  std::vector<std::pair<absl::string_view, int>> lines;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(input, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (!line.empty()) lines.emplace_back(line, number);
  }
  if (lines.empty()) return absl::InvalidArgumentError("line 1: empty input; expected T, the number of cases");
  int t = 0;
  if (!absl::SimpleAtoi(lines[0].first, &t) || t < 0) {
    return absl::InvalidArgumentError(absl::StrCat("line ", lines[0].second, ": '",
                                                   lines[0].first.substr(0, 20),
                                                   "' is not the number of cases T"));
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
    c.read_error = absl::InvalidArgumentError(absl::StrCat(
        "input ended after ", complete, " of the ", t, " cases T announces",
        half ? "; this case has a start line but no goal line" : ""));
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace

absl::StatusOr<JudgeFormat> ParseJudgeFormat(absl::string_view name) {
  if (name == "hdu3567") return JudgeFormat::kHdu3567;
  if (name == "poj1077") return JudgeFormat::kPoj1077;
  if (name == "distance") return JudgeFormat::kDistance;
  if (name == "hdu1667") return JudgeFormat::kHdu1667;
  return absl::InvalidArgumentError(absl::StrCat(
      "--format='", name, "'; expected one of hdu3567, poj1077, distance, hdu1667"));
}

absl::Status RunJudge(JudgeFormat format, absl::string_view input, EightOracle& oracle,
                      std::ostream& output, std::ostream& errors) {
  if (format == JudgeFormat::kHdu1667) {
    return absl::InvalidArgumentError("hdu1667 is a Rotation Game format; use RunRotationJudge");
  }
  std::vector<JudgeCase> cases;
  if (format == JudgeFormat::kHdu3567) {
    absl::StatusOr<std::vector<JudgeCase>> read = ReadHduCases(input);
    if (!read.ok()) return read.status();
    cases = *std::move(read);
  } else {
    const std::vector<Token> tokens = Tokenize(input);
    if (tokens.empty() && format == JudgeFormat::kPoj1077) {
      return absl::InvalidArgumentError("line 1: empty input; expected a board of 9 symbols");
    }
    cases = ReadTokenCases(tokens, format == JudgeFormat::kDistance ? 18 : 9);
  }

  std::vector<EightQuery> queries;
  std::vector<size_t> query_of_case(cases.size(), SIZE_MAX);
  for (size_t k = 0; k < cases.size(); ++k) {
    if (!cases[k].read_error.ok()) continue;
    query_of_case[k] = queries.size();
    queries.push_back(cases[k].query);
  }
  absl::StatusOr<std::vector<EightResult>> results = oracle.SolveMany(queries);
  if (!results.ok()) return results.status();

  int bad = 0;
  for (size_t k = 0; k < cases.size(); ++k) {
    absl::Status problem = cases[k].read_error;
    const EightResult* result = nullptr;
    if (problem.ok()) {
      result = &(*results)[query_of_case[k]];
      problem = result->status;
    }
    if (!problem.ok()) {
      ++bad;
      errors << "case " << k + 1 << " (line " << cases[k].line << "): " << problem.message()
             << "\n";
      if (format == JudgeFormat::kHdu3567) {
        output << "Case " << k + 1 << ": error\n\n";
      } else {
        output << "error\n";
      }
      continue;
    }
    switch (format) {
      case JudgeFormat::kHdu3567:
        if (!result->solvable) {
          errors << "case " << k + 1 << " (line " << cases[k].line
                 << "): the goal is unreachable from the start\n";
          output << "Case " << k + 1 << ": unsolvable\n\n";
        } else {
          output << "Case " << k + 1 << ": " << result->distance << "\n" << result->moves << "\n";
        }
        break;
      case JudgeFormat::kPoj1077:
        output << (result->solvable ? result->moves : "unsolvable") << "\n";
        break;
      case JudgeFormat::kDistance:
        output << result->distance << "\n";
        break;
      case JudgeFormat::kHdu1667:  // rejected above
        break;
    }
  }
  if (bad > 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(bad, " of ", cases.size(), " cases were malformed (see above)"));
  }
  return absl::OkStatus();
}

absl::Status RunRotationJudge(absl::string_view input, RotationOracle& oracle,
                              std::ostream& output, std::ostream& errors) {
  const std::vector<Token> tokens = Tokenize(input);
  std::vector<std::string> boards;
  std::vector<int> lines;
  std::vector<std::string> read_errors;  // per case; empty when it was read whole
  size_t i = 0;
  bool terminated = false;
  while (i < tokens.size()) {
    if (tokens[i].text == "0") {
      terminated = true;
      ++i;
      break;
    }
    const size_t end = std::min(tokens.size(), i + 24);
    lines.push_back(tokens[i].line);
    boards.push_back(JoinTokens(tokens, i, end));
    read_errors.push_back(end - i < 24 ? absl::StrCat("expected 24 symbols, input ended after ",
                                                      end - i)
                                       : "");
    i = end;
  }
  if (!terminated) {
    errors << "note: the input ended without the terminating 0\n";
  } else if (i < tokens.size()) {
    errors << "note: ignored " << tokens.size() - i << " tokens after the terminating 0 (line "
           << tokens[i].line << ")\n";
  }
  absl::StatusOr<std::vector<RotationResult>> results = oracle.SolveMany(boards);
  if (!results.ok()) return results.status();
  int bad = 0;
  for (size_t k = 0; k < boards.size(); ++k) {
    const RotationResult& r = (*results)[k];
    const std::string problem =
        !read_errors[k].empty() ? read_errors[k] : std::string(r.status.message());
    if (!read_errors[k].empty() || !r.status.ok()) {
      ++bad;
      errors << "case " << k + 1 << " (line " << lines[k] << "): " << problem << "\n";
      output << "error\n\n";
      continue;
    }
    output << (r.distance == 0 ? "No moves needed" : r.moves) << "\n" << r.centre << "\n";
  }
  if (bad > 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(bad, " of ", boards.size(), " cases were malformed (see above)"));
  }
  return absl::OkStatus();
}

}  // namespace client
