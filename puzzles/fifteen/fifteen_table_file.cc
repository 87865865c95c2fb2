#include "puzzles/fifteen/fifteen_table_file.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace puzzle {

const char* FifteenTableName(FifteenTier tier) {
  return tier == FifteenTier::kDefault ? "fifteen" : "fifteen-large";
}

TableContents MakeFifteenTableContents(FifteenTier tier, std::vector<FifteenTableSection> sections,
                                       std::string metadata) {
  TableContents contents;
  contents.puzzle = "fifteen";
  contents.table = FifteenTableName(tier);
  contents.metadata = std::move(metadata);
  for (FifteenTableSection& built : sections) {
    TableSectionContents section;
    section.name = std::move(built.name);
    section.encoding = SectionEncoding::kRaw;
    section.bits_per_entry = 4;
    section.entry_count = built.bytes.size() * 2;
    // An odd entry count would leave a spare nibble; every pattern of 2..8 tiles has an even one.
    section.bytes = std::move(built.bytes);
    contents.sections.push_back(std::move(section));
  }
  return contents;
}

absl::Status AddFifteenSections(const TableFile& file, FifteenTier tier,
                                FifteenSectionMap* sections) {
  const std::vector<FifteenPattern> patterns = FifteenTierPatterns(tier);
  if (file.sections().size() != patterns.size()) {
    std::vector<std::string> expected;
    for (const FifteenPattern& pattern : patterns) {
      expected.push_back(FifteenPdbSectionName(pattern));
    }
    return absl::DataLossError(absl::StrCat(
        file.name(), ": ", file.sections().size(), " sections; expected the ", patterns.size(),
        " of ", FifteenTierName(tier), " tier: ", absl::StrJoin(expected, ", ")));
  }
  for (const FifteenPattern& pattern : patterns) {
    const std::string name = FifteenPdbSectionName(pattern);
    absl::StatusOr<const TableSection*> section =
        file.SectionWithLayout(name, 4, FifteenPdbEntries(pattern.size));
    if (!section.ok()) return section.status();
    (*sections)[name] = (*section)->bytes;
  }
  return absl::OkStatus();
}

}  // namespace puzzle
