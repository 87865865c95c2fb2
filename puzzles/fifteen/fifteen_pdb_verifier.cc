#include "puzzles/fifteen/fifteen_pdb_verifier.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <mutex>
#include <queue>
#include <random>
#include <thread>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "puzzles/fifteen/fifteen_pdb_layout.h"

namespace puzzle {
namespace {

// --- The verifier's own primitives (deliberately not the builder's). ---

uint64_t Entries(int k) {
  uint64_t n = 1;
  for (int i = 0; i < k; ++i) n *= static_cast<uint64_t>(16 - i);
  return n;
}

uint64_t Rank(const uint8_t* q, int k) {
  uint64_t index = 0;
  for (int i = 0; i < k; ++i) {
    int smaller_before = 0;
    for (int j = 0; j < i; ++j) smaller_before += q[j] < q[i];
    index = index * static_cast<uint64_t>(16 - i) + static_cast<uint64_t>(q[i] - smaller_before);
  }
  return index;
}

void Unrank(uint64_t index, int k, uint8_t* q) {
  int digit[kFifteenMaxPatternTiles];
  for (int i = k - 1; i >= 0; --i) {
    digit[i] = static_cast<int>(index % static_cast<uint64_t>(16 - i));
    index /= static_cast<uint64_t>(16 - i);
  }
  bool used[16] = {};
  for (int i = 0; i < k; ++i) {
    int skip = digit[i];
    for (int c = 0; c < 16; ++c) {
      if (used[c]) continue;
      if (skip-- == 0) {
        q[i] = static_cast<uint8_t>(c);
        used[c] = true;
        break;
      }
    }
  }
}

// Up to four neighbours of a cell; returns how many.
int CellNeighbours(int cell, int* out) {
  int n = 0;
  if (cell >= 4) out[n++] = cell - 4;
  if (cell < 12) out[n++] = cell + 4;
  if (cell % 4 != 0) out[n++] = cell - 1;
  if (cell % 4 != 3) out[n++] = cell + 1;
  return n;
}

int Distance(int a, int b) {
  const int dr = a / 4 - b / 4;
  const int dc = a % 4 - b % 4;
  return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

// Cells of `open` reachable from `start` (a queue-based search, not bit tricks).
uint32_t Reachable(int start, uint32_t open) {
  if (!(open & (1u << start))) return 0;
  uint32_t seen = 1u << start;
  int queue[16];
  int head = 0;
  int tail = 0;
  queue[tail++] = start;
  while (head < tail) {
    int next[4];
    const int n = CellNeighbours(queue[head++], next);
    for (int i = 0; i < n; ++i) {
      if ((open & (1u << next[i])) && !(seen & (1u << next[i]))) {
        seen |= 1u << next[i];
        queue[tail++] = next[i];
      }
    }
  }
  return seen;
}

struct Section {
  std::string name;
  int k = 0;
  uint8_t cells[kFifteenMaxPatternTiles] = {};
  uint32_t pattern_mask = 0;
  uint32_t region = 0;
  uint64_t entries = 0;
  uint64_t goal = 0;
  const uint8_t* bytes = nullptr;

  int Manhattan(const uint8_t* q) const {
    int m = 0;
    for (int i = 0; i < k; ++i) m += Distance(q[i], cells[i]);
    return m;
  }
  int E(uint64_t index) const { return (bytes[index / 2] >> (index % 2 == 0 ? 0 : 4)) & 15; }
  int H(uint64_t index, const uint8_t* q) const { return Manhattan(q) + 2 * E(index); }

  std::string Where(uint64_t index) const {
    uint8_t q[kFifteenMaxPatternTiles];
    Unrank(index, k, q);
    std::vector<int> cells_of_tiles(q, q + k);
    return absl::StrCat(name, ": entry ", index, " (tiles on ", absl::StrJoin(cells_of_tiles, " "),
                        ")");
  }
};

// Whether the 16-bit set of open cells is connected (or empty), for every set.
const std::vector<bool>& ConnectedSets() {
  static const std::vector<bool>* const table = [] {
    auto* t = new std::vector<bool>(1 << 16);
    for (uint32_t open = 0; open < (1u << 16); ++open) {
      (*t)[open] = open == 0 || Reachable(__builtin_ctz(open), open) == open;
    }
    return t;
  }();
  return *table;
}

absl::Status LocalChecks(const Section& s, int threads, FifteenVerifyReport& report) {
  const std::vector<bool>& connected = ConnectedSets();
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> checked{0};
  std::atomic<uint64_t> upper{0};
  std::atomic<int> max_h{0};
  std::atomic<bool> failed{false};
  std::mutex mu;
  absl::Status failure;  // the failure at the lowest index seen
  uint64_t failure_index = ~uint64_t{0};
  auto fail = [&](uint64_t index, std::string problem) {
    std::lock_guard<std::mutex> lock(mu);
    if (index < failure_index) {
      failure_index = index;
      failure = absl::DataLossError(absl::StrCat(s.Where(index), ": ", problem));
    }
    failed = true;
  };
  constexpr uint64_t kChunk = 1 << 16;
  auto work = [&] {
    uint64_t local_checked = 0;
    uint64_t local_upper = 0;
    int local_max_h = 0;
    while (!failed) {
      const uint64_t first = next.fetch_add(kChunk);
      if (first >= s.entries) break;
      const uint64_t last = std::min(s.entries, first + kChunk);
      for (uint64_t index = first; index < last; ++index) {
        uint8_t q[kFifteenMaxPatternTiles];
        Unrank(index, s.k, q);
        const int h = s.H(index, q);
        local_max_h = std::max(local_max_h, h);
        if (index == s.goal) {
          if (h != 0) fail(index, absl::StrCat("h = ", h, " at the goal placement; expected 0"));
          ++local_checked;
          continue;
        }
        uint32_t occupied = 0;
        for (int i = 0; i < s.k; ++i) occupied |= 1u << q[i];
        bool descent = false;
        for (int i = 0; i < s.k; ++i) {
          const uint8_t from = q[i];
          int to[4];
          const int n = CellNeighbours(from, to);
          for (int j = 0; j < n; ++j) {
            if (occupied & (1u << to[j])) continue;
            q[i] = static_cast<uint8_t>(to[j]);
            const uint64_t neighbour = Rank(q, s.k);
            const int h2 = s.H(neighbour, q);
            q[i] = from;
            descent = descent || h2 <= h - 1;
            const uint32_t open = 0xffff & ~(occupied ^ (1u << from) ^ (1u << to[j]));
            if (connected[open]) {
              ++local_upper;
              if (h > h2 + 1) {
                fail(index, absl::StrCat("h = ", h, " but the neighbour ", s.Where(neighbour),
                                         ", whose free cells are connected, has h = ", h2,
                                         "; expected h <= ", h2 + 1));
              }
            }
          }
        }
        if (!descent) {
          fail(index, absl::StrCat("h = ", h, " and no neighbour has h <= ", h - 1,
                                   "; expected one (the first move of a best path)"));
        }
        ++local_checked;
      }
    }
    checked += local_checked;
    upper += local_upper;
    int seen = max_h.load();
    while (local_max_h > seen && !max_h.compare_exchange_weak(seen, local_max_h)) {
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failed) return failure;
  report.local_checked = checked;
  report.upper_checks = upper;
  report.max_h = max_h;
  return absl::OkStatus();
}

// Whether one of a row's 16 bytes is `value`: eight bytes at a time, by the bit trick that finds a
// zero byte (bit 7 of a byte of (x - 0x01..) & ~x & 0x80.. is set for the lowest zero byte of x,
// and only if x has one). The level scan reads every row once a level, and a byte at a time
// this took about a third of check 2's time.
bool RowHas(const uint8_t* row, uint8_t value) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  constexpr uint64_t kHighs = 0x8080808080808080ull;
  uint64_t half[2];
  std::memcpy(half, row, sizeof(half));
  const uint64_t x0 = half[0] ^ (kOnes * value);
  const uint64_t x1 = half[1] ^ (kOnes * value);
  return (((x0 - kOnes) & ~x0) | ((x1 - kOnes) & ~x1)) & kHighs;
}

// Check 2: per-cell distances, level by level. Within a level, the blank's free moves stay in
// the placement's own row of 16 cells, so a row is closed under them when the scan reaches it;
// costed moves write the next level into other rows.
absl::Status Recompute(const Section& s) {
  std::vector<uint8_t> dist(s.entries * 16, 0xff);
  for (int z = 0; z < 16; ++z) {
    if (s.region & (1u << z)) dist[s.goal * 16 + z] = 0;
  }
  for (int d = 0; d < 254; ++d) {
    bool any = false;
    for (uint64_t index = 0; index < s.entries; ++index) {
      uint8_t* row = &dist[index * 16];
      if (!RowHas(row, static_cast<uint8_t>(d))) continue;
      any = true;
      uint8_t q[kFifteenMaxPatternTiles];
      Unrank(index, s.k, q);
      int tile_on[16];
      std::fill(tile_on, tile_on + 16, -1);
      for (int i = 0; i < s.k; ++i) tile_on[q[i]] = i;
      for (bool changed = true; changed;) {  // free moves
        changed = false;
        for (int z = 0; z < 16; ++z) {
          if (row[z] != d) continue;
          int w[4];
          const int n = CellNeighbours(z, w);
          for (int j = 0; j < n; ++j) {
            if (tile_on[w[j]] < 0 && row[w[j]] > d) {
              row[w[j]] = static_cast<uint8_t>(d);
              changed = true;
            }
          }
        }
      }
      for (int z = 0; z < 16; ++z) {  // costed moves: the tile on w slides into the blank on z
        if (row[z] != d) continue;
        int w[4];
        const int n = CellNeighbours(z, w);
        for (int j = 0; j < n; ++j) {
          const int tile = tile_on[w[j]];
          if (tile < 0) continue;
          q[tile] = static_cast<uint8_t>(z);
          uint8_t& target = dist[Rank(q, s.k) * 16 + w[j]];
          q[tile] = static_cast<uint8_t>(w[j]);
          if (target > d + 1) target = static_cast<uint8_t>(d + 1);
        }
      }
    }
    if (!any) break;
  }
  for (uint64_t index = 0; index < s.entries; ++index) {
    uint8_t q[kFifteenMaxPatternTiles];
    Unrank(index, s.k, q);
    uint32_t occupied = 0;
    for (int i = 0; i < s.k; ++i) occupied |= 1u << q[i];
    int best = 0xff;
    for (int z = 0; z < 16; ++z) {
      if (!(occupied & (1u << z))) best = std::min<int>(best, dist[index * 16 + z]);
    }
    if (best == 0xff) {
      return absl::DataLossError(
          absl::StrCat(s.Where(index), ": unreachable in the recomputation"));
    }
    const int h = s.H(index, q);
    if (h != best) {
      return absl::DataLossError(
          absl::StrCat(s.Where(index), ": h = ", h, " but recomputed ", best));
    }
  }
  return absl::OkStatus();
}

// Check 3: one entry by A* over (placement, blank cell) states; -1 past `budget` expansions.
int AStar(const Section& s, uint64_t start, uint64_t budget) {
  struct Node {
    int f;
    int g;
    uint64_t state;  // index * 16 + blank cell
    bool operator<(const Node& o) const { return f > o.f || (f == o.f && g < o.g); }
  };
  std::priority_queue<Node> open;
  absl::flat_hash_map<uint64_t, int> best;
  uint8_t q[kFifteenMaxPatternTiles];
  Unrank(start, s.k, q);
  uint32_t occupied = 0;
  for (int i = 0; i < s.k; ++i) occupied |= 1u << q[i];
  for (int z = 0; z < 16; ++z) {
    if (occupied & (1u << z)) continue;
    best[start * 16 + z] = 0;
    open.push({s.Manhattan(q), 0, start * 16 + z});
  }
  uint64_t expanded = 0;
  while (!open.empty()) {
    const Node node = open.top();
    open.pop();
    if (best[node.state] < node.g) continue;
    const uint64_t index = node.state / 16;
    const int blank = static_cast<int>(node.state % 16);
    if (index == s.goal && (s.region & (1u << blank))) return node.g;
    if (++expanded > budget) return -1;
    Unrank(index, s.k, q);
    int w[4];
    const int n = CellNeighbours(blank, w);
    for (int j = 0; j < n; ++j) {
      int tile = -1;
      for (int i = 0; i < s.k; ++i) tile = q[i] == w[j] ? i : tile;
      uint64_t next_index = index;
      int g = node.g;
      if (tile >= 0) {
        q[tile] = static_cast<uint8_t>(blank);
        next_index = Rank(q, s.k);
        ++g;
      }
      const uint64_t next = next_index * 16 + static_cast<uint64_t>(w[j]);
      auto it = best.find(next);
      if (it == best.end() || it->second > g) {
        best[next] = g;
        open.push({g + s.Manhattan(q), g, next});
      }
      if (tile >= 0) q[tile] = static_cast<uint8_t>(w[j]);
    }
  }
  return -1;
}

absl::Status Samples(const Section& s, const FifteenVerifyOptions& options,
                     FifteenVerifyReport& report) {
  std::mt19937_64 rng(options.seed);
  for (int i = 0; i < options.samples; ++i) {
    // A random walk of pattern-tile slides from the goal placement.
    uint8_t q[kFifteenMaxPatternTiles];
    std::copy(s.cells, s.cells + s.k, q);
    const int steps = 8 + static_cast<int>(rng() % 17);
    for (int step = 0; step < steps;) {
      uint32_t occupied = 0;
      for (int t = 0; t < s.k; ++t) occupied |= 1u << q[t];
      const int tile = static_cast<int>(rng() % s.k);
      int w[4];
      const int n = CellNeighbours(q[tile], w);
      const int to = w[rng() % n];
      if (occupied & (1u << to)) continue;
      q[tile] = static_cast<uint8_t>(to);
      ++step;
    }
    const uint64_t index = Rank(q, s.k);
    const int exact = AStar(s, index, 20'000'000);
    if (exact < 0) continue;  // too far for the budget: not counted
    if (exact != s.H(index, q)) {
      return absl::DataLossError(
          absl::StrCat(s.Where(index), ": h = ", s.H(index, q), " but A* finds ", exact));
    }
    ++report.samples_checked;
  }
  return absl::OkStatus();
}

}  // namespace

std::string FifteenVerifyReport::Summary() const {
  std::vector<std::string> histogram;
  for (int e = 0; e < 16; ++e) {
    if (e_histogram[e] != 0) histogram.push_back(absl::StrCat(e, ":", e_histogram[e]));
  }
  return absl::StrCat(section, ": ", entries, " entries of ", tiles, " tiles; local checks ",
                      local_checked, "/", entries, " (", upper_checks,
                      " connected-neighbour bounds); recomputed exactly: ",
                      recomputed ? "yes" : "skipped", "; A* samples exact: ", samples_checked,
                      "; max h ", max_h, "; e histogram ", absl::StrJoin(histogram, " "));
}

absl::StatusOr<FifteenVerifyReport> VerifyFifteenPdbSection(absl::string_view name,
                                                            absl::string_view bytes,
                                                            const FifteenVerifyOptions& options) {
  absl::StatusOr<FifteenPattern> pattern = ParseFifteenPdbSectionName(name);
  if (!pattern.ok()) return pattern.status();
  Section s;
  s.name = std::string(name);
  s.k = pattern->size;
  for (int i = 0; i < s.k; ++i) {
    s.cells[i] = pattern->cells[i];
    s.pattern_mask |= 1u << s.cells[i];
  }
  s.region = Reachable(pattern->region_cell, 0xffff & ~s.pattern_mask);
  s.entries = Entries(s.k);
  s.goal = Rank(s.cells, s.k);
  s.bytes = reinterpret_cast<const uint8_t*>(bytes.data());
  const uint64_t expected_bytes = (s.entries + 1) / 2;
  if (bytes.size() != expected_bytes) {
    return absl::DataLossError(absl::StrCat(name, ": ", bytes.size(), " bytes; expected ",
                                            expected_bytes, " (", s.entries, " 4-bit entries)"));
  }
  FifteenVerifyReport report;
  report.section = s.name;
  report.tiles = s.k;
  report.entries = s.entries;
  for (uint64_t index = 0; index < s.entries; ++index) ++report.e_histogram[s.E(index)];

  absl::Status status;
  if (options.local_checks) {
    status = LocalChecks(s, std::max(1, options.threads), report);
    if (!status.ok()) return status;
  }
  if (options.recompute_limit_bytes != 0 && 16 * s.entries <= options.recompute_limit_bytes) {
    status = Recompute(s);
    if (!status.ok()) return status;
    report.recomputed = true;
  }
  status = Samples(s, options, report);
  if (!status.ok()) return status;
  return report;
}

}  // namespace puzzle
