// Reads the pruning tables once from the file Bazel built (data/cube3.tbl), then holds the optimal
// search to an independent brute force: the same length and the same lexicographically smallest
// sequence, on random scrambles of up to 10 moves, every answer replayed by the sticker model
// (cube3_sticker_turns), which shares no code with the solver's coordinates.
#include "puzzles/cube3/cube3_optimal.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "puzzle/seeded_random.h"
#include "puzzle/table_file.h"
#include "puzzles/cube3/cube3_bench_support.h"
#include "puzzles/cube3/cube3_brute_force.h"
#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_flipslice_sorted.h"
#include "puzzles/cube3/cube3_notation.h"
#include "puzzles/cube3/cube3_pruning.h"
#include "puzzles/cube3/cube3_sticker_turns.h"
#include "puzzles/cube3/cube3_table.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {
namespace {

// The default tier's tables, read once from the file Bazel built (data/cube3.tbl, pinned by its
// checksum test) and kept for the whole run (a static holds each, so that LeakSanitizer sees them
// reachable).
const Cube3PruningData& Data() {
  static const Cube3PruningData* const data = ReadCube3TablesOrAbort("data/cube3.tbl");
  return *data;
}

// Their view; cube3_optimal_large_test (CUBE3_LARGE_TIER) adds the large tier's table, from the
// file Bazel built (data/cube3-large.tbl in the runfiles), so that every test below holds the
// large tier's search to the same brute force.
const Cube3PruningTables& Tables() {
  static const Cube3PruningTables* const tables = [] {
    Cube3PruningTables* const view = new Cube3PruningTables(Data().View());
#ifdef CUBE3_LARGE_TIER
    absl::StatusOr<std::unique_ptr<TableFile>> file = TableFile::Open("data/cube3-large.tbl");
    absl::StatusOr<const uint8_t*> large =
        file.ok() ? Cube3LargeTableFromFile(**file) : file.status();
    if (!large.ok()) {
      std::fprintf(stderr, "the large tier: %s\n", std::string(large.status().message()).c_str());
      std::abort();
    }
    static const TableFile* const kept = file->release();  // mapped for the whole run
    (void)kept;
    view->large = *large;
    view->flipslice_sorted = Cube3FlipSliceSorted::Create().release();
#endif
    return view;
  }();
  return *tables;
}

#ifdef CUBE3_LARGE_TIER
constexpr bool kLargeTier = true;
#else
constexpr bool kLargeTier = false;
#endif

TEST(Cube3OptimalTest, SearchesTheTierThisTargetIsFor) {
  EXPECT_EQ(Tables().large != nullptr, kLargeTier);
}

constexpr char kSolved[] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

FaceTurn Turn(int move) { return Cube3BruteForce::Turn(move); }

std::string Tokens(const std::vector<int>& moves) {
  std::vector<std::string> tokens;
  for (int m : moves) tokens.push_back(FaceTurnToken(Turn(m)));
  return absl::StrJoin(tokens, " ");
}

// The brute force (cube3_brute_force.h): every position within 5 moves of solved with its
// distance, then an iterative deepening over all 18 moves in order.
const Cube3BruteForce& Brute() {
  static const Cube3BruteForce* const brute = new Cube3BruteForce(kSolved, 5);
  return *brute;
}

std::vector<int> RandomMoves(SeededRandom& random, int length) {
  std::vector<int> moves;
  for (int i = 0; i < length; ++i) moves.push_back(static_cast<int>(random.Below(kCube3Moves)));
  return moves;
}

std::vector<FaceTurn> Turns(const std::vector<int>& moves) {
  std::vector<FaceTurn> turns;
  for (int m : moves) turns.push_back(Turn(m));
  return turns;
}

// `inverse_from`: Options::inverse_from (0: the tier's choice; the default tier probes the
// inverse only when told to).
void ExpectSameAsBruteForce(const std::string& facelets, int threads, int inverse_from = 0) {
  absl::StatusOr<Cube3State> cube = ParseCube3Board(facelets, "start");
  ASSERT_TRUE(cube.ok()) << cube.status();
  const std::vector<int> expected = Brute().Solve(facelets);
  Cube3Optimal solver(&Tables());
  Cube3Optimal::Options options;
  options.threads = threads;
  options.inverse_from = inverse_from;
  // A search that wrongly cuts the answer fails here at once, not after searching far beyond it.
  options.max_length = static_cast<int>(expected.size());
  const Cube3Optimal::Result result = solver.Solve(*cube, options);
  ASSERT_TRUE(result.found) << facelets;
  EXPECT_FALSE(result.stopped);
  EXPECT_EQ(result.lower_bound, static_cast<int>(result.moves.size()));
  EXPECT_EQ(ApplyCube3StickerTurns(facelets, Turns(result.moves)), kSolved) << facelets;
  EXPECT_EQ(Tokens(result.moves), Tokens(expected)) << facelets;
  EXPECT_LE(solver.LowerBound(*cube), static_cast<int>(result.moves.size()));
}

TEST(Cube3OptimalTest, TheSolvedCubeNeedsNoMoves) {
  Cube3Optimal solver(&Tables());
  const Cube3Optimal::Result result = solver.Solve(Cube3Solved(), {});
  EXPECT_TRUE(result.found);
  EXPECT_TRUE(result.moves.empty());
  EXPECT_EQ(solver.LowerBound(Cube3Solved()), 0);
}

// Short scrambles on 1 and 2 threads: the brute force's answer (the lex-min shortest) each time;
// every third with the inverse probed from 4 moves left (point 6), as the large tier does.
TEST(Cube3OptimalTest, ShortScramblesMatchTheBruteForce) {
  SeededRandom random(20261204);
  for (int i = 0; i < 300; ++i) {
    const int length = 1 + i % 8;
    const std::string facelets =
        ApplyCube3StickerTurns(kSolved, Turns(RandomMoves(random, length)));
    ExpectSameAsBruteForce(facelets, 1 + i % 2, i % 3 == 0 ? 4 : 0);
  }
}

// Longer scrambles, where the search runs several bounds below the answer: 9 and 10 moves; half
// of them with the inverse probed.
TEST(Cube3OptimalTest, NineAndTenMoveScramblesMatchTheBruteForce) {
  SeededRandom random(4);
  for (int i = 0; i < 12; ++i) {
    const std::string facelets =
        ApplyCube3StickerTurns(kSolved, Turns(RandomMoves(random, 9 + i % 2)));
    ExpectSameAsBruteForce(facelets, 2, i % 4 < 2 ? 4 : 0);
  }
}

// Scrambles whose shortest solutions are many and tie: the lex-min rule decides, with commuting
// opposite faces (the search turns U before D; the brute force has no such rule).
TEST(Cube3OptimalTest, CommutingFacesGiveTheSmallestOrder) {
  for (const char* scramble : {"D U", "D2 U'", "L R B F", "B' F2 D U R L'", "U D U2 R L2"}) {
    absl::StatusOr<std::vector<FaceTurn>> turns = ParseFaceTurns(scramble, "scramble");
    ASSERT_TRUE(turns.ok());
    ExpectSameAsBruteForce(ApplyCube3StickerTurns(kSolved, *turns), 1);
  }
}

// Symmetric positions (cube3_optimal.h, point 7): the brute force's answer, the same with the
// symmetry reduction turned off, and fewer nodes to prove that no shorter solution exists.
TEST(Cube3OptimalTest, SymmetricPositionsMatchTheBruteForceWithFewerNodes) {
  // The checkerboard (symmetric under all six, point 7) and the four spots (under one mirror) have
  // bounds below their answers; the other two are tied at their first bound (the reduction has
  // no shorter length to cut there).
  struct Case {
    const char* scramble;
    bool bounds_below;
  };
  for (const Case& c : {Case{"U2 D2", false}, Case{"U2 D2 R2 L2", false},
                        Case{"U2 D2 F2 B2 R2 L2", true}, Case{"F2 B2 U D' R2 L2 U D'", true}}) {
    const char* const scramble = c.scramble;
    absl::StatusOr<std::vector<FaceTurn>> turns = ParseFaceTurns(scramble, "scramble");
    ASSERT_TRUE(turns.ok());
    const std::string facelets = ApplyCube3StickerTurns(kSolved, *turns);
    ExpectSameAsBruteForce(facelets, 2);
    absl::StatusOr<Cube3State> cube = ParseCube3Board(facelets, "start");
    ASSERT_TRUE(cube.ok());
    Cube3Optimal solver(&Tables());
    Cube3Optimal::Options reduced, plain;
    reduced.threads = plain.threads = 2;
    plain.symmetry = false;
    const Cube3Optimal::Result with = solver.Solve(*cube, reduced);
    const Cube3Optimal::Result without = solver.Solve(*cube, plain);
    ASSERT_TRUE(with.found && without.found) << scramble;
    EXPECT_EQ(Tokens(with.moves), Tokens(without.moves)) << scramble;
    // Every shorter length, searched to its end: under the orbits' smallest prefixes only.
    reduced.max_length = plain.max_length = static_cast<int>(with.moves.size()) - 1;
    const Cube3Optimal::Result short_with = solver.Solve(*cube, reduced);
    const Cube3Optimal::Result short_without = solver.Solve(*cube, plain);
    EXPECT_FALSE(short_with.found || short_without.found) << scramble;
    EXPECT_EQ(short_with.lower_bound, static_cast<int>(with.moves.size())) << scramble;
    if (c.bounds_below) {
      EXPECT_LT(short_with.nodes, short_without.nodes) << scramble;
    } else {
      EXPECT_EQ(short_with.nodes, short_without.nodes) << scramble;
    }
    std::fprintf(stderr, "%s: %zu moves; shorter lengths: %llu nodes, %llu without symmetry\n",
                 scramble, with.moves.size(), static_cast<unsigned long long>(short_with.nodes),
                 static_cast<unsigned long long>(short_without.nodes));
  }
}

// Threads change the time, not the answer: 12-move scrambles (an answer of 11-12 moves, several
// bounds of split work) on 1 and 2 threads.
TEST(Cube3OptimalTest, TwoThreadsGiveTheSameAnswer) {
  SeededRandom random(12);
  Cube3Optimal solver(&Tables());
  for (int i = 0; i < 4; ++i) {
    Cube3State cube = Cube3Solved();
    for (int m : RandomMoves(random, 12)) cube = Cube3Multiply(cube, Cube3MoveState(m));
    Cube3Optimal::Options one, two;
    two.threads = 2;
    const Cube3Optimal::Result a = solver.Solve(cube, one);
    const Cube3Optimal::Result b = solver.Solve(cube, two);
    ASSERT_TRUE(a.found && b.found);
    EXPECT_EQ(Tokens(a.moves), Tokens(b.moves));
    EXPECT_EQ(ApplyCube3StickerTurns(Cube3Facelets(cube), Turns(a.moves)), kSolved);
  }
}

// A deadline ends the search with the bound it reached, which is at most the optimal length (17
// for the first published random cube, by nxopt), and progress came from the calling thread, every
// interval from the start of the solve, whatever the bounds' lengths (the first bounds take far
// less than the interval; a report used to wait for a bound that lasted one interval, and on a
// loaded machine none came before a 300 ms deadline).
TEST(Cube3OptimalTest, ADeadlineStopsWithAProvenLowerBound) {
  absl::StatusOr<Cube3State> cube =
      ParseCube3Board("LULFULDLBRBFDRRRUBBDUUFRDFURLFRDLFDLFDLULRDBBUFDFBBUBR", "start");
  ASSERT_TRUE(cube.ok()) << cube.status();
  Cube3Optimal solver(&Tables());
  Cube3Optimal::Options options;
  options.threads = 2;
  options.deadline = absl::Now() + absl::Seconds(1);
  options.progress_interval = absl::Milliseconds(20);
  const std::thread::id caller = std::this_thread::get_id();
  int reports = 0;
  options.progress = [&](int bound, uint64_t nodes) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_GE(bound, solver.LowerBound(*cube));
    EXPECT_GT(nodes, 0u);
    ++reports;
  };
  const Cube3Optimal::Result result = solver.Solve(*cube, options);
  EXPECT_FALSE(result.found);
  EXPECT_TRUE(result.stopped);
  EXPECT_GE(result.lower_bound, solver.LowerBound(*cube));
  EXPECT_LE(result.lower_bound, 17);
  EXPECT_GT(result.nodes, 0u);
  EXPECT_GE(reports, 1);
}

