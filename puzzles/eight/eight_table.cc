#include "puzzles/eight/eight_table.h"

namespace puzzle {

absl::StatusOr<EightTable> EightTable::FromTableFile(const TableFile& file) {
  absl::StatusOr<const TableSection*> section =
      file.SectionWithLayout(kEightSectionName, kEightBitsPerEntry, kEightTotalStates);
  if (!section.ok()) return section.status();
  return EightTable((*section)->data());
}

TableContents MakeEightTableContents(std::vector<uint8_t> payload, std::string metadata) {
  TableContents contents;
  contents.puzzle = "eight";
  contents.table = "eight";
  contents.metadata = std::move(metadata);
  TableSectionContents section;
  section.name = kEightSectionName;
  section.encoding = SectionEncoding::kRaw;
  section.bits_per_entry = kEightBitsPerEntry;
  section.entry_count = kEightTotalStates;
  section.bytes = std::move(payload);
  contents.sections.push_back(std::move(section));
  return contents;
}

}  // namespace puzzle
