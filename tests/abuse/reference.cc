#include "tests/abuse/reference.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "puzzle/solve_control.h"
#include "puzzles/registry.h"

namespace abuse {
namespace {

namespace v1 = ::puzzleoracle::v1;
namespace v2 = ::puzzleoracle::v2;

std::string Describe(const puzzle::Answer& a) {
  return absl::StrCat(a.solvable ? "solvable" : "unsolvable", " distance ", a.distance, " moves '",
                      a.moves, "' extras [", absl::StrJoin(a.extras, ","), "]");
}

}  // namespace

const std::vector<const puzzle::Puzzle*>& TablePuzzles() {
  static const auto* puzzles = [] {
    auto* table = new std::vector<const puzzle::Puzzle*>;
    for (const puzzle::Puzzle* p : puzzle::AllPuzzles()) {
      if (!p->info().searches) table->push_back(p);
    }
    return table;
  }();
  return *puzzles;
}

absl::StatusOr<std::unique_ptr<Reference>> Reference::Load(const std::string& tables_dir) {
  std::vector<std::unique_ptr<puzzle::LoadedPuzzle>> loaded;
  for (const puzzle::Puzzle* p : TablePuzzles()) {
    absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> l = puzzle::LoadPuzzle(*p, tables_dir);
    if (!l.ok()) return l.status();
    loaded.push_back(*std::move(l));
  }
  return std::unique_ptr<Reference>(new Reference(std::move(loaded)));
}

const puzzle::LoadedPuzzle* Reference::Find(absl::string_view name) const {
  for (const auto& p : puzzles_) {
    if (p->puzzle().info().name == name) return p.get();
  }
  return nullptr;
}

puzzle::OracleResult Reference::Solve(absl::string_view puzzle_name, const std::string& start,
                                      const std::string& goal) const {
  puzzle::OracleResult result;
  const puzzle::LoadedPuzzle* p = Find(puzzle_name);
  if (p == nullptr) {
    result.status = absl::NotFoundError(absl::StrCat("no puzzle '", puzzle_name, "' loaded"));
    return result;
  }
  puzzle::SolveControl control;
  result.status = p->solver().Solve(puzzle::Query{start, goal}, control, &result.answer);
  return result;
}

absl::Status Reference::Compare(absl::string_view puzzle_name, const std::string& start,
                                const std::string& goal, int code, const std::string& error,
                                const puzzle::Answer* answer) const {
  const puzzle::OracleResult want = Solve(puzzle_name, start, goal);
  const std::string query = absl::StrCat(puzzle_name, " '", start, "' -> '", goal, "'");
  if (code != static_cast<int>(want.status.code())) {
    return absl::InternalError(absl::StrCat(query, ": code ", code, " (", error, "), expected ",
                                            static_cast<int>(want.status.code()), " (",
                                            want.status.message(), ")"));
  }
  if (!want.status.ok()) {
    if (error != want.status.message()) {
      return absl::InternalError(
          absl::StrCat(query, ": error '", error, "', expected '", want.status.message(), "'"));
    }
    return absl::OkStatus();
  }
  const puzzle::Answer& w = want.answer;
  if (answer->solvable != w.solvable || answer->distance != w.distance ||
      answer->moves != w.moves || answer->extras != w.extras) {
    return absl::InternalError(
        absl::StrCat(query, ": answered ", Describe(*answer), ", expected ", Describe(w)));
  }
  return absl::OkStatus();
}

absl::Status Reference::Check(absl::string_view puzzle_name, const std::string& start,
                              const std::string& goal, const v2::SolveResponse& got) const {
  puzzle::Answer answer;
  answer.solvable = got.solvable();
  answer.distance = got.distance();
  answer.moves = got.moves();
  for (const v2::Extra& extra : got.extras()) answer.extras.push_back(extra.value());
  return Compare(puzzle_name, start, goal, 0, "", &answer);
}

absl::Status Reference::Check(absl::string_view puzzle_name, const v2::SolveItem& item,
                              const v2::SolveItemResult& got) const {
  if (got.id() != item.id()) {
    return absl::InternalError(absl::StrCat("result id ", got.id(), ", expected ", item.id()));
  }
  if (got.code() != 0) {
    return Compare(puzzle_name, item.start(), item.goal(), got.code(), got.error(), nullptr);
  }
  return Check(puzzle_name, item.start(), item.goal(), got.answer());
}

absl::Status Reference::Check(const v1::SolveItem& item, const v1::SolveItemResult& got) const {
  if (got.id() != item.id()) {
    return absl::InternalError(absl::StrCat("result id ", got.id(), ", expected ", item.id()));
  }
  puzzle::Answer answer;
  answer.solvable = got.answer().solvable();
  answer.distance = got.answer().distance();
  answer.moves = got.answer().moves();
  return Compare("eight", item.start(), item.goal(), got.code(), got.error(), &answer);
}

absl::Status Reference::Check(const v1::RotationItem& item,
                              const v1::RotationItemResult& got) const {
  if (got.id() != item.id()) {
    return absl::InternalError(absl::StrCat("result id ", got.id(), ", expected ", item.id()));
  }
  // v1 has no `solvable` for the Rotation Game: every board is solvable.
  puzzle::Answer answer;
  answer.solvable = true;
  answer.distance = got.answer().distance();
  answer.moves = got.answer().moves();
  answer.extras = {got.answer().centre()};
  return Compare("rotation-game", item.board(), "", got.code(), got.error(), &answer);
}

std::string Reference::RandomBoard(absl::string_view puzzle_name, std::mt19937_64& rng) {
  const puzzle::Puzzle* p = puzzle::FindPuzzle(puzzle_name);
  if (p == nullptr) return "";
  // A sticker net's permutation is rarely a cube: a twisty puzzle gets a random position.
  if (!p->info().symbol_colours.empty()) return p->RandomBoard("", rng()).value_or("");
  // Any permutation of a grid board's symbols is a board of these puzzles (possibly unsolvable).
  absl::StatusOr<std::string> board = p->Scramble("", 0, rng());
  if (!board.ok()) return "";
  board->erase(std::remove(board->begin(), board->end(), ' '), board->end());
  std::shuffle(board->begin(), board->end(), rng);
  return *board;
}

}  // namespace abuse
