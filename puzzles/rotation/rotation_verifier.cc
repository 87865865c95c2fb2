#include "puzzles/rotation/rotation_verifier.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "puzzles/rotation/rotation_board.h"

namespace puzzle {

RotationVerifyReport VerifyRotationTable(const puzzle::RotationTable& table) {
  RotationVerifyReport report;
  auto fail = [&report](std::string message) {
    if (report.failures.size() < 20) report.failures.push_back(std::move(message));
  };
  const uint32_t goal = puzzle::RankCellSet(puzzle::kRotationCentreMask);
  for (uint32_t rank = 0; rank < puzzle::kRotationCellSets; ++rank) {
    const int d = table.Distance(rank);
    if (report.per_depth.size() <= static_cast<size_t>(d)) report.per_depth.resize(d + 1, 0);
    ++report.per_depth[d];
    if ((d == 0) != (rank == goal)) {
      fail(absl::StrCat("set ", rank, ": distance ", d,
                        rank == goal ? " at the goal; expected 0" : "; only the goal has 0"));
      continue;
    }
    const uint32_t set = puzzle::UnrankCellSet(rank);
    bool closer = d == 0;
    for (int op = 0; op < puzzle::kRotationOps; ++op) {
      const int e = table.Distance(puzzle::RankCellSet(puzzle::ApplyRotationOpToMask(set, op)));
      if (e == d - 1) closer = true;
      if (std::abs(e - d) > 1) {
        fail(absl::StrCat("set ", rank, ": distance ", d, " but op ",
                          std::string(1, puzzle::RotationOpChar(op)), " leads to distance ", e));
      }
    }
    if (!closer) fail(absl::StrCat("set ", rank, ": distance ", d, " but no op leads closer"));
  }
  return report;
}

}  // namespace puzzle
