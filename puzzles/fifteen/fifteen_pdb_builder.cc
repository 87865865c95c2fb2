#include "puzzles/fifteen/fifteen_pdb_builder.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "puzzle/nibble_array.h"

namespace puzzle {
namespace {

constexpr uint64_t kPrefixesPerChunk = 1024;  // even: see Pack
static_assert(kPrefixesPerChunk % 2 == 0, "chunks must start on whole bytes");

// A zero-filled array in its own anonymous mapping, backed by huge pages where the kernel allows
// (the BFS reads it at random; huge pages spare most TLB misses).
template <typename T>
class BigArray {
 public:
  explicit BigArray(uint64_t size) : bytes_(size * sizeof(T)) {
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes_, MADV_HUGEPAGE);
#endif
    data_ = static_cast<T*>(p);
  }
  ~BigArray() {
    if (data_ != nullptr) munmap(data_, bytes_);
  }
  BigArray(const BigArray&) = delete;
  BigArray& operator=(const BigArray&) = delete;

  bool ok() const { return data_ != nullptr; }
  void SwapWith(BigArray& other) { std::swap(data_, other.data_); }  // REQUIRES: equal sizes
  T* data() { return data_; }
  T& operator[](uint64_t i) { return data_[i]; }
  const T& operator[](uint64_t i) const { return data_[i]; }
  void Clear() {
    // Drop the pages rather than writing zeros: the kernel hands back zero pages on next touch.
    madvise(data_, bytes_, MADV_DONTNEED);
#ifdef MADV_HUGEPAGE
    madvise(data_, bytes_, MADV_HUGEPAGE);
#endif
  }

 private:
  const uint64_t bytes_;
  T* data_ = nullptr;
};

template <typename T>
inline T Load(const T* p) {
  return __atomic_load_n(p, __ATOMIC_RELAXED);
}
template <typename T>
inline void Store(T* p, T v) {
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
}

// Cell neighbours in the order d, l, r, u; -1 off the board.
struct CellNeighbours {
  std::array<std::array<int8_t, 4>, 16> of;
  CellNeighbours() {
    for (int c = 0; c < 16; ++c) {
      for (int m = 0; m < 4; ++m) {
        const int row = c / 4 + (m == 0) - (m == 3);
        const int col = c % 4 + (m == 2) - (m == 1);
        of[c][m] = row >= 0 && row < 4 && col >= 0 && col < 4 ? static_cast<int8_t>(row * 4 + col)
                                                              : int8_t{-1};
      }
    }
  }
};

// One move of the abstraction: the placement it leads to and the blank's region there.
struct Step {
  uint64_t index;
  uint32_t region;
};

class PdbBuilder {
 public:
  PdbBuilder(const FifteenPattern& pattern, int threads)
      : pattern_(pattern),
        k_(pattern.size),
        entries_(FifteenPdbEntries(pattern.size)),
        block_(static_cast<uint64_t>(17 - pattern.size)),
        prefixes_(entries_ / block_),
        threads_(std::max(1, threads)),
        reached_(entries_),
        frontier_(entries_),
        next_(entries_),
        depth_(entries_) {}

