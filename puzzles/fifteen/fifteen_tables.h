// Builds a tier's table sections (fifteen_tiers.h), each a named plain byte array whose layout is
// fixed by its name (fifteen_pdb_layout.h). The caller stores them (the table file maps each
// section page-aligned) and serves them through FifteenHeuristic::Create.
//
// Default tier (every goal; 63,423,360 bytes; about a minute with 2 threads on 2 idle cores):
//   fifteen_pdb_1234567_0   28,828,800 bytes   A0: two rows less a corner, blank in the corner
//   fifteen_pdb_1234567_f   28,828,800 bytes   A15: the same, blank in the other two rows
//   fifteen_pdb_234567_1     2,882,880 bytes   Y: two rows less two outer cells, blank there
//   fifteen_pdb_012367_5     2,882,880 bytes   X: a row and the two cells below its end
// Large tier (on top of the default tier; 345,945,600 bytes; the 8-tile section takes 10-25
// minutes and 3.6 GB of working memory):
//   fifteen_pdb_89abcdef_0 259,459,200 bytes   E: two full rows
//   fifteen_pdb_0234567_1   28,828,800 bytes   B1: two rows less an outer edge cell, blank there
//   fifteen_pdb_0123467_5   28,828,800 bytes   D: two rows less an inner middle cell
//   fifteen_pdb_0123567_4   28,828,800 bytes   C4: two rows less an inner end cell
//
// Example:
//   absl::StatusOr<std::vector<FifteenTableSection>> sections =
//       BuildFifteenTables(FifteenTier::kDefault, 2, [](absl::string_view line) { ... });
//
// Thread-safety: reentrant. Deterministic: the same bytes on every run and thread count
// (fifteen_tables_test pins their XXH3-64 checksums).

#ifndef PUZZLES_FIFTEEN_FIFTEEN_TABLES_H_
#define PUZZLES_FIFTEEN_FIFTEEN_TABLES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzles/fifteen/fifteen_pdb_builder.h"
#include "puzzles/fifteen/fifteen_tiers.h"

namespace puzzle {

struct FifteenTableSection {
  std::string name;  // "fifteen_pdb_1234567"
  std::vector<uint8_t> bytes;
};

// The tier's sections in FifteenTierPatterns order. `threads` >= 1; `log` may be empty.
absl::StatusOr<std::vector<FifteenTableSection>> BuildFifteenTables(FifteenTier tier, int threads,
                                                                    const FifteenBuildLog& log);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_TABLES_H_
