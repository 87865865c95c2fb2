#include "puzzles/rotation/rotation_table.h"

namespace puzzle {

absl::StatusOr<RotationTable> RotationTable::FromTableFile(const TableFile& file) {
  absl::StatusOr<const TableSection*> section =
      file.SectionWithLayout(kRotationSectionName, kRotationBitsPerEntry, kRotationCellSets);
  if (!section.ok()) return section.status();
  return RotationTable((*section)->data());
}

TableContents MakeRotationTableContents(std::vector<uint8_t> payload, std::string metadata) {
  TableContents contents;
  contents.puzzle = "rotation-game";
  contents.table = "rotation";
  contents.metadata = std::move(metadata);
  TableSectionContents section;
  section.name = kRotationSectionName;
  section.encoding = SectionEncoding::kRaw;
  section.bits_per_entry = kRotationBitsPerEntry;
  section.entry_count = kRotationCellSets;
  section.bytes = std::move(payload);
  contents.sections.push_back(std::move(section));
  return contents;
}

}  // namespace puzzle
