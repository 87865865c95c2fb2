#include "puzzles/cube3/cube3_puzzle.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_flipslice_sorted.h"
#include "puzzles/cube3/cube3_notation.h"
#include "puzzles/cube3/cube3_optimal.h"
#include "puzzles/cube3/cube3_pruning.h"
#include "puzzles/cube3/cube3_table.h"
#include "puzzles/cube3/cube3_two_phase.h"
#include "puzzles/cube3/cube3_verifier.h"
#include "puzzles/cube3/cube3_view_js.h"
#include "puzzles/twisty/cubie_facelets.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {
namespace {

constexpr char kTableName[] = "cube3";
constexpr char kLargeTableName[] = "cube3-large";
// God's number in the half-turn metric: every position has a solution this long.
constexpr int kMaxAnswer = 20;

// PuzzleInfo::modes: the two-phase search (the default) and the optimal one.
const std::vector<std::string>& Modes() {
  static const std::vector<std::string>* const modes =
      new std::vector<std::string>{"near_optimal", "optimal"};
  return *modes;
}
constexpr int kOptimalMode = 1;

absl::StatusOr<Cube3State> ParseGoal(absl::string_view goal) {
  if (absl::StripAsciiWhitespace(goal).empty()) return Cube3Solved();
  return ParseCube3Board(goal, "goal");
}

std::string MoveToken(int move) { return FaceTurnToken(FaceTurn{move / 3, move % 3 + 1}); }

std::string MoveTokens(const std::vector<int>& moves) {
  std::vector<std::string> tokens;
  for (int m : moves) tokens.push_back(MoveToken(m));
  return absl::StrJoin(tokens, " ");
}

// An optimal search's stop status with what the two-phase search found before it: the
// solution, not proven optimal (or proven the minimum in length when it meets the bound).
absl::Status WithBestKnown(const absl::Status& stop, int lower_bound,
                           const Cube3TwoPhase::Result& best) {
  if (!best.found) return stop;
  const int length = static_cast<int>(best.moves.size());
  return absl::Status(
      stop.code(),
      absl::StrCat(stop.message(), "; the best solution known is ", length, " moves",
                   length == lower_bound
                       ? " (the minimum, by that bound; not proven the lexicographically smallest)"
                       : ", not proven optimal",
                   ": ", MoveTokens(best.moves)));
}

// The sticker cycles of move m: the sticker at a facelet of position i goes where the piece
// there goes (centres stay).
std::vector<std::vector<int>> StickerCycles(int move) {
  const Cube3State& m = Cube3MoveState(move);
  std::vector<int> to(kCube3Facelets);
  for (int i = 0; i < kCube3Facelets; ++i) to[i] = i;
  for (int i = 0; i < kCube3Corners; ++i) {
    for (int k = 0; k < 3; ++k) {
      to[kCube3CornerFacelets[m.cp[i]][k]] = kCube3CornerFacelets[i][(k + m.co[i]) % 3];
    }
  }
  for (int i = 0; i < kCube3Edges; ++i) {
    for (int k = 0; k < 2; ++k) {
      to[kCube3EdgeFacelets[m.ep[i]][k]] = kCube3EdgeFacelets[i][(k + m.eo[i]) % 2];
    }
  }
  return StickerPermutationCycles(to);
}

// The state to solve for start -> goal: goal^-1 * start (start * M = goal exactly when
// (goal^-1 * start) * M = solved).
Cube3State Relative(const Cube3State& start, const Cube3State& goal) {
  return Cube3Multiply(Cube3Inverse(goal), start);
}

class Cube3Solver final : public Solver {
 public:
  // `classes` is the large tier's (null without it: then tables.large is null too).
  Cube3Solver(Cube3PruningTables tables, std::unique_ptr<const Cube3FlipSliceSorted> classes)
      : classes_(std::move(classes)),
        tables_(WithClasses(tables, classes_.get())),
        two_phase_(&tables_),
        optimal_(&tables_) {}

