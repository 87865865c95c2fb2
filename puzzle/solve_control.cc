#include "puzzle/solve_control.h"

#include "absl/strings/str_cat.h"

namespace puzzle {

absl::Status SolveControl::StopStatus(int lower_bound, uint64_t nodes) const {
  const std::string after =
      absl::StrCat("after ", absl::FormatDuration(absl::Now() - start_), " and ", nodes,
                   " nodes; the optimal length is at least ", lower_bound);
  if (cancelled()) return absl::CancelledError(absl::StrCat("the call was cancelled ", after));
  return absl::DeadlineExceededError(
      absl::StrCat("search stopped by ", deadline_source_, " ", after));
}

}  // namespace puzzle
