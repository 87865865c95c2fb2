// The query logic behind every transport (the v2 and v1 gRPC services and the HTTP gateway),
// free of gRPC and HTTP types: it turns API messages into solver calls over the puzzles the
// server loaded, and back. Built once, from the registry's puzzles and their loaded tables.
//
// Example:
//   OracleHandler handler(std::move(loaded_puzzles), options);
//   absl::StatusOr<const puzzle::LoadedPuzzle*> p = handler.Find(request.puzzle());
//   std::unique_ptr<puzzle::SolveControl> control = handler.MakeControl(**p, deadline, &cancel);
//   absl::Status s = handler.Solve(**p, request, *control, &response);
//
// Thread-safety: const methods, safe from any number of threads.

#ifndef SERVER_ORACLE_HANDLER_H_
#define SERVER_ORACLE_HANDLER_H_

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "google/protobuf/repeated_field.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/solve_control.h"
#include "puzzleoracle/v2/oracle.pb.h"
#include "server/request_limits.h"

namespace server {

namespace v2 = ::puzzleoracle::v2;

struct OracleHandlerOptions {
  RequestLimits limits;
  // The longest a search may run, whatever the call's deadline (--max_search_time).
  absl::Duration max_search_time = absl::Seconds(30);
  // Threads one batch of a search puzzle, or one optimal 3x3x3 search, may use
  // (SolveControl::batch_threads).
  int batch_threads = 1;
  // Called after every search (a query of a puzzle whose info says `searches`), for metrics.
  std::function<void(const std::string& puzzle, absl::Duration time, uint64_t nodes)> on_search;
};

class OracleHandler {
 public:
  // Calls on a table puzzle with at most this many queries run inline (microseconds); the
  // others, and every call on a search puzzle, run on the server's bounded executor.
  static constexpr int kInlineQueries = 64;

  OracleHandler(std::vector<std::unique_ptr<puzzle::LoadedPuzzle>> puzzles,
                OracleHandlerOptions options);
  OracleHandler(const OracleHandler&) = delete;
  OracleHandler& operator=(const OracleHandler&) = delete;

  // The served puzzle named `name`. NotFound("unknown puzzle 'x'; this server serves eight,
  // rotation-game"), naming --puzzles when the registry knows it but the server does not serve it.
  absl::StatusOr<const puzzle::LoadedPuzzle*> Find(absl::string_view name) const;
  const std::vector<std::unique_ptr<puzzle::LoadedPuzzle>>& puzzles() const { return puzzles_; }
  const RequestLimits& limits() const { return options_.limits; }

  void ListPuzzles(v2::ListPuzzlesResponse* response) const;
  // Every table served and the limits (fixed at construction, load times included).
  const v2::GetTableInfoResponse& table_info() const { return table_info_; }

  // Whether a call with `queries` queries of `puzzle` runs on the executor (see above).
  bool RunsOffThread(const puzzle::LoadedPuzzle& puzzle, int queries) const;

  // The control of one call: its deadline is the call's, or for search puzzles the earlier of
  // that and now + max_search_time (the stop message names which); `cancelled` may be null.
  std::unique_ptr<puzzle::SolveControl> MakeControl(const puzzle::LoadedPuzzle& puzzle,
                                                    absl::Time call_deadline,
                                                    const std::atomic<bool>* cancelled) const;

  // One query. Errors: InvalidArgument naming the field; DeadlineExceeded/Cancelled (searches).
  absl::Status Solve(const puzzle::LoadedPuzzle& puzzle, const v2::SolveRequest& request,
                     puzzle::SolveControl& control, v2::SolveResponse* response) const;

  // statuses[i] and answers[i] for every query (the puzzle's batch path: Eight interleaves its
  // table walks), recording searches for metrics. REQUIRES: the spans have one size.
  void SolveQueries(const puzzle::LoadedPuzzle& puzzle, absl::Span<const puzzle::Query> queries,
                    puzzle::SolveControl& control, absl::Span<absl::Status> statuses,
                    absl::Span<puzzle::Answer> answers) const;

  // The answer as the v2 API gives it (extras named, search stats for search puzzles).
  void SetAnswer(const puzzle::LoadedPuzzle& puzzle, puzzle::Answer&& answer,
                 v2::SolveResponse* response) const;

  // One result per item, in order, each with its id and own status.
  // REQUIRES: items.size() <= limits().max_batch_size (the request parser checks it).
  void SolveItems(const puzzle::LoadedPuzzle& puzzle,
                  const google::protobuf::RepeatedPtrField<v2::SolveItem>& items,
                  puzzle::SolveControl& control,
                  google::protobuf::RepeatedPtrField<v2::SolveItemResult>* results) const;

  // InvalidArgument for a bad goal or moves outside 0..1000; NotFound for an unknown puzzle.
  absl::Status Scramble(const v2::ScrambleRequest& request, v2::ScrambleResponse* response) const;

  static constexpr int kMaxScrambleMoves = 1000;

 private:
  // ScrambleRequest.random_state: Puzzle::RandomBoard, and for table puzzles the moves from the
  // goal to the board (boards nearer than min_scramble_distance are drawn again).
  absl::Status RandomStateScramble(const puzzle::LoadedPuzzle& puzzle,
                                   const v2::ScrambleRequest& request,
                                   v2::ScrambleResponse* response) const;
  void RecordSearch(const puzzle::LoadedPuzzle& puzzle, const puzzle::Answer& answer) const;

  const std::vector<std::unique_ptr<puzzle::LoadedPuzzle>> puzzles_;
  const OracleHandlerOptions options_;
  const std::string max_search_time_source_;  // "--max_search_time (30s)": what a capped search's
                                              // controls name (they keep a view of it)
  v2::GetTableInfoResponse table_info_;
};

}  // namespace server

#endif  // SERVER_ORACLE_HANDLER_H_