  // Near-optimal: the two-phase search's first solution of at most max_length (default 20)
  // moves, or with a time budget the shortest it finds in that time; NotFound when it finds none
  // that short. Optimal: the two-phase solution first (about a millisecond), then the optimal
  // search on control.batch_threads() threads; NotFound when the minimum exceeds max_length;
  // when the deadline or a cancellation stops it, the status carries the bound it proved and
  // the two-phase solution.
  absl::Status Solve(const Query& query, SolveControl& control, Answer* answer) const override {
    const absl::StatusOr<int> metric = MetricIndex({}, query.metric);
    if (!metric.ok()) return metric.status();
    const absl::StatusOr<int> mode = ModeIndex(Modes(), query.mode);
    if (!mode.ok()) return mode.status();
    absl::StatusOr<Cube3State> start = ParseCube3Board(query.start, "start");
    if (!start.ok()) return start.status();
    absl::StatusOr<Cube3State> goal = ParseGoal(query.goal);
    if (!goal.ok()) return goal.status();
    if (query.max_length < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "max_length: ", query.max_length, "; expected 0 (at most ", kMaxAnswer, ") or more"));
    }
    if (query.time_budget < absl::ZeroDuration() ||
        (*mode == kOptimalMode && query.time_budget != absl::ZeroDuration())) {
      return absl::InvalidArgumentError(absl::StrCat(
          "time_budget_ms: ", absl::ToInt64Milliseconds(query.time_budget),
          *mode == kOptimalMode ? "; the optimal mode has no budget (the call's deadline and "
                                  "--max_search_time bound it): leave it 0"
                                : "; expected 0 or more"));
    }
    const int max_length =
        query.max_length == 0 ? kMaxAnswer : std::min(query.max_length, kMaxAnswer);
    const Cube3State cube = Relative(*start, *goal);
    const absl::Time begin = absl::Now();
    Cube3TwoPhase::Options options;
    // The optimal mode's best known solution is any within God's number.
    options.max_length = *mode == kOptimalMode ? kMaxAnswer : max_length;
    options.deadline = control.deadline();
    options.cancelled = control.cancelled_flag();
    if (query.time_budget > absl::ZeroDuration()) {
      options.improve_until = std::min(begin + query.time_budget, control.deadline());
    }
    const Cube3TwoPhase::Result two_phase = two_phase_.Solve(cube, options);
    std::vector<int> moves = two_phase.moves;
    uint64_t nodes = two_phase.nodes;
    if (*mode == kOptimalMode) {
      Cube3Optimal::Options optimal_options;
      optimal_options.threads = control.batch_threads();
      optimal_options.max_length = max_length;
      optimal_options.deadline = control.deadline();
      optimal_options.cancelled = control.cancelled_flag();
      optimal_options.progress = [&control](int bound, uint64_t so_far) {
        control.MaybeReportProgress({bound, so_far});
      };
      optimal_options.progress_interval = absl::Milliseconds(10);  // control keeps its own pace
      const Cube3Optimal::Result optimal = optimal_.Solve(cube, optimal_options);
      nodes += optimal.nodes;
      if (!optimal.found && !optimal.stopped) {
        return absl::NotFoundError(absl::StrCat("no solution of at most ", max_length,
                                                " moves: the optimal length is at least ",
                                                optimal.lower_bound));
      }
      if (!optimal.found) {
        return WithBestKnown(control.StopStatus(optimal.lower_bound, nodes), optimal.lower_bound,
                             two_phase);
      }
      moves = optimal.moves;
    } else if (!two_phase.found && two_phase.stopped) {
      return control.StopStatus(0, nodes);
    } else if (!two_phase.found) {
      return absl::NotFoundError(absl::StrCat(
          "no solution of at most ", max_length,
          " moves found by the two-phase search (which does not try every sequence); mode "
          "optimal finds the minimum"));
    }
    answer->solvable = true;
    answer->distance = static_cast<int>(moves.size());
    answer->moves = MoveTokens(moves);
    answer->extras.clear();
    answer->nodes = nodes;
    answer->search_time = absl::Now() - begin;
    return absl::OkStatus();
  }

 private:
  static Cube3PruningTables WithClasses(Cube3PruningTables tables,
                                        const Cube3FlipSliceSorted* classes) {
    tables.flipslice_sorted = classes;
    return tables;
  }

  // tables_ points into the mapped files (the TableSet outlives the solver) and classes_.
  const std::unique_ptr<const Cube3FlipSliceSorted> classes_;
  const Cube3PruningTables tables_;
  const Cube3TwoPhase two_phase_;
  const Cube3Optimal optimal_;
};

