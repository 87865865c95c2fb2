#include "puzzles/fifteen/fifteen_tables.h"

#include "absl/strings/str_format.h"
#include "absl/time/clock.h"

namespace puzzle {

absl::StatusOr<std::vector<FifteenTableSection>> BuildFifteenTables(FifteenTier tier, int threads,
                                                                    const FifteenBuildLog& log) {
  std::vector<FifteenTableSection> sections;
  for (const FifteenPattern& pattern : FifteenTierPatterns(tier)) {
    const absl::Time began = absl::Now();
    absl::StatusOr<std::vector<uint8_t>> bytes = BuildFifteenPdb(pattern, threads, log);
    if (!bytes.ok()) return bytes.status();
    FifteenTableSection section{FifteenPdbSectionName(pattern), std::move(*bytes)};
    if (log) {
      log(absl::StrFormat("%s: built in %.1fs, %d bytes", section.name,
                          absl::ToDoubleSeconds(absl::Now() - began), section.bytes.size()));
    }
    sections.push_back(std::move(section));
  }
  return sections;
}

}  // namespace puzzle
