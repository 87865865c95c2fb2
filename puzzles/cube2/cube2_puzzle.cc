#include "puzzles/cube2/cube2_puzzle.h"

#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube2/cube2_cube.h"
#include "puzzles/cube2/cube2_depths_txt.h"
#include "puzzles/cube2/cube2_notation.h"
#include "puzzles/cube2/cube2_query.h"
#include "puzzles/cube2/cube2_table.h"
#include "puzzles/cube2/cube2_verifier.h"
#include "puzzles/cube2/cube2_view_js.h"
#include "puzzles/twisty/cubie_facelets.h"

namespace puzzle {
namespace {

constexpr char kSolvedFacelets[] = "UUUURRRRFFFFDDDDLLLLBBBB";

absl::StatusOr<Cube2State> ParseGoal(absl::string_view goal) {
  if (absl::StripAsciiWhitespace(goal).empty()) return Cube2Solved();
  return ParseCube2Board(goal, "goal");
}

std::string MetricTokens(Cube2Metric metric) {
  std::vector<std::string> tokens;
  for (const Cube2Turn& turn : Cube2MetricTurns(metric)) tokens.push_back(Cube2TurnToken(turn));
  return absl::StrJoin(tokens, " ");
}

// The sticker cycles of a turn: the sticker at a facelet of position i goes where the piece
// there goes.
std::vector<std::vector<int>> StickerCycles(const Cube2Turn& turn) {
  const Cube2State m = Cube2FaceTurn(turn.face, turn.quarter_turns);
  std::vector<int> to(kCube2Facelets);
  for (int i = 0; i < kCube2Facelets; ++i) to[i] = i;
  for (int i = 0; i < kCube2Corners; ++i) {
    for (int k = 0; k < 3; ++k) {
      to[kCube2CornerFacelets[m.cp[i]][k]] = kCube2CornerFacelets[i][(k + m.co[i]) % 3];
    }
  }
  return StickerPermutationCycles(to);
}

// The metrics, in PuzzleInfo::metrics order (the default first), and their tables' names.
constexpr Cube2Metric kMetrics[] = {Cube2Metric::kHalfTurn, Cube2Metric::kQuarterTurn};
constexpr const char* kMetricNames[] = {"htm", "qtm"};
constexpr const char* kTableNames[] = {"cube2", "cube2-qtm"};
constexpr int kMetricCount = 2;

class Cube2Solver final : public Solver {
 public:
  Cube2Solver(std::vector<std::string> metric_names, std::vector<Cube2Table> tables)
      : metric_names_(std::move(metric_names)), tables_(std::move(tables)) {
    for (const Cube2Table& table : tables_) {
      std::array<Token, kCube2MaxMoves> tokens{};
      const std::vector<Cube2Turn>& turns = Cube2MetricTurns(table.metric());
      for (size_t m = 0; m < turns.size(); ++m) {
        const std::string token = Cube2TurnToken(turns[m]);
        tokens[m].size = static_cast<uint8_t>(token.size());
        token.copy(tokens[m].text, sizeof(tokens[m].text));
      }
      tokens_.push_back(tokens);
    }
  }

  absl::Status Solve(const Query& query, SolveControl& /*control*/, Answer* answer) const override {
    absl::StatusOr<Position> position = Prepare(query);
    if (!position.ok()) return position.status();
    uint8_t moves[kCube2MaxSolution];
    int count = 0;
    const absl::Status solved = tables_[position->metric].Solve(position->index, moves, &count);
    if (!solved.ok()) return solved;
    SetAnswer(position->metric, moves, count, answer);
    return absl::OkStatus();
  }

