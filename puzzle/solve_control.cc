#include "puzzle/solve_control.h"

#include "absl/strings/str_cat.h"

namespace puzzle {

absl::Status SolveControl::StopStatus(int lower_bound, uint64_t nodes) const {
  const std::string after =
      absl::StrCat("after ", absl::FormatDuration(now_() - start_), " and ", nodes,
                   " nodes; the optimal length is at least ", lower_bound);
  if (cancelled()) return absl::CancelledError(absl::StrCat("the call was cancelled ", after));
  return absl::DeadlineExceededError(
      absl::StrCat("search stopped by ", deadline_source_, " ", after));
}

absl::Status SolveControl::NotStartedStatus() const {
  if (cancelled()) {
    return absl::CancelledError("the call was cancelled before this query was started");
  }
  return absl::DeadlineExceededError(
      absl::StrCat(deadline_source_, " passed before this query was started"));
}

}  // namespace puzzle
