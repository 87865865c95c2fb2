#include "fuzz/judge_fuzzer.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "client/eight_oracle.h"
#include "client/rotation_oracle.h"
#include "fuzz/fuzz_check.h"
#include "puzzles/eight/eight_board.h"
#include "puzzles/rotation/rotation_board.h"

namespace fuzz {
namespace {

using client::EightQuery;
using client::EightResult;
using client::JudgeFormat;

std::string TablePath(const char* variable, const char* fallback) {
  const char* env = std::getenv(variable);
  return env != nullptr && *env != '\0' ? env : fallback;
}

template <typename OracleT>
OracleT& LoadOnce(const char* variable, const char* fallback) {
  static OracleT* const oracle = [&] {
    absl::StatusOr<std::unique_ptr<OracleT>> opened = OracleT::Open(TablePath(variable, fallback));
    if (!opened.ok()) {
      std::fprintf(stderr, "judge fuzzer: cannot load the table (set %s): %s\n", variable,
                   opened.status().ToString().c_str());
      std::abort();
    }
    return opened->release();
  }();
  return *oracle;
}

client::LocalEightOracle& Oracle() {
  return LoadOnce<client::LocalEightOracle>("FUZZ_EIGHT_TABLE", "data/eight.tbl");
}

client::LocalRotationOracle& LocalRotation() {
  return LoadOnce<client::LocalRotationOracle>("FUZZ_ROTATION_TABLE", "data/rotation.tbl");
}

std::string Describe(const EightQuery& query, const EightResult& result) {
  return absl::StrCat("start '", absl::CHexEscape(query.start), "' goal '",
                      absl::CHexEscape(query.goal), "' -> ", result.status.ToString(),
                      " solvable=", result.solvable, " distance=", result.distance, " moves='",
                      result.moves, "'");
}

int ManhattanDistance(const puzzle::EightBoard& a, const puzzle::EightBoard& b) {
  int where[puzzle::kEightCells];
  for (int i = 0; i < puzzle::kEightCells; ++i) where[b.cells[i]] = i;
  int sum = 0;
  for (int i = 0; i < puzzle::kEightCells; ++i) {
    if (a.cells[i] == 0) continue;
    const int j = where[a.cells[i]];
    sum += std::abs(i / 3 - j / 3) + std::abs(i % 3 - j % 3);
  }
  return sum;
}

// Checks one answer against the boards alone, without the table.
void CheckResult(const EightQuery& query, const EightResult& result) {
  const std::string what = Describe(query, result);
  absl::StatusOr<puzzle::EightBoard> start = puzzle::ParseEightBoard(query.start, "start");
  absl::StatusOr<puzzle::EightBoard> goal = absl::StripAsciiWhitespace(query.goal).empty()
                                                ? puzzle::StandardEightGoal()
                                                : puzzle::ParseEightBoard(query.goal, "goal");
  if (!result.status.ok()) {
    FUZZ_CHECK(result.status.code() == absl::StatusCode::kInvalidArgument, what);
    FUZZ_CHECK(!start.ok() ? result.status == start.status()
                           : !goal.ok() && result.status == goal.status(),
               what);
    return;
  }
  FUZZ_CHECK(start.ok() && goal.ok(), what);
  const bool solvable = puzzle::Relabel(*start, *goal).solvable;
  FUZZ_CHECK(result.solvable == solvable, what);
  if (!solvable) {
    FUZZ_CHECK(result.distance == -1 && result.moves.empty(), what);
    return;
  }
  FUZZ_CHECK(result.distance >= 0 && result.distance <= puzzle::kEightMaxDistance, what);
  FUZZ_CHECK(static_cast<size_t>(result.distance) == result.moves.size(), what);
  const int lower_bound = ManhattanDistance(*start, *goal);
  FUZZ_CHECK(result.distance >= lower_bound, what);
  // Each move changes one tile's Manhattan distance by exactly one.
  FUZZ_CHECK(result.distance % 2 == lower_bound % 2, what);
  puzzle::EightBoard board = *start;
  for (char c : result.moves) {
    const char* at = std::strchr("dlru", c);
    FUZZ_CHECK(c != '\0' && at != nullptr, what);
    const auto move = static_cast<puzzle::Move>(at - "dlru");
    const puzzle::EightState blank{static_cast<uint8_t>(board.BlankCell()), 0};
    FUZZ_CHECK(puzzle::CanMove(blank, move), what);
    board = puzzle::ApplyMoveToBoard(board, move);
  }
  FUZZ_CHECK(board == *goal, what);
}

// Answers through the real oracle, checks every answer, and keeps them for the output check.
class CheckingOracle final : public client::EightOracle {
 public:
  absl::StatusOr<std::vector<EightResult>> SolveMany(
      const std::vector<EightQuery>& queries) override {
    absl::StatusOr<std::vector<EightResult>> results = Oracle().SolveMany(queries);
    FUZZ_CHECK(results.ok(), results.status().ToString());
    FUZZ_CHECK(results->size() == queries.size(), "one result per query");
    for (size_t i = 0; i < queries.size(); ++i) CheckResult(queries[i], (*results)[i]);
    queries_ = queries;
    results_ = *results;
    return results;
  }

