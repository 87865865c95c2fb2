// verify_tables: checks every entry of table files independently of the generator, as Syzygy's
// rtbver does. The puzzle and table come from each file's header; the registry gives the
// puzzle's independent verifier.
//
//   bazel run //generator:verify_tables                       (every Bazel-built table)
//   bazel run //generator:verify_tables -- $PWD/bazel-bin/data/rotation.tbl
//
// Exit 0 when every table is correct; 1 with the first failures listed otherwise.

#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "puzzle/table_file.h"
#include "puzzles/registry.h"

ABSL_FLAG(std::vector<std::string>, tables, {},
          "Comma-separated table files to verify, besides those named as arguments.");

namespace {

// Failures of one file, or a reason it could not be checked.
std::vector<std::string> Verify(const std::string& path) {
  absl::StatusOr<std::unique_ptr<puzzle::TableFile>> file = puzzle::TableFile::Open(path);
  if (!file.ok()) return {std::string(file.status().message())};
  absl::StatusOr<const puzzle::Puzzle*> p = puzzle::GetPuzzle((*file)->puzzle());
  if (!p.ok()) return {absl::StrCat(path, ": ", p.status().message())};
  for (const puzzle::TableSpec& spec : (*p)->tables()) {
    if (spec.name != (*file)->table()) continue;
    std::fprintf(stderr, "verify_tables: %s: puzzle %s, table %s\n", path.c_str(),
                 (*file)->puzzle().c_str(), spec.name.c_str());
    return spec.verify(**file, [](absl::string_view line) {
      std::fprintf(stderr, "  %.*s\n", static_cast<int>(line.size()), line.data());
    });
  }
  return {
      absl::StrCat(path, ": puzzle ", (*file)->puzzle(), " has no table '", (*file)->table(), "'")};
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Verifies puzzle table files entry by entry.\nUsage: verify_tables FILE... "
      "[--tables=A.tbl,B.tbl]");
  const std::vector<char*> args = absl::ParseCommandLine(argc, argv);
  std::vector<std::string> paths = absl::GetFlag(FLAGS_tables);
  paths.insert(paths.end(), args.begin() + 1, args.end());
  if (paths.empty()) {
    std::fprintf(stderr, "verify_tables: name at least one table file\n");
    return 2;
  }
  int wrong = 0;
  for (const std::string& path : paths) {
    const absl::Time start = absl::Now();
    const std::vector<std::string> failures = Verify(path);
    const std::string took = absl::FormatDuration(absl::Now() - start);
    if (failures.empty()) {
      std::fprintf(stderr, "verify_tables: %s OK: all checks passed (%s)\n", path.c_str(),
                   took.c_str());
      continue;
    }
    ++wrong;
    for (const std::string& failure : failures) std::fprintf(stderr, "FAIL %s\n", failure.c_str());
    std::fprintf(stderr, "verify_tables: %s is WRONG (%s)\n", path.c_str(), took.c_str());
  }
  return wrong == 0 ? 0 : 1;
}
