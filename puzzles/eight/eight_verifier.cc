#include "puzzles/eight/eight_verifier.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace puzzle {
namespace {

using puzzle::EightState;
using puzzle::Move;

constexpr size_t kMaxFailures = 20;
constexpr uint8_t kUnknownDepth = 0xFF;

}  // namespace

absl::StatusOr<DepthHistograms> ParseDepthHistograms(absl::string_view text) {
  DepthHistograms histograms;
  std::array<bool, puzzle::kEightSeeds> seen{};
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    std::vector<absl::string_view> fields =
        absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    if (fields.empty()) continue;
    std::vector<uint32_t> numbers;
    for (size_t i = 0; i < fields.size(); ++i) {
      uint32_t value;
      if (!absl::SimpleAtoi(fields[i], &value)) {
        return absl::InvalidArgumentError(absl::StrCat("histograms line ", line_number, " field ",
                                                       i + 1, ": '", fields[i],
                                                       "' is not a non-negative integer"));
      }
      numbers.push_back(value);
    }
    if (numbers.size() < 3 || numbers[0] >= puzzle::kEightSeeds) {
      return absl::InvalidArgumentError(absl::StrCat(
          "histograms line ", line_number, ": expected 'cell(0-8) reachable counts...'"));
    }
    const uint32_t cell = numbers[0];
    if (seen[cell]) {
      return absl::InvalidArgumentError(
          absl::StrCat("histograms line ", line_number, ": cell ", cell, " appears twice"));
    }
    seen[cell] = true;
    histograms[cell].assign(numbers.begin() + 2, numbers.end());
    uint64_t total = 0;
    for (uint32_t count : histograms[cell]) total += count;
    if (total != numbers[1]) {
      return absl::InvalidArgumentError(absl::StrCat("histograms line ", line_number,
                                                     ": counts sum to ", total, ", not ",
                                                     numbers[1]));
    }
  }
  for (int cell = 0; cell < puzzle::kEightSeeds; ++cell) {
    if (!seen[cell]) {
      return absl::InvalidArgumentError(absl::StrCat("histograms: no line for cell ", cell));
    }
  }
  return histograms;
}

