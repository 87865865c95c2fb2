#include "puzzles/rotation/rotation_puzzle.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "puzzle/board_symbols.h"
#include "puzzle/seeded_random.h"
#include "puzzles/rotation/rotation_bfs.h"
#include "puzzles/rotation/rotation_board.h"
#include "puzzles/rotation/rotation_judges.h"
#include "puzzles/rotation/rotation_solver.h"
#include "puzzles/rotation/rotation_table.h"
#include "puzzles/rotation/rotation_verifier.h"
#include "puzzles/rotation/rotation_view_js.h"

namespace puzzle {
namespace {

// The query's goal field: the Rotation Game has none (its goal is any uniform centre).
absl::Status CheckNoGoal(absl::string_view goal) {
  if (absl::StripAsciiWhitespace(goal).empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(
      "goal: the Rotation Game has no goal board (the goal is a centre of one symbol); leave "
      "it empty");
}

class RotationTableSolver final : public Solver {
 public:
  explicit RotationTableSolver(RotationTable table) : table_(table), solver_(&table_) {}

  absl::Status Solve(const Query& query, SolveControl& /*control*/, Answer* answer) const override {
    const absl::StatusOr<int> metric = MetricIndex({}, query.metric);
    if (!metric.ok()) return metric.status();
    const absl::StatusOr<int> mode = ModeIndex({}, query.mode);
    if (!mode.ok()) return mode.status();
    const absl::Status limits = CheckNoAnswerLimits(query);
    if (!limits.ok()) return limits;
    absl::StatusOr<RotationBoard> board = ParseRotationBoard(query.start, "board");
    if (!board.ok()) return board.status();
    const absl::Status no_goal = CheckNoGoal(query.goal);
    if (!no_goal.ok()) return no_goal;
    absl::StatusOr<RotationAnswer> solved = solver_.Solve(*board);
    if (!solved.ok()) return solved.status();
    answer->solvable = true;
    answer->distance = solved->distance;
    answer->moves = std::move(solved->moves);
    answer->extras.assign(1, solved->centre);
    return absl::OkStatus();
  }

 private:
  const RotationTable table_;
  const RotationSolver solver_;
};

absl::StatusOr<TableContents> BuildTable(int /*threads*/, const TableLog& log) {
  const absl::Time start = absl::Now();
  absl::StatusOr<RotationBfsResult> bfs = BuildRotationTable();
  if (!bfs.ok()) return bfs.status();
  log(absl::StrCat("rotation game: ", kRotationCellSets, " sets, max distance ",
                   bfs->per_depth.size() - 1,
                   ", sets per distance: ", absl::StrJoin(bfs->per_depth, " ")));
  log(absl::StrCat("BFS: ", absl::FormatDuration(absl::Now() - start)));
  return MakeRotationTableContents(
      std::move(bfs->payload),
      "generator=table_generator; algorithm=BFS from the centre set through inverse ops, "
      "8-subsets of 24 cells in colex order; section distances raw, 4 bits per set");
}

std::vector<std::string> VerifyTable(const TableFile& file, const TableLog& log) {
  absl::StatusOr<RotationTable> table = RotationTable::FromTableFile(file);
  if (!table.ok()) return {std::string(table.status().message())};
  const RotationVerifyReport report = VerifyRotationTable(*table);
  log(absl::StrCat("rotation game: sets per distance ", absl::StrJoin(report.per_depth, " ")));
  log(absl::StrCat("checked ", kRotationCellSets,
                   " sets: distance 0 only at the goal, a closer op from every other set, no op "
                   "changes the distance by more than 1"));
  return report.failures;
}

class RotationGamePuzzleImpl final : public PuzzleDefinition {
 public:
  RotationGamePuzzleImpl() {
    info_.name = "rotation-game";
    info_.title = "The Rotation Game (HDU 1667)";
    info_.notation =
        "24 cells in reading order (rows top to bottom, cells left to right), eight each of 1, 2 "
        "and 3: 24 characters such as 111132323132231222312133, or 24 whitespace-separated "
        "tokens. There is no goal board: the goal is a centre of one symbol.";
    info_.start_field = "board";
    info_.has_goal = false;
    info_.rows = 7;
    info_.cols = 7;
    info_.layout.assign(49, -1);
    // The cross: two vertical lines (columns 2 and 4) and two horizontal ones (rows 2 and 4).
    const int kPlace[kRotationCells][2] = {{0, 2}, {0, 4}, {1, 2}, {1, 4}, {2, 0}, {2, 1},
                                           {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}, {3, 2},
                                           {3, 4}, {4, 0}, {4, 1}, {4, 2}, {4, 3}, {4, 4},
                                           {4, 5}, {4, 6}, {5, 2}, {5, 4}, {6, 2}, {6, 4}};
    for (int cell = 0; cell < kRotationCells; ++cell) {
      info_.layout[kPlace[cell][0] * 7 + kPlace[cell][1]] = cell;
    }
    info_.move_meaning =
        "the line of 7 cells that rotates one step (each cell takes the next one's symbol)";
    for (int op = 0; op < kRotationOps; ++op) {
      MoveInfo move{std::string(1, RotationOpChar(op)), std::string(1, RotationOpChar(op)), {}, {}};
      for (uint8_t cell : kRotationLines[op]) move.cells.push_back(cell);
      info_.moves.push_back(std::move(move));
    }
    info_.extras = {"centre"};
    info_.searches = false;

    TableSpec table;
    table.name = "rotation";
    table.description =
        "Rotation Game: the ops needed to bring each of the 735,471 sets of 8 cells to the "
        "centre, 4 bits a set";
    table.build = BuildTable;
    table.verify = VerifyTable;
    tables_.push_back(std::move(table));

    view_ = kRotationViewJs;
    judges_ = RotationJudgeFormats();

    auto solve = [](const char* board, int distance, const char* moves, int centre) {
      SolveExample e;
      e.start = board;
      e.answer.solvable = true;
      e.answer.distance = distance;
      e.answer.moves = moves;
      e.answer.extras = {centre};
      return e;
    };
    examples_.solves = {
        solve("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", 2, "AC", 2),
        solve("111111112222222233333333", 4, "DDHH", 2),
        solve("1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3", 0, "", 2),
    };
    examples_.bad_queries = {
        {"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 4", "",
         "board: symbol '4' at position 24; expected 1, 2 or 3"},
        {"1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", "",
         "board: 9 ones, 7 twos and 8 threes; expected eight of each"},
        {"1 2 3", "", "board: expected 24 symbols (eight each of 1, 2 and 3), got 3"},
        {"111111112222222233333333", "12345678X",
         "goal: the Rotation Game has no goal board (the goal is a centre of one symbol); leave "
         "it empty"},
    };
    examples_.judges = {
        {"hdu1667",
         "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
         "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n"
         "1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3\n0\n",
         "AC\n2\nDDHH\n2\nNo moves needed\n2\n"},
    };
  }

  absl::StatusOr<std::unique_ptr<Solver>> Load(const TableSet& tables) const override {
    absl::StatusOr<const TableFile*> file = tables.Get(info_.name, "rotation");
    if (!file.ok()) return file.status();
    absl::StatusOr<RotationTable> table = RotationTable::FromTableFile(**file);
    if (!table.ok()) return table.status();
    return std::unique_ptr<Solver>(new RotationTableSolver(*table));
  }

  absl::StatusOr<std::vector<std::string>> Trace(absl::string_view start,
                                                 absl::string_view moves) const override {
    absl::StatusOr<RotationBoard> board = ParseRotationBoard(start, info_.start_field);
    if (!board.ok()) return board.status();
    std::vector<std::string> boards = {FormatRotationBoard(*board)};
    for (size_t i = 0; i < moves.size(); ++i) {
      const char c = moves[i];
      if (c < 'A' || c > 'H') {
        return absl::InvalidArgumentError(absl::StrCat("moves: ", QuoteSymbol(moves.substr(i, 1)),
                                                       " at position ", i + 1,
                                                       "; expected one of A-H"));
      }
      *board = ApplyRotationOp(*board, c - 'A');
      boards.push_back(FormatRotationBoard(*board));
    }
    return boards;
  }

  // From `goal` when given, else from a solved board made from `seed` (a random centre symbol,
  // the other 16 cells shuffled), then `moves` random ops, never undoing the previous one.
  absl::StatusOr<std::string> Scramble(absl::string_view goal, int moves,
                                       uint64_t seed) const override {
    if (moves < 0) {
      return absl::InvalidArgumentError(absl::StrCat("moves: ", moves, "; expected 0 or more"));
    }
    // Modulo, not SeededRandom::Below, so the boards are the ones this has always given.
    SeededRandom random(seed);
    RotationBoard board;
    if (!absl::StripAsciiWhitespace(goal).empty()) {
      absl::StatusOr<RotationBoard> parsed = ParseRotationBoard(goal, "goal");
      if (!parsed.ok()) return parsed.status();
      board = *parsed;
    } else {
      const int centre = 1 + static_cast<int>(random.Next() % 3);
      std::vector<uint8_t> rest;
      for (int symbol = 1; symbol <= 3; ++symbol) {
        if (symbol != centre) rest.insert(rest.end(), 8, static_cast<uint8_t>(symbol));
      }
      for (size_t i = rest.size() - 1; i > 0; --i) {
        std::swap(rest[i], rest[random.Next() % (i + 1)]);
      }
      for (int cell = 0, next = 0; cell < kRotationCells; ++cell) {
        const bool in_centre = (kRotationCentreMask >> cell) & 1u;
        board.cells[cell] = in_centre ? static_cast<uint8_t>(centre) : rest[next++];
      }
    }
    int previous = -1;
    for (int i = 0; i < moves; ++i) {
      int op;
      do {
        op = static_cast<int>(random.Next() % kRotationOps);
      } while (previous >= 0 && op == kRotationInverse[previous]);
      board = ApplyRotationOp(board, op);
      previous = op;
    }
    return FormatRotationBoard(board);
  }

  // Every arrangement of the symbols is a position (the table answers all of them): the cells
  // of `goal` (or 8 each of 1, 2 and 3) in a uniformly random order.
  absl::StatusOr<std::string> RandomBoard(absl::string_view goal, uint64_t seed) const override {
    std::vector<uint8_t> cells;
    if (!absl::StripAsciiWhitespace(goal).empty()) {
      absl::StatusOr<RotationBoard> parsed = ParseRotationBoard(goal, "goal");
      if (!parsed.ok()) return parsed.status();
      cells.assign(parsed->cells.begin(), parsed->cells.end());
    } else {
      for (int symbol = 1; symbol <= 3; ++symbol) cells.insert(cells.end(), 8, symbol);
    }
    SeededRandom(seed).Shuffle(cells);
    RotationBoard board;
    std::copy(cells.begin(), cells.end(), board.cells.begin());
    return FormatRotationBoard(board);
  }

  absl::Status CheckAnswer(const QueryText& query, const Answer& answer) const override {
    if (!answer.solvable || answer.extras.size() != 1) {
      return absl::InternalError("every board is solvable, with one extra (the centre symbol)");
    }
    if (answer.moves.size() != static_cast<size_t>(answer.distance)) {
      return absl::InternalError(
          absl::StrCat("distance ", answer.distance, " but ", answer.moves.size(), " ops"));
    }
    absl::StatusOr<std::vector<std::string>> boards = Trace(query.start, answer.moves);
    if (!boards.ok()) return absl::InternalError(boards.status().message());
    for (uint8_t cell : kRotationCentre) {
      if (boards->back()[cell] != '0' + answer.extras[0]) {
        return absl::InternalError(absl::StrCat("'", answer.moves, "' leaves ", boards->back(),
                                                ": the centre is not all ", answer.extras[0]));
      }
    }
    return absl::OkStatus();
  }
};

}  // namespace

const Puzzle& RotationGamePuzzle() {
  static const RotationGamePuzzleImpl* const puzzle = new RotationGamePuzzleImpl();
  return *puzzle;
}

}  // namespace puzzle
