#include "puzzles/cube3/cube3_pruning.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <string>

#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "puzzle/huge_page_vector.h"
#include "puzzle/thread_ranges.h"
#include "puzzles/cube3/cube3_phase1_moves.h"

namespace puzzle {
namespace {

constexpr uint8_t kUnset = 0xFF;
constexpr int kMaxPhase1Distance = 12;                      // the largest distance to G1
constexpr uint64_t kReportEvery = (uint64_t{1} << 24) - 1;  // entries between two clock reads

// Entries are read and written by several threads during a pass. A pass only ever turns kUnset
// into depth + 1, and reads compare against depth or kUnset, so relaxed atomics suffice: a value
// read mid-pass is either the old or the new one, and both lead to the same table.
uint8_t Load(const uint8_t* entry) { return __atomic_load_n(entry, __ATOMIC_RELAXED); }
bool SetIfUnset(uint8_t* entry, uint8_t value) {
  uint8_t expected = kUnset;
  return __atomic_compare_exchange_n(entry, &expected, value, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED);
}

// Visits `index` and its images under the stabiliser of its class (the entries that hold the same
// distance, cube3_symmetry.h): entry cls * row + v has images cls * row + conjugate[v * 16 + s].
template <typename Visit>
void VisitStabiliserImages(uint64_t index, uint64_t row, uint16_t stabiliser,
                           const std::vector<uint16_t>& conjugate, Visit visit) {
  visit(index);
  const uint64_t cls = index / row;
  const uint64_t v = index % row;
  for (int s = 1; s < kCube3Symmetries; ++s) {
    if (stabiliser >> s & 1) visit(cls * row + conjugate[v * kCube3Symmetries + s]);
  }
}

struct Phase1Space {
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  static constexpr uint64_t kSize = kCube3Phase1Entries;
  const char* name = "phase1";
  uint64_t solved() const { return Cube3Phase1Index(0, 0, 0); }

  template <typename Visit>
  void ForEachNeighbour(uint64_t index, Visit visit) const {
    const int cls = static_cast<int>(index / kCube3Twists);
    const int twist = static_cast<int>(index % kCube3Twists);
    const uint32_t flipslice = sym.flipslice_representative[cls];
    const int flip = flipslice % 2048;
    const int slice = static_cast<int>(flipslice / 2048);
    for (int m = 0; m < kCube3Moves; ++m) {
      const int flip1 = moves.flip[flip * kCube3Moves + m];
      const int slice1 = moves.quartet[slice * 24 * kCube3Moves + m] / 24;
      const int twist1 = moves.twist[twist * kCube3Moves + m];
      if (visit(Cube3Phase1Index(flip1, slice1, twist1, sym))) return;
    }
  }
  template <typename Visit>
  void ForEachEquivalent(uint64_t index, Visit visit) const {
    VisitStabiliserImages(index, kCube3Twists, sym.flipslice_stabiliser[index / kCube3Twists],
                          sym.twist_conjugate, visit);
  }
};

struct Phase2Space {
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  static constexpr uint64_t kSize = kCube3Phase2Entries;
  const char* name = "phase2";
  uint64_t solved() const { return Cube3Phase2Index(0, 0); }

  template <typename Visit>
  void ForEachNeighbour(uint64_t index, Visit visit) const {
    const int cls = static_cast<int>(index / kCube3UDEdgePerms);
    const int ud = static_cast<int>(index % kCube3UDEdgePerms);
    const int corners = sym.corner_representative[cls];
    for (int m : kCube3Phase2Moves) {
      if (visit(Cube3Phase2Index(moves.corners[corners * kCube3Moves + m],
                                 moves.ud_edges[ud * kCube3Moves + m], sym))) {
        return;
      }
    }
  }
  template <typename Visit>
  void ForEachEquivalent(uint64_t index, Visit visit) const {
    VisitStabiliserImages(index, kCube3UDEdgePerms,
                          sym.corner_stabiliser[index / kCube3UDEdgePerms], sym.ud_edges_conjugate,
                          visit);
  }
};

struct CornersSliceSpace {
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  static constexpr uint64_t kSize = kCube3CornersSliceEntries;
  const char* name = "corners_slice";
  uint64_t solved() const { return 0; }

