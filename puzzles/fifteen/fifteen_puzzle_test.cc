// The 15-puzzle as the registry sees it: info, Load from the table files, the examples (checked
// against the independent baseline search and brute force), the parallel batch, Trace, Scramble
// and CheckAnswer. Its examples and judges run through every transport in tests/ (parameterised
// over the registry).
#include "puzzles/fifteen/fifteen_puzzle.h"

#include <atomic>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "puzzle/chi_square.h"
#include "puzzle/puzzle_loader.h"
#include "puzzles/fifteen/fifteen_baseline_search.h"
#include "puzzles/fifteen/fifteen_board.h"
#include "puzzles/fifteen/fifteen_brute_force.h"
#include "puzzles/fifteen/fifteen_table_file.h"
#include "puzzles/fifteen/fifteen_test_pairs.h"

namespace puzzle {
namespace {

const LoadedPuzzle& Fifteen() {
  static const LoadedPuzzle* const loaded = [] {
    absl::StatusOr<std::unique_ptr<LoadedPuzzle>> p = LoadPuzzle(FifteenPuzzle(), "data");
    if (!p.ok()) {
      ADD_FAILURE() << p.status();
      std::abort();
    }
    return p->release();
  }();
  return *loaded;
}

FifteenBoard B(absl::string_view text) { return *ParseFifteenBoard(text, "test"); }

TEST(FifteenPuzzleTest, InfoDescribesTheBoardMovesAndTables) {
  const PuzzleInfo& info = FifteenPuzzle().info();
  EXPECT_EQ(info.name, "fifteen");
  EXPECT_EQ(info.rows, 4);
  EXPECT_EQ(info.cols, 4);
  ASSERT_EQ(info.layout.size(), 16u);
  for (int cell = 0; cell < 16; ++cell) EXPECT_EQ(info.layout[cell], cell);
  ASSERT_EQ(info.moves.size(), 4u);
  EXPECT_EQ(
      info.moves[0].symbol + info.moves[1].symbol + info.moves[2].symbol + info.moves[3].symbol,
      "dlru");
  EXPECT_TRUE(info.has_goal);
  EXPECT_EQ(info.default_goal, "123456789ABCDEFX");
  EXPECT_EQ(info.blank_symbol, "X");
  EXPECT_TRUE(info.searches);
  const std::vector<TableSpec>& tables = FifteenPuzzle().tables();
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(tables[0].file_name(), "fifteen.tbl");
  EXPECT_FALSE(tables[0].optional);
  EXPECT_EQ(tables[1].file_name(), "fifteen-large.tbl");
  EXPECT_TRUE(tables[1].optional);
}

// Lower case is accepted (tiles a-f, the blank x) and the notation the server lists says so.
// Random-state boards: all in the goal's class (the parity split is 100/0, where a plain shuffle
// is 50/50), and uniform: the blank's cell and tile 1's cell are each uniform over the 16
// (chi-square at the 0.001 quantile, 16,000 boards, fixed seeds).
TEST(FifteenPuzzleTest, RandomBoardsAreUniformOverTheGoalsClass) {
  EXPECT_EQ(*FifteenPuzzle().RandomBoard("", 3), *FifteenPuzzle().RandomBoard("", 3));
  for (const char* goal : {"", "X123456789ABCDEF"}) {
    std::vector<double> blank(16), one(16);
    const FifteenBoard goal_board = *ParseFifteenBoard(*goal ? goal : "123456789ABCDEFX", "goal");
    for (uint64_t seed = 0; seed < 16000; ++seed) {
      absl::StatusOr<std::string> board = FifteenPuzzle().RandomBoard(goal, seed);
      ASSERT_TRUE(board.ok()) << board.status();
      absl::StatusOr<FifteenBoard> parsed = ParseFifteenBoard(*board, "board");
      ASSERT_TRUE(parsed.ok()) << parsed.status();
      ASSERT_TRUE(FifteenSolvable(*parsed, goal_board)) << *board;
      ++blank[board->find('X')];
      ++one[board->find('1')];
    }
    const ChiSquare by_blank = ChiSquareTest(blank, std::vector<double>(16, 1.0));
    const ChiSquare by_one = ChiSquareTest(one, std::vector<double>(16, 1.0));
    EXPECT_LT(by_blank.statistic, by_blank.quantile_999) << goal;
    EXPECT_LT(by_one.statistic, by_one.quantile_999) << goal;
  }
}

TEST(FifteenPuzzleTest, NotationSaysLowerCaseIsAccepted) {
  const std::string& notation = FifteenPuzzle().info().notation;
  EXPECT_TRUE(absl::StrContains(notation, "tiles 1-9 and A-F, or a-f in lower case")) << notation;
  EXPECT_TRUE(absl::StrContains(notation, "the blank is X, x or 0")) << notation;
}

// Every example asked in lower case (start and goal) gets the upper-case query's answer, and its
// trace gives the same canonical (upper-case) boards.
TEST(FifteenPuzzleTest, LowerCaseBoardsGetTheUpperCaseAnswers) {
  for (const SolveExample& e : FifteenPuzzle().examples().solves) {
    const std::string start = absl::AsciiStrToLower(e.start);
    const std::string goal = absl::AsciiStrToLower(e.goal);
    SCOPED_TRACE(absl::StrCat(start, " -> ", goal));
    SolveControl control;
    Answer answer;
    ASSERT_TRUE(Fifteen().solver().Solve({start, goal}, control, &answer).ok());
    EXPECT_EQ(answer.solvable, e.answer.solvable);
    EXPECT_EQ(answer.distance, e.answer.distance);
    EXPECT_EQ(answer.moves, e.answer.moves);
    EXPECT_EQ(FifteenPuzzle().Trace(start, answer.moves).value(),
              FifteenPuzzle().Trace(e.start, answer.moves).value());
  }
  EXPECT_EQ(B("123456789aBcDeXf"), B("123456789ABCDEXF"));  // mixed case too
}

TEST(FifteenPuzzleTest, ServesTheDefaultTierFromTheMapping) {
  const std::vector<LoadedTable>& tables = Fifteen().tables();
  ASSERT_GE(tables.size(), 1u);
  EXPECT_EQ(tables[0].spec->name, "fifteen");
  EXPECT_TRUE(tables[0].file->mapped());
  for (const TableSection& section : tables[0].file->sections()) {
    EXPECT_EQ(section.encoding, SectionEncoding::kRaw) << section.name;
    EXPECT_EQ(section.offset % kTableSectionAlignment, 0u) << section.name;
  }
}

// Every example's answer, confirmed by the baseline search (Manhattan + linear conflict:
// independent of the pattern databases) up to 45 moves, by brute force up to 20; Korf's #1 has
// its published length (fifteen_search_test checks the instances against their lengths).
TEST(FifteenPuzzleTest, ExamplesAreExactAndIndependentlyConfirmed) {
  for (const SolveExample& e : FifteenPuzzle().examples().solves) {
    SCOPED_TRACE(absl::StrCat(e.start, " -> ", e.goal));
    SolveControl control;
    Answer answer;
    ASSERT_TRUE(Fifteen().solver().Solve({e.start, e.goal}, control, &answer).ok());
    EXPECT_EQ(answer.solvable, e.answer.solvable);
    EXPECT_EQ(answer.distance, e.answer.distance);
    EXPECT_EQ(answer.moves, e.answer.moves);
    EXPECT_TRUE(FifteenPuzzle().CheckAnswer({e.start, e.goal}, answer).ok());
    if (!answer.solvable) {
      EXPECT_EQ(answer.nodes, 0u) << "an unsolvable pair is answered without search";
      continue;
    }
    EXPECT_GE(answer.nodes, static_cast<uint64_t>(answer.distance));
    if (answer.distance > 45) continue;
    const FifteenBoard start = B(e.start);
    const FifteenBoard goal = e.goal.empty() ? StandardFifteenGoal() : B(e.goal);
    SolveControl baseline_control;
    absl::StatusOr<FifteenAnswer> baseline = SolveFifteenBaseline(start, goal, baseline_control);
    ASSERT_TRUE(baseline.ok()) << baseline.status();
    EXPECT_EQ(baseline->distance, answer.distance);
    EXPECT_EQ(baseline->moves, answer.moves);
    if (answer.distance <= 20) {
      EXPECT_EQ(BruteForceFifteenSolve(start, goal, 20).moves, answer.moves);
    }
  }
}

// The parallel batch gives each query what Solve gives it, whatever the thread count.
TEST(FifteenPuzzleTest, ParallelBatchEqualsOneByOne) {
  std::vector<std::string> texts;
  for (const FifteenPair& pair : RandomWalkFifteenPairs(40, 30, 7)) {
    texts.push_back(FormatFifteenBoard(pair.start));
    texts.push_back(FormatFifteenBoard(pair.goal));
  }
  texts.push_back("123456789ABCDEFG");  // malformed: its own error, the rest unaffected
  texts.push_back("");
  std::vector<Query> queries;
  for (size_t i = 0; i + 1 < texts.size(); i += 2) queries.push_back({texts[i], texts[i + 1]});
  for (int threads : {1, 2, 3}) {
    SCOPED_TRACE(threads);
    SolveControl control;
    control.set_batch_threads(threads);
    std::vector<absl::Status> statuses(queries.size());
    std::vector<Answer> answers(queries.size());
    Fifteen().solver().SolveBatch(queries, control, absl::MakeSpan(statuses),
                                  absl::MakeSpan(answers));
    for (size_t i = 0; i < queries.size(); ++i) {
      SolveControl one;
      Answer expected;
      const absl::Status status = Fifteen().solver().Solve(queries[i], one, &expected);
      EXPECT_EQ(statuses[i], status) << i;
      if (!status.ok()) continue;
      EXPECT_EQ(answers[i].distance, expected.distance) << i;
      EXPECT_EQ(answers[i].moves, expected.moves) << i;
    }
    EXPECT_EQ(statuses.back().message(),
              "start: symbol 'G' at position 16; expected 1-9, A-F or X");
  }
}

// A batch told to stop gives every query a stop status: the ones in flight say how far their
// search got, the rest that they were not started.
TEST(FifteenPuzzleTest, ACancelledParallelBatchStopsEveryQuery) {
  std::atomic<bool> cancelled{true};
  SolveControl control(absl::InfiniteFuture(), &cancelled, "the call's deadline");
  control.set_batch_threads(2);
  const std::string hard = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";  // Korf's #1
  std::vector<Query> queries(6, Query{hard, "X123456789ABCDEF"});
  std::vector<absl::Status> statuses(queries.size());
  std::vector<Answer> answers(queries.size());
  Fifteen().solver().SolveBatch(queries, control, absl::MakeSpan(statuses),
                                absl::MakeSpan(answers));
  for (const absl::Status& status : statuses) {
    EXPECT_EQ(status.code(), absl::StatusCode::kCancelled) << status;
  }

  SolveControl expired(absl::Now() - absl::Seconds(1), nullptr, "--max_search_time (30s)");
  expired.set_batch_threads(2);
  Fifteen().solver().SolveBatch(queries, expired, absl::MakeSpan(statuses),
                                absl::MakeSpan(answers));
  for (const absl::Status& status : statuses) {
    EXPECT_EQ(status, absl::DeadlineExceededError(
                          "--max_search_time (30s) passed before this query was started"));
  }
}

TEST(FifteenPuzzleTest, LoadRefusesMissingAndForeignTables) {
  EXPECT_EQ(FifteenPuzzle().Load(TableSet()).status().message(),
            "fifteen: table 'fifteen' is not loaded");
  absl::StatusOr<std::unique_ptr<TableFile>> eight = TableFile::Open("data/eight.tbl");
  ASSERT_TRUE(eight.ok()) << eight.status();
  TableSet set;
  set.Add("fifteen", eight->get());
  absl::StatusOr<std::unique_ptr<Solver>> solver = FifteenPuzzle().Load(set);
  EXPECT_EQ(solver.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(solver.status().message(),
            "data/eight.tbl: 1 sections; expected the 4 of default tier: fifteen_pdb_1234567_0, "
            "fifteen_pdb_1234567_f, fifteen_pdb_234567_1, fifteen_pdb_012367_5");

  // A large-tier file that holds the default tier's sections is refused, never half-used.
  set = TableSet();
  const TableFile* fifteen = Fifteen().tables()[0].file.get();
  set.Add("fifteen", fifteen);
  set.Add("fifteen-large", fifteen);
  solver = FifteenPuzzle().Load(set);
  EXPECT_EQ(solver.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(solver.status().message().find("no section 'fifteen_pdb_89abcdef_0'"),
            absl::string_view::npos)
      << solver.status();
}

TEST(FifteenPuzzleTest, LoadChecksEachSectionsLayout) {
  // The default tier's names and sizes, but 8 bits per entry in one section.
  TableContents contents;
  contents.puzzle = "fifteen";
  contents.table = "fifteen";
  for (const TableSection& section : Fifteen().tables()[0].file->sections()) {
    TableSectionContents copy;
    copy.name = section.name;
    copy.bits_per_entry = section.name == "fifteen_pdb_234567_1" ? 8 : 4;
    copy.entry_count = section.entry_count / (copy.bits_per_entry / 4);
    copy.bytes.assign(section.bytes.begin(), section.bytes.end());
    contents.sections.push_back(std::move(copy));
  }
  absl::StatusOr<std::unique_ptr<TableFile>> file =
      TableFile::FromBytes(EncodeTableFile(contents, 1), "odd.tbl");
  ASSERT_TRUE(file.ok()) << file.status();
  TableSet set;
  set.Add("fifteen", file->get());
  EXPECT_EQ(FifteenPuzzle().Load(set).status().message(),
            "odd.tbl: section 'fifteen_pdb_234567_1': bits_per_entry is 8; expected 4");
}

TEST(FifteenPuzzleTest, TraceReplaysAndNamesIllegalMoves) {
  absl::StatusOr<std::vector<std::string>> trace = FifteenPuzzle().Trace("123456789ABCDEXF", "rl");
  ASSERT_TRUE(trace.ok()) << trace.status();
  EXPECT_EQ(*trace,
            (std::vector<std::string>{"123456789ABCDEXF", "123456789ABCDEFX", "123456789ABCDEXF"}));
  EXPECT_EQ(FifteenPuzzle().Trace("123456789ABCDEFX", "d").status().message(),
            "moves: 'd' at position 1 is not legal: the blank is on the bottom row");
  EXPECT_EQ(FifteenPuzzle().Trace("123456789ABCDEFX", "lq").status().message(),
            "moves: 'q' at position 2; expected d, l, r or u");
  EXPECT_EQ(FifteenPuzzle().Trace("123456789ABCDEFY", "").status().message(),
            "start: symbol 'Y' at position 16; expected 1-9, A-F or X");
}

TEST(FifteenPuzzleTest, ScrambleIsDeterministicAndStaysInTheGoalsClass) {
  absl::StatusOr<std::string> a = FifteenPuzzle().Scramble("", 60, 11);
  absl::StatusOr<std::string> b = FifteenPuzzle().Scramble("", 60, 11);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(a->size(), 16u);
  EXPECT_TRUE(FifteenSolvable(B(*a), StandardFifteenGoal()));
  const std::string goal = "X123456789ABCDEF";
  absl::StatusOr<std::string> c = FifteenPuzzle().Scramble(goal, 25, 3);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TRUE(FifteenSolvable(B(*c), B(goal)));
  EXPECT_EQ(*FifteenPuzzle().Scramble(goal, 0, 1), goal);
  EXPECT_EQ(FifteenPuzzle().Scramble("", -1, 1).status().message(),
            "moves: -1; expected 0 or more");
  EXPECT_EQ(FifteenPuzzle().Scramble("1234", 3, 1).status().message(),
            "goal: expected 16 symbols (tiles 1-15 and one blank), got 4");
}

TEST(FifteenPuzzleTest, CheckAnswerCatchesWrongAnswers) {
  const Puzzle& fifteen = FifteenPuzzle();
  const QueryText query{"123456789ABCDXEF", ""};
  Answer right;
  right.solvable = true;
  right.distance = 2;
  right.moves = "rr";
  EXPECT_TRUE(fifteen.CheckAnswer(query, right).ok());
  Answer short_by_one = right;
  short_by_one.moves = "r";
  EXPECT_EQ(fifteen.CheckAnswer(query, short_by_one).message(), "distance 2 but 1 moves");
  Answer elsewhere = right;
  elsewhere.moves = "ur";
  EXPECT_EQ(fifteen.CheckAnswer(query, elsewhere).message(),
            "'ur' ends at 123456789BXCDAEF, not the goal 123456789ABCDEFX");
  Answer unsolvable;  // distance -1, no moves
  EXPECT_TRUE(fifteen.CheckAnswer({"123456789ABCDFEX", ""}, unsolvable).ok());
  EXPECT_EQ(fifteen.CheckAnswer(query, unsolvable).message(),
            "solvable is 0; the boards' parities say 1");
}

}  // namespace
}  // namespace puzzle
