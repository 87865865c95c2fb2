#include "puzzles/fifteen/fifteen_puzzle.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "puzzle/sliding_moves.h"
#include "puzzles/fifteen/fifteen_board.h"
#include "puzzles/fifteen/fifteen_heuristic.h"
#include "puzzles/fifteen/fifteen_judges.h"
#include "puzzles/fifteen/fifteen_pdb_verifier.h"
#include "puzzles/fifteen/fifteen_search.h"
#include "puzzles/fifteen/fifteen_table_file.h"
#include "puzzles/fifteen/fifteen_tables.h"
#include "puzzles/fifteen/fifteen_view_js.h"

namespace puzzle {
namespace {

constexpr char kDefaultGoal[] = "123456789ABCDEFX";

// The goal of a query: its own, or the default when empty.
absl::StatusOr<FifteenBoard> ParseGoal(absl::string_view goal) {
  if (absl::StripAsciiWhitespace(goal).empty()) return StandardFifteenGoal();
  return ParseFifteenBoard(goal, "goal");
}

class FifteenSolver final : public Solver {
 public:
  // The heuristic points into the mapped table files, which the loader keeps alive for as
  // long as the solver (puzzle_loader.h).
  explicit FifteenSolver(FifteenHeuristic heuristic) : heuristic_(std::move(heuristic)) {}

  absl::Status Solve(const Query& query, SolveControl& control, Answer* answer) const override {
    const absl::StatusOr<int> metric = MetricIndex({}, query.metric);
    if (!metric.ok()) return metric.status();
    const absl::StatusOr<int> mode = ModeIndex({}, query.mode);
    if (!mode.ok()) return mode.status();
    const absl::Status limits = CheckNoAnswerLimits(query);
    if (!limits.ok()) return limits;
    absl::StatusOr<FifteenBoard> start = ParseFifteenBoard(query.start, "start");
    if (!start.ok()) return start.status();
    absl::StatusOr<FifteenBoard> goal = ParseGoal(query.goal);
    if (!goal.ok()) return goal.status();
    absl::StatusOr<FifteenAnswer> solved = SolveFifteen(*start, *goal, heuristic_, control);
    if (!solved.ok()) return solved.status();
    answer->solvable = solved->solvable;
    answer->distance = solved->distance;
    answer->moves = std::move(solved->moves);
    answer->extras.clear();
    answer->nodes = solved->nodes;
    answer->search_time = solved->elapsed;
    return absl::OkStatus();
  }

  // Solves the queries on up to control.batch_threads() threads (the calling thread among them),
  // each taking the next unsolved query; every thread has a fork of `control` (same deadline and
  // cancellation). Once told to stop, a thread gives each query it has not started the batch's
  // stop reason. Answers do not depend on the thread count.
  void SolveBatch(absl::Span<const Query> queries, SolveControl& control,
                  absl::Span<absl::Status> statuses, absl::Span<Answer> answers) const override {
    const int threads = static_cast<int>(std::min<size_t>(control.batch_threads(), queries.size()));
    if (threads <= 1) {
      Solver::SolveBatch(queries, control, statuses, answers);
      return;
    }
    std::atomic<size_t> next{0};
    auto work = [&](SolveControl& mine) {
      for (size_t i = next++; i < queries.size(); i = next++) {
        statuses[i] =
            mine.ShouldStop() ? mine.NotStartedStatus() : Solve(queries[i], mine, &answers[i]);
      }
    };
    std::vector<std::unique_ptr<SolveControl>> forks;
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t) {
      forks.push_back(control.Fork());
      try {
        helpers.emplace_back(work, std::ref(*forks.back()));
      } catch (const std::system_error&) {
        break;  // no thread to be had (a process or memory limit): fewer helpers, same answers
      }
    }
    work(control);
    for (std::thread& helper : helpers) helper.join();
  }