  const std::vector<EightQuery>& queries() const { return queries_; }
  const std::vector<EightResult>& results() const { return results_; }

 private:
  std::vector<EightQuery> queries_;
  std::vector<EightResult> results_;
};

std::vector<absl::string_view> Lines(absl::string_view text) {
  if (text.empty()) return {};
  FUZZ_CHECK(absl::EndsWith(text, "\n"), "output does not end with a newline");
  text.remove_suffix(1);
  return absl::StrSplit(text, '\n');
}

size_t CountTokens(absl::string_view input) {
  size_t tokens = 0;
  bool in_token = false;
  for (char c : input) {
    const bool space = absl::ascii_isspace(static_cast<unsigned char>(c));
    if (!space && !in_token) ++tokens;
    in_token = !space;
  }
  return tokens;
}

// Walks the oracle's results in order alongside the printed cases: each printed answer must be
// the next well-formed query's result; results of rejected queries are printed as placeholders.
class ResultCursor {
 public:
  explicit ResultCursor(const CheckingOracle& oracle) : oracle_(oracle) {}

  // The next result with an OK status; null when there is none.
  const EightResult* NextAnswer() {
    while (next_ < oracle_.results().size() && !oracle_.results()[next_].status.ok()) ++next_;
    if (next_ == oracle_.results().size()) return nullptr;
    return &oracle_.results()[next_++];
  }

  bool OnlyRejectedLeft() {
    while (next_ < oracle_.results().size() && !oracle_.results()[next_].status.ok()) ++next_;
    return next_ == oracle_.results().size();
  }

