#include "puzzles/tables_dir.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

#include "absl/strings/str_cat.h"
#include "puzzles/registry.h"

namespace puzzle {

std::string DefaultTablesDir(const char* argv0) {
  std::vector<std::string> candidates;
  if (const char* runfiles = std::getenv("RUNFILES_DIR")) {
    candidates.push_back(absl::StrCat(runfiles, "/puzzle_oracle/data"));
  }
  candidates.push_back(absl::StrCat(argv0, ".runfiles/puzzle_oracle/data"));
  char exe[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n > 0) {
    candidates.push_back(absl::StrCat(absl::string_view(exe, n), ".runfiles/puzzle_oracle/data"));
  }
  for (const std::string& dir : candidates) {
    for (const Puzzle* p : AllPuzzles()) {
      for (const TableSpec& spec : p->tables()) {
        if (spec.optional) continue;
        const std::string path = absl::StrCat(dir, "/", spec.file_name());
        char resolved[PATH_MAX];
        struct stat st;
        if (::stat(path.c_str(), &st) != 0 || ::realpath(path.c_str(), resolved) == nullptr) {
          continue;
        }
        const std::string target(resolved);
        return target.substr(0, target.rfind('/'));
      }
    }
  }
  return "data";
}

}  // namespace puzzle
