#include "puzzles/cube3/cube3_table.h"

#include <iterator>
#include <utility>

#include "absl/strings/str_cat.h"

namespace puzzle {
namespace {

// `bytes` packed `bits_per_entry` an entry (8, or 4 for the large table: cube3_pruning.h), so
// that they hold bytes.size() * 8 / bits_per_entry entries (the large table's count is even).
TableSectionContents Section(const char* name, std::vector<uint8_t> bytes,
                             uint32_t bits_per_entry = 8) {
  TableSectionContents section;
  section.name = name;
  section.encoding = SectionEncoding::kRaw;
  section.bits_per_entry = bits_per_entry;
  section.entry_count = bytes.size() * 8 / bits_per_entry;
  section.bytes = std::move(bytes);
  return section;
}
static_assert(kCube3LargeEntries % 2 == 0, "the large table's bytes hold whole pairs");

// phase1_moves' words, little-endian (the loader reads them in place, so it requires a
// little-endian host: cube3_table.h).
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "phase1_moves is read in place");
TableSectionContents WordSection(const char* name, const std::vector<uint32_t>& words) {
  TableSectionContents section;
  section.name = name;
  section.encoding = SectionEncoding::kRaw;
  section.bits_per_entry = 32;
  section.entry_count = words.size();
  section.bytes.resize(words.size() * 4);
  for (size_t i = 0; i < words.size(); ++i) {
    for (int b = 0; b < 4; ++b) section.bytes[4 * i + b] = static_cast<uint8_t>(words[i] >> 8 * b);
  }
  return section;
}

}  // namespace

TableContents MakeCube3TableContents(const std::string& puzzle, const std::string& table,
                                     Cube3PruningData data, std::string metadata) {
  TableContents contents;
  contents.puzzle = puzzle;
  contents.table = table;
  contents.metadata = std::move(metadata);
  contents.sections.push_back(Section(kCube3Phase2Section, std::move(data.phase2)));
  contents.sections.push_back(Section(kCube3CornersSliceSection, std::move(data.corners_slice)));
  contents.sections.push_back(Section(kCube3CornersSection, std::move(data.corners)));
  contents.sections.push_back(WordSection(kCube3Phase1MovesSection, data.phase1_moves));
  return contents;
}

absl::Status Cube3CheckParityBits(const uint32_t* phase1_moves, const std::string& file_name) {
  const uint32_t solved = phase1_moves[Cube3Phase1Index(0, 0, 0)];
  if (Cube3Phase1EvenDistance(solved, 1) == 1) return absl::OkStatus();
  return absl::DataLossError(absl::StrCat(
      file_name, ": section '", kCube3Phase1MovesSection, "': solved's word is 0x",
      absl::Hex(solved),
      ", without the corner parity bit 29 (files built before 2026-12-08 have none); rebuild it "
      "with bazel build //data:tables"));
}

absl::StatusOr<Cube3PruningTables> Cube3TablesFromFile(const TableFile& file) {
  Cube3PruningTables tables;
  const std::pair<const char*, uint64_t> layouts[] = {
      {kCube3Phase2Section, kCube3Phase2Entries},
      {kCube3CornersSliceSection, kCube3CornersSliceEntries},
      {kCube3CornersSection, kCube3CornersEntries}};
  const uint8_t** const fields[] = {&tables.phase2, &tables.corners_slice, &tables.corners};
  for (size_t i = 0; i < std::size(layouts); ++i) {
    absl::StatusOr<const TableSection*> section =
        file.SectionWithLayout(layouts[i].first, 8, layouts[i].second);
    if (!section.ok()) return section.status();
    *fields[i] = (*section)->data();
  }
  absl::StatusOr<const TableSection*> words =
      file.SectionWithLayout(kCube3Phase1MovesSection, 32, kCube3Phase1Entries);
  if (!words.ok()) return words.status();
  // The section is page-aligned (table_file.h), so its words are aligned.
  tables.phase1_moves = reinterpret_cast<const uint32_t*>((*words)->data());
  if (absl::Status bits = Cube3CheckParityBits(tables.phase1_moves, file.name()); !bits.ok()) {
    return bits;
  }
  return tables;
}

TableContents MakeCube3LargeTableContents(const std::string& puzzle, const std::string& table,
                                          std::vector<uint8_t> large, std::string metadata) {
  TableContents contents;
  contents.puzzle = puzzle;
  contents.table = table;
  contents.metadata = std::move(metadata);
  contents.sections.push_back(Section(kCube3LargeSection, std::move(large), 4));
  return contents;
}

absl::StatusOr<const uint8_t*> Cube3LargeTableFromFile(const TableFile& file) {
  if (file.Section(kCube3LargeSectionWithoutParity).ok()) {
    return absl::DataLossError(absl::StrCat(
        file.name(), ": section '", kCube3LargeSectionWithoutParity,
        "' is the large tier's table without the corner parity (files built before "
        "2026-12-07 evening); expected section '",
        kCube3LargeSection, "': rebuild it with bazel build //data:cube3-large_table"));
  }
  absl::StatusOr<const TableSection*> section =
      file.SectionWithLayout(kCube3LargeSection, 4, kCube3LargeEntries);
  if (!section.ok()) return section.status();
  return (*section)->data();
}

}  // namespace puzzle