 private:
  const CheckingOracle& oracle_;
  size_t next_ = 0;
};

// Checks the output of poj1077 or distance; returns the number of cases printed.
size_t CheckTokenFormatOutput(JudgeFormat format, const std::vector<absl::string_view>& lines,
                              const CheckingOracle& oracle, size_t* placeholders) {
  ResultCursor cursor(oracle);
  for (absl::string_view line : lines) {
    if (line == "error") {
      ++*placeholders;
      continue;
    }
    const EightResult* result = cursor.NextAnswer();
    FUZZ_CHECK(result != nullptr, absl::StrCat("an answer with no query: '", line, "'"));
    const std::string expected = format == JudgeFormat::kPoj1077
                                     ? (result->solvable ? result->moves : "unsolvable")
                                     : absl::StrCat(result->distance);
    FUZZ_CHECK(line == expected, absl::StrCat("printed '", line, "', expected '", expected, "'"));
  }
  FUZZ_CHECK(cursor.OnlyRejectedLeft(), "an answered query was not printed");
  return lines.size();
}

// Checks the output of hdu3567; returns the number of cases printed.
size_t CheckHduOutput(const std::vector<absl::string_view>& lines, const CheckingOracle& oracle,
                      size_t* placeholders, size_t* unsolvable) {
  FUZZ_CHECK(lines.size() % 2 == 0, "hdu3567 prints two lines per case");
  ResultCursor cursor(oracle);
  for (size_t i = 0; i < lines.size(); i += 2) {
    const std::string prefix = absl::StrCat("Case ", i / 2 + 1, ": ");
    FUZZ_CHECK(absl::StartsWith(lines[i], prefix), absl::StrCat("line '", lines[i], "'"));
    const absl::string_view verdict = lines[i].substr(prefix.size());
    const absl::string_view second = lines[i + 1];
    if (verdict == "error") {
      ++*placeholders;
      FUZZ_CHECK(second.empty(), absl::StrCat("placeholder followed by '", second, "'"));
      continue;
    }
    const EightResult* result = cursor.NextAnswer();
    FUZZ_CHECK(result != nullptr, absl::StrCat("an answer with no query: '", lines[i], "'"));
    if (verdict == "unsolvable") {
      ++*unsolvable;
      FUZZ_CHECK(!result->solvable && second.empty(), lines[i]);
      continue;
    }
    FUZZ_CHECK(result->solvable, lines[i]);
    FUZZ_CHECK(verdict == absl::StrCat(result->distance) && second == result->moves,
               absl::StrCat(lines[i], " / '", second, "'"));
  }
  FUZZ_CHECK(cursor.OnlyRejectedLeft(), "an answered query was not printed");
  return lines.size() / 2;
}

// What hdu3567's reader sees: the number of non-blank lines and, when the first one is a count
// (T >= 0), the number of complete start/goal pairs after it.
struct HduShape {
  bool has_count = false;
  long long count = 0;
  size_t pairs = 0;
};

HduShape ShapeOfHduInput(absl::string_view input) {
  HduShape shape;
  size_t nonblank = 0;
  for (absl::string_view line : absl::StrSplit(input, '\n')) {
    if (absl::StripAsciiWhitespace(line).empty()) continue;
    if (nonblank++ == 0) {
      int t = 0;
      shape.has_count = absl::SimpleAtoi(absl::StripAsciiWhitespace(line), &t) && t >= 0;
      shape.count = t;
    }
  }
  if (nonblank > 0) shape.pairs = (nonblank - 1) / 2;
  return shape;
}

}  // namespace

void FuzzJudge(JudgeFormat format, absl::string_view input) {
  const HduShape hdu = format == JudgeFormat::kHdu3567 ? ShapeOfHduInput(input) : HduShape();
  CheckingOracle oracle;
  std::ostringstream output, errors;
  const absl::Status status = client::RunJudge(format, input, oracle, output, errors);
  const std::string out = output.str();
  const std::string err = errors.str();
  FUZZ_CHECK(status.ok() || status.code() == absl::StatusCode::kInvalidArgument, status.ToString());

  // Inputs rejected as a whole print nothing.
  const size_t tokens = CountTokens(input);
  if (format == JudgeFormat::kHdu3567 && out.empty() && !status.ok() &&
      absl::StartsWith(status.message(), "line ")) {
    FUZZ_CHECK(err.empty() && oracle.results().empty(), status.ToString());
    return;
  }
  if (format == JudgeFormat::kPoj1077 && tokens == 0) {
    FUZZ_CHECK(status.message() == "line 1: empty input; expected a board of 9 symbols" &&
                   out.empty() && err.empty(),
               status.ToString());
    return;
  }

  const std::vector<absl::string_view> lines = Lines(out);
  size_t placeholders = 0;
  size_t unsolvable = 0;
  size_t cases = 0;
  if (format == JudgeFormat::kHdu3567) {
    cases = CheckHduOutput(lines, oracle, &placeholders, &unsolvable);
    // Work and output stay proportional to the input: a count T larger than the cases present
    // earns at most one placeholder for the missing ones, not T of them (a 10-byte input
    // "2000000000" must not make the reader build two billion cases).
    FUZZ_CHECK(!hdu.has_count || cases <= hdu.pairs + 1,
               absl::StrCat(cases, " cases printed for T = ", hdu.count, " and ", hdu.pairs,
                            " start/goal pairs in the input"));
  } else {
    const size_t per_case = format == JudgeFormat::kDistance ? 18 : 9;
    cases = CheckTokenFormatOutput(format, lines, oracle, &placeholders);
    FUZZ_CHECK(cases == (tokens + per_case - 1) / per_case,
               absl::StrCat(cases, " cases printed for ", tokens, " tokens"));
  }

  const std::vector<absl::string_view> error_lines = Lines(err);
  FUZZ_CHECK(error_lines.size() == placeholders + unsolvable,
             absl::StrCat(error_lines.size(), " error lines for ", placeholders,
                          " placeholders and ", unsolvable, " unsolvable cases"));
  for (absl::string_view line : error_lines) {
    FUZZ_CHECK(absl::StartsWith(line, "case "), absl::StrCat("error line '", line, "'"));
  }
  if (placeholders == 0) {
    FUZZ_CHECK(status.ok(), status.ToString());
  } else {
    FUZZ_CHECK(status.message() ==
                   absl::StrCat(placeholders, " of ", cases, " cases were malformed (see above)"),
               status.ToString());
  }
}

namespace {

std::string DescribeRotation(const std::string& board, const client::RotationResult& result) {
  return absl::StrCat("board '", absl::CHexEscape(board), "' -> ", result.status.ToString(),
                      " distance=", result.distance, " moves='", result.moves,
                      "' centre=", result.centre);
}

// Checks one Rotation Game answer against the board alone.
void CheckRotationResult(const std::string& text, const client::RotationResult& result) {
  const std::string what = DescribeRotation(text, result);
  absl::StatusOr<puzzle::RotationBoard> board = puzzle::ParseRotationBoard(text, "board");
  if (!result.status.ok()) {
    FUZZ_CHECK(result.status.code() == absl::StatusCode::kInvalidArgument, what);
    FUZZ_CHECK(!board.ok() && result.status == board.status(), what);
    return;
  }
  FUZZ_CHECK(board.ok(), what);
  FUZZ_CHECK(result.distance >= 0 && static_cast<size_t>(result.distance) == result.moves.size(),
             what);
  FUZZ_CHECK(result.centre >= 1 && result.centre <= puzzle::kRotationSymbols, what);
  puzzle::RotationBoard after = *board;
  for (char op : result.moves) {
    FUZZ_CHECK(op >= 'A' && op < 'A' + puzzle::kRotationOps, what);
    after = puzzle::ApplyRotationOp(after, op - 'A');
  }
  for (uint8_t cell : puzzle::kRotationCentre) FUZZ_CHECK(after.cells[cell] == result.centre, what);
}

class CheckingRotationOracle final : public client::RotationOracle {
 public:
  absl::StatusOr<std::vector<client::RotationResult>> SolveMany(
      const std::vector<std::string>& boards) override {
    absl::StatusOr<std::vector<client::RotationResult>> results = LocalRotation().SolveMany(boards);
    FUZZ_CHECK(results.ok(), results.status().ToString());
    FUZZ_CHECK(results->size() == boards.size(), "one result per board");
    for (size_t i = 0; i < boards.size(); ++i) CheckRotationResult(boards[i], (*results)[i]);
    results_ = *results;
    return results;
  }

