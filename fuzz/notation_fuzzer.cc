// Fuzz target: every puzzle's board notation and move strings, through the
// Puzzle interface (Trace and Scramble), for every puzzle in the registry.
//
// The input is a board as a user would type it. For every puzzle:
//   - as the start (Trace(input, "")): accepted, the canonical board it
//     returns is printable ASCII, re-parses to itself (idempotent), and
//     Scramble(canonical, 0, seed) returns it unchanged; rejected,
//     InvalidArgument whose message starts with info().start_field + ": " and
//     is at most 256 bytes however long or binary the input is;
//   - as the goal (Scramble(input, 0, seed), which reads its goal as the field
//     "goal"): accepted exactly when the start reader accepts it, to the same
//     canonical board (a blank goal: a canonical board, the default goal's
//     when the puzzle has one); rejected, InvalidArgument naming "goal", short,
//     and with the start reader's message but for the field;
//   - as moves from a scrambled board (Trace(board, input)): accepted only
//     when every move (a byte, or for twisty puzzles a token between the
//     separators) is in the puzzle's move alphabet, with one canonical board
//     per move; rejected, InvalidArgument naming "moves", short.
// For puzzles with a goal (has_goal), the input is also split at its first
// '\n' into a start and a goal, each checked as above.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/puzzle_checks.h"
#include "puzzle/puzzle.h"
#include "puzzles/registry.h"

namespace {

using puzzle::Puzzle;

// FNV-1a: a seed for Scramble that depends on the input only.
uint64_t SeedOf(absl::string_view text) {
  uint64_t hash = 0xcbf29ce484222325u;
  for (char c : text) {
    hash = (hash ^ static_cast<uint8_t>(c)) * 0x100000001b3u;
  }
  return hash;
}

std::string What(const Puzzle& p, absl::string_view role, absl::string_view text) {
  return absl::StrCat(p.info().name, ", ", role, " '", absl::CHexEscape(text.substr(0, 80)), "'",
                      text.size() > 80 ? absl::StrCat("...(", text.size(), " bytes)") : "");
}

// The message without its leading "field: ".
absl::string_view AfterField(absl::string_view message) {
  const size_t colon = message.find(": ");
  return colon == absl::string_view::npos ? message : message.substr(colon + 2);
}

void CheckCanonical(const Puzzle& p, const std::string& board, uint64_t seed) {
  const std::string what = What(p, "canonical board", board);
  FUZZ_CHECK(!board.empty(), what);
  for (char c : board) {
    FUZZ_CHECK(c >= 0x20 && c < 0x7f, what);
  }
  const absl::StatusOr<std::vector<std::string>> again = p.Trace(board, "");
  FUZZ_CHECK(again.ok() && again->size() == 1 && (*again)[0] == board,
             absl::StrCat(what, ": does not re-parse to itself: ",
                          again.ok() ? (*again)[0] : again.status().ToString()));
  const absl::StatusOr<std::string> scrambled = p.Scramble(board, 0, seed);
  FUZZ_CHECK(scrambled.ok() && *scrambled == board,
             absl::StrCat(what, ": Scramble(board, 0) gives ",
                          scrambled.ok() ? *scrambled : scrambled.status().ToString()));
}

void CheckStart(const Puzzle& p, absl::string_view text, uint64_t seed) {
  const absl::StatusOr<std::vector<std::string>> traced = p.Trace(text, "");
  if (!traced.ok()) {
    fuzz::CheckFieldError(traced.status(), p.info().start_field, What(p, "start", text));
    return;
  }
  FUZZ_CHECK(traced->size() == 1, What(p, "start", text));
  CheckCanonical(p, (*traced)[0], seed);
}

void CheckGoal(const Puzzle& p, absl::string_view text, uint64_t seed) {
  const std::string what = What(p, "goal", text);
  const absl::StatusOr<std::string> goal = p.Scramble(text, 0, seed);
  if (absl::StripAsciiWhitespace(text).empty()) {
    FUZZ_CHECK(goal.ok(), absl::StrCat(what, ": ", goal.status().ToString()));
    CheckCanonical(p, *goal, seed);
    if (p.info().has_goal) {
      const absl::StatusOr<std::vector<std::string>> standard = p.Trace(p.info().default_goal, "");
      FUZZ_CHECK(standard.ok() && (*standard)[0] == *goal,
                 absl::StrCat(what, ": a blank goal gave ", *goal));
    }
    return;
  }
  const absl::StatusOr<std::vector<std::string>> as_start = p.Trace(text, "");
  if (!goal.ok()) {
    fuzz::CheckFieldError(goal.status(), "goal", what);
    FUZZ_CHECK(!as_start.ok(), absl::StrCat(what, ": rejected as a goal (",
                                            goal.status().ToString(), "), accepted as a start"));
    FUZZ_CHECK(AfterField(goal.status().message()) == AfterField(as_start.status().message()),
               absl::StrCat(what, ": as a goal ", goal.status().ToString(), "; as a start ",
                            as_start.status().ToString()));
    return;
  }
  FUZZ_CHECK(as_start.ok() && (*as_start)[0] == *goal,
             absl::StrCat(what, ": accepted as the goal ", *goal, ", as a start ",
                          as_start.ok() ? (*as_start)[0] : as_start.status().ToString()));
}

void CheckMoves(const Puzzle& p, absl::string_view moves, uint64_t seed) {
  const absl::StatusOr<std::string> start = p.Scramble("", 20, seed);
  FUZZ_CHECK(start.ok(), start.status().ToString());
  const std::string what = absl::StrCat(What(p, "moves", moves), " from ", *start);
  // Grid puzzles' moves are characters; twisty puzzles' are tokens split at the separator.
  const std::vector<std::string> tokens = puzzle::SplitMoves(p.info(), moves);
  bool in_alphabet = true;
  for (const std::string& token : tokens) {
    bool known = false;
    for (const puzzle::MoveInfo& move : p.info().moves) known |= move.symbol == token;
    in_alphabet &= known;
  }
  const absl::StatusOr<std::vector<std::string>> boards = p.Trace(*start, moves);
  if (!boards.ok()) {
    fuzz::CheckFieldError(boards.status(), "moves", what);
    return;
  }
  FUZZ_CHECK(in_alphabet, absl::StrCat(what, ": accepted"));
  FUZZ_CHECK(boards->size() == tokens.size() + 1 && (*boards)[0] == *start,
             absl::StrCat(what, ": ", boards->size(), " boards"));
  CheckCanonical(p, boards->back(), seed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text = fuzz::AsText(data, size);
  const uint64_t seed = SeedOf(text);
  for (const Puzzle* p : puzzle::AllPuzzles()) {
    CheckStart(*p, text, seed);
    CheckGoal(*p, text, seed);
    CheckMoves(*p, text, seed);
    if (!p->info().has_goal) continue;
    const size_t newline = text.find('\n');
    if (newline == absl::string_view::npos) continue;
    CheckStart(*p, text.substr(0, newline), seed);
    CheckGoal(*p, text.substr(newline + 1), seed);
  }
  return 0;
}