// A solve cancelled before it starts stops at its first look at the flag: the workers look every
// kPollEvery nodes of a bound's search, so the short first bounds finish (a search that needs
// fewer nodes still answers, less than a millisecond more than a refusal, as when the two-phase
// search has used up a query's time), and the first bound that reaches kPollEvery nodes stops.
TEST(Cube3OptimalTest, ACancelledSolveStopsAtItsFirstPoll) {
  absl::StatusOr<Cube3State> cube =
      ParseCube3Board("LULFULDLBRBFDRRRUBBDUUFRDFURLFRDLFDLFDLULRDBBUFDFBBUBR", "start");
  ASSERT_TRUE(cube.ok());
  Cube3Optimal solver(&Tables());
  std::atomic<bool> cancelled{true};
  Cube3Optimal::Options options;
  options.cancelled = &cancelled;
  const Cube3Optimal::Result result = solver.Solve(*cube, options);
  EXPECT_FALSE(result.found);
  EXPECT_TRUE(result.stopped);
  EXPECT_GE(result.nodes, Cube3Optimal::kPollEvery);
  EXPECT_LT(result.nodes, 2 * Cube3Optimal::kPollEvery);
  EXPECT_GE(result.lower_bound, solver.LowerBound(*cube));
}

// A cancellation deep in a bound's search stops a thread at its next look at the flag: at most
// kPollEvery more nodes. (A stop once left only the subtree it was seen in, and each level of the
// search then went on to its next child for up to kPollEvery nodes more, so the search unwound
// slowly: 5,255 and 15,233 nodes more here (1 and 2 threads), and cube 8 of the random file took
// 0.7-1.1 s to stop after a 20 s deadline, and once 30 s after 300 s.) The progress callback,
// called at the calling thread's looks (interval 0), cancels once the search is 15 moves deep.
// The count is exact on one thread; on two, the other thread may poll between the callback's
// count and the cancellation, and for as long as the calling thread is descheduled there, so two
// threads are only held to stopping.
TEST(Cube3OptimalTest, CancellationStopsEachThreadAtItsNextPoll) {
  absl::StatusOr<Cube3State> cube =
      ParseCube3Board("LULFULDLBRBFDRRRUBBDUUFRDFURLFRDLFDLFDLULRDBBUFDFBBUBR", "start");
  ASSERT_TRUE(cube.ok());
  Cube3Optimal solver(&Tables());
  for (int threads : {1, 2}) {
    std::atomic<bool> cancelled{false};
    uint64_t nodes_when_cancelled = 0;
    Cube3Optimal::Options options;
    options.threads = threads;
    options.cancelled = &cancelled;
    options.progress_interval = absl::ZeroDuration();
    options.progress = [&](int bound, uint64_t nodes) {
      if (bound >= 15 && !cancelled.load()) {
        nodes_when_cancelled = nodes;
        cancelled.store(true);
      }
    };
    const Cube3Optimal::Result result = solver.Solve(*cube, options);
    SCOPED_TRACE(absl::StrCat(threads, " threads, cancelled after ", nodes_when_cancelled,
                              " nodes, stopped after ", result.nodes));
    EXPECT_FALSE(result.found);
    EXPECT_TRUE(result.stopped);
    EXPECT_EQ(result.lower_bound, 15);
    ASSERT_TRUE(cancelled.load());
    if (threads == 1) {
      EXPECT_LE(result.nodes, nodes_when_cancelled + Cube3Optimal::kPollEvery);
    }
  }
}

