#include "puzzles/fifteen/fifteen_test_tables.h"

#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "puzzle/table_file.h"
#include "puzzles/fifteen/fifteen_table_file.h"

namespace puzzle {
namespace {

[[noreturn]] void Fail(const absl::Status& status) {
  std::fprintf(stderr, "fifteen test tables: %s\n", status.ToString().c_str());
  std::abort();
}

std::unique_ptr<TableFile> OpenOrDie(const std::string& path) {
  absl::StatusOr<std::unique_ptr<TableFile>> file = TableFile::Open(path);
  if (!file.ok()) Fail(file.status());
  return std::move(*file);
}

}  // namespace

std::string FifteenTestTablesDir() {
  const char* dir = std::getenv("FIFTEEN_TABLES_DIR");
  return dir != nullptr && *dir != '\0' ? dir : "data";
}

const FifteenHeuristic& FifteenTestHeuristic() {
  static const FifteenHeuristic* const heuristic = [] {
    const std::string dir = FifteenTestTablesDir();
    // The files stay mapped for the life of the binary: the heuristic points into them.
    static std::unique_ptr<TableFile> default_file = OpenOrDie(dir + "/fifteen.tbl");
    static std::unique_ptr<TableFile> large_file;
    FifteenSectionMap sections;
    absl::Status status = AddFifteenSections(*default_file, FifteenTier::kDefault, &sections);
    if (!status.ok()) Fail(status);
    const std::string large_path = dir + "/fifteen-large.tbl";
    struct stat info;
    if (stat(large_path.c_str(), &info) == 0) {
      large_file = OpenOrDie(large_path);
      status = AddFifteenSections(*large_file, FifteenTier::kLarge, &sections);
      if (!status.ok()) Fail(status);
    }
    absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(sections);
    if (!h.ok()) Fail(h.status());
    std::fprintf(stderr, "fifteen test tables: %s tier from %s\n",
                 h->has_large_tier() ? "large" : "default", dir.c_str());
    return new FifteenHeuristic(std::move(*h));
  }();
  return *heuristic;
}

}  // namespace puzzle