class Cube3PuzzleImpl final : public PuzzleDefinition {
 public:
  Cube3PuzzleImpl() {
    info_.name = "cube3";
    info_.title = "3x3x3 cube (Rubik's Cube)";
    info_.notation = absl::StrCat(
        "54 stickers U1-U9 R1-R9 F1-F9 D1-D9 L1-L9 B1-B9 (Kociemba's order; each face read in "
        "rows as seen in the unfolded net), each the letter of the face whose centre has its "
        "colour, such as ",
        kCube3SolvedFacelets,
        "; or a scramble in WCA notation applied to the solved cube, moves separated by spaces "
        "(\"R U2 F' R2\"). The centres stay put, so they name the faces. Answers are in the "
        "half-turn metric. Mode near_optimal (the default): Kociemba's two-phase search, at most "
        "20 moves (every position has such a solution) in about a millisecond, not proven the "
        "shortest. Mode optimal: the fewest moves and the lexicographically smallest such "
        "sequence (U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'), by IDA*, which can take "
        "minutes; when the search time runs out, the error gives the bound it proved and the "
        "best solution known. An empty goal is the solved cube.");
    info_.start_field = "start";
    info_.has_goal = true;
    info_.default_goal = kCube3SolvedFacelets;
    // The unfolded net: U above F, then L F R B in a row, D below F; 3x3 cells a face.
    info_.rows = 9;
    info_.cols = 12;
    info_.layout.assign(9 * 12, -1);
    const int kFaceOrigin[6][2] = {{0, 3}, {3, 6}, {3, 3}, {6, 3}, {3, 0}, {3, 9}};  // URFDLB
    for (int face = 0; face < 6; ++face) {
      for (int k = 0; k < 9; ++k) {
        info_.layout[(kFaceOrigin[face][0] + k / 3) * 12 + kFaceOrigin[face][1] + k % 3] =
            9 * face + k;
      }
    }
    info_.move_meaning =
        "a face turned as seen facing it: X a quarter turn clockwise, X2 a half turn, X' a "
        "quarter turn anticlockwise";
    const char* kFaceNames[] = {"up", "right", "front", "down", "left", "back"};
    for (int m = 0; m < kCube3Moves; ++m) {
      MoveInfo move;
      move.symbol = MoveToken(m);
      move.name = absl::StrCat(kFaceNames[m / 3], m % 3 == 0   ? " clockwise"
                                                  : m % 3 == 1 ? " half turn"
                                                               : " anticlockwise");
      move.cycles = StickerCycles(m);
      info_.moves.push_back(std::move(move));
    }
    info_.move_separator = " ";
    info_.symbol_colours = {{"U", "#ffffff"}, {"R", "#c41e3a"}, {"F", "#009e60"},
                            {"D", "#ffd500"}, {"L", "#ff5800"}, {"B", "#0051ba"}};
    info_.min_scramble_distance = 2;  // WCA Regulation 4b3
    info_.searches = true;
    info_.near_optimal = true;
    info_.modes = Modes();

    TableSpec table;
    table.name = kTableName;
    table.description =
        "3x3x3 searches: exact distances within G1 (corner class x UD edges; corners x slice "
        "order) and of the corners (corner class x twist), a byte each, and to G1 (flip-slice "
        "class x twist) with each move's change of it and by corner parity the distance to G1's "
        "even half, 32 bits an entry; 682 MB";
    table.build = [this](int threads, const TableLog& log) -> absl::StatusOr<TableContents> {
      const absl::Time begin = absl::Now();
      Cube3PruningData data =
          Cube3PruningData::Build(threads, [&log](const std::string& line) { log(line); });
      log(absl::StrCat("four tables by breadth-first search and phase1_moves with parity bits in ",
                       absl::FormatDuration(absl::Now() - begin)));
      return MakeCube3TableContents(
          info_.name, kTableName, std::move(data),
          "generator=table_generator; algorithm=breadth-first search from solved over "
          "(flip-slice class under the 16 UD symmetries, twist), (corner class, UD edges), "
          "(corners, slice order) and (corner class, twist), forward then backward; sections "
          "phase2, corners_slice, corners raw, a distance a byte; phase1_moves raw, 32 bits "
          "little-endian, the distance to G1, its neighbours' changes of it and two corner "
          "parity bits (the distance to G1's even half)");
    };
    table.verify = [](const TableFile& file, const TableLog& log) -> std::vector<std::string> {
      absl::StatusOr<Cube3PruningTables> tables = Cube3TablesFromFile(file);
      if (!tables.ok()) return {std::string(tables.status().message())};
      const Cube3VerifyReport report = VerifyCube3Tables(*tables, 2);
      const char* kNames[] = {"phase1", "phase2", "corners_slice", "corners"};
      for (size_t t = 0; t < report.depth_counts.size(); ++t) {
        log(absl::StrCat(kNames[t], " depths ", absl::StrJoin(report.depth_counts[t], " ")));
      }
      log(absl::StrCat("checked ", report.entries_checked,
                       " entries: solved is the only 0, every other entry is one more than its "
                       "nearest neighbour; and every phase1_moves word (each move's change, the "
                       "parity bits) against its neighbours"));
      return report.failures;
    };
    tables_.push_back(std::move(table));
    tables_.push_back(LargeTableSpec());

    view_ = kCube3ViewJs;
    InitExamples();
  }