#ifdef CUBE3_SUPERFLIP
// The known positions (testdata/cube3_known.txt: the superflip needs 20 moves, Reid 1995) take
// their published lengths: every shorter length is searched to its end and the answer replays.
// Long (the superflip: 367 s on the large tier on 2 quiet cores, 3.37G nodes, with the symmetry
// reduction of point 7): only cube3_superflip_test runs it, with a progress line a minute on
// stderr.
TEST(Cube3OptimalTest, TheKnownPositionsTakeTheirPublishedLengths) {
  const absl::StatusOr<std::vector<Cube3KnownPosition>> known =
      ReadCube3KnownPositions("puzzles/cube3/testdata/cube3_known.txt");
  ASSERT_TRUE(known.ok()) << known.status();
  ASSERT_GE(known->size(), 2u);  // solved and the superflip
  for (const Cube3KnownPosition& p : *known) {
    Cube3Optimal solver(&Tables());
    Cube3Optimal::Options options;
    options.threads = 2;
    options.progress_interval = absl::Minutes(1);
    const absl::Time start = absl::Now();
    options.progress = [&](int bound, uint64_t nodes) {
      std::fprintf(stderr, "%s: bound %d, %llu nodes, %.0f s\n", p.name.c_str(), bound,
                   static_cast<unsigned long long>(nodes),
                   absl::ToDoubleSeconds(absl::Now() - start));
    };
    const Cube3Optimal::Result result = solver.Solve(p.cube, options);
    std::fprintf(stderr, "%s: %d moves (%s), %llu nodes, %.0f s\n", p.name.c_str(),
                 static_cast<int>(result.moves.size()), Tokens(result.moves).c_str(),
                 static_cast<unsigned long long>(result.nodes),
                 absl::ToDoubleSeconds(absl::Now() - start));
    ASSERT_TRUE(result.found) << p.name;
    EXPECT_EQ(static_cast<int>(result.moves.size()), p.htm) << p.name;
    EXPECT_EQ(result.lower_bound, p.htm) << p.name;
    EXPECT_EQ(ApplyCube3StickerTurns(p.facelets, Turns(result.moves)), kSolved) << p.name;
  }
}
#endif

}  // namespace
}  // namespace puzzle
