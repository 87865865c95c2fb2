#include "puzzle/chi_square.h"

#include <cstddef>

namespace puzzle {
namespace {

// The 0.001 upper quantiles of chi-square, by degrees of freedom 1..30.
constexpr double kQuantile999[31] = {0,     10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32,
                                     26.12, 27.88, 29.59, 31.26, 32.91, 34.53, 36.12, 37.70,
                                     39.25, 40.79, 42.31, 43.82, 45.31, 46.80, 48.27, 49.73,
                                     51.18, 52.62, 54.05, 55.48, 56.89, 58.30, 59.70};

}  // namespace

ChiSquare ChiSquareTest(const std::vector<double>& observed, const std::vector<double>& weights,
                        double min_expected) {
  double total = 0, weight_total = 0;
  for (size_t k = 0; k < observed.size(); ++k) {
    total += observed[k];
    weight_total += weights[k];
  }
  ChiSquare result;
  double expected_bin = 0, observed_bin = 0;
  for (size_t k = 0; k < observed.size(); ++k) {
    expected_bin += weights[k] / weight_total * total;
    observed_bin += observed[k];
    const bool last = k + 1 == observed.size();
    if (expected_bin < min_expected && !last) continue;
    result.statistic +=
        (observed_bin - expected_bin) * (observed_bin - expected_bin) / expected_bin;
    ++result.bins;
    expected_bin = observed_bin = 0;
  }
  const int dof = result.bins - 1;
  result.quantile_999 = dof >= 1 && dof <= 30 ? kQuantile999[dof] : 0;
  return result;
}

}  // namespace puzzle
