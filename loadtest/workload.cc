#include "loadtest/workload.h"

#include <algorithm>
#include <cstring>
#include <random>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "puzzles/registry.h"

namespace loadtest {
namespace {

using Rng = std::mt19937_64;

constexpr absl::string_view kTiles = "12345678";

int Uniform(Rng& rng, int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }
bool Chance(Rng& rng, double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; }

// A random board in "12X453786" form.
std::string RandomBoard(Rng& rng) {
  std::string board = "12345678X";
  std::shuffle(board.begin(), board.end(), rng);
  return board;
}

// Parity of the tiles' reading order (the blank skipped): boards of equal parity are mutually
// reachable.
int TileParity(const std::string& board) {
  int inversions = 0;
  for (size_t i = 0; i < board.size(); ++i) {
    for (size_t j = i + 1; j < board.size(); ++j) {
      if (board[i] != 'X' && board[j] != 'X' && board[i] > board[j]) ++inversions;
    }
  }
  return inversions % 2;
}

// Swaps two tiles (not the blank): flips the parity.
void SwapTwoTiles(std::string& board, Rng& rng) {
  std::vector<size_t> tiles;
  for (size_t i = 0; i < board.size(); ++i) {
    if (board[i] != 'X') tiles.push_back(i);
  }
  std::shuffle(tiles.begin(), tiles.end(), rng);
  std::swap(board[tiles[0]], board[tiles[1]]);
}

// Writes a "12X453786" board in one of the accepted notations.
std::string Notate(const std::string& board, Rng& rng) {
  const int style = Uniform(rng, 10);
  if (style < 4) return board;
  if (style == 4) return absl::AsciiStrToLower(board);
  std::string blank = style == 5 ? "0" : style == 6 ? "x" : "X";
  if (style <= 6) {
    std::string out = board;
    std::replace(out.begin(), out.end(), 'X', blank[0]);
    return out;
  }
  // Whitespace-separated tokens, with assorted separators and padding.
  static constexpr const char* kSeparators[] = {" ", "  ", "\t", "\n", " \r\n"};
  std::string out = style == 9 ? "  " : "";
  for (size_t i = 0; i < board.size(); ++i) {
    if (i > 0) out += kSeparators[Uniform(rng, 5)];
    out += board[i] == 'X' ? (Chance(rng, 0.5) ? "0" : "x") : std::string(1, board[i]);
  }
  if (style == 9) out += "\n";
  return out;
}

// A malformed query: one of the classes the API rejects (most of them in the start, some in
// the goal), or a huge string.
puzzle::QueryText Malformed(Rng& rng) {
  std::string board = RandomBoard(rng);
  auto damage = [&](std::string b) -> std::string {
    const size_t at = static_cast<size_t>(Uniform(rng, 9));
    switch (Uniform(rng, 9)) {
      case 0:
        return b.erase(at, 1);  // 8 symbols
      case 1:
        return b + kTiles[Uniform(rng, 8)];  // 10 symbols
      case 2: {                              // duplicate tile
        const size_t tile = b[at] == 'X' ? (at + 1) % 9 : at;
        char other = kTiles[Uniform(rng, 8)];
        if (other == b[tile]) other = other == '8' ? '1' : static_cast<char>(other + 1);
        b[tile] = other;
        return b;
      }
      case 3: {  // bad symbol
        static constexpr const char* kBad[] = {"Y", "9", "#", "-", "\xc3\xa9", "\xe2\x82\xac"};
        return b.replace(at, 1, kBad[Uniform(rng, 6)]);
      }
      case 4: {  // two blanks
        const size_t tile = b[at] == 'X' ? (at + 1) % 9 : at;
        b[tile] = 'X';
        return b;
      }
      case 5: {  // no blank
        b[b.find('X')] = kTiles[Uniform(rng, 8)];
        return b;
      }
      case 6: {  // 8 tokens
        std::string out;
        for (size_t i = 0; i + 1 < b.size(); ++i)
          absl::StrAppend(&out, i ? " " : "", b.substr(i, 1));
        return out;
      }
      case 7: {  // a multi-symbol token
        std::string out = b.substr(0, 2);
        for (size_t i = 2; i < b.size(); ++i) absl::StrAppend(&out, " ", b.substr(i, 1));
        return out;
      }
      default:  // a stray character
        return b.insert(at, 1, ',');
    }
  };
  const int kind = Uniform(rng, 100);
  if (kind < 5) return {"", RandomBoard(rng)};                // empty start
  if (kind < 8) return {" \t ", ""};                          // blank start
  if (kind < 10) {                                            // huge string
    const size_t size = size_t{1} << (10 + Uniform(rng, 7));  // 1 KiB .. 64 KiB
    std::string huge;
    huge.reserve(size + 16);
    const int shape = Uniform(rng, 3);
    if (shape == 2) huge = "1 2 3 4 5 6 7 8 ";  // one huge token
    while (huge.size() < size) huge += shape == 0 ? "1 " : "12X453786";
    return Chance(rng, 0.5) ? puzzle::QueryText{huge, ""} : puzzle::QueryText{board, huge};
  }
  if (kind < 35) return {Notate(board, rng), damage(RandomBoard(rng))};  // bad goal
  return {damage(board), Chance(rng, 0.5) ? "" : Notate(RandomBoard(rng), rng)};
}

puzzle::QueryText WellFormed(Rng& rng, bool solvable) {
  const std::string start = RandomBoard(rng);
  std::string goal = Chance(rng, 0.1) ? std::string("12345678X") : RandomBoard(rng);
  if ((TileParity(start) == TileParity(goal)) != solvable) SwapTwoTiles(goal, rng);
  if (goal == "12345678X" && Chance(rng, 0.5)) {
    return {Notate(start, rng), Chance(rng, 0.5) ? "" : " "};  // the default goal
  }
  return {Notate(start, rng), Notate(goal, rng)};
}

// Replays an expected answer on the boards with the puzzle's own Trace: the table's answer must
// reach the goal legally.
absl::Status ReplayAnswer(const puzzle::QueryText& query, const puzzle::OracleResult& result) {
  if (!result.status.ok() || !result.answer.solvable) return absl::OkStatus();
  if (result.answer.moves.size() != static_cast<size_t>(result.answer.distance)) {
    return absl::InternalError("distance and move string disagree");
  }
  const puzzle::Puzzle& eight = *puzzle::FindPuzzle("eight");
  absl::StatusOr<std::vector<std::string>> boards = eight.Trace(query.start, result.answer.moves);
  if (!boards.ok()) return absl::InternalError(boards.status().message());
  absl::StatusOr<std::vector<std::string>> goal = eight.Trace(
      absl::StripAsciiWhitespace(query.goal).empty() ? eight.info().default_goal : query.goal, "");
  if (!goal.ok()) return absl::InternalError("an answered query's goal does not parse");
  if (boards->back() != goal->front()) {
    return absl::InternalError(absl::StrCat("'", result.answer.moves, "' does not reach the goal"));
  }
  return absl::OkStatus();
}

std::string Describe(const QueryCase& c) {
  return absl::StrCat("start '", absl::CHexEscape(c.query.start.substr(0, 40)),
                      c.query.start.size() > 40 ? "...'" : "'", " goal '",
                      absl::CHexEscape(c.query.goal.substr(0, 40)),
                      c.query.goal.size() > 40 ? "...'" : "'");
}

}  // namespace

absl::StatusOr<Workload> Workload::Build(puzzle::Oracle& oracle, const WorkloadOptions& options) {
  Rng rng(options.seed);
  std::vector<puzzle::QueryText> queries;
  queries.reserve(options.size);
  for (size_t i = 0; i < options.size; ++i) {
    const double roll = std::uniform_real_distribution<double>(0, 1)(rng);
    if (roll < options.malformed) {
      queries.push_back(Malformed(rng));
    } else {
      queries.push_back(WellFormed(rng, roll >= options.malformed + options.unsolvable));
    }
  }
  absl::StatusOr<std::vector<puzzle::OracleResult>> results = oracle.SolveMany(queries);
  if (!results.ok()) return results.status();
  std::vector<QueryCase> cases;
  cases.reserve(queries.size());
  for (size_t i = 0; i < queries.size(); ++i) {
    puzzle::OracleResult& result = (*results)[i];
    const absl::Status replay = ReplayAnswer(queries[i], result);
    if (!replay.ok()) {
      return absl::InternalError(absl::StrCat("local oracle's answer to start '", queries[i].start,
                                              "' goal '", queries[i].goal,
                                              "': ", replay.message()));
    }
    const CaseKind kind = !result.status.ok()      ? CaseKind::kMalformed
                          : result.answer.solvable ? CaseKind::kSolvable
                                                   : CaseKind::kUnsolvable;
    cases.push_back(QueryCase{std::move(queries[i]), std::move(result), kind});
  }
  return Workload(std::move(cases));
}

size_t Workload::Count(CaseKind kind) const {
  return static_cast<size_t>(std::count_if(cases_.begin(), cases_.end(),
                                           [kind](const QueryCase& c) { return c.kind == kind; }));
}

Verdict CheckResult(const QueryCase& c, int code, absl::string_view message,
                    const api::SolveResponse& answer) {
  const int expected_code = static_cast<int>(c.expected.status.code());
  if (code != expected_code) {
    return {Verdict::kWrongCode,
            absl::StrCat(Describe(c), ": code ", code, " '", message, "', expected ", expected_code,
                         " '", c.expected.status.message(), "'")};
  }
  if (code != 0) {
    if (message == c.expected.status.message()) return {};
    return {Verdict::kWrongAnswer, absl::StrCat(Describe(c), ": message '", message,
                                                "', expected '", c.expected.status.message(), "'")};
  }
  const puzzle::Answer& want = c.expected.answer;
  if (answer.solvable() == want.solvable && answer.distance() == want.distance &&
      answer.moves() == want.moves) {
    return {};
  }
  return {Verdict::kWrongAnswer, absl::StrCat(Describe(c), ": got solvable=", answer.solvable(),
                                              " distance ", answer.distance(), " '", answer.moves(),
                                              "', expected solvable=", want.solvable, " distance ",
                                              want.distance, " '", want.moves, "'")};
}

Verdict CheckItem(const QueryCase& c, uint64_t id, const api::SolveItemResult& result) {
  if (result.id() != id) {
    return {Verdict::kWrongAnswer,
            absl::StrCat(Describe(c), ": result id ", result.id(), ", expected ", id)};
  }
  return CheckResult(c, result.code(), result.error(), result.answer());
}

}  // namespace loadtest
