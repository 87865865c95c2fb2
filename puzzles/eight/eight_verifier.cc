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
      return absl::InvalidArgumentError(absl::StrCat("histograms line ", line_number,
                                                     ": expected 'cell(0-8) reachable counts...'"));
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
      return absl::InvalidArgumentError(absl::StrCat(
          "histograms line ", line_number, ": counts sum to ", total, ", not ", numbers[1]));
    }
  }
  for (int cell = 0; cell < puzzle::kEightSeeds; ++cell) {
    if (!seen[cell]) {
      return absl::InvalidArgumentError(absl::StrCat("histograms: no line for cell ", cell));
    }
  }
  return histograms;
}

namespace {

// The checks of one seed's table, in the header's order, over buffers reused across seeds.
class SeedChecker {
 public:
  SeedChecker(const EightTable& table, EightVerifyReport* report)
      : table_(table),
        report_(report),
        parent_(kStatesPerSeed),
        last_move_(kStatesPerSeed),
        depth_(kStatesPerSeed),
        path_rank_(kStatesPerSeed) {}

  void Check(int seed, const DepthHistograms* expected) {
    seed_ = seed;
    seed_index_ = StateIndex(EightState::Seed(seed));
    if (!CheckLegalMoves() || !WalkBackToTheSeed()) return;
    std::vector<uint32_t>& histogram = report_->histograms[seed];
    CheckDepthsAreDistances(histogram);
    report_->states_checked += kStatesPerSeed;
    CheckLexMin(histogram.size());
    if (expected != nullptr && histogram != (*expected)[seed]) {
      Fail(absl::StrCat("seed ", seed, ": depth histogram ", absl::StrJoin(histogram, " "),
                        " differs from the expected ", absl::StrJoin((*expected)[seed], " ")));
    }
  }

 private:
  void Fail(std::string message) {
    if (report_->failures.size() < kMaxFailures) report_->failures.push_back(std::move(message));
  }

  // 1. Every stored move is legal: undoing it is a legal move from the state. Fills parents.
  bool CheckLegalMoves() {
    bool legal = true;
    for (uint32_t index = 0; index < kStatesPerSeed; ++index) {
      if (index == seed_index_) continue;
      const EightState state = StateFromIndex(index);
      const Move move = table_.LastMove(seed_, index);
      const Move back = OppositeMove(move);
      if (!CanMove(state, back)) {
        Fail(absl::StrCat("seed ", seed_, " state ", index, ": last move '",
                          std::string(1, MoveChar(move)), "' is illegal"));
        legal = false;
        continue;
      }
      parent_[index] = StateIndex(ApplyMove(state, back));
      last_move_[index] = move;
    }
    return legal;
  }

  // 2. Walking back reaches the seed within 31 steps (no cycles); memoised depths.
  bool WalkBackToTheSeed() {
    std::fill(depth_.begin(), depth_.end(), kUnknownDepth);
    depth_[seed_index_] = 0;
    for (uint32_t index = 0; index < kStatesPerSeed; ++index) {
      walk_.clear();
      uint32_t at = index;
      while (depth_[at] == kUnknownDepth) {
        walk_.push_back(at);
        if (walk_.size() > static_cast<size_t>(kEightMaxDistance)) {
          Fail(absl::StrCat("seed ", seed_, " state ", index,
                            ": walking back does not reach the seed within 31 steps"));
          return false;
        }
        at = parent_[at];
      }
      uint32_t d = depth_[at];
      for (auto it = walk_.rbegin(); it != walk_.rend(); ++it)
        depth_[*it] = static_cast<uint8_t>(++d);
      if (d > static_cast<uint32_t>(kEightMaxDistance)) {
        Fail(absl::StrCat("seed ", seed_, " state ", index, ": depth ", d, " exceeds 31"));
        return false;
      }
    }
    return true;
  }

  // 3. Depths are distances: no neighbour is two or more closer. 5. The depth histogram.
  void CheckDepthsAreDistances(std::vector<uint32_t>& histogram) {
    for (uint32_t index = 0; index < kStatesPerSeed; ++index) {
      const EightState state = StateFromIndex(index);
      if (histogram.size() <= depth_[index]) histogram.resize(depth_[index] + 1, 0);
      ++histogram[depth_[index]];
      for (Move move : kMovesInLexOrder) {
        if (!CanMove(state, move)) continue;
        const uint32_t neighbour = StateIndex(ApplyMove(state, move));
        if (depth_[neighbour] + 1 < depth_[index]) {
          Fail(absl::StrCat("seed ", seed_, " state ", index, ": depth ", depth_[index],
                            " but neighbour ", neighbour, " has depth ", depth_[neighbour],
                            "; the stored path is not shortest"));
        }
      }
    }
  }

  // 4. Lex-min: rank each level by path order ((parent's rank, move), level by level), then the
  // stored (parent, move) must be the smallest among all predecessors one level up.
  void CheckLexMin(size_t levels_count) {
    std::vector<std::vector<uint32_t>> levels(levels_count);
    for (uint32_t index = 0; index < kStatesPerSeed; ++index)
      levels[depth_[index]].push_back(index);
    path_rank_[seed_index_] = 0;
    std::vector<std::pair<uint64_t, uint32_t>> keyed;
    for (size_t d = 1; d < levels.size(); ++d) {
      keyed.clear();
      for (uint32_t index : levels[d])
        keyed.emplace_back(PathKey(parent_[index], last_move_[index]), index);
      std::sort(keyed.begin(), keyed.end());
      for (size_t r = 0; r < keyed.size(); ++r)
        path_rank_[keyed[r].second] = static_cast<uint32_t>(r);
      for (uint32_t index : levels[d]) CheckLexMinChoice(index);
    }
  }

  uint64_t PathKey(uint32_t parent, Move move) const {
    return uint64_t{path_rank_[parent]} * 4 + static_cast<uint64_t>(move);
  }

  void CheckLexMinChoice(uint32_t index) {
    const EightState state = StateFromIndex(index);
    const uint64_t stored = PathKey(parent_[index], last_move_[index]);
    for (Move move : kMovesInLexOrder) {
      // A predecessor P reaches `state` with `move` when undoing `move` from state is legal.
      const Move back = OppositeMove(move);
      if (!CanMove(state, back)) continue;
      const uint32_t predecessor = StateIndex(ApplyMove(state, back));
      if (depth_[predecessor] + 1 != depth_[index]) continue;
      if (PathKey(predecessor, move) < stored) {
        Fail(absl::StrCat("seed ", seed_, " state ", index, ": stored last move '",
                          std::string(1, MoveChar(last_move_[index])),
                          "' is not on the lexicographically smallest shortest path ('",
                          std::string(1, MoveChar(move)), "' from state ", predecessor,
                          " is smaller)"));
      }
    }
  }

  const EightTable& table_;
  EightVerifyReport* const report_;
  int seed_ = 0;
  uint32_t seed_index_ = 0;
  std::vector<uint32_t> parent_;
  std::vector<Move> last_move_;
  std::vector<uint8_t> depth_;
  std::vector<uint32_t> path_rank_;
  std::vector<uint32_t> walk_;
};

}  // namespace

EightVerifyReport VerifyEightTable(const EightTable& table, const DepthHistograms* expected) {
  EightVerifyReport report;
  SeedChecker checker(table, &report);
  for (int seed = 0; seed < kEightSeeds; ++seed) checker.Check(seed, expected);
  return report;
}

}  // namespace puzzle
