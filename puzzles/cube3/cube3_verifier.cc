#include "puzzles/cube3/cube3_verifier.h"

#include <algorithm>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "puzzle/thread_ranges.h"

namespace puzzle {
namespace {

constexpr size_t kMaxFailures = 20;

// No further check of an entry.
struct NoMore {
  std::string operator()(uint64_t, const uint64_t*) const { return ""; }
};

// A table of bytes, each a distance.
struct Bytes {
  const uint8_t* table;
  int operator()(uint64_t i) const { return table[i]; }
};

// The large table, four bits an entry.
struct Nibbles {
  const uint8_t* table;
  int operator()(uint64_t i) const { return Cube3LargeDistance(table, i); }
};

// One table's check over [0, size) on `threads` threads, entry i's distance distance(i).
// neighbours(i, out) writes the entry indexes one move away from entry i and returns how many;
// more(i, next) checks whatever else the entry's neighbours decide, returning "" or what is wrong.
template <typename Distance, typename Neighbours, typename More = NoMore>
void CheckTable(const char* name, Distance distance, uint64_t size, uint64_t solved, int threads,
                Neighbours neighbours, Cube3VerifyReport* report, More more = More()) {
  std::mutex mu;
  std::vector<uint64_t> counts;
  auto run = [&](uint64_t begin, uint64_t end) {
    std::vector<uint64_t> local_counts(32);
    std::vector<std::string> local_failures;
    uint64_t next[kCube3Moves];
    for (uint64_t i = begin; i < end; ++i) {
      const int d = distance(i);
      if (d >= 32) {
        if (local_failures.size() < kMaxFailures) {
          local_failures.push_back(absl::StrCat(name, " entry ", i, ": ", d, " is not a distance"));
        }
        continue;
      }
      ++local_counts[d];
      const int n = neighbours(i, next);
      int closest = 255;
      for (int k = 0; k < n; ++k) closest = std::min(closest, distance(next[k]));
      // Solved's entry is the only 0 (its stabiliser images all land on it: twist and UD edges
      // 0 conjugate to 0).
      const bool ok = i == solved ? d == 0 : d > 0 && closest == d - 1;
      if (!ok && local_failures.size() < kMaxFailures) {
        local_failures.push_back(absl::StrCat(name, " entry ", i, ": ", d,
                                              " but its nearest neighbour is at ", closest));
      }
      std::string wrong = more(i, next);
      if (!wrong.empty() && local_failures.size() < kMaxFailures) {
        local_failures.push_back(std::move(wrong));
      }
    }
    std::lock_guard<std::mutex> lock(mu);
    if (counts.size() < local_counts.size()) counts.resize(local_counts.size());
    for (size_t k = 0; k < local_counts.size(); ++k) counts[k] += local_counts[k];
    for (std::string& f : local_failures) {
      if (report->failures.size() < kMaxFailures) report->failures.push_back(std::move(f));
    }
  };
  RunOnThreadRanges(size, threads, run);
  while (!counts.empty() && counts.back() == 0) counts.pop_back();
  if (distance(solved) != 0 && report->failures.size() < kMaxFailures) {
    report->failures.push_back(absl::StrCat(name, ": solved's entry is ", distance(solved)));
  }
  report->depth_counts.push_back(counts);
  report->entries_checked += size;
}

}  // namespace

Cube3VerifyReport VerifyCube3Tables(const Cube3PruningTables& tables, int threads) {
  if (threads < 1) threads = 1;
  const Cube3MoveTables& mv = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  Cube3VerifyReport report;
  // Phase 1: the distances in the words' low bits; the representative's flip and slice with the
  // entry's twist, turned by each move.
  const auto phase1 = [&tables](uint64_t i) { return Cube3Phase1Distance(tables.phase1_moves[i]); };
  CheckTable(
      "phase1", phase1, kCube3Phase1Entries, Cube3Phase1Index(0, 0, 0, sym), threads,
      [&](uint64_t i, uint64_t* out) {
        const uint32_t flipslice = sym.flipslice_representative[i / kCube3Twists];
        const int flip = flipslice % 2048, slice = flipslice / 2048;
        const int twist = static_cast<int>(i % kCube3Twists);
        for (int m = 0; m < kCube3Moves; ++m) {
          out[m] = Cube3Phase1Index(mv.flip[flip * kCube3Moves + m],
                                    mv.quartet[slice * 24 * kCube3Moves + m] / 24,
                                    mv.twist[twist * kCube3Moves + m], sym);
        }
        return kCube3Moves;
      },
      &report,
      // The rest of each word: each move's change of the distance as the layout in
      // cube3_pruning.h encodes it, from the same neighbours' distances (move m's is next[m]),
      // checked above. And its parity bits, a table of their own: the distance to G1's even
      // half with parity p is 0 only in G1 with p even, else one more than the nearest
      // neighbour's with its parity (p changed by a quarter turn): as for the distances, that
      // holds exactly for the true distance. Each must be d or d + 1 to be a bit.
      [&](uint64_t i, const uint64_t* next) -> std::string {
        const int d = phase1(i);
        uint32_t expected = static_cast<uint32_t>(d);
        int even_distance[2] = {255, 255};
        for (int m = 0; m < kCube3Moves; ++m) {
          const int delta = phase1(next[m]) - d;
          const int face_bits = 4 + 4 * (m / 3);
          if (delta != 0) expected |= uint32_t{1} << (face_bits + 1 + m % 3);
          if (delta > 0) expected |= uint32_t{1} << face_bits;
          for (int p = 0; p < 2; ++p) {
            even_distance[p] = std::min(
                even_distance[p],
                1 + Cube3Phase1EvenDistance(tables.phase1_moves[next[m]], p ^ Cube3QuarterTurn(m)));
          }
        }
        if (d == 0) even_distance[0] = 0;
        for (int p = 0; p < 2; ++p) {
          if (even_distance[p] != d && even_distance[p] != d + 1) {
            return absl::StrCat("phase1_moves entry ", i, ": its neighbours put parity ", p, " at ",
                                even_distance[p], " moves from G1's even half, not ", d, " or ",
                                d + 1);
          }
          if (even_distance[p] == d + 1) expected |= uint32_t{1} << (28 + p);
        }
        if (tables.phase1_moves[i] == expected) return "";
        return absl::StrCat("phase1_moves entry ", i, ": 0x", absl::Hex(tables.phase1_moves[i]),
                            " but its neighbours' distances give 0x", absl::Hex(expected));
      });
  // Phase 2: the representative's corners with the entry's UD edges, by each phase-2 move.
  CheckTable(
      "phase2", Bytes{tables.phase2}, kCube3Phase2Entries, Cube3Phase2Index(0, 0, sym), threads,
      [&](uint64_t i, uint64_t* out) {
        const int corners = sym.corner_representative[i / kCube3UDEdgePerms];
        const int ud = static_cast<int>(i % kCube3UDEdgePerms);
        for (int k = 0; k < kCube3Phase2MoveCount; ++k) {
          const int m = kCube3Phase2Moves[k];
          out[k] = Cube3Phase2Index(mv.corners[corners * kCube3Moves + m],
                                    mv.ud_edges[ud * kCube3Moves + m], sym);
        }
        return kCube3Phase2MoveCount;
      },
      &report);
  CheckTable(
      "corners_slice", Bytes{tables.corners_slice}, kCube3CornersSliceEntries, 0, threads,
      [&](uint64_t i, uint64_t* out) {
        const int corners = static_cast<int>(i / kCube3SlicePerms);
        const int slice = static_cast<int>(i % kCube3SlicePerms);
        for (int k = 0; k < kCube3Phase2MoveCount; ++k) {
          const int m = kCube3Phase2Moves[k];
          out[k] = static_cast<uint64_t>(mv.corners[corners * kCube3Moves + m]) * kCube3SlicePerms +
                   mv.quartet[slice * kCube3Moves + m];
        }
        return kCube3Phase2MoveCount;
      },
      &report);
  // Corners: the representative's corners with the entry's twist, by each of the 18 moves.
  CheckTable(
      "corners", Bytes{tables.corners}, kCube3CornersEntries, Cube3CornersIndex(0, 0, sym), threads,
      [&](uint64_t i, uint64_t* out) {
        const int corners = sym.corner_representative[i / kCube3Twists];
        const int twist = static_cast<int>(i % kCube3Twists);
        for (int m = 0; m < kCube3Moves; ++m) {
          out[m] = Cube3CornersIndex(mv.corners[corners * kCube3Moves + m],
                                     mv.twist[twist * kCube3Moves + m], sym);
        }
        return kCube3Moves;
      },
      &report);
  return report;
}

Cube3VerifyReport VerifyCube3LargeTable(const uint8_t* large, const Cube3FlipSliceSorted& classes,
                                        int threads) {
  if (threads < 1) threads = 1;
  const Cube3MoveTables& mv = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  Cube3VerifyReport report;
  // The representative's class row with the entry's twist, by each of the 18 moves, and the
  // parity changed by a quarter turn.
  CheckTable(
      "large", Nibbles{large}, kCube3LargeEntries, 0, threads,
      [&](uint64_t i, uint64_t* out) {
        const int parity = static_cast<int>(i % 2);
        const int cls = static_cast<int>(i / 2 / kCube3Twists);
        const int twist = static_cast<int>(i / 2 % kCube3Twists);
        for (int m = 0; m < kCube3Moves; ++m) {
          out[m] =
              Cube3FlipSliceSorted::Index(classes.Move(cls, m), mv.twist[twist * kCube3Moves + m],
                                          parity ^ Cube3QuarterTurn(m), sym);
        }
        return kCube3Moves;
      },
      &report);
  return report;
}

}  // namespace puzzle
