// The puzzle seam: everything one puzzle supplies to the layers above it (the generator and the
// verifier, the server and its HTTP gateway, the CLI and its judge formats, the playground and
// the end-to-end tests). Each puzzle lives in its own folder, puzzles/<name>/, and is listed once
// in puzzles/registry.cc; no layer above names a puzzle. docs/ADDING_A_PUZZLE.md walks through
// adding one.
//
// A puzzle supplies:
//   - PuzzleInfo: its name, notation, board shape, move alphabet and answer extras;
//   - its tables (TableSpec): file name, a deterministic build function and an independent
//     verify function;
//   - Load(tables) -> Solver: answers queries under a SolveControl (deadline, cancellation);
//   - its judge formats (JudgeFormat): the seed problems' stdin/stdout, byte for byte;
//   - Trace and Scramble, so that front ends replay and scramble boards without copying rules,
//     and RandomBoard (random-state scrambles);
//   - its playground view (an ES module) and examples the end-to-end tests run through every
//     transport.
//
// Thread-safety: a Puzzle is immutable and lives for the whole program (the registry returns
// static instances). A Solver is immutable after Load; Solve and SolveBatch may be called from
// any number of threads.

#ifndef PUZZLE_PUZZLE_H_
#define PUZZLE_PUZZLE_H_

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "absl/types/span.h"
#include "puzzle/solve_control.h"
#include "puzzle/table_file.h"

