// The registry: every puzzle the service knows, in one explicit list (puzzles/registry.cc). No
// static-initialisation tricks: a puzzle is known because the list names it, so the linker cannot
// drop it and the order is fixed.
//
// Example:
//   for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) std::puts(p->info().name.c_str());
//   const puzzle::Puzzle* eight = puzzle::FindPuzzle("eight");   // nullptr when unknown
//
// Thread-safety: the list is built once, on first use, and never changes.

#ifndef PUZZLES_REGISTRY_H_
#define PUZZLES_REGISTRY_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzle/puzzle.h"

namespace puzzle {

// Every puzzle, in the registry's order.
const std::vector<const Puzzle*>& AllPuzzles();

// The puzzle named `name`, or nullptr.
const Puzzle* FindPuzzle(absl::string_view name);

// The puzzle named `name`, or NotFound("unknown puzzle 'x'; known: eight, rotation-game").
absl::StatusOr<const Puzzle*> GetPuzzle(absl::string_view name);

// "eight, rotation-game, ...", for messages and help texts.
std::string PuzzleNames();

// The judge format named `name` and its puzzle, or InvalidArgument listing every format.
struct RegisteredJudgeFormat {
  const Puzzle* puzzle;
  const JudgeFormat* format;
};
absl::StatusOr<RegisteredJudgeFormat> FindJudgeFormat(absl::string_view name);

}  // namespace puzzle

#endif  // PUZZLES_REGISTRY_H_