  absl::StatusOr<std::unique_ptr<Solver>> Load(const TableSet& tables) const override {
    absl::StatusOr<const TableFile*> file = tables.Get(info_.name, kTableName);
    if (!file.ok()) return file.status();
    absl::StatusOr<Cube3PruningTables> view = Cube3TablesFromFile(**file);
    if (!view.ok()) return view.status();
    std::unique_ptr<const Cube3FlipSliceSorted> classes;
    if (const TableFile* large = tables.Find(kLargeTableName); large != nullptr) {
      absl::StatusOr<const uint8_t*> bytes = Cube3LargeTableFromFile(*large);
      if (!bytes.ok()) return bytes.status();
      view->large = *bytes;
      classes = Cube3FlipSliceSorted::Create();
    }
    return std::unique_ptr<Solver>(new Cube3Solver(*view, std::move(classes)));
  }

  absl::StatusOr<std::vector<std::string>> Trace(absl::string_view start,
                                                 absl::string_view moves) const override {
    absl::StatusOr<Cube3State> state = ParseCube3Board(start, info_.start_field);
    if (!state.ok()) return state.status();
    absl::StatusOr<std::vector<FaceTurn>> turns = ParseMoves(moves);
    if (!turns.ok()) return turns.status();
    std::vector<std::string> boards = {Cube3Facelets(*state)};
    for (const FaceTurn& turn : *turns) {
      *state = Cube3Multiply(*state, Cube3FaceTurn(turn.face, turn.quarter_turns));
      boards.push_back(Cube3Facelets(*state));
    }
    return boards;
  }

  absl::StatusOr<std::string> Scramble(absl::string_view goal, int moves,
                                       uint64_t seed) const override {
    if (moves < 0) {
      return absl::InvalidArgumentError(absl::StrCat("moves: ", moves, "; expected 0 or more"));
    }
    absl::StatusOr<Cube3State> state = ParseGoal(goal);
    if (!state.ok()) return state.status();
    SeededRandom random(seed);
    int previous_face = -1;
    for (int i = 0; i < moves; ++i) {
      int m;
      do {
        m = static_cast<int>(random.Below(kCube3Moves));
      } while (m / 3 == previous_face);  // never the same face twice in a row
      previous_face = m / 3;
      *state = Cube3Multiply(*state, Cube3MoveState(m));
    }
    return Cube3Facelets(*state);
  }

