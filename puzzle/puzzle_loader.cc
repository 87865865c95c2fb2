#include "puzzle/puzzle_loader.h"

#include <sys/stat.h>

#include <cerrno>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

namespace puzzle {

absl::StatusOr<std::unique_ptr<LoadedPuzzle>> LoadPuzzle(const Puzzle& puzzle,
                                                         const std::string& tables_dir,
                                                         MappingAdvice advice) {
  std::vector<LoadedTable> tables;
  TableSet set;
  for (const TableSpec& spec : puzzle.tables()) {
    const std::string path = absl::StrCat(tables_dir, "/", spec.file_name());
    struct stat st;
    if (spec.optional && ::stat(path.c_str(), &st) != 0 && errno == ENOENT) continue;
    const absl::Time start = absl::Now();
    absl::StatusOr<std::unique_ptr<TableFile>> file = TableFile::Open(path, advice);
    if (!file.ok()) return file.status();
    if ((*file)->puzzle() != puzzle.info().name || (*file)->table() != spec.name) {
      return absl::DataLossError(absl::StrCat(path, ": holds puzzle ", (*file)->puzzle(),
                                              ", table ", (*file)->table(), "; expected puzzle ",
                                              puzzle.info().name, ", table ", spec.name));
    }
    set.Add(spec.name, file->get());
    tables.push_back(LoadedTable{&spec, *std::move(file), absl::Now() - start});
  }
  absl::StatusOr<std::unique_ptr<Solver>> solver = puzzle.Load(set);
  if (!solver.ok()) return solver.status();
  return std::make_unique<LoadedPuzzle>(&puzzle, std::move(tables), *std::move(solver));
}

}  // namespace puzzle
