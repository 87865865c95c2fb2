#include "puzzles/registry.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "puzzles/cube2/cube2_puzzle.h"
#include "puzzles/cube3/cube3_puzzle.h"
#include "puzzles/eight/eight_puzzle.h"
#include "puzzles/fifteen/fifteen_puzzle.h"
#include "puzzles/rotation/rotation_puzzle.h"

namespace puzzle {

const std::vector<const Puzzle*>& AllPuzzles() {
  // One line per puzzle (and one dependency in puzzles/BUILD.bazel).
  static const std::vector<const Puzzle*>* const puzzles = new std::vector<const Puzzle*>{
      &EightPuzzle(), &RotationGamePuzzle(), &FifteenPuzzle(), &Cube2Puzzle(), &Cube3Puzzle(),
  };
  return *puzzles;
}

const Puzzle* FindPuzzle(absl::string_view name) {
  for (const Puzzle* puzzle : AllPuzzles()) {
    if (puzzle->info().name == name) return puzzle;
  }
  return nullptr;
}

std::string PuzzleNames() {
  std::vector<std::string> names;
  for (const Puzzle* puzzle : AllPuzzles()) names.push_back(puzzle->info().name);
  return absl::StrJoin(names, ", ");
}

absl::StatusOr<const Puzzle*> GetPuzzle(absl::string_view name) {
  const Puzzle* puzzle = FindPuzzle(name);
  if (puzzle == nullptr) {
    return absl::NotFoundError(absl::StrCat("unknown puzzle '", name, "'; known: ", PuzzleNames()));
  }
  return puzzle;
}

absl::StatusOr<RegisteredJudgeFormat> FindJudgeFormat(absl::string_view name) {
  std::vector<std::string> names;
  for (const Puzzle* puzzle : AllPuzzles()) {
    for (const JudgeFormat& format : puzzle->judge_formats()) {
      if (format.name == name) return RegisteredJudgeFormat{puzzle, &format};
      names.push_back(format.name);
    }
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--format='", name, "'; expected one of ", absl::StrJoin(names, ", ")));
}

}  // namespace puzzle