namespace puzzle {

// One move of a puzzle's alphabet.
struct MoveInfo {
  // As it appears in move strings: one character for grid puzzles ('d', 'A'), a token for
  // twisty puzzles ("U2", "R'"; PuzzleInfo::move_separator separates them).
  std::string symbol;
  std::string name;  // e.g. "down" or "A"
  // Cells the move rotates, in "pull" order (each takes the next one's symbol), for puzzles
  // whose moves rotate a line (the Rotation Game); empty for sliding moves.
  std::vector<int> cells;
  // Twisty puzzles: the move as a permutation of stickers (cells of the board notation), in
  // cycles: the sticker at cycle[k] goes to cycle[k + 1], the last to the first. Empty otherwise.
  std::vector<std::vector<int>> cycles;
};

// A colour a front end paints a symbol with (twisty puzzles' sticker nets).
struct SymbolColour {
  std::string symbol;  // e.g. "U"
  std::string colour;  // a CSS colour, e.g. "#ffffff"
};

struct PuzzleInfo {
  std::string name;          // the registry name, e.g. "eight"; [a-z0-9-]
  std::string title;         // e.g. "8-puzzle (Eight II)"
  std::string notation;      // how a board is written, one paragraph
  std::string start_field;   // how messages name the board to solve: "start" or "board"
  bool has_goal = false;     // queries carry a goal board
  std::string default_goal;  // the goal when a query leaves it empty (has_goal only)
  // The board drawn as a grid of rows x cols; layout[r * cols + c] is the cell shown there in
  // the board notation's order, or -1 for no cell (the Rotation Game's cross).
  int rows = 0;
  int cols = 0;
  std::vector<int> layout;
  std::string blank_symbol;         // sliding puzzles: the blank in canonical boards ("X"); else ""
  std::string move_meaning;         // e.g. "the direction the blank moves"
  std::vector<MoveInfo> moves;      // the alphabet, in lexicographic order
  std::vector<std::string> extras;  // names of Answer::extras, e.g. {"centre"}
  // How move strings separate their moves: "" (each move is one character: "urrd") or " "
  // (moves are tokens: "R U2 F'").
  std::string move_separator;
  // Twisty puzzles: the board is a sticker net (layout above), each symbol painted this colour.
  std::vector<SymbolColour> symbol_colours;
  // Random-state scrambles (Puzzle::RandomBoard) are at least this far from the goal (the WCA's
  // rule for the 2x2x2: 4); 0 for none.
  int min_scramble_distance = 0;
  // True when an answer needs a search that can take seconds (not a table lookup): the server
  // runs it on its bounded executor, reports nodes and time, and offers progress.
  bool searches = false;
  // The metrics a query may ask for (Query::metric), the default first, e.g. {"htm", "qtm"}: each
  // counts moves its own way and has its own move set (a subset of `moves`; a QTM answer has no
  // U2). Empty: the puzzle has one way to count, and a query must leave the metric empty.
  std::vector<std::string> metrics;
  // The modes a query may ask for (Query::mode), the default first, e.g. {"near_optimal",
  // "optimal"} for the 3x3x3. Empty: the puzzle answers one way, and a query must leave the mode
  // empty.
  std::vector<std::string> modes;
  // True when the default mode's answers are short but not proven shortest (the 3x3x3's
  // two-phase search): an Answer's distance then counts its moves, an upper bound on the
  // minimum, and its moves are not the lex-min shortest sequence. Another mode (modes) may give
  // exact answers.
  bool near_optimal = false;
};

// The index in `metrics` (a PuzzleInfo::metrics) of a query's metric (0, the default, when it is
// empty), or InvalidArgument "metric: 'xtm'; expected one of htm, qtm" ("metric: 'htm'; this
// puzzle has a single metric: leave it empty" when `metrics` is empty). Every Solver checks each
// query's metric with it; tests/puzzle_transports_test.cc (AnUnknownMetricIsNamed) holds every
// puzzle to that.
absl::StatusOr<int> MetricIndex(absl::Span<const std::string> metrics, absl::string_view metric);
// The same for a query's mode and a PuzzleInfo::modes: "mode: 'fast'; expected one of
// near_optimal, optimal", or "mode: 'optimal'; this puzzle has a single mode: leave it empty".
absl::StatusOr<int> ModeIndex(absl::Span<const std::string> modes, absl::string_view mode);

// One answer, every puzzle.
struct Answer {
  bool solvable = false;
  int distance = -1;            // the minimum number of moves (PuzzleInfo::near_optimal: the
                                // answer's); -1 when unsolvable
  std::string moves;            // the lexicographically smallest shortest move string (its moves
                                // separated by PuzzleInfo::move_separator)
  std::vector<int64_t> extras;  // PuzzleInfo::extras, in that order (e.g. the centre symbol)
  uint64_t nodes = 0;           // search puzzles: nodes expanded; 0 for table lookups
  absl::Duration search_time;   // search puzzles: time spent searching
};

struct Query {
  absl::string_view start;
  absl::string_view goal;         // empty: the puzzle's default goal (or none, !has_goal)
  absl::string_view metric = {};  // one of PuzzleInfo::metrics; empty: the default (MetricIndex)
  absl::string_view mode = {};    // one of PuzzleInfo::modes; empty: the default (ModeIndex)
  // For a PuzzleInfo::near_optimal puzzle only (the others refuse them: CheckNoAnswerLimits):
  // the longest answer wanted (0: the puzzle's own bound), and how long its near-optimal mode
  // keeps looking for a shorter answer than the first (zero: it answers the first, and the
  // answer depends only on the query; a budget makes it depend on timing too).
  int max_length = 0;
  absl::Duration time_budget = absl::ZeroDuration();
};

// For a solver whose answers are optimal: InvalidArgument when the query sets max_length or
// time_budget ("max_length: 18; this puzzle's answers are the shortest: leave it 0"), else OK.
absl::Status CheckNoAnswerLimits(const Query& query);

class Solver {
 public:
  virtual ~Solver() = default;

  // Errors: InvalidArgument naming the field ("start", "goal" or the puzzle's start_field) and
  // the position; Cancelled or DeadlineExceeded from `control` (search puzzles); DataLoss if a
  // table turns out inconsistent (never for a verified table). `answer` is unspecified on error.
  virtual absl::Status Solve(const Query& query, SolveControl& control, Answer* answer) const = 0;

