// Builds one pattern database section (layout and abstraction: fifteen_pdb_layout.h) by a
// breadth-first search over (placement, blank region) states, from the goal placement with the
// blank in the pattern's region outwards. Blank moves among non-pattern cells are free, so a
// state's blank is a whole connected region of non-pattern cells, kept as a 16-bit mask per
// placement: the cells from which the blank has been reached.
//
// Each BFS level runs either top-down (expand the frontier) or bottom-up (every unreached
// region looks for a neighbour in the frontier), whichever touches fewer entries; both give the
// same levels, so the section is byte-for-byte the same whatever the thread count or the
// scheduling. Working memory: 7 bytes per placement (3.6 GB for 8 tiles, 404 MB for 7).
//
// Example:
//   absl::StatusOr<std::vector<uint8_t>> bytes = BuildFifteenPdb(
//       FifteenPattern::FromCells({1, 2, 3, 4, 5, 6, 7}, 0), 2, [](absl::string_view line) {});
//
// Thread-safety: reentrant; each call uses `threads` threads of its own.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_PDB_BUILDER_H_
#define PUZZLES_FIFTEEN_FIFTEEN_PDB_BUILDER_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/fifteen/fifteen_pdb_layout.h"

namespace puzzle {

// Receives one human-readable line per BFS level and per finished section. Called from the
// calling thread only.
using FifteenBuildLog = std::function<void(absl::string_view line)>;

// The section's bytes. `threads` >= 1. `log` may be empty. InvalidArgument for a malformed
// pattern; Internal if an entry does not fit in 4 bits or a placement is unreachable (neither
// happens for the tiers' patterns; checked anyway).
absl::StatusOr<std::vector<uint8_t>> BuildFifteenPdb(const FifteenPattern& pattern, int threads,
                                                     const FifteenBuildLog& log);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_PDB_BUILDER_H_
