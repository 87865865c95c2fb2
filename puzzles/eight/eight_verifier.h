// Independent verification of an Eight II table, in the spirit of Syzygy's rtbver: it shares no
// code with the BFS (eight_bfs.h). It only reads entries and re-derives every property from them.
//
// For every seed and every state it checks:
//   1. the stored move is legal: undoing it is a legal move from the state;
//   2. walking back reaches the seed within 31 steps (no cycles); the walk length is the depth;
//   3. depths are exact distances: along every edge, depths differ by at most 1 (with depth 0 at
//      the seed only and each depth realised by a real path, this forces depth == distance);
//   4. lex-min: ranking each level by path order ((parent's rank, move), level by level), the
//      stored (parent, move) is the smallest among all predecessors one level up;
//   5. the depth histogram equals the expected one (OEIS A089473 / A089483 / A089474).
//
// Thread-safety: pure function of its arguments.

#ifndef PUZZLES_EIGHT_EIGHT_VERIFIER_H_
#define PUZZLES_EIGHT_EIGHT_VERIFIER_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/eight/eight_state.h"
#include "puzzles/eight/eight_table.h"

namespace puzzle {

// per seed: histogram[d] = number of states at distance d.
using DepthHistograms = std::array<std::vector<uint32_t>, puzzle::kEightSeeds>;

// Parses the testdata format: '#' comment lines, then one line per blank cell:
// "cell reachable count_d0 count_d1 ...". InvalidArgument naming the line and field on error.
absl::StatusOr<DepthHistograms> ParseDepthHistograms(absl::string_view text);

struct EightVerifyReport {
  DepthHistograms histograms;  // as measured from the table
  uint64_t states_checked = 0;
  std::vector<std::string> failures;  // empty when the table is correct; capped at 20
  bool ok() const { return failures.empty(); }
};

// Checks properties 1-4 for every state; property 5 when `expected` is non-null.
EightVerifyReport VerifyEightTable(const puzzle::EightTable& table,
                                   const DepthHistograms* expected);

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_VERIFIER_H_