  // The same answers as Solve, one by one; the walks of each metric's queries are interleaved
  // (Cube2Table::SolveMany). A table lookup takes no time worth a deadline check.
  void SolveBatch(absl::Span<const Query> queries, SolveControl& /*control*/,
                  absl::Span<absl::Status> statuses, absl::Span<Answer> answers) const override {
    std::vector<uint32_t> indexes[kMetricCount];
    std::vector<size_t> slots[kMetricCount];
    for (size_t i = 0; i < queries.size(); ++i) {
      absl::StatusOr<Position> position = Prepare(queries[i]);
      statuses[i] = position.status();
      if (!position.ok()) continue;
      indexes[position->metric].push_back(position->index);
      slots[position->metric].push_back(i);
    }
    for (int metric = 0; metric < kMetricCount; ++metric) {
      std::vector<Cube2Table::Walk> walks(indexes[metric].size());
      tables_[metric].SolveMany(indexes[metric].data(), walks.size(), walks.data());
      for (size_t k = 0; k < walks.size(); ++k) {
        const size_t i = slots[metric][k];
        statuses[i] = walks[k].status;
        if (statuses[i].ok()) SetAnswer(metric, walks[k].moves, walks[k].count, &answers[i]);
      }
    }
  }

 private:
  struct Token {  // a move in WCA notation: "U", "U2", "U'"
    char text[2];
    uint8_t size;
  };

  // A query reduced to one table entry: its metric's index and the relative position's.
  struct Position {
    int metric;
    uint32_t index;
  };

  // InvalidArgument naming the field, as Solver::Solve says.
  absl::StatusOr<Position> Prepare(const Query& query) const {
    const absl::StatusOr<int> metric = MetricIndex(metric_names_, query.metric);
    if (!metric.ok()) return metric.status();
    const absl::StatusOr<int> mode = ModeIndex({}, query.mode);
    if (!mode.ok()) return mode.status();
    const absl::Status limits = CheckNoAnswerLimits(query);
    if (!limits.ok()) return limits;
    absl::StatusOr<Cube2State> start = ParseCube2Board(query.start, "start");
    if (!start.ok()) return start.status();
    absl::StatusOr<Cube2State> goal = ParseGoal(query.goal);
    if (!goal.ok()) return goal.status();
    return Position{*metric, Cube2RelativeIndex(*start, *goal)};
  }

  // The tokens and their separators into a buffer, then one assignment (one allocation at most),
  // rather than an append a token.
  void SetAnswer(int metric, const uint8_t* moves, int count, Answer* answer) const {
    answer->solvable = true;
    answer->distance = count;
    char text[3 * kCube2MaxSolution];
    size_t size = 0;
    const std::array<Token, kCube2MaxMoves>& tokens = tokens_[metric];
    for (int i = 0; i < count; ++i) {
      if (i > 0) text[size++] = ' ';
      const Token& token = tokens[moves[i]];
      std::memcpy(text + size, token.text, sizeof(token.text));
      size += token.size;
    }
    answer->moves.assign(text, size);
    answer->extras.clear();
  }

