// table_generator: builds one table file of one puzzle, through the registry.
//
//   bazel run //generator:table_generator -- --puzzle=eight --output=/tmp/eight.tbl
//   bazel run //generator:table_generator -- --puzzle=rotation-game --output=/tmp/rotation.tbl
//   bazel run //generator:table_generator -- --list
//
// Prints what the puzzle's build logs (states, depths, phase times), then the file's size and
// checksums, to stderr. The output is byte-for-byte deterministic (no timestamp, any --threads).

#include <cstdio>
#include <string>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "puzzle/atomic_file.h"
#include "puzzle/table_file.h"
#include "puzzles/registry.h"

ABSL_FLAG(std::string, puzzle, "", "The puzzle (see --list).");
ABSL_FLAG(std::string, table, "",
          "Which of the puzzle's tables; empty when the puzzle has exactly one.");
ABSL_FLAG(std::string, output, "", "Path of the table file to write (required).");
ABSL_FLAG(int, zstd_level, 19,
          "zstd level of compressed sections (1-22); part of the file's identity.");
ABSL_FLAG(int, threads, 2, "Threads for the build (the output does not depend on it).");
ABSL_FLAG(bool, list, false, "List every puzzle's tables and exit.");

namespace {

int Usage(const std::string& message) {
  std::fprintf(stderr, "table_generator: %s\n", message.c_str());
  return 2;
}

int List() {
  for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
    for (const puzzle::TableSpec& spec : p->tables()) {
      std::printf("--puzzle=%s --table=%s%s\n    %s\n", p->info().name.c_str(), spec.name.c_str(),
                  spec.optional ? "  (optional)" : "", spec.description.c_str());
    }
  }
  return 0;
}

// The spec named by --table, or the puzzle's only table.
absl::StatusOr<const puzzle::TableSpec*> FindSpec(const puzzle::Puzzle& p,
                                                  const std::string& name) {
  std::string names;
  for (const puzzle::TableSpec& spec : p.tables()) {
    if (spec.name == name || (name.empty() && p.tables().size() == 1)) return &spec;
    absl::StrAppend(&names, names.empty() ? "" : ", ", spec.name);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--table='", name, "'; puzzle ", p.info().name, " has tables ", names));
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Builds a puzzle table file.\n"
      "Usage: table_generator --puzzle=NAME [--table=NAME] --output=PATH [--threads=2]\n"
      "       table_generator --list");
  absl::ParseCommandLine(argc, argv);
  if (absl::GetFlag(FLAGS_list)) return List();
  const std::string output = absl::GetFlag(FLAGS_output);
  const int level = absl::GetFlag(FLAGS_zstd_level);
  const int threads = absl::GetFlag(FLAGS_threads);
  if (output.empty()) return Usage("--output is required");
  if (level < 1 || level > 22)
    return Usage(absl::StrCat("--zstd_level=", level, "; expected 1..22"));
  if (threads < 1) return Usage(absl::StrCat("--threads=", threads, "; expected at least 1"));
  absl::StatusOr<const puzzle::Puzzle*> p = puzzle::GetPuzzle(absl::GetFlag(FLAGS_puzzle));
  if (!p.ok()) return Usage(std::string(p.status().message()));
  absl::StatusOr<const puzzle::TableSpec*> spec = FindSpec(**p, absl::GetFlag(FLAGS_table));
  if (!spec.ok()) return Usage(std::string(spec.status().message()));

  std::fprintf(stderr, "table_generator: building %s table %s on %d threads\n",
               (*p)->info().name.c_str(), (*spec)->name.c_str(), threads);
  const absl::Time t0 = absl::Now();
  absl::StatusOr<puzzle::TableContents> contents =
      (*spec)->build(threads, [](absl::string_view line) {
        std::fprintf(stderr, "  %.*s\n", static_cast<int>(line.size()), line.data());
      });
  if (!contents.ok()) {
    std::fprintf(stderr, "table_generator: %s\n", std::string(contents.status().message()).c_str());
    return 1;
  }
  absl::StrAppend(&contents->metadata, "; zstd_level=", level);
  const absl::Time t1 = absl::Now();
  const std::string bytes = puzzle::EncodeTableFile(*contents, level);
  const absl::Time t2 = absl::Now();
  const absl::Status written = puzzle::WriteFileAtomically(output, bytes);
  const absl::Time t3 = absl::Now();
  if (!written.ok()) {
    std::fprintf(stderr, "table_generator: %s\n", std::string(written.message()).c_str());
    return 1;
  }
  std::fprintf(stderr, "build %s, encode %s, write %s, total %s\n",
               absl::FormatDuration(t1 - t0).c_str(), absl::FormatDuration(t2 - t1).c_str(),
               absl::FormatDuration(t3 - t2).c_str(), absl::FormatDuration(t3 - t0).c_str());
  std::fprintf(stderr, "wrote %s: %zu bytes, %zu sections:\n", output.c_str(), bytes.size(),
               contents->sections.size());
  for (const puzzle::TableSectionContents& s : contents->sections) {
    std::fprintf(stderr, "  %s: %s, %llu entries of %u bits, %zu bytes, xxh3 %016llx\n",
                 s.name.c_str(), puzzle::SectionEncodingName(s.encoding).c_str(),
                 static_cast<unsigned long long>(s.entry_count), s.bits_per_entry, s.bytes.size(),
                 static_cast<unsigned long long>(puzzle::TableChecksum(absl::string_view(
                     reinterpret_cast<const char*>(s.bytes.data()), s.bytes.size()))));
  }
  return 0;
}
