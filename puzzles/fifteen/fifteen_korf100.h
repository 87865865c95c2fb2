// Korf's (1985) 100 random 15-puzzle instances with their optimal lengths, read from
// puzzles/fifteen/testdata/korf100.txt (format in that file's header). Goal: KorfFifteenGoal().
//
// Thread-safety: pure functions.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_KORF100_H_
#define PUZZLES_FIFTEEN_FIFTEEN_KORF100_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/fifteen/fifteen_board.h"

namespace puzzle {

inline constexpr absl::string_view kKorf100Path = "puzzles/fifteen/testdata/korf100.txt";

struct KorfInstance {
  int id = 0;
  int optimal_length = 0;
  uint64_t korf85_nodes = 0;  // nodes Korf's 1985 IDA* (Manhattan) generated
  FifteenBoard board;
};

// Parses the file's text. InvalidArgument naming the line on any malformed line.
absl::StatusOr<std::vector<KorfInstance>> ParseKorf100(absl::string_view text);

// Reads and parses `path` (relative paths resolve against the working directory, which is the
// runfiles root under `bazel test` and `bazel run`).
absl::StatusOr<std::vector<KorfInstance>> ReadKorf100(
    const std::string& path = std::string(kKorf100Path));

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_KORF100_H_