  template <typename Visit>
  void ForEachNeighbour(uint64_t index, Visit visit) const {
    const int corners = static_cast<int>(index / kCube3SlicePerms);
    const int slice = static_cast<int>(index % kCube3SlicePerms);
    for (int m : kCube3Phase2Moves) {
      if (visit(static_cast<uint64_t>(moves.corners[corners * kCube3Moves + m]) * kCube3SlicePerms +
                moves.quartet[slice * kCube3Moves + m])) {
        return;
      }
    }
  }
  template <typename Visit>
  void ForEachEquivalent(uint64_t index, Visit visit) const {
    visit(index);
  }
};

struct CornersSpace {
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  static constexpr uint64_t kSize = kCube3CornersEntries;
  const char* name = "corners";
  uint64_t solved() const { return Cube3CornersIndex(0, 0); }

  template <typename Visit>
  void ForEachNeighbour(uint64_t index, Visit visit) const {
    const int cls = static_cast<int>(index / kCube3Twists);
    const int twist = static_cast<int>(index % kCube3Twists);
    const int corners = sym.corner_representative[cls];
    for (int m = 0; m < kCube3Moves; ++m) {
      if (visit(Cube3CornersIndex(moves.corners[corners * kCube3Moves + m],
                                  moves.twist[twist * kCube3Moves + m], sym))) {
        return;
      }
    }
  }
  template <typename Visit>
  void ForEachEquivalent(uint64_t index, Visit visit) const {
    VisitStabiliserImages(index, kCube3Twists, sym.corner_stabiliser[index / kCube3Twists],
                          sym.twist_conjugate, visit);
  }
};

struct LargeSpace {
  const Cube3FlipSliceSorted& classes;
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  static constexpr uint64_t kSize = kCube3LargeEntries;
  const char* name = "large";
  uint64_t solved() const { return 0; }  // class 0 (solved's), twist 0, even parity

