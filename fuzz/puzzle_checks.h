// Checks shared by the fuzz targets that solve queries (judge_fuzzer,
// table_file_fuzzer), written against the Puzzle interface alone
// (puzzle/puzzle.h), so that they hold for every puzzle of the registry without
// naming one.
//
// What a solver's result for a query must be:
//   - whether the query parses is decided by the puzzle's own board readers,
//   before any table is
//     read: a start that Trace rejects is rejected with Trace's status; a goal
//     that Scramble rejects (it reads its goal as the field "goal") is rejected
//     with Scramble's status; a non-blank goal of a puzzle without goals is
//     InvalidArgument naming "goal"; every such message is short (kMaxMessage)
//     printable ASCII (the input is quoted escaped, never echoed raw);
//   - an answer passes Puzzle::CheckAnswer and has one extra per
//   PuzzleInfo::extras;
//   - over a table that may be corrupt (a fuzzed table file), DataLoss saying
//   "inconsistent" is
//     the one other outcome allowed;
//   - a search puzzle (PuzzleInfo::searches) may also stop at the audit's time budget
//     (kSearchBudget per call): DeadlineExceeded naming the bound proven, or that the query was
//     never started; random boards of the 15-puzzle can take seconds each, and an input must
//     stay well within libFuzzer's -timeout;
//   - over the verified tables, every suffix of an answer's move string is the
//   answer from the
//     board where that suffix starts: a shortest path's tail is a shortest
//     path, and the lexicographically smallest one (Answer's contract), else
//     splicing would beat the answer. That checks optimality and the
//     tie-breaking without a second solver.
//
// Example:
//   AuditingOracle oracle(puzzle, solver);
//   absl::Status s = format.run(input, oracle, output, errors);  // every
//   answer is checked
//
// Thread-safety: one input at a time (libFuzzer's default); AuditingOracle is
// not thread-safe.

#ifndef FUZZ_PUZZLE_CHECKS_H_
#define FUZZ_PUZZLE_CHECKS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "puzzle/puzzle.h"

namespace fuzz {

// The longest error message a parser may produce for any input: the field, a
// symbol quoted and cut to a few escaped characters, and fixed wording. Longer
// means the input leaked into it.
inline constexpr size_t kMaxMessage = 256;

// Whether the solver's tables are the verified ones (optimality can be checked)
// or may be corrupt (a fuzzed table file: DataLoss is allowed, answers need
// only be legal).
enum class Tables { kVerified, kFuzzed };

// "puzzle 'eight', start '...', goal '...'" (C-escaped, cut), for FUZZ_CHECK
// messages.
std::string DescribeQuery(const puzzle::Puzzle& puzzle, const puzzle::QueryText& query);

// "status / solvable=1 distance=3 moves='abc' extras=[2]".
std::string DescribeResult(const absl::Status& status, const puzzle::Answer& answer);

// True when `text` is printable ASCII (0x20-0x7e) and, if `newlines`, '\n'.
bool IsPrintable(absl::string_view text, bool newlines);

// The wall-clock time the audit gives one call's searches (the batch, then the deep checks).
inline constexpr absl::Duration kSearchBudget = absl::Seconds(2);

// Aborts unless `status` is InvalidArgument whose message starts with
// `field` + ": ", is at most kMaxMessage bytes and printable ASCII. `what`
// describes the input.
void CheckFieldError(const absl::Status& status, absl::string_view field, absl::string_view what);

// Aborts unless (`status`, `answer`) is a result the solver may give for
// `query` (see above).
void CheckResult(const puzzle::Puzzle& puzzle, const puzzle::QueryText& query,
                 const absl::Status& status, const puzzle::Answer& answer, Tables tables);

// Verified tables only: re-solves the board after each of the answer's moves
// and aborts unless each answer is the suffix of `answer` (same extras). A
// search stopped by `control` ends the check there (what was checked stands).
// REQUIRES: CheckResult passed and `status` was OK.
void CheckSuffixes(const puzzle::Puzzle& puzzle, const puzzle::Solver& solver,
                   const puzzle::QueryText& query, const puzzle::Answer& answer,
                   puzzle::SolveControl& control);

// Aborts unless the two answers are the same (nodes and search_time aside).
void CheckSameAnswer(const puzzle::Answer& a, const puzzle::Answer& b, absl::string_view what);

// An Oracle that answers through Solver::SolveBatch over the verified tables
// (a search puzzle's within kSearchBudget) and checks every result it hands
// out: CheckResult for each; for the first few answered queries of each call,
// the single-query path (Solver::Solve) gives the same result as the batch and
// CheckSuffixes holds (within the same budget).
// It also counts what it saw, for the judge's own properties.
class AuditingOracle final : public puzzle::Oracle {
 public:
  // REQUIRES: `puzzle` and `solver` outlive the oracle; `solver` is over the
  // verified tables.
  AuditingOracle(const puzzle::Puzzle& puzzle, const puzzle::Solver& solver)
      : puzzle_(puzzle), solver_(solver) {}

  AuditingOracle(const AuditingOracle&) = delete;
  AuditingOracle& operator=(const AuditingOracle&) = delete;

  absl::StatusOr<std::vector<puzzle::OracleResult>> SolveMany(
      const std::vector<puzzle::QueryText>& queries) override;

  size_t calls() const { return calls_; }
  size_t queries() const { return queries_; }
  size_t rejected() const { return rejected_; }
  // Bytes of all the queries' start and goal texts.
  size_t query_bytes() const { return query_bytes_; }

 private:
  // Per call, how many answered queries get the costly checks.
  static constexpr size_t kDeepChecksPerCall = 4;

  const puzzle::Puzzle& puzzle_;
  const puzzle::Solver& solver_;
  size_t calls_ = 0;
  size_t queries_ = 0;
  size_t rejected_ = 0;
  size_t query_bytes_ = 0;
};

}  // namespace fuzz

#endif  // FUZZ_PUZZLE_CHECKS_H_