  // statuses[i] and answers[i] for every query, as Solve would give them. The default solves
  // them one by one, and once `control` says stop, gives every remaining query its stop status.
  // REQUIRES: the three spans have the same size.
  virtual void SolveBatch(absl::Span<const Query> queries, SolveControl& control,
                          absl::Span<absl::Status> statuses, absl::Span<Answer> answers) const;
};

// The tables a puzzle's Load receives: its TableSpecs' files, by table name. An optional table
// that is not present is absent.
class TableSet {
 public:
  // REQUIRES: `file` outlives the set.
  void Add(const std::string& table_name, const TableFile* file);
  // The table, or nullptr when absent.
  const TableFile* Find(absl::string_view table_name) const;
  // The table, or FailedPrecondition("<puzzle>: table '<name>' is not loaded").
  absl::StatusOr<const TableFile*> Get(absl::string_view puzzle,
                                       absl::string_view table_name) const;

 private:
  std::vector<std::pair<std::string, const TableFile*>> tables_;
};

// Receives the generator's and verifier's progress lines.
using TableLog = std::function<void(absl::string_view line)>;

struct TableSpec {
  std::string name;         // e.g. "eight"; the file is name + ".tbl"
  std::string description;  // one line, e.g. "last moves of every state from 9 seeds (2 bits)"
  // Optional tables (large tiers) are served when present and built only on request.
  bool optional = false;
  // Builds the file's contents (puzzle and table names filled in). Deterministic: the same bytes
  // for any `threads` >= 1. Logs states, depths and phase times through `log`.
  std::function<absl::StatusOr<TableContents>(int threads, const TableLog& log)> build;
  // Checks every entry of `file` independently of `build` (sharing no code with it). Returns the
  // failures, at most 20, empty when the table is correct; logs what it measured.
  std::function<std::vector<std::string>(const TableFile& file, const TableLog& log)> verify;

  std::string file_name() const { return name + ".tbl"; }
};

// The text of one query, as a client or a judge reads it.
struct QueryText {
  std::string start;
  std::string goal;
  std::string metric = {};                            // Query::metric
  std::string mode = {};                              // Query::mode
  int max_length = 0;                                 // Query::max_length
  absl::Duration time_budget = absl::ZeroDuration();  // Query::time_budget
};

struct OracleResult {
  absl::Status status;  // per query: InvalidArgument for a malformed board, ...
  Answer answer;
};

// Where the client's and the judges' answers come from, for one puzzle: in-process from the
// tables, or from a server. Both give byte-identical judge output.
class Oracle {
 public:
  virtual ~Oracle() = default;
  // One result per query, in order. A non-OK return means nothing was answered (for example
  // the server is unreachable); problems with single queries go into their results.
  virtual absl::StatusOr<std::vector<OracleResult>> SolveMany(
      const std::vector<QueryText>& queries) = 0;
};

// One judge format: a seed problem's stdin/stdout.
struct JudgeFormat {
  std::string name;         // e.g. "hdu3567"; unique across the registry
  std::string description;  // input and output, one line each
  // Reads all of `input`, answers every case through `oracle`, writes exactly the judge's output
  // to `output` and problems ("case k (line L): <what>") to `errors`. A malformed case gets a
  // placeholder answer, so later answers never shift. Errors: the oracle's (nothing printed),
  // or InvalidArgument "N of M cases were malformed" after printing everything.
  std::function<absl::Status(absl::string_view input, Oracle& oracle, std::ostream& output,
                             std::ostream& errors)>
      run;
};

// Examples every transport is tested with (tests/), from the puzzle's own folder.
struct SolveExample {
  std::string start;
  std::string goal;
  Answer answer;            // nodes and search_time are not compared
  std::string metric = {};  // Query::metric ("": the default)
  std::string mode = {};    // Query::mode ("": the default)
};
// A SolveExample for a puzzle with a start and a goal; distance -1 means unsolvable.
SolveExample MakeSolveExample(std::string start, std::string goal, int distance, std::string moves);

// The checks of CheckAnswer that do not depend on the board: `answer.solvable` equals
// `solvable`; an unsolvable answer has distance -1 and no moves; a solvable one has as many
// moves as its distance. Internal naming the mismatch, or OK.
absl::Status CheckAnswerShape(const Answer& answer, bool solvable);
// The same for a puzzle whose moves are tokens: moves are counted with info.move_separator.
absl::Status CheckAnswerShape(const Answer& answer, bool solvable, const PuzzleInfo& info);

// The moves of a move string: its characters, or its tokens split at info.move_separator.
std::vector<std::string> SplitMoves(const PuzzleInfo& info, absl::string_view moves);
// The number of moves in a move string (SplitMoves(...).size()).
size_t CountMoves(const PuzzleInfo& info, absl::string_view moves);

struct BadQueryExample {
  std::string start;
  std::string goal;
  std::string message;      // the exact InvalidArgument message
  std::string metric = {};  // Query::metric ("": the default)
  std::string mode = {};    // Query::mode ("": the default)
};
struct JudgeExample {
  std::string format;
  std::string input;
  std::string output;  // exact
};
struct PuzzleExamples {
  std::vector<SolveExample> solves;
  std::vector<BadQueryExample> bad_queries;
  std::vector<JudgeExample> judges;
};

class Puzzle {
 public:
  virtual ~Puzzle() = default;

