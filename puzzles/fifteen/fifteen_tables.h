// Builds a tier's table sections (fifteen_tiers.h), each a named plain byte array whose layout is
// fixed by its name (fifteen_pdb_layout.h). The caller stores them (the table file maps each
// section page-aligned) and serves them through FifteenHeuristic::Create.
//
// Sections of the default tier (every goal; 2 threads on this project's 2-core machine: about a
// minute):
//   see FifteenTierPatterns(FifteenTier::kDefault)
// Sections of the large tier (on top of the default tier; many minutes):
//   see FifteenTierPatterns(FifteenTier::kLarge)
//
// Example:
//   absl::StatusOr<std::vector<FifteenTableSection>> sections =
//       BuildFifteenTables(FifteenTier::kDefault, 2, [](absl::string_view line) { ... });
//
// Thread-safety: reentrant. Deterministic: the same bytes on every run and thread count.

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
