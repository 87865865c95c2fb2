#include "puzzles/cube3/cube3_corners_bounds.h"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "puzzle/thread_ranges.h"
#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_pruning.h"
#include "puzzles/cube3/cube3_symmetry.h"

namespace puzzle {
namespace {

// The rounds below split their classes over two threads: the entries are computed while a
// server starts (Cube3TwoPhase's constructor), where this halves their share of the wait.
constexpr int kThreads = 2;

// Each corner permutation's distance from solved under G1's ten moves, by breadth-first search.
std::vector<uint8_t> Phase2CornersDistances(const Cube3MoveTables& moves) {
  constexpr uint8_t kUnseen = 0xff;
  std::vector<uint8_t> distance(kCube3CornerPerms, kUnseen);
  std::vector<int> frontier = {Cube3Corners(Cube3Solved())};
  distance[frontier[0]] = 0;
  for (uint8_t depth = 1; !frontier.empty(); ++depth) {
    std::vector<int> next;
    for (int corners : frontier) {
      for (int m : kCube3Phase2Moves) {
        const int child = moves.corners[corners * kCube3Moves + m];
        if (distance[child] != kUnseen) continue;
        distance[child] = depth;
        next.push_back(child);
      }
    }
    frontier = std::move(next);
  }
  return distance;
}

}  // namespace

const Cube3CornersBounds& Cube3CornersBounds::Get() {
  static const Cube3CornersBounds* const bounds = new Cube3CornersBounds();
  return *bounds;
}

Cube3CornersBounds::Cube3CornersBounds() : entries_(kCube3CornersEntries) {
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  const std::vector<uint8_t> phase2 = Phase2CornersDistances(moves);
  // within[i]: K(t) of entry i's state (the class representative with that twist), for t = 0,
  // 1, ... in turn; k[t] keeps it for t = 2 and 3 (K(4) is `within` at the end). At most 30 MB
  // while this runs.
  std::vector<uint8_t> within(kCube3CornersEntries), next(kCube3CornersEntries);
  std::vector<uint8_t> k[kMaxMovesToG1];
  for (size_t i = 0; i < within.size(); ++i) {
    const int twist = static_cast<int>(i % kCube3Twists);
    const int cls = static_cast<int>(i / kCube3Twists);
    within[i] = twist == 0 ? phase2[sym.corner_representative[cls]] : kNone;
  }
  // A move m takes the class representative's corners to a permutation of class child_class
  // with symmetry child_sym, and twist w to twist_move(w, m) conjugated by that symmetry: so a
  // class's 18 children are each a row of `within` read through one twist map per (move,
  // symmetry), 2,187 entries. Precomputed, the inner loop is two loads, mostly from the cache.
  std::vector<uint16_t> twist_map(kCube3Moves * kCube3Symmetries * kCube3Twists);
  for (int m = 0; m < kCube3Moves; ++m) {
    for (int sym_index = 0; sym_index < kCube3Symmetries; ++sym_index) {
      uint16_t* map = &twist_map[(m * kCube3Symmetries + sym_index) * kCube3Twists];
      for (int twist = 0; twist < kCube3Twists; ++twist) {
        map[twist] = sym.twist_conjugate[moves.twist[twist * kCube3Moves + m] * kCube3Symmetries +
                                         sym_index];
      }
    }
  }
  for (int t = 1; t <= kMaxMovesToG1; ++t) {
    next = within;  // K(t) is at most K(t - 1): no move
    // Each thread writes its own classes' rows of `next` and only reads `within`.
    RunOnThreadRanges(kCube3CornerClasses, kThreads, [&](uint64_t begin, uint64_t end) {
      for (int cls = static_cast<int>(begin); cls < static_cast<int>(end); ++cls) {
        const int corners = sym.corner_representative[cls];
        uint8_t* least = &next[static_cast<size_t>(cls) * kCube3Twists];
        for (int m = 0; m < kCube3Moves; ++m) {
          const int child = moves.corners[corners * kCube3Moves + m];
          const uint8_t* row = &within[static_cast<size_t>(sym.corner_class[child]) * kCube3Twists];
          const uint16_t* map =
              &twist_map[(m * kCube3Symmetries + sym.corner_sym[child]) * kCube3Twists];
          for (int twist = 0; twist < kCube3Twists; ++twist) {
            least[twist] = std::min(least[twist], row[map[twist]]);
          }
        }
      }
    });
    within.swap(next);
    if (t >= kMinMovesToG1 && t < kMaxMovesToG1) k[t] = within;
  }
  static_assert(kMinMovesToG1 == 2 && kMaxMovesToG1 == 4, "the byte holds K(2), K(3) and K(4)");
  for (size_t i = 0; i < within.size(); ++i) {
    // Each difference from the value the byte gives for one move more, so that a capped one
    // costs K(2) no more than the cap.
    const int k4 = within[i];
    const int step3 = std::min(k[3][i] - k4, 3);
    const int step2 = std::min(k[2][i] - (k4 + step3), 3);
    entries_[i] = static_cast<uint8_t>(k4 | step3 << 4 | step2 << 6);
  }
}

}  // namespace puzzle