  absl::StatusOr<std::vector<uint8_t>> Run(const FifteenBuildLog& log) {
    const std::string name = FifteenPdbSectionName(pattern_);
    if (!reached_.ok() || !frontier_.ok() || !next_.ok() || !depth_.ok()) {
      return absl::ResourceExhaustedError(
          absl::StrCat(name, ": cannot map ", 7 * entries_, " bytes of working memory"));
    }
    const absl::Time began = absl::Now();
    const uint64_t goal = FifteenRankPlacement(pattern_.cells.data(), k_);
    const uint16_t region = static_cast<uint16_t>(pattern_.RegionMask());
    reached_[goal] = region;
    frontier_[goal] = region;
    depth_[goal] = 1;  // depth + 1; 0 = unreached
    for (int level = 0;; ++level) {
      uint64_t frontier = 0;
      uint64_t incomplete = 0;
      Count(&frontier, &incomplete);
      if (frontier == 0) {
        Count(&frontier, &incomplete, /*force_incomplete=*/true);
        if (incomplete != 0) {
          return absl::InternalError(absl::StrCat(
              name, ": ", incomplete, " placements have blank regions unreachable from the goal"));
        }
        break;
      }
      if (level + 2 > 255) return absl::InternalError(absl::StrCat(name, ": too deep"));
      // Top-down reads and writes the neighbours of every frontier state; bottom-up reads the
      // neighbours of every unreached region, stopping at the first in the frontier.
      const bool bottom_up = incomplete < frontier;
      ForEachChunk([&](uint64_t first, uint64_t last) {
        bottom_up ? BottomUp(level, first, last) : TopDown(level, first, last);
      });
      frontier_.SwapWith(next_);
      next_.Clear();
      if (log) {
        log(absl::StrFormat("%s: depth %d: %d placements in the frontier, %s, %.1fs", name, level,
                            frontier, bottom_up ? "bottom-up" : "top-down",
                            absl::ToDoubleSeconds(absl::Now() - began)));
      }
    }
    return Pack(name);
  }

