// The answers a server under attack must still give: every puzzle of the registry loaded
// in-process from the same table files the server serves, and checks of the server's v1 and v2
// answers against them (the status code, the error message, and solvable, distance, moves and
// extras of an answer), plus random boards to ask about.
//
// Example:
//   absl::StatusOr<std::unique_ptr<abuse::Reference>> reference = abuse::Reference::Load("data");
//   std::mt19937_64 rng(1);
//   const std::string start = abuse::Reference::RandomBoard("eight", rng);
//   ... ask the server, get a v2::SolveResponse `got` ...
//   absl::Status right = (*reference)->Check("eight", start, "", got);  // Internal when wrong
//
// Thread-safety: a loaded Reference is immutable; every method may be called from any thread.

#ifndef TESTS_ABUSE_REFERENCE_H_
#define TESTS_ABUSE_REFERENCE_H_

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzle/puzzle.h"
#include "puzzle/puzzle_loader.h"
#include "puzzleoracle/v1/oracle.pb.h"
#include "puzzleoracle/v2/oracle.pb.h"

namespace abuse {

// The registry's puzzles whose answers are table lookups (PuzzleInfo::searches false), in the
// registry's order: the ones the good clients ask about and the Reference loads. A search
// puzzle's answer (the 15-puzzle's) can take seconds to find here and on the server; its bounds
// under load are tests/search_e2e_test's.
const std::vector<const puzzle::Puzzle*>& TablePuzzles();

class Reference {
 public:
  // Loads every puzzle of TablePuzzles() from `tables_dir` (as the server does).
  static absl::StatusOr<std::unique_ptr<Reference>> Load(const std::string& tables_dir);
  Reference(const Reference&) = delete;
  Reference& operator=(const Reference&) = delete;

  // The expected result of one query of `puzzle` ("eight", "rotation-game", ...). NotFound for a
  // puzzle that is not loaded.
  puzzle::OracleResult Solve(absl::string_view puzzle, const std::string& start,
                             const std::string& goal) const;

  // OK when `got` is the answer to (start, goal); otherwise Internal saying what differs.
  absl::Status Check(absl::string_view puzzle, const std::string& start, const std::string& goal,
                     const puzzleoracle::v2::SolveResponse& got) const;
  // The same for a batch or stream result: the id, the code, the error message when the code
  // is not 0, else the answer.
  absl::Status Check(absl::string_view puzzle, const puzzleoracle::v2::SolveItem& item,
                     const puzzleoracle::v2::SolveItemResult& got) const;
  absl::Status Check(const puzzleoracle::v1::SolveItem& item,
                     const puzzleoracle::v1::SolveItemResult& got) const;  // v1 EightPuzzle
  absl::Status Check(const puzzleoracle::v1::RotationItem& item,
                     const puzzleoracle::v1::RotationItemResult& got) const;  // v1 RotationGame

  // A random board of `puzzle` in its canonical notation: a permutation of the solved board,
  // solvable or not ("eight": of "12345678X"; "rotation-game": of eight each of 1, 2 and 3).
  static std::string RandomBoard(absl::string_view puzzle, std::mt19937_64& rng);

 private:
  explicit Reference(std::vector<std::unique_ptr<puzzle::LoadedPuzzle>> puzzles)
      : puzzles_(std::move(puzzles)) {}
  const puzzle::LoadedPuzzle* Find(absl::string_view name) const;
  // Compares a result given as (code, message, answer) with the expected one.
  absl::Status Compare(absl::string_view puzzle, const std::string& start, const std::string& goal,
                       int code, const std::string& error, const puzzle::Answer* answer) const;

  const std::vector<std::unique_ptr<puzzle::LoadedPuzzle>> puzzles_;
};

}  // namespace abuse

#endif  // TESTS_ABUSE_REFERENCE_H_
