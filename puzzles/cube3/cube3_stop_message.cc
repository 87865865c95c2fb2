#include "puzzles/cube3/cube3_stop_message.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

absl::StatusOr<Cube3StopMessage> ParseCube3StopMessage(absl::string_view message) {
  constexpr absl::string_view kAfter = " after ";
  constexpr absl::string_view kBound = " nodes; the optimal length is at least ";
  constexpr absl::string_view kBest = "; the best solution known is ";
  const auto refuse = [&message](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("expected ", what, " in: ", message));
  };
  Cube3StopMessage parsed;
  const size_t after = message.find(kAfter);
  if (after == absl::string_view::npos) return refuse("' after '");
  parsed.stopped_by = std::string(message.substr(0, after));
  const size_t bound_at = message.find(kBound, after);
  if (bound_at == absl::string_view::npos) return refuse(absl::StrCat("'", kBound, "'"));
  const size_t bound_begin = bound_at + kBound.size();
  const size_t best_at = message.find(kBest, bound_begin);
  const absl::string_view bound =
      message.substr(bound_begin, best_at == absl::string_view::npos ? absl::string_view::npos
                                                                     : best_at - bound_begin);
  if (!absl::SimpleAtoi(bound, &parsed.bound)) return refuse("the bound, a number,");
  if (best_at == absl::string_view::npos) return parsed;
  const absl::string_view best = message.substr(best_at + kBest.size());
  const size_t colon = best.find(": ");
  if (colon == absl::string_view::npos || colon == 0 || colon + 2 == best.size()) {
    return refuse("the best solution as '<length> moves...: <moves>'");
  }
  parsed.has_best = true;
  parsed.best_words = std::string(best.substr(0, colon));
  parsed.best_moves = std::string(best.substr(colon + 2));
  return parsed;
}

}  // namespace puzzle