 private:
  const FifteenHeuristic heuristic_;
};

std::vector<uint8_t> CellsOf(const FifteenBoard& board) {
  return std::vector<uint8_t>(board.cells.begin(), board.cells.end());
}

std::string FormatCells(const std::vector<uint8_t>& cells) {
  FifteenBoard board{};
  std::copy(cells.begin(), cells.end(), board.cells.begin());
  return FormatFifteenBoard(board);
}

absl::StatusOr<TableContents> BuildTier(FifteenTier tier, int threads, const TableLog& log) {
  const absl::Time start = absl::Now();
  absl::StatusOr<std::vector<FifteenTableSection>> sections =
      BuildFifteenTables(tier, threads, log);
  if (!sections.ok()) return sections.status();
  log(absl::StrCat(FifteenTierName(tier), " tier: ", sections->size(), " sections on ", threads,
                   " threads in ", absl::FormatDuration(absl::Now() - start)));
  return MakeFifteenTableContents(
      tier, std::move(*sections),
      absl::StrCat("generator=table_generator; algorithm=0-1 BFS per pattern over (placement, "
                   "blank cell), minimised over the blank; tier=",
                   FifteenTierName(tier),
                   "; sections raw, 4 bits per entry e = (h - manhattan) / 2 "
                   "(puzzles/fifteen/fifteen_pdb_layout.h)"));
}

// Checks that the file holds exactly the tier's sections, then every section with the
// independent verifier (fifteen_pdb_verifier.h): local consistency of every entry, and a full
// recomputation of every section of up to 7 tiles (the 8-tile section is checked locally and by
// samples; recomputing it would need 8.3 GB).
std::vector<std::string> VerifyTier(FifteenTier tier, const TableFile& file, const TableLog& log) {
  FifteenSectionMap sections;
  const absl::Status layout = AddFifteenSections(file, tier, &sections);
  if (!layout.ok()) return {std::string(layout.message())};
  FifteenVerifyOptions options;
  options.threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::string> failures;
  for (const FifteenPattern& pattern : FifteenTierPatterns(tier)) {
    const std::string name = FifteenPdbSectionName(pattern);
    const absl::Time start = absl::Now();
    absl::StatusOr<FifteenVerifyReport> report =
        VerifyFifteenPdbSection(name, sections.at(name), options);
    if (!report.ok()) {
      failures.push_back(std::string(report.status().message()));
      continue;
    }
    log(absl::StrCat(report->Summary(), " (", absl::FormatDuration(absl::Now() - start), ")"));
  }
  return failures;
}

TableSpec TierSpec(FifteenTier tier) {
  TableSpec spec;
  spec.name = FifteenTableName(tier);
  spec.optional = tier == FifteenTier::kLarge;
  spec.description =
      tier == FifteenTier::kDefault
          ? "additive pattern databases for every goal: 7-7-1 and 7-6-1-1 partitions, 4 "
            "sections, 63,423,360 bytes, 4 bits an entry"
          : "large tier, served when present: 7-8 partitions with the mirror lookup, 4 more "
            "sections, 345,945,600 bytes; opt-in (bazel build //data:fifteen-large_table)";
  spec.build = [tier](int threads, const TableLog& log) { return BuildTier(tier, threads, log); };
  spec.verify = [tier](const TableFile& file, const TableLog& log) {
    return VerifyTier(tier, file, log);
  };
  return spec;
}

class FifteenPuzzleImpl final : public PuzzleDefinition {
 public:
  FifteenPuzzleImpl() {
    info_.name = "fifteen";
    info_.title = "15-puzzle (Fifteen II)";
    info_.notation =
        "16 cells in reading order: 16 characters such as 123456789ABCDEFX (tiles 1-9 and A-F, "
        "or a-f in lower case; the blank is X, x or 0), or 16 whitespace-separated tokens such as "
        "\"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x\" or integers 0-15 (0 is the blank). An empty "
        "goal is 123456789ABCDEFX.";
    info_.start_field = "start";
    info_.has_goal = true;
    info_.default_goal = kDefaultGoal;
    info_.rows = kFifteenSide;
    info_.cols = kFifteenSide;
    for (int cell = 0; cell < kFifteenCells; ++cell) info_.layout.push_back(cell);
    info_.blank_symbol = "X";
    info_.move_meaning = "the direction the blank moves";
    info_.moves = SlideMoveInfos();
    info_.searches = true;

    tables_.push_back(TierSpec(FifteenTier::kDefault));
    tables_.push_back(TierSpec(FifteenTier::kLarge));
    view_ = kFifteenViewJs;
    judges_ = FifteenJudgeFormats();

    // Answers computed by this solver and checked independently: the lengths by the baseline
    // search and brute force (fifteen_puzzle_test), the moves by CheckAnswer.
    const auto solve = MakeSolveExample;
    examples_.solves = {
        solve("123456789ABCDEXF", "", 1, "r"),
        solve("123456789ABCDEFX", "", 0, ""),
        solve("1 2 3 4 6 7 8 0 5 10 11 12 9 13 14 15", "", 8, "lllddrrr"),  // AIZU's sample
        solve("16245X379AF8DCBE", "5 1 2 3 4 0 6 7 8 9 10 11 12 13 14 15", 40,
              "ddlurrruldlururddlluurdddllurdrrulululdr"),  // any goal: blank on an edge
        solve("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "X123456789ABCDEF", 57,
              "ulddruuuldddruurrdldluurulldrdruurdddluuurdddluluurrdlllu"),  // Korf's #1
        solve("X123456789ABCDEF", "X123456789ABCDEF", 0, ""),
        solve("123456789ABCDFEX", "", -1, ""),
        solve("X123456789ABCDEF", "", -1, ""),
    };
    examples_.bad_queries = {
        {"123456789ABCDEFG", "", "start: symbol 'G' at position 16; expected 1-9, A-F or X"},
        {"123456789ABCDEFX", "1234", "goal: expected 16 symbols (tiles 1-15 and one blank), got 4"},
        {"", "", "start: empty board; expected 16 symbols (tiles 1-15 and one blank)"},
    };
    examples_.judges = {
        {"uva10181",
         "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n"
         "15 8 11 14\n",
         "LLLDRDRDR\nThis puzzle is not solvable.\n"},
        {"aizu-alds1-13-c", "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n", "8\n"},
    };
  }

