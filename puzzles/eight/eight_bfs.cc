#include "puzzles/eight/eight_bfs.h"

#include <thread>

#include "puzzles/eight/eight_table.h"

namespace puzzle {

using puzzle::EightState;
using puzzle::Move;

// Why the first move that reaches a state is the last move of its lexicographically smallest
// shortest path (and so why one 2-bit entry per state suffices):
//
// Claim: the FIFO queue holds each level's states in the lexicographic order of their lex-min
// shortest paths. Level 0 is the seed alone. Suppose it holds for level k. Level k+1 states are
// discovered while level k is dequeued, in the order (parent's queue position, move in d,l,r,u
// order). Every shortest path to a level-(k+1) state T is (a shortest path to some level-k parent
// P) + (one move). Comparing two such paths of equal length lexicographically compares the
// prefixes first and then the last move; the best prefix for a given P is P's lex-min path. So
// T's lex-min path is (lex-min path of the earliest-queued parent that reaches T) + (the smallest
// move from that parent to T) -- exactly the first discovery of T, since parents are dequeued in
// path order and each parent tries d, l, r, u in that order. And the discovery order, which is
// the enqueue order, sorts level k+1 by those paths, which proves the claim for k+1.
SeedStats BfsFromSeed(int seed, std::vector<uint8_t>& payload) {
  struct QueueEntry {
    uint32_t tiles;
    uint16_t rank;  // RankEvenTileOrder(tiles) < 20,160; kept so horizontal moves skip ranking
    uint8_t blank;
  };
  std::vector<QueueEntry> queue(puzzle::kStatesPerSeed);
  std::vector<uint64_t> visited((puzzle::kStatesPerSeed + 63) / 64, 0);
  auto mark = [&visited](uint32_t index) {
    uint64_t& word = visited[index >> 6];
    const uint64_t bit = uint64_t{1} << (index & 63);
    if (word & bit) return false;
    word |= bit;
    return true;
  };

  const EightState start = EightState::Seed(seed);
  const uint16_t start_rank = static_cast<uint16_t>(puzzle::RankEvenTileOrder(start.tiles));
  mark(start.blank * puzzle::kEvenTileOrders + start_rank);
  queue[0] = QueueEntry{start.tiles, start_rank, start.blank};
  size_t head = 0;
  size_t tail = 1;

  SeedStats stats;
  stats.per_depth.push_back(1);
  size_t level_end = 1;  // queue position one past the level being expanded
  while (head < tail) {
    const QueueEntry current = queue[head++];
    const EightState state{current.blank, current.tiles};
    for (Move move : puzzle::kMovesInLexOrder) {
      if (!puzzle::CanMove(state, move)) continue;
      const EightState next = puzzle::ApplyMove(state, move);
      const uint32_t rank =
          puzzle::IsVertical(move) ? puzzle::RankEvenTileOrder(next.tiles) : current.rank;
      const uint32_t index = next.blank * puzzle::kEvenTileOrders + rank;
      if (!mark(index)) continue;
      puzzle::SetEightEntry(payload, seed, index, move);
      queue[tail++] = QueueEntry{next.tiles, static_cast<uint16_t>(rank), next.blank};
    }
    if (head == level_end && tail > level_end) {  // a level is done; the next one is queued
      stats.per_depth.push_back(static_cast<uint32_t>(tail - level_end));
      level_end = tail;
    }
  }
  stats.states = static_cast<uint32_t>(tail);
  return stats;
}

EightBfsResult BuildEightTable(int threads) {
  EightBfsResult result;
  result.payload.assign(puzzle::kEightPayloadBytes, 0);
  if (threads < 1) threads = 1;
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([t, threads, &result] {
      for (int seed = t; seed < puzzle::kEightSeeds; seed += threads) {
        result.seeds[seed] = BfsFromSeed(seed, result.payload);
      }
    });
  }
  for (std::thread& worker : workers) worker.join();
  return result;
}

}  // namespace puzzle
