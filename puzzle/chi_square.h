// Pearson's chi-square goodness-of-fit statistic, for the tests that check that random boards are
// uniform (their distance distribution against a published one). Deterministic tests: the seeds
// are fixed, so a statistic below the 0.001 quantile passes on every run.
//
// Thread-safety: pure functions.

#ifndef PUZZLE_CHI_SQUARE_H_
#define PUZZLE_CHI_SQUARE_H_

#include <cstdint>
#include <vector>

namespace puzzle {

struct ChiSquare {
  double statistic = 0;
  int bins = 0;  // after merging
  // The 0.001 quantile of chi-square with bins - 1 degrees of freedom (bins 2..31).
  double quantile_999 = 0;
};

// `observed[k]` counts of outcome k against `weights[k]` (proportional to its probability; any
// scale). Neighbouring outcomes are merged, in order, until each bin expects at least
// `min_expected`. REQUIRES: same sizes; the merged bins are 2..31.
ChiSquare ChiSquareTest(const std::vector<double>& observed, const std::vector<double>& weights,
                        double min_expected = 20);

}  // namespace puzzle

#endif  // PUZZLE_CHI_SQUARE_H_
