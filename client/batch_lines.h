// The line formats of `oracle_client batch` (README, "Batch solving").
//
// Input, one query a line (every line gets exactly one output line, a bad one an error line):
//   - plain: START, or START<TAB>GOAL, in the puzzle's notation. Without a tab, a line of two
//     words separated by spaces is START GOAL, unless the puzzle's moves are space-separated
//     tokens (the cubes, whose scrambles hold spaces): then, as for any other line, the whole
//     line is START;
//   - JSON: an object {"id": ..., "puzzle": ..., "start": ..., "goal": ..., "metric": ...,
//     "mode": ...}; only "start" is required (the puzzle defaults to --puzzle); "id" is a string
//     or a number, echoed in the answer.
// Output, JSON Lines in input order, keys in this order:
//   {"line":3,"id":7,"puzzle":"eight","distance":12,"moves":"ddrr...","nodes":0,"ms":0.004}
//   {"line":4,"id":null,"puzzle":"eight","error":{"code":"INVALID_ARGUMENT","message":"..."}}
// "line" is the input line number (from 1), which resuming and merging rely on; "nodes" and "ms"
// only with timing (the only bytes that differ between two runs of the same input).
//
// Thread-safety: pure functions.
#ifndef CLIENT_BATCH_LINES_H_
#define CLIENT_BATCH_LINES_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzle/puzzle.h"

namespace client {

// One input line, read.
struct BatchItem {
  uint64_t line = 0;             // from 1
  std::string id_json = "null";  // the id as JSON: a number, a quoted string, or null
  std::string puzzle;            // the registry name
  puzzle::QueryText query;
  absl::Status error;  // the line could not be read: its answer is this error
};

// Reads input line number `line` (without its newline). `default_puzzle` is the puzzle of plain
// lines and of JSON lines without "puzzle"; `space_separated_moves` says whether a puzzle's moves
// are space-separated tokens (PuzzleInfo::move_separator is " "), for plain lines; unknown
// puzzles are left for the caller to reject. A line that cannot be read gets `error`:
// InvalidArgument "line 4: ..." naming the field or JSON problem ("line 4: not a query: strat:
// Cannot find field.", "line 5: field \"start\" is missing").
BatchItem ReadBatchLine(absl::string_view text, uint64_t line, const std::string& default_puzzle,
                        bool (*space_separated_moves)(const std::string& puzzle));

// The output line (with its newline) of `item`: its answer, or its error (`status`, or
// item.error when that is set). AppendBatchAnswer appends it to *out.
std::string FormatBatchAnswer(const BatchItem& item, const absl::Status& status,
                              const puzzle::Answer& answer, bool timing);
void AppendBatchAnswer(const BatchItem& item, const absl::Status& status,
                       const puzzle::Answer& answer, bool timing, std::string* out);

// The "line" of an output line this format wrote, or InvalidArgument when it is not one.
absl::StatusOr<uint64_t> BatchAnswerLine(absl::string_view output_line);

// The error of a line whose puzzle is not in the registry:
// InvalidArgument "puzzle: 'nine' is not a puzzle (oracle_client list)".
absl::Status UnknownPuzzleError(absl::string_view name);

// `text` as a JSON string literal, quotes included (AppendJsonString: appended to *out).
std::string JsonString(absl::string_view text);
void AppendJsonString(absl::string_view text, std::string* out);

}  // namespace client

#endif  // CLIENT_BATCH_LINES_H_