  virtual const PuzzleInfo& info() const = 0;
  virtual const std::vector<TableSpec>& tables() const = 0;

  // A solver over loaded tables (every required table is in `tables`; optional ones may be).
  // Errors: DataLoss when a table's sections do not have the expected layout.
  virtual absl::StatusOr<std::unique_ptr<Solver>> Load(const TableSet& tables) const = 0;

  virtual const std::vector<JudgeFormat>& judge_formats() const = 0;

  // The boards from `start` along `moves`, start first, each in the puzzle's canonical notation.
  // InvalidArgument for a malformed board or a move that is not legal there ("moves: 'u' at
  // position 3 is not legal: the blank is on the top row").
  virtual absl::StatusOr<std::vector<std::string>> Trace(absl::string_view start,
                                                         absl::string_view moves) const = 0;

  // A board `moves` random moves from `goal` (the default goal when empty), never undoing the
  // previous move; the same seed gives the same board. InvalidArgument for a bad goal or a
  // negative count.
  virtual absl::StatusOr<std::string> Scramble(absl::string_view goal, int moves,
                                               uint64_t seed) const = 0;

  // A uniformly random board of the goal's class (the default goal when empty): every board that
  // some sequence of moves reaches from the goal is equally likely. The same seed gives the same
  // board. The server adds the moves that produce it (ScrambleRequest.random_state).
  // InvalidArgument for a bad goal.
  virtual absl::StatusOr<std::string> RandomBoard(absl::string_view goal, uint64_t seed) const = 0;

  // Checks `answer` to `query` without the tables: the moves are legal and reach the goal, they
  // are as many as the distance, and extras agree with the final board; an unsolvable answer is
  // given exactly when the puzzle's parity rule says so. Optimality is not checked (that needs
  // the tables). OK, or Internal saying what is wrong. For tests, fuzzers and load tools.
  // REQUIRES: the query parses (the solver accepted it).
  virtual absl::Status CheckAnswer(const QueryText& query, const Answer& answer) const = 0;

  // The playground's view of this puzzle: an ES module (see web/README.md for its contract).
  virtual absl::string_view playground_view() const = 0;

  virtual const PuzzleExamples& examples() const = 0;
};

// The data half of a Puzzle, for implementations to derive from: a subclass fills these members
// in its constructor and implements Load, Trace, Scramble and CheckAnswer.
class PuzzleDefinition : public Puzzle {
 public:
  const PuzzleInfo& info() const final { return info_; }
  const std::vector<TableSpec>& tables() const final { return tables_; }
  const std::vector<JudgeFormat>& judge_formats() const final { return judges_; }
  absl::string_view playground_view() const final { return view_; }
  const PuzzleExamples& examples() const final { return examples_; }

 protected:
  PuzzleInfo info_;
  std::vector<TableSpec> tables_;
  std::vector<JudgeFormat> judges_;
  absl::string_view view_;  // an embedded file (static storage)
  PuzzleExamples examples_;
};

}  // namespace puzzle

#endif  // PUZZLE_PUZZLE_H_