  // The representative's flip-slice-sorted value turned by m (its class's row) with the entry's
  // twist turned by m, into the new class's frame; the parity changes with a quarter turn.
  template <typename Visit>
  void ForEachNeighbour(uint64_t index, Visit visit) const {
    const uint64_t pair = index / 2;
    const int parity = static_cast<int>(index % 2);
    const int cls = static_cast<int>(pair / kCube3Twists);
    const int twist = static_cast<int>(pair % kCube3Twists);
    for (int m = 0; m < kCube3Moves; ++m) {
      if (visit(Cube3FlipSliceSorted::Index(classes.Move(cls, m),
                                            moves.twist[twist * kCube3Moves + m],
                                            parity ^ Cube3QuarterTurn(m), sym))) {
        return;
      }
    }
  }
  // The class's stabiliser images of the entry's (class, twist), with the same parity.
  template <typename Visit>
  void ForEachEquivalent(uint64_t index, Visit visit) const {
    const uint64_t parity = index % 2;
    VisitStabiliserImages(index / 2, kCube3Twists,
                          classes.Stabiliser(static_cast<int>(index / 2 / kCube3Twists)),
                          sym.twist_conjugate, [&](uint64_t e) { visit(e * 2 + parity); });
  }
};

// Breadth-first search from solved over `space`, a pass a depth. A pass expands the entries at
// the current depth (forward) while they are few, and later, when the unvisited entries are
// fewer than twice the frontier, asks of each unvisited entry whether a neighbour is at the
// current depth (backward): the same table, with far fewer lookups in the wide middle depths.
template <typename Space>
std::vector<uint8_t> BreadthFirst(const Space& space, int threads,
                                  const std::function<void(const std::string&)>& progress) {
  const absl::Time start = absl::Now();
  std::vector<uint8_t> depth = HugePageVector(Space::kSize, kUnset);
  uint8_t* const table = depth.data();
  uint64_t frontier = 0;
  space.ForEachEquivalent(space.solved(),
                          [&](uint64_t e) { frontier += SetIfUnset(&table[e], 0); });
  uint64_t unset = Space::kSize - frontier;
  for (int d = 0; unset > 0 && frontier > 0; ++d) {
    const bool backward = frontier > unset / 2;
    const uint8_t next = static_cast<uint8_t>(d + 1);
    std::atomic<uint64_t> reached{0};
    auto pass = [&](uint64_t begin, uint64_t end) {
      uint64_t count = 0;
      auto set_class = [&](uint64_t n) {
        space.ForEachEquivalent(n, [&](uint64_t e) { count += SetIfUnset(&table[e], next); });
      };
      absl::Time last_report = absl::Now();
      for (uint64_t i = begin; i < end; ++i) {
        // A pass over the large tier takes minutes: the first thread says how far it is.
        if ((i & kReportEvery) == 0 && begin == 0 && progress && i > 0 &&
            absl::Now() - last_report > absl::Seconds(10)) {
          last_report = absl::Now();
          progress(absl::StrFormat("cube3 %s: depth %d: %.0f%% of the pass (%.1f s)", space.name,
                                   d + 1, 100.0 * i / end,
                                   absl::ToDoubleSeconds(last_report - start)));
        }
        const uint8_t here = Load(&table[i]);
        if (!backward) {
          if (here != d) continue;
          space.ForEachNeighbour(i, [&](uint64_t n) {
            if (Load(&table[n]) == kUnset) set_class(n);
            return false;
          });
        } else {
          if (here != kUnset) continue;
          bool hit = false;
          space.ForEachNeighbour(i, [&](uint64_t n) { return hit = Load(&table[n]) == d; });
          if (hit) set_class(i);
        }
      }
      reached += count;
    };
    RunOnThreadRanges(Space::kSize, threads, pass);
    frontier = reached.load();
    unset -= frontier;
    if (progress) {
      progress(absl::StrFormat("cube3 %s: depth %d: %d entries (%s, %.1f s)", space.name, d + 1,
                               frontier, backward ? "backward" : "forward",
                               absl::ToDoubleSeconds(absl::Now() - start)));
    }
  }
  return depth;
}

// phase1_moves (cube3_pruning.h) from phase 1's distances: each entry's 18 neighbours read. A
// class's entries share their neighbours' classes (Cube3Phase1Moves' row for the class), so
// the reads of one class land in 18 rows of 2,187 bytes.
std::vector<uint32_t> Phase1MovesFrom(const std::vector<uint8_t>& phase1, int threads,
                                      const std::function<void(const std::string&)>& progress) {
  const absl::Time start = absl::Now();
  const Cube3Phase1Moves& phase1_moves = Cube3Phase1Moves::Get();
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  std::vector<uint32_t> words = HugePageVector<uint32_t>(kCube3Phase1Entries, 0);
  RunOnThreadRanges(kCube3FlipSliceClasses, threads, [&](uint64_t begin, uint64_t end) {
    for (int cls = static_cast<int>(begin); cls < static_cast<int>(end); ++cls) {
      Cube3Phase1Moves::Moved moved[kCube3Moves];
      for (int m = 0; m < kCube3Moves; ++m) moved[m] = phase1_moves.FlipSliceMove(cls, m);
      for (int twist = 0; twist < kCube3Twists; ++twist) {
        const uint64_t i = static_cast<uint64_t>(cls) * kCube3Twists + twist;
        const int d = phase1[i];
        uint32_t word = static_cast<uint32_t>(d);
        for (int m = 0; m < kCube3Moves; ++m) {
          const int twist1 = moves.twist[twist * kCube3Moves + m];
          const int delta = phase1[static_cast<uint64_t>(moved[m].cls) * kCube3Twists +
                                   sym.twist_conjugate[twist1 * kCube3Symmetries + moved[m].sym]] -
                            d;
          const int shift = 4 + 4 * Cube3MoveFace(m);
          if (delta != 0) word |= (2u << (m % 3)) << shift;
          if (delta > 0) word |= 1u << shift;
        }
        words[i] = word;
      }
    }
  });
  if (progress) {
    progress(absl::StrFormat("cube3 phase1_moves: %d words (%.1f s)", words.size(),
                             absl::ToDoubleSeconds(absl::Now() - start)));
  }
  return words;
}

// Sets bits 28 and 29 of phase1_moves' words (cube3_pruning.h), whose distances are set: a pass a
// distance d, each entry at d asking, for each parity p, whether a move that brings it closer
// to G1 reaches an entry at d - 1 that has d - 1 for its parity then (p changed by a quarter
// turn). The entries at d - 1 are complete before the pass; a pass writes only entries at d.
void AddParityBits(std::vector<uint32_t>* all_words, int threads,
                   const std::function<void(const std::string&)>& progress) {
  const absl::Time start = absl::Now();
  uint32_t* const words = all_words->data();
  const Cube3Phase1Moves& phase1_moves = Cube3Phase1Moves::Get();
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  // Distance 0: in G1, in its even half, or with an odd parity a quarter turn of U from it.
  for (uint64_t i = 0; i < kCube3Phase1Entries; ++i) {
    if (Cube3Phase1Distance(words[i]) == 0) words[i] |= 1u << 29;
  }
  for (int d = 1; d <= kMaxPhase1Distance; ++d) {
    RunOnThreadRanges(kCube3FlipSliceClasses, threads, [&](uint64_t begin, uint64_t end) {
      for (int cls = static_cast<int>(begin); cls < static_cast<int>(end); ++cls) {
        for (int twist = 0; twist < kCube3Twists; ++twist) {
          const uint64_t i = static_cast<uint64_t>(cls) * kCube3Twists + twist;
          if (Cube3Phase1Distance(words[i]) != d) continue;
          const uint32_t closer = static_cast<uint32_t>(phase1_moves.Deltas(words[i], 0));
          bool reaches[2] = {false, false};
          for (int m = 0; m < kCube3Moves; ++m) {
            if (!(closer >> m & 1)) continue;
            const Cube3Phase1Moves::Moved moved = phase1_moves.FlipSliceMove(cls, m);
            const int twist1 =
                sym.twist_conjugate[moves.twist[twist * kCube3Moves + m] * kCube3Symmetries +
                                    moved.sym];
            const uint32_t child = words[static_cast<uint64_t>(moved.cls) * kCube3Twists + twist1];
            for (int p = 0; p < 2; ++p) {
              reaches[p] =
                  reaches[p] || Cube3Phase1EvenDistance(child, p ^ Cube3QuarterTurn(m)) == d - 1;
            }
          }
          for (int p = 0; p < 2; ++p) {
            if (!reaches[p]) words[i] |= 1u << (28 + p);
          }
        }
      }
    });
  }
  if (progress) {
    progress(absl::StrFormat("cube3 phase1_moves: corner parity bits (%.1f s)",
                             absl::ToDoubleSeconds(absl::Now() - start)));
  }
}

}  // namespace

Cube3PruningData Cube3PruningData::Build(int threads,
                                         const std::function<void(const std::string&)>& progress) {
  if (threads < 1) threads = 1;
  Cube3PruningData tables;
  tables.corners_slice = BreadthFirst(CornersSliceSpace(), threads, progress);
  tables.corners = BreadthFirst(CornersSpace(), threads, progress);
  tables.phase2 = BreadthFirst(Phase2Space(), threads, progress);
  tables.phase1_moves =
      Phase1MovesFrom(BreadthFirst(Phase1Space(), threads, progress), threads, progress);
  AddParityBits(&tables.phase1_moves, threads, progress);
  return tables;
}

void PackCube3LargeDistances(std::vector<uint8_t>* distances) {
  std::vector<uint8_t>& d = *distances;
  const size_t n = d.size();
  // Byte j takes entries 2j and 2j + 1, both read before it is written; j <= 2j, so no entry is
  // overwritten before it is read.
  for (size_t j = 0; 2 * j < n; ++j) {
    const uint8_t high = 2 * j + 1 < n ? d[2 * j + 1] : 0;
    d[j] = static_cast<uint8_t>((d[2 * j] & 15) | (high & 15) << 4);
  }
  d.resize(NibbleArrayBytes(n));
  // The pages wholly past the packed bytes and within the allocation: never read again (the
  // vector only shrank), so the kernel may take them back now rather than when it is freed.
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t begin =
      (reinterpret_cast<uintptr_t>(d.data() + d.size()) + page - 1) & ~(page - 1);
  const uintptr_t end = reinterpret_cast<uintptr_t>(d.data() + d.capacity()) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

std::vector<uint8_t> BuildCube3LargeTable(const Cube3FlipSliceSorted& classes, int threads,
                                          const std::function<void(const std::string&)>& progress) {
  std::vector<uint8_t> large = BreadthFirst(LargeSpace{classes}, std::max(1, threads), progress);
  PackCube3LargeDistances(&large);
  return large;
}

}  // namespace puzzle
