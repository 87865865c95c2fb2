#include "puzzle/judge_runner.h"

#include <sstream>
#include <utility>

#include "absl/strings/str_cat.h"

namespace puzzle {

absl::StatusOr<std::unique_ptr<JudgeRunner>> JudgeRunner::Load(const Puzzle& puzzle,
                                                               const std::string& tables_dir) {
  absl::StatusOr<std::unique_ptr<LoadedPuzzle>> loaded = LoadPuzzle(puzzle, tables_dir);
  if (!loaded.ok()) return loaded.status();
  return std::unique_ptr<JudgeRunner>(new JudgeRunner(&puzzle, *std::move(loaded)));
}

JudgeRunner::JudgeRunner(const Puzzle* puzzle, std::unique_ptr<LoadedPuzzle> loaded)
    : puzzle_(puzzle), loaded_(std::move(loaded)), oracle_(&loaded_->solver()) {}

std::string JudgeRunner::Run(absl::string_view format, const std::string& input,
                             std::string* errors, absl::Status* status) {
  for (const JudgeFormat& f : puzzle_->judge_formats()) {
    if (f.name != format) continue;
    std::ostringstream out, err;
    *status = f.run(input, oracle_, out, err);
    *errors = err.str();
    return out.str();
  }
  errors->clear();
  *status = absl::NotFoundError(
      absl::StrCat(puzzle_->info().name, " has no judge format '", format, "'"));
  return "";
}

}  // namespace puzzle