EightVerifyReport VerifyEightTable(const puzzle::EightTable& table, const DepthHistograms* expected) {
  EightVerifyReport report;
  auto fail = [&report](std::string message) {
    if (report.failures.size() < kMaxFailures) report.failures.push_back(std::move(message));
  };
  std::vector<uint32_t> parent(puzzle::kStatesPerSeed);
  std::vector<Move> last_move(puzzle::kStatesPerSeed);
  std::vector<uint8_t> depth(puzzle::kStatesPerSeed);
  std::vector<uint32_t> path_rank(puzzle::kStatesPerSeed);
  std::vector<uint32_t> walk;

  for (int seed = 0; seed < puzzle::kEightSeeds; ++seed) {
    const uint32_t seed_index = puzzle::StateIndex(EightState::Seed(seed));
    // 1. Legal moves and parents.
    bool legal = true;
    for (uint32_t index = 0; index < puzzle::kStatesPerSeed; ++index) {
      if (index == seed_index) continue;
      const EightState state = puzzle::StateFromIndex(index);
      const Move move = table.LastMove(seed, index);
      const Move back = puzzle::OppositeMove(move);
      if (!puzzle::CanMove(state, back)) {
        fail(absl::StrCat("seed ", seed, " state ", index, ": last move '",
                          std::string(1, puzzle::MoveChar(move)), "' is illegal"));
        legal = false;
        continue;
      }
      parent[index] = puzzle::StateIndex(puzzle::ApplyMove(state, back));
      last_move[index] = move;
    }
    if (!legal) continue;

    // 2. Walk back to the seed; memoised depths.
    std::fill(depth.begin(), depth.end(), kUnknownDepth);
    depth[seed_index] = 0;
    bool walks_ok = true;
    for (uint32_t index = 0; index < puzzle::kStatesPerSeed && walks_ok; ++index) {
      walk.clear();
      uint32_t at = index;
      while (depth[at] == kUnknownDepth) {
        walk.push_back(at);
        if (walk.size() > static_cast<size_t>(puzzle::kEightMaxDistance)) {
          fail(absl::StrCat("seed ", seed, " state ", index,
                            ": walking back does not reach the seed within 31 steps"));
          walks_ok = false;
          break;
        }
        at = parent[at];
      }
      if (!walks_ok) break;
      uint32_t d = depth[at];
      for (auto it = walk.rbegin(); it != walk.rend(); ++it) depth[*it] = static_cast<uint8_t>(++d);
      if (d > static_cast<uint32_t>(puzzle::kEightMaxDistance)) {
        fail(absl::StrCat("seed ", seed, " state ", index, ": depth ", d, " exceeds 31"));
        walks_ok = false;
      }
    }
    if (!walks_ok) continue;

    // 3. Depths are distances; 5. histogram.
    std::vector<uint32_t>& histogram = report.histograms[seed];
    for (uint32_t index = 0; index < puzzle::kStatesPerSeed; ++index) {
      const EightState state = puzzle::StateFromIndex(index);
      if (histogram.size() <= depth[index]) histogram.resize(depth[index] + 1, 0);
      ++histogram[depth[index]];
      for (Move move : puzzle::kMovesInLexOrder) {
        if (!puzzle::CanMove(state, move)) continue;
        const uint32_t neighbour = puzzle::StateIndex(puzzle::ApplyMove(state, move));
        if (depth[neighbour] + 1 < depth[index]) {
          fail(absl::StrCat("seed ", seed, " state ", index, ": depth ", depth[index],
                            " but neighbour ", neighbour, " has depth ", depth[neighbour],
                            "; the stored path is not shortest"));
        }
      }
    }
    report.states_checked += puzzle::kStatesPerSeed;

    // 4. Lex-min: rank each level by path order, then check every state's stored choice.
    std::vector<std::vector<uint32_t>> levels(histogram.size());
    for (uint32_t index = 0; index < puzzle::kStatesPerSeed; ++index) {
      levels[depth[index]].push_back(index);
    }
    path_rank[seed_index] = 0;
    std::vector<std::pair<uint64_t, uint32_t>> keyed;
    for (size_t d = 1; d < levels.size(); ++d) {
      keyed.clear();
      for (uint32_t index : levels[d]) {
        keyed.emplace_back(uint64_t{path_rank[parent[index]]} * 4 +
                               static_cast<uint64_t>(last_move[index]),
                           index);
      }
      std::sort(keyed.begin(), keyed.end());
      for (size_t r = 0; r < keyed.size(); ++r) path_rank[keyed[r].second] = static_cast<uint32_t>(r);
      for (uint32_t index : levels[d]) {
        const EightState state = puzzle::StateFromIndex(index);
        const uint64_t stored = uint64_t{path_rank[parent[index]]} * 4 +
                                static_cast<uint64_t>(last_move[index]);
        for (Move move : puzzle::kMovesInLexOrder) {
          // A predecessor P reaches `state` with `move` when undoing `move` from state is legal.
          const Move back = puzzle::OppositeMove(move);
          if (!puzzle::CanMove(state, back)) continue;
          const uint32_t predecessor = puzzle::StateIndex(puzzle::ApplyMove(state, back));
          if (depth[predecessor] + 1 != depth[index]) continue;
          const uint64_t candidate =
              uint64_t{path_rank[predecessor]} * 4 + static_cast<uint64_t>(move);
          if (candidate < stored) {
            fail(absl::StrCat("seed ", seed, " state ", index, ": stored last move '",
                              std::string(1, puzzle::MoveChar(last_move[index])),
                              "' is not on the lexicographically smallest shortest path ('",
                              std::string(1, puzzle::MoveChar(move)), "' from state ",
                              predecessor, " is smaller)"));
          }
        }
      }
    }

    if (expected != nullptr && histogram != (*expected)[seed]) {
      fail(absl::StrCat("seed ", seed, ": depth histogram ", absl::StrJoin(histogram, " "),
                        " differs from the expected ", absl::StrJoin((*expected)[seed], " ")));
    }
  }
  return report;
}

}  // namespace puzzle
