// verify_tables: checks every entry of a table file independently of the generator, as
// Syzygy's rtbver does. The puzzle is read from the file's header.
//
//   bazel run //generator:verify_tables                 (the Bazel-built Eight II table)
//   bazel run //generator:verify_tables -- --tables=$PWD/bazel-bin/data/rotation.tbl
//
// Exit 0 when the table is correct; 1 with the first failures listed otherwise.

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "generator/eight_verifier.h"
#include "generator/rotation_verifier.h"
#include "puzzle/eight_table.h"
#include "puzzle/rotation_table.h"
#include "puzzle/table_file.h"

ABSL_FLAG(std::string, tables, "data/eight.tbl", "The table file to verify.");
ABSL_FLAG(std::string, histograms, "data/eight_depth_histograms.txt",
          "Eight II only: expected depth histograms per blank cell; empty to skip that check.");

namespace {

int Fail(const std::string& message) {
  std::fprintf(stderr, "verify_tables: %s\n", message.c_str());
  return 1;
}

// Failures of the Eight II checks, or a reason the check could not run.
std::vector<std::string> VerifyEight(puzzle::TableFile file, const std::string& path) {
  absl::StatusOr<puzzle::EightTable> table = puzzle::EightTable::FromTableFile(std::move(file), path);
  if (!table.ok()) return {std::string(table.status().message())};
  generator::DepthHistograms expected;
  const std::string histograms_path = absl::GetFlag(FLAGS_histograms);
  if (!histograms_path.empty()) {
    std::ifstream in(histograms_path);
    if (!in) return {"cannot read " + histograms_path};
    std::stringstream text;
    text << in.rdbuf();
    absl::StatusOr<generator::DepthHistograms> parsed = generator::ParseDepthHistograms(text.str());
    if (!parsed.ok()) return {histograms_path + ": " + std::string(parsed.status().message())};
    expected = *parsed;
  }
  const generator::VerifyReport report =
      generator::VerifyEightTable(*table, histograms_path.empty() ? nullptr : &expected);
  for (int seed = 0; seed < puzzle::kEightSeeds; ++seed) {
    std::fprintf(stderr, "seed %d: depths %s\n", seed,
                 absl::StrJoin(report.histograms[seed], " ").c_str());
  }
  return report.failures;
}

std::vector<std::string> VerifyRotation(puzzle::TableFile file, const std::string& path) {
  absl::StatusOr<puzzle::RotationTable> table =
      puzzle::RotationTable::FromTableFile(std::move(file), path);
  if (!table.ok()) return {std::string(table.status().message())};
  const generator::RotationVerifyReport report = generator::VerifyRotationTable(*table);
  std::fprintf(stderr, "rotation game: sets per distance %s\n",
               absl::StrJoin(report.per_depth, " ").c_str());
  return report.failures;
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("Verifies a puzzle table file entry by entry.");
  absl::ParseCommandLine(argc, argv);
  const absl::Time start = absl::Now();
  const std::string path = absl::GetFlag(FLAGS_tables);
  absl::StatusOr<puzzle::TableFile> file = puzzle::LoadTableFile(path);
  if (!file.ok()) return Fail(std::string(file.status().message()));
  const puzzle::PuzzleKind kind = file->kind;
  const uint64_t entries = file->entry_count;
  std::vector<std::string> failures;
  switch (kind) {
    case puzzle::PuzzleKind::kEight:
      failures = VerifyEight(*std::move(file), path);
      break;
    case puzzle::PuzzleKind::kRotationGame:
      failures = VerifyRotation(*std::move(file), path);
      break;
    default:
      return Fail(path + ": unknown puzzle kind " + puzzle::PuzzleKindName(kind));
  }
  const double ms = absl::ToDoubleMilliseconds(absl::Now() - start);
  if (!failures.empty()) {
    for (const std::string& failure : failures) std::fprintf(stderr, "FAIL %s\n", failure.c_str());
    return Fail(path + " is WRONG (" + std::to_string(static_cast<int>(ms)) + " ms)");
  }
  std::fprintf(stderr, "verify_tables: %s OK: %s table, %llu entries, all checks passed (%.0f ms)\n",
               path.c_str(), puzzle::PuzzleKindName(kind).c_str(),
               static_cast<unsigned long long>(entries), ms);
  return 0;
}
