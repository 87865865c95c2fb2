// Loads a puzzle's tables from a directory and makes its solver: what the server, the CLI's
// in-process mode, the tests and the benchmarks all do the same way.
//
// Every required TableSpec's file (<dir>/<spec.file_name()>) must be present and valid; an
// optional one is loaded when its file exists and skipped when it does not (but a present,
// corrupt optional file is an error, never silently skipped).
//
// Example:
//   absl::StatusOr<std::unique_ptr<LoadedPuzzle>> eight = LoadPuzzle(EightPuzzle(), "data");
//   if (!eight.ok()) return eight.status();
//   (*eight)->solver().Solve(...);
//
// Thread-safety: a LoadedPuzzle is immutable; its solver may be used from any thread.

#ifndef PUZZLE_PUZZLE_LOADER_H_
#define PUZZLE_PUZZLE_LOADER_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "puzzle/puzzle.h"
#include "puzzle/table_file.h"

namespace puzzle {

struct LoadedTable {
  const TableSpec* spec;
  std::unique_ptr<TableFile> file;
  absl::Duration load_time;  // map and validate
};

class LoadedPuzzle {
 public:
  LoadedPuzzle(const Puzzle* puzzle, std::vector<LoadedTable> tables,
               std::unique_ptr<Solver> solver)
      : puzzle_(puzzle), tables_(std::move(tables)), solver_(std::move(solver)) {}

  const Puzzle& puzzle() const { return *puzzle_; }
  const Solver& solver() const { return *solver_; }
  // The tables loaded, in the puzzle's TableSpec order (absent optional ones left out).
  const std::vector<LoadedTable>& tables() const { return tables_; }

 private:
  const Puzzle* const puzzle_;
  const std::vector<LoadedTable> tables_;  // own the mappings the solver reads
  const std::unique_ptr<Solver> solver_;
};

// Errors: those of TableFile::Open (NotFound "cannot open <path>: ...", DataLoss naming the file
// and field, ...), a table file of another puzzle or table (DataLoss "<path>: holds puzzle x,
// table y; expected ..."), or the puzzle's Load errors.
absl::StatusOr<std::unique_ptr<LoadedPuzzle>> LoadPuzzle(
    const Puzzle& puzzle, const std::string& tables_dir,
    MappingAdvice advice = MappingAdvice::kPopulate);

}  // namespace puzzle

#endif  // PUZZLE_PUZZLE_LOADER_H_
