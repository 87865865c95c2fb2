// The Eight II table generator: one breadth-first search per seed, recording each state's last
// move. The resulting payload is what puzzles/eight/eight_table.h probes.
//
// Thread-safety: BuildEightTable may run seeds on several threads; each seed writes only its own
// 45,360-byte slice of the payload, so the output does not depend on scheduling.

#ifndef PUZZLES_EIGHT_EIGHT_BFS_H_
#define PUZZLES_EIGHT_EIGHT_BFS_H_

#include <array>
#include <cstdint>
#include <vector>

#include "puzzles/eight/eight_state.h"

namespace puzzle {

struct SeedStats {
  uint32_t states = 0;              // states reached, the seed included
  std::vector<uint32_t> per_depth;  // per_depth[d] = states at distance d
  int max_depth() const { return static_cast<int>(per_depth.size()) - 1; }
};

struct EightBfsResult {
  std::vector<uint8_t> payload;  // kEightPayloadBytes, layout of puzzles/eight/eight_table.h
  std::array<SeedStats, puzzle::kEightSeeds> seeds;
};

// Runs the BFS for all nine seeds on `threads` threads (>= 1).
EightBfsResult BuildEightTable(int threads);

// The BFS for one seed, writing its entries into `payload` (kEightPayloadBytes, zeroed).
SeedStats BfsFromSeed(int seed, std::vector<uint8_t>& payload);

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_BFS_H_
