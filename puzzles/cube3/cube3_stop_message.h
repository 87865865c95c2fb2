// For tests: the parts of the message a stopped 3x3x3 optimal search answers with, which
// SolveControl::StopStatus and cube3_puzzle.cc's WithBestKnown write:
//   "<stopped by> after <time> and <nodes> nodes; the optimal length is at least <bound>"
// then, when the two-phase search had found a solution,
//   "; the best solution known is <length> moves<, not proven optimal | (the minimum, ...)>:
//   <moves>"
// The message is the only place these travel (no structured field carries them), so the seam's
// test and the server's end-to-end test read it the same way, here.
#ifndef PUZZLES_CUBE3_CUBE3_STOP_MESSAGE_H_
#define PUZZLES_CUBE3_CUBE3_STOP_MESSAGE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

struct Cube3StopMessage {
  std::string stopped_by;  // e.g. "search stopped by --max_search_time (2s)"
  int bound = -1;          // the optimal length proven at least this
  bool has_best = false;   // the rest are set only when true
  std::string best_words;  // e.g. "19 moves, not proven optimal"
  std::string best_moves;  // e.g. "L U D' B'" (WCA notation, as the answer's moves)
};

// InvalidArgument naming the part missing (" after ", the bound's phrase, a number, or the best
// solution's ": ") when `message` does not have that shape.
absl::StatusOr<Cube3StopMessage> ParseCube3StopMessage(absl::string_view message);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_STOP_MESSAGE_H_