 private:
  // Hands out chunks of prefixes to threads_ threads (the caller's included).
  template <typename F>
  void ForEachChunk(F f) {
    std::atomic<uint64_t> next{0};
    auto work = [&] {
      while (true) {
        const uint64_t first = next.fetch_add(kPrefixesPerChunk);
        if (first >= prefixes_) return;
        f(first, std::min(prefixes_, first + kPrefixesPerChunk));
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads_; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
  }

  // Calls f(prefix, q, free, used) for every prefix in [first, last) for which wanted(prefix)
  // holds: q[0..k-2] is the placement of the prefix (the first k - 1 digits), free[] the 17 - k
  // cells it leaves in increasing order (free[d] is where the last tile stands for last digit d),
  // `used` the prefix's cells. The prefixes are walked as an odometer, and cells are recomputed
  // only for wanted prefixes and only from the first digit that changed since the last one, so
  // sparse levels cost little more than a scan of the bytes.
  template <typename W, typename F>
  void ForPrefixes(uint64_t first, uint64_t last, W wanted, F f) const {
    uint8_t q[kFifteenMaxPatternTiles];
    uint8_t free[16];
    int digits[kFifteenMaxPatternTiles];
    const int n = k_ - 1;  // prefix digits
    uint64_t rest = first;
    for (int i = n - 1; i >= 0; --i) {
      digits[i] = static_cast<int>(rest % static_cast<uint64_t>(16 - i));
      rest /= static_cast<uint64_t>(16 - i);
    }
    int stale = 0;  // q[stale..n-1] do not match digits[]
    for (uint64_t prefix = first; prefix < last; ++prefix) {
      if (wanted(prefix)) {
        uint32_t used = 0;
        for (int i = 0; i < stale; ++i) used |= 1u << q[i];
        for (int i = stale; i < n; ++i) {
          int remaining = digits[i];
          int cell = 0;
          for (;; ++cell) {
            if (used & (1u << cell)) continue;
            if (remaining-- == 0) break;
          }
          q[i] = static_cast<uint8_t>(cell);
          used |= 1u << cell;
        }
        stale = n;
        int m = 0;
        for (int c = 0; c < 16; ++c) {
          if (!(used & (1u << c))) free[m++] = static_cast<uint8_t>(c);
        }
        f(prefix, q, free, used);
      }
      int i = n - 1;
      while (i > 0 && digits[i] + 1 == 16 - i) digits[i--] = 0;
      ++digits[i];  // past the last prefix only when prefix + 1 == prefixes_, never used
      stale = std::min(stale, i);
    }
  }

  // Placements in the frontier, and (only when the frontier is big enough for bottom-up to be
  // worth considering; else kNotCounted) placements with a blank region not yet reached.
  static constexpr uint64_t kNotCounted = ~uint64_t{0};
  void Count(uint64_t* frontier, uint64_t* incomplete, bool force_incomplete = false) {
    std::atomic<uint64_t> total{0};
    ForEachChunk([&](uint64_t first, uint64_t last) {
      uint64_t f = 0;
      for (uint64_t i = first * block_; i < last * block_; ++i) f += frontier_[i] != 0;
      total += f;
    });
    *frontier = total;
    *incomplete = kNotCounted;
    if (*frontier < entries_ / 64 && !force_incomplete) return;
    total = 0;
    ForEachChunk([&](uint64_t first, uint64_t last) {
      uint64_t u = 0;
      ForPrefixes(
          first, last, [](uint64_t) { return true; },
          [&](uint64_t prefix, const uint8_t*, const uint8_t* free, uint32_t used) {
            for (uint64_t digit = 0; digit < block_; ++digit) {
              const uint32_t open = 0xffff & ~(used | (1u << free[digit]));
              u += reached_[prefix * block_ + digit] != open;
            }
          });
      total += u;
    });
    *incomplete = total;
  }

  // The moves from placement q (cells `occupied`) with the blank in `blank` (cells): every
  // pattern tile next to a blank cell slides into it. Writes them to out, returns how many.
  int Steps(uint8_t* q, uint32_t occupied, uint32_t blank, Step* out) const {
    int count = 0;
    for (int i = k_ - 1; i >= 0; --i) {  // last tile first: its neighbours are nearest in memory
      const uint8_t from = q[i];
      for (int m = 0; m < 4; ++m) {
        const int to = neighbours_.of[from][m];
        if (to < 0 || !(blank & (1u << to))) continue;
        q[i] = static_cast<uint8_t>(to);
        out[count].index = FifteenRankPlacement(q, k_);
        // The blank is now on `from`; its region is what `from` connects to.
        out[count].region = FifteenFlood(from, 0xffff & ~(occupied ^ (1u << from) ^ (1u << to)));
        ++count;
      }
      q[i] = from;
    }
    return count;
  }

  bool BlockHasFrontier(uint64_t prefix) const {
    for (uint64_t digit = 0; digit < block_; ++digit) {
      if (frontier_[prefix * block_ + digit] != 0) return true;
    }
    return false;
  }

  void TopDown(int level, uint64_t first, uint64_t last) {
    const uint8_t depth = static_cast<uint8_t>(level + 2);  // (level + 1) + 1
    ForPrefixes(
        first, last, [&](uint64_t prefix) { return BlockHasFrontier(prefix); },
        [&](uint64_t prefix, uint8_t* q, const uint8_t* free, uint32_t used) {
          for (uint64_t digit = 0; digit < block_; ++digit) {
            const uint32_t blank = frontier_[prefix * block_ + digit];
            if (blank == 0) continue;
            q[k_ - 1] = free[digit];
            Step steps[4 * kFifteenMaxPatternTiles];
            const int count = Steps(q, used | (1u << q[k_ - 1]), blank, steps);
            for (int j = 0; j < count; ++j) __builtin_prefetch(&reached_[steps[j].index], 1);
            for (int j = 0; j < count; ++j) {
              uint16_t* reached = &reached_[steps[j].index];
              const uint16_t region = static_cast<uint16_t>(steps[j].region);
              if (Load(reached) & region) continue;  // regions are all or nothing
              const uint16_t old = __atomic_fetch_or(reached, region, __ATOMIC_RELAXED);
              if (old & region) continue;  // another thread got there first
              __atomic_fetch_or(&next_[steps[j].index], region, __ATOMIC_RELAXED);
              if (old == 0) Store(&depth_[steps[j].index], depth);
            }
          }
        });
  }

  void BottomUp(int level, uint64_t first, uint64_t last) {
    const uint8_t depth = static_cast<uint8_t>(level + 2);
    ForPrefixes(
        first, last, [](uint64_t) { return true; },
        [&](uint64_t prefix, uint8_t* q, const uint8_t* free, uint32_t used) {
          for (uint64_t digit = 0; digit < block_; ++digit) {
            const uint64_t index = prefix * block_ + digit;
            q[k_ - 1] = free[digit];
            const uint32_t occupied = used | (1u << q[k_ - 1]);
            const uint32_t reached = reached_[index];
            uint32_t unreached = 0xffff & ~occupied & ~reached;
            uint32_t found = 0;
            while (unreached != 0) {
              const uint32_t region = FifteenFlood(__builtin_ctz(unreached), 0xffff & ~occupied);
              unreached &= ~region;
              // Moves are reversible: (q, region) is one move from a frontier state iff one of
              // its own moves leads into the frontier.
              Step steps[4 * kFifteenMaxPatternTiles];
              const int count = Steps(q, occupied, region, steps);
              for (int j = 0; j < count; ++j) __builtin_prefetch(&frontier_[steps[j].index]);
              for (int j = 0; j < count; ++j) {
                if (Load(&frontier_[steps[j].index]) & steps[j].region) {
                  found |= region;
                  break;
                }
              }
            }
            if (found == 0) continue;
            // Only this thread writes this placement's entries during a bottom-up level.
            Store(&reached_[index], static_cast<uint16_t>(reached | found));
            Store(&next_[index], static_cast<uint16_t>(found));
            if (reached == 0) Store(&depth_[index], depth);
          }
        });
  }

  absl::StatusOr<std::vector<uint8_t>> Pack(const std::string& name) {
    std::vector<uint8_t> section(FifteenPdbBytes(k_), 0);
    std::atomic<bool> failed{false};
    std::atomic<uint64_t> bad_index{0};
    ForEachChunk([&](uint64_t first, uint64_t last) {
      ForPrefixes(
          first, last, [](uint64_t) { return true; },
          [&](uint64_t prefix, const uint8_t* q, const uint8_t* free, uint32_t) {
            int prefix_manhattan = 0;
            for (int i = 0; i + 1 < k_; ++i) {
              prefix_manhattan += FifteenManhattan(q[i], pattern_.cells[i]);
            }
            for (uint64_t digit = 0; digit < block_; ++digit) {
              const uint64_t index = prefix * block_ + digit;
              const int manhattan =
                  prefix_manhattan + FifteenManhattan(free[digit], pattern_.cells[k_ - 1]);
              const int extra = depth_[index] - 1 - manhattan;
              if (depth_[index] == 0 || extra < 0 || extra % 2 != 0 ||
                  extra / 2 > kFifteenMaxEntryValue) {
                failed = true;
                bad_index = index;
                continue;
              }
              // No two threads share a byte: chunks start at multiples of
              // kPrefixesPerChunk * block_, which are even.
              SetNibble(section.data(), index, extra / 2);
            }
          });
    });
    if (failed) {
      return absl::InternalError(absl::StrCat(name, ": entry ", bad_index.load(), " (depth ",
                                              depth_[bad_index.load()] - 1,
                                              ") does not fit the 4-bit (h - manhattan) / 2"));
    }
    return section;
  }

  const FifteenPattern pattern_;
  const int k_;
  const uint64_t entries_;
  const uint64_t block_;     // placements per prefix: the last digit's base, 17 - k
  const uint64_t prefixes_;  // entries_ / block_
  const int threads_;
  const CellNeighbours neighbours_;
  BigArray<uint16_t> reached_;   // blank cells reached so far (whole regions)
  BigArray<uint16_t> frontier_;  // blank cells first reached at the current level
  BigArray<uint16_t> next_;      // blank cells first reached at the next level
  BigArray<uint8_t> depth_;      // 1 + the level the placement was first reached; 0: not yet
};

}  // namespace

absl::StatusOr<std::vector<uint8_t>> BuildFifteenPdb(const FifteenPattern& pattern, int threads,
                                                     const FifteenBuildLog& log) {
  if (pattern.size < kFifteenMinPatternTiles || pattern.size > kFifteenMaxPatternTiles) {
    return absl::InvalidArgumentError(
        absl::StrCat("pattern of ", pattern.size, " tiles; expected 2 to 8"));
  }
  if (pattern.region_cell < 0 || pattern.region_cell > 15 ||
      (pattern.Mask() & (1u << pattern.region_cell))) {
    return absl::InvalidArgumentError(
        absl::StrCat("region cell ", pattern.region_cell, "; expected a cell not in the pattern"));
  }
  PdbBuilder builder(pattern, threads);
  return builder.Run(log);
}

}  // namespace puzzle
