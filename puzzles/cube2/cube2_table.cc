#include "puzzles/cube2/cube2_table.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace puzzle {
namespace {

constexpr uint8_t kUnseen = 0xFF;

}  // namespace

const std::vector<Cube2Turn>& Cube2MetricTurns(Cube2Metric metric) {
  static const std::vector<Cube2Turn>* const htm = new std::vector<Cube2Turn>{
      {0, 1}, {0, 2}, {0, 3}, {1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {2, 3}};
  static const std::vector<Cube2Turn>* const qtm =
      new std::vector<Cube2Turn>{{0, 1}, {0, 3}, {1, 1}, {1, 3}, {2, 1}, {2, 3}};
  return metric == Cube2Metric::kHalfTurn ? *htm : *qtm;
}

int Cube2MetricDiameter(Cube2Metric metric) { return metric == Cube2Metric::kHalfTurn ? 11 : 14; }

const Cube2MoveTables& Cube2MoveTables::Get(Cube2Metric metric) {
  static const Cube2MoveTables* const htm = new Cube2MoveTables(Cube2Metric::kHalfTurn);
  static const Cube2MoveTables* const qtm = new Cube2MoveTables(Cube2Metric::kQuarterTurn);
  return metric == Cube2Metric::kHalfTurn ? *htm : *qtm;
}

Cube2MoveTables::Cube2MoveTables(Cube2Metric metric)
    : move_count_(static_cast<int>(Cube2MetricTurns(metric).size())),
      perm_(kCube2PermCount),
      twist_(kCube2TwistCount) {
  const std::vector<Cube2Turn>& turns = Cube2MetricTurns(metric);
  const uint16_t all = static_cast<uint16_t>((1u << move_count_) - 1);
  may_follow_.fill(all);
  for (int m = 0; m < move_count_; ++m) {
    uint16_t follow = 0;
    for (int n = 0; n < move_count_; ++n) {
      const bool same_face = turns[n].face == turns[m].face;
      const bool undoes = same_face && (turns[n].quarter_turns + turns[m].quarter_turns) % 4 == 0;
      if (metric == Cube2Metric::kHalfTurn ? !same_face : !undoes) follow |= 1u << n;
    }
    may_follow_[m] = follow;
  }
  for (int m = 0; m < move_count_; ++m) {
    const Cube2State turn = Cube2FaceTurn(turns[m].face, turns[m].quarter_turns);
    // A permutation's image does not depend on the twists, nor twists' on the permutation.
    for (uint32_t p = 0; p < kCube2PermCount; ++p) {
      const Cube2State next = Cube2Multiply(Cube2FromIndex(p * kCube2TwistCount), turn);
      perm_[p][m] = static_cast<uint16_t>(Cube2Index(next) / kCube2TwistCount);
    }
    for (uint32_t t = 0; t < kCube2TwistCount; ++t) {
      const Cube2State next = Cube2Multiply(Cube2FromIndex(t), turn);
      twist_[t][m] = static_cast<uint16_t>(Cube2Index(next) % kCube2TwistCount);
    }
  }
}

std::vector<uint8_t> BuildCube2Solutions(Cube2Metric metric, std::vector<uint64_t>* depth_counts) {
  const Cube2MoveTables& moves = Cube2MoveTables::Get(metric);
  const int move_count = moves.move_count();
  std::vector<uint8_t> distance(kCube2States, kUnseen);
  const uint32_t solved = Cube2Index(Cube2Solved());
  distance[solved] = 0;
  depth_counts->assign(1, 1);
  // Level by level: scan for the states at `depth` and give their unseen neighbours depth + 1.
  std::vector<uint32_t> frontier = {solved};
  for (uint8_t depth = 0; !frontier.empty(); ++depth) {
    std::vector<uint32_t> next;
    for (uint32_t index : frontier) {
      for (int m = 0; m < move_count; ++m) {
        const uint32_t to = moves.Next(index, m);
        if (distance[to] != kUnseen) continue;
        distance[to] = static_cast<uint8_t>(depth + 1);
        next.push_back(to);
      }
    }
    if (!next.empty()) depth_counts->push_back(next.size());
    frontier = std::move(next);
  }
  // The first move of the lex-min shortest solution: the smallest move one step closer.
  std::vector<uint8_t> solutions(kCube2States);
  for (uint32_t index = 0; index < kCube2States; ++index) {
    uint8_t first = kCube2NoMove;
    if (distance[index] != 0) {
      for (int m = 0; m < move_count; ++m) {
        if (distance[moves.Next(index, m)] + 1 == distance[index]) {
          first = static_cast<uint8_t>(m);
          break;
        }
      }
    }
    solutions[index] = static_cast<uint8_t>(distance[index] << 4 | first);
  }
  return solutions;
}

TableContents MakeCube2TableContents(const std::string& puzzle, const std::string& table,
                                     std::vector<uint8_t> solutions, std::string metadata) {
  TableContents contents;
  contents.puzzle = puzzle;
  contents.table = table;
  contents.metadata = std::move(metadata);
  TableSectionContents section;
  section.name = kCube2SectionName;
  section.encoding = SectionEncoding::kRaw;
  section.bits_per_entry = 8;
  section.entry_count = kCube2States;
  section.bytes = std::move(solutions);
  contents.sections.push_back(std::move(section));
  return contents;
}

absl::StatusOr<Cube2Table> Cube2Table::FromTableFile(const TableFile& file, Cube2Metric metric) {
  absl::StatusOr<const TableSection*> section =
      file.SectionWithLayout(kCube2SectionName, 8, kCube2States);
  if (!section.ok()) return section.status();
  return Cube2Table((*section)->data(), metric);
}

absl::Status Cube2Table::Solve(uint32_t index, std::vector<int>* moves) const {
  uint8_t buffer[kCube2MaxSolution];
  int count = 0;
  const absl::Status status = Solve(index, buffer, &count);
  moves->assign(buffer, buffer + count);
  return status;
}

absl::Status Cube2Table::Solve(uint32_t index, uint8_t* moves, int* count) const {
  const uint32_t from = index;
  const int distance = Distance(index);
  // Locals, and the path in a local buffer: a store through `moves` (a uint8_t*, which may alias
  // anything) would otherwise make the compiler reload every pointer at every step.
  const uint8_t* const solutions = solutions_;
  const Cube2MoveTables& tables = *moves_;
  const int move_count = tables.move_count();
  uint8_t path[kCube2MaxSolution];
  int n = 0;
  int previous = kCube2NoMove;
  for (; n < distance && n < kCube2MaxSolution; ++n) {
    // The next state is one of the neighbours: fetching their entries now overlaps the memory
    // latency of the walk's steps (the table is larger than the L2 cache). Only the neighbours by
    // a move that may follow the previous one can be next (6 of 9 in the half-turn metric).
    const Cube2MoveTables::Rows rows = tables.Neighbours(index);
    for (uint32_t follow = tables.MayFollow(previous); follow != 0; follow &= follow - 1) {
      __builtin_prefetch(&solutions[rows.Next(__builtin_ctz(follow))]);
    }
    const uint8_t entry = solutions[index];
    const int move = entry & 15;
    if (move >= move_count || entry >> 4 != distance - n) break;
    path[n] = static_cast<uint8_t>(move);
    previous = move;
    index = rows.Next(move);
  }
  std::memcpy(moves, path, n);
  *count = n;
  if (n != distance || Distance(index) != 0) {
    return absl::DataLossError(absl::StrCat("cube2 table: the entries from state ", from,
                                            " do not lead to solved in ", distance, " moves"));
  }
  return absl::OkStatus();
}

void Cube2Table::SolveMany(const uint32_t* indexes, size_t count, Walk* walks) const {
  const uint8_t* const solutions = solutions_;
  const Cube2MoveTables& tables = *moves_;
  const int move_count = tables.move_count();
  for (size_t begin = 0; begin < count; begin += kCube2InterleavedWalks) {
    const int group = static_cast<int>(std::min<size_t>(kCube2InterleavedWalks, count - begin));
    uint32_t index[kCube2InterleavedWalks];
    int distance[kCube2InterleavedWalks], previous[kCube2InterleavedWalks];
    bool going[kCube2InterleavedWalks];
    int longest = 0;
    for (int w = 0; w < group; ++w) {
      index[w] = indexes[begin + w];
      __builtin_prefetch(&solutions[index[w]]);
    }
    for (int w = 0; w < group; ++w) {
      distance[w] = solutions[index[w]] >> 4;
      previous[w] = kCube2NoMove;
      going[w] = true;
      walks[begin + w].count = 0;
      longest = std::max(longest, distance[w]);
      const Cube2MoveTables::Rows rows = tables.Neighbours(index[w]);
      for (int m = 0; m < move_count; ++m) __builtin_prefetch(&solutions[rows.Next(m)]);
    }
    // Step n of every walk in the group, then step n + 1. As in Solve, a walk prefetches the
    // entries of the neighbours that may come next (here as soon as it has moved), and now the
    // other walks' steps run while they arrive.
    for (int n = 0; n < longest; ++n) {
      for (int w = 0; w < group; ++w) {
        if (!going[w] || n >= distance[w]) continue;
        const uint8_t entry = solutions[index[w]];
        const int move = entry & 15;
        if (move >= move_count || entry >> 4 != distance[w] - n) {
          going[w] = false;  // the entries do not lead on: DataLoss below
          continue;
        }
        walks[begin + w].moves[n] = static_cast<uint8_t>(move);
        walks[begin + w].count = n + 1;
        previous[w] = move;
        index[w] = tables.Next(index[w], move);
        const Cube2MoveTables::Rows next = tables.Neighbours(index[w]);
        for (uint32_t follow = tables.MayFollow(previous[w]); follow != 0; follow &= follow - 1) {
          __builtin_prefetch(&solutions[next.Next(__builtin_ctz(follow))]);
        }
      }
    }
    for (int w = 0; w < group; ++w) {
      Walk& walk = walks[begin + w];
      if (walk.count != distance[w] || (solutions[index[w]] >> 4) != 0) {
        walk.status = absl::DataLossError(
            absl::StrCat("cube2 table: the entries from state ", indexes[begin + w],
                         " do not lead to solved in ", distance[w], " moves"));
      } else {
        walk.status = absl::OkStatus();
      }
    }
  }
}

}  // namespace puzzle