  // goal * X for a uniformly random reachable X at least 2 moves from solved (WCA Regulation
  // 4b3): corners and edges each a uniform permutation, twists and flips uniform with sum 0;
  // when the two permutations' parities differ, the last two edges are swapped (a 2-to-1 map
  // onto the states with equal parities, so those stay uniform); solved and the 18 states one
  // move away are drawn again.
  absl::StatusOr<std::string> RandomBoard(absl::string_view goal, uint64_t seed) const override {
    absl::StatusOr<Cube3State> state = ParseGoal(goal);
    if (!state.ok()) return state.status();
    SeededRandom random(seed);
    Cube3State x;
    do {
      x = Cube3Solved();
      random.Shuffle(x.cp);
      random.Shuffle(x.ep);
      Cube3SetTwist(&x, static_cast<int>(random.Below(kCube3Twists)));
      Cube3SetFlip(&x, static_cast<int>(random.Below(kCube3Flips)));
      if (!Cube3PermutationParitiesAgree(x)) std::swap(x.ep[10], x.ep[11]);
    } while (WithinOneMove(x));
    return Cube3Facelets(Cube3Multiply(*state, x));
  }

  absl::Status CheckAnswer(const QueryText& query, const Answer& answer) const override {
    absl::StatusOr<Cube3State> start = ParseCube3Board(query.start, "start");
    if (!start.ok()) return start.status();
    absl::StatusOr<Cube3State> goal = ParseGoal(query.goal);
    if (!goal.ok()) return goal.status();
    const absl::StatusOr<int> metric = MetricIndex({}, query.metric);
    if (!metric.ok()) return metric.status();
    const absl::StatusOr<int> mode = ModeIndex(Modes(), query.mode);
    if (!mode.ok()) return mode.status();
    const absl::Status shape = CheckAnswerShape(answer, true, info_);
    if (!shape.ok()) return shape;
    if (answer.distance > kMaxAnswer) {
      return absl::InternalError(
          absl::StrCat(answer.distance, " moves: more than ", kMaxAnswer, " (God's number)"));
    }
    absl::StatusOr<std::vector<FaceTurn>> turns = ParseMoves(answer.moves);
    if (!turns.ok()) return absl::InternalError(turns.status().message());
    const Cube3State end = ApplyCube3Turns(*start, *turns);
    if (end != *goal) {
      return absl::InternalError(absl::StrCat("'", answer.moves, "' ends at ", Cube3Facelets(end),
                                              ", not the goal ", Cube3Facelets(*goal)));
    }
    return absl::OkStatus();
  }

 private:
  // A move string: tokens of the 18 turns separated by spaces (PuzzleInfo::move_separator;
  // nothing else separates them). InvalidArgument naming the move otherwise.
  static absl::StatusOr<std::vector<FaceTurn>> ParseMoves(absl::string_view moves) {
    std::vector<FaceTurn> turns;
    int position = 0;
    for (absl::string_view token : absl::StrSplit(moves, ' ', absl::SkipEmpty())) {
      ++position;
      int m = 0;
      while (m < kCube3Moves && MoveToken(m) != token) ++m;
      if (m == kCube3Moves) {
        return absl::InvalidArgumentError(absl::StrCat("moves: move ", position, " is '",
                                                       absl::CHexEscape(token.substr(0, 16)),
                                                       "'; expected one of ", AllMoveTokens()));
      }
      turns.push_back(FaceTurn{m / 3, m % 3 + 1});
    }
    return turns;
  }

  static std::string AllMoveTokens() {
    std::vector<std::string> tokens;
    for (int m = 0; m < kCube3Moves; ++m) tokens.push_back(MoveToken(m));
    return absl::StrJoin(tokens, " ");
  }