  const std::vector<std::string> metric_names_;
  const std::vector<Cube2Table> tables_;                   // by metric index
  std::vector<std::array<Token, kCube2MaxMoves>> tokens_;  // by metric index, then move number
};

class Cube2PuzzleImpl final : public PuzzleDefinition {
 public:
  Cube2PuzzleImpl() {
    info_.name = "cube2";
    info_.title = "2x2x2 cube (Pocket Cube)";
    info_.notation = absl::StrCat(
        "24 stickers U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 B1-B4 (Kociemba's order; each face read in "
        "rows as seen in the unfolded net), each the letter of the face whose colour it has when "
        "solved, such as ",
        kSolvedFacelets,
        "; or a scramble in WCA notation applied to the solved cube, moves separated by spaces "
        "(\"R U2 F' R2\"). Any orientation: boards are compared up to a rotation of the whole "
        "cube. Answers turn U, R and F (the DBL corner stays put), in the metric the query names: "
        "htm (the half-turn metric, the default: ",
        MetricTokens(Cube2Metric::kHalfTurn),
        ") or qtm (the quarter-turn metric: ", MetricTokens(Cube2Metric::kQuarterTurn),
        "). An empty goal is the solved cube.");
    info_.start_field = "start";
    info_.has_goal = true;
    info_.default_goal = kSolvedFacelets;
    // The unfolded net: U above F, then L F R B in a row, D below F.
    info_.rows = 6;
    info_.cols = 8;
    info_.layout.assign(48, -1);
    const int kNet[6][8] = {
        {-1, -1, 0, 1, -1, -1, -1, -1},   {-1, -1, 2, 3, -1, -1, -1, -1},
        {16, 17, 8, 9, 4, 5, 20, 21},     {18, 19, 10, 11, 6, 7, 22, 23},
        {-1, -1, 12, 13, -1, -1, -1, -1}, {-1, -1, 14, 15, -1, -1, -1, -1},
    };
    for (int r = 0; r < 6; ++r) {
      for (int c = 0; c < 8; ++c) info_.layout[r * 8 + c] = kNet[r][c];
    }
    info_.move_meaning =
        "a face turned as seen facing it: X a quarter turn clockwise, X2 a half turn, X' a "
        "quarter turn anticlockwise";
    const char* kFaceNames[] = {"up", "right", "front", "down", "left", "back"};
    for (const Cube2Turn& turn : Cube2MetricTurns(Cube2Metric::kHalfTurn)) {  // every turn
      MoveInfo move;
      move.symbol = Cube2TurnToken(turn);
      move.name = absl::StrCat(kFaceNames[turn.face], turn.quarter_turns == 1   ? " clockwise"
                                                      : turn.quarter_turns == 2 ? " half turn"
                                                                                : " anticlockwise");
      move.cycles = StickerCycles(turn);
      info_.moves.push_back(std::move(move));
    }
    info_.move_separator = " ";
    info_.symbol_colours = {{"U", "#ffffff"}, {"R", "#c41e3a"}, {"F", "#009e60"},
                            {"D", "#ffd500"}, {"L", "#ff5800"}, {"B", "#0051ba"}};
    info_.min_scramble_distance = 4;  // WCA Regulation 4b3b
    info_.searches = false;
    info_.metrics.assign(std::begin(kMetricNames), std::end(kMetricNames));

    for (int m = 0; m < kMetricCount; ++m) {
      const Cube2Metric metric = kMetrics[m];
      const std::string name = kTableNames[m];
      TableSpec table;
      table.name = name;
      table.description = absl::StrCat(
          "2x2x2 ", metric == Cube2Metric::kHalfTurn ? "half" : "quarter",
          "-turn metric: the distance and the first move of the lex-min shortest solution of "
          "every one of the 3,674,160 positions, a byte each");
      table.build = [this, name, metric](int /*threads*/, const TableLog& log) {
        return BuildTable(info_.name, name, metric, log);
      };
      table.verify = [metric](const TableFile& file, const TableLog& log) {
        return VerifyTable(file, metric, log);
      };
      tables_.push_back(std::move(table));
    }

    view_ = kCube2ViewJs;
    InitExamples();
  }

  absl::StatusOr<std::unique_ptr<Solver>> Load(const TableSet& tables) const override {
    std::vector<Cube2Table> loaded;
    for (int m = 0; m < kMetricCount; ++m) {
      absl::StatusOr<const TableFile*> file = tables.Get(info_.name, kTableNames[m]);
      if (!file.ok()) return file.status();
      absl::StatusOr<Cube2Table> table = Cube2Table::FromTableFile(**file, kMetrics[m]);
      if (!table.ok()) return table.status();
      loaded.push_back(*table);
    }
    return std::unique_ptr<Solver>(new Cube2Solver(info_.metrics, std::move(loaded)));
  }

