// The load test's queries and their expected answers.
//
// A Workload is a fixed pool of Eight II queries: solvable pairs, unsolvable pairs (tile orders
// of different parity) and malformed boards of every class the API rejects (empty, 8 or 10
// symbols, duplicate tiles, bad symbols, two blanks, no blank, bad goals, huge strings), written
// in all the accepted notations. Every query's expected result comes from an in-process oracle
// (puzzle::SolverOracle over the same table the server loads), which reports the same
// status codes and messages as the server; every solvable answer is also replayed on the
// boards to check it reaches the goal. Check* compare what the server said with that.
//
// Example:
//   auto eight = puzzle::LoadPuzzle(*puzzle::FindPuzzle("eight"), "data");
//   puzzle::SolverOracle oracle(&(*eight)->solver());
//   absl::StatusOr<Workload> w = Workload::Build(oracle, WorkloadOptions());
//   const QueryCase& c = w->cases()[i];
//   Verdict v = CheckResult(c, code, message, &response);   // v.kind == Verdict::kRight
//
// Thread-safety: a built Workload is immutable; Check* are pure functions.

#ifndef LOADTEST_WORKLOAD_H_
#define LOADTEST_WORKLOAD_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzle/puzzle.h"
#include "puzzleoracle/v1/oracle.pb.h"

namespace loadtest {

namespace api = ::puzzleoracle::v1;

enum class CaseKind { kSolvable, kUnsolvable, kMalformed };

struct QueryCase {
  puzzle::QueryText query;
  puzzle::OracleResult expected;
  CaseKind kind;
};

struct WorkloadOptions {
  size_t size = 50000;       // queries in the pool
  double unsolvable = 0.25;  // share of unsolvable pairs
  double malformed = 0.20;   // share of malformed queries
  uint64_t seed = 1;
};

class Workload {
 public:
  // Generates the pool and asks `oracle` for every expected result. Errors: the oracle's, or
  // Internal when an expected answer does not replay to its goal (a broken local table).
  static absl::StatusOr<Workload> Build(puzzle::Oracle& oracle, const WorkloadOptions& options);

  const std::vector<QueryCase>& cases() const { return cases_; }
  size_t Count(CaseKind kind) const;

 private:
  explicit Workload(std::vector<QueryCase> cases) : cases_(std::move(cases)) {}

  std::vector<QueryCase> cases_;
};

struct Verdict {
  enum Kind {
    kRight,
    kWrongCode,    // the status code differs from the expected one
    kWrongAnswer,  // the code is right; the answer or the error message is not
  };
  Kind kind = kRight;
  std::string detail;  // what differed, for the report
};

// Compares a server's result for `c` with the expected one. `code` is a google.rpc.Code number
// (grpc::StatusCode and absl::StatusCode agree); `answer` is read only when `code` is 0.
Verdict CheckResult(const QueryCase& c, int code, absl::string_view message,
                    const api::SolveResponse& answer);

// The same for one item of SolveBatch or SolveStream, including the echoed id.
Verdict CheckItem(const QueryCase& c, uint64_t id, const api::SolveItemResult& result);

}  // namespace loadtest

#endif  // LOADTEST_WORKLOAD_H_