  absl::StatusOr<std::unique_ptr<Solver>> Load(const TableSet& tables) const override {
    absl::StatusOr<const TableFile*> file = tables.Get(info_.name, "fifteen");
    if (!file.ok()) return file.status();
    FifteenSectionMap sections;
    absl::Status status = AddFifteenSections(**file, FifteenTier::kDefault, &sections);
    if (!status.ok()) return status;
    if (const TableFile* large = tables.Find("fifteen-large"); large != nullptr) {
      status = AddFifteenSections(*large, FifteenTier::kLarge, &sections);
      if (!status.ok()) return status;
    }
    absl::StatusOr<FifteenHeuristic> heuristic = FifteenHeuristic::Create(sections);
    if (!heuristic.ok()) return heuristic.status();
    return std::unique_ptr<Solver>(new FifteenSolver(std::move(*heuristic)));
  }

  absl::StatusOr<std::vector<std::string>> Trace(absl::string_view start,
                                                 absl::string_view moves) const override {
    absl::StatusOr<FifteenBoard> board = ParseFifteenBoard(start, info_.start_field);
    if (!board.ok()) return board.status();
    std::vector<uint8_t> cells = CellsOf(*board);
    std::vector<std::vector<uint8_t>> trace = {cells};
    const absl::Status status = ApplySlideMoves(kFifteenSide, kFifteenSide, moves, cells, &trace);
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
    absl::StatusOr<FifteenBoard> board = ParseGoal(goal);
    if (!board.ok()) return board.status();
    std::vector<uint8_t> cells = CellsOf(*board);
    ScrambleSlide(kFifteenSide, kFifteenSide, moves, seed, cells);
    return FormatCells(cells);
  }

  absl::StatusOr<std::string> RandomBoard(absl::string_view goal, uint64_t seed) const override {
    absl::StatusOr<FifteenBoard> board = ParseGoal(goal);
    if (!board.ok()) return board.status();
    return FormatCells(RandomSlideBoard(kFifteenSide, CellsOf(*board), seed));
  }

  absl::Status CheckAnswer(const QueryText& query, const Answer& answer) const override {
    absl::StatusOr<FifteenBoard> start = ParseFifteenBoard(query.start, "start");
    if (!start.ok()) return start.status();
    absl::StatusOr<FifteenBoard> goal = ParseGoal(query.goal);
    if (!goal.ok()) return goal.status();
    const absl::Status shape = CheckAnswerShape(answer, FifteenSolvable(*start, *goal));
    if (!shape.ok() || !answer.solvable) return shape;
    absl::StatusOr<FifteenBoard> end = ApplyFifteenMoves(*start, answer.moves);
    if (!end.ok()) return absl::InternalError(end.status().message());
    if (*end != *goal) {
      return absl::InternalError(absl::StrCat("'", answer.moves, "' ends at ",
                                              FormatFifteenBoard(*end), ", not the goal ",
                                              FormatFifteenBoard(*goal)));
    }
    return absl::OkStatus();
  }
};

}  // namespace

const Puzzle& FifteenPuzzle() {
  static const FifteenPuzzleImpl* const puzzle = new FifteenPuzzleImpl();
  return *puzzle;
}

}  // namespace puzzle