  static bool WithinOneMove(const Cube3State& x) {
    if (x == Cube3Solved()) return true;
    for (int m = 0; m < kCube3Moves; ++m) {
      if (x == Cube3MoveState(m)) return true;
    }
    return false;
  }

  // The large tier: opt-in, served when present (by the optimal mode only).
  TableSpec LargeTableSpec() const {
    TableSpec table;
    table.name = kLargeTableName;
    table.optional = true;
    table.description =
        "large tier, served when present: exact distances of the edges' flip, the slice edges' "
        "places and order, the corners' twist and their permutation's parity (flip-slice-sorted "
        "class x twist x parity), 4 bits each, 3.33 GB, for the optimal mode; opt-in (bazel "
        "build //data:cube3-large_table)";
    table.build = [this](int threads, const TableLog& log) -> absl::StatusOr<TableContents> {
      const absl::Time begin = absl::Now();
      std::unique_ptr<const Cube3FlipSliceSorted> classes = Cube3FlipSliceSorted::Create();
      log(absl::StrCat("flip-slice-sorted classes and moves in ",
                       absl::FormatDuration(absl::Now() - begin)));
      std::vector<uint8_t> large =
          BuildCube3LargeTable(*classes, threads, [&log](const std::string& line) { log(line); });
      log(absl::StrCat("the large table by breadth-first search, packed 4 bits an entry, in ",
                       absl::FormatDuration(absl::Now() - begin)));
      return MakeCube3LargeTableContents(
          info_.name, kLargeTableName, std::move(large),
          "generator=table_generator; algorithm=breadth-first search from solved over "
          "(flip-slice-sorted class under the 16 UD symmetries, twist, corner parity), forward "
          "then backward; section large_parity raw, a distance in 4 bits, two to a byte, the "
          "even entry low");
    };
    table.verify = [](const TableFile& file, const TableLog& log) -> std::vector<std::string> {
      absl::StatusOr<const uint8_t*> large = Cube3LargeTableFromFile(file);
      if (!large.ok()) return {std::string(large.status().message())};
      const std::unique_ptr<const Cube3FlipSliceSorted> classes = Cube3FlipSliceSorted::Create();
      const Cube3VerifyReport report = VerifyCube3LargeTable(*large, *classes, 2);
      log(absl::StrCat("large depths ", absl::StrJoin(report.depth_counts[0], " ")));
      log(absl::StrCat("checked ", report.entries_checked,
                       " entries: solved is the only 0, every other entry is one more than its "
                       "nearest neighbour"));
      return report.failures;
    };
    return table;
  }

  void InitExamples();
};

void Cube3PuzzleImpl::InitExamples() {
  // Answers are the two-phase search's (deterministic); cube3_puzzle_test replays each with the
  // independent sticker model.
  examples_.solves = {
      MakeSolveExample("R U2 F' R2", "", 4, "R2 F U2 R'"),
      MakeSolveExample(kCube3SolvedFacelets, "R U", 2, "R U"),
      MakeSolveExample(kCube3SolvedFacelets, "", 0, ""),
  };
  SolveExample optimal = MakeSolveExample("R U2 F' R2 D L'", "", 6, "L D' R2 F U2 R'");
  optimal.mode = "optimal";
  examples_.solves.push_back(optimal);
  examples_.bad_queries = {
      {"UUUUUUUURRRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", "",
       "start: 8 stickers of colour U (each colour covers 9)"},
      {"R U2 F' R2", "", "metric: 'qtm'; this puzzle has a single metric: leave it empty", "qtm"},
      {"R U2 F' R2", "", "mode: 'fast'; expected one of near_optimal, optimal", "", "fast"},
  };
}

}  // namespace

const Puzzle& Cube3Puzzle() {
  static const Cube3PuzzleImpl* const puzzle = new Cube3PuzzleImpl();
  return *puzzle;
}

}  // namespace puzzle
