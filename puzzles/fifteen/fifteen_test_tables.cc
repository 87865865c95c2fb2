#include "puzzles/fifteen/fifteen_test_tables.h"

#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>

#include "absl/time/clock.h"
#include "puzzles/fifteen/fifteen_section_cache.h"
#include "puzzles/fifteen/fifteen_tables.h"

namespace puzzle {
namespace {

[[noreturn]] void Fail(const absl::Status& status) {
  std::fprintf(stderr, "fifteen test tables: %s\n", status.ToString().c_str());
  std::abort();
}

}  // namespace

const FifteenHeuristic& FifteenTestHeuristic() {
  static const FifteenHeuristic* const heuristic = [] {
    auto* cache = new FifteenSectionCache();
    const char* dir = std::getenv("FIFTEEN_TABLE_CACHE");
    if (dir == nullptr || *dir == '\0') {
      struct stat info;
      if (stat(kFifteenTestTablesRunfilesDir, &info) == 0 && S_ISDIR(info.st_mode)) {
        dir = kFifteenTestTablesRunfilesDir;
      }
    }
    if (dir != nullptr && *dir != '\0') {
      absl::StatusOr<FifteenSectionCache> read = ReadFifteenSectionCache(dir);
      if (!read.ok()) Fail(read.status());
      *cache = std::move(*read);
      std::fprintf(stderr, "fifteen test tables: read from %s\n", dir);
    } else {
      const absl::Time began = absl::Now();
      absl::StatusOr<std::vector<FifteenTableSection>> sections =
          BuildFifteenTables(FifteenTier::kDefault, 2, nullptr);
      if (!sections.ok()) Fail(sections.status());
      for (FifteenTableSection& s : *sections) {
        cache->bytes[s.name] = std::string(s.bytes.begin(), s.bytes.end());
      }
      std::fprintf(stderr, "fifteen test tables: default tier built in %s\n",
                   absl::FormatDuration(absl::Now() - began).c_str());
    }
    absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(cache->View());
    if (!h.ok()) Fail(h.status());
    return new FifteenHeuristic(std::move(*h));
  }();
  return *heuristic;
}

}  // namespace puzzle
