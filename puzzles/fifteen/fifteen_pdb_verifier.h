// Checks a pattern database section entry by entry, independently of the builder (it shares only
// the layout's definitions with it: index formula, entry encoding, abstraction; its search code,
// ranking and move generation are its own).
//
// Three checks, each reported with counts:
//   1. Local, on every entry (h = m + 2e, fifteen_pdb_layout.h). With the blank minimised out,
//      h is not a plain graph distance, so the checks are the properties that minimum has:
//        - h = 0 exactly at the goal placement (elsewhere m > 0 forces h > 0);
//        - descent: every other placement has a neighbour (one pattern tile slid to an adjacent
//          cell outside the pattern) with h at most h - 1: the first move of a best path;
//        - h(P) <= h(P') + 1 for every neighbour P' whose cells outside the pattern are all
//          connected (then the blank left behind by the move is in P's best region).
//   2. Recomputation (optional, memory 16 bytes per entry: 922 MB for 7 tiles): every entry
//      against a level-by-level 0-1 breadth-first search over (placement, blank cell) states with
//      explicit per-cell distances, then the minimum over the blank's cells. Proves the section
//      exact.
//   3. Samples: entries recomputed one at a time by A* over (placement, blank cell) states (the
//      Manhattan distance of the pattern tiles is its admissible heuristic), at placements a
//      random walk of 8..24 moves from the goal.
// Every failure is DataLoss naming the section, the entry index and the placement, e.g.
//   "fifteen_pdb_1234567_0: entry 123 (tiles on 1 2 3 4 5 7 6): h = 9 but recomputed 7"
//
// Example:
//   FifteenVerifyOptions options;
//   absl::StatusOr<FifteenVerifyReport> r = VerifyFifteenPdbSection(name, bytes, options);
//
// Thread-safety: reentrant.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_PDB_VERIFIER_H_
#define PUZZLES_FIFTEEN_FIFTEEN_PDB_VERIFIER_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

struct FifteenVerifyOptions {
  bool local_checks = true;                     // check 1
  int threads = 2;                              // for the local checks
  uint64_t recompute_limit_bytes = 1ull << 30;  // recompute when 16 * entries fits; 0: never
  int samples = 8;                              // A* samples
  uint64_t seed = 1;
};

struct FifteenVerifyReport {
  std::string section;
  int tiles = 0;
  uint64_t entries = 0;
  uint64_t local_checked = 0;  // entries that passed the local checks (all, unless skipped)
  uint64_t upper_checks = 0;   // neighbour pairs the connected-neighbour bound applied to
  bool recomputed = false;     // whether check 2 ran (then every entry matched)
  int samples_checked = 0;
  int max_h = 0;                           // from the local checks
  std::array<uint64_t, 16> e_histogram{};  // entries per stored value e

  std::string Summary() const;  // one line with every count
};

// InvalidArgument for a name that is not a pattern section's; DataLoss for a wrong size or any
// failed check.
absl::StatusOr<FifteenVerifyReport> VerifyFifteenPdbSection(absl::string_view name,
                                                            absl::string_view bytes,
                                                            const FifteenVerifyOptions& options);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_PDB_VERIFIER_H_
