// Where the client's answers come from: in-process from a table file (LocalEightOracle) or from
// a running server (RemoteEightOracle, remote_eight_oracle.h). Judge formats and the CLI are
// written against this interface, so both paths print byte-identical output.

#ifndef CLIENT_EIGHT_ORACLE_H_
#define CLIENT_EIGHT_ORACLE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "puzzles/eight/eight_solver.h"
#include "puzzles/eight/eight_table.h"

namespace client {

struct EightQuery {
  std::string start;
  std::string goal;  // empty: 12345678X
};

struct EightResult {
  absl::Status status;  // per query: InvalidArgument for a malformed board
  bool solvable = false;
  int distance = -1;
  std::string moves;
};

class EightOracle {
 public:
  virtual ~EightOracle() = default;
  // One result per query, in order. A non-OK return means no query was answered (for example
  // the server is unreachable); per-query problems go into each result's status.
  virtual absl::StatusOr<std::vector<EightResult>> SolveMany(
      const std::vector<EightQuery>& queries) = 0;
};

// Answers in-process from a table file.
class LocalEightOracle final : public EightOracle {
 public:
  // Errors: those of EightTable::Load.
  static absl::StatusOr<std::unique_ptr<LocalEightOracle>> Open(const std::string& table_path);

  absl::StatusOr<std::vector<EightResult>> SolveMany(
      const std::vector<EightQuery>& queries) override;

 private:
  explicit LocalEightOracle(puzzle::EightTable table)
      : table_(std::move(table)), solver_(&table_) {}

  const puzzle::EightTable table_;
  const puzzle::EightSolver solver_;
};

}  // namespace client

#endif  // CLIENT_EIGHT_ORACLE_H_