  absl::StatusOr<std::vector<std::string>> Trace(absl::string_view start,
                                                 absl::string_view moves) const override {
    absl::StatusOr<Cube2State> state = ParseCube2Board(start, info_.start_field);
    if (!state.ok()) return state.status();
    absl::StatusOr<std::vector<Cube2Turn>> turns = ParseMoves(moves);
    if (!turns.ok()) return turns.status();
    std::vector<std::string> boards = {Cube2Facelets(*state)};
    for (const Cube2Turn& turn : *turns) {
      *state = Cube2Multiply(*state, Cube2FaceTurn(turn.face, turn.quarter_turns));
      boards.push_back(Cube2Facelets(*state));
    }
    return boards;
  }

  absl::StatusOr<std::string> Scramble(absl::string_view goal, int moves,
                                       uint64_t seed) const override {
    if (moves < 0) {
      return absl::InvalidArgumentError(absl::StrCat("moves: ", moves, "; expected 0 or more"));
    }
    absl::StatusOr<Cube2State> state = ParseGoal(goal);
    if (!state.ok()) return state.status();
    SeededRandom random(seed);
    const std::vector<Cube2Turn>& turns = Cube2MetricTurns(Cube2Metric::kHalfTurn);
    int previous_face = -1;
    for (int i = 0; i < moves; ++i) {
      Cube2Turn turn;
      do {
        turn = turns[random.Below(turns.size())];
      } while (turn.face == previous_face);  // never the same face twice in a row
      previous_face = turn.face;
      *state = Cube2Multiply(*state, Cube2FaceTurn(turn.face, turn.quarter_turns));
    }
    return Cube2Facelets(*state);
  }

  // goal * X for a uniformly random X of the 3,674,160 positions that keep DBL: every position
  // (up to rotation) equally likely, painted in the goal's orientation.
  absl::StatusOr<std::string> RandomBoard(absl::string_view goal, uint64_t seed) const override {
    absl::StatusOr<Cube2State> state = ParseGoal(goal);
    if (!state.ok()) return state.status();
    const uint32_t index = static_cast<uint32_t>(SeededRandom(seed).Below(kCube2States));
    return Cube2Facelets(Cube2Multiply(*state, Cube2FromIndex(index)));
  }

  absl::Status CheckAnswer(const QueryText& query, const Answer& answer) const override {
    absl::StatusOr<Cube2State> start = ParseCube2Board(query.start, "start");
    if (!start.ok()) return start.status();
    absl::StatusOr<Cube2State> goal = ParseGoal(query.goal);
    if (!goal.ok()) return goal.status();
    const absl::StatusOr<int> metric = MetricIndex(info_.metrics, query.metric);
    if (!metric.ok()) return metric.status();
    const absl::Status shape = CheckAnswerShape(answer, true, info_);
    if (!shape.ok()) return shape;
    absl::StatusOr<std::vector<Cube2Turn>> turns = ParseMoves(answer.moves, kMetrics[*metric]);
    if (!turns.ok()) return absl::InternalError(turns.status().message());
    const Cube2State end = ApplyCube2Turns(*start, *turns);
    if (!Cube2SameUpToRotation(end, *goal)) {
      return absl::InternalError(absl::StrCat("'", answer.moves, "' ends at ", Cube2Facelets(end),
                                              ", not the goal ", Cube2Facelets(*goal),
                                              " in any orientation"));
    }
    return absl::OkStatus();
  }

 private:
  static absl::StatusOr<TableContents> BuildTable(const std::string& puzzle,
                                                  const std::string& name, Cube2Metric metric,
                                                  const TableLog& log) {
    const absl::Time start = absl::Now();
    std::vector<uint64_t> depths;
    std::vector<uint8_t> solutions = BuildCube2Solutions(metric, &depths);
    log(absl::StrCat("BFS from solved: ", kCube2States, " states, depths ",
                     absl::StrJoin(depths, " "), " in ",
                     absl::FormatDuration(absl::Now() - start)));
    return MakeCube2TableContents(
        puzzle, name, std::move(solutions),
        absl::StrCat("generator=table_generator; algorithm=BFS from solved over Cube2Index, moves ",
                     MetricTokens(metric),
                     ", then the smallest move one step closer; section solutions raw, a byte per "
                     "state: distance << 4 | first move (15 at solved)"));
  }

