#include "puzzles/eight/eight_puzzle.h"

#include <algorithm>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "puzzle/sliding_moves.h"
#include "puzzles/eight/eight_bfs.h"
#include "puzzles/eight/eight_depth_histograms_txt.h"
#include "puzzles/eight/eight_judges.h"
#include "puzzles/eight/eight_solver.h"
#include "puzzles/eight/eight_table.h"
#include "puzzles/eight/eight_verifier.h"
#include "puzzles/eight/eight_view_js.h"

namespace puzzle {
namespace {

void ToAnswer(const EightAnswer& in, Answer* out) {
  out->solvable = in.solvable;
  out->distance = in.distance;
  const absl::string_view moves = in.moves();
  out->moves.assign(moves.data(), moves.size());
  out->extras.clear();
}

class EightTableSolver final : public Solver {
 public:
  explicit EightTableSolver(EightTable table) : table_(table), solver_(&table_) {}

  absl::Status Solve(const Query& query, SolveControl& /*control*/, Answer* answer) const override {
    const absl::StatusOr<int> metric = MetricIndex({}, query.metric);
    if (!metric.ok()) return metric.status();
    const absl::StatusOr<int> mode = ModeIndex({}, query.mode);
    if (!mode.ok()) return mode.status();
    const absl::Status limits = CheckNoAnswerLimits(query);
    if (!limits.ok()) return limits;
    absl::StatusOr<EightAnswer> solved = solver_.SolveText(query.start, query.goal);
    if (!solved.ok()) return solved.status();
    ToAnswer(*solved, answer);
    return absl::OkStatus();
  }

  // Parses every query first, then walks the well-formed ones together, interleaved, so their
  // memory reads overlap (EightSolver::SolveRelabeledBatch). A table lookup is microseconds, so
  // `control` is not polled.
  void SolveBatch(absl::Span<const Query> queries, SolveControl& /*control*/,
                  absl::Span<absl::Status> statuses, absl::Span<Answer> answers) const override {
    std::vector<RelabeledQuery> relabeled;
    std::vector<size_t> slots;
    relabeled.reserve(queries.size());
    slots.reserve(queries.size());
    for (size_t i = 0; i < queries.size(); ++i) {
      const absl::StatusOr<int> metric = MetricIndex({}, queries[i].metric);
      if (!metric.ok()) {
        statuses[i] = metric.status();
        continue;
      }
      const absl::StatusOr<int> mode = ModeIndex({}, queries[i].mode);
      if (!mode.ok()) {
        statuses[i] = mode.status();
        continue;
      }
      const absl::Status limits = CheckNoAnswerLimits(queries[i]);
      if (!limits.ok()) {
        statuses[i] = limits;
        continue;
      }
      absl::StatusOr<RelabeledQuery> parsed = ParseEightQuery(queries[i].start, queries[i].goal);
      statuses[i] = parsed.status();
      if (!parsed.ok()) continue;
      relabeled.push_back(*parsed);
      slots.push_back(i);
    }
    std::vector<EightAnswer> solved(relabeled.size());
    const absl::Status status =
        solver_.SolveRelabeledBatch(relabeled.data(), solved.data(), relabeled.size());
    for (size_t k = 0; k < slots.size(); ++k) {
      statuses[slots[k]] = status;
      if (status.ok()) ToAnswer(solved[k], &answers[slots[k]]);
    }
  }

 private:
  const EightTable table_;
  const EightSolver solver_;
};

std::vector<uint8_t> CellsOf(const EightBoard& board) {
  return std::vector<uint8_t>(board.cells.begin(), board.cells.end());
}

std::string FormatCells(const std::vector<uint8_t>& cells) {
  EightBoard board;
  std::copy(cells.begin(), cells.end(), board.cells.begin());
  return FormatEightBoard(board);
}

absl::StatusOr<TableContents> BuildTable(int threads, const TableLog& log) {
  const absl::Time start = absl::Now();
  EightBfsResult bfs = BuildEightTable(threads);
  for (int seed = 0; seed < kEightSeeds; ++seed) {
    const SeedStats& s = bfs.seeds[seed];
    log(absl::StrCat("seed ", seed, " (blank at cell ", seed, "): ", s.states,
                     " states, max depth ", s.max_depth()));
  }
  log(absl::StrCat("BFS of 9 seeds on ", threads,
                   " threads: ", absl::FormatDuration(absl::Now() - start)));
  return MakeEightTableContents(
      std::move(bfs.payload),
      "generator=table_generator; algorithm=FIFO BFS per seed, moves d,l,r,u, first discovery "
      "stored; seeds=9; section last_moves raw, 2 bits per state");
}

std::vector<std::string> VerifyTable(const TableFile& file, const TableLog& log) {
  absl::StatusOr<EightTable> table = EightTable::FromTableFile(file);
  if (!table.ok()) return {std::string(table.status().message())};
  absl::StatusOr<DepthHistograms> expected = ParseDepthHistograms(kEightDepthHistogramsTxt);
  if (!expected.ok()) {
    return {absl::StrCat("eight_depth_histograms.txt: ", expected.status().message())};
  }
  const EightVerifyReport report = VerifyEightTable(*table, &*expected);
  for (int seed = 0; seed < kEightSeeds; ++seed) {
    log(absl::StrCat("seed ", seed, ": depths ", absl::StrJoin(report.histograms[seed], " ")));
  }
  log(absl::StrCat("checked ", report.states_checked,
                   " states: legal moves, walks reach the seed, exact distances, lex-min "
                   "choices, OEIS depth histograms"));
  return report.failures;
}

class EightPuzzleImpl final : public PuzzleDefinition {
 public:
  EightPuzzleImpl() {
    info_.name = "eight";
    info_.title = "8-puzzle (Eight II)";
    info_.notation =
        "9 cells in reading order: 9 characters such as 12X453786 (the blank is X, x or 0), or "
        "9 whitespace-separated tokens such as \"2 3 4 1 5 x 7 6 8\" or integers 0-8 (0 is the "
        "blank). An empty goal is 12345678X.";
    info_.start_field = "start";
    info_.has_goal = true;
    info_.default_goal = "12345678X";
    info_.rows = 3;
    info_.cols = 3;
    for (int cell = 0; cell < kEightCells; ++cell) info_.layout.push_back(cell);
    info_.blank_symbol = "X";
    info_.move_meaning = "the direction the blank moves";
    info_.moves = SlideMoveInfos();
    info_.searches = false;

    TableSpec table;
    table.name = "eight";
    table.description =
        "Eight II: the last move of the lex-min shortest path to every state from each of the 9 "
        "seeds, 2 bits a state (1,632,960 states)";
    table.build = BuildTable;
    table.verify = VerifyTable;
    tables_.push_back(std::move(table));

    view_ = kEightViewJs;
    judges_ = EightJudgeFormats();

    const auto solve = MakeSolveExample;
    examples_.solves = {
        solve("564178X23", "7568X4123", 8, "urrulldr"),
        solve("12X453786", "", 2, "dd"),
        solve("2 3 4 1 5 x 7 6 8", "", 19, "dlurullddrurdllurdr"),
        solve("12345678X", "12345678X", 0, ""),
        solve("21345678X", "", -1, ""),
    };
    examples_.bad_queries = {
        {"123Y5678X", "", "start: symbol 'Y' at position 4; expected 1-8 or X"},
        {"12345678X", "1234",
         "goal: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 4"},
        {"", "", "start: empty board; expected 9 symbols (tiles 1-8 and one blank X, x or 0)"},
    };
    examples_.judges = {
        {"hdu3567", "2\n12X453786\n12345678X\n564178X23\n7568X4123\n",
         "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n"},
        {"poj1077", " 2  3  4  1  5  x  7  6  8 \n", "dlurullddrurdllurdr\n"},
        {"distance",
         "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8 1 2 3 4 5 6 7 8 0\n"
         "2 1 3 4 5 6 7 8 0 1 2 3 4 5 6 7 8 0\n",
         "0\n1\n-1\n"},
    };
  }

