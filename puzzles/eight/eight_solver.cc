#include "puzzles/eight/eight_solver.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

namespace {

// One walk from a relabeled goal back to its seed, as (blank cell, rank) pairs: the undo table
// gives the previous pair from the move read, with no branch on the move.
struct Walk {
  uint32_t seed;
  uint32_t blank;
  uint32_t rank;
  uint32_t illegal;  // non-zero once the table named a move that cannot have led here
  int length;
  EightAnswer* answer;

  void Start(const RelabeledQuery& query, EightAnswer* out) {
    seed = static_cast<uint32_t>(query.seed);
    blank = query.goal.blank;
    rank = RankEvenTileOrder(query.goal.tiles);
    illegal = 0;
    length = 0;
    answer = out;
  }
  // The seed is the only state of its table with the blank at the seed cell and rank 0.
  bool AtSeed() const { return blank == seed && rank == 0; }

  // One step back along the lex-min shortest path. REQUIRES: !AtSeed(), length < 31.
  void Step(const EightTable& table, const EightUndoTable& undo) {
    const uint32_t move = static_cast<uint32_t>(
        table.LastMove(static_cast<int>(seed), blank * kEvenTileOrders + rank));
    const uint32_t key = EightUndoTable::Key(blank, move);
    illegal |= undo.Illegal(key);
    answer->move_chars[length++] = "dlru"[move];
    rank = undo.NextRank(key, rank);
    blank = undo.NextBlank(key);
  }

  // OK, or DataLoss when the walk was impossible; then fills in the answer.
  absl::Status Finish() {
    if (illegal != 0) {
      return absl::DataLossError(absl::StrCat("table for seed ", seed,
                                              " names a move that cannot lead to the state it "
                                              "is stored for; the table is inconsistent"));
    }
    std::reverse(answer->move_chars.begin(), answer->move_chars.begin() + length);
    answer->solvable = true;
    answer->distance = length;
    return absl::OkStatus();
  }

  absl::Status TooLong() const {
    return absl::DataLossError(absl::StrCat("table walk from seed ", seed, " exceeded ",
                                            kEightMaxDistance,
                                            " steps; the table is inconsistent"));
  }
};

}  // namespace

absl::StatusOr<EightAnswer> EightSolver::SolveRelabeled(const RelabeledQuery& query) const {
  EightAnswer answer;
  if (!query.solvable) return answer;
  Walk walk;
  walk.Start(query, &answer);
  while (!walk.AtSeed()) {
    if (walk.length == kEightMaxDistance) return walk.TooLong();
    walk.Step(*table_, undo_);
  }
  absl::Status status = walk.Finish();
  if (!status.ok()) return status;
  return answer;
}

// Each walk is a chain of dependent table reads (the next index needs the move just read), so
// one walk leaves the core mostly waiting. Advancing kLanes independent walks in turn lets
// their reads and rank computations overlap.
absl::Status EightSolver::SolveRelabeledBatch(const RelabeledQuery* queries, EightAnswer* answers,
                                              size_t count) const {
  constexpr int kLanes = 8;
  Walk lanes[kLanes];
  bool busy[kLanes] = {};
  size_t next = 0;
  // Starts the next solvable query in `lane`; unsolvable ones are answered on the way.
  auto refill = [&](int lane) {
    while (next < count) {
      answers[next] = EightAnswer();
      if (queries[next].solvable) {
        lanes[lane].Start(queries[next], &answers[next]);
        ++next;
        return true;
      }
      ++next;
    }
    return false;
  };
  int active = 0;
  for (int lane = 0; lane < kLanes; ++lane) active += busy[lane] = refill(lane);
  while (active > 0) {
    for (int lane = 0; lane < kLanes; ++lane) {
      if (!busy[lane]) continue;
      Walk& walk = lanes[lane];
      if (walk.AtSeed()) {
        absl::Status status = walk.Finish();
        if (!status.ok()) return status;
        if (!(busy[lane] = refill(lane))) --active;
        continue;
      }
      if (walk.length == kEightMaxDistance) return walk.TooLong();
      walk.Step(*table_, undo_);
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<EightAnswer> EightSolver::Solve(const EightBoard& start,
                                               const EightBoard& goal) const {
  return SolveRelabeled(Relabel(start, goal));
}

absl::StatusOr<RelabeledQuery> ParseEightQuery(absl::string_view start, absl::string_view goal) {
  absl::StatusOr<EightBoard> start_board = ParseEightBoard(start, "start");
  if (!start_board.ok()) return start_board.status();
  EightBoard goal_board = StandardEightGoal();
  if (!absl::StripAsciiWhitespace(goal).empty()) {
    absl::StatusOr<EightBoard> parsed = ParseEightBoard(goal, "goal");
    if (!parsed.ok()) return parsed.status();
    goal_board = *parsed;
  }
  return Relabel(*start_board, goal_board);
}

absl::StatusOr<EightAnswer> EightSolver::SolveText(absl::string_view start,
                                                   absl::string_view goal) const {
  absl::StatusOr<RelabeledQuery> query = ParseEightQuery(start, goal);
  if (!query.ok()) return query.status();
  return SolveRelabeled(*query);
}

}  // namespace puzzle
