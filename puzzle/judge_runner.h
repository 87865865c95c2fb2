// For tests of a puzzle's judge formats: the puzzle's tables loaded once from a directory (the
// Bazel-built ones in a test's runfiles: "data"), and each format run on an input in-process, as
// `oracle_client judge` runs it.
//
// Example:
//   absl::StatusOr<std::unique_ptr<JudgeRunner>> r = JudgeRunner::Load(EightPuzzle());
//   std::string errors;
//   absl::Status status;
//   std::string out = (*r)->Run("poj1077", "2 3 4 1 5 x 7 6 8\n", &errors, &status);
//
// Thread-safety: Run is not thread-safe (one oracle); use one runner per thread.

#ifndef PUZZLE_JUDGE_RUNNER_H_
#define PUZZLE_JUDGE_RUNNER_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzle/puzzle.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/solver_oracle.h"

namespace puzzle {

class JudgeRunner {
 public:
  // Errors: the loader's (NotFound, DataLoss naming the file and field, ...).
  static absl::StatusOr<std::unique_ptr<JudgeRunner>> Load(const Puzzle& puzzle,
                                                           const std::string& tables_dir = "data");

  // Runs the puzzle's judge format `format` on `input`. Returns its standard output; its
  // standard error goes to `*errors` and its status to `*status`. An unknown format is
  // NotFound, with nothing printed.
  std::string Run(absl::string_view format, const std::string& input, std::string* errors,
                  absl::Status* status);

 private:
  JudgeRunner(const Puzzle* puzzle, std::unique_ptr<LoadedPuzzle> loaded);

  const Puzzle* const puzzle_;
  const std::unique_ptr<LoadedPuzzle> loaded_;
  SolverOracle oracle_;
};

}  // namespace puzzle

#endif  // PUZZLE_JUDGE_RUNNER_H_
