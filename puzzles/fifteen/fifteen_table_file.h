// The 15-puzzle's two table files, as the table file format (puzzle/TABLE_FORMAT.md) holds them:
//   fifteen.tbl        table "fifteen": the default tier's sections (FifteenTier::kDefault)
//   fifteen-large.tbl  table "fifteen-large": the large tier's extra sections (kLarge), optional
// Every section is stored raw (page-aligned, so the server probes it in place from the mapping),
// 4 bits per entry, named and laid out as fifteen_pdb_layout.h says.
//
// Example:
//   FifteenSectionMap sections;
//   absl::Status s = AddFifteenSections(*default_file, FifteenTier::kDefault, &sections);
//   if (large_file) s.Update(AddFifteenSections(*large_file, FifteenTier::kLarge, &sections));
//   absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(sections);
//
// Thread-safety: pure functions.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_TABLE_FILE_H_
#define PUZZLES_FIFTEEN_FIFTEEN_TABLE_FILE_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "puzzle/table_file.h"
#include "puzzles/fifteen/fifteen_heuristic.h"
#include "puzzles/fifteen/fifteen_tables.h"
#include "puzzles/fifteen/fifteen_tiers.h"

namespace puzzle {

// "fifteen" or "fifteen-large".
const char* FifteenTableName(FifteenTier tier);

// The file contents for `tier`'s sections (as BuildFifteenTables returns them), moved in.
TableContents MakeFifteenTableContents(FifteenTier tier, std::vector<FifteenTableSection> sections,
                                       std::string metadata);

// Adds views of `file`'s sections to `sections` after checking that the file holds exactly
// `tier`'s sections, each raw-or-zstd with 4 bits per entry and its pattern's entry count.
// Errors: DataLoss naming the file and the section, e.g. "fifteen.tbl: section
// 'fifteen_pdb_1234567_0': bits_per_entry is 8; expected 4" or "fifteen.tbl: no section
// 'fifteen_pdb_234567_1'; the file has ...". The views point into `file`, which must outlive
// every user of `sections`.
absl::Status AddFifteenSections(const TableFile& file, FifteenTier tier,
                                FifteenSectionMap* sections);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_TABLE_FILE_H_
