// The Rotation Game solver against independent brute force:
//  - the whole distance table against a plain forward BFS over raw 24-bit masks (a 16 MiB array
//    indexed by the mask itself: no ranking, no op tables);
//  - 10,000 boards (uniform random, and scrambles of solved boards at every depth) against a
//    reimplementation of the seed's IDA* (puzzles/rotation/rotation_ida_star.h: A..H order, no
//    immediate inverse, h = 8 - max count; its own op lists and pull); under a sanitizer, every
//    9th of them.
#include "puzzles/rotation/rotation_solver.h"

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "puzzles/rotation/rotation_ida_star.h"

namespace puzzle {
namespace {

constexpr int kCentre[8] = {6, 7, 8, 11, 12, 15, 16, 17};

void Pull(std::array<int, 24>& map, int op) { RotationIdaStar::Pull(map, op); }

uint32_t PullMask(uint32_t mask, int op) {
  std::array<int, 24> cells;
  for (int i = 0; i < 24; ++i) cells[i] = (mask >> i) & 1;
  Pull(cells, op);
  uint32_t out = 0;
  for (int i = 0; i < 24; ++i) out |= static_cast<uint32_t>(cells[i]) << i;
  return out;
}

class RotationSolverTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<std::unique_ptr<TableFile>> file = TableFile::Open("data/rotation.tbl");
    ASSERT_TRUE(file.ok()) << file.status();
    file_ = file->release();
    absl::StatusOr<RotationTable> t = RotationTable::FromTableFile(*file_);
    ASSERT_TRUE(t.ok()) << t.status();
    table_ = new RotationTable(*t);
  }
  static void TearDownTestSuite() {
    delete table_;
    delete file_;
  }
  static TableFile* file_;
  static RotationTable* table_;
};
TableFile* RotationSolverTest::file_ = nullptr;
RotationTable* RotationSolverTest::table_ = nullptr;

TEST_F(RotationSolverTest, EveryDistanceMatchesAForwardSearch) {
  // Forward BFS from the centre set. Every op's inverse is an op, so the distance from the goal
  // equals the distance to it.
  std::vector<int8_t> distance(1u << 24, -1);
  std::vector<uint32_t> queue = {kRotationCentreMask};
  distance[kRotationCentreMask] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    for (int op = 0; op < 8; ++op) {
      const uint32_t next = PullMask(queue[head], op);
      if (distance[next] >= 0) continue;
      distance[next] = static_cast<int8_t>(distance[queue[head]] + 1);
      queue.push_back(next);
    }
  }
  ASSERT_EQ(queue.size(), 735471u);
  for (uint32_t mask : queue) {
    ASSERT_EQ(table_->Distance(RankCellSet(mask)), distance[mask]) << mask;
  }
}

TEST_F(RotationSolverTest, SampleAndNoMovesNeeded) {
  RotationSolver solver(table_);
  absl::StatusOr<RotationAnswer> a =
      solver.SolveText("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->moves, "AC");
  EXPECT_EQ(a->distance, 2);
  EXPECT_EQ(a->centre, 2);
  a = solver.SolveText("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->moves, "DDHH");
  EXPECT_EQ(a->centre, 2);
  // Centre already uniform.
  a = solver.SolveText("1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->distance, 0);
  EXPECT_EQ(a->moves, "");
  EXPECT_EQ(a->centre, 2);
  EXPECT_EQ(solver.SolveText("1 2").status().message(),
            "board: expected 24 symbols (eight each of 1, 2 and 3), got 2");
}

TEST_F(RotationSolverTest, TenThousandBoardsMatchTheSeedsIdaStar) {
  // Boards: 2,000 uniform; 8,000 scrambles of a solved board, depth 1..14 round robin.
  std::vector<std::array<int, 24>> boards;
  std::mt19937_64 rng(1667);
  std::array<int, 24> base;
  for (int i = 0; i < 24; ++i) base[i] = 1 + i / 8;
  for (int i = 0; i < 2000; ++i) {
    std::shuffle(base.begin(), base.end(), rng);
    boards.push_back(base);
  }
  for (int i = 0; i < 8000; ++i) {
    // A solved board: the centre all k, the rest a random arrangement of the remaining symbols.
    const int k = 1 + static_cast<int>(rng() % 3);
    std::vector<int> rest;
    for (int s = 1; s <= 3; ++s)
      for (int n = 0; n < (s == k ? 0 : 8); ++n) rest.push_back(s);
    std::shuffle(rest.begin(), rest.end(), rng);
    std::array<int, 24> board;
    size_t next = 0;
    for (int cell = 0; cell < 24; ++cell) {
      const bool centre =
          std::find(std::begin(kCentre), std::end(kCentre), cell) != std::end(kCentre);
      board[cell] = centre ? k : rest[next++];
    }
    for (int step = 0; step < 1 + i % 14; ++step) Pull(board, static_cast<int>(rng() % 8));
    boards.push_back(board);
  }
  // Under a sanitizer (SANITIZER, set by .bazelrc's sanitizer configurations), every 9th board:
  // the same code paths in a ninth of the time (the IDA* runs 12 times slower there, 158 s for
  // all of them). 9 is prime to 14, so the scrambles still cover every depth. The -c opt run
  // checks all 10,000.
  const size_t stride = std::getenv("SANITIZER") != nullptr ? 9 : 1;
  RotationSolver solver(table_);
  std::vector<std::string> mismatches[2];
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      RotationIdaStar ida;
      for (size_t i = t * stride; i < boards.size(); i += 2 * stride) {
        RotationBoard board;
        for (int c = 0; c < 24; ++c) board.cells[c] = static_cast<uint8_t>(boards[i][c]);
        const absl::StatusOr<RotationAnswer> got = solver.Solve(board);
        const auto [moves, centre] = ida.Solve(boards[i]);  // the seed's algorithm
        if (!got.ok() || got->moves != moves || got->centre != centre ||
            got->distance != static_cast<int>(moves.size())) {
          mismatches[t].push_back(FormatRotationBoard(board) + " ida=" + moves + "/" +
                                  std::to_string(centre) +
                                  " table=" + (got.ok() ? got->moves : "error"));
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_TRUE(mismatches[0].empty()) << mismatches[0].front();
  EXPECT_TRUE(mismatches[1].empty()) << mismatches[1].front();
}

}  // namespace
}  // namespace puzzle
