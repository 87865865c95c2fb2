// Reads the pruning tables once from the file Bazel built (data/cube3.tbl: the builder's output,
// pinned by //data:cube3_table_checksum_test), then checks them against brute force and their
// symmetry, and the two-phase solver on the published cubes, every answer
// replayed by the independent sticker model (cube3_sticker_turns).
#include "puzzles/cube3/cube3_two_phase.h"

#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_bench_support.h"
#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_notation.h"
#include "puzzles/cube3/cube3_phase1_moves.h"
#include "puzzles/cube3/cube3_pruning.h"
#include "puzzles/cube3/cube3_random_walk.h"
#include "puzzles/cube3/cube3_sticker_turns.h"
#include "puzzles/cube3/cube3_symmetry.h"
#include "puzzles/cube3/cube3_verifier.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {
namespace {

// Mutable only for the verifier's test, which changes a word and puts it back.
Cube3PruningData& MutableData() {
  static Cube3PruningData* const data = ReadCube3TablesOrAbort("data/cube3.tbl");
  return *data;
}
const Cube3PruningData& Data() { return MutableData(); }
const Cube3PruningTables& Tables() {
  static const Cube3PruningTables* const tables = new Cube3PruningTables(Data().View());
  return *tables;
}

// One solver for every test.
const Cube3TwoPhase& Solver() {
  static const Cube3TwoPhase* const solver = new Cube3TwoPhase(&Tables());
  return *solver;
}

std::vector<std::string> FileCubes(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

bool InG1(const Cube3State& c) {
  for (int o : c.co) {
    if (o != 0) return false;
  }
  for (int o : c.eo) {
    if (o != 0) return false;
  }
  for (int j = 8; j < 12; ++j) {
    if (c.ep[j] < 8) return false;
  }
  return true;
}

bool CornersAndUDEdgesSolved(const Cube3State& c) {
  for (int i = 0; i < 8; ++i) {
    if (c.cp[i] != i || c.ep[i] != i) return false;
  }
  return true;
}

// The fewest moves from c to a state where `done` holds, by iterative deepening over `moves`
// on the cubie model (no tables), or -1 beyond max_depth.
template <typename Done>
int BruteForceDistance(const Cube3State& c, const std::vector<int>& moves, int max_depth,
                       Done done) {
  std::function<bool(const Cube3State&, int, int)> search = [&](const Cube3State& x, int togo,
                                                                int last_face) {
    if (togo == 0) return done(x);
    for (int m : moves) {
      if (Cube3MoveFace(m) == last_face) continue;
      if (search(Cube3Multiply(x, Cube3MoveState(m)), togo - 1, Cube3MoveFace(m))) return true;
    }
    return false;
  };
  for (int d = 0; d <= max_depth; ++d) {
    if (search(c, d, -1)) return d;
  }
  return -1;
}

int Phase1Entry(const Cube3State& c) {
  return Cube3Phase1Distance(Tables().phase1_moves[Cube3Phase1Index(
      Cube3Flip(c), Cube3Quartet(c, kCube3SliceQuartet) / 24, Cube3Twist(c))]);
}
int Phase2Entry(const Cube3State& c) {
  return Tables().phase2[Cube3Phase2Index(Cube3Corners(c), Cube3UDEdges(c))];
}

std::vector<FaceTurn> AsTurns(const std::vector<int>& moves) {
  std::vector<FaceTurn> turns;
  for (int m : moves) turns.push_back(FaceTurn{m / 3, m % 3 + 1});
  return turns;
}

TEST(Cube3PruningTest, EveryEntryIsSetAndTheDepthsAreKnown) {
  const Cube3PruningData& t = Data();
  ASSERT_EQ(t.phase1_moves.size(), kCube3Phase1Entries);
  ASSERT_EQ(t.phase2.size(), kCube3Phase2Entries);
  ASSERT_EQ(t.corners_slice.size(), kCube3CornersSliceEntries);
  int max1 = 0, max2 = 0, max_cs = 0;
  for (uint32_t word : t.phase1_moves) max1 = std::max(max1, Cube3Phase1Distance(word));
  for (uint8_t d : t.phase2) max2 = std::max<int>(max2, d);
  for (uint8_t d : t.corners_slice) max_cs = std::max<int>(max_cs, d);
  EXPECT_EQ(max1, 12);  // every position reaches G1 in at most 12 moves (Kociemba)
  EXPECT_LE(max2, 18);  // and solves within G1 in at most 18
  EXPECT_LE(max_cs, 18);
  EXPECT_EQ(Phase1Entry(Cube3Solved()), 0);
  EXPECT_EQ(Phase2Entry(Cube3Solved()), 0);
}

TEST(Cube3PruningTest, PhaseDistancesEqualBruteForceNearSolved) {
  SeededRandom random(8);
  std::vector<int> all(kCube3Moves), phase2(kCube3Phase2Moves.begin(), kCube3Phase2Moves.end());
  for (int m = 0; m < kCube3Moves; ++m) all[m] = m;
  for (int trial = 0; trial < 60; ++trial) {
    const Cube3State c = Cube3RandomWalk(Cube3Solved(), 1 + trial % 5, false, random);
    ASSERT_EQ(Phase1Entry(c), BruteForceDistance(c, all, 5, InG1)) << trial;
    const Cube3State g = Cube3RandomWalk(Cube3Solved(), 1 + trial % 6, true, random);
    ASSERT_EQ(Phase2Entry(g), BruteForceDistance(g, phase2, 6, CornersAndUDEdgesSolved)) << trial;
  }
}

// The words' parity bits: a state's distance to G1's even half (G1 with an even corner
// parity), and the distance of its twin of the other parity (the same coordinates), which is the
// state's own distance to G1's odd half (cube3_optimal.h, point 5), against the cubie model.
TEST(Cube3PruningTest, EvenHalfDistancesEqualBruteForceNearSolved) {
  SeededRandom random(10);
  std::vector<int> all(kCube3Moves);
  for (int m = 0; m < kCube3Moves; ++m) all[m] = m;
  int extra[2] = {};  // how often each is one more than the distance to G1
  for (int trial = 0; trial < 80; ++trial) {
    const Cube3State c = Cube3RandomWalk(Cube3Solved(), 1 + trial % 4, false, random);
    const int parity = Cube3CornerParity(c);
    const uint32_t word = Tables().phase1_moves[Cube3Phase1Index(
        Cube3Flip(c), Cube3Quartet(c, kCube3SliceQuartet) / 24, Cube3Twist(c))];
    for (int half = 0; half < 2; ++half) {
      const int expected = BruteForceDistance(c, all, 6, [half](const Cube3State& x) {
        return InG1(x) && Cube3CornerParity(x) == half;
      });
      const int told = Cube3Phase1EvenDistance(word, parity ^ half);
      ASSERT_EQ(told, expected) << trial << " half " << half;
      extra[half] += told > Cube3Phase1Distance(word);
    }
  }
  // Both kinds of answer were seen for each half.
  EXPECT_GT(extra[0], 5);
  EXPECT_LT(extra[0], 75);
  EXPECT_GT(extra[1], 5);
  EXPECT_LT(extra[1], 75);
}

// Symmetric states are equally far: the class lookups, stabiliser images included, agree.
TEST(Cube3PruningTest, ConjugatesHaveEqualEntries) {
  SeededRandom random(9);
  for (int trial = 0; trial < 3000; ++trial) {
    const Cube3State c = Cube3RandomWalk(Cube3Solved(), 25, false, random);
    const Cube3State g = Cube3RandomWalk(Cube3Solved(), 25, true, random);
    for (int s = 0; s < kCube3Symmetries; ++s) {
      ASSERT_EQ(Phase1Entry(Cube3Conjugate(c, s)), Phase1Entry(c)) << trial << " " << s;
      ASSERT_EQ(Phase2Entry(Cube3Conjugate(g, s)), Phase2Entry(g)) << trial << " " << s;
    }
  }
}

// Every entry but solved's has a neighbour one closer and none closer than that: the table is
// the breadth-first distance (checked on a sample of entries across the table).
TEST(Cube3PruningTest, EntriesAreLocallyConsistent) {
  const Cube3PruningTables& t = Tables();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  const Cube3MoveTables& mv = Cube3MoveTables::Get();
  for (uint64_t index = 7; index < kCube3Phase1Entries; index += 99991) {
    const int d = Cube3Phase1Distance(t.phase1_moves[index]);
    const uint32_t flipslice = sym.flipslice_representative[index / kCube3Twists];
    const int flip = flipslice % 2048, slice = flipslice / 2048, twist = index % kCube3Twists;
    int closest = 99;
    for (int m = 0; m < kCube3Moves; ++m) {
      closest = std::min(
          closest,
          Cube3Phase1Distance(t.phase1_moves[Cube3Phase1Index(
              mv.flip[flip * kCube3Moves + m], mv.quartet[slice * 24 * kCube3Moves + m] / 24,
              mv.twist[twist * kCube3Moves + m])]));
    }
    ASSERT_EQ(closest, d - 1) << index;
  }
}

// phase1_moves, read as the searches read it (the state's class, symmetry and twist in the
// class's frame, then Deltas), tells each move's change of the distance to G1, which the cubie
// model and the raw phase-1 index give independently: on random states and near G1, and for the
// cube seen along each axis (the optimal search's reading: the bits are the cube's moves).
TEST(Cube3PruningTest, Phase1MovesTellEachMovesChangeInTheStatesFrame) {
  const Cube3PruningTables& t = Tables();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  const Cube3Phase1Moves& phase1 = Cube3Phase1Moves::Get();
  SeededRandom random(12);
  int changes[3] = {};
  for (int trial = 0; trial < 3000; ++trial) {
    const Cube3State cube =
        Cube3RandomWalk(Cube3Solved(), trial % 2 ? 25 : 1 + trial % 9, false, random);
    for (int axis = 0; axis < 3; ++axis) {
      const Cube3State c = Cube3RotateUrf(cube, axis);
      const int flipslice = 2048 * (Cube3Quartet(c, kCube3SliceQuartet) / 24) + Cube3Flip(c);
      const int s = sym.flipslice_sym[flipslice];
      const uint64_t index = static_cast<uint64_t>(sym.flipslice_class[flipslice]) * kCube3Twists +
                             sym.twist_conjugate[Cube3Twist(c) * kCube3Symmetries + s];
      const uint32_t word = t.phase1_moves[index];
      const int d = Phase1Entry(c);
      ASSERT_EQ(static_cast<int>(word & 15), d) << trial;
      const uint64_t deltas = phase1.Deltas(word, s, axis);
      for (int m = 0; m < kCube3Moves; ++m) {
        const Cube3State child = Cube3RotateUrf(Cube3Multiply(cube, Cube3MoveState(m)), axis);
        const int delta = Phase1Entry(child) - d;
        const int told =
            static_cast<int>(deltas >> (32 + m) & 1) - static_cast<int>(deltas >> m & 1);
        ASSERT_EQ(told, delta) << trial << " axis " << axis << " move " << m;
        ++changes[delta + 1];
      }
    }
  }
  // Every kind of change was seen.
  EXPECT_GT(changes[0], 1000);
  EXPECT_GT(changes[1], 1000);
  EXPECT_GT(changes[2], 1000);
}

// The verifier checks every phase1_moves word: a wrong move bit, a parity bit set where it
// should not be and one cleared (in one run, as each takes the verifier half a minute) are each
// reported by their entry. The move bit misleads no one else; a parity bit also misleads the
// neighbours that read it.
TEST(Cube3PruningTest, TheVerifierFindsWrongPhase1MovesBits) {
  std::vector<uint32_t>& words = MutableData().phase1_moves;
  const uint32_t parity_bits = 3u << 28;
  const uint64_t moves_entry = 123456789;
  uint64_t clear = 98765432, set = 98765432;
  while (words[clear] & parity_bits) ++clear;
  while (!(words[set] & parity_bits)) ++set;
  const uint32_t set_bit = words[set] & parity_bits;
  const std::pair<uint64_t, uint32_t> changes[] = {
      {moves_entry, 1u << 9},  // a move of face R said to change the distance, or not to
      {clear, 1u << 28},
      {set, set_bit}};
  for (const auto& [entry, bit] : changes) words[entry] ^= bit;
  const Cube3VerifyReport report = VerifyCube3Tables(Tables(), 2);
  for (const auto& [entry, bit] : changes) words[entry] ^= bit;
  // Fewer than the report's cap, so that none was left out.
  ASSERT_LT(report.failures.size(), 20u) << absl::StrJoin(report.failures, "\n");
  int moves_entry_failures = 0;
  for (const auto& [entry, bit] : changes) {
    int named = 0;
    for (const std::string& failure : report.failures) {
      named += failure.find(absl::StrCat("phase1_moves entry ", entry, ": ")) != std::string::npos;
    }
    EXPECT_GE(named, 1) << entry << ": " << absl::StrJoin(report.failures, "\n");
    if (entry == moves_entry) moves_entry_failures = named;
  }
  EXPECT_EQ(moves_entry_failures, 1);
}

// The words' low bits are phase 1's distances, checked as a table of their own: one entry one
// too far is reported by its entry (with what its neighbours then disagree on).
TEST(Cube3PruningTest, TheVerifierFindsAWrongDistanceToG1) {
  std::vector<uint32_t>& words = MutableData().phase1_moves;
  const uint64_t entry = 123456789;
  const uint32_t kept = words[entry];
  words[entry] = (kept & ~15u) | static_cast<uint32_t>(Cube3Phase1Distance(kept) + 1);
  const Cube3VerifyReport report = VerifyCube3Tables(Tables(), 2);
  words[entry] = kept;
  bool named = false;
  for (const std::string& failure : report.failures) {
    named = named || failure.find("phase1 entry 123456789: ") != std::string::npos;
  }
  EXPECT_TRUE(named) << absl::StrJoin(report.failures, "\n");
}

// The search's kShortestReturnToG1: from a state in G1, no move sequence of 1 to 4 moves that
// obeys the face order (no face twice in a row, U before D, R before L, F before B) and ends in
// a quarter turn of R, F, L or B comes back to G1. G1 is a group, so it suffices to check the
// sequences from solved.
TEST(Cube3TwoPhaseTest, NoShortSequenceLeavesAndReentersG1) {
  std::function<int(const Cube3State&, int, int)> returns = [&](const Cube3State& x, int togo,
                                                                int last_face) {
    int count = 0;
    for (int m = 0; m < kCube3Moves; ++m) {
      const int face = Cube3MoveFace(m);
      if (last_face >= 0 && (face == last_face || face == last_face - 3)) continue;
      const Cube3State y = Cube3Multiply(x, Cube3MoveState(m));
      if (togo == 1) {
        count += !IsCube3Phase2Move(m) && InG1(y);
      } else {
        count += returns(y, togo - 1, face);
      }
    }
    return count;
  };
  for (int length = 1; length <= 4; ++length) {
    EXPECT_EQ(returns(Cube3Solved(), length, -1), 0) << length;
  }
  // Five moves can (so the rule stops there).
  EXPECT_GT(returns(Cube3Solved(), 5, -1), 0);
}

TEST(Cube3TwoPhaseTest, SolvesThePublishedRandomCubesInAtMost20) {
  const Cube3TwoPhase& solver = Solver();
  const std::vector<std::string> cubes = FileCubes("puzzles/cube3/testdata/cube3_random1000.txt");
  ASSERT_EQ(cubes.size(), 1000u);
  double total = 0;
  for (const std::string& facelets : cubes) {
    absl::StatusOr<Cube3State> c = ParseCube3Facelets(facelets, "cube");
    ASSERT_TRUE(c.ok()) << c.status();
    const Cube3TwoPhase::Result r = solver.Solve(*c, {});
    ASSERT_TRUE(r.found) << facelets;
    ASSERT_LE(r.moves.size(), 20u) << facelets;
    for (size_t i = 1; i < r.moves.size(); ++i) {
      ASSERT_NE(Cube3MoveFace(r.moves[i]), Cube3MoveFace(r.moves[i - 1])) << facelets;
    }
    ASSERT_EQ(ApplyCube3StickerTurns(facelets, AsTurns(r.moves)), kCube3SolvedFacelets) << facelets;
    total += r.moves.size();
  }
  EXPECT_LT(total / cubes.size(), 20.0);
}

TEST(Cube3TwoPhaseTest, SolvesTheKnownPositions) {
  const Cube3TwoPhase& solver = Solver();
  const absl::StatusOr<std::vector<Cube3KnownPosition>> known =
      ReadCube3KnownPositions("puzzles/cube3/testdata/cube3_known.txt");
  ASSERT_TRUE(known.ok()) << known.status();
  ASSERT_GE(known->size(), 2u);
  for (const Cube3KnownPosition& p : *known) {
    const Cube3TwoPhase::Result r = solver.Solve(p.cube, {});
    ASSERT_TRUE(r.found) << p.name;
    EXPECT_LE(r.moves.size(), 20u) << p.name;
    EXPECT_GE(r.moves.size(), static_cast<size_t>(p.htm)) << p.name;
    EXPECT_EQ(ApplyCube3StickerTurns(p.facelets, AsTurns(r.moves)), kCube3SolvedFacelets) << p.name;
  }
}

// The superflip is the same position along all six variants: only the first is searched, with
// the answer all six gave (recorded before the others were left out) in a sixth of their nodes
// (5.59M against 33.3M).
TEST(Cube3TwoPhaseTest, ASymmetricPositionSearchesEachDistinctVariantOnce) {
  absl::StatusOr<std::vector<FaceTurn>> scramble =
      ParseFaceTurns("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", "scramble");
  ASSERT_TRUE(scramble.ok());
  const std::string facelets = ApplyCube3StickerTurns(kCube3SolvedFacelets, *scramble);
  absl::StatusOr<Cube3State> superflip = ParseCube3Board(facelets, "start");
  ASSERT_TRUE(superflip.ok()) << superflip.status();
  const Cube3TwoPhase::Result r = Solver().Solve(*superflip, {});
  ASSERT_TRUE(r.found);
  std::vector<std::string> tokens;
  for (const FaceTurn& turn : AsTurns(r.moves)) tokens.push_back(FaceTurnToken(turn));
  EXPECT_EQ(absl::StrJoin(tokens, " "), "R L U2 F U' D F2 R2 B2 L U2 F' B' U R2 D F2 U R2 U");
  EXPECT_LT(r.nodes, 33300136u / 5);
}

TEST(Cube3TwoPhaseTest, IsDeterministicAndMeetsAShorterLimit) {
  const Cube3TwoPhase& solver = Solver();
  const std::vector<std::string> cubes = FileCubes("puzzles/cube3/testdata/cube3_random1000.txt");
  for (int i = 0; i < 5; ++i) {
    const Cube3State c = *ParseCube3Facelets(cubes[i], "cube");
    const Cube3TwoPhase::Result a = solver.Solve(c, {});
    const Cube3TwoPhase::Result b = solver.Solve(c, {});
    EXPECT_EQ(a.moves, b.moves);
    EXPECT_EQ(a.nodes, b.nodes);
    Cube3TwoPhase::Options shorter;
    shorter.max_length = 19;
    const Cube3TwoPhase::Result r = solver.Solve(c, shorter);
    ASSERT_TRUE(r.found) << cubes[i];  // 97% of random cubes are at most 18 moves away
    EXPECT_LE(r.moves.size(), 19u);
    EXPECT_EQ(ApplyCube3StickerTurns(cubes[i], AsTurns(r.moves)), kCube3SolvedFacelets);
  }
}

// The lanes search subtrees side by side, and still answer what one depth-first search (one lane)
// finds first, at either limit (at most 19 many cubes search several phase-1 lengths).
// The answers are a function of the position and the limit alone (cube3_two_phase.h), and these
// checksums of them (cube3_two_phase_benchmark prints the same) hold a change to the search that
// is meant to keep them (a new cut, a new order of the memory reads) to that. A change meant to
// alter the answers updates them and says why in its commit.
TEST(Cube3TwoPhaseTest, TheAnswersAreThoseOfTheirChecksums) {
  const Cube3TwoPhase& solver = Solver();
  const absl::StatusOr<std::vector<Cube3State>> cubes =
      ReadCube3Cubes("puzzles/cube3/testdata/cube3_random1000.txt", 0, 1000);
  ASSERT_TRUE(cubes.ok()) << cubes.status();
  ASSERT_EQ(cubes->size(), 1000u);
  const auto checksum = [&](int max_length, size_t count) {
    Cube3TwoPhase::Options options;
    options.max_length = max_length;
    uint64_t sum = kCube3SolutionsChecksumStart;
    for (size_t i = 0; i < count; ++i)
      sum = FoldCube3Solution(sum, solver.Solve((*cubes)[i], options).moves);
    return sum;
  };
  EXPECT_EQ(checksum(20, 1000), 0x2ad3694fc4a77bc0u);
  EXPECT_EQ(checksum(19, 200), 0x6db8ad8b90b69bf3u);
}

TEST(Cube3TwoPhaseTest, TheLanesGiveTheDepthFirstAnswer) {
  const Cube3TwoPhase& solver = Solver();
  const std::vector<std::string> cubes = FileCubes("puzzles/cube3/testdata/cube3_random1000.txt");
  int differ_in_nodes = 0;
  for (int i = 0; i < 300; ++i) {
    const Cube3State c = *ParseCube3Facelets(cubes[i], "cube");
    Cube3TwoPhase::Options depth_first;
    depth_first.max_length = i < 30 ? 19 : 20;
    depth_first.lanes = 1;
    const Cube3TwoPhase::Result expected = solver.Solve(c, depth_first);
    ASSERT_TRUE(expected.found) << i;
    for (int lanes : {2, 6, 16}) {
      Cube3TwoPhase::Options options = depth_first;
      options.lanes = lanes;
      const Cube3TwoPhase::Result r = solver.Solve(c, options);
      ASSERT_EQ(r.moves, expected.moves) << "cube " << i << ", " << lanes << " lanes";
      differ_in_nodes += r.nodes != expected.nodes;
    }
  }
  // The lanes did run side by side: past a solution, tasks already started still count nodes.
  EXPECT_GT(differ_in_nodes, 100);
}

TEST(Cube3TwoPhaseTest, ImprovingWithinABudgetNeverLengthens) {
  const Cube3TwoPhase& solver = Solver();
  const std::vector<std::string> cubes = FileCubes("puzzles/cube3/testdata/cube3_random1000.txt");
  for (int i = 0; i < 5; ++i) {
    const Cube3State c = *ParseCube3Facelets(cubes[i], "cube");
    const Cube3TwoPhase::Result first = solver.Solve(c, {});
    Cube3TwoPhase::Options budget;
    budget.improve_until = absl::Now() + absl::Milliseconds(50);
    const Cube3TwoPhase::Result better = solver.Solve(c, budget);
    ASSERT_TRUE(better.found);
    EXPECT_FALSE(better.stopped);  // the budget ran out: not a deadline or a cancellation
    EXPECT_LE(better.moves.size(), first.moves.size());
    EXPECT_EQ(ApplyCube3StickerTurns(cubes[i], AsTurns(better.moves)), kCube3SolvedFacelets);
  }
}

TEST(Cube3TwoPhaseTest, ADeadlineInThePastStopsTheSearch) {
  const Cube3TwoPhase& solver = Solver();
  const std::vector<std::string> cubes = FileCubes("puzzles/cube3/testdata/cube3_random1000.txt");
  Cube3TwoPhase::Options options;
  options.max_length = 16;  // far below what a random cube needs: the search would run long
  options.deadline = absl::Now();
  const Cube3TwoPhase::Result r = solver.Solve(*ParseCube3Facelets(cubes[0], "cube"), options);
  EXPECT_TRUE(r.stopped);
  EXPECT_FALSE(r.found);
  std::atomic<bool> cancelled{true};
  options.deadline = absl::InfiniteFuture();
  options.cancelled = &cancelled;
  EXPECT_TRUE(solver.Solve(*ParseCube3Facelets(cubes[0], "cube"), options).stopped);
}

// One move from solved, along some axis the cube is in G1 (a phase 1 of length 0, searched once,
// with no first move) or one quarter turn from it (a phase 1 of length 1, whose only move is
// both its first and its last): both end-cases of the search's turns by first move.
TEST(Cube3TwoPhaseTest, EverySingleMoveIsUndoneByItsInverse) {
  const Cube3TwoPhase& solver = Solver();
  for (int m = 0; m < kCube3Moves; ++m) {
    const Cube3TwoPhase::Result r = solver.Solve(Cube3MoveState(m), {});
    ASSERT_TRUE(r.found) << m;
    EXPECT_EQ(r.moves, std::vector<int>{Cube3InverseMove(m)}) << m;
  }
}

TEST(Cube3TwoPhaseTest, SolvedNeedsNoMoves) {
  const Cube3TwoPhase& solver = Solver();
  const Cube3TwoPhase::Result r = solver.Solve(Cube3Solved(), {});
  EXPECT_TRUE(r.found);
  EXPECT_TRUE(r.moves.empty());
}

}  // namespace
}  // namespace puzzle
