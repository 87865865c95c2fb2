#include "fuzz/puzzle_checks.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "fuzz/fuzz_check.h"

namespace fuzz {
namespace {

using puzzle::Answer;
using puzzle::Puzzle;
using puzzle::QueryText;

// How much of a fuzzed text a failure message shows.
constexpr size_t kShown = 80;

std::string Shown(absl::string_view text) {
  std::string shown = absl::CHexEscape(text.substr(0, kShown));
  if (text.size() > kShown) absl::StrAppend(&shown, "...(", text.size(), " bytes)");
  return shown;
}

// What the puzzle's own readers say about a query, before any table.
struct ExpectedParse {
  absl::Status status;  // OK when the query parses
  std::string field;    // the field a rejection names
  bool exact = true;    // false: only the field is known (a goal where none is)
};

ExpectedParse ParseAlone(const Puzzle& puzzle, const QueryText& query) {
  absl::StatusOr<std::vector<std::string>> start = puzzle.Trace(query.start, "");
  if (!start.ok()) return {start.status(), puzzle.info().start_field, true};
  if (absl::StripAsciiWhitespace(query.goal).empty()) return {};
  if (!puzzle.info().has_goal) {
    return {absl::InvalidArgumentError("goal: (this puzzle has no goal board)"), "goal", false};
  }
  // Scramble reads its goal as the field "goal", as a query's goal is read.
  absl::StatusOr<std::string> goal = puzzle.Scramble(query.goal, 0, 0);
  if (!goal.ok()) return {goal.status(), "goal", true};
  return {};
}

}  // namespace

std::string DescribeQuery(const Puzzle& puzzle, const QueryText& query) {
  return absl::StrCat(
      "puzzle '", puzzle.info().name, "', start '", Shown(query.start), "', goal '",
      Shown(query.goal), "'",
      query.metric.empty() ? "" : absl::StrCat(", metric '", Shown(query.metric), "'"));
}

std::string DescribeResult(const absl::Status& status, const Answer& answer) {
  return absl::StrCat(status.ToString(), " / solvable=", answer.solvable,
                      " distance=", answer.distance, " moves='", Shown(answer.moves), "' extras=[",
                      absl::StrJoin(answer.extras, ","), "]");
}

bool IsPrintable(absl::string_view text, bool newlines) {
  for (char c : text) {
    if ((c < 0x20 || c > 0x7e) && !(newlines && c == '\n')) return false;
  }
  return true;
}

void CheckFieldError(const absl::Status& status, absl::string_view field, absl::string_view what) {
  const std::string detail = absl::StrCat(what, ": ", status.ToString());
  FUZZ_CHECK(status.code() == absl::StatusCode::kInvalidArgument, detail);
  FUZZ_CHECK(absl::StartsWith(status.message(), absl::StrCat(field, ": ")),
             absl::StrCat(detail, " (expected the field '", field, "' first)"));
  FUZZ_CHECK(
      status.message().size() <= kMaxMessage,
      absl::StrCat(detail, " (", status.message().size(), " bytes; at most ", kMaxMessage, ")"));
  FUZZ_CHECK(IsPrintable(status.message(), false), absl::StrCat(detail, " (not printable ASCII)"));
}

void CheckSameAnswer(const Answer& a, const Answer& b, absl::string_view what) {
  FUZZ_CHECK(a.solvable == b.solvable && a.distance == b.distance && a.moves == b.moves &&
                 a.extras == b.extras,
             absl::StrCat(what, ": ", DescribeResult(absl::OkStatus(), a), " vs ",
                          DescribeResult(absl::OkStatus(), b)));
}

void CheckResult(const Puzzle& puzzle, const QueryText& query, const absl::Status& status,
                 const Answer& answer, Tables tables) {
  auto what = [&] {
    return absl::StrCat(DescribeQuery(puzzle, query), " -> ", DescribeResult(status, answer));
  };
  const ExpectedParse expected = ParseAlone(puzzle, query);
  if (!expected.status.ok()) {
    CheckFieldError(status, expected.field, what());
    FUZZ_CHECK(!expected.exact || status == expected.status,
               absl::StrCat(what(), "; the puzzle's own reader says ", expected.status.ToString()));
    return;
  }
  if (tables == Tables::kFuzzed && status.code() == absl::StatusCode::kDataLoss) {
    FUZZ_CHECK(absl::StrContains(status.message(), "inconsistent"), what());
    return;
  }
  if (puzzle.info().searches && status.code() == absl::StatusCode::kDeadlineExceeded) {
    FUZZ_CHECK(absl::StrContains(status.message(), "the optimal length is at least ") ||
                   absl::StrContains(status.message(), "passed before this query was started"),
               what());
    return;
  }
  FUZZ_CHECK(status.ok(), absl::StrCat(what(), "; the query parses"));
  FUZZ_CHECK(answer.extras.size() == puzzle.info().extras.size(),
             absl::StrCat(what(), "; expected ", puzzle.info().extras.size(), " extras"));
  const absl::Status checked = puzzle.CheckAnswer(query, answer);
  FUZZ_CHECK(checked.ok(), absl::StrCat(what(), "; CheckAnswer: ", checked.ToString()));
}

void CheckSuffixes(const Puzzle& puzzle, const puzzle::Solver& solver, const QueryText& query,
                   const Answer& answer, puzzle::SolveControl& control) {
  if (!answer.solvable || answer.distance <= 0) return;
  const absl::StatusOr<std::vector<std::string>> boards = puzzle.Trace(query.start, answer.moves);
  const std::vector<std::string> moves = puzzle::SplitMoves(puzzle.info(), answer.moves);
  FUZZ_CHECK(boards.ok() && boards->size() == moves.size() + 1, DescribeQuery(puzzle, query));
  for (size_t i = 1; i < boards->size(); ++i) {
    Answer expected = answer;
    expected.distance = answer.distance - static_cast<int>(i);
    expected.moves = absl::StrJoin(moves.begin() + i, moves.end(), puzzle.info().move_separator);
    const QueryText suffix{(*boards)[i], query.goal,       query.metric,
                           query.mode,   query.max_length, query.time_budget};
    Answer got;
    const absl::Status status =
        solver.Solve(puzzle::Query{suffix.start, suffix.goal, suffix.metric, suffix.mode,
                                   suffix.max_length, suffix.time_budget},
                     control, &got);
    const std::string what =
        absl::StrCat(DescribeQuery(puzzle, query), " answered '", answer.moves,
                     "'; from the board after ", i, " moves, ", DescribeQuery(puzzle, suffix),
                     " -> ", DescribeResult(status, got), "; expected the rest of the answer");
    if (puzzle.info().searches && status.code() == absl::StatusCode::kDeadlineExceeded) return;
    FUZZ_CHECK(status.ok(), what);
    CheckSameAnswer(got, expected, what);
  }
}

absl::StatusOr<std::vector<puzzle::OracleResult>> AuditingOracle::SolveMany(
    const std::vector<QueryText>& queries) {
  ++calls_;
  // Table puzzles answer in microseconds: no deadline, so any stop would be a bug.
  const absl::Time deadline =
      puzzle_.info().searches ? absl::Now() + kSearchBudget : absl::InfiniteFuture();
  puzzle::SolveControl control(deadline, nullptr, "the audit's time budget");
  std::vector<puzzle::Query> views;
  for (const QueryText& q : queries)
    views.push_back(puzzle::Query{q.start, q.goal, q.metric, q.mode, q.max_length, q.time_budget});
  std::vector<absl::Status> statuses(queries.size());
  std::vector<Answer> answers(queries.size());
  solver_.SolveBatch(views, control, absl::MakeSpan(statuses), absl::MakeSpan(answers));
  std::vector<puzzle::OracleResult> results(queries.size());
  for (size_t i = 0; i < queries.size(); ++i) {
    results[i].status = std::move(statuses[i]);
    results[i].answer = std::move(answers[i]);
  }
  size_t deep = 0;
  for (size_t i = 0; i < queries.size(); ++i) {
    const QueryText& query = queries[i];
    const puzzle::OracleResult& result = results[i];
    ++queries_;
    query_bytes_ += query.start.size() + query.goal.size();
    if (!result.status.ok()) ++rejected_;
    CheckResult(puzzle_, query, result.status, result.answer, Tables::kVerified);
    if (!result.status.ok() || deep >= kDeepChecksPerCall) continue;
    ++deep;
    Answer single;
    const absl::Status status =
        solver_.Solve(puzzle::Query{query.start, query.goal, query.metric, query.mode,
                                    query.max_length, query.time_budget},
                      control, &single);
    const std::string what =
        absl::StrCat(DescribeQuery(puzzle_, query), ": Solve and SolveBatch disagree");
    if (puzzle_.info().searches && status.code() == absl::StatusCode::kDeadlineExceeded) continue;
    FUZZ_CHECK(status.ok(), absl::StrCat(what, ": ", status.ToString()));
    CheckSameAnswer(single, result.answer, what);
    CheckSuffixes(puzzle_, solver_, query, result.answer, control);
  }
  return results;
}

}  // namespace fuzz