  static std::vector<std::string> VerifyTable(const TableFile& file, Cube2Metric metric,
                                              const TableLog& log) {
    absl::StatusOr<const TableSection*> section =
        file.SectionWithLayout(kCube2SectionName, 8, kCube2States);
    if (!section.ok()) return {std::string(section.status().message())};
    absl::StatusOr<Cube2DepthCounts> expected = ParseCube2Depths(kCube2DepthsTxt);
    if (!expected.ok()) return {absl::StrCat("cube2_depths.txt: ", expected.status().message())};
    const Cube2VerifyReport report =
        VerifyCube2Solutions((*section)->data(), metric == Cube2Metric::kHalfTurn,
                             metric == Cube2Metric::kHalfTurn ? expected->htm : expected->qtm);
    log(absl::StrCat("depths ", absl::StrJoin(report.depth_counts, " ")));
    log(absl::StrCat("checked ", report.states_checked,
                     " states against an independent sticker-level BFS: distances, lex-min first "
                     "moves, walks to solved, the OEIS depth counts"));
    return report.failures;
  }

  // A move string of `metric`'s turns (Trace takes any turn: the half-turn metric's, which
  // include the quarter-turn metric's; a QTM answer has no U2). InvalidArgument naming the move
  // otherwise.
  static absl::StatusOr<std::vector<Cube2Turn>> ParseMoves(
      absl::string_view moves, Cube2Metric metric = Cube2Metric::kHalfTurn) {
    const std::vector<Cube2Turn>& allowed = Cube2MetricTurns(metric);
    std::vector<Cube2Turn> turns;
    int position = 0;
    for (absl::string_view token : absl::StrSplit(moves, ' ', absl::SkipEmpty())) {
      ++position;
      size_t m = 0;
      while (m < allowed.size() && Cube2TurnToken(allowed[m]) != token) ++m;
      if (m == allowed.size()) {
        return absl::InvalidArgumentError(
            absl::StrCat("moves: move ", position, " is '", absl::CHexEscape(token.substr(0, 16)),
                         "'; expected one of ", MetricTokens(metric)));
      }
      turns.push_back(allowed[m]);
    }
    return turns;
  }

  void InitExamples();
};

void Cube2PuzzleImpl::InitExamples() {
  // Answers are the table's; cube2_puzzle_test checks each against an independent brute force.
  const auto solve = [](std::string start, std::string goal, int distance, std::string moves,
                        std::string metric) {
    SolveExample e =
        MakeSolveExample(std::move(start), std::move(goal), distance, std::move(moves));
    e.metric = std::move(metric);
    return e;
  };
  examples_.solves = {
      solve("R U2 F' R2", "", 4, "R2 F U2 R'", ""),
      solve("R U2 F' R2", "", 4, "R2 F U2 R'", "htm"),
      solve("R U2 F' R2", "", 6, "R R F U U R'", "qtm"),
      solve(kSolvedFacelets, kSolvedFacelets, 0, "", "qtm"),
  };
  examples_.bad_queries = {
      {"UUUUURRRFFFFDDDDLLLLBBBB", "", "start: 5 stickers of colour U (each colour covers 4)"},
      {"LUUURRRFRFFFDDDDLULLBBBB", "",
       "start: the corner at UFL has colours U, R, U: no corner has two U stickers"},
      {"UUUFURRRFRFFDDDDLLLLBBBB", "",
       "start: corner twist is 1 (mod 3): one corner is twisted in place"},
      {"R U2 F' R2", "", "metric: 'stm'; expected one of htm, qtm", "stm"},
  };
}

}  // namespace

const Puzzle& Cube2Puzzle() {
  static const Cube2PuzzleImpl* const puzzle = new Cube2PuzzleImpl();
  return *puzzle;
}

}  // namespace puzzle