  const std::vector<client::RotationResult>& results() const { return results_; }

 private:
  std::vector<client::RotationResult> results_;
};

std::vector<absl::string_view> Tokens(absl::string_view input) {
  std::vector<absl::string_view> tokens;
  size_t i = 0;
  while (i < input.size()) {
    if (absl::ascii_isspace(static_cast<unsigned char>(input[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < input.size() && !absl::ascii_isspace(static_cast<unsigned char>(input[j]))) ++j;
    tokens.push_back(input.substr(i, j - i));
    i = j;
  }
  return tokens;
}

}  // namespace

void FuzzRotationJudge(absl::string_view input) {
  CheckingRotationOracle oracle;
  std::ostringstream output, errors;
  const absl::Status status = client::RunRotationJudge(input, oracle, output, errors);
  FUZZ_CHECK(status.ok() || status.code() == absl::StatusCode::kInvalidArgument, status.ToString());

  // The cases, as the format defines them: groups of 24 symbols until a lone 0 starts a group.
  const std::vector<absl::string_view> tokens = Tokens(input);
  std::vector<size_t> group_sizes;
  size_t i = 0;
  bool terminated = false;
  while (i < tokens.size()) {
    if (tokens[i] == "0") {
      terminated = true;
      ++i;
      break;
    }
    group_sizes.push_back(std::min<size_t>(24, tokens.size() - i));
    i += group_sizes.back();
  }
  const bool note = !terminated || i < tokens.size();

  const std::string out = output.str();
  const std::vector<absl::string_view> lines = Lines(out);
  FUZZ_CHECK(lines.size() == 2 * group_sizes.size(),
             absl::StrCat(lines.size(), " output lines for ", group_sizes.size(), " cases"));
  FUZZ_CHECK(oracle.results().size() == group_sizes.size(), "one board per case");
  size_t placeholders = 0;
  for (size_t k = 0; k < group_sizes.size(); ++k) {
    const client::RotationResult& result = oracle.results()[k];
    const absl::string_view first = lines[2 * k];
    const absl::string_view second = lines[2 * k + 1];
    if (first == "error") {
      ++placeholders;
      FUZZ_CHECK(second.empty() && (group_sizes[k] < 24 || !result.status.ok()),
                 absl::StrCat("case ", k + 1, ": a placeholder for a well-formed board"));
      continue;
    }
    FUZZ_CHECK(group_sizes[k] == 24 && result.status.ok(),
               absl::StrCat("case ", k + 1, ": an answer for a malformed board"));
    const std::string expected = result.distance == 0 ? "No moves needed" : result.moves;
    FUZZ_CHECK(first == expected && second == absl::StrCat(result.centre),
               absl::StrCat("case ", k + 1, ": printed '", first, "' / '", second, "', expected '",
                            expected, "' / ", result.centre));
  }

  const std::string err = errors.str();
  const std::vector<absl::string_view> error_lines = Lines(err);
  FUZZ_CHECK(error_lines.size() == placeholders + (note ? 1 : 0),
             absl::StrCat(error_lines.size(), " error lines for ", placeholders, " placeholders"));
  for (absl::string_view line : error_lines) {
    FUZZ_CHECK(absl::StartsWith(line, "case ") || absl::StartsWith(line, "note: "),
               absl::StrCat("error line '", line, "'"));
  }
  if (placeholders == 0) {
    FUZZ_CHECK(status.ok(), status.ToString());
  } else {
    FUZZ_CHECK(status.message() == absl::StrCat(placeholders, " of ", group_sizes.size(),
                                                " cases were malformed (see above)"),
               status.ToString());
  }
}

}  // namespace fuzz
