// Development tool: builds a tier's sections into a section cache directory
// (fifteen_section_cache.h) for tests and benchmarks to reuse.
//
//   bazel run //puzzles/fifteen:fifteen_build_tables -- --tier=default --dir=/tmp/fifteen-tables
//   bazel run //puzzles/fifteen:fifteen_build_tables -- --tier=large --dir=/tmp/fifteen-tables

#include <cstdio>
#include <string>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/time/clock.h"
#include "puzzles/fifteen/fifteen_section_cache.h"
#include "puzzles/fifteen/fifteen_tables.h"

ABSL_FLAG(std::string, tier, "default", "default or large");
ABSL_FLAG(std::string, dir, "/tmp/fifteen-tables", "the section cache directory to write");
ABSL_FLAG(int, threads, 2, "build threads");

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  const std::string tier_name = absl::GetFlag(FLAGS_tier);
  if (tier_name != "default" && tier_name != "large") {
    std::fprintf(stderr, "--tier=%s; expected default or large\n", tier_name.c_str());
    return 2;
  }
  const puzzle::FifteenTier tier =
      tier_name == "default" ? puzzle::FifteenTier::kDefault : puzzle::FifteenTier::kLarge;
  const absl::Time began = absl::Now();
  absl::StatusOr<std::vector<puzzle::FifteenTableSection>> sections =
      puzzle::BuildFifteenTables(tier, absl::GetFlag(FLAGS_threads), [](absl::string_view line) {
        std::printf("%.*s\n", static_cast<int>(line.size()), line.data());
        std::fflush(stdout);
      });
  if (!sections.ok()) {
    std::fprintf(stderr, "%s\n", sections.status().ToString().c_str());
    return 1;
  }
  std::printf("%s tier built in %.1fs\n", tier_name.c_str(),
              absl::ToDoubleSeconds(absl::Now() - began));
  const absl::Status written =
      puzzle::WriteFifteenSectionCache(absl::GetFlag(FLAGS_dir), *sections);
  if (!written.ok()) {
    std::fprintf(stderr, "%s\n", written.ToString().c_str());
    return 1;
  }
  std::printf("wrote %zu sections to %s\n", sections->size(), absl::GetFlag(FLAGS_dir).c_str());
  return 0;
}
