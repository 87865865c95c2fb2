#include "server/oracle_handler.h"

#include <sys/stat.h>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "puzzles/registry.h"
#include "rpc/status_conversion.h"

namespace server {
namespace {

v2::TableInfo DescribeTable(const puzzle::LoadedPuzzle& puzzle, const puzzle::LoadedTable& t) {
  const puzzle::TableFile& file = *t.file;
  v2::TableInfo info;
  info.set_puzzle(puzzle.puzzle().info().name);
  info.set_table(t.spec->name);
  info.set_format_version(file.format_version());
  info.set_file_size(file.file_size());
  info.set_header_checksum(absl::StrFormat("%016x", file.header_checksum()));
  for (const puzzle::TableSection& s : file.sections()) {
    v2::SectionInfo* section = info.add_sections();
    section->set_name(s.name);
    section->set_encoding(puzzle::SectionEncodingName(s.encoding));
    section->set_bits_per_entry(s.bits_per_entry);
    section->set_entry_count(s.entry_count);
    section->set_raw_size(s.bytes.size());
    section->set_stored_size(s.stored_size);
    section->set_checksum(absl::StrFormat("%016x", s.checksum));
  }
  info.set_build_metadata(file.metadata());
  info.set_path(file.name());
  struct stat st;
  if (::stat(file.name().c_str(), &st) == 0) info.set_file_mtime_unix_seconds(st.st_mtime);
  info.set_load_milliseconds(absl::ToDoubleMilliseconds(t.load_time));
  return info;
}

}  // namespace

OracleHandler::OracleHandler(std::vector<std::unique_ptr<puzzle::LoadedPuzzle>> puzzles,
                             OracleHandlerOptions options)
    : puzzles_(std::move(puzzles)),
      options_(std::move(options)),
      max_search_time_source_(absl::StrCat("--max_search_time (",
                                           absl::FormatDuration(options_.max_search_time), ")")) {
  for (const auto& p : puzzles_) {
    for (const puzzle::LoadedTable& t : p->tables())
      *table_info_.add_tables() = DescribeTable(*p, t);
  }
  table_info_.set_max_batch_size(static_cast<uint32_t>(options_.limits.max_batch_size));
  table_info_.set_max_message_size(static_cast<uint32_t>(options_.limits.max_message_size));
  table_info_.set_max_search_milliseconds(absl::ToDoubleMilliseconds(options_.max_search_time));
}

absl::StatusOr<const puzzle::LoadedPuzzle*> OracleHandler::Find(absl::string_view name) const {
  std::vector<std::string> served;
  for (const auto& p : puzzles_) {
    if (p->puzzle().info().name == name) return p.get();
    served.push_back(p->puzzle().info().name);
  }
  const bool known = puzzle::FindPuzzle(name) != nullptr;
  return absl::NotFoundError(absl::StrCat(known ? "puzzle '" : "unknown puzzle '", name,
                                          known ? "' is not served here (--puzzles)" : "'",
                                          "; this server serves ", absl::StrJoin(served, ", ")));
}

void OracleHandler::ListPuzzles(v2::ListPuzzlesResponse* response) const {
  for (const auto& loaded : puzzles_) {
    const puzzle::Puzzle& p = loaded->puzzle();
    const puzzle::PuzzleInfo& info = p.info();
    v2::PuzzleInfo* out = response->add_puzzles();
    out->set_name(info.name);
    out->set_title(info.title);
    out->set_notation(info.notation);
    out->set_start_field(info.start_field);
    out->set_has_goal(info.has_goal);
    out->set_default_goal(info.default_goal);
    out->set_rows(info.rows);
    out->set_cols(info.cols);
    for (int cell : info.layout) out->add_layout(cell);
    out->set_blank_symbol(info.blank_symbol);
    out->set_move_meaning(info.move_meaning);
    for (const puzzle::MoveInfo& move : info.moves) {
      v2::MoveInfo* m = out->add_moves();
      m->set_symbol(move.symbol);
      m->set_name(move.name);
      for (int cell : move.cells) m->add_cells(cell);
      for (const std::vector<int>& cycle : move.cycles) {
        v2::StickerCycle* c = m->add_cycles();
        for (int sticker : cycle) c->add_stickers(sticker);
      }
    }
    out->set_move_separator(info.move_separator);
    for (const puzzle::SymbolColour& colour : info.symbol_colours) {
      v2::SymbolColour* c = out->add_symbol_colours();
      c->set_symbol(colour.symbol);
      c->set_colour(colour.colour);
    }
    out->set_min_scramble_distance(info.min_scramble_distance);
    for (const std::string& metric : info.metrics) out->add_metrics(metric);
    for (const std::string& mode : info.modes) out->add_modes(mode);
    for (const std::string& extra : info.extras) out->add_extras(extra);
    out->set_searches(info.searches);
    out->set_near_optimal(info.near_optimal);
    for (const puzzle::TableSpec& spec : p.tables()) {
      v2::TableSpec* t = out->add_tables();
      t->set_name(spec.name);
      t->set_description(spec.description);
      t->set_optional(spec.optional);
      bool loaded_table = false;
      for (const puzzle::LoadedTable& l : loaded->tables()) loaded_table |= l.spec == &spec;
      t->set_loaded(loaded_table);
    }
    for (const puzzle::JudgeFormat& format : p.judge_formats()) out->add_judge_formats(format.name);
  }
}

bool OracleHandler::RunsOffThread(const puzzle::LoadedPuzzle& puzzle, int queries) const {
  return puzzle.puzzle().info().searches || queries > kInlineQueries;
}

std::unique_ptr<puzzle::SolveControl> OracleHandler::MakeControl(
    const puzzle::LoadedPuzzle& puzzle, absl::Time call_deadline,
    const std::atomic<bool>* cancelled) const {
  absl::Time deadline = call_deadline;
  absl::string_view source = "the call's deadline";
  if (puzzle.puzzle().info().searches) {
    const absl::Time cap = absl::Now() + options_.max_search_time;
    if (cap < deadline) {
      deadline = cap;
      source = max_search_time_source_;
    }
  }
  auto control = std::make_unique<puzzle::SolveControl>(deadline, cancelled, source);
  control->set_batch_threads(options_.batch_threads);
  return control;
}

void OracleHandler::SetAnswer(const puzzle::LoadedPuzzle& puzzle, puzzle::Answer&& answer,
                              v2::SolveResponse* response) const {
  const puzzle::PuzzleInfo& info = puzzle.puzzle().info();
  response->set_solvable(answer.solvable);
  response->set_distance(answer.distance);
  response->set_moves(std::move(answer.moves));
  for (size_t i = 0; i < answer.extras.size() && i < info.extras.size(); ++i) {
    v2::Extra* extra = response->add_extras();
    extra->set_name(info.extras[i]);
    extra->set_value(answer.extras[i]);
  }
  if (info.searches) {
    response->mutable_search()->set_nodes(answer.nodes);
    response->mutable_search()->set_milliseconds(absl::ToDoubleMilliseconds(answer.search_time));
  }
}

void OracleHandler::RecordSearch(const puzzle::LoadedPuzzle& puzzle,
                                 const puzzle::Answer& answer) const {
  const puzzle::PuzzleInfo& info = puzzle.puzzle().info();
  if (info.searches && options_.on_search) {
    options_.on_search(info.name, answer.search_time, answer.nodes);
  }
}

void OracleHandler::SolveQueries(const puzzle::LoadedPuzzle& puzzle,
                                 absl::Span<const puzzle::Query> queries,
                                 puzzle::SolveControl& control, absl::Span<absl::Status> statuses,
                                 absl::Span<puzzle::Answer> answers) const {
  puzzle.solver().SolveBatch(queries, control, statuses, answers);
  for (size_t i = 0; i < queries.size(); ++i) {
    if (statuses[i].ok()) RecordSearch(puzzle, answers[i]);
  }
}

absl::Status OracleHandler::Solve(const puzzle::LoadedPuzzle& puzzle,
                                  const v2::SolveRequest& request, puzzle::SolveControl& control,
                                  v2::SolveResponse* response) const {
  puzzle::Answer answer;
  absl::Status status = puzzle.solver().Solve(
      puzzle::Query{request.start(), request.goal(), request.metric(), request.mode(),
                    request.max_length(), absl::Milliseconds(request.time_budget_ms())},
      control, &answer);
  if (!status.ok()) return status;
  RecordSearch(puzzle, answer);
  const bool solvable = answer.solvable;
  SetAnswer(puzzle, std::move(answer), response);
  if (request.include_boards()) {
    // An unsolvable answer has no moves: its boards are the start alone, in canonical notation.
    absl::StatusOr<std::vector<std::string>> boards =
        puzzle.puzzle().Trace(request.start(), solvable ? response->moves() : "");
    if (!boards.ok()) {
      // The solver's own answer does not replay: a table or solver bug, never the client's.
      return absl::InternalError(
          absl::StrCat("the answer does not replay: ", boards.status().message()));
    }
    for (std::string& board : *boards) response->add_boards(std::move(board));
  }
  return absl::OkStatus();
}

void OracleHandler::SolveItems(
    const puzzle::LoadedPuzzle& puzzle,
    const google::protobuf::RepeatedPtrField<v2::SolveItem>& items, puzzle::SolveControl& control,
    google::protobuf::RepeatedPtrField<v2::SolveItemResult>* results) const {
  std::vector<puzzle::Query> queries;
  queries.reserve(items.size());
  for (const v2::SolveItem& item : items) {
    queries.push_back({item.start(), item.goal(), item.metric(), item.mode(), item.max_length(),
                       absl::Milliseconds(item.time_budget_ms())});
  }
  std::vector<absl::Status> statuses(queries.size());
  std::vector<puzzle::Answer> answers(queries.size());
  SolveQueries(puzzle, queries, control, absl::MakeSpan(statuses), absl::MakeSpan(answers));
  results->Reserve(items.size());
  for (int i = 0; i < items.size(); ++i) {
    v2::SolveItemResult* result = results->Add();
    result->set_id(items[i].id());
    if (!statuses[i].ok()) {
      rpc::SetItemError(statuses[i], result);
    } else {
      SetAnswer(puzzle, std::move(answers[i]), result->mutable_answer());
    }
  }
}

absl::Status OracleHandler::Scramble(const v2::ScrambleRequest& request,
                                     v2::ScrambleResponse* response) const {
  absl::StatusOr<const puzzle::LoadedPuzzle*> p = Find(request.puzzle());
  if (!p.ok()) return p.status();
  if (request.moves() < 0 || request.moves() > kMaxScrambleMoves) {
    return absl::InvalidArgumentError(
        absl::StrCat("moves: ", request.moves(), "; expected 0..", kMaxScrambleMoves));
  }
  if (request.random_state()) return RandomStateScramble(**p, request, response);
  absl::StatusOr<std::string> board =
      (*p)->puzzle().Scramble(request.goal(), request.moves(), request.seed());
  if (!board.ok()) return board.status();
  response->set_board(*std::move(board));
  return absl::OkStatus();
}

absl::Status OracleHandler::RandomStateScramble(const puzzle::LoadedPuzzle& puzzle,
                                                const v2::ScrambleRequest& request,
                                                v2::ScrambleResponse* response) const {
  if (request.moves() != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("moves: ", request.moves(), "; a random_state scramble takes no moves (0)"));
  }
  const puzzle::PuzzleInfo& info = puzzle.puzzle().info();
  // Boards closer than the minimum are drawn again, from seeds derived from the request's, so
  // the result is uniform over the boards at least that far away and the same for the same seed.
  uint64_t seed = request.seed();
  for (int attempt = 0;; ++attempt) {
    absl::StatusOr<std::string> board = puzzle.puzzle().RandomBoard(request.goal(), seed);
    if (!board.ok()) return board.status();
    // No moves for a search puzzle (a search can take seconds) or one without a goal board (the
    // Rotation Game: its answers end at whichever solved board is nearest). A near-optimal
    // search (the 3x3x3's two-phase, about a millisecond) does give them: the scramble is then
    // the inverse of its answer, as the WCA's scramblers make theirs, and its distance an upper
    // bound, which never draws a board again that is truly far enough.
    if ((info.searches && !info.near_optimal) || !info.has_goal) {
      response->set_board(*std::move(board));
      return absl::OkStatus();
    }
    puzzle::SolveControl control(absl::InfiniteFuture(), nullptr, "");
    puzzle::Answer answer;
    // From the goal to the board: the moves that produce the board.
    const absl::Status status = puzzle.solver().Solve(
        puzzle::Query{request.goal().empty() ? info.default_goal : request.goal(), *board}, control,
        &answer);
    if (!status.ok()) return status;
    if (answer.distance >= info.min_scramble_distance || attempt >= 1000) {
      response->set_board(*std::move(board));
      response->mutable_solution()->set_distance(answer.distance);
      response->mutable_solution()->set_moves(answer.moves);
      return absl::OkStatus();
    }
    seed = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
  }
}

}  // namespace server