  absl::StatusOr<std::unique_ptr<Solver>> Load(const TableSet& tables) const override {
    absl::StatusOr<const TableFile*> file = tables.Get(info_.name, "eight");
    if (!file.ok()) return file.status();
    absl::StatusOr<EightTable> table = EightTable::FromTableFile(**file);
    if (!table.ok()) return table.status();
    return std::unique_ptr<Solver>(new EightTableSolver(*table));
  }

  absl::StatusOr<std::vector<std::string>> Trace(absl::string_view start,
                                                 absl::string_view moves) const override {
    absl::StatusOr<EightBoard> board = ParseEightBoard(start, info_.start_field);
    if (!board.ok()) return board.status();
    std::vector<uint8_t> cells = CellsOf(*board);
    std::vector<std::vector<uint8_t>> trace = {cells};
    const absl::Status status = ApplySlideMoves(3, 3, moves, cells, &trace);
    if (!status.ok()) return status;
    std::vector<std::string> boards;
    for (const std::vector<uint8_t>& b : trace) boards.push_back(FormatCells(b));
    return boards;
  }

  absl::StatusOr<std::string> Scramble(absl::string_view goal, int moves,
                                       uint64_t seed) const override {
    if (moves < 0) {
      return absl::InvalidArgumentError(absl::StrCat("moves: ", moves, "; expected 0 or more"));
    }
    EightBoard board = StandardEightGoal();
    if (!absl::StripAsciiWhitespace(goal).empty()) {
      absl::StatusOr<EightBoard> parsed = ParseEightBoard(goal, "goal");
      if (!parsed.ok()) return parsed.status();
      board = *parsed;
    }
    std::vector<uint8_t> cells = CellsOf(board);
    ScrambleSlide(3, 3, moves, seed, cells);
    return FormatCells(cells);
  }

  absl::StatusOr<std::string> RandomBoard(absl::string_view goal, uint64_t seed) const override {
    absl::StatusOr<EightBoard> parsed = ParseEightBoard(
        absl::StripAsciiWhitespace(goal).empty() ? info_.default_goal : goal, "goal");
    if (!parsed.ok()) return parsed.status();
    return FormatCells(RandomSlideBoard(3, CellsOf(*parsed), seed));
  }

  absl::Status CheckAnswer(const QueryText& query, const Answer& answer) const override {
    absl::StatusOr<RelabeledQuery> relabeled = ParseEightQuery(query.start, query.goal);
    if (!relabeled.ok()) return relabeled.status();
    const absl::Status shape = CheckAnswerShape(answer, relabeled->solvable);
    if (!shape.ok() || !answer.solvable) return shape;
    absl::StatusOr<std::vector<std::string>> boards = Trace(query.start, answer.moves);
    if (!boards.ok()) return absl::InternalError(boards.status().message());
    absl::StatusOr<std::vector<std::string>> goal =
        Trace(absl::StripAsciiWhitespace(query.goal).empty() ? info_.default_goal : query.goal, "");
    if (!goal.ok()) return absl::InternalError(goal.status().message());
    if (boards->back() != goal->front()) {
      return absl::InternalError(absl::StrCat("'", answer.moves, "' ends at ", boards->back(),
                                              ", not the goal ", goal->front()));
    }
    return absl::OkStatus();
  }
};

}  // namespace

const Puzzle& EightPuzzle() {
  static const EightPuzzleImpl* const puzzle = new EightPuzzleImpl();
  return *puzzle;
}

}  // namespace puzzle
